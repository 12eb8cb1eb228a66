"""The programme over (tp, fp, partial 2U or 2F): exact extremes of sums of group terms.

Read as a sequence of tie groups (a positives, b negatives, not both 0), a ranking's average
precision, Davis-Goadrich and linear areas are sums of one term per group, each a function of
the group and the counts (tp, fp) on one side of it
(:func:`~rocpr_exact.consistency.search.group_terms`), and so are DeLong's S
(:mod:`~rocpr_exact.consistency.delong_extremes`) and twice the Mann-Whitney U (ties 1/2): a
group adds a (2 fp + b) to 2U counted from the bottom (its positives' wins, fp negatives below),
and a (2 fp + b) to 2F = 2 P N - 2U counted from the top (their losses, fp negatives above).
Both sums only grow, so the least and the greatest sum among every ranking whose 2U lies in
[lo, hi] follow from a shortest- (and longest-) path programme over (tp, fp, x), x the partial
2U from the bottom when hi <= 2 P N - lo, the partial 2F from the top otherwise: x never exceeds
X = min(hi, 2 P N - lo), so the programme is small where the AUC is near 0 or 1.

Every ranking is a path and every path a ranking, so the programme's extremes are the exact
extremes, not bounds.  Negative-only groups add nothing to 2U or an area, and to S a term
linear in their size, so they are taken one negative at a time (the same rankings' values); a
positive group at fp costs at least 2 fp a, and every positive after it at least 2 (fp + b),
which prunes the rest.  An area's terms are rationals, added as integers scaled by 2^56
(:data:`SCALE`), each fraction rounded down for the least and up for the greatest (a group's
term is one to a + 1 fractions), so the results enclose the exact extremes within
3 (P + N) 2^-56 and the comparisons that decide a query are certified; S's terms are integers,
exact.  Cost: about the number of transitions times X + 1 array cells; :func:`extremes_fit`
says whether a query is within :data:`AREA_WORK`.  Checked against every ranking (P + N <= 7,
with and without ties; the rankings walked back attain the extremes exactly) in
tests/consistency/test_areaextremes.py, and S against every ranking's DeLong pairs in
tests/consistency/test_delong_extremes.py.  The areas' verdicts are in
:mod:`~rocpr_exact.consistency.areaextremes`.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import as_strided

from rocpr_exact.consistency.engine.protocol import Group

__all__ = [
    "AREA_GROUPS",
    "AREA_MEMORY",
    "AREA_WORK",
    "DELONG",
    "SCALE",
    "UNREACHABLE",
    "extremes_fit",
    "group_term",
    "negative_term",
    "programme_extremes",
    "programme_groups",
    "runs",
    "suffixes",
    "tables",
    "trailing_terms",
]

#: The programme's key for DeLong's S (the areas' keys are their RANKING_METRICS indices).
DELONG = 4

#: Terms are rounded to multiples of 1 / SCALE (down for the least, up for the greatest).
SCALE = 1 << 56

#: The largest programme run for one query, in array cells updated: 28 million took 1.6 s
#: on the 2-core machine (P = N = 100, AUC-ROC 0.99).
AREA_WORK = 40_000_000

#: The most groups (terms computed one by one) in one programme: 250,000 take about 2 s.
AREA_GROUPS = 250_000

#: The largest tables held, in cells of each of the two int64 arrays (160 MB each).
AREA_MEMORY = 20_000_000

#: Past half of this, a least is "no path reaches it" (its negative for a greatest).
UNREACHABLE = 1 << 62
_HIGH = UNREACHABLE
_LOW = -_HIGH


def _side(p: int, n: int, lo: int, hi: int) -> tuple[bool, int]:
    """(from_top, X): count 2F from the top when that side's total is the smaller."""
    top = 2 * p * n - lo
    return (top < hi, min(top, hi))


