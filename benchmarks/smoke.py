"""The benchmarks' smoke mode: ``ROCPR_SMOKE=1`` runs a benchmark's own code path at a tiny
size, so a test can run each command line the docs show, with its exact arguments, in seconds
(tests/docs/test_docs_shell.py).  A smoke run measures nothing worth keeping: its sizes
are capped here, in one place, and it never writes under ``benchmarks/results``.

A script run as ``python benchmarks/NAME.py`` imports it as ``smoke``; from the repository
root (``python -m tests.float_reference_census``) it is ``benchmarks.smoke``.
"""

from __future__ import annotations

import os
from typing import TypeVar

T = TypeVar("T")

#: The environment variable that turns the smoke mode on (the value ``1``).
VARIABLE = "ROCPR_SMOKE"


def active() -> bool:
    """Whether this run is a smoke run (``ROCPR_SMOKE=1``)."""
    return os.environ.get(VARIABLE) == "1"


def size(documented: int, tiny: int) -> int:
    """``documented`` (a size the command line asked for), or at most ``tiny`` in a smoke run;
    the run says so on its first line, so its output is never mistaken for a measurement."""
    if not active() or documented <= tiny:
        return documented
    print(f"smoke run ({VARIABLE}=1): {documented:,} -> {tiny:,}", flush=True)
    return tiny


def sizes(documented: list[int], tiny: int) -> list[int]:
    """Each of ``documented`` through :func:`size`, once each (10^6 and 10^7 both become
    ``tiny``: one pass, not two of the same)."""
    return list(dict.fromkeys(size(n, tiny) for n in documented))


def first(values: list[T]) -> list[T]:
    """``values``, or only the first in a smoke run (one cell of a grid runs the cell's code)."""
    return values[:1] if active() else values


def may_write(path: object) -> bool:
    """Whether to write ``path`` (a README, a results file): never in a smoke run, which says
    what it left alone."""
    if active():
        print(f"smoke run ({VARIABLE}=1): not writing {path}", flush=True)
    return not active()
