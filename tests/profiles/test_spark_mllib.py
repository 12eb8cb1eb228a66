"""The Spark twins: against Spark's recorded outputs, a brute force and the sklearn profile.

tests/data/spark_recorded.json holds what pyspark 4.3.0 returned on fixed inputs
(scripts/record_spark_mllib.py): the mllib class (numBins 1000) and the ml evaluator for
several numBins, on one partition.  Bounds: tests/profiles/xgbspark_bounds.py.  The
independent checks need no Spark: unbinned ``areaUnderROC`` is the weighted Mann-Whitney
statistic (every pair counted); unbinned, unweighted ``areaUnderPR`` is scikit-learn's
trapezoid over its PR curve (core profile) with Spark's first point (0, p1) in place of
(0, 1); and down-sampling equals giving every score of a run its run's lowest score.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.errors import InvalidInputError, OneClassWarning
from rocpr_exact.profiles import profile_metric
from rocpr_exact.profiles.spark import mllib as twin
from tests.profiles.xgbspark_bounds import check_exact_sums, spark_bound

DATA = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "spark_recorded.json").read_text()
)
CASES = DATA["cases"]
AREAS = {
    "areaUnderROC": (twin.area_under_roc, twin.roc),
    "areaUnderPR": (twin.area_under_pr, twin.pr),
}


def _inputs(case: dict[str, Any]) -> tuple[list[float], list[float], list[float] | None]:
    weights = case["weights"]
    return (
        [float(s) for s in case["scores"]],
        [float(y) for y in case["labels"]],
        None if weights is None else [float(w) for w in weights],
    )


def _check(case: dict[str, Any], bins: int, results: dict[str, str], seen: dict[int, Any]) -> None:
    scores, labels, weights = _inputs(case)
    check_exact_sums(weights)
    # numBins values with the same grouping give the same curve: each is computed once
    distinct = len(set(scores))
    grouping = distinct // bins if bins and distinct // bins >= 2 else 0
    if grouping not in seen:
        options = {"weights": weights, "num_bins": bins}
        points = len(twin.binned_counts(scores, labels, **options))
        seen[grouping] = (
            {name: area(scores, labels, **options) for name, (area, _) in AREAS.items()},
            points + 2,  # roc adds (0, 0) and (1, 1), pr adds (0, p1)
        )
    values, points = seen[grouping]
    for name, value in values.items():
        assert abs(float(value) - float(results[name])) <= spark_bound(points), (name, bins)


@pytest.mark.filterwarnings("ignore::rocpr_exact.errors.OneClassWarning")  # test_spark_one_class
@pytest.mark.parametrize("case", CASES, ids=[f"spark{i}" for i in range(len(CASES))])
def test_twins_match_recorded_spark(case: dict[str, Any]) -> None:
    seen: dict[int, Any] = {}
    _check(case, 1000, case["results"]["mllib"], seen)
    for bins, results in case["results"]["evaluator"].items():
        _check(case, int(bins), results, seen)


def test_the_record_covers_binning_weights_and_one_class() -> None:
    assert DATA["versions"]["pyspark"].startswith("4.")
    comparisons = sum(1 + len(case["results"]["evaluator"]) for case in CASES)
    assert len(CASES) >= 15 and comparisons >= 80
    binned = [
        (case, int(bins))
        for case in CASES
        for bins in case["results"]["evaluator"]
        if int(bins) and len(set(case["scores"])) // int(bins) >= 2
    ]
    assert len(binned) >= 20
    assert sum(case["weights"] is not None for case in CASES) >= 4


def _mann_whitney(
    scores: list[float], labels: list[float], weights: list[float] | None
) -> Fraction:
    masses = [Fraction(1)] * len(scores) if weights is None else [Fraction(w) for w in weights]
    positive = [y > 0.5 for y in labels]
    total = Fraction(0)
    for i in range(len(scores)):
        for j in range(len(scores)):
            if positive[i] and not positive[j]:
                order = (scores[i] > scores[j]) + Fraction(scores[i] == scores[j], 2)
                total += masses[i] * masses[j] * order
    p = sum((m for m, y in zip(masses, positive, strict=True) if y), Fraction(0))
    n = sum((m for m, y in zip(masses, positive, strict=True) if not y), Fraction(0))
    return total / (p * n)


def _runs(scores: list[float], bins: int) -> list[float]:
    """Each score replaced by the lowest score of its run of D // bins distinct scores."""
    distinct = sorted(set(scores), reverse=True)
    size = len(distinct) // bins
    if size < 2:
        return scores
    lowest = {
        s: distinct[min(i // size * size + size, len(distinct)) - 1] for i, s in enumerate(distinct)
    }
    return [lowest[s] for s in scores]


SMALL = [c for c in CASES if len(c["scores"]) <= 300 and min(c["labels"]) != max(c["labels"])]


@pytest.mark.parametrize("case", SMALL, ids=[f"spark{i}" for i in range(len(SMALL))])
def test_unbinned_roc_is_mann_whitney(case: dict[str, Any]) -> None:
    scores, labels, weights = _inputs(case)
    value = twin.area_under_roc(scores, labels, weights=weights, num_bins=0)
    assert value == _mann_whitney(scores, labels, weights)


def _spark_pr_from_sklearn(scores: list[float], labels: list[int]) -> Fraction:
    trapezoid = profile_metric(
        "sklearn", "auc_pr_trapezoid", ([Fraction(s) for s in scores], labels)
    )
    top = max(scores)
    tp = sum(1 for s, y in zip(scores, labels, strict=True) if s == top and y)
    fp = sum(1 for s, y in zip(scores, labels, strict=True) if s == top and not y)
    recall, precision = Fraction(tp, sum(labels)), Fraction(tp, tp + fp)
    return trapezoid - recall * (1 - precision) / 2  # (0, 1) -> (0, p1) before the first point


@given(
    st.integers(2, 30).flatmap(
        lambda n: st.tuples(
            st.lists(
                st.sampled_from([0.0, 0.1, 0.5, 0.75, 1.0]) | st.floats(-9, 9),
                min_size=n,
                max_size=n,
            ),
            st.lists(st.integers(0, 1), min_size=n, max_size=n),
            st.integers(0, 12),
        )
    )
)
def test_independent_derivations(case: tuple[list[float], list[int], int]) -> None:
    scores, labels, bins = case
    labels[0], labels[1] = 0, 1
    floats = [float(y) for y in labels]
    assert twin.area_under_pr(scores, floats, num_bins=0) == _spark_pr_from_sklearn(scores, labels)
    merged = _runs(scores, bins) if bins else scores
    for area, _ in AREAS.values():
        assert area(scores, floats, num_bins=bins) == area(merged, floats, num_bins=0)
    assert twin.area_under_roc(merged, floats, num_bins=0) == _mann_whitney(merged, floats, None)


def test_one_class_gives_spark_conventions_not_errors() -> None:
    with pytest.warns(OneClassWarning, match="false positive rate to 0"):
        assert twin.area_under_roc([0.1, 0.2], [1, 1]) == 1  # fpr 0 throughout, then (1, 1)
    with pytest.warns(OneClassWarning, match="recall to 0"):
        assert twin.area_under_roc([0.1, 0.2], [0, 0]) == 0  # recall 0 throughout
    with pytest.warns(OneClassWarning, match="recall to 0"):
        assert twin.area_under_pr([0.1, 0.2], [0, 0]) == 0
    assert twin.area_under_pr([0.1, 0.2], [1, 1]) == 1
    assert twin.pr([0.2, 0.1], [0, 1], weights=[0, 1])[:2] == ((0, 1), (0, 1))  # 0 / 0 is 1


@pytest.mark.parametrize(
    ("scores", "labels", "options", "message"),
    [
        ([], [], {}, "empty"),
        ([0.1, 0.2], [1], {}, "labels has 1 values"),
        ([0.1, float("nan")], [0, 1], {}, "NaN"),
        ([0.1, float("inf")], [0, 1], {}, "infinity"),
        ([0.1, 0.2], [0, float("nan")], {}, "NaN"),
        (["a", "b"], [0, 1], {}, "numbers"),
        ([0.1, 0.2], [0, 1], {"weights": [1, -0.5]}, "negative"),
        ([0.1, 0.2], [0, 1], {"weights": [1]}, "weights has 1 values"),
        ([0.1, 0.2], [0, 1], {"num_bins": -1}, "num_bins"),
        ([0.1, 0.2], [0, 1], {"num_bins": 2**31}, "num_bins"),
        ([0.1, 0.2], [0, 1], {"num_bins": 2.0}, "num_bins must be an int"),
        ([0.1, 0.2], [0, 1], {"num_bins": True}, "num_bins must be an int"),
    ],
)
def test_refusals(scores: Any, labels: Any, options: dict[str, Any], message: str) -> None:
    for area, _ in AREAS.values():
        with pytest.raises(InvalidInputError, match=message):
            area(scores, labels, **options)
