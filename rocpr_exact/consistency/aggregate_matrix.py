"""Probability-matrix witnesses of one-vs-rest averages: each row's class scores sum to one.

:func:`probability_matrix` is the construction that
:mod:`~rocpr_exact.consistency.aggregate_witness` tries before free per-class scores (its
module notes say how: an anchor class's column is 1 minus the others', slid by a bisection).
The columns are integers over a power of ten (``scale``), so every entry is an exact decimal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.consistency.aggregate import Aggregate
from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.witness import ranking_with_auc
from rocpr_exact.core.curve import Curve

__all__ = [
    "MATRIX_WORK",
    "Matrix",
    "class_column",
    "column_auc",
    "probability_matrix",
    "ranking_levels",
]

#: A matrix: its columns (integers over ``scale``, examples class by class), the scale, and
#: each column's one-vs-rest AUC-ROC recomputed from it.
Matrix = tuple[tuple[tuple[int, ...], ...], int, tuple[Fraction, ...]]


def column_auc(counts: Sequence[int], k: int, column: Sequence[int]) -> Fraction:
    """Class k's one-vs-rest AUC-ROC of a column (examples class by class), with ``auc_roc`` on
    the column's tie groups (counted by ``Counter``: O(n + v log v), v distinct values)."""
    start, stop = sum(counts[:k]), sum(counts[: k + 1])
    pos = Counter(column[start:stop])
    neg = Counter(column[:start])
    neg.update(column[stop:])
    runs = [(v, pos[v], neg[v]) for v in sorted(pos.keys() | neg.keys(), reverse=True)]
    return auc_roc(Curve.from_groups(runs))


def ranking_levels(groups: Sequence[Group]) -> tuple[list[int], list[int]]:
    """The levels (len(groups) .. 1) of a ranking's positive slots and negative slots, top down."""
    pos: list[int] = []
    neg: list[int] = []
    for i, (a, b) in enumerate(groups):
        pos += [len(groups) - i] * a
        neg += [len(groups) - i] * b
    return pos, neg


Ranges = list[tuple[int, int]]


Levels = tuple[list[int], list[int]]


def class_column(counts: Sequence[int], k: int, levels: Levels, order: Ranges) -> list[int]:
    """Column k's level per example: class k in its positive slots, the examples of the
    ``order`` ranges (every other class's, each once) in its negative slots, top down
    (``levels``: a ranking's :func:`ranking_levels`)."""
    start = sum(counts[:k])
    pos, neg = levels
    column = [0] * sum(counts)
    column[start : start + counts[k]] = pos
    at = 0
    for low, high in order:  # whole ranges at a time: slices, not one example a step
        column[low:high] = neg[at : at + high - low]
        at += high - low
    return column


def _pieces(ranges: Ranges, low: int, high: int) -> Ranges:
    """The positions low..high-1 of the examples the ``ranges`` list one after another."""
    out: Ranges = []
    at = 0
    for first, last in ranges:
        a, b = max(low, at), min(high, at + last - first)
        if a < b:
            out.append((first + a - at, first + b - at))
        at += last - first
    return out


def _slid(others: Ranges, anchor: tuple[int, int], raised: int) -> Ranges:
    """The negatives top down: the ``others``, then the ``anchor`` class's examples, raised by
    ``raised`` single swaps (each moves one anchor example above the other example just above
    it; the anchor's examples from the first, a whole slot at a time)."""
    size = sum(b - a for a, b in others)
    whole, extra = divmod(raised, anchor[1] - anchor[0])
    cut = size - whole
    split = anchor[0] + extra
    if extra == 0:
        return [*_pieces(others, 0, cut), anchor, *_pieces(others, cut, size)]
    return [
        *_pieces(others, 0, cut - 1),
        (anchor[0], split),
        *_pieces(others, cut - 1, cut),
        (split, anchor[1]),
        *_pieces(others, cut, size),
    ]


#: The matrix construction's budget in example-operations (one an example of one column
#: built): a few seconds.  It is not tried when one anchor's bisection could pass it
#: (K n (2 bits(n) + 2) operations: with 3 classes, n past 92,592), and stops when the anchors
#: tried pass it; the file is then free per-class scores.
MATRIX_WORK = 10_000_000


