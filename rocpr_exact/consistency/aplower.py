"""A tighter lower bound on average precision given AUC-ROC: the order of the positives kept.

:func:`~rocpr_exact.consistency.apbounds.average_precision_bounds` lower-bounds
AP by (1/P) min sum_i i / (i + e_i) over whole numbers 0 <= e_i <= N with
sum e_i <= B (e_i: negatives at or above the i-th positive's group; B = F
without ties, 2 F with them; F = P N - U).  That relaxation forgets that e_i
never falls as i grows, and its minimiser does make e_i fall (the free
optimum sqrt(i / lambda) - i peaks at i = 1 / (4 lambda)), so it is loose.
This module keeps the order: it bounds

    M(B) = min sum_i i / (i + e_i)  over whole numbers 0 <= e_1 <= ... <= e_P <= N,
           sum_i e_i <= B,

which every ranking also satisfies (e_i is the count of negatives ranked at or
above positive i's group, so it cannot fall), hence AP >= M(B) / P.

Weak duality.  For any lambda >= 0 and mu_1, ..., mu_{P-1} >= 0 (mu_0 = mu_P = 0),
adding lambda (sum e_i - B) + sum_i mu_i (e_i - e_{i+1}) (both <= 0 on the feasible
set) and minimising each e_i separately over 0..N gives

    M(B) >= sum_i min_{0 <= e <= N} [i / (i + e) + c_i e] - lambda B,
    c_i = lambda + mu_i - mu_{i-1}.

Each inner minimum is over a convex function of a whole number e: at the floor or
ceiling of sqrt(i / c_i) - i (an integer square root), or at e = N when c_i <= 0.
Every choice of the multipliers is sound; the choice only decides how tight.
Each term is rounded down to a multiple of 2^-64 and lambda B rounded up.

Choosing the multipliers (a heuristic, soundness does not depend on it).  The
minimiser keeps e_i = argmin [i/(i+e) + lambda e] while that rises and pools the
rest (i >= K) at one value v (pool adjacent violators on a single-peaked
sequence); there c_i = i / (i + v)^2 makes v optimal for term i, and mu_i are the
running sums of c_i - lambda, clipped at 0.  v is found by bisection (the pool's
excess sum (c_i - lambda) falls as v grows), lambda = 1/m by a search over a
geometric grid of m.  Cost O(P log N) integer operations per multiplier tried.

Checked against brute force over every ranking (with and without ties, P + N
<= 10) in tests/consistency/test_aplower.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import isqrt

from rocpr_exact.consistency.bounds import auc_roc_span, ternary_window
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.exact.text import scaled_to_decimal

__all__ = ["monotone_lower", "monotone_reasons"]

_BITS = 64  # the bound's terms are rounded down to multiples of 2^-64
_SCALE = 1 << 40  # multipliers are whole multiples of 1 / (m 2^40)


def _inner(i: int, n: int, c: int, q: int) -> int:
    """floor(2^64 min_{0 <= e <= N} [i/(i+e) + (c/q) e]) or less (the argmin is a candidate)."""
    one = 1 << _BITS
    if c <= 0:
        candidates: tuple[int, ...] = (n,)
    else:
        e0 = isqrt(i * q // c) - i  # floor(sqrt(i q / c)) - i: the real minimiser's floor
        candidates = (min(max(e0, 0), n), min(max(e0 + 1, 0), n))
    return min((one * i) // (i + e) + (one * c * e) // q for e in candidates)


def _free(i: int, m: int, n: int) -> int:
    """The whole e in 0..N minimising i/(i+e) + e/m, near enough (for the heuristic)."""
    return min(max(isqrt(i * m) - i, 0), n)


def _pool(p: int, n: int, m: int) -> tuple[int, int]:
    """(K, v): positives K..P pooled at v (the heuristic of the module docstring)."""
    lam = _SCALE // m

    def split(v: int) -> int:
        i = 1
        while i <= p and _free(i, m, n) <= v and i * m < (i + v) * (i + v) * 4:
            i += 1
        return i

    def excess(v: int) -> int:
        return sum((_SCALE * j) // ((j + v) * (j + v)) - lam for j in range(split(v), p + 1))

    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi) // 2
        if excess(mid) > 0:
            lo = mid + 1
        else:
            hi = mid
    return split(lo), lo


def _dual(p: int, n: int, budget: int, m: int) -> Fraction:
    """The bound of the module docstring at lambda = 1/m with the pooled multipliers."""
    q = m * _SCALE
    lam = _SCALE
    k, v = _pool(p, n, m)
    one = 1 << _BITS
    total = 0
    mu = 0
    for i in range(1, p + 1):
        if i >= k and i < p and v + i > 0:
            nxt = max(0, mu + (q * i) // ((i + v) * (i + v)) - lam)
        else:
            nxt = 0 if i == p or i < k else mu
        total += _inner(i, n, lam + nxt - mu, q)
        mu = nxt
    total -= -((-one * lam * budget) // q)  # lambda B rounded up
    return Fraction(total, one * p)


def monotone_lower(p: int, n: int, budget: int, work: int = 60) -> Fraction:
    """A lower bound on AP: M(budget) / P of the module docstring (0 when nothing better).

    Tries at most ``work`` multipliers lambda = 1/m (each O(P log N) integer operations).
    """
    if budget <= 0:
        return Fraction(1)
    grid = [1]
    while grid[-1] < 4 * (n + p) ** 2:
        grid.append(grid[-1] + max(1, grid[-1] // 4))
    cache: dict[int, Fraction] = {}

    def at(index: int) -> Fraction:
        if index not in cache:
            cache[index] = _dual(p, n, budget, grid[index])
        return cache[index]

    lo, hi = ternary_window(at, len(grid), lambda: len(cache) < work)
    for index in range(max(lo - 1, 0), min(hi + 2, len(grid))):
        if len(cache) < work:
            at(index)
    return max(max(cache.values(), default=Fraction(0)), Fraction(0))


def monotone_reasons(p: int, n: int, intervals: Mapping[str, Interval], ties: bool) -> list[str]:
    """AUC-ROC with average precision: "impossible" when AP lies below M(B) / P.

    The least AUC-ROC of the interval gives the greatest F = P N - U, and
    M(B) falls as B grows, so M(B) / P at that F bounds every ranking's AP.
    """
    auc, ap = intervals.get("auc_roc"), intervals.get("average_precision")
    if auc is None or ap is None:
        return []
    scale = 2 * p * n
    lo, _ = auc_roc_span(p, n, auc, ties)
    if lo > scale:
        return []
    twice_f = scale - lo  # 2 F = 2 P N - 2 U
    budget = twice_f if ties else twice_f // 2
    low = monotone_lower(p, n, budget)
    if ap.meets(low, Fraction(1)):
        return []
    shown = scaled_to_decimal((low * 10**6).__floor__(), 6)
    kind = "with ties" if ties else "without ties"
    return [
        f"average_precision means a value in {ap}; with auc_roc in {auc} and P = {p}, "
        f"N = {n} every ranking ({kind}) has average precision >= {shown} ({low} rounded "
        "down: the dual bound on the least sum of i / (i + e_i) over non-decreasing e_i, "
        "see rocpr_exact.consistency.aplower)"
    ]
