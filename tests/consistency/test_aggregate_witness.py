"""Witness files of aggregated claims (issue 41): written, read back, every value re-derived.

Each file is read back here two ways: by a pairwise Mann-Whitney count written in this file
(2 per positive above a negative, 1 per tie: independent of ``auc_roc``), and by the recipe of
docs/consistency.md ("Aggregated claims"), executed from the docs page itself.
"""

from __future__ import annotations

import csv
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rocpr_exact.consistency.aggregate import Aggregate, class_tasks, decide_mean
from rocpr_exact.consistency.aggregate_matrix import probability_matrix
from rocpr_exact.consistency.aggregate_sd import Spread, decide_spread, variance
from rocpr_exact.consistency.aggregate_witness import (
    FREE,
    MATRIX,
    MATRIX_WORK,
    aggregate_witness,
    write_aggregate_witness,
)
from rocpr_exact.consistency.reported import reported_interval
from rocpr_exact.errors import InvalidInputError

DOCS = Path(__file__).resolve().parents[2] / "docs" / "consistency.md"


def _recipe() -> dict[str, Any]:
    text = DOCS.read_text(encoding="utf-8")
    block = re.search(r"<!-- recipe: aggregate witness -->\n```python\n(.*?)```", text, re.S)
    assert block is not None, "the recipe is in docs/consistency.md"
    names: dict[str, Any] = {}
    exec(compile(block.group(1), str(DOCS), "exec"), names)  # our own docs page
    return names


RECIPE = _recipe()


def _pairs(scores: list[Fraction], labels: list[int]) -> Fraction:
    """AUC-ROC by counting every (positive, negative) pair."""
    pos = [s for s, y in zip(scores, labels, strict=True) if y == 1]
    neg = [s for s, y in zip(scores, labels, strict=True) if y == 0]
    two_u = sum(2 if a > b else 1 if a == b else 0 for a in pos for b in neg)
    return Fraction(two_u, 2 * len(pos) * len(neg))


def _rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


FOLDS = [((1, 1), (1, 2)), ((2, 3), (3, 2), (1, 4)), ((4, 6),) * 5]


@pytest.mark.parametrize("ties", [True, False])
@pytest.mark.parametrize("tasks", FOLDS)
@pytest.mark.parametrize("text", ["0.1", "0.5", "0.73", "0.9"])
def test_a_fold_file_gives_back_each_fold_and_the_mean(tmp_path, tasks, text, ties) -> None:  # type: ignore[no-untyped-def]
    weights = tuple(Fraction(1, len(tasks)) for _ in tasks)
    query = Aggregate(tasks, weights, reported_interval(text), ties)
    outcome = decide_mean(query)
    if outcome.witness is None:  # e.g. 0.73 without ties on two tiny folds
        assert outcome.verdict == "impossible"
        return
    path = tmp_path / "folds.csv"
    written = write_aggregate_witness(path, query, outcome.witness.witness, "folds")
    written._check()
    rows = _rows(path)
    assert list(rows[0]) == ["fold", "score", "label"] and written.model == "folds"
    for k, (p, n) in enumerate(tasks, start=1):
        mine = [r for r in rows if r["fold"] == str(k)]
        labels = [int(r["label"]) for r in mine]
        assert (sum(labels), len(labels) - sum(labels)) == (p, n)
        scores = [Fraction(r["score"]) for r in mine]
        assert _pairs(scores, labels) == query.mean_of(k - 1, outcome.witness.witness)
        if not ties:  # no tie at all in a fold
            assert len(set(scores)) == len(scores)
    aucs, mean, _, _ = RECIPE["fold_aucs"](str(path))
    assert aucs == list(written.aucs) and mean == written.value and mean in query.interval


def test_a_fold_file_gives_back_the_sd(tmp_path) -> None:  # type: ignore[no-untyped-def]
    tasks = ((4, 6),) * 5
    query = Aggregate(tasks, (Fraction(1, 5),) * 5, reported_interval("0.84"), True)
    outcome = decide_spread(Spread(query, reported_interval("0.05"), (1,)))
    assert outcome.witness is not None
    path = tmp_path / "folds.csv"
    written = write_aggregate_witness(path, query, outcome.witness.witness, "folds")
    aucs, mean, sample, _ = RECIPE["fold_aucs"](str(path))
    assert aucs == list(written.aucs) and sample == variance(aucs, 1)
    sd = reported_interval("0.05")  # sqrt(sample) prints as 0.05: compared as squares
    assert sd.low**2 <= sample < sd.high**2 and mean in reported_interval("0.84")


CLASSES = [(1, 2, 3), (3, 4, 5), (10, 20, 30), (2, 7, 3, 9, 4)]


