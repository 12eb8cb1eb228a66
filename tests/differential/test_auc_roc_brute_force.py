"""AUC-ROC is exact and equals the Mann-Whitney statistic with ties 1/2."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given

import rocpr_exact as rx
from tests.brute_force import mann_whitney
from tests.strategies import any_dataset, skewed_datasets


@given(any_dataset)
def test_auc_roc_is_the_mann_whitney_statistic(data: tuple[list[int], list[int]]) -> None:
    scores, labels = data
    curve = rx.Curve.from_scores(scores, labels)
    assert rx.auc_roc(curve) == mann_whitney(scores, labels)
    assert rx.auc_roc(rx.Curve.from_scores(scores, labels, thresholds="paper")) == rx.auc_roc(curve)


@given(skewed_datasets())
def test_heavy_skew(data: tuple[list[int], list[int]]) -> None:
    assert rx.auc_roc(rx.Curve.from_scores(*data)) == mann_whitney(*data)


def test_hand_computed_cases() -> None:
    # Perfect ranking: every positive above every negative.
    assert rx.auc_roc(rx.Curve.from_scores([3, 2, 1], [1, 1, 0])) == 1
    # Negatives ranked above every positive.
    assert rx.auc_roc(rx.Curve.from_scores([3, 2, 1], [0, 1, 1])) == 0
    # All scores tied: every pair counts 1/2.
    assert rx.auc_roc(rx.Curve.from_scores([7] * 5, [1, 0, 0, 1, 0])) == Fraction(1, 2)
    # Table 1 dataset: trapezoids (5-0)(0+5) + (30-5)(5+10) + (2000-30)(10+20) = 59500
    # over 2 P N = 80000 -> 119/160.
    table1 = rx.Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    assert rx.auc_roc(table1) == Fraction(119, 160)


def test_auc_roc_needs_both_classes() -> None:
    with pytest.raises(rx.NoNegativesError, match="negative"):
        rx.auc_roc(rx.Curve.from_scores([1, 2], [1, 1]))
    with pytest.raises(rx.NoPositivesError, match="positive"):
        rx.auc_roc(rx.Curve.from_scores([1, 2], [0, 0]))
