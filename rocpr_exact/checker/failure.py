"""The checker's two ways to stop: :class:`Invalid` (the certificate is wrong, with the first
reason) and :class:`Unverified` (no check for a stage)."""

from __future__ import annotations

__all__ = ["Invalid", "Unverified"]


class Invalid(Exception):
    """The certificate does not prove what it says (the message is the first reason)."""


class Unverified(Exception):
    """A stage has no check here (the message names it)."""