class _Matrix:
    """The probability matrices of one anchor class (module notes): the columns k != anchor
    from rankings with AUC-ROC near the interval's middle (distinct levels), the anchor's
    examples slid up through their negatives by a number of swaps that a bisection picks.
    The first other column also carries each example's index below its level unit (its order
    kept; every row's sum distinct, so column c has no tie, and finer steps)."""

    def __init__(self, query: Aggregate, counts: Sequence[int], anchor: int, work: list[int]):
        self.query, self.counts, self.anchor, self.work = query, tuple(counts), anchor, work
        middle = (max(query.interval.low, Fraction(0)) + min(query.interval.high, Fraction(1))) / 2
        self.u: dict[int, int] = {}  # U of each column k != anchor, nearest the middle
        for k in range(len(counts)):
            if k != anchor:
                p, n = query.tasks[k]
                self.u[k] = round(middle * p * n)
        total = sum(counts)
        self.unit = total + 1  # a level's unit (room for the index)
        self.scale = 10
        while self.scale <= len(counts) * (total + 1) * self.unit:
            self.scale *= 10
        starts = [sum(counts[:j]) for j in range(len(counts))]
        ranges = [(s, s + c) for s, c in zip(starts, counts, strict=True)]
        self.range = ranges[anchor]
        self.others = {k: [r for j, r in enumerate(ranges) if j not in (k, anchor)] for k in self.u}
        self.most = min(total - counts[k] - counts[anchor] for k in self.u) * counts[anchor]
        self.cache: dict[tuple[int, int, int], list[int]] = {}
        self.levels: dict[tuple[int, int], Levels] = {}

    def _built(self, k: int, raised: int, u: int) -> list[int]:
        key = (k, raised, u)
        if key not in self.cache:
            if len(self.cache) > 2 * len(self.counts):
                self.cache.clear()
            if (k, u) not in self.levels:
                p, n = self.query.tasks[k]
                self.levels[k, u] = ranking_levels(ranking_with_auc(p, n, 2 * u))
            order = _slid(self.others[k], self.range, raised)
            column = class_column(self.counts, k, self.levels[k, u], order)
            if k == min(self.u):  # each example's index below the level unit: no tied sums
                column = [x * self.unit + e for e, x in enumerate(column)]
            else:
                column = [x * self.unit for x in column]
            self.work[0] += len(column)
            self.cache[key] = column
        return self.cache[key]

    def _columns(self, raised: int, moved: int, by: int) -> tuple[list[list[int]], Fraction]:
        """The columns (numerators over the scale) and the weighted mean of their AUC-ROC: the
        other columns' from their U (their rankings' AUC), the anchor's recomputed."""
        columns: list[list[int]] = [[] for _ in self.counts]
        value = Fraction(0)
        for k, u in self.u.items():
            p, n = self.query.tasks[k]
            u = min(max(u + (by if k == moved else 0), 0), p * n)
            columns[k] = self._built(k, raised, u)
            value += self.query.weights[k] * Fraction(u, p * n)
        rest = [columns[k] for k in self.u]
        columns[self.anchor] = [self.scale - sum(row) for row in zip(*rest, strict=True)]
        self.work[0] += len(columns[self.anchor])
        auc = column_auc(self.counts, self.anchor, columns[self.anchor])
        return columns, value + self.query.weights[self.anchor] * auc

    def find(self) -> Matrix | None:
        """Bisect the swaps (the anchor's AUC-ROC falls, roughly, as its examples rise) for the
        last matrix whose mean is at least the interval's low end; it or a neighbour (one other
        column's U moved by up to 3: a finer step) kept when its mean is in the interval, every
        column's AUC-ROC recomputed.  O(K n log(n^2)) operations, within ``MATRIX_WORK``."""
        interval = self.query.interval

        def high_enough(raised: int) -> bool:
            value = self._columns(raised, -1, 0)[1]
            return value >= interval.low if interval.low_closed else value > interval.low

        low, high = 0, self.most
        if not high_enough(low):
            return None
        while low < high:  # invariant: high_enough(low)
            if self.work[0] > MATRIX_WORK:
                return None
            mid = (low + high + 1) // 2
            if high_enough(mid):
                low = mid
            else:
                high = mid - 1
        moves = [(-1, 0)] + [(k, by) for by in (1, -1, 2, -2, 3, -3) for k in self.u]
        for moved, by in moves:
            for raised in (low, low + 1):
                if raised > self.most or self.work[0] > MATRIX_WORK:
                    continue
                columns, value = self._columns(raised, moved, by)
                found = self._certified(columns) if value in interval else None
                if found is not None:
                    return found
        return None

    def _certified(self, columns: list[list[int]]) -> Matrix | None:
        """The matrix when every column's AUC-ROC, recomputed, gives a mean in the interval."""
        aucs = tuple(column_auc(self.counts, k, c) for k, c in enumerate(columns))
        value = sum((w * a for w, a in zip(self.query.weights, aucs, strict=True)), Fraction(0))
        anchor = columns[self.anchor]
        tied = not self.query.ties and len(set(anchor)) < len(anchor)
        if value not in self.query.interval or tied:
            return None
        return tuple(tuple(c) for c in columns), self.scale, aucs


def probability_matrix(query: Aggregate, counts: Sequence[int]) -> Matrix | None:
    """The first probability matrix found, the anchor class tried in order (module notes)."""
    n = sum(counts)
    if len(counts) * n * (2 * n.bit_length() + 2) > MATRIX_WORK:
        return None
    work = [0]
    for anchor in range(len(counts)):
        found = _Matrix(query, counts, anchor, work).find()
        if found is not None or work[0] > MATRIX_WORK:
            return found
    return None
