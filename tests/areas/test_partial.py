"""Partial ROC areas (rocpr_exact.areas.partial): sympy's integral, identities, max_fpr."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact.areas.partial import mcclish, partial_auc_roc
from rocpr_exact.errors import InvalidInputError, NoNegativesError
from rocpr_exact.profiles import sklearn as sk
from tests.strategies import datasets, examples

rates = st.fractions(min_value=0, max_value=1, max_denominator=12)


def sympy_partial(curve: rx.Curve, low: Fraction, high: Fraction) -> sympy.Rational:
    """The integral of TPR over FPR in [low, high], by sympy on each segment's own line."""
    x = sympy.Symbol("x")
    p, n = curve.positives, curve.negatives
    total = sympy.Integer(0)
    points = [
        (sympy.Rational(fp, n), sympy.Rational(tp, p))
        for tp, fp in zip(curve.tps, curve.fps, strict=True)
    ]
    lo_, hi_ = (
        sympy.Rational(low.numerator, low.denominator),
        sympy.Rational(high.numerator, high.denominator),
    )
    for (x0, y0), (x1, y1) in pairwise(points):
        if x1 == x0:
            continue
        line = y0 + (y1 - y0) * (x - x0) / (x1 - x0)
        a, b = sympy.Max(x0, lo_), sympy.Min(x1, hi_)
        if a < b:
            total += sympy.integrate(line, (x, a, b))
    return total


@settings(max_examples=examples(Fraction(1, 5)), deadline=None)
@given(datasets(max_size=12), rates, rates)
def test_fpr_focus_equals_sympys_integral(
    data: tuple[list[int], list[int]], a: Fraction, b: Fraction
) -> None:
    curve = rx.Curve.from_scores(*data)
    low, high = min(a, b), max(a, b)
    assert partial_auc_roc(curve, low, high) == sympy_partial(curve, low, high)


@settings(max_examples=examples(1), deadline=None)
@given(datasets(max_size=30), rates, rates, rates)
def test_identities(
    data: tuple[list[int], list[int]], a: Fraction, b: Fraction, c: Fraction
) -> None:
    curve = rx.Curve.from_scores(*data)
    a, b, c = sorted((a, b, c))
    for focus in ("fpr", "tpr"):
        # Over [0, 1] either focus is the whole area; ranges add up.
        assert partial_auc_roc(curve, 0, 1, focus=focus) == rx.auc_roc(curve)
        assert partial_auc_roc(curve, a, c, focus=focus) == partial_auc_roc(
            curve, a, b, focus=focus
        ) + partial_auc_roc(curve, b, c, focus=focus)
    # Swapping the classes and reversing the scores maps (FPR, TPR) to (1 - TPR, 1 - FPR): the
    # TPR focus over [a, c] is the FPR focus of that curve over [1 - c, 1 - a].
    scores, labels = data
    mirrored = rx.Curve.from_scores([-s for s in scores], [1 - y for y in labels])
    assert partial_auc_roc(curve, a, c, focus="tpr") == partial_auc_roc(mirrored, 1 - c, 1 - a)


@settings(max_examples=examples(Fraction(1, 2)), deadline=None)
@given(datasets(max_size=30), st.sampled_from([Fraction(1, 8), Fraction(1, 4), Fraction(1, 2)]))
def test_mcclish_over_0_m_is_sklearns_max_fpr(
    data: tuple[list[int], list[int]], m: Fraction
) -> None:
    # sklearn's roc_auc_score(max_fpr=m) is McClish's correction of the area over FPR [0, m]
    # (the twin, tested against sklearn itself, computes it by its own np.interp-style cut).
    scores, labels = data
    curve = rx.Curve.from_scores(scores, labels)
    twin = sk.roc_auc_score(labels, scores, max_fpr=float(m))
    assert partial_auc_roc(curve, 0, m, correct=True) == twin


def test_hand_case_and_refusals() -> None:
    # (0,0) (0,1/2) (1/2,1/2) (1/2,1) (1,1): over FPR [1/4, 3/4] TPR is 1/2 on [1/4, 1/2] and
    # 1 on [1/2, 3/4]: 1/8 + 1/4 = 3/8; McClish: min = (9/16 - 1/16)/2 = 1/4, max = 1/2,
    # (1 + (3/8 - 1/4)/(1/2 - 1/4))/2 = 3/4.
    curve = rx.Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0])
    assert partial_auc_roc(curve, Fraction(1, 4), Fraction(3, 4)) == Fraction(3, 8)
    assert partial_auc_roc(curve, Fraction(1, 4), Fraction(3, 4), correct=True) == Fraction(3, 4)
    assert mcclish(Fraction(3, 8), Fraction(1, 4), Fraction(3, 4)) == Fraction(3, 4)
    assert partial_auc_roc(curve, Fraction(1, 3), Fraction(1, 3)) == 0
    with pytest.raises(InvalidInputError, match="low must be <= high"):
        partial_auc_roc(curve, Fraction(1, 2), Fraction(1, 4))
    with pytest.raises(InvalidInputError, match="high must lie in \\[0, 1\\]"):
        partial_auc_roc(curve, 0, 2)
    with pytest.raises(InvalidInputError, match="exact int or Fraction"):
        partial_auc_roc(curve, 0, 0.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="focus must be 'fpr' or 'tpr'"):
        partial_auc_roc(curve, 0, 1, focus="se")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="positive width"):
        partial_auc_roc(curve, Fraction(1, 3), Fraction(1, 3), correct=True)
    with pytest.raises(NoNegativesError):
        partial_auc_roc(rx.Curve.from_scores([1, 2], [1, 1]), 0, 1)


@pytest.mark.parametrize("focus", ["fpr", "tpr"])
@pytest.mark.parametrize(
    ("low", "high"),
    [(0, 1), (0, Fraction(1, 10)), (Fraction(1, 2), 1), (Fraction(1, 3), Fraction(3, 4))],
)
def test_mcclish_of_the_chance_line_is_one_half(focus: str, low: Fraction, high: Fraction) -> None:
    # Every score tied: the ROC curve is the diagonal, the chance line of either focus, so
    # McClish's standardisation gives exactly 1/2 (its definition: min maps to 1/2).
    chance = rx.Curve.from_scores([1, 1, 1, 1], [1, 0, 1, 0])
    assert partial_auc_roc(chance, low, high, focus=focus, correct=True) == Fraction(1, 2)  # type: ignore[arg-type]


def test_mcclish_tpr_focus_hand_case() -> None:
    # (0,0) (0,1/2) (1/2,1/2) (1/2,1) (1,1) over TPR [1/2, 1]: specificity 1/2, area 1/4;
    # chance area (1 - 1/2) - (1 - 1/4)/2 = 1/8, perfect 1/2: (1 + (1/8)/(3/8))/2 = 2/3
    # (pROC 1.18: auc(partial.auc = c(1, 0.5), partial.auc.focus = "se", correct) = 0.6666667).
    curve = rx.Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0])
    assert partial_auc_roc(curve, Fraction(1, 2), 1, focus="tpr", correct=True) == Fraction(2, 3)
