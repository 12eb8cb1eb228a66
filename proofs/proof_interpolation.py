"""Section 4: PR interpolation along a ROC segment, its monotonicity and convexity, and Table 1.

Claims (Davis & Goadrich 2006, Section 4 and Table 1).  Take a ROC segment from A = (TP_A, FP_A) to
B = (TP_B, FP_B) with TP_B > TP_A >= 0, FP_B >= FP_A >= 0, over P positives; local skew
s = (FP_B - FP_A)/(TP_B - TP_A) >= 0; k = 1 + s >= 1 and c = FP_A - s TP_A.

(a) The Davis-Goadrich points (TP_A + x, FP_A + s x) lie on the segment's line, and their PR
    images are the paper's formula ((TP_A + x)/P, (TP_A + x)/(TP_A + x + FP_A + s x)).
(b) Along the segment (TP = t in [TP_A, TP_B], FP(t) = FP_A + s (t - TP_A)) the precision is

        p(t) = t / (t + FP(t)) = t / (k t + c),      dp/dt = c / (k t + c)^2,

    and k t + c = t + FP(t) > 0 wherever p is defined, so p is strictly increasing, constant or
    strictly decreasing along the segment according as c > 0, c = 0, c < 0.  c > 0 means
    FP_A > s TP_A: the local skew is below A's own ratio FP_A/TP_A, precision rises from A to B.
(c) p''(t) = -2 c k / (k t + c)^3: p is strictly concave for c > 0, linear (constant) for c = 0 and
    strictly convex for c < 0.  Hence the straight PR chord from A to B (linear interpolation in PR
    space; recall is linear in t) lies strictly BELOW the true curve when c > 0 (it
    under-estimates the area), on it when c = 0 and strictly ABOVE it when c < 0 (it
    over-estimates, the paper's "overly-optimistic").  The same holds for each sub-chord of the
    discrete interpolation, so for c < 0:  linear >= Davis-Goadrich >= continuous area, and the
    reverse for c > 0 (each interior DG node lies on the same side of the long chord).
(d) On the ROC convex hull every edge has c <= 0 (the local skews s increase along a concave
    chain starting at (0, 0)), so on the achievable PR curve linear interpolation never
    under-estimates: the paper's statement holds there, but not for arbitrary curves.
    Counter-example (see ``ERRATA.md``): P = 2, segment A = (TP, FP) = (1, 1) -> B = (2, 1), e.g.
    the dataset {pos, neg} tied above one pos (N = 1).  s = 0, c = 1, p(t) = t/(t + 1): the linear
    area is 7/24 = 0.2916..., the true area (1 - ln(3/2))/2 = 0.2972...: linear is pessimistic.
(e) Table 1: P = 20, N = 2000, A = (5, 5), B = (10, 30) interpolates to (5,5), (6,10), (7,15),
    (8,20), (9,25), (10,30) with precisions 1/2, 3/8, 7/22, 2/7, 9/34, 1/4.

Proof: sympy identities for (a), (b), (c); z3 over the reals for the sign statements of (b), the
chord inequality of (c) and the hull step of (d), each with a refuted wrong variant; Fractions for
(d)'s exact areas and (e).

Library functions that rely on it: ``rocpr_exact/core/segment.py`` -- ``local_skew``, ``Segment``;
``rocpr_exact/geometry/interpolation.py`` -- ``interpolate_pr``; ``Curve.precision_at`` in
``rocpr_exact/core/curve.py``; ``rocpr_exact/areas/auc.py`` -- ``auc_pr`` (methods
``davis-goadrich``,
``linear``).  Property test: ``tests/areas/test_auc.py``.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import mpmath
import sympy
import z3

from proofs._certified import bounds, certified, rounded, working_precision
from proofs._smt import precision, prove_and_refute, value

# sympy symbols for the identities.
t, x, P = sympy.symbols("t x P", positive=True)
TP_A, FP_A, TP_B, FP_B = sympy.symbols("TP_A FP_A TP_B FP_B", nonnegative=True)
s_sym = (FP_B - FP_A) / (TP_B - TP_A)
k_sym = 1 + s_sym
c_sym = FP_A - s_sym * TP_A
p_sym = t / (t + FP_A + s_sym * (t - TP_A))


def test_a_points_on_segment_and_pr_formula() -> None:
    tp, fp = TP_A + x, FP_A + s_sym * x
    # On the line through A and B: (FP - FP_A)(TP_B - TP_A) - (TP - TP_A)(FP_B - FP_A) = 0.
    assert sympy.simplify((fp - FP_A) * (TP_B - TP_A) - (tp - TP_A) * (FP_B - FP_A)) == 0
    # x = 0 gives A, x = TP_B - TP_A gives B.
    assert sympy.simplify(fp.subs(x, 0) - FP_A) == 0
    assert sympy.simplify(fp.subs(x, TP_B - TP_A) - FP_B) == 0
    # PR image equals the paper's printed formula, and p(t) at t = TP_A + x.
    paper_precision = (TP_A + x) / (TP_A + x + FP_A + (FP_B - FP_A) / (TP_B - TP_A) * x)
    assert sympy.simplify(tp / (tp + fp) - paper_precision) == 0
    assert sympy.simplify(p_sym.subs(t, TP_A + x) - paper_precision) == 0


def test_b_precision_form_and_derivative() -> None:
    assert sympy.simplify(p_sym - t / (k_sym * t + c_sym)) == 0
    assert sympy.simplify(sympy.diff(p_sym, t) - c_sym / (k_sym * t + c_sym) ** 2) == 0
    # The denominator is TP + FP on the segment.
    assert sympy.simplify(k_sym * t + c_sym - (t + FP_A + s_sym * (t - TP_A))) == 0


def test_c_second_derivative() -> None:
    k, c = sympy.symbols("k c")
    p = t / (k * t + c)
    assert sympy.simplify(sympy.diff(p, t, 2) - (-2 * c * k / (k * t + c) ** 3)) == 0


# z3 (reals) for the segment.
ta, fa, tb, fb, t1, t2 = z3.Reals("TP_A FP_A TP_B FP_B t1 t2")
S = (fb - fa) / (tb - ta)
C = fa - S * ta
SEGMENT = z3.And(ta >= 0, tb > ta, fa >= 0, fb >= fa)


def _fp(at: z3.ArithRef) -> z3.ArithRef:
    return fa + S * (at - ta)


def test_b_monotone_by_sign_of_c() -> None:
    hyp = z3.And(SEGMENT, ta <= t1, t1 < t2, t2 <= tb, t1 + _fp(t1) > 0)
    p1, p2 = precision(t1, _fp(t1)), precision(t2, _fp(t2))
    claim = z3.Implies(
        hyp, z3.And((p2 > p1) == (C > 0), (p2 == p1) == (C == 0), (p2 < p1) == (C < 0))
    )
    # Wrong variant: "precision never increases along a segment" (false when c > 0).
    m = prove_and_refute(claim, z3.Implies(hyp, p2 <= p1))
    a_tp, a_fp, b_tp, b_fp = (value(m, v) for v in (ta, fa, tb, fb))
    skew = (b_fp - a_fp) / (b_tp - a_tp)
    assert a_fp - skew * a_tp > 0  # the counter-model has c > 0


def test_c_chord_versus_curve() -> None:
    # p(t) = t/(k t + c) with k > 0 and k t_A + c > 0 (TP + FP > 0 at A, hence on the whole
    # segment); a point strictly inside, t = t_A + lam (t_B - t_A), 0 < lam < 1.
    k, c, lam = z3.Reals("k c lam")

    def p(at: z3.ArithRef) -> z3.ArithRef:
        return at / (k * at + c)

    inside = ta + lam * (tb - ta)
    chord = (1 - lam) * p(ta) + lam * p(tb)
    hyp = z3.And(k > 0, ta >= 0, tb > ta, k * ta + c > 0, lam > 0, lam < 1)
    claim = z3.Implies(
        hyp,
        z3.And(
            (chord > p(inside)) == (c < 0),  # convex: linear interpolation over-estimates
            (chord == p(inside)) == (c == 0),
            (chord < p(inside)) == (c > 0),  # concave: linear interpolation under-estimates
        ),
    )
    # Wrong variant: the paper's unqualified "linear interpolation is overly optimistic".
    m = prove_and_refute(claim, z3.Implies(hyp, chord >= p(inside)))
    kv, cv, a, b, lv = (value(m, v) for v in (k, c, ta, tb, lam))
    tv = a + lv * (b - a)
    assert cv > 0 and (1 - lv) * a / (kv * a + cv) + lv * b / (kv * b + cv) < tv / (kv * tv + cv)


def test_d_hull_edges_have_c_nonpositive() -> None:
    # Induction along the upper hull from (0, 0): invariant FP_A <= s_prev TP_A at vertex A,
    # where s_prev is the skew of the edge into A (at (0, 0): 0 <= s 0, any s).  Concavity in
    # ROC space means the skews increase: s >= s_prev.  Step: the edge A -> B has
    # c = FP_A - s TP_A <= 0 and B satisfies the invariant with s.
    s_prev, s, d = z3.Reals("s_prev s d")
    hyp = z3.And(ta >= 0, fa >= 0, s_prev >= 0, d > 0, fa <= s_prev * ta)
    step = z3.And(fa - s * ta <= 0, fa + s * d <= s * (ta + d))
    claim = z3.Implies(z3.And(hyp, s >= s_prev), step)
    wrong = z3.Implies(z3.And(hyp, s >= 0), step)  # a non-concave chain
    m = prove_and_refute(claim, wrong)
    assert value(m, s) < value(m, s_prev)


def _area(points: list[tuple[Fraction, Fraction]]) -> Fraction:
    """Trapezoid rule over (recall, precision) points."""
    return sum(
        ((r1 - r0) * (p0 + p1) / 2 for (r0, p0), (r1, p1) in itertools.pairwise(points)),
        Fraction(0),
    )


def test_d_counter_example_exact_areas() -> None:
    # Segment A = (TP, FP) = (1, 1) -> B = (2, 1), P = 2.  By hand: s = 0, k = 1, c = 1,
    # p(1) = 1/2, p(2) = 2/3.  Linear: (1/2) (1/2 + 2/3)/2 = 7/24.  True: (1/2) int_1^2 t/(t+1) dt
    # = (1/2) [t - ln(t+1)]_1^2 = (1 - ln(3/2))/2.
    positives = 2
    a, b = (1, 1), (2, 1)
    linear = _area([(Fraction(tp, positives), Fraction(tp, tp + fp)) for tp, fp in (a, b)])
    assert linear == Fraction(7, 24)
    tt = sympy.Symbol("tt", positive=True)
    true_area = sympy.integrate(tt / (tt + 1), (tt, 1, 2)) / positives
    assert sympy.simplify(true_area - (1 - sympy.log(sympy.Rational(3, 2))) / 2) == 0
    # ln(3/2) < 5/12 (so true > 7/24): exp(5/12) > 3/2 certified by interval arithmetic.
    difference = true_area - sympy.Rational(7, 24)  # = 5/24 - ln(3/2)/2
    assert (
        sympy.simplify(difference - (sympy.Rational(5, 24) - sympy.log(sympy.Rational(3, 2)) / 2))
        == 0
    )
    assert difference.is_positive
    with working_precision(80):
        enclosure = mpmath.iv.mpf(5) / 24 - mpmath.iv.log(mpmath.iv.mpf(3) / 2) / 2
    assert bounds(enclosure)[0] > 0  # certified: the whole interval is positive
    # By hand: ln 1.5 = 0.4054651081, 5/24 - ln(1.5)/2 = 0.2083333333 - 0.2027325541 = 0.0056007793
    assert certified(enclosure, 7) == "0.0056008"
    # Whole curve for the dataset {pos, neg} tied above pos (P = 2, N = 1): first segment from
    # (0, 0) to (1, 1) has c = 0, precision 1/2 constant, area 1/4 for every method.  Linear total
    # 13/24 = 0.5417 < continuous 3/4 - ln(3/2)/2 = 0.5473.
    whole_linear = Fraction(1, 4) + linear
    assert whole_linear == Fraction(13, 24)
    assert (
        sympy.N(
            sympy.Rational(3, 4) - sympy.log(sympy.Rational(3, 2)) / 2 - sympy.Rational(13, 24), 30
        )
        > 0
    )


def _dg_points(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, Fraction]]:
    (tp_a, fp_a), (tp_b, fp_b) = a, b
    skew = Fraction(fp_b - fp_a, tp_b - tp_a)
    return [(tp_a + step, fp_a + skew * step) for step in range(tp_b - tp_a + 1)]


def test_e_table_1() -> None:
    positives = 20
    points = _dg_points((5, 5), (10, 30))
    # By hand: s = (30 - 5)/(10 - 5) = 5; precisions 5/10, 6/16, 7/22, 8/28, 9/34, 10/40.
    assert points == [(5, 5), (6, 10), (7, 15), (8, 20), (9, 25), (10, 30)]
    precisions = [Fraction(tp, tp + fp) for tp, fp in points]
    expected = [
        Fraction(1, 2),
        Fraction(3, 8),
        Fraction(7, 22),
        Fraction(2, 7),
        Fraction(9, 34),
        Fraction(1, 4),
    ]
    assert precisions == expected
    recalls = [Fraction(tp, positives) for tp, _ in points]
    # The table's printed decimals (REC, PREC) are the correctly rounded values (see ERRATA.md).
    printed = [
        ("0.25", "0.500"),
        ("0.30", "0.375"),
        ("0.35", "0.318"),
        ("0.40", "0.286"),
        ("0.45", "0.265"),
        ("0.50", "0.250"),
    ]
    for r, p, (r_printed, p_printed) in zip(recalls, precisions, printed, strict=True):
        assert rounded(r, 2) == r_printed and rounded(p, 3) == p_printed
    # The segment has c = 5 - 5*5 = -20 < 0: precision decreases, linear over-estimates here.
    linear = _area([(recalls[0], precisions[0]), (recalls[-1], precisions[-1])])
    dg = _area(list(zip(recalls, precisions, strict=True)))
    # By hand: linear = (5/20)(1/2 + 1/4)/2 = 3/32; continuous (Section 4 closed form with k = 6,
    # c = -20) = (1/20)(5/6 + (5/9) ln 4) = 0.0801748...
    assert linear == Fraction(3, 32)
    continuous = (sympy.Rational(5, 6) + sympy.Rational(5, 9) * sympy.log(4)) / 20
    tt = sympy.Symbol("tt", positive=True)
    integral = sympy.integrate(tt / (6 * tt - 20), (tt, 5, 10)) / positives
    assert sympy.simplify(sympy.expand_log(integral - continuous, force=True)) == 0
    with working_precision(80):
        enclosure = (mpmath.iv.mpf(5) / 6 + mpmath.iv.mpf(5) / 9 * mpmath.iv.log(4)) / 20
    assert certified(enclosure, 7) == "0.0801748"
    assert bounds(enclosure)[1] < dg  # continuous < DG, certified
    assert dg < linear
    # By hand: DG = (1/20)(1/2)[1/2 + 2 (3/8 + 7/22 + 2/7 + 9/34) + 1/4]; over 10472 = 8*11*7*17 the
    # inner sum is (3927 + 3332 + 2992 + 2772)/10472 = 13023/10472, so DG = (16950/5236)/40
    # = 1695/20944.
    assert dg == Fraction(1695, 20944)
