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

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import BinaryIO, Literal

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.consistency.aggregate import Aggregate, task_rankings
from rocpr_exact.consistency.aggregate_matrix import (
    MATRIX_WORK,
    class_column,
    column_auc,
    probability_matrix,
    ranking_levels,
)
from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.text import scaled_to_decimal
from rocpr_exact.io.files import write_atomically

__all__ = [
    "FREE",
    "MATRIX",
    "MATRIX_WORK",
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
        assert [column_auc(self.counts, k, c) for k, c in enumerate(self.columns)] == list(
            self.aucs
        )


def _places(witness: AggregateWitness) -> int:
    return len(str(witness.scale)) - 1


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
        matrix = probability_matrix(query, counts)
        if matrix is not None:
            witness = AggregateWitness("classes", MATRIX, query.weights, (), counts, *matrix)
        else:
            ranges = [(sum(counts[:j]), sum(counts[: j + 1])) for j in range(len(counts))]
            columns = tuple(
                tuple(class_column(counts, k, ranking_levels(r), ranges[:k] + ranges[k + 1 :]))
                for k, r in enumerate(rankings)
            )
            aucs = tuple(column_auc(counts, k, c) for k, c in enumerate(columns))
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
