"""The one shrinker of the conformance search: a failing dataset made small in few program runs.

:func:`rocpr_exact.testing.conform.search` (behind ``assert_conforms`` and ``rocpr-exact
fuzz``) stops hypothesis at the first wrong answer and hands the dataset here.  Hypothesis'
own shrinker, which works on its choice sequence, ran ``fuzz``'s program 248 times to shrink
the 12 seeded bugs of tests/testing/buggy.py (up to 55 for one), this one 92 (19 at most:
benchmarks/results/bench_fuzz_2026-12-02.txt), and a program run costs up to a second or more
under load.  It works on the dataset itself, in passes whose cost is bounded by its size:

1. **rows**: keep one half of the rows while it fails alone (delta debugging's first step,
   Zeller & Hildebrandt 2002), then one sweep: at each row delete 1, 2, 4, ... rows while
   the answer stays wrong (hypothesis' adaptive deletion), so a run of ``g`` removable rows
   costs about ``2 log2 g`` runs and a row that must stay one run: about ``k + 2 j log2(n/j)``
   runs for ``k`` rows kept of ``n`` in ``j`` runs;
2. **values**: the scores as their ranks ``0.0, 1.0, ...`` (ties and order kept; one run); if
   that hides the bug (a float32 collision, a rounding), the scores rounded to the fewest
   significant digits that keep it (a bisection over 1..17 digits: about 4 runs);
3. **levels**: fewer distinct scores: all tied, then each score level merged into the next
   lower one (one run per level);
4. the sweep again, repeated while a deletion followed a kept row (which it may have freed),
   so that no single row of the result can go (1-minimal); a candidate judged before costs
   no run, so a sweep over an unchanged dataset is free.

Every candidate is judged at most once (``judge`` remembers answers by the dataset, as the
search does), and no run starts after ``deadline``: then the smallest failing dataset so far is
returned, marked not fully shrunk.  This is a display module (the drawn doubles as given).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["Shrunk", "key", "shrink"]

T = TypeVar("T")
Rows = list[tuple[float, int]]
#: Significant digits that write every double exactly (repr never needs more).
ALL_DIGITS = 17


@dataclass(frozen=True, slots=True)
class Shrunk(Generic[T]):
    """The smallest failing dataset found, its verdict, whether every pass ended (``complete``)
    and how many datasets were judged (program runs) while shrinking."""

    scores: list[float]
    labels: list[int]
    verdict: T
    complete: bool
    runs: int


class _Late(Exception):
    """The deadline passed: keep the best so far."""


def key(scores: list[float], labels: list[int]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """A dataset as a dictionary key (``repr``: -0.0 is not 0.0; a float32 view differs)."""
    return tuple(map(repr, scores)), tuple(labels)


def shrink(
    scores: list[float],
    labels: list[int],
    verdict: T,
    judge: Callable[[list[float], list[int]], T | None],
    *,
    deadline: float | None = None,
) -> Shrunk[T]:
    """Shrink a dataset on which ``judge`` returns a verdict (not None) to a small one.

    ``verdict`` is the judgement of (scores, labels); ``judge`` is called at most once per
    distinct candidate, never after ``deadline`` (a ``time.monotonic()`` value).

    >>> wrong = lambda s, y: "wrong" if sum(y) >= 2 else None  # wrong with two positives
    >>> found = shrink([0.3, 0.9, 0.1, 0.7, 0.2], [1, 0, 1, 0, 1], "wrong", wrong)
    >>> found.scores, found.labels, found.complete
    ([0.0, 0.0], [1, 1], True)

    Complexity: O(k log n) judged datasets for k rows kept of n, plus one per score level and
    about 4 for the digits; each judged dataset costs O(n) here besides the judge.
    """
    state = _State(judge, deadline, list(zip(scores, labels, strict=True)), verdict)
    try:
        state.halves()
        state.sweep()
        state.values()
        state.levels()
        while state.sweep():  # to a fixed point: then no single row can go
            pass
    except _Late:
        complete = False
    else:
        complete = True
    best_scores, best_labels = [s for s, _ in state.best], [y for _, y in state.best]
    return Shrunk(best_scores, best_labels, state.verdict, complete, state.runs)


class _State(Generic[T]):
    def __init__(
        self, judge: Callable[[list[float], list[int]], T | None], deadline: float | None,
        rows: Rows, verdict: T,
    ) -> None:  # fmt: skip
        self.judge, self.deadline, self.best, self.verdict = judge, deadline, rows, verdict
        start = key([s for s, _ in rows], [y for _, y in rows])
        self.seen: dict[tuple[tuple[str, ...], tuple[int, ...]], T | None] = {start: verdict}
        self.runs = 0

    def fails(self, rows: Rows) -> bool:
        """Whether ``rows`` fails (judged once); a failing one becomes the best."""
        scores, labels = [s for s, _ in rows], [y for _, y in rows]
        k = key(scores, labels)
        if k not in self.seen:
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise _Late
            self.runs += 1
            self.seen[k] = self.judge(scores, labels)
        verdict = self.seen[k]
        if verdict is None:
            return False
        self.best, self.verdict = rows, verdict
        return True

    def halves(self) -> None:
        """Keep one half of the rows while it fails alone."""
        while len(self.best) >= 2:
            half = len(self.best) // 2
            if not (self.fails(self.best[half:]) or self.fails(self.best[:half])):
                return

    def sweep(self) -> bool:
        """At each row delete 1, 2, 4, ... rows while the failure stays (when the longest try
        fails, again from one row; a row that cannot go is kept).  Whether a row was deleted
        after one was kept (which may have freed the kept one: sweep again)."""
        index, freed = 0, False
        while index < len(self.best):
            size = 1
            while self._drop(index, size):
                size *= 2
                freed = freed or index > 0
            if size == 1:
                index += 1
        return freed

    def _drop(self, index: int, size: int) -> bool:
        """Whether the best without ``size`` rows from ``index`` fails (then it is the best)."""
        if index >= len(self.best):
            return False
        rows = self.best[:index] + self.best[index + size :]
        return bool(rows) and self.fails(rows)

    def values(self) -> None:
        """The scores as ranks; else rounded to the fewest significant digits that fail."""
        levels = sorted({s for s, _ in self.best})
        rank = {v: float(i) for i, v in enumerate(levels)}
        if self.fails([(rank[s], y) for s, y in self.best]):
            return
        low, high, rows = 1, ALL_DIGITS, self.best  # 17 digits: the scores themselves
        while low < high:
            middle = (low + high) // 2
            rounded = [(float(f"{s:.{middle - 1}e}"), y) for s, y in rows]
            if self.fails(rounded):
                high = middle
            else:
                low = middle + 1

    def levels(self) -> None:
        """Fewer distinct scores: every score the lowest, else each level merged downwards."""
        lowest = min(s for s, _ in self.best)
        if len({s for s, _ in self.best}) > 1 and self.fails([(lowest, y) for _, y in self.best]):
            return
        index = 1
        while index < len(levels := sorted({s for s, _ in self.best})):
            merged = {levels[index]: levels[index - 1]}
            if not self.fails([(merged.get(s, s), y) for s, y in self.best]):
                index += 1
