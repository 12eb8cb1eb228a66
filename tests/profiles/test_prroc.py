"""PRROC twins: independent derivations (brute force, quadrature, metamorphic) and refusals.

The agreement with PRROC itself is in test_r_recorded.py (recorded) and test_r_live.py.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.errors import InvalidInputError, OneClassWarning
from rocpr_exact.profiles import prroc, registry
from tests.brute_force import dg_area, mann_whitney, threshold_counts
from tests.strategies import any_dataset, datasets

eighths = st.integers(0, 8).map(lambda k: k / 8)  # exact doubles in [0, 1]


@st.composite
def soft_labels(draw: st.DrawFn) -> tuple[list[int], list[float]]:
    scores, _ = draw(datasets(max_size=25))
    weights = draw(st.lists(eighths, min_size=len(scores), max_size=len(scores)))
    if not any(weights):
        weights[0] = 0.5
    if all(w == 1 for w in weights):
        weights[0] = 0.25
    return scores, weights


def _weighted_mann_whitney(scores: list[int], pos: list[Fraction], neg: list[Fraction]) -> Fraction:
    """sum over pairs w+_i w-_j ([s_i > s_j] + [s_i = s_j] / 2) / (sum w+ sum w-)."""
    twice = sum(
        wp * wn * (2 if si > sj else 1 if si == sj else 0)
        for si, wp in zip(scores, pos, strict=True)
        for sj, wn in zip(scores, neg, strict=True)
    )
    return twice / (2 * sum(pos) * sum(neg))


def _integral(points: list[tuple[Fraction, Fraction]], steps: int = 100) -> float:
    """Precision over recall along straight (TP, FP) segments, composite Simpson per segment."""
    total = 0.0
    p = float(points[-1][0])
    for (t0, f0), (t1, f1) in pairwise(points):
        if t1 == t0:
            continue
        h = float(t1 - t0) / steps
        values = []
        for k in range(steps + 1):
            t = float(t0) + k * h
            f = float(f0) + float(f1 - f0) * k / steps
            values.append(t / (t + f) if t + f else (float(t1) / float(t1 + f1)))
        odd, even = sum(values[1:-1:2]), sum(values[2:-1:2])
        total += h / 3 * (values[0] + 4 * odd + 2 * even + values[-1]) / p
    return total


@given(soft_labels())
def test_weighted_roc_auc_is_the_weighted_mann_whitney(data: tuple[list[int], list[float]]) -> None:
    scores, weights = data
    pos = [Fraction(w) for w in weights]
    neg = [1 - w for w in pos]  # exact for multiples of 1/8
    assert prroc.roc_curve(scores, weights_class0=weights).auc == _weighted_mann_whitney(
        scores, pos, neg
    )


@given(soft_labels())
def test_weighted_integral_matches_quadrature(data: tuple[list[int], list[float]]) -> None:
    scores, weights = data
    points = [(Fraction(0), Fraction(0))]
    for t in sorted(set(scores), reverse=True):
        tp = sum(Fraction(w) for s, w in zip(scores, weights, strict=True) if s >= t)
        fp = sum(1 - Fraction(w) for s, w in zip(scores, weights, strict=True) if s >= t)
        points.append((tp, fp))
    exact = float(prroc.pr_curve(scores, weights_class0=weights).auc_integral)
    assert exact == pytest.approx(_integral(points), abs=1e-5)  # Simpson: O(h**4)


@given(any_dataset)
def test_two_vectors_are_mann_whitney_and_davis_goadrich(data: tuple[list[int], list[int]]) -> None:
    scores, labels = data
    pos = [s for s, y in zip(scores, labels, strict=True) if y]
    neg = [s for s, y in zip(scores, labels, strict=True) if not y]
    if sorted(pos) == sorted(neg):  # PRROC then reads one vector twice (next test)
        return
    counts = threshold_counts(scores, labels)
    assert prroc.roc_curve(pos, neg).auc == mann_whitney(scores, labels)
    assert prroc.pr_curve(pos, neg).auc_davis_goadrich == dg_area(counts, len(pos))
    # 0/1 weights on one vector are the same data: the same three areas
    as_weights = prroc.pr_curve(scores, weights_class0=labels)
    assert as_weights == prroc.pr_curve(pos, neg)


def test_one_vector_twice_counts_each_score_once_per_class_and_has_no_dg_area() -> None:
    # PRROC 1.4: pr.curve(s, s) and pr.curve(s) have auc.davis.goadrich NA (the documentation
    # of earlier versions of this project said otherwise); every score is one positive and one
    # negative, so each point has precision 1/2 and the integral is 1/2.
    scores = [0.3, 0.1, 0.2]
    assert prroc.pr_curve(scores) == prroc.pr_curve(scores, scores)
    result = prroc.pr_curve(scores, list(reversed(scores)))  # sorted, the vectors are equal
    assert result.auc_davis_goadrich is None
    assert result.auc_integral == Fraction(1, 2)
    assert prroc.roc_curve(scores).auc == Fraction(1, 2)


def test_scaling_every_weight_changes_no_area() -> None:
    scores = [4, 3, 3, 2, 1, 0]
    w0, w1 = [1, 0.5, 0.25, 0, 0.75, 0.125], [0, 0.5, 0.75, 1, 0.25, 0.875]
    half0, half1 = [w / 2 for w in w0], [w / 2 for w in w1]
    full = prroc.pr_curve(scores, weights_class0=w0, weights_class1=w1)
    halved = prroc.pr_curve(scores, weights_class0=half0, weights_class1=half1)
    assert full.auc_integral == halved.auc_integral
    assert full.auc_davis_goadrich is None  # weights not all 0/1
    assert (
        prroc.roc_curve(scores, None, w0, w1).auc == prroc.roc_curve(scores, None, half0, half1).auc
    )


def test_default_negative_weights_follow_r_lazy_evaluation() -> None:
    # scores.class1 given (equal to scores.class0, unsorted): R evaluates the default
    # weights.class1 = 1 - weights.class0 after weights.class0 was sorted, then sorts it again
    # by the order of scores.class1.  Order o = (1, 2, 0): w0 sorted = (0, 0.5, 1); 1 - that =
    # (1, 0.5, 0); sorted again by o: (0.5, 0, 1) for the sorted scores (1, 2, 3).
    scores, w = [3, 1, 2], [1, 0, 0.5]
    quirk = prroc.roc_curve(scores, scores, weights_class0=w)
    explicit = prroc.roc_curve([1, 2, 3], [1, 2, 3], [0, 0.5, 1], [0.5, 0, 1])
    assert quirk == explicit
    assert prroc.roc_curve(scores, weights_class0=w) != quirk  # the default scores.class1


def test_roc_curve_rows_label_each_point_with_the_next_score() -> None:
    rows = prroc.roc_curve([0.9, 0.4], [0.5, 0.1], curve=True).curve
    assert rows is not None
    half = Fraction(1, 2)
    assert [(r[0], r[1]) for r in rows] == [(0, 0), (0, half), (half, half), (half, 1), (1, 1)]
    assert [float(r[2]) for r in rows] == [0.9, 0.5, 0.4, 0.1, 0.1]


def test_registry_metrics_are_the_module_values() -> None:
    scores, labels = [0.8, 0.4, 0.35, 0.1, 0.35], [1, 0, 1, 0, 0]
    pos = [s for s, y in zip(scores, labels, strict=True) if y]
    neg = [s for s, y in zip(scores, labels, strict=True) if not y]
    values = registry.profile("prroc", (scores, labels))
    pr, roc = prroc.pr_curve(pos, neg), prroc.roc_curve(pos, neg)
    assert values == {
        "auc_integral": pr.auc_integral,
        "auc_davis_goadrich": pr.auc_davis_goadrich,
        "roc_auc": roc.auc,
    }


signed = st.integers(-8, 16).map(lambda k: k / 8)  # exact doubles in [-1, 2]


@given(datasets(max_size=20), st.data())
def test_roc_curve_with_negative_weights_is_the_signed_mann_whitney(
    data: tuple[list[float], list[int]], draw: st.DataObject
) -> None:
    # compute.roc has no check() of the weights: its trapezoids over the signed cumulative
    # weights are the pair sum with signed weights (the brute force), R's rates divided by
    # the signed totals
    scores, _ = data
    w0 = draw.draw(st.lists(signed, min_size=len(scores), max_size=len(scores)))
    w1 = draw.draw(st.lists(signed, min_size=len(scores), max_size=len(scores)))
    pos, neg = [Fraction(w) for w in w0], [Fraction(w) for w in w1]
    if sum(pos) == 0 or sum(neg) == 0:
        if min(pos + neg) >= 0 and sum(pos + neg) > 0:  # one class of zero weights: NaN
            with pytest.warns(OneClassWarning):
                assert math.isnan(prroc.roc_curve(scores, scores, w0, w1).auc)
            return
        with pytest.raises(InvalidInputError):  # no weight at all, or a signed total of 0
            prroc.roc_curve(scores, scores, w0, w1)
        return
    assert prroc.roc_curve(scores, scores, w0, w1).auc == _weighted_mann_whitney(scores, pos, neg)


def test_roc_curve_negative_weight_recorded_and_refusals() -> None:
    # PRROC 1.4 returns 1.5 (tests/data/prroc_vector_results.json, case 11).  By hand: sorted,
    # scores.class0 = (0.4, 0.9) with weights (-0.5, 1), weights.class1 = 1 - those = (1.5, 0):
    # at 0.9 tp = 1, fp = 0; at 0.4 tp = 1/2, fp = 3/2: trapezoids 0 + (3/2)(1 + 1/2)/2 = 9/8,
    # over TP FP = 3/4: 3/2
    assert prroc.roc_curve([0.9, 0.4], weights_class0=[1.0, -0.5]).auc == Fraction(3, 2)
    with pytest.raises(InvalidInputError, match="curve=True with a negative weight"):
        prroc.roc_curve([0.9, 0.4], weights_class0=[1.0, -0.5], curve=True)
    with pytest.raises(InvalidInputError, match="must be non-negative"):  # pr.curve stops
        prroc.pr_curve([0.9, 0.4], weights_class0=[1.0, -0.5])


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ({"scores_class0": [1, 2], "weights_class0": [0.5, -0.5]}, InvalidInputError),
        ({"scores_class0": [1, 2], "weights_class0": [2, 0]}, InvalidInputError),  # 1 - w < 0
        ({"scores_class0": [1, 2], "weights_class0": [1]}, InvalidInputError),
        ({"scores_class0": [1, float("nan")]}, InvalidInputError),
    ],
)
def test_refusals(args: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        prroc.pr_curve(**args)  # type: ignore[arg-type]


@given(datasets(max_size=15), st.data())
def test_integer_weights_equal_replicated_rows(
    data: tuple[list[int], list[int]], draw: st.DataObject
) -> None:
    scores, _ = data
    n = len(scores)
    w0 = draw.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    w1 = draw.draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    if not any(w0) or not any(w1):
        return
    pos = [s for s, k in zip(scores, w0, strict=True) for _ in range(k)]
    neg = [s for s, k in zip(scores, w1, strict=True) for _ in range(k)]
    weighted = prroc.pr_curve(scores, scores, w0, w1)
    replicated = prroc.pr_curve(pos, neg)
    assert weighted.auc_integral == replicated.auc_integral
    assert prroc.roc_curve(scores, scores, w0, w1).auc == prroc.roc_curve(pos, neg).auc
