"""Witness files of aggregated claims: one ranking per fold, or one score column per class.

A "possible" aggregate (:func:`~rocpr_exact.consistency.aggregate.decide_mean`) carries a g per
task; :func:`aggregate_witness` turns it into the examples a file holds, and
:func:`write_aggregate_witness` writes them atomically (``rocpr_exact.io.files``), as CSV:

* **folds**: ``fold,score,label``, fold numbered from 1 in the order of the tasks (of
  ``--fold-sizes``, or of ``--folds K``'s folds), the scores integers (higher = more positive),
  one row per example; each fold's rows are its ranking (:func:`task_rankings`), ties real ties.
* **classes**: ``label,score_1,...,score_K``, the label the class number from 1 in the order of
  the class counts, one row per example.  Column k ranks class k against the rest as the
  witness says (its one-vs-rest AUC is the witness's).  Under the *free per-class scores* model
  that is all a column must do; the columns are then integers (model ``"free per-class scores
  only"``).  The file is a *probability matrix* (model ``"probability matrix"``) when this
  cheap construction keeps the claim: for an anchor class c, the columns k != c take rankings
  whose AUC-ROC is nearest the interval's middle (distinct levels, ``ranking_with_auc``), their
  levels over 10^d with 10^d > K (n + 1)^2 (so each lies in (0, 1/K) and keeps its order), and
  column c is 1 - their sum (in (1/K, 1)), every row summing to one exactly.  The first other
  column also carries each example's index below its level unit (n + 1 units a level), so no two
  rows' sums tie: column c has no tie (as ``ties=False`` needs), and finer steps.  Column c's
  ranking is what the others make it: the anchor's examples start lowest among each other
  column's negatives (a high column c) and rise by single swaps, a bisection picking how many;
  every column's AUC-ROC is recomputed with the package's ``auc_roc`` and the matrix kept only
  when the weighted mean is in the printed interval (each class tried as the anchor).  The
  entries are decimals with d places, exactly (``Fraction("0.0123")`` and ``report`` read them
  exactly).  The construction works within :data:`MATRIX_WORK` (past it the file is free
  per-class scores, and says so).

The recipe that re-derives the printed numbers from a file is in docs/consistency.md
("Aggregated claims", witness files); ``tests/consistency/test_aggregate_witness.py`` runs it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import BinaryIO, Literal

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.consistency.aggregate import Aggregate, task_rankings
from rocpr_exact.consistency.witness import Group, ranking_with_auc
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.text import scaled_to_decimal
from rocpr_exact.io.files import write_atomically

__all__ = [
    "FREE",
    "MATRIX",
    "AggregateWitness",
    "Kind",
    "aggregate_witness",
    "write_aggregate_witness",
]

Kind = Literal["folds", "classes"]
#: The model of a class witness file: rows that are probabilities summing to one, or not.
MATRIX = "probability matrix"
FREE = "free per-class scores only"
#: Rows written per call of the stream's ``write``.
_BATCH = 4096


def _ranking_auc(groups: Sequence[Group]) -> Fraction:
    runs = tuple((len(groups) - i, a, b) for i, (a, b) in enumerate(groups))
    return auc_roc(Curve.from_groups(runs))


@dataclass(frozen=True, slots=True)
class AggregateWitness:
    """The examples of an aggregate's witness file (module notes) and what they give.

    ``kind`` "folds": ``rankings`` holds each fold's tie groups (positives, negatives), highest
    score first (score len(groups) - i).  ``kind`` "classes": ``counts`` the class sizes, and
    ``columns[k]`` every example's score in column k + 1 as an integer over ``scale`` (1, or
    10^d for a probability matrix), the examples class by class.  ``aucs``: each task's
    AUC-ROC recomputed from those examples with ``auc_roc``; ``value`` their weighted mean.
    """

    kind: Kind
    model: str
    weights: tuple[Fraction, ...]
    rankings: tuple[tuple[Group, ...], ...] = ()
    counts: tuple[int, ...] = ()
    columns: tuple[tuple[int, ...], ...] = ()
    scale: int = 1
    aucs: tuple[Fraction, ...] = ()

    @property
    def value(self) -> Fraction:
        """sum_i w_i AUC_i: the mean (folds), the macro or weighted average (classes)."""
        return sum((w * a for w, a in zip(self.weights, self.aucs, strict=True)), Fraction(0))

    @property
    def header(self) -> str:
        """The file's first line."""
        if self.kind == "folds":
            return "fold,score,label"
        return ",".join(["label", *(f"score_{k}" for k in range(1, len(self.counts) + 1))])

    def _cell(self, numerator: int) -> str:
        return str(numerator) if self.scale == 1 else scaled_to_decimal(numerator, _places(self))

    def lines(self) -> Iterator[str]:
        """The file's lines after the header, one example each."""
        if self.kind == "folds":
            for fold, groups in enumerate(self.rankings, start=1):
                for i, (a, b) in enumerate(groups):
                    score = len(groups) - i
                    yield from [f"{fold},{score},1"] * a
                    yield from [f"{fold},{score},0"] * b
            return
        labels = [k for k, count in enumerate(self.counts, start=1) for _ in range(count)]
        for label, *row in zip(labels, *self.columns, strict=True):
            yield ",".join([str(label), *map(self._cell, row)])

    def _check(self) -> None:
        """Every invariant: counts per task, rows of a matrix summing to one, AUCs recomputed."""
        if self.kind == "folds":
            assert [_ranking_auc(g) for g in self.rankings] == list(self.aucs)
            return
        n = sum(self.counts)
        assert all(len(column) == n for column in self.columns)
        if self.model == MATRIX:
            rows = zip(*self.columns, strict=True)
            assert all(sum(row) == self.scale and min(row) > 0 for row in rows)
        assert [_column_auc(self.counts, k, c) for k, c in enumerate(self.columns)] == list(
            self.aucs
        )


