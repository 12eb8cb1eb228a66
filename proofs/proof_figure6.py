"""Figure 6: the four PR areas of the paper's "incorrect interpolation" example, exactly.

Claim checked (Davis & Goadrich 2006, Section 4 and Figure 6).  A dataset of P = 433 positives and
N = 56,164 negatives; 9 positives are ranked above everything, the other 424 positives and all
negatives share one lower score.  ROC points (TP, FP): (0, 0), (9, 0), (433, 56164).  The paper
says that interpolating correctly gives AUC-PR 0.031 and linear interpolation 0.50.

Exact values (all starting at recall 0 with the limit-convention precision 1: the first segment
(0, 0) -> (9, 0) has precision 1 throughout):

(i)   Davis-Goadrich: composite trapezoid over the interpolated points TP = 9, 10, ..., 433 with
      FP = (TP - 9) 56164/424, plus the rectangle 9/433 of the first segment.  An exact rational
      (denominator of about 1,950 digits) = 0.0302763314...  (prints 0.030, not 0.031).
(ii)  continuous: 9/433 + (1/433) [424/k - (c/k^2) ln(56597/9)] with s = 56164/424 = 14041/106,
      k = 14147/106, c = -9 s, i.e.
          172267/6125651 + (13395114/86659584697) ln(56597/9) = 0.0294741943...
(iii) linear (straight PR lines through (0, 1), (9/433, 1), (1, 433/56597)):
          12599733/24506501 = 0.5141383913...  (prints 0.51, not 0.50)
(iv)  step (average precision): 9/433 * 1 + (424/433)(433/56597) = 692965/24506501 = 0.0282767826...

Each value is derived twice: (i) by a Fraction loop over t/(t + FP(t)) and by a sympy Rational sum
of the paper's printed formula; (ii) by the closed form and by ``sympy.integrate``; (iii) and (iv)
by hand (in the comments) and by Fractions.  Decimals are exact (integer arithmetic on the
rationals) or certified (mpmath interval arithmetic for (ii)).  See ``ERRATA.md`` for the
discussion of the printed 0.031 and 0.50.

Library functions that rely on it: ``rocpr_exact/areas/auc.py`` -- ``auc_pr`` (all four methods),
``rocpr_exact/exact/closedform.py`` -- ``ClosedForm``; golden values for
``tests/areas/test_auc.py``.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import mpmath
import sympy

from proofs._certified import bounds, certified, rounded, working_precision

POSITIVES, NEGATIVES, TOP = 433, 56164, 9
SKEW = Fraction(NEGATIVES, POSITIVES - TOP)  # 56164/424 = 14041/106, by hand (divide by 4)


def _trapezoids(points: list[tuple[Fraction, Fraction]]) -> Fraction:
    return sum(
        ((r1 - r0) * (p0 + p1) / 2 for (r0, p0), (r1, p1) in itertools.pairwise(points)),
        Fraction(0),
    )


def davis_goadrich(top: int = TOP) -> Fraction:
    """(i) with ``top`` positives ranked first: points every integer TP, limit start (0, 1)."""
    skew = Fraction(NEGATIVES, POSITIVES - top)
    points = [(Fraction(0), Fraction(1))]  # recall 0, limit precision of the first segment
    points += [(Fraction(t, POSITIVES), Fraction(1)) for t in range(1, top + 1)]  # FP = 0
    for t in range(top + 1, POSITIVES + 1):
        fp = (t - top) * skew
        points.append((Fraction(t, POSITIVES), t / (t + fp)))
    return _trapezoids(points)


def test_skew() -> None:
    assert Fraction(14041, 106) == SKEW


def test_i_davis_goadrich() -> None:
    dg = davis_goadrich()
    # Second method: the paper's printed formula for the points between A = (9, 0) and
    # B = (433, 56164), x = 1 .. 423, with sympy Rationals; trapezoids written as
    # (1/P) [ (p_A + p_B)/2 + sum of the interior precisions ] plus the first segment's 9/433.
    x = sympy.Symbol("x")
    tp_a, fp_a, tp_b, fp_b = 9, 0, 433, 56164
    formula = (tp_a + x) / (tp_a + x + fp_a + sympy.Rational(fp_b - fp_a, tp_b - tp_a) * x)
    interior = sum(formula.subs(x, step) for step in range(1, tp_b - tp_a))
    p_a, p_b = sympy.Integer(1), sympy.Rational(433, 56597)
    second = sympy.Rational(9, 433) + ((p_a + p_b) / 2 + interior) / 433
    assert sympy.Rational(dg.numerator, dg.denominator) == second
    # Third form (by hand, multiplying by 106): (9 + x)/(9 + x + 14041 x/106)
    # = 106 (9 + x)/(954 + 14147 x); this is the exact form quoted in ERRATA.md.
    third = (
        Fraction(9, 433)
        + (
            (1 + Fraction(433, 56597)) / 2
            + sum(Fraction(106 * (9 + x_), 954 + 14147 * x_) for x_ in range(1, 424))
        )
        / 433
    )
    assert third == dg
    assert rounded(dg, 10) == "0.0302763314"
    assert rounded(dg, 3) == "0.030"  # the paper prints 0.031
    # Chord inequalities (proof_interpolation.py, c = -9 s < 0): continuous < DG < linear.
    assert dg < linear()
    with working_precision(200):
        assert bounds(continuous_interval())[1] < dg


def test_i_sensitivity_to_top_count() -> None:
    # The printed 0.031 is bracketed by 9 and 10 top-ranked positives, matched by neither.
    assert rounded(davis_goadrich(10), 4) == "0.0327"
    assert rounded(davis_goadrich(9), 4) == "0.0303"


def continuous_exact() -> sympy.Expr:
    # By hand: k = 1 + 14041/106 = 14147/106, c = 0 - s * 9 = -126369/106;
    # 424/k = 44944/14147; -c/k^2 = 126369 * 106/14147^2 = 13395114/200137609;
    # k t + c = t + FP: 56597 at t = 433 and 9 at t = 9.  Rational part
    # 9/433 + 44944/(433 * 14147) = (9 * 14147 + 44944)/6125651 = 172267/6125651.
    return sympy.Rational(172267, 6125651) + sympy.Rational(13395114, 86659584697) * sympy.log(
        sympy.Rational(56597, 9)
    )


def continuous_interval() -> mpmath.ctx_iv.ivmpf:
    iv = mpmath.iv
    return iv.mpf(172267) / 6125651 + iv.mpf(13395114) / 86659584697 * iv.log(iv.mpf(56597) / 9)


def test_ii_continuous() -> None:
    t = sympy.Symbol("t", positive=True)
    s = sympy.Rational(NEGATIVES, POSITIVES - TOP)
    integral = (
        sympy.Rational(TOP, POSITIVES)
        + sympy.integrate(t / (t + (t - TOP) * s), (t, TOP, POSITIVES)) / POSITIVES
    )
    assert sympy.simplify(sympy.expand_log(integral - continuous_exact(), force=True)) == 0
    with working_precision(200):
        enclosure = continuous_interval()
    low, high = bounds(enclosure)
    assert high - low < Fraction(1, 10**50)
    assert certified(enclosure, 10) == "0.0294741943"  # every point of the interval rounds so
    assert certified(enclosure, 3) == "0.029"


def linear() -> Fraction:
    return _trapezoids(
        [
            (Fraction(0), Fraction(1)),
            (Fraction(9, 433), Fraction(1)),
            (Fraction(1), Fraction(433, 56597)),
        ]
    )


def test_iii_linear() -> None:
    # By hand: 9/433 + (424/433)(1 + 433/56597)/2 = 9/433 + 212 * 57030/(433 * 56597)
    # = (509373 + 12090360)/24506501 = 12599733/24506501.
    assert linear() == Fraction(12599733, 24506501)
    assert rounded(linear(), 10) == "0.5141383913"
    assert rounded(linear(), 2) == "0.51"  # the paper prints 0.50
    # A single straight segment from (0, 1) to (1, 433/56597), dropping (9/433, 1), gives
    # (1 + 433/56597)/2 = 28515/56597, which does print 0.50; the paper's rounded points
    # (0, 1), (0.02, 1), (1, 0.008) give 0.02 + 0.98 * 1.008/2 = 0.51392 (prints 0.51).
    single = _trapezoids([(Fraction(0), Fraction(1)), (Fraction(1), Fraction(433, 56597))])
    assert single == Fraction(28515, 56597) and rounded(single, 2) == "0.50"
    rounded_points = _trapezoids(
        [
            (Fraction(0), Fraction(1)),
            (Fraction(2, 100), Fraction(1)),
            (Fraction(1), Fraction(8, 1000)),
        ]
    )
    assert rounded_points == Fraction(51392, 100000)


def test_iv_average_precision() -> None:
    # By hand: thresholds (9, 0) and (433, 56164): 9/433 * 1 + (424/433)(433/56597)
    # = 9/433 + 424/56597 = (9 * 56597 + 424 * 433)/24506501 = (509373 + 183592)/24506501.
    recalls = [Fraction(0), Fraction(9, 433), Fraction(1)]
    precisions = [Fraction(9, 9), Fraction(433, 433 + 56164)]
    ap = sum(
        (
            (r1 - r0) * p
            for (r0, r1), p in zip(itertools.pairwise(recalls), precisions, strict=True)
        ),
        Fraction(0),
    )
    assert ap == Fraction(692965, 24506501)
    assert rounded(ap, 10) == "0.0282767826"


def test_printed_points() -> None:
    # The figure's (0.02, 1) and (1, 0.008) are the correctly rounded 9/433 = 0.0208 and
    # 433/56597 = 0.00765.
    assert rounded(Fraction(9, 433), 2) == "0.02"
    assert rounded(Fraction(433, 56597), 3) == "0.008"
