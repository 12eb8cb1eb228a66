"""A witness for the mean and SD of fold AUCs over folds of any sizes: a climb in whole numbers.

The stage ``aggregate-spread-climb`` of :func:`~rocpr_exact.consistency.aggregate_sd.decide_spread`
(module notes there).  Fold i's AUC is a_i = g_i / D_i, g_i in 0..D_i.  On the common unit
1 / L (L the lcm of the D_i) a_i = A_i / L with A_i = g_i u_i, u_i = L / D_i, and with
s1 = sum A_i, s2 = sum A_i^2 and W = K s2 - s1^2 (a whole number):

* the mean sum a_i / K = s1 / (K L), so it prints when s1 lies in the whole numbers
  ``[lo, hi]`` of the mean's interval on the scale K L (``Interval.integers_scaled``);
* sum (a_i - m)^2 = W / (K L^2), so the variance with ``ddof`` is W / C, C = K L^2 (K - ddof),
  and the SD prints when W lies in the whole numbers ``[wlo, whi]`` of the squared SD
  interval on the scale C.

Both tests are exact and in integers, and a move of one unit of g_i (A_i by +-u_i) updates s1
and s2 in O(1) (s2 by +-2 A_i u_i + u_i^2).  The climb starts from a few patterns (AUCs at the
mean's midpoint spread by +-t, one fold low, one fold high, evenly spaced; t chosen so that W
is the middle of its range), each rounded to whole g, then takes the best move among the 2K
moves of one unit and the K (K - 1) moves of a unit from one fold to another, by the distance
to both ranges (each divided by its width, compared as whole numbers), until both hold or no
move brings it closer.  A climb is a heuristic: it finds witnesses (certified by
:func:`~rocpr_exact.consistency.aggregate_sd.decide_spread` before "possible") and never
excludes.  O(K^2) work units a step, at most a quarter of the budget left (``SHARE``), so the
enumeration after it keeps the rest.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import reduce
from math import isqrt
from typing import Protocol

from rocpr_exact.consistency.aggregate import Aggregate
from rocpr_exact.consistency.engine.protocol import Budget, Candidates, Found, Nothing
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.exact.logalgebra import gcd

__all__ = ["SpreadClimb", "ranges"]


class Spread(Protocol):
    """What the climb reads of :class:`~.aggregate_sd.Spread` (a protocol: no import cycle)."""

    @property
    def aggregate(self) -> Aggregate: ...

    @property
    def sd(self) -> Interval: ...

    @property
    def ddofs(self) -> tuple[int, ...]: ...

    def fits(self, g: Sequence[int]) -> int | None: ...


#: The most steps of one climb (each O(K^2) work units).
STEPS = 400

#: The climb's share of the budget left: 1 / SHARE.
SHARE = 4


def ranges(query: Spread, ddof: int) -> tuple[list[int], tuple[int, int], tuple[int, int]]:
    """(u_i, the range of s1, the range of W) of the module notes; a range may be empty."""
    agg = query.aggregate
    scales = [agg.scale(i) for i in range(len(agg.tasks))]
    k = len(scales)
    common = reduce(lambda x, y: x * y // gcd(x, y), scales)
    lo, hi = agg.interval.integers_scaled(k * common)
    sd = query.sd
    if sd.high < 0:
        return [common // d for d in scales], (max(lo, 0), min(hi, k * common)), (1, 0)
    low_closed = sd.low_closed if sd.low >= 0 else True
    squares = Interval(max(sd.low, Fraction(0)) ** 2, sd.high**2, low_closed, sd.high_closed)
    wlo, whi = squares.integers_scaled(k * common * common * (k - ddof))
    return [common // d for d in scales], (max(lo, 0), min(hi, k * common)), (max(wlo, 0), whi)


def _distance(value: int, low: int, high: int) -> int:
    return low - value if value < low else value - high if value > high else 0


def _patterns(k: int) -> Iterator[list[int]]:
    """Zero-sum spreads of K folds: +-1 alternating, one fold low, one high, evenly spaced."""
    yield [(-1) ** i * (0 if k % 2 and i == k - 1 else 1) for i in range(k)]
    yield [-(k - 1)] + [1] * (k - 1)
    yield [k - 1] + [-1] * (k - 1)
    yield [2 * i - (k - 1) for i in range(k)]


class SpreadClimb:
    """The stage ``aggregate-spread-climb`` (module notes)."""

    name = "aggregate-spread-climb"

    def fits(self, query: Spread) -> bool:
        return True

    def run(
        self, query: Spread, candidates: Candidates, budget: Budget
    ) -> Found[tuple[int, ...]] | Nothing:
        scales = [query.aggregate.scale(i) for i in range(len(query.aggregate.tasks))]
        # a heuristic spends at most a quarter of what is left: the enumeration after it may
        # still decide (an SD past the greatest spread is cut at its root)
        own = Budget(max(0, budget.left) // SHARE, budget.limit)
        start = own.left
        try:
            return self._climbs(query, scales, own)
        finally:
            budget.spend(start - max(0, own.left))

    def _climbs(
        self, query: Spread, scales: list[int], budget: Budget
    ) -> Found[tuple[int, ...]] | Nothing:
        for ddof in query.ddofs:
            units, (lo, hi), (wlo, whi) = ranges(query, ddof)
            if lo > hi or wlo > whi:
                continue
            k = len(units)
            middle = (wlo + whi) // 2
            for pattern in _patterns(k):
                spread = k * sum(z * z for z in pattern)
                t = isqrt(middle // spread)  # W = K t^2 sum z^2 for A = mean + t z
                # A_i = (lo + hi) / (2K) + t z_i, rounded to a multiple of u_i within 0..L
                g = [
                    min(d, max(0, round(Fraction(lo + hi, 2 * k * u) + Fraction(t * z, u))))
                    for u, z, d in zip(units, pattern, scales, strict=True)
                ]
                found = _climb(g, units, scales, (lo, hi), (wlo, whi), budget)
                if found is None:
                    return Nothing("the spread climb stopped at its share of the budget")
                if found and query.fits(found) is not None:
                    return Found(tuple(found), 0)
        return Nothing("the spread climb found no SD that prints")


def _climb(
    g: list[int],
    units: Sequence[int],
    scales: Sequence[int],
    mean: tuple[int, int],
    spread: tuple[int, int],
    budget: Budget,
) -> list[int] | None:
    """Climb from ``g`` (module notes): the g where both ranges hold, [] at a local minimum,
    None when the budget ran out."""
    k = len(g)
    (lo, hi), (wlo, whi) = mean, spread
    mean_width, spread_width = hi - lo + 1, whi - wlo + 1
    a = [x * u for x, u in zip(g, units, strict=True)]
    s1, s2 = sum(a), sum(x * x for x in a)

    def cost(t1: int, t2: int) -> int:  # the two distances over their widths, times both widths
        return _distance(t1, lo, hi) * spread_width + _distance(k * t2 - t1 * t1, wlo, whi) * (
            mean_width
        )

    now = cost(s1, s2)
    for _ in range(STEPS):
        if now == 0:
            return g
        if not budget.spend(k * k + k):
            return None
        best = (now, -1, -1)
        for i in range(k):
            for sign in (1, -1):
                if not 0 <= g[i] + sign <= scales[i]:
                    continue
                u = units[i]
                t1, t2 = s1 + sign * u, s2 + 2 * sign * a[i] * u + u * u
                best = min(best, (cost(t1, t2), i, sign))
                if sign == 1:
                    continue
                for j in range(k):  # one unit from fold i to fold j
                    if j == i or g[j] == scales[j]:
                        continue
                    v = units[j]
                    c = cost(t1 + v, t2 + 2 * a[j] * v + v * v)
                    best = min(best, (c, i, -2 - j))
        c, i, move = best
        if c >= now:
            return []
        if move >= -1:
            g[i] += move
            s1, s2 = s1 + move * units[i], s2 + 2 * move * a[i] * units[i] + units[i] ** 2
            a[i] += move * units[i]
        else:
            j = -2 - move
            s1, s2 = s1 - units[i], s2 - 2 * a[i] * units[i] + units[i] ** 2
            a[i] -= units[i]
            g[i] -= 1
            s2 += 2 * a[j] * units[j] + units[j] ** 2
            s1 += units[j]
            a[j] += units[j]
            g[j] += 1
        now = c
    return []
