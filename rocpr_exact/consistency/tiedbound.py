"""A lower bound on average precision at an AUC-ROC, ties allowed, by a Lagrangian programme.

The sound interval of :mod:`~rocpr_exact.consistency.apbounds` is close to the least
AP without ties, but with ties it relaxes every positive's negatives to twice their
share of U and falls to about P / (P + N).  This module bounds the least AP over
*every* ranking in tie groups (Section 2 of docs/consistency.md: sklearn's AP, ties
counted 1/2 in U) at a given least 2U, exactly in integers.

A ranking is its tie groups from the top, (a_g, b_g); a group with a >= 1 positives
ends at (TP, FP) and starts at (tp, fp) = (TP - a, FP - b).  Each of its positives
has precision TP / (TP + FP) and adds 2 (N - FP) + b = 2N - FP - fp to 2U; groups of
negatives only add nothing.  For any multiplier L >= 0 (in units of 2^-40 per unit
of 2U) and any ranking with 2U >= k,

    2^40 P AP  >=  2^40 P AP - L (2U - k)  >=  min over rankings [2^40 P AP - L 2U] + L k,

(weak duality) and the minimum is a shortest path over the states (TP, FP):

    V(TP, FP) = min( V(TP, FP - 1),                              a negative on its own
                     min over 1 <= a <= TP, fp <= FP of
                         V(TP - a, fp) + L a fp + a (c(TP, FP) - L (2N - FP)) )

with V(0, FP) = 0 and c(TP, FP) = floor(2^40 TP / (TP + FP)) (rounded down, so the
bound stays a bound).  For fixed TP - a the inner minimum over fp <= FP is a running
minimum, so one multiplier costs O(P^2 N) integer operations (numpy, int64: every
value is below 2^62, checked), P^2 N / 2 of them.  The best L is sought near the one
of the bound without ties (:func:`~.apbounds.best_multiplier`), the dual being
concave in L; any L gives a sound bound.

At P = 100, N = 900 and 2U >= 2 P N 0.6315 the bound is 0.1128, where
:mod:`.apbounds` gives 0.1179 without ties and about 0.1 with them.  Checked against
every tied ranking for small P, N in tests/consistency/test_tiedbound.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

import numpy as np

from rocpr_exact.consistency.apbounds import best_multiplier
from rocpr_exact.consistency.bounds import auc_roc_span, ternary_window
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.text import scaled_to_decimal

__all__ = ["TIED_CELLS", "TIED_WORK", "tied_ap_lower", "tied_ap_lower_at", "tied_reasons"]

#: Largest P^2 N / 2 (integer operations per multiplier) the bound is computed for.
TIED_WORK = 12_000_000

#: Largest (P + 1)(N + 1) (int64 cells of the programme's table, 8 bytes each: 32 MB).
TIED_CELLS = 4_000_000

_SHIFT = 40
_LIMIT = 1 << 62


def tied_ap_lower_at(p: int, n: int, twice_u: int, multiplier: int) -> Fraction:
    """The bound at one multiplier L: every ranking with 2U >= ``twice_u`` has AP >= it.

    One positive, three negatives, 2U >= 4 (AUC-ROC >= 2/3): the least AP is 1/3, the
    positive tied with two negatives at the top (2U = 2 + 2); without ties it is 1/2.
    By hand, at L / 2^40 = 1/8 the rankings' AP - 2U / 8 are 1 - 6/8, 1/2 - 5/8, 1/3 - 4/8
    and 1/4 - 3/8 (the positive tied with 0 to 3 negatives at the top), least -1/6, and
    -1/6 + 4/8 = 1/3 (less the rounding of c(1, 2) = 2^40 / 3 down):

    >>> bound = tied_ap_lower_at(1, 3, 4, 1 << 37)
    >>> bound <= Fraction(1, 3) < bound + Fraction(1, 1 << 40)
    True
    """
    if multiplier < 0 or p * (1 << _SHIFT) + multiplier * 2 * p * n >= _LIMIT:
        raise InvalidInputError(f"multiplier must be in [0, {_largest(p, n)}], got {multiplier}")
    fps = np.arange(n + 1, dtype=np.int64)
    table = [np.zeros(n + 1, dtype=np.int64)]  # V(0, FP) = 0
    for tp in range(1, p + 1):
        share = (tp << _SHIFT) // (tp + fps)  # c(TP, FP), rounded down
        per = share - multiplier * (2 * n - fps)
        best = np.minimum.accumulate(table[tp - 1] + multiplier * fps) + per  # a = 1
        for a in range(2, tp + 1):
            start = np.minimum.accumulate(table[tp - a] + multiplier * a * fps)
            np.minimum(best, start + a * per, out=best)
        table.append(np.minimum.accumulate(best))
    least = int(table[p][n]) + multiplier * twice_u
    return Fraction(least, p << _SHIFT)


def _largest(p: int, n: int) -> int:
    """The largest multiplier whose values stay below 2^62."""
    return (_LIMIT - 1 - p * (1 << _SHIFT)) // (2 * p * n)


def tied_ap_lower(p: int, n: int, twice_u: int, work: int = TIED_WORK) -> Fraction | None:
    """A lower bound on AP over every ranking (ties allowed) with 2U >= ``twice_u``.

    None when P^2 N / 2 > ``work`` or (P + 1)(N + 1) > ``TIED_CELLS`` (the programme is
    not run).  The multiplier is
    sought on a geometric grid (ratio 9/8) from 1/16 to 4 times the one of the bound
    without ties at that 2U (:func:`~.apbounds.best_multiplier`, lambda = 1/m there,
    L = 2^40 / (2 m) here) by a ternary search (the dual is concave in L), about 12
    programmes in all; the best bound seen is returned.

    >>> tied_ap_lower(1, 3, 4) <= Fraction(1, 3)
    True
    """
    if p * p * n > 2 * work or (p + 1) * (n + 1) > TIED_CELLS:
        return None
    budget = p * n - (twice_u + 1) // 2  # F = P N - U at the least U, without ties
    _, m = best_multiplier(p, n, max(budget, 1), 200_000)
    centre = (1 << _SHIFT) // (2 * m)
    grid = [max(centre // 16, 1)]
    while grid[-1] < 4 * centre:
        grid.append(grid[-1] * 9 // 8 + 1)
    grid = [g for g in grid if g <= _largest(p, n)] or [0]
    seen: dict[int, Fraction] = {}

    def at(index: int) -> Fraction:
        if index not in seen:
            seen[index] = tied_ap_lower_at(p, n, twice_u, grid[index])
        return seen[index]

    lo, hi = ternary_window(at, len(grid))
    for index in range(lo, hi + 1):
        at(index)
    return max(seen.values())


def tied_reasons(p: int, n: int, intervals: Mapping[str, Interval], ties: bool) -> list[str]:
    """AUC-ROC with average precision, ties allowed: "impossible" below :func:`tied_ap_lower`.

    The least 2U of the AUC-ROC interval bounds every ranking's AP (a greater 2U only
    raises the bound's right-hand side).  Without ties, or past ``TIED_WORK``: no reason.
    """
    auc, ap = intervals.get("auc_roc"), intervals.get("average_precision")
    if auc is None or ap is None or not ties:
        return []
    lo, hi = auc_roc_span(p, n, auc, ties)
    if lo > hi:
        return []
    low = tied_ap_lower(p, n, lo)
    if low is None or ap.meets(low, Fraction(1)):
        return []
    shown = scaled_to_decimal((low * 10**6).__floor__(), 6)
    return [
        f"average_precision means a value in {ap}; with auc_roc in {auc} and P = {p}, "
        f"N = {n} every ranking (ties allowed) has average precision >= {shown} ({low} rounded "
        "down: the Lagrangian programme over rankings in tie groups, see "
        "rocpr_exact.consistency.tiedbound)"
    ]
