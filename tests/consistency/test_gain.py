"""PR-gain curve, AUPRG and the PR-gain convex hull (Flach & Kull 2015), checked independently.

The area is recomputed by calculus with sympy: along the ROC segment from (TP_a, FP_a) to
(TP_b, FP_b), TP = t and FP = FP_a + s (t - TP_a); recall gain rg(t) = 1 - (P/N)(P - t)/t and
precision gain pg(t) = 1 - (P/N) FP(t)/t; the area over recall gain >= 0 is the sum of
integral pg(t) rg'(t) dt from max(TP_a, P^2/(P+N)) to TP_b.  No trapezoid, no straight line
assumed: that the library's trapezoids equal it also proves pg is affine in rg on a segment.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import sympy
from hypothesis import example, given, settings
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact.consistency import auprg, pr_gain_convex_hull, pr_gain_curve, pr_gain_points
from tests.strategies import examples

datasets = (
    st.integers(2, 12)
    .flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(0, 5), min_size=n, max_size=n),
            st.lists(st.integers(0, 1), min_size=n, max_size=n),
        )
    )
    .filter(lambda d: 0 in d[1] and 1 in d[1])
)


def auprg_by_integration(curve: rx.Curve) -> Fraction:
    p, n = curve.positives, curve.negatives
    t = sympy.Symbol("t", positive=True)
    start = sympy.Rational(p * p, p + n)
    total = sympy.Integer(0)
    for (tp_a, fp_a), (tp_b, fp_b) in pairwise(zip(curve.tps, curve.fps, strict=True)):
        if tp_b == tp_a or tp_b <= start:
            continue  # a vertical drop has no width in recall gain
        s = sympy.Rational(fp_b - fp_a, tp_b - tp_a)
        fp = fp_a + s * (t - tp_a)
        rg = 1 - sympy.Rational(p, n) * (p - t) / t
        pg = 1 - sympy.Rational(p, n) * fp / t
        low = sympy.Max(tp_a, start)
        total += sympy.integrate(pg * sympy.diff(rg, t), (t, low, tp_b))
    # pg * rg' has only t^-2 and t^-3 terms, so each integral is rational already; no
    # nsimplify (it rewrites some rationals: nsimplify(97/2880) gives a product of radicals)
    value = sympy.simplify(total)
    assert value.is_Rational
    return Fraction(int(value.p), int(value.q))


def test_by_hand() -> None:
    # P = 1, N = 3 (pi = 1/4), scores 4..1, labels 0, 1, 0, 0: points (0,0), (0,1), (1,1),
    # (1,2), (1,3).  Recall gain 0 at TP = 1/4, on the segment (0,1) -> (1,1) where FP = 1:
    # there rg = 0, pg = 1 - (1/3)(1/(1/4)) = -1/3.  At (1,1): rg = 1, pg = 1 - 1/3 = 2/3.  Then
    # (1,2): rg 1, pg 1/3; (1,3): rg 1, pg 0.  Area: 1 x (-1/3 + 2/3)/2 = 1/6.
    curve = rx.Curve.from_scores([4, 3, 2, 1], [0, 1, 0, 0])
    assert pr_gain_curve(curve) == (
        (0, Fraction(-1, 3)),
        (1, Fraction(2, 3)),
        (1, Fraction(1, 3)),
        (1, 0),
    )
    assert auprg(curve) == Fraction(1, 6)


@settings(max_examples=examples(Fraction(1, 4)), deadline=None)
@given(datasets)
@example(([1, 1, 0, 2, 1, 3, 3, 4, 3], [0, 0, 1, 0, 1, 1, 1, 0, 1]))  # AUPRG 97/2880
def test_auprg_equals_the_integral(data: tuple[list[int], list[int]]) -> None:
    curve = rx.Curve.from_scores(*data)
    assert auprg(curve) == auprg_by_integration(curve)


@given(datasets)
def test_the_hull_image_is_concave_and_dominates_the_curve(
    data: tuple[list[int], list[int]],
) -> None:
    curve = rx.Curve.from_scores(*data)
    hull = pr_gain_points(rx.roc_convex_hull(curve))
    for a, b, c in zip(hull, hull[1:], hull[2:], strict=False):
        assert (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]) <= 0  # no left turn
    for rg, pg in pr_gain_points(curve):
        if rg <= hull[0][0]:  # left of the first vertex: the image of the edge from (0, 0)
            assert pg <= hull[0][1]
            continue
        (r1, p1), (r2, p2) = next((u, v) for u, v in pairwise(hull) if u[0] <= rg <= v[0])
        top = max(p1, p2) if r1 == r2 else p1 + (p2 - p1) * (rg - r1) / (r2 - r1)
        assert pg <= top
    assert auprg(rx.roc_convex_hull(curve)) >= auprg(curve)
    assert pr_gain_convex_hull(curve) == pr_gain_curve(rx.roc_convex_hull(curve))
