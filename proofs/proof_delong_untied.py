"""The least DeLong variance of a ranking without ties, and the paired covariance bound.

Claims (docs/inference.md, ``rocpr_exact/consistency/delong_untied.py``,
``rocpr_exact/consistency/delong_paired.py``):

1. Cell sums.  A row of c cells has sum over its cells of (2j - 1) = c^2 (sympy, symbolic c),
   so for a Young diagram sum_i c_i^2 = sum over cells of (2j - 1) and sum_j d_j^2 = sum over
   cells of (2i - 1).
2. The variance as a cell sum.  With C = 2c, D = 2d, m = 2U and S_col = sum c^2,
   S_row = sum d^2,
       4 S_col / (4 N^2 P (P - 1)) + 4 S_row / (4 P^2 N (N - 1))
         = gamma (P (N - 1) S_col + N (P - 1) S_row),  gamma = 1 / (N^2 P^2 (P - 1)(N - 1))
   (sympy), i.e. var = gamma * sum over cells of w(i, j) - kappa m^2 with
   w(i, j) = P (N - 1)(2j - 1) + N (P - 1)(2i - 1).
3. Least sum.  w grows strictly in i and in j (P, N >= 2: both coefficients positive; z3), so
   a sublevel set {w < t} is a Young diagram and the U cells of least w are attained by a
   ranking; any U cells sum to at least the U least (an exchange argument, not mechanised here;
   checked against every ranking for P, N <= 4 by tests/consistency/test_delong_untied.py).
4. One tied pair (odd m).  Adding 1 to one C_i and one D_j of an untied ranking does not lower
   sum C^2 or sum D^2 (C_i, D_j >= 0; z3), so var >= untied minimum - kappa (m^2 - (m - 1)^2).
5. Paired covariance.  var_A = |u|^2, var_B = |v|^2 and cov = u . v for u, v the centred
   placements of A and B (positives' block scaled by 1 / sqrt(P (P - 1)) (1 / (2N)), negatives'
   by 1 / sqrt(N (N - 1)) (1 / (2P)), concatenated), so cov^2 <= var_A var_B is Cauchy-Schwarz
   (z3 checks it over the reals for 2 and 3 coordinates), which gives
   var_A + var_B - 2 cov <= (sqrt(var_A) + sqrt(var_B))^2.
"""

from __future__ import annotations

import sympy
import z3

from proofs._smt import prove


def test_row_of_cells() -> None:
    c, j = sympy.symbols("c j", integer=True, nonnegative=True)
    assert sympy.simplify(sympy.summation(2 * j - 1, (j, 1, c)) - c**2) == 0


def test_variance_as_cell_sum() -> None:
    p, n, s_col, s_row = sympy.symbols("P N S_col S_row", positive=True)
    left = 4 * s_col / (4 * n**2 * p * (p - 1)) + 4 * s_row / (4 * p**2 * n * (n - 1))
    gamma = 1 / (n**2 * p**2 * (p - 1) * (n - 1))
    right = gamma * (p * (n - 1) * s_col + n * (p - 1) * s_row)
    assert sympy.simplify(left - right) == 0


def test_weight_grows_in_both_directions() -> None:
    p, n, i, j = z3.Ints("P N i j")
    w = p * (n - 1) * (2 * j - 1) + n * (p - 1) * (2 * i - 1)
    w_down = p * (n - 1) * (2 * j - 1) + n * (p - 1) * (2 * (i + 1) - 1)
    w_right = p * (n - 1) * (2 * (j + 1) - 1) + n * (p - 1) * (2 * i - 1)
    prove(z3.Implies(z3.And(p >= 2, n >= 2), z3.And(w_down > w, w_right > w)))


def test_one_tied_pair_does_not_lower_the_squares() -> None:
    c = z3.Real("c")
    prove(z3.Implies(c >= 0, (2 * c + 1) * (2 * c + 1) >= (2 * c) * (2 * c)))


def test_covariance_is_bounded() -> None:
    for size in (2, 3):
        u = [z3.Real(f"u{k}") for k in range(size)]
        v = [z3.Real(f"v{k}") for k in range(size)]
        inner = z3.Sum([uk * vk for uk, vk in zip(u, v, strict=True)])
        prove(inner * inner <= z3.Sum([uk * uk for uk in u]) * z3.Sum([vk * vk for vk in v]))
