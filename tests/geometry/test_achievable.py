"""The achievable PR curve (Corollary 3.1, end of Section 4): by hand, by sympy, by property.

The equivalence "below in PR space == below the ROC hull" is tested in test_hull.py.
"""

from __future__ import annotations

from fractions import Fraction

import jsonschema
import pytest
import sympy
from hypothesis import given

import rocpr_exact as rx
from rocpr_exact.output.report import build_report, report_schema
from rocpr_exact.output.text import format_text
from tests.strategies import hull_curves

#: Ranking + - + - - + + - (P = N = 4); ROC hull (TP, FP) = (0,0) (1,0) (4,3) (4,4).
SCORES = [8, 7, 6, 5, 4, 3, 2, 1]
LABELS = [1, 0, 1, 0, 0, 1, 1, 0]


def counts(points: tuple[rx.ConfusionMatrix, ...]) -> list[tuple[int, int]]:
    return [(p.tp, p.fp) for p in points]


@given(hull_curves)
def test_achievable_curve_is_the_hull_and_never_rises(curve: rx.Curve) -> None:
    best = rx.achievable_pr_curve(curve)
    assert best == rx.roc_convex_hull(curve)
    rising = [seg for seg in best.segments() if not seg.is_vertical]
    # Leaving (0, 0): c = FP_A - s TP_A = 0, constant precision.  After it, a concave chain
    # from the origin has s > FP_A / TP_A (equality would make A collinear with (0, 0) and B),
    # so c < 0: precision strictly decreases.
    assert rising[0].c == 0
    assert all(seg.c < 0 for seg in rising[1:])
    # Only the last edge can be a vertical drop (at recall 1).
    assert all(not seg.is_vertical or seg.tp_a == curve.positives for seg in best.segments())


@given(hull_curves)
def test_achievable_curve_dominates_in_pr_space(curve: rx.Curve) -> None:
    """Theorem 3.2 with Corollary 3.1: no point of the curve's PR curve is above it."""
    best = rx.achievable_pr_curve(curve)
    p = curve.positives
    recalls = {Fraction(0), Fraction(1)} | {Fraction(2 * t + 1, 2 * p) for t in range(p)}
    recalls |= {point.recall for point in curve.points}
    for recall in recalls:
        assert curve.precision_at(recall) <= best.precision_at(recall)
    assert rx.auc_pr(curve, "davis-goadrich") <= rx.auc_pr(best, "davis-goadrich")


def test_areas_of_a_small_achievable_curve_by_hand() -> None:
    curve = rx.Curve.from_scores(SCORES, LABELS)
    best = rx.achievable_pr_curve(curve)
    assert counts(best.points) == [(0, 0), (1, 0), (4, 3), (4, 4)]
    # PR vertices: recall 1/4 precision 1; recall 1 precision 4/7, then a drop to 4/8.
    # Segment (1,0) -> (4,3): s = 1, k = 2, c = 0 - 1 * 1 = -1: precision t / (2t - 1).
    # davis-goadrich: TP = 0..4 at precision 1 (limit), 1, 2/3, 3/5, 4/7, width 1/4:
    # (1/8) [2 + 5/3 + 19/15 + 41/35] = (1/8)(641/105) = 641/840.
    assert rx.auc_pr(best, "davis-goadrich") == Fraction(641, 840)
    # linear: (1/4)(1 + 1)/2 + (3/4)(1 + 4/7)/2 = 1/4 + 33/56 = 47/56.
    assert rx.auc_pr(best, "linear") == Fraction(47, 56)
    # step: (1/4) 1 + (3/4)(4/7) + 0 (1/2) = 19/28.
    assert rx.auc_pr(best, "step") == Fraction(19, 28)
    # continuous: 1/4 + (1/P) [t/k - (c/k^2) ln(k t + c)] from 1 to 4
    #   = 1/4 + (1/4) [3/2 + (1/4) (ln 7 - ln 1)] = 5/8 + ln(7)/16.
    continuous = rx.auc_pr(best, "continuous")
    assert isinstance(continuous, rx.ClosedForm)
    t = sympy.Symbol("t", positive=True)
    by_sympy = sympy.Rational(1, 4) + sympy.integrate(t / (2 * t - 1), (t, 1, 4)) / 4
    expected = sympy.Rational(5, 8) + sympy.log(7) / 16
    assert sympy.simplify(by_sympy - expected) == 0
    assert sympy.simplify(continuous.to_sympy() - expected) == 0
    # The curve itself (with its points under the hull) has less area by every method but
    # step (its extra point (2, 1) on the hull edge has precision 2/3 > 4/7).
    assert rx.auc_pr(curve, "davis-goadrich") < Fraction(641, 840)
    assert rx.auc_pr(curve, "step") > Fraction(19, 28)