@pytest.mark.parametrize("ties", [True, False])
@pytest.mark.parametrize("counts", CLASSES)
@pytest.mark.parametrize("weighted", [False, True])
@pytest.mark.parametrize("text", ["0.3", "0.62", "0.873"])
def test_a_class_file_gives_back_each_class_and_the_average(  # type: ignore[no-untyped-def]
    tmp_path, counts, weighted, text, ties
) -> None:
    tasks, weights = class_tasks(counts, weighted)
    query = Aggregate(tasks, weights, reported_interval(text), ties)
    outcome = decide_mean(query)
    if outcome.witness is None:
        assert outcome.verdict == "impossible"
        return
    path = tmp_path / "classes.csv"
    written = write_aggregate_witness(path, query, outcome.witness.witness, "classes")
    written._check()
    rows = _rows(path)
    header = ["label", *(f"score_{k}" for k in range(1, len(counts) + 1))]
    assert list(rows[0]) == header
    assert [sum(r["label"] == str(k) for r in rows) for k in range(1, len(counts) + 1)] == list(
        counts
    )
    for k in range(1, len(counts) + 1):
        scores = [Fraction(r[f"score_{k}"]) for r in rows]
        labels = [int(r["label"] == str(k)) for r in rows]
        assert _pairs(scores, labels) == written.aucs[k - 1]
        if written.model == FREE:  # each column is the decided witness's ranking
            assert written.aucs[k - 1] == query.mean_of(k - 1, outcome.witness.witness)
    aucs, macro, weighted_value, sums_to_one = RECIPE["class_aucs"](str(path))
    assert aucs == list(written.aucs)
    assert (weighted_value if weighted else macro) == written.value
    assert written.value in query.interval
    assert sums_to_one == (written.model == MATRIX)
    if written.model == MATRIX:  # exact decimals, each of the other columns below 1/K
        assert all(re.fullmatch(r"0\.\d+", r[h]) for r in rows for h in header[1:])


@pytest.mark.parametrize("ties", [True, False])
def test_the_matrix_is_found_for_these_averages(ties: bool) -> None:
    # Macro averages 0.550, 0.580, ..., 0.970 (three places: intervals of width 0.001) of three
    # class sizes, each possible: the construction makes a probability matrix for every one
    # (measured; at (3, 4, 5) it finds one for 6 of 15, the others stay free per-class scores).
    for counts in [(10, 20, 30), (5, 5, 5, 5), (12, 7, 30, 9, 20)]:
        tasks, weights = class_tasks(counts, False)
        for k in range(55, 100, 3):
            query = Aggregate(tasks, weights, reported_interval(f"0.{k}0"), ties)
            outcome = decide_mean(query)
            assert outcome.witness is not None
            written = aggregate_witness(query, outcome.witness.witness, "classes")
            written._check()
            assert written.model == MATRIX, (counts, k)
            # distinct levels in the other columns, distinct sums in the anchor's: no tie at all
            assert all(len(set(column)) == len(column) for column in written.columns)
    tasks, weights = class_tasks((3, 4, 5), False)  # tiny classes: coarse steps
    models = []
    for k in range(55, 100, 3):
        query = Aggregate(tasks, weights, reported_interval(f"0.{k}0"), ties)
        outcome = decide_mean(query)
        assert outcome.witness is not None
        models.append(aggregate_witness(query, outcome.witness.witness, "classes").model)
    assert models.count(MATRIX) == 6 and models.count(FREE) == 9


def test_the_matrix_is_not_tried_past_its_work() -> None:
    # K n (2 bits(n) + 2) > MATRIX_WORK: 3 * 92,593 * 36 = 10,000,044 (n = 92,592 is the
    # last tried: 9,999,936); the file is free per-class scores at once.
    assert 3 * 92_593 * (2 * (92_593).bit_length() + 2) > MATRIX_WORK
    assert 3 * 92_592 * (2 * (92_592).bit_length() + 2) <= MATRIX_WORK
    tasks, weights = class_tasks((30_000, 30_000, 32_593), False)
    query = Aggregate(tasks, weights, reported_interval("0.873"), True)
    outcome = decide_mean(query)
    assert outcome.witness is not None
    assert probability_matrix(query, (30_000, 30_000, 32_593)) is None


def test_a_g_that_misses_the_claim_is_refused() -> None:
    query = Aggregate(((1, 1), (1, 2)), (Fraction(1, 2),) * 2, reported_interval("0.75"), True)
    with pytest.raises(InvalidInputError, match="interval"):
        aggregate_witness(query, (0, 0), "folds")
    with pytest.raises(InvalidInputError, match="kind"):
        aggregate_witness(query, (2, 2), "rows")  # type: ignore[arg-type]