def _places(witness: AggregateWitness) -> int:
    return len(str(witness.scale)) - 1


def _column_auc(counts: Sequence[int], k: int, column: Sequence[int]) -> Fraction:
    """Class k's one-vs-rest AUC-ROC of a column (examples class by class), with ``auc_roc`` on
    the column's tie groups (counted by ``Counter``: O(n + v log v), v distinct values)."""
    start, stop = sum(counts[:k]), sum(counts[: k + 1])
    pos = Counter(column[start:stop])
    neg = Counter(column[:start])
    neg.update(column[stop:])
    runs = [(v, pos[v], neg[v]) for v in sorted(pos.keys() | neg.keys(), reverse=True)]
    return auc_roc(Curve.from_groups(runs))


def _levels(groups: Sequence[Group]) -> tuple[list[int], list[int]]:
    """The levels (len(groups) .. 1) of a ranking's positive slots and negative slots, top down."""
    pos: list[int] = []
    neg: list[int] = []
    for i, (a, b) in enumerate(groups):
        pos += [len(groups) - i] * a
        neg += [len(groups) - i] * b
    return pos, neg


Ranges = list[tuple[int, int]]


Levels = tuple[list[int], list[int]]


def _column(counts: Sequence[int], k: int, levels: Levels, order: Ranges) -> list[int]:
    """Column k's level per example: class k in its positive slots, the examples of the
    ``order`` ranges (every other class's, each once) in its negative slots, top down
    (``levels``: a ranking's :func:`_levels`)."""
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
                self.levels[k, u] = _levels(ranking_with_auc(p, n, 2 * u))
            order = _slid(self.others[k], self.range, raised)
            column = _column(self.counts, k, self.levels[k, u], order)
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
        auc = _column_auc(self.counts, self.anchor, columns[self.anchor])
        return columns, value + self.query.weights[self.anchor] * auc

    def find(self) -> AggregateWitness | None:
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
                if value in interval:
                    return self._certified(columns)
        return None

    def _certified(self, columns: list[list[int]]) -> AggregateWitness | None:
        aucs = tuple(_column_auc(self.counts, k, c) for k, c in enumerate(columns))
        anchor = columns[self.anchor]
        witness = AggregateWitness(
            "classes", MATRIX, self.query.weights, (), self.counts,
            tuple(tuple(c) for c in columns), self.scale, aucs,
        )  # fmt: skip
        tied = not self.query.ties and len(set(anchor)) < len(anchor)
        return witness if witness.value in self.query.interval and not tied else None


