"""DeLong's variance in doubled placements, and its bounds at a given AUC.

Claims (DeLong, DeLong & Clarke-Pearson 1988; docs/inference.md):

1. Identity.  With V10_i = C_i / (2N) (C_i the doubled placement of positive i) and
   theta = sum_i V10_i / P,
       sum_i (V10_i - theta)^2 / (P - 1) / P = (P sum C^2 - (sum C)^2) / (4 N^2 P^2 (P - 1)).
   (sympy, for P = 2..5 symbolic placements.)
2. Upper bound.  If 0 <= C_i <= 2N for every i and sum C = S = 2 P N A, then
       P sum C^2 - S^2 <= S (2 N P - S) = 4 P^2 N^2 A (1 - A),
   so S10 / P <= A (1 - A) / (P - 1); likewise S01 / N <= A (1 - A) / (N - 1), and
       0 <= var <= A (1 - A) (1 / (P - 1) + 1 / (N - 1)).
   Proof: C_i (2N - C_i) >= 0 gives C_i^2 <= 2N C_i; sum: sum C^2 <= 2N S.  Checked by z3 for
   P = 2..4 (unsat of the negation over the reals), with a wrong variant refuted.
3. The lower bound 0: a sum of squares (Cauchy-Schwarz: P sum C^2 >= (sum C)^2).

Library functions that rely on it: ``rocpr_exact/areas/variance.py`` (``DelongSums.variance``,
claim 1) and ``rocpr_exact/consistency/intervals.py`` (``_delong_excluded``, claims 2 and 3).
Property test of claim 1 against the pairwise textbook formulas: tests/areas/test_variance.py.
"""

from __future__ import annotations

import sympy
import z3

from proofs._smt import prove, refute, value


def test_identity_in_doubled_placements() -> None:
    n = sympy.symbols("N", positive=True)
    for p in range(2, 6):
        c = sympy.symbols(f"c0:{p}", nonnegative=True)
        v10 = [ci / (2 * n) for ci in c]
        theta = sum(v10) / p
        textbook = sum((v - theta) ** 2 for v in v10) / (p - 1) / p
        doubled = (p * sum(ci**2 for ci in c) - sum(c) ** 2) / (4 * n**2 * p**2 * (p - 1))
        assert sympy.simplify(textbook - doubled) == 0


def _bound(p: int, wrong: bool = False) -> z3.BoolRef:
    n = z3.Real("N")
    c = [z3.Real(f"c{i}") for i in range(p)]
    total = z3.Sum(c)
    squares = z3.Sum([ci * ci for ci in c])
    hypotheses = z3.And(n >= 1, *[z3.And(ci >= 0, ci <= 2 * n) for ci in c])
    right = total * (2 * n * p - total) if not wrong else total * (n * p - total)
    return z3.Implies(hypotheses, p * squares - total * total <= right)


def test_upper_bound() -> None:
    for p in range(2, 5):
        prove(_bound(p))


def test_wrong_bound_is_refuted() -> None:
    model = refute(_bound(2, wrong=True))
    n = value(model, z3.Real("N"))
    c = [value(model, z3.Real(f"c{i}")) for i in range(2)]
    assert n >= 1 and all(0 <= ci <= 2 * n for ci in c)
    assert 2 * sum(ci * ci for ci in c) - sum(c) ** 2 > sum(c) * (n * 2 - sum(c))
