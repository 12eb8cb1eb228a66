"""A bound on the least DeLong variance at an AUC, ties included, at any AUC.

:mod:`~rocpr_exact.consistency.delong_extremes` gives the exact extremes of
S = sum over groups of P (N - 1) a C^2 + N (P - 1) b D^2 at each m = 2U by a programme over
(tp, fp, m) that is small only for P = N = 25 or near AUC 0 or 1.  Dropping m from the state
and pricing it instead gives a bound at every m (weak duality): for any integer multiplier
lambda and every ranking r,

    S(r) >= V(lambda) + lambda m(r),   V(lambda) = min over rankings [S - lambda m],

so at a given m the least S is at least max over lambda of V(lambda) + lambda m.  V is a
shortest path over the states (tp, fp) alone: a group (a, b) after (t, f) ending at
(TP, FP) = (t + a, f + b) adds a C = a (2N - f - FP) to m and
P (N - 1) a C^2 + N (P - 1) b (t + TP)^2 to S (the doubled placements C = 2 (N - f - b) + b
and D = 2t + a of :mod:`.delong_extremes`).  Every ranking is a path and every path a ranking,
so V is the exact minimum of S - lambda m; the bound is the least S where that is convex in m
and may fall below it elsewhere.  (The same with the greatest S gives only the chord between
the ends, the greatest S being convex in m: not used.)  Integers throughout (numpy int64:
S and lambda m stay far below 2^62 within :data:`LAGRANGE_WORK`).

Cost: one programme is sum over (TP, FP) of (TP + 1)(FP + 1) cells, about
(P + 1)^2 (N + 1)^2 / 4 (P = N = 50: 1.7 million), within :data:`LAGRANGE_WORK`.  The
multiplier for a given m is found by bisection on the slope: the optimal path's m says on
which side of lambda the best one lies (the bound is concave in lambda, its supergradient
m - m(path)); about log2(8 P N (P + N)) programmes per m.  The paths found are rankings: their
interval may be a witness.  tests/consistency/test_delong_lagrange.py checks the bound against
every ranking (P + N <= 10) and the exact least S (P = N = 12), and the paths' (m, S) against
:func:`rocpr_exact.areas.variance.auc_variance`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from rocpr_exact.consistency.enclosures import Real
from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.normal import ball_bounds

__all__ = [
    "LAGRANGE_WORK",
    "group_costs",
    "lagrange_excludes",
    "lagrange_fit",
    "least_s_bound",
    "least_s_lines",
    "path",
    "prefix_costs",
]

#: Largest (P + 1)^2 (N + 1)^2 / 4 (cells of one programme) the bounds are computed for.
LAGRANGE_WORK = 12_000_000

_LIMIT = 1 << 62

#: (multiplier, m, S, groups) of a ranking minimising S - multiplier m.
Line = tuple[int, int, int, tuple[Group, ...]]


def lagrange_fit(p: int, n: int) -> bool:
    """Whether one programme of P and N is within :data:`LAGRANGE_WORK` (and P, N >= 2)."""
    return p >= 2 and n >= 2 and (p + 1) ** 2 * (n + 1) ** 2 // 4 <= LAGRANGE_WORK


def _span(p: int, n: int) -> int:
    """The multiplier range [-span, span] searched: 4 P N (P + N) (the slope of the least S
    in m stays well inside it at the sizes tried; a best multiplier outside it would only
    give a weaker bound, never an unsound one)."""
    return 4 * p * n * (p + n)


@lru_cache(maxsize=64)
def prefix_costs(p: int, n: int, multiplier: int) -> tuple[Any, Any]:
    """(value, choice): int64 arrays over (tp, fp) of the least S - multiplier m of the groups
    from the top to (tp, fp), and the flat index (t, f) of the group's start attaining it
    (do not modify the cached result)."""
    if not lagrange_fit(p, n):
        raise InvalidInputError(f"P = {p}, N = {n} is past LAGRANGE_WORK for the programme")
    span = _span(p, n)
    if abs(multiplier) > span:
        raise InvalidInputError(f"multiplier must be in [-{span}, {span}], got {multiplier}")
    value = np.zeros((p + 1, n + 1), dtype=np.int64)
    choice = np.zeros((p + 1, n + 1), dtype=np.int64)
    for tp in range(p + 1):
        for fp in range(n + 1):
            if tp == fp == 0:
                continue
            total = value[: tp + 1, : fp + 1] + group_costs(p, n, multiplier, tp, fp)
            total[tp, fp] = _LIMIT  # the empty group
            index = int(np.argmin(total))
            value[tp, fp] = total.flat[index]
            choice[tp, fp] = index
    return value, choice


def group_costs(p: int, n: int, multiplier: int, tp: int, fp: int) -> Any:
    """int64 array over the starts (t, f) <= (tp, fp) of S - multiplier m of the group from
    (t, f) to (tp, fp): a C (P (N - 1) C - multiplier) + N (P - 1) b (t + tp)^2, C = 2N - f - fp
    (the entry (tp, fp) is the empty group's 0)."""
    t = np.arange(tp + 1, dtype=np.int64)[:, None]
    f = np.arange(fp + 1, dtype=np.int64)[None, :]
    c = 2 * n - f - fp
    first, second = p * (n - 1), n * (p - 1)
    return (tp - t) * c * (first * c - multiplier) + second * (fp - f) * (t + tp) ** 2


@lru_cache(maxsize=256)
def path(p: int, n: int, multiplier: int) -> tuple[int, int, tuple[Group, ...]]:
    """(m, S, groups) of a ranking minimising S - multiplier m over every ranking.

    P = N = 2, multiplier 0: every negative first gives every C and D = 0, so S = 0 (m = 0):

    >>> path(2, 2, 0)
    (0, 0, ((0, 2), (2, 0)))
    """
    choice = prefix_costs(p, n, multiplier)[1]
    first, second = p * (n - 1), n * (p - 1)
    groups: list[Group] = []
    tp, fp, m, s = p, n, 0, 0
    while tp or fp:
        t_, f_ = divmod(int(choice[tp, fp]), fp + 1)
        a_, b_ = tp - t_, fp - f_
        c_ = 2 * n - f_ - fp
        m += a_ * c_
        s += first * a_ * c_ * c_ + second * b_ * (t_ + tp) ** 2
        groups.append((a_, b_))
        tp, fp = t_, f_
    return m, s, tuple(reversed(groups))


def least_s_lines(p: int, n: int, targets: list[int]) -> list[Line]:
    """Paths (m, S, groups) whose lines S - lambda m + lambda x bound the least S at every x.

    For each target m, bisection on the multiplier: the bound V(lambda) + lambda m is concave
    in lambda with supergradient m - m(path), so a path with m(path) < m says the best
    multiplier is greater.  Every multiplier tried gives a sound line (:func:`least_s_bound`).
    """
    span = _span(p, n)
    found: dict[int, tuple[int, int, tuple[Group, ...]]] = {}
    for m in targets:
        lo, hi = -span, span
        while hi - lo > 1:
            mid = (lo + hi) // 2
            found[mid] = path(p, n, mid)
            if found[mid][0] == m:
                break
            if found[mid][0] < m:
                lo = mid
            else:
                hi = mid
    return [(lam, *found[lam]) for lam in sorted(found)]


def least_s_bound(lines: list[Line], m: int) -> int:
    """The best lower bound on the least S at 2U = m from (lambda, m, S, groups) lines:
    max over them of S - lambda m(path) + lambda m (weak duality, module notes).

    >>> least_s_bound([(0, 0, 0, ((0, 2), (2, 0))), (10, 4, 32, ((2, 2),))], 4)  # P = N = 2
    32
    """
    return max(s - lam * mp + lam * m for lam, mp, s, _ in lines)


def lagrange_excludes(
    p: int,
    n: int,
    m: int,
    z: Real,
    low: Interval,
    high: Interval,
    lines: list[Line],
) -> bool:
    """No ranking with 2U = m prints the interval: even the bound on the least variance,
    (least S bound - (P + N - 2) m^2) / (4 P^2 N^2 (P - 1)(N - 1)), gives a half-width
    z sqrt(var) above what the printed ends allow (certified: z's rational lower bound, the
    comparison of :func:`~.delong_extremes.extremes_exclude`)."""
    area = Fraction(m, 2 * p * n)
    w_high = min(area - low.low, high.high - area)
    if w_high < 0:
        return True
    bounds = ball_bounds(z)
    if bounds is None:
        return False
    scale = 4 * p * p * n * n * (p - 1) * (n - 1)
    least = Fraction(least_s_bound(lines, m) - (p + n - 2) * m * m, scale)
    return bounds[0] * bounds[0] * least > w_high * w_high
