"""The ``rocpr-exact`` command's entry point: a signal is one line from the first instant.

Importing the package takes a moment; a Ctrl-C (or SIGTERM, SIGHUP) in that moment would print
a Python traceback.  So, before any import of the package, each handled signal prints the one
line ``rocpr-exact: interrupted`` and exits 128 + its number; while a command runs,
:func:`rocpr_exact.cli.app.main` handles them itself (:mod:`rocpr_exact.cli.interrupts`), and
its handlers are put back to these when it returns; then :func:`settle` flushes the output and
ignores the signals while Python shuts down.  Outside the package so that nothing heavy
is imported before the handlers are in place.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from types import FrameType


def _exit_at_once(number: int, frame: FrameType | None) -> None:
    os.write(2, b"rocpr-exact: interrupted\n")
    os._exit(128 + number)


def install_quiet_handlers() -> None:
    """Each handled signal prints the one line and exits (a signal ignored stays ignored)."""
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) is not signal.SIG_IGN:  # nohup: kept
            signal.signal(number, _exit_at_once)


def main() -> int:
    """Install the quiet handlers, import the command line, run it, then :func:`settle`."""
    install_quiet_handlers()
    from rocpr_exact.cli import main as run

    status = run()
    settle()
    return status


def settle() -> None:
    """The command is done: flush its output, then ignore the handled signals until the
    process ends.  Python's finalization resets their handlers to the default, so a signal in
    that moment would end the process silently, as killed by it (status -2 for SIGINT: seen in
    CI).  Ignored (the disposition is the process's, whichever thread a signal reaches; a
    thread's mask would not do, numpy's threads leave it unblocked), it changes nothing and the
    command's status stands."""
    for stream in (sys.stdout, sys.stderr):
        if stream is None:  # started with the descriptor closed (">&-"): nothing to flush
            continue
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: Python reports it
            stream.flush()
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, signal.SIG_IGN)