def _cells(p: int, n: int, lo: int, hi: int, ties: bool) -> int:
    """The programme's array cells updated, at most (its prune without the reached floors),
    counted until it passes :data:`AREA_WORK` (then that bound plus one is returned).

    From (tp, fp), the group (a, b) and the positives after it cost at least
    2 fp (P - tp) + b (2 (P - tp) - a), which must stay within X.  Each group is also a term
    computed in Python, so the groups are bounded too (:data:`AREA_GROUPS`).
    """
    _, x = _side(p, n, lo, hi)
    width = min(n, x) + 1
    transitions = 0
    for tp in range(p + 1):
        left = p - tp
        for fp in range(width):
            spare = x - 2 * fp * left
            if spare < 0:
                break
            transitions += 1  # the negative step
            for a in range(1, left + 1 if ties else min(2, left + 1)):
                most = spare // (2 * left - a) if ties and 2 * left > a else spare
                transitions += min(most, n - fp, width - 1 - fp) + 1 if ties else 1
            if transitions > AREA_GROUPS or transitions * (x + 1) > AREA_WORK:
                return AREA_WORK + 1
    return transitions * (x + 1)


def extremes_fit(p: int, n: int, lo: int, hi: int, ties: bool) -> bool:
    """Whether :func:`area_extremes` of 2U in [lo, hi] is within :data:`AREA_WORK` (cells
    updated) and :data:`AREA_MEMORY` (cells held)."""
    if not 0 <= lo <= hi <= 2 * p * n:
        return False
    _, x = _side(p, n, lo, hi)
    held = (p + 1) * (min(n, x) + 1) * 2 * (x + 1)
    return held <= AREA_MEMORY and _cells(p, n, lo, hi, ties) <= AREA_WORK


def _enclosed(parts: list[tuple[int, int]], over: int) -> tuple[int, int]:
    """SCALE * sum(num / den) / over, each part rounded down (and up): an enclosure."""
    low = high = 0
    for num, den in parts:
        top, bottom = num * SCALE, den * over
        part = top // bottom
        low, high = low + part, high + part + (part * bottom != top)
    return low, high


def _before(tp: int, fp: int, a: int, b: int) -> tuple[int, int]:
    """The precision at the start of the group, as search._precision_before (num, den)."""
    if tp == 0:
        return (a, a + b) if fp == 0 else (0, 1)
    return tp, tp + fp


def negative_term(p: int, n: int, from_top: bool, metric: int, tp: int) -> int:
    """What one negative alone in its group adds at tp (the programme's side): 0 to an area,
    N (P - 1) D^2 with D = 2 (positives above) to DeLong's S."""
    if metric != DELONG:
        return 0
    above = tp if from_top else p - tp
    return n * (p - 1) * 4 * above * above


def trailing_terms(p: int, n: int, from_top: bool, metric: int, width: int) -> Any:
    """Per fp < width, what the N - fp negatives past the programme's end add (every
    positive placed: below them all from the top, above them all from the bottom)."""
    return (n - np.arange(width, dtype=np.int64)) * negative_term(p, n, from_top, metric, p)


def group_term(
    p: int, n: int, from_top: bool, metric: int, tp: int, fp: int, a: int, b: int
) -> tuple[int, int]:
    """The group's term, scaled and enclosed in integers, (tp, fp) counted on the programme's
    side of it.

    The formulas of :func:`~rocpr_exact.consistency.search.group_terms` with (t0, f0) the
    counts above the group: AP a (t0 + a) / (P (t0 + a + f0 + b)); linear a (start + end) /
    (2 P); DG (1 / (2 P)) sum over t of (previous + current) precision.  Each fraction is
    rounded on its own, so a group's enclosure is at most a + 2 units wide.
    """
    t0, f0 = (tp, fp) if from_top else (p - tp - a, n - fp - b)
    if metric == DELONG:  # S = P (N - 1) a C^2 + N (P - 1) b D^2, exact (delong_extremes)
        c, d = 2 * (n - f0 - b) + b, 2 * t0 + a
        s = p * (n - 1) * a * c * c + n * (p - 1) * b * d * d
        return s, s
    end = (t0 + a, t0 + a + f0 + b)
    if metric == 1:
        return _enclosed([(a * end[0], end[1])], p)
    if metric == 3:
        start = _before(t0, f0, a, b)
        return _enclosed([(a * start[0], start[1]), (a * end[0], end[1])], 2 * p)
    parts = [_before(t0, f0, a, b)]  # Davis-Goadrich: precision t a / (t a + f0 a + (t - t0) b)
    for t in range(t0 + 1, t0 + a + 1):
        current = (t * a, t * a + f0 * a + (t - t0) * b)
        parts.append((2 * current[0], current[1]) if t < t0 + a else current)
    return _enclosed(parts, 2 * p)


