"""The text answer of ``rocpr-exact consistent``, and its progress line on a terminal.

A witness is shown as each reported number beside the witness's exact value
(``average_precision 0.62 -> 8/13 (0.615385)``), its runs (score: positives +
negatives, highest score first) and the points (TP, FP) of its curve; the
whole witness goes to a file with ``--witness FILE``.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Mapping
from types import TracebackType
from typing import BinaryIO, TextIO

from rocpr_exact.consistency.witness import Witness, show_value
from rocpr_exact.io.files import write_atomically

__all__ = ["Ticker", "block_lines", "witness_lines", "witness_runs", "write_witness"]

#: Runs and curve points shown in the text answer before "...".
SHOWN = 12


def witness_runs(witness: Witness) -> list[tuple[int, int, int]]:
    """(score, positives, negatives) of each run of equal scores, highest first.

    >>> witness_runs(Witness(((3, 1, 0), (2, 1, 1), (1, 0, 1)), None, ()))
    [(3, 1, 0), (2, 1, 1), (1, 0, 1)]
    """
    return list(witness.runs)


def _blocks(runs: list[tuple[int, int, int]]) -> list[tuple[int, int, int, int]]:
    """Runs of one class next to each other merged: (highest score, lowest score, pos, neg)."""
    blocks: list[tuple[int, int, int, int]] = []
    for score, a, b in runs:
        if blocks and a * b == 0:
            high, _, a0, b0 = blocks[-1]
            if a0 * b0 == 0 and (a0 == 0) == (a == 0):
                blocks[-1] = (high, score, a0 + a, b0 + b)
                continue
        blocks.append((score, score, a, b))
    return blocks


def _listed(items: list[str]) -> str:
    more = f" ... ({len(items) - SHOWN:,} more)" if len(items) > SHOWN else ""
    return " ".join(items[:SHOWN]) + more


def block_lines(blocks: list[tuple[int, int, int, int]], distinct: int) -> list[str]:
    """A witness's blocks (highest score, lowest score, positives, negatives) and its curve's
    points at their ends, for a person to read (``distinct`` scores in all)."""
    p, n = sum(a for _, _, a, _ in blocks), sum(b for _, _, _, b in blocks)
    shown = [
        f"{high}:{a}+{b}" if high == low else f"{high}..{low}:{a}+{b}" for high, low, a, b in blocks
    ]
    points, tp, fp = ["(0,0)"], 0, 0
    for _, _, a, b in blocks:
        tp, fp = tp + a, fp + b
        points.append(f"({tp},{fp})")
    return [
        f"  witness: {p:,} positives, {n:,} negatives, {distinct:,} distinct scores; "
        "scores:positives+negatives, highest first: " + _listed(shown),
        "  its curve (TP,FP) at the ends of those blocks: " + _listed(points),
    ]


def witness_lines(witness: Witness, reported: Mapping[str, str], file: str | None) -> list[str]:
    """The witness of a "possible" answer, for a person to read."""
    lines = ["  reported -> witness (exact):"] if witness.values else []
    for name, value in witness.values:
        lines.append(f"    {name} {reported[name]} -> {show_value(value)}")
    runs = witness_runs(witness)
    lines += block_lines(_blocks(runs), len(runs))
    if witness.threshold is not None:
        lines.append(f"  operating point: positive iff score >= {witness.threshold}")
    if file is None:
        lines.append("  (--witness FILE writes every example as CSV score,label)")
    else:
        lines.append(f"  every example written to {file} (CSV score,label)")
    return lines


def write_witness(path: str, witness: Witness) -> None:
    """The witness as CSV ``score,label`` (readable by ``report``), written atomically."""

    def write(stream: BinaryIO) -> None:
        stream.write(b"score,label\n")
        for score, a, b in witness.runs:  # run by run: never the whole list in memory
            stream.write(f"{score},1\n".encode("ascii") * a + f"{score},0\n".encode("ascii") * b)

    write_atomically(path, write)


class Ticker:
    """Elapsed time on standard error, from the first second on, only when it is a terminal.

    Nothing is written when ``enabled`` is false, when the stream is not a
    terminal (piped, redirected) or when the work ends within a second; the
    line is erased when the work ends.
    """

    def __init__(self, enabled: bool = True, stream: TextIO | None = None, after: int = 1) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.after = after  # seconds of quiet before the first line
        try:
            terminal = self.stream.isatty()
        except (AttributeError, ValueError):
            terminal = False
        self.active = enabled and terminal
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        self._shown = False

    def _run(self) -> None:
        start = time.monotonic()
        if self._done.wait(self.after):
            return
        while not self._done.is_set():
            elapsed = int(time.monotonic() - start)
            self.stream.write(f"\r  consistent: deciding ... {elapsed} s")
            self.stream.flush()
            self._shown = True
            self._done.wait(1)

    def __enter__(self) -> Ticker:
        if self.active:
            self._thread = threading.Thread(target=self._run, daemon=True)
            self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._done.set()
        if self._thread is not None:
            self._thread.join()
            if self._shown:
                self.stream.write("\r\033[K")
                self.stream.flush()