def _matrix(query: Aggregate, counts: Sequence[int]) -> AggregateWitness | None:
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


def aggregate_witness(query: Aggregate, g: Sequence[int], kind: Kind) -> AggregateWitness:
    """The witness file's examples for the g per task of a "possible" ``query`` (module notes).

    ``kind`` "folds": one ranking per task; "classes": the tasks are one-vs-rest (n_k, n - n_k)
    of class counts, and the file is a probability matrix when the construction keeps the
    claim, else free per-class scores.  Every AUC-ROC is recomputed from the examples;
    ``InvalidInputError`` when g does not print the claim.  O(K^2 n) integer operations for
    classes (K anchors, twice, K columns of n examples), O(n) for folds.

    >>> from rocpr_exact.consistency.reported import reported_interval
    >>> q = Aggregate(((1, 1), (1, 2)), (Fraction(1, 2),) * 2, reported_interval("0.75"), True)
    >>> w = aggregate_witness(q, (2, 2), "folds")
    >>> w.header, list(w.lines())
    ('fold,score,label', ['1,2,1', '1,1,0', '2,3,0', '2,2,1', '2,1,0'])
    >>> w.aucs, w.value
    ((Fraction(1, 1), Fraction(1, 2)), Fraction(3, 4))
    """
    rankings = tuple(tuple(groups) for groups in task_rankings(query, g))
    witness: AggregateWitness | None
    if kind == "folds":
        witness = AggregateWitness(
            "folds", "folds", query.weights, rankings, aucs=tuple(map(_ranking_auc, rankings))
        )
    elif kind == "classes":
        counts = tuple(p for p, _ in query.tasks)
        if any(p + n != sum(counts) for p, n in query.tasks):
            raise InvalidInputError("class tasks are one-vs-rest (n_k, n - n_k) of one n")
        witness = _matrix(query, counts)
        if witness is None:
            ranges = [(sum(counts[:j]), sum(counts[: j + 1])) for j in range(len(counts))]
            columns = tuple(
                tuple(_column(counts, k, _levels(r), ranges[:k] + ranges[k + 1 :]))
                for k, r in enumerate(rankings)
            )
            aucs = tuple(_column_auc(counts, k, c) for k, c in enumerate(columns))
            witness = AggregateWitness("classes", FREE, query.weights, (), counts, columns, 1, aucs)
    else:
        raise InvalidInputError(f"kind must be 'folds' or 'classes', got {kind!r}")
    if witness.value not in query.interval:
        raise InvalidInputError("g does not give a mean in the query's interval: no witness")
    return witness


def write_aggregate_witness(
    path: str | Path, query: Aggregate, g: Sequence[int], kind: Kind
) -> AggregateWitness:
    """Write the witness file of ``query``'s g per task (:func:`aggregate_witness`) to
    ``path`` atomically (``-``: standard output); returns what it wrote (its ``model``, the
    AUCs recomputed from it)."""
    witness = aggregate_witness(query, g, kind)

    def write(stream: BinaryIO) -> None:
        stream.write((witness.header + "\n").encode("ascii"))
        batch: list[str] = []
        for line in witness.lines():
            batch.append(line)
            if len(batch) == _BATCH:
                stream.write(("\n".join(batch) + "\n").encode("ascii"))
                batch.clear()
        if batch:
            stream.write(("\n".join(batch) + "\n").encode("ascii"))

    write_atomically(path, write)
    return witness