def runs(
    p: int, n: int, ties: bool, tp: int, fp: int, start: int, x: int, width: int
) -> Iterator[tuple[int, int]]:
    """(a, B): the positive groups (a, b) for b = 0..B from (tp, fp) whose costs, with those
    of the positives after them, can stay within x (see :func:`_cells`)."""
    left = p - tp
    for a in range(1, left + 1 if ties else min(2, left + 1)):
        spare = x - start - 2 * fp * left
        if spare < 0:
            return
        last = min(spare // (2 * left - a), n - fp, width - 1 - fp) if ties else 0
        if last >= 0:
            yield a, last


@lru_cache(maxsize=2)
def tables(
    p: int, n: int, lo: int, hi: int, metric: int, ties: bool
) -> tuple[Any, Any, bool, int, Any]:
    """(least, most, from_top, X, floor): int64 arrays over (tp, fp, x) of the scaled partial
    sums, and per (tp, fp) the least x that reaches it (X + 1: none).

    The x axis is 2 (X + 1) long: the groups (a, b), b = 0..B, from one state land at
    x + a (2 fp + b) in the rows fp + b, a strided view of the next rows (row stride W + a),
    written at once; what lands past X is never read.
    """
    from_top, x = _side(p, n, lo, hi)
    width, wide = min(n, x) + 1, 2 * (x + 1)
    least = np.full((p + 1, width, wide), _HIGH, np.int64)
    most = np.full((p + 1, width, wide), _LOW, np.int64)
    least[0, 0, 0] = most[0, 0, 0] = 0
    floor = np.full((p + 1, width), x + 1, np.int64)  # the least reachable x per state
    floor[0, 0] = 0
    item = least.itemsize
    for tp in range(p + 1):
        for fp in range(width):
            start = int(floor[tp, fp])
            if start > x:
                continue
            if fp + 1 < width:  # one negative more: adds to neither sum
                alone = negative_term(p, n, from_top, metric, tp)
                np.minimum(least[tp, fp + 1], least[tp, fp] + alone, out=least[tp, fp + 1])
                np.maximum(most[tp, fp + 1], most[tp, fp] + alone, out=most[tp, fp + 1])
                floor[tp, fp + 1] = min(floor[tp, fp + 1], start)
            for a, last in runs(p, n, ties, tp, fp, start, x, width):
                scaled = [group_term(p, n, from_top, metric, tp, fp, a, b) for b in range(last + 1)]
                down = np.array([d for d, _ in scaled], np.int64)[:, None]
                up = np.array([u for _, u in scaled], np.int64)[:, None]
                base = fp * wide + 2 * a * fp
                shape, strides = (last + 1, x + 1), ((wide + a) * item, item)
                for table, source, add, pick in (
                    (least, least[tp, fp, : x + 1], down, np.minimum),
                    (most, most[tp, fp, : x + 1], up, np.maximum),
                ):
                    view = as_strided(table[tp + a].reshape(-1)[base:], shape, strides)
                    pick(view, source + add, out=view)
                costs = a * (2 * fp + np.arange(last + 1))
                row = floor[tp + a, fp : fp + last + 1]
                np.minimum(row, start + costs, out=row)
    return least, most, from_top, x, floor


def programme_extremes(
    p: int, n: int, lo: int, hi: int, metric: int, ties: bool = True
) -> dict[int, tuple[int, int]]:
    """{2U: (least, greatest)} of the programme's integer sums for ``metric`` (an area's
    RANKING_METRICS index, scaled by :data:`SCALE` and enclosed, or :data:`DELONG`, exact)."""
    least, most, from_top, x, _ = tables(p, n, lo, hi, metric, ties)
    trail = trailing_terms(p, n, from_top, metric, least.shape[1])[:, None]
    low = (least[p, :, : x + 1] + trail).min(axis=0)
    high = (most[p, :, : x + 1] + trail).max(axis=0)
    out = {}
    for total in range(lo, hi + 1):
        k = 2 * p * n - total if from_top else total
        if 0 <= k <= x and low[k] < _HIGH // 2:
            out[total] = (int(low[k]), int(high[k]))
    return out


def programme_groups(
    p: int, n: int, lo: int, hi: int, metric: int, ties: bool, total: int, greatest: bool
) -> list[Group]:
    """:func:`extreme_groups` for any key of :func:`programme_extremes`."""
    least, most, from_top, _, _ = tables(p, n, lo, hi, metric, ties)
    table = most if greatest else least
    k = 2 * p * n - total if from_top else total
    width = table.shape[1]
    ends = table[p, :, k] + trailing_terms(p, n, from_top, metric, width)
    fp = int(ends.argmax() if greatest else ends.argmin())
    tp, value, groups = p, int(table[p, fp, k]), []
    trailing = n - fp  # negatives past the programme's last state: one run at the far end
    while (tp, fp) != (0, 0):
        alone = negative_term(p, n, from_top, metric, tp)
        if fp and int(table[tp, fp - 1, k]) + alone == value:
            fp, step, value = fp - 1, (0, 1), value - alone
        else:
            step = next(
                (a, b)
                for a in range(1, tp + 1 if ties else min(2, tp + 1))
                for b in range(0, fp + 1 if ties else 1)
                for cost in [a * (2 * (fp - b) + b)]
                if cost <= k and fp - b < width
                for scaled in [group_term(p, n, from_top, metric, tp - a, fp - b, a, b)]
                if int(table[tp - a, fp - b, k - cost]) + scaled[greatest] == value
            )
            a, b = step
            k -= a * (2 * (fp - b) + b)
            value -= group_term(p, n, from_top, metric, tp - a, fp - b, a, b)[greatest]
            tp, fp = tp - a, fp - b
        groups.append(step)
    groups.reverse()  # from the programme's start
    if trailing:  # one run (tied negatives change no metric), or one score each
        groups += [(0, trailing)] if ties else [(0, 1)] * trailing
    return groups if from_top else groups[::-1]


@lru_cache(maxsize=2)
def suffixes(p: int, n: int, lo: int, hi: int, metric: int, ties: bool) -> tuple[Any, Any]:
    """(least, most): per (tp, fp, r) the least and greatest scaled sum of the groups after
    (tp, fp) whose costs add up to r, the programme of :func:`tables` run from the other end
    (only states it reaches).  The groups (a, b), b = 0..B, from (tp, fp) read the rows fp + b
    of tp + a at r - a (2 fp + b): a strided view with row stride W - a; what it reads
    before a row's start is the padding of the row before, never written."""
    _, _, from_top, x, floor = tables(p, n, lo, hi, metric, ties)
    width, wide = min(n, x) + 1, 2 * (x + 1)
    least = np.full((p + 1, width, wide), _HIGH, np.int64)
    most = np.full((p + 1, width, wide), _LOW, np.int64)
    least[p, :, 0] = most[p, :, 0] = trailing_terms(p, n, from_top, metric, width)  # all placed
    item = least.itemsize
    for tp in range(p - 1, -1, -1):
        for fp in range(width - 1, -1, -1):
            start = int(floor[tp, fp])
            if start > x:
                continue
            if fp + 1 < width:
                alone = negative_term(p, n, from_top, metric, tp)
                np.minimum(least[tp, fp], least[tp, fp + 1] + alone, out=least[tp, fp])
                np.maximum(most[tp, fp], most[tp, fp + 1] + alone, out=most[tp, fp])
            for a, last in runs(p, n, ties, tp, fp, start, x, width):
                scaled = [group_term(p, n, from_top, metric, tp, fp, a, b) for b in range(last + 1)]
                down = np.array([d for d, _ in scaled], np.int64)[:, None]
                up = np.array([u for _, u in scaled], np.int64)[:, None]
                base = fp * (wide - 2 * a)
                shape, strides = (last + 1, x + 1), ((wide - a) * item if last else 0, item)
                for table, add, pick in ((least, down, np.minimum), (most, up, np.maximum)):
                    view = as_strided(table[tp + a].reshape(-1)[base:], shape, strides)
                    reduce = (
                        (view + add).min(axis=0) if pick is np.minimum else (view + add).max(axis=0)
                    )
                    pick(table[tp, fp, : x + 1], reduce, out=table[tp, fp, : x + 1])
    return least, most
