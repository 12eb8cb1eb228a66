"""ROC points read from figures (exact PR intervals) and the PR-gain view, against brute force."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.consistency import (
    pr_boxes_from_roc,
    pr_gain_points,
    precision_gain,
    recall_gain,
)
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError

fractions01 = st.fractions(min_value=0, max_value=1, max_denominator=50)


@given(
    st.integers(1, 30),
    st.integers(1, 30),
    fractions01,
    fractions01,
    st.fractions(min_value=0, max_value=Fraction(1, 5), max_denominator=100),
)
def test_pr_box_is_the_brute_force_box(
    p: int, n: int, fpr: Fraction, tpr: Fraction, t: Fraction
) -> None:
    (box,) = pr_boxes_from_roc([(fpr, tpr)], p, n, t)
    # Every whole (TP, FP) whose ROC point lies in the reading box.
    inside = [
        (tp, fp)
        for tp in range(p + 1)
        for fp in range(n + 1)
        if abs(Fraction(tp, p) - tpr) <= t and abs(Fraction(fp, n) - fpr) <= t
    ]
    if not inside:
        assert box.empty and box.precision is None
        return
    assert not box.empty
    recalls = [Fraction(tp, p) for tp, _ in inside]
    assert box.recall == (min(recalls), max(recalls))
    precisions = [Fraction(tp, tp + fp) for tp, fp in inside if tp + fp > 0]
    assert box.precision == ((min(precisions), max(precisions)) if precisions else None)


def test_pr_box_from_text_and_errors() -> None:
    # P = 10, N = 1000 (skew): a ROC point at FPR 0.01, TPR 0.5 read to +-0.002 means TP = 5 and
    # FP in [8, 12]: precision from 5/17 = 0.294 to 5/13 = 0.385; a figure hides this entirely.
    (box,) = pr_boxes_from_roc([("0.01", "0.5")], 10, 1000, "0.002")
    assert box.tp == (5, 5) and box.fp == (8, 12)
    assert box.precision == (Fraction(5, 17), Fraction(5, 13))
    # TPR 0.55 +- 0.02 with P = 10 holds no whole TP: the reading is impossible.
    (box,) = pr_boxes_from_roc([("0.01", "0.55")], 10, 1000, "0.02")
    assert box.empty
    with pytest.raises(InvalidInputError, match="must be exact"):
        pr_boxes_from_roc([(0.1, "0.5")], 10, 10, "0.01")
    with pytest.raises(InvalidInputError, match="tolerance must be >= 0"):
        pr_boxes_from_roc([("0.1", "0.5")], 10, 10, Fraction(-1, 100))


@given(st.lists(st.tuples(st.integers(0, 5), st.booleans()), min_size=2, max_size=15))
def test_gains_match_their_definitions(rows: list[tuple[int, bool]]) -> None:
    labels = [int(y) for _, y in rows]
    if 0 in (sum(labels), len(labels) - sum(labels)):
        return
    curve = Curve.from_scores([s for s, _ in rows], labels)
    p, n = curve.positives, curve.negatives
    pi = Fraction(p, p + n)
    expected = []
    for tp, fp in zip(curve.tps, curve.fps, strict=True):
        if tp == 0:
            continue
        prec, rec = Fraction(tp, tp + fp), Fraction(tp, p)
        # Flach & Kull (2015), Definition 1: gain = (x - pi) / ((1 - pi) x).
        expected.append(((rec - pi) / ((1 - pi) * rec), (prec - pi) / ((1 - pi) * prec)))
    assert list(pr_gain_points(curve)) == expected


def test_gain_errors() -> None:
    with pytest.raises(InvalidInputError, match="TP > 0"):
        precision_gain(0, 3, 5, 5)
    with pytest.raises(InvalidInputError, match="TP > 0"):
        recall_gain(0, 5, 5)
    with pytest.raises(InvalidInputError, match="negatives must be an int >= 1"):
        recall_gain(1, 5, 0)
