"""The greatest DeLong variance at an AUC is attained with single tied pairs as the only ties.

Claim (docs/inference.md, ``rocpr_exact/consistency/delong_greatest.py``).  A tie group of a
positives and b negatives, with x twice the negatives below it and y twice the positives above
it, gives its positives C = x + b and its negatives D = y + a.  Each rewrite below keeps the sum
of the group's C, the sum of its D (so 2U and every other item's placement: an item outside
the group is above or below all of it either way), and does not lower sum C^2 or sum D^2:

1. a = 2h even: h positives, the b negatives, h positives.  C: h at x + 2b, h at x; D: y + a.
   Sums kept; sum C^2 grows by a b^2 (sympy, symbolic).
2. a odd, b = 2k even: k negatives, the a positives, k negatives.  C: x + b; D: k at y,
   k at y + 2a.  Sums kept; sum D^2 grows by b a^2.
3. a = 2h + 1, b = 2k + 1: h positives, k negatives, one tied pair, k negatives, h positives.
   C: h at x + 2b, the pair's x + b, h at x; D: k at y + a - 1 (h positives above them, 2h = a - 1),
   the pair's y + a, k at y + a + 1.  Sums kept; sum C^2 grows by (a - 1) b^2 and sum D^2 by b - 1.

The placements of the rewritten items are written from the counts above and below them (the
doubled placement of a positive is 2 (negatives below) + (tied negatives), of a negative
2 (positives above) + (tied positives)), so each identity is the claim itself.  With
S = P (N - 1) sum C^2 + N (P - 1) sum D^2 and P, N >= 2, S does not fall, and repeating the
rewrite (each one leaves fewer tied items outside single pairs) ends at a ranking whose only
ties are single pairs with S at least that of the start.  The rewrites are also checked on
random rankings through rocpr_exact.areas.variance in tests/consistency/test_delong_greatest.py.
"""

from __future__ import annotations

import sympy

X, Y, H, K = sympy.symbols("x y h k", integer=True, nonnegative=True)


def _zero(expression: sympy.Expr) -> bool:
    return sympy.expand(expression) == 0


def test_a_even() -> None:
    b = sympy.Symbol("b", integer=True, nonnegative=True)
    a = 2 * H
    before_c, before_d = a * (X + b), b * (Y + a)
    top, bottom = X + 2 * b, X  # h positives above all b negatives, h below
    after_c = H * top + H * bottom
    after_d = b * (Y + 2 * H)  # each negative has the h top positives above it
    assert _zero(after_c - before_c) and _zero(after_d - before_d)
    squares_c = H * top**2 + H * bottom**2 - a * (X + b) ** 2
    assert _zero(squares_c - a * b**2)
    assert _zero(b * (Y + 2 * H) ** 2 - b * (Y + a) ** 2)


def test_a_odd_b_even() -> None:
    a = 2 * H + 1
    b = 2 * K
    before_c, before_d = a * (X + b), b * (Y + a)
    after_c = a * (X + 2 * K)  # every positive has k negatives below it (2k doubled)
    top, bottom = Y, Y + 2 * a  # k negatives above every positive, k below
    after_d = K * top + K * bottom
    assert _zero(after_c - before_c) and _zero(after_d - before_d)
    squares_d = K * top**2 + K * bottom**2 - b * (Y + a) ** 2
    assert _zero(squares_d - b * a**2)


def test_both_odd() -> None:
    a, b = 2 * H + 1, 2 * K + 1
    before_c, before_d = a * (X + b), b * (Y + a)
    # positives: h above every negative (2b), the pair's (2k below + 1 tied), h below all
    c_top, c_pair, c_bottom = X + 2 * b, X + 2 * K + 1, X
    # negatives: k with the h top positives above (2h), the pair's (2h + 1 tied), k with h + 1
    d_top, d_pair, d_bottom = Y + 2 * H, Y + 2 * H + 1, Y + 2 * (H + 1)
    assert _zero(c_pair - (X + b)) and _zero(d_pair - (Y + a))
    assert _zero(d_top - (Y + a - 1)) and _zero(d_bottom - (Y + a + 1))
    after_c = H * c_top + c_pair + H * c_bottom
    after_d = K * d_top + d_pair + K * d_bottom
    assert _zero(after_c - before_c) and _zero(after_d - before_d)
    squares_c = H * c_top**2 + c_pair**2 + H * c_bottom**2 - a * (X + b) ** 2
    squares_d = K * d_top**2 + d_pair**2 + K * d_bottom**2 - b * (Y + a) ** 2
    assert _zero(squares_c - (a - 1) * b**2) and _zero(squares_d - (b - 1))
