"""Progress on long work, shown on standard error only when a person is watching.

A :class:`Progress` shows one line per stage (``reading``, with the bytes read of the file's
size; ``sorting``, ``summing``, ``certifying``; ``drawing`` and ``writing`` for a figure) on
standard error, drawn by ``tqdm``, when it is enabled and standard error is a terminal.
Otherwise every call is a no-op:
nothing is written when standard error is a pipe or a file, and nothing ever
goes to standard output, which belongs to the report.  ``tqdm`` is an optional
extra (``pip install '.[progress]'`` in the source tree); without it progress is silently
off, since progress is a courtesy and never part of a result.

>>> import io
>>> with Progress(enabled=True, stream=io.StringIO()) as progress:   # not a terminal
...     with progress.stage("summing", total=3) as step:
...         for _ in range(3):
...             step.advance()
>>> progress.active
False
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import TracebackType
from typing import Any, TextIO

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.files import BYTES_READ

__all__ = ["STAGES", "Progress", "Stage"]

#: The stages of a report, in the order they run, and of a figure (reading, drawing, writing).
STAGES = ("reading", "sorting", "summing", "certifying", "drawing", "writing")


class Stage:
    """One stage's counter; :meth:`advance` moves it (a no-op when progress is off)."""

    __slots__ = ("_bar", "name")

    def __init__(self, name: str, bar: Any) -> None:
        self.name = name
        self._bar = bar

    def advance(self, steps: int = 1) -> None:
        """Count ``steps`` more units of work done."""
        if self._bar is not None:
            self._bar.update(steps)


class Progress:
    """Progress bars on ``stream`` (standard error) when ``enabled`` and it is a terminal.

    Use as a context manager around the whole job and :meth:`stage` around each
    stage.  ``active`` says whether anything will be drawn.
    """

    def __init__(self, enabled: bool = True, stream: TextIO | None = None) -> None:
        self.stream = sys.stderr if stream is None else stream
        self._tqdm = _tqdm() if enabled and _is_terminal(self.stream) else None
        self.active = self._tqdm is not None

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        return None

    @contextmanager
    def stage(
        self, name: str, total: int | None = None, unit: str = "it", file: str | None = None
    ) -> Iterator[Stage]:
        """A stage named one of :data:`STAGES`, with ``total`` units of work if known.

        ``file``: the stage reads that file; its bar counts the bytes read from the disk of
        the file's size (every read of :func:`rocpr_exact.io.files.open_input` in the stage).
        Its line disappears when the stage ends (the terminal keeps only results).
        """
        if name not in STAGES:
            raise InvalidInputError(f"unknown progress stage {name!r}; stages: {', '.join(STAGES)}")
        if self._tqdm is None:
            yield Stage(name, None)
            return
        size = _size(file)
        bar = self._tqdm(
            total=size if size is not None else total,
            desc=f"{name} {os.path.basename(file)}" if file and file != "-" else name,
            unit="B" if file else unit,
            unit_scale=bool(file),
            file=self.stream,
            leave=False,
            dynamic_ncols=True,
        )
        stage = Stage(name, bar)
        token = BYTES_READ.set(stage.advance) if file else None
        try:
            yield stage
        finally:
            if token is not None:
                BYTES_READ.reset(token)
            bar.close()


def _size(file: str | None) -> int | None:
    """The size of a regular file in bytes, else None (standard input, a pipe, a pattern)."""
    if not file or file == "-":
        return None
    try:
        return os.path.getsize(file) if os.path.isfile(file) else None
    except OSError:
        return None


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or closed
        return False


def _tqdm() -> Any:
    """The ``tqdm`` class, or None when the optional extra is not installed."""
    try:
        module = importlib.import_module("tqdm")  # untyped: imported by name
    except ImportError:
        return None
    return module.tqdm
