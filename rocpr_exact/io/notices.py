"""Notices: one line for the person running a command, never part of a result.

The readers say here when a file takes a slower path than it could (the vectorised CSV reader
hands a file to the row reader, :mod:`rocpr_exact.io.fastcsv`), with the file, the line and the
value that forced it.  A library call says nothing (no listener); the command line listens
while it runs (:func:`listening`) and prints each notice as one line on standard error,
``rocpr-exact: note: ...``.

>>> heard = []
>>> with listening(heard.append):
...     notice("d.csv: line 3: score '1/3' is a fraction")
>>> notice("nobody listens")
>>> heard
["d.csv: line 3: score '1/3' is a fraction"]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["listening", "notice"]

_LISTENER: ContextVar[Callable[[str], None] | None] = ContextVar("rocpr_notice", default=None)


def notice(text: str) -> None:
    """Tell ``text`` (one line) to the listener, if any."""
    listener = _LISTENER.get()
    if listener is not None:
        listener(text)


@contextmanager
def listening(listener: Callable[[str], None]) -> Iterator[None]:
    """Send every :func:`notice` made inside the block to ``listener``."""
    token = _LISTENER.set(listener)
    try:
        yield
    finally:
        _LISTENER.reset(token)
