"""Thresholds chosen on a tuning set, applied to a test set (end of Section 3)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given

import rocpr_exact as rx
from tests.brute_force import threshold_counts
from tests.strategies import Dataset, any_dataset, worse_than_random


def counts(curve: rx.Curve) -> list[tuple[int, int]]:
    return [(p.tp, p.fp) for p in curve.points]


def test_tuning_then_testing_by_hand() -> None:
    # Tuning ranking + - + - - + + - with scores 8..1: (TP, FP) = (0,0) (1,0) (1,1) (2,1) (2,2)
    # (2,3) (3,3) (4,3) (4,4).  Hull (0,0) (1,0) (4,3) (4,4) = points 0, 1, 7, 8, whose
    # thresholds are thresholds[0], thresholds[6], thresholds[7] = 8, 2, 1.
    tuning = rx.Curve.from_scores([8, 7, 6, 5, 4, 3, 2, 1], [1, 0, 1, 0, 0, 1, 1, 0])
    assert rx.tuned_thresholds(tuning) == (8, 2, 1)
    # Test set, P = N = 4.
    scores = [9, 8, 6, 4, 2, 2, 1, 0]
    labels = [1, 0, 1, 1, 0, 1, 0, 0]
    test = rx.apply_thresholds((8, 2, 1), scores, labels)
    # score >= 8: {9+, 8-} -> (1, 1); >= 2: also {6+, 4+, 2-, 2+} -> (4, 2); >= 1: also {1-}
    # -> (4, 3); (P, N) = (4, 4) is reached by no threshold and is added.
    assert counts(test) == [(0, 0), (1, 1), (4, 2), (4, 3), (4, 4)]
    assert test.thresholds == (8, 2, 1, rx.geometry.tuning.EVERYTHING_POSITIVE)
    # Reported as it is: (0,0) -> (1,1) -> (4,2) turns left in (FP, TP), so (1, 1) is under
    # the hull of the test curve, and stays in the test curve.
    assert counts(rx.roc_convex_hull(test)) == [(0, 0), (4, 2), (4, 4)]
    assert test != rx.roc_convex_hull(test)


def test_thresholds_that_coincide_on_the_test_set() -> None:
    scores, labels = [5, 3, 1], [1, 0, 1]
    # 9 calls nothing positive: (0, 0), dropped.  4 and 3.5 both give {5+} = (1, 0): one
    # point, recorded with the stricter 4.
    # 2 gives {5+, 3-} = (1, 1); 1 gives everything = (2, 1).  Order of input is irrelevant.
    test = rx.apply_thresholds([2, Decimal("3.5"), 9, 4, 1], scores, labels)
    assert counts(test) == [(0, 0), (1, 0), (1, 1), (2, 1)]
    assert test.thresholds == (4, 2, 1)
    empty = rx.apply_thresholds([], scores, labels)
    assert counts(empty) == [(0, 0), (2, 1)]
    assert empty.thresholds == (Decimal("-Infinity"),)


@given(any_dataset)
def test_every_distinct_score_as_threshold_gives_the_curve(data: Dataset) -> None:
    scores, labels = data
    curve = rx.apply_thresholds(set(scores), scores, labels)
    assert curve == rx.Curve.from_scores(scores, labels)
    assert counts(curve) == threshold_counts(scores, labels)
    assert curve.thresholds == tuple(sorted(set(scores), reverse=True))


@given(any_dataset | worse_than_random())
def test_tuned_thresholds_on_the_tuning_set_give_its_hull(data: Dataset) -> None:
    scores, labels = data
    for mode in ("all", "paper"):
        tuning = rx.Curve.from_scores(scores, labels, thresholds=mode)  # type: ignore[arg-type]
        cuts = rx.tuned_thresholds(tuning)
        assert rx.apply_thresholds(cuts, scores, labels) == rx.roc_convex_hull(tuning)
        assert list(cuts) == sorted(cuts, reverse=True)


def test_errors() -> None:
    from_counts = rx.Curve.from_counts([(1, 0)], positives=2, negatives=2)
    with pytest.raises(rx.InvalidInputError, match="needs a curve built from scores"):
        rx.tuned_thresholds(from_counts)
    with pytest.raises(rx.NoNegativesError, match="tuned_thresholds requires"):
        rx.tuned_thresholds(rx.Curve.from_scores([2, 1], [1, 1]))
    with pytest.raises(rx.InvalidInputError, match="index 1 is NaN"):
        rx.apply_thresholds([1, float("nan")], [1, 2], [1, 0])
    with pytest.raises(rx.InvalidInputError, match="differ in length"):
        rx.apply_thresholds([1], [1, 2], [1])
    with pytest.raises(rx.InvalidInputError, match="label at index 0"):
        rx.apply_thresholds([1], [1], [2])
