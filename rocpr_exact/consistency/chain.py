"""A quick witness finder for large P, N: binary search along a chain of rankings.

The chain R_0, ..., R_{PN} goes from "every positive first" to "every negative
first" by adjacent swaps of a positive with the negative just below it: in
R_s, s = q N + r (0 <= r < N), the last q positives sit below every
negative, the positive before them has r negatives above it, and the others
are at the top (no ties).  One swap moves the ROC curve down (it is dominated
by its predecessor), so AUC-ROC, average precision, the ``davis-goadrich``,
``linear`` and ``continuous`` areas are all non-increasing along the chain (Theorem 3.2
for the PR areas: every threshold's precision drops or stays).  The indices
where a metric lies in an interval are therefore one range, found by binary
search; ranges of several metrics are intersected.

This is sound but not complete: a combination missed by the chain may still
be possible (the exhaustive search decides small cases).  Every witness is
re-checked by the caller.  Complexity: O(log(PN)) curve evaluations of O(P)
points each.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.records import published_area
from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.core.curve import Curve
from rocpr_exact.exact.closedform import ClosedForm

__all__ = ["chain_groups", "chain_index", "chain_range", "family_index"]



def _shape(p: int, n: int, s: int) -> tuple[int, int, int]:
    """(top, r, q): ``top`` positives, r negatives, a positive, N - r negatives, q positives."""
    q, r = divmod(s, n)
    if q == p:
        return 0, 0, p  # every negative first; the "one positive" does not exist
    return p - q - 1, r, q


def chain_groups(p: int, n: int, s: int, first: int = 0) -> list[Group]:
    """The groups (all of one example) of R_s, after ``first`` negatives ranked above everything.

    With ``first`` = m the chain is that of P positives and N - m negatives
    (s <= P (N - m)).

    >>> chain_groups(2, 2, 1)
    [(1, 0), (0, 1), (1, 0), (0, 1)]
    >>> chain_groups(2, 2, 4)
    [(0, 1), (0, 1), (1, 0), (1, 0)]
    >>> chain_groups(2, 2, 1, first=1)
    [(0, 1), (1, 0), (0, 1), (1, 0)]
    """
    head = [(0, 1)] * first
    n -= first
    if n == 0:
        return head + [(1, 0)] * p
    top, r, q = _shape(p, n, s)
    if top == 0 and q == p:
        return head + [(0, 1)] * n + [(1, 0)] * p
    return head + [(1, 0)] * top + [(0, 1)] * r + [(1, 0)] + [(0, 1)] * (n - r) + [(1, 0)] * q


def _curve(p: int, n: int, s: int, first: int = 0) -> Curve:
    """R_s as counts: negative runs kept as one point each (that changes no metric)."""
    rest = n - first
    if rest == 0:
        points = [(0, n)] + [(j, n) for j in range(1, p + 1)]
        return Curve.from_counts(points, p, n)
    top, r, q = _shape(p, rest, s)
    if q == p:
        points = [(0, n)] + [(j, n) for j in range(1, p + 1)]
    else:
        points = [(0, first)] + [(t, first) for t in range(1, top + 1)]
        points += [(top, first + r), (top + 1, first + r), (top + 1, n)]
        points += [(top + 1 + j, n) for j in range(1, q + 1)]
    return Curve.from_counts(points, p, n)


def _metric(name: str, curve: Curve) -> Fraction | ClosedForm:
    area = published_area(name)  # the area's record, or None for auc_roc
    return auc_roc(curve) if area is None else area.exact(curve)


def chain_index(p: int, n: int, intervals: Mapping[str, Interval]) -> int | None:
    """An index s with every metric of R_s in its interval, or None if the chain has none.

    >>> from rocpr_exact.consistency.reported import reported_interval
    >>> chain_index(2, 2, {"auc_roc": reported_interval("0.75", "exact")})
    1
    """
    found = chain_range(p, n, intervals)
    return None if found is None else found[0]


def chain_range(p: int, n: int, intervals: Mapping[str, Interval]) -> tuple[int, int] | None:
    """The least and greatest s with every metric of R_s in its interval (None: none).

    >>> from rocpr_exact.consistency.reported import reported_interval
    >>> chain_range(2, 2, {"auc_roc": reported_interval("0.7", "truncate")})  # U = 3 of 4 pairs
    (1, 1)
    """
    low_s, high_s = 0, p * n
    cache: dict[tuple[str, int], Fraction | ClosedForm] = {}

    def value(name: str, s: int) -> Fraction | ClosedForm:
        if (name, s) not in cache:
            cache[name, s] = _metric(name, _curve(p, n, s))
        return cache[name, s]

    for name, interval in intervals.items():

        def above_low(s: int, name: str = name, interval: Interval = interval) -> bool:
            v = value(name, s)
            return v >= interval.low if interval.low_closed else v > interval.low

        def below_high(s: int, name: str = name, interval: Interval = interval) -> bool:
            v = value(name, s)
            return v <= interval.high if interval.high_closed else v < interval.high

        # Non-increasing values: below_high holds on a suffix, above_low on a prefix.
        first = _first_true(below_high, 0, p * n)

        def below_low(s: int, above: Callable[[int], bool] = above_low) -> bool:
            return not above(s)

        last = _first_true(below_low, 0, p * n) - 1
        low_s, high_s = max(low_s, first), min(high_s, last)
        if low_s > high_s:
            return None
    return low_s, high_s


def family_index(p: int, n: int, intervals: Mapping[str, Interval]) -> tuple[int, int] | None:
    """(m, s): m negatives first, then R_s of P and N - m, meeting AUC-ROC and the areas; or None.

    For a fixed number E of misordered pairs (fixed AUC-ROC = 1 - E/(PN)),
    moving errors from the bottom (m = 0: the plain chain) to the top
    (m = E // P negatives above every positive) lowers the PR areas, so for a
    few E in the AUC-ROC interval this binary-searches m for the first other
    metric and checks the rest.  A heuristic: it finds witnesses only.
    """
    auc = intervals.get("auc_roc")
    others = [name for name in intervals if name != "auc_roc"]
    if auc is None or not others:
        return None
    pairs = p * n
    k_lo, k_hi = auc.integers_scaled(2 * pairs)
    u_lo, u_hi = max(0, (k_lo + 1) // 2), min(pairs, k_hi // 2)  # whole U: no ties
    if u_lo > u_hi:
        return None
    tries = sorted({u_lo, u_hi, (u_lo + u_hi) // 2, (3 * u_lo + u_hi) // 4, (u_lo + 3 * u_hi) // 4})
    key, interval = others[0], intervals[others[0]]
    for u in tries:
        errors = pairs - u
        cache: dict[int, Fraction | ClosedForm] = {}

        def value(
            m: int, errors: int = errors, cache: dict[int, Fraction | ClosedForm] = cache
        ) -> Fraction | ClosedForm:
            if m not in cache:
                cache[m] = _metric(key, _curve(p, n, errors - p * m, m))
            return cache[m]

        top = min(n, errors // p)

        def below_high(m: int) -> bool:
            v = value(m)
            return v <= interval.high if interval.high_closed else v < interval.high

        def below_low(m: int) -> bool:
            v = value(m)
            return v < interval.low if interval.low_closed else v <= interval.low

        first = _first_true(below_high, 0, top)
        last = _first_true(below_low, 0, top) - 1
        for m in {first, last} if first <= last else ():
            curve = _curve(p, n, errors - p * m, m)
            if all(_metric(name, curve) in intervals[name] for name in intervals):
                return m, errors - p * m
    return None


def _first_true(predicate: Callable[[int], bool], lo: int, hi: int) -> int:
    """The least s in [lo, hi] where a false-then-true predicate holds; hi + 1 if none."""
    hi += 1
    while lo < hi:
        mid = (lo + hi) // 2
        if predicate(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo
