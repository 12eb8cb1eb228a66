"""Areas pinned by independent computations, written to kill mutants of areas.py (docs/mutation.md).

Every expected value is derived here by hand (the arithmetic is in the comments) or by a brute
force that shares no code with rocpr_exact: plain Fractions over explicit point lists for the
rational methods, and mpmath quadrature of precision along the ROC polyline for ``continuous``.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from typing import Any

import mpmath
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rocpr_exact as rx
from tests.brute_force import threshold_counts
from tests.strategies import any_dataset

F = Fraction
Point = tuple[int, int]  # (TP, FP)


# -- brute force, from the (TP, FP) points of a curve -------------------------------------------


def fp_on_polyline(points: list[Point], tp: Fraction) -> Fraction:
    """The least FP of the ROC polyline at TP = tp (linear between points)."""
    for (ta, fa), (tb, fb) in pairwise(points):
        if ta == tp:
            return F(fa)
        if ta < tp <= tb:
            return fa + F(fb - fa, tb - ta) * (tp - ta)
    raise AssertionError(tp)


def start_precision(points: list[Point]) -> Fraction:
    """Precision at recall 0: along the first segment that leaves TP = 0."""
    for (ta, fa), (tb, fb) in pairwise(points):
        if ta == 0 and tb > 0:
            return F(0) if fa > 0 else F(tb, tb + fb)
    raise AssertionError(points)


def pr_precision(points: list[Point], recall: Fraction, positives: int) -> Fraction:
    tp = recall * positives
    return start_precision(points) if tp == 0 else tp / (tp + fp_on_polyline(points, tp))


def trapezoid(pr: list[tuple[Fraction, Fraction]], r0: Fraction, edge: Fraction) -> Fraction:
    """Trapezoids over (recall, precision) points, cut at recall r0 (precision ``edge`` there)."""
    total = F(0)
    for (ra, pa), (rb, pb) in pairwise(pr):
        if rb <= r0 or rb == ra:
            continue
        if ra < r0:
            ra, pa = r0, edge
        total += (rb - ra) * (pa + pb) / 2
    return total


def dg_points(points: list[Point], positives: int) -> list[tuple[Fraction, Fraction]]:
    out = [(F(0), start_precision(points))]
    for (ta, fa), (tb, fb) in pairwise(points):
        if tb == ta:
            out.append((F(tb, positives), F(tb, tb + fb) if tb else F(0)))
            continue
        for t in range(ta + 1, tb + 1):
            fp = fa + F(fb - fa, tb - ta) * (t - ta)
            out.append((F(t, positives), t / (t + fp)))
    return out


def brute_areas(points: list[Point], positives: int, r0: Fraction) -> dict[str, Any]:
    edge = pr_precision(points, r0, positives)
    listed = [(F(0), start_precision(points))]
    listed += [(F(t, positives), F(t, t + f) if t + f else F(0)) for t, f in points[1:]]
    step = F(0)
    for (ta, _), (tb, fb) in pairwise(points):
        width = F(tb, positives) - max(F(ta, positives), r0)
        if width > 0:
            step += width * F(tb, tb + fb)
    mpmath.mp.dps = 40
    continuous = mpmath.mpf(0)
    for (ta, fa), (tb, fb) in pairwise(points):
        lo = max(F(ta), r0 * positives)
        if tb == ta or tb <= lo:
            continue
        s = F(fb - fa, tb - ta)

        def precision(t: Any, ta: int = ta, fa: int = fa, s: Fraction = s) -> Any:
            fp = fa + mpmath.mpf(s.numerator) / s.denominator * (t - ta)
            return t / (t + fp)

        a = mpmath.mpf(lo.numerator) / lo.denominator
        continuous += mpmath.quad(precision, [a, tb]) / positives
    return {
        "davis-goadrich": trapezoid(dg_points(points, positives), r0, edge),
        "linear": trapezoid(listed, r0, edge),
        "step": step,
        "continuous": continuous,
    }


def closed_form_value(value: Any) -> Any:
    """The real number rational + sum(c ln a) of a ClosedForm, in mpmath."""
    mpmath.mp.dps = 40

    def mp(q: Fraction) -> Any:
        return mpmath.mpf(q.numerator) / q.denominator

    return mp(value.rational) + mpmath.fsum(mp(c) * mpmath.log(mp(a)) for c, a in value.terms)


def assert_areas(curve: rx.Curve, r0: Fraction = Fraction(0)) -> None:
    points = [(p.tp, p.fp) for p in curve.points]
    expected = brute_areas(points, curve.positives, r0)
    for method in ("davis-goadrich", "linear", "step"):
        assert rx.auc_pr(curve, method, min_recall=r0) == expected[method], method
    got = closed_form_value(rx.auc_pr(curve, "continuous", min_recall=r0))
    assert abs(got - expected["continuous"]) < mpmath.mpf(10) ** -30


# -- hand-computed cases ------------------------------------------------------------------------

TABLE1 = rx.Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)


def test_table1_dg_area_by_hand() -> None:
    # Table 1 curve: (0,0) -> (5,5) -> (10,30) -> (20,2000), P = 20.
    # DG points: recall 0 precision 1/2 (limit of the first segment, constant 1/2), then
    # TP = 1..5 precision 1/2; TP 6..10 precision t/(t + 5 + 5(t - 5)) = t/(6t - 20);
    # TP 11..20 on (10,30)->(20,2000): s = 197, precision t/(t + 30 + 197(t - 10)).
    points = [(0, F(1, 2))] + [(t, F(1, 2)) for t in range(1, 6)]
    points += [(t, F(t, 6 * t - 20)) for t in range(6, 11)]
    points += [(t, F(t, t + 30 + 197 * (t - 10))) for t in range(11, 21)]
    area = sum((b[0] - a[0]) * (a[1] + b[1]) / 2 for a, b in pairwise(points)) / 20
    assert rx.auc_pr(TABLE1, "davis-goadrich") == area
    assert rx.auc_pr(TABLE1) == area  # davis-goadrich is the default method


def test_table1_continuous_by_hand() -> None:
    # Per segment (1/P)[t/k - (c/k^2) ln(k t + c)], P = 20:
    # (0,0)->(5,5): s = 1, k = 2, c = 0: constant precision 1/2, area 5/(20*2) = 1/8.
    # (5,5)->(10,30): s = 5, k = 6, c = -20: (1/20)[5/6 + (20/36)(ln 40 - ln 10)]
    #   = 1/24 + (1/36) ln 4.
    # (10,30)->(20,2000): s = 197, k = 198, c = -1940:
    #   (1/20)[10/198 + (1940/198^2)(ln 2020 - ln 40)] = 1/396 + (97/39204) ln(101/2).
    # Rational part 1/8 + 1/24 + 1/396 = 67/396.
    mpmath.mp.dps = 40
    expected = (
        mpmath.mpf(67) / 396
        + mpmath.log(4) / 36
        + mpmath.mpf(97) / 39204 * mpmath.log(mpmath.mpf(101) / 2)
    )
    got = closed_form_value(rx.auc_pr(TABLE1, "continuous"))
    assert abs(got - expected) < mpmath.mpf(10) ** -35


def test_dg_area_with_a_vertical_drop_in_the_middle() -> None:
    # Scores 4 > 3 > 2 > 1 with labels 1, 0, 1, 0: points (0,0) (1,0) (1,1) (2,1) (2,2), P = 2.
    # DG points (recall, precision): (0, 1) (1/2, 1) (1/2, 1/2) (1, 2/3) (1, 1/2).
    # Trapezoids: 1/2 * (1 + 1)/2 = 1/2, then 1/2 * (1/2 + 2/3)/2 = 7/24: total 19/24.
    curve = rx.Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0])
    assert rx.auc_pr(curve, "davis-goadrich") == F(19, 24)
    # Linear uses the same listed points here (every segment has at most one positive).
    assert rx.auc_pr(curve, "linear") == F(19, 24)
    # Step: 1/2 * 1 + 1/2 * 2/3 = 5/6.
    assert rx.auc_pr(curve, "step") == F(5, 6)


def test_min_recall_by_hand() -> None:
    # Table 1, step: thresholds at recall 1/4 (precision 1/2), 1/2 (1/4), 1 (1/101).
    # From min_recall 3/8: (1/2 - 3/8) * 1/4 + (1 - 1/2) * 1/101 = 1/32 + 1/202 = 117/3232.
    assert rx.auc_pr(TABLE1, "step", min_recall=F(3, 8)) == F(117, 3232)
    # min_recall 1 leaves nothing: every method gives 0.
    for method in ("davis-goadrich", "linear", "step"):
        assert rx.auc_pr(TABLE1, method, min_recall=1) == 0
    continuous = rx.auc_pr(TABLE1, "continuous", min_recall=1)
    assert isinstance(continuous, rx.ClosedForm)
    assert closed_form_value(continuous) == 0
    # Linear from 3/8: the cut falls inside (1/4, 1/2) -> (1/2, 1/4) where the true PR curve
    # (TP = 7.5, FP = 5 + 5 * 2.5 = 17.5) has precision 7.5/25 = 3/10: the piece from 3/8 is
    # (1/8)(3/10 + 1/4)/2 = 11/320; the last piece (1/2)(1/4 + 1/101)/2 = 105/1616.
    assert rx.auc_pr(TABLE1, "linear", min_recall=F(3, 8)) == F(11, 320) + F(105, 1616)


def test_min_recall_at_a_vertical_drop() -> None:
    # Points (0,0) (1,0) (1,1) (2,1) (2,2), P = 2: at recall 1/2 precision drops from 1 to 1/2.
    # From min_recall 1/2 the DG and linear curves run from the bottom of the drop (1/2, 1/2)
    # to (1, 2/3): 1/2 * (1/2 + 2/3)/2 = 7/24.  Step: 1/2 * 2/3 = 1/3.
    curve = rx.Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0])
    half = F(1, 2)
    assert rx.auc_pr(curve, "davis-goadrich", min_recall=half) == F(7, 24)
    assert rx.auc_pr(curve, "linear", min_recall=half) == F(7, 24)
    assert rx.auc_pr(curve, "step", min_recall=half) == F(1, 3)
    assert_areas(curve, half)


@pytest.mark.parametrize("r0", [F(0), F(1, 8), F(1, 4), F(3, 8), F(1, 2), F(9, 10), F(1)])
def test_min_recall_table1_against_brute_force(r0: Fraction) -> None:
    assert_areas(TABLE1, r0)


# -- property: every method, every min_recall, against the brute force ------------------------


@st.composite
def curves_and_cuts(draw: st.DrawFn) -> tuple[rx.Curve, Fraction]:
    scores, labels = draw(any_dataset)
    curve = rx.Curve.from_scores(scores, labels)
    assert [(p.tp, p.fp) for p in curve.points] == threshold_counts(scores, labels)
    grid = draw(st.integers(1, 2 * curve.positives))
    return curve, F(draw(st.integers(0, grid)), grid)


@given(curves_and_cuts())
def test_areas_against_brute_force(case: tuple[rx.Curve, Fraction]) -> None:
    curve, r0 = case
    assert_areas(curve, r0)


def test_auc_roc_by_hand() -> None:
    # (0,0) (1,0) (1,1) (2,1) (2,2), P = N = 2: trapezoids (1-0)(1+1) + (2-1)(2+2) = 2 + 4 = 6
    # over 2PN = 8 -> 3/4 (pairs: pos 4 beats both negatives, pos 2 beats the negative 1).
    assert rx.auc_roc(rx.Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0])) == F(3, 4)


def test_continuous_when_a_later_run_end_mirrors_an_earlier_log_argument() -> None:
    # Scores 7..1 with labels 0,1,1,0,1,1,1: corners (0,0), (0,1), (2,1), (2,2), (5,2). The runs
    # of positives put log terms at TP + FP = 1 and 3 (first run) and 4 and 7 (second run);
    # 5 - 2 = 3 is also an earlier argument, so a slip from TP + FP to TP - FP would change
    # the value. Checked against mpmath quadrature of the polyline (brute_areas).
    assert_areas(rx.Curve.from_scores([7, 6, 5, 4, 3, 2, 1], [0, 1, 1, 0, 1, 1, 1]))
