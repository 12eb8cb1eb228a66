"""The closed-form area under a PR segment (the ``continuous`` AUC-PR).

Claim (Davis & Goadrich 2006, Section 4: the exact PR curve between two points;
docs/design.md, section 1, "Areas").
On a ROC segment A -> B with TP_B > TP_A >= 0, FP_B >= FP_A >= 0, over P positives, let
s = (FP_B - FP_A)/(TP_B - TP_A), k = 1 + s and c = FP_A - s TP_A, so that the precision at
TP = t is t/(k t + c) (``proof_interpolation.py``) and recall = t/P.  Then

    F(t) = (1/P) [ t/k - (c/k^2) ln(k t + c) ]   satisfies   dF/dt = (1/P) t/(k t + c),

so the area under the PR segment, int precision d(recall) = (1/P) int_{TP_A}^{TP_B} t/(kt+c) dt, is

    F(TP_B) - F(TP_A) = (TP_B - TP_A)/(P k) - (c/(P k^2)) ln((TP_B + FP_B)/(TP_A + FP_A)),

because k TP + c = TP + FP at both endpoints (a rational plus a rational times the log of a ratio
of integers when A and B are integer points).  The log's argument is positive: k t + c = t + FP(t)
> 0 for every t > 0 on the segment (z3).  Special cases:

- c = 0 (e.g. every segment leaving (0, 0)): precision is constant 1/k, the log term vanishes and
  the area is (TP_B - TP_A)/(P k); at t = 0 the formula's ln(k t) is multiplied by c = 0 and is
  simply absent (this is the case where k t + c = 0 at t = 0).
- s = 0 (k = 1, a vertical ROC segment): c = FP_A and F(t) = (1/P) [t - FP_A ln(t + FP_A)].

Proof: sympy differentiation identities; z3 for the positivity of the log argument (with a refuted
wrong variant); and for five concrete rational segments ``sympy.integrate`` of the precision
equals the closed form exactly (difference simplifies to 0), independently of F.

Library functions that rely on it: ``rocpr_exact/exact/closedform.py`` -- ``ClosedForm``;
``rocpr_exact/areas/auc.py`` -- ``auc_pr(curve, method="continuous")``.  Property test:
``tests/areas/test_auc.py``.
"""

from __future__ import annotations

import sympy
import z3

from proofs._smt import prove_and_refute, value

t, P, k = sympy.symbols("t P k", positive=True)
c = sympy.Symbol("c", real=True)


def antiderivative(
    at: sympy.Expr, kk: sympy.Expr, cc: sympy.Expr, positives: sympy.Expr
) -> sympy.Expr:
    """F(t) = (1/P) [t/k - (c/k^2) ln(k t + c)]."""
    return (at / kk - cc / kk**2 * sympy.log(kk * at + cc)) / positives


def test_derivative_of_antiderivative() -> None:
    assert sympy.simplify(sympy.diff(antiderivative(t, k, c, P), t) - t / (k * t + c) / P) == 0


def test_endpoint_form() -> None:
    ta, fa, tb, fb = sympy.symbols("TP_A FP_A TP_B FP_B", positive=True)
    s = (fb - fa) / (tb - ta)
    kk, cc = 1 + s, fa - s * ta
    # k TP + c = TP + FP at both endpoints.
    assert sympy.simplify(kk * ta + cc - (ta + fa)) == 0
    assert sympy.simplify(kk * tb + cc - (tb + fb)) == 0
    area = antiderivative(tb, kk, cc, P) - antiderivative(ta, kk, cc, P)
    endpoint_form = (tb - ta) / (P * kk) - cc / (P * kk**2) * sympy.log((tb + fb) / (ta + fa))
    difference = area - endpoint_form
    # Replace k TP + c by TP + FP inside the logs, then combine them (all arguments positive).
    difference = difference.subs({kk * ta + cc: ta + fa, kk * tb + cc: tb + fb})
    difference = sympy.expand_log(difference, force=True)
    assert sympy.simplify(difference) == 0


def test_case_c_zero() -> None:
    ta, tb = sympy.symbols("TP_A TP_B", nonnegative=True)
    assert sympy.simplify(t / (k * t + 0) - 1 / k) == 0  # constant precision 1/k
    area = antiderivative(tb, k, 0, P) - antiderivative(ta, k, 0, P)
    assert sympy.simplify(area - (tb - ta) / (P * k)) == 0
    # A segment leaving (0, 0) has c = 0: c = FP_A - s TP_A with FP_A = TP_A = 0.
    s, fa_, ta_ = sympy.symbols("s FP_A TP_A", nonnegative=True)
    assert (fa_ - s * ta_).subs({fa_: 0, ta_: 0}) == 0


