"""Signals the command line handles: SIGINT, SIGTERM and SIGHUP end it cleanly, in one line.

While a command runs (:func:`handled`), SIGINT raises ``KeyboardInterrupt`` (Python's own
handler) and SIGTERM or SIGHUP raise :class:`Terminated`; either unwinds the stack, so every
``finally`` runs and :func:`rocpr_exact.io.files.write_atomically` removes its temporary
file.  :func:`rocpr_exact.cli.app.main` then prints one line and exits 128 + the signal's
number (130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP).  A signal the process was started
ignoring (``nohup`` ignores SIGHUP) stays ignored.

Before the command runs (Python importing the package) and after it ends, the launcher
``rocpr_exact_cli`` installs handlers that print the same line and exit at once (and, once its
output is flushed, ignores the signals while Python shuts down): nothing is
being written then, and a Python traceback is never shown.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from types import FrameType
from typing import Any

__all__ = ["HANDLED", "Terminated", "handled"]

#: The signals the command line ends on cleanly (those the platform has).
HANDLED: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class Terminated(BaseException):  # like KeyboardInterrupt: not an Exception
    """SIGTERM or SIGHUP arrived while a command ran; ``signal`` is its number."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.signal = number


def _raise(number: int, frame: FrameType | None) -> None:
    raise Terminated(number)


@contextlib.contextmanager
def handled() -> Iterator[None]:
    """Within the block, the handled signals raise (so cleanups run); restored after."""
    previous: dict[int, Any] = {}
    try:
        for number in HANDLED:
            if signal.getsignal(number) is signal.SIG_IGN:  # ignored (nohup, a background job)
                continue
            raising = signal.default_int_handler if number == signal.SIGINT else _raise
            previous[number] = signal.signal(number, raising)
    except ValueError:  # not the main thread (a test calling main): leave the handlers alone
        previous.clear()
    try:
        yield
    finally:
        for restored, handler in previous.items():
            signal.signal(restored, handler)
