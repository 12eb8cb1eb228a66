"""The ``rocpr-exact`` command's entry point: a signal is one line from the first instant.

Importing the package takes a moment; a Ctrl-C (or SIGTERM, SIGHUP) in that moment would print
a Python traceback.  So, before any import of the package, each handled signal prints the one
line ``rocpr-exact: interrupted`` and exits 128 + its number; while a command runs,
:func:`rocpr_exact.cli.app.main` handles them itself (:mod:`rocpr_exact.cli.interrupts`), and
its handlers are put back to these when it returns.  Outside the package so that nothing heavy
is imported before the handlers are in place.
"""

from __future__ import annotations

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
    """Install the quiet handlers, import the command line, run it."""
    install_quiet_handlers()
    from rocpr_exact.cli import main as run

    return run()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