def test_case_s_zero() -> None:
    fa = sympy.Symbol("FP_A", positive=True)
    # s = 0: k = 1 and c = FP_A - 0 * TP_A = FP_A.
    f = antiderivative(t, 1, fa, P)
    assert sympy.simplify(f - (t - fa * sympy.log(t + fa)) / P) == 0
    assert sympy.simplify(sympy.diff(f, t) - t / (t + fa) / P) == 0


def test_log_argument_positive() -> None:
    ta, fa, tb, fb, tt = z3.Reals("TP_A FP_A TP_B FP_B t")
    s = (fb - fa) / (tb - ta)
    kk, cc = 1 + s, fa - s * ta
    segment = z3.And(ta >= 0, tb > ta, fa >= 0, fb >= fa, ta <= tt, tt <= tb)
    claim = z3.Implies(z3.And(segment, tt > 0), kk * tt + cc > 0)
    wrong = z3.Implies(z3.And(segment, tt >= 0), kk * tt + cc > 0)  # t = 0 allowed
    m = prove_and_refute(claim, wrong)
    assert value(m, tt) == 0 and value(m, fa) == 0  # the segment leaves (0, 0): c = 0, log absent


def _segment_area(
    a: tuple[int, int], b: tuple[int, int], positives: int
) -> tuple[sympy.Expr, sympy.Expr]:
    """(integral computed by sympy, closed form) for the segment a -> b given as (TP, FP)."""
    (ta, fa), (tb, fb) = a, b
    s = sympy.Rational(fb - fa, tb - ta)
    kk, cc = 1 + s, fa - s * ta
    tt = sympy.Symbol("tt", positive=True)
    integral = sympy.integrate(tt / (tt + fa + s * (tt - ta)), (tt, ta, tb)) / positives
    if cc == 0:
        closed = sympy.Rational(tb - ta) / (positives * kk)
    else:
        closed = antiderivative(tb, kk, cc, positives) - antiderivative(ta, kk, cc, positives)
    return integral, closed


# (A, B, P, area derived by hand from the closed form, its leading digits by hand)
SEGMENTS = [
    # s = 0, k = 1, c = 1: (1/2)[t - ln(t + 1)]_1^2; ln 1.5 = 0.405465...
    ((1, 1), (2, 1), 2, (1 - sympy.log(sympy.Rational(3, 2))) / 2, "0.29726"),
    # Table 1: s = 5, k = 6, c = -20: (1/20)[5/6 + (20/36) ln(40/10)]; ln 4 = 1.386294...
    (
        (5, 5),
        (10, 30),
        20,
        (sympy.Rational(5, 6) + sympy.Rational(5, 9) * sympy.log(4)) / 20,
        "0.08017",
    ),
    # Negatives first (FP_A = 3 at TP_A = 0): s = 1/2, k = 3/2, c = 3: (2/3)(1 - ln 2)
    ((0, 3), (2, 4), 2, sympy.Rational(2, 3) * (1 - sympy.log(2)), "0.20456"),
    # Leaving (0, 0): s = 2, k = 3, c = 0: precision 1/3 on a recall range of 1
    ((0, 0), (3, 6), 3, sympy.Rational(1, 3), "0.33333"),
    # Rising precision: s = 1/2, k = 3/2, c = 5/2: (1/3)(4/3 - (10/9) ln(7/4)); ln 1.75 = 0.5596...
    (
        (1, 3),
        (3, 4),
        3,
        (sympy.Rational(4, 3) - sympy.Rational(10, 9) * sympy.log(sympy.Rational(7, 4))) / 3,
        "0.23717",
    ),
]


def test_definite_integrals_match_closed_form() -> None:
    for a, b, positives, hand, digits in SEGMENTS:
        integral, closed = _segment_area(a, b, positives)
        for other in (closed, hand):
            assert sympy.simplify(sympy.expand_log(integral - other, force=True)) == 0, (a, b)
        # sympy's evalf bounds its error; 20 significant digits, compared on a 5-digit prefix.
        assert str(sympy.N(hand, 20)).startswith(digits), (a, b)