def test_below_achievable_pr_by_hand() -> None:
    curve = rx.Curve.from_scores(SCORES, LABELS)
    # Achievable precision at recall r in (1/4, 1): 1/p = v(u), u = 1/r, affine through
    # (u, v) = (4, 1) and (1, 7/4).  (TP, FP) = (2, 2): r = 1/2, u = 2, v = 1 + (3/4)(2/3) = 3/2,
    # so the curve has 2/3 and the point 2/4 = 1/2 < 2/3: below.  (2, 1): 2/3, on it.
    # (3, 3): r = 3/4, u = 4/3, v = 1 + (3/4)(8/9) = 5/3: curve 3/5, point 1/2: below.
    # (1, 1): recall 1/4 is a vertex with precision 1; the point has 1/2: below.
    assert counts(rx.below_achievable_pr(curve)) == [(1, 1), (2, 2), (2, 3), (3, 3)]


def test_recall_zero_and_the_drop_at_recall_one() -> None:
    # - + - + + -: (0,0) (0,1) (1,1) (1,2) (2,2) (3,2) (3,3); P = N = 3.  The hull in (FP, TP):
    # (0,0) -> (2,3) -> (3,3), so the PR start is 3/5 (limit along (0,0) -> (3,2)).
    curve = rx.Curve.from_scores([6, 5, 4, 3, 2, 1], [0, 1, 0, 1, 1, 0])
    best = rx.achievable_pr_curve(curve)
    assert counts(best.points) == [(0, 0), (3, 2), (3, 3)]
    assert best.precision_at(0) == Fraction(3, 5)
    # (0, 1): PR image (recall 0, precision 0) < 3/5: below; and below the ROC hull.
    # (0, 0): no precision, the start of every curve: never below.  (1, 1), (1, 2), (2, 2)
    # have precision 1/2, 1/3, 1/2 < 3/5, the constant precision of the first piece.
    # (3, 3): precision 1/2 at recall 1 is the foot of the drop 3/5 -> 1/2: on the curve,
    # although under the upper value precision_at(1) = 3/5.
    below = counts(rx.below_achievable_pr(curve))
    assert below == counts(rx.hull_points(curve).below) == [(0, 1), (1, 1), (1, 2), (2, 2)]
    assert curve.points[-1].precision < best.precision_at(1)


def test_report_has_the_hull_and_achievable_areas() -> None:
    report = build_report(rx.Curve.from_scores(SCORES, LABELS), digits=6)
    jsonschema.validate(report, report_schema())
    assert report["roc_hull"] == [[0, 0], [1, 0], [4, 3], [4, 4]]
    assert report["achievable_pr"]["davis_goadrich"] == {"exact": "641/840", "decimal": "0.763095"}
    assert report["achievable_pr"]["linear"]["exact"] == "47/56"
    assert report["achievable_pr"]["step"]["exact"] == "19/28"
    # 5/8 + ln(7)/16 = 0.625 + 0.12161938... = 0.74661938...
    assert report["achievable_pr"]["continuous"]["decimal"] == "0.746619"
    assert set(report["achievable_pr"]) == set(report["auc_pr"])
    text = format_text({"source": "example", **report})
    assert "hull        4 vertices (TP, FP): (0, 0), (1, 0), (4, 3), (4, 4)" in text
    assert "achievable linear          0.839286   47/56" in text


def test_achievable_needs_both_classes() -> None:
    with pytest.raises(rx.NoNegativesError):
        rx.achievable_pr_curve(rx.Curve.from_scores([2, 1], [1, 1]))
    with pytest.raises(rx.NoPositivesError):
        rx.below_achievable_pr(rx.Curve.from_scores([2, 1], [0, 0]))
