"""The least and the greatest PR area at each AUC-ROC near the ends, over every ranking.

Read as a sequence of tie groups (a positives, b negatives, not both 0), a ranking's
average precision, Davis-Goadrich and linear areas are sums of one term per group, each a
function of the group and the counts (tp, fp) on one side of it
(:func:`~rocpr_exact.consistency.search.group_terms`), and so is twice its Mann-Whitney U
(ties 1/2): a group adds a (2 fp + b) to 2U counted from the bottom (its positives' wins,
fp negatives below), and a (2 fp + b) to 2F = 2 P N - 2U counted from the top (their losses,
fp negatives above).  Both sums only grow, so the least and the greatest area among every
ranking whose 2U lies in [lo, hi] follow from a shortest- (and longest-) path programme over
(tp, fp, x), x the partial 2U from the bottom when hi <= 2 P N - lo, the partial 2F from the
top otherwise: x never exceeds X = min(hi, 2 P N - lo), so the programme is small where the
printed AUC is near 0 or 1, where the sound bounds of :mod:`~.apbounds` are weakest
relative to what the ranking can do.

Every ranking is a path and every path a ranking, so the programme's extremes are the exact
extremes, not bounds.  Negative-only groups add nothing to either sum, so they are taken one
negative at a time (the same rankings' values); a positive group at fp costs at least 2 fp a,
and every positive after it at least 2 (fp + b), which prunes the rest.  The terms are
rationals; the programme adds them as integers scaled by 2^56 (:data:`SCALE`), each fraction
rounded down for the least and up for the greatest (a group's term is one to a + 1 fractions),
so the results enclose the exact extremes within 3 (P + N) 2^-56 and the comparisons that
decide a query are certified.  Cost: about the number of transitions times X + 1 array cells;
:func:`extremes_fit` says whether a query is within :data:`AREA_WORK`.  Checked against every
ranking (P + N <= 7, with and without ties, and the rankings walked back attain the extremes
exactly) in tests/consistency/test_areaextremes.py.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import as_strided

from rocpr_exact.consistency.operating import POINT_METRICS
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.consistency.search import RANKING_METRICS, Group
from rocpr_exact.consistency.walk import fits

__all__ = [
    "AREAS",
    "AREA_MEMORY",
    "AREA_WORK",
    "SCALE",
    "area_extremes",
    "extreme_groups",
    "extreme_witness",
    "extremes_fit",
    "extremes_reasons",
    "interior_groups",
]

#: The areas the programme decides (names as ``consistent`` takes them).
AREAS = ("average_precision", "auc_pr_dg", "auc_pr_linear")

#: The programme's key for DeLong's S (the areas' keys are their RANKING_METRICS indices).
DELONG = 4

#: Terms are rounded to multiples of 1 / SCALE (down for the least, up for the greatest).
SCALE = 1 << 56

#: The largest programme run for one query, in array cells updated: 28 million took 1.6 s
#: on the 2-core machine (P = N = 100, AUC-ROC 0.99).
AREA_WORK = 40_000_000

#: The largest tables held, in cells of each of the two int64 arrays (160 MB each).
AREA_MEMORY = 20_000_000

_HIGH = 1 << 62  # "unreachable" for the least
_LOW = -_HIGH  # "unreachable" for the greatest


def _side(p: int, n: int, lo: int, hi: int) -> tuple[bool, int]:
    """(from_top, X): count 2F from the top when that side's total is the smaller."""
    top = 2 * p * n - lo
    return (top < hi, min(top, hi))


def _cells(p: int, n: int, lo: int, hi: int, ties: bool) -> int:
    """The programme's array cells updated, at most (its prune without the reached floors).

    From (tp, fp), the group (a, b) and the positives after it cost at least
    2 fp (P - tp) + b (2 (P - tp) - a), which must stay within X.
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


def _negative(p: int, n: int, from_top: bool, metric: int, tp: int) -> int:
    """What one negative alone in its group adds at tp (the programme's side): 0 to an area,
    N (P - 1) D^2 with D = 2 (positives above) to DeLong's S."""
    if metric != DELONG:
        return 0
    above = tp if from_top else p - tp
    return n * (p - 1) * 4 * above * above


def _trailing(p: int, n: int, from_top: bool, metric: int, width: int) -> Any:
    """Per fp < width, what the N - fp negatives past the programme's end add (every
    positive placed: below them all from the top, above them all from the bottom)."""
    return (n - np.arange(width, dtype=np.int64)) * _negative(p, n, from_top, metric, p)


def _group(
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


def _runs(
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
def _tables(
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
                alone = _negative(p, n, from_top, metric, tp)
                np.minimum(least[tp, fp + 1], least[tp, fp] + alone, out=least[tp, fp + 1])
                np.maximum(most[tp, fp + 1], most[tp, fp] + alone, out=most[tp, fp + 1])
                floor[tp, fp + 1] = min(floor[tp, fp + 1], start)
            for a, last in _runs(p, n, ties, tp, fp, start, x, width):
                scaled = [_group(p, n, from_top, metric, tp, fp, a, b) for b in range(last + 1)]
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


def area_extremes(
    p: int, n: int, lo: int, hi: int, name: str, ties: bool = True
) -> dict[int, tuple[Fraction, Fraction]]:
    """{2U: (a lower bound on the least area, an upper bound on the greatest)} for lo <= 2U <= hi.

    Each within 3 (P + N) / 2^56 of the exact extreme among the rankings with that 2U (module
    docstring); 2U that no ranking has are absent.  ``name`` is one of :data:`AREAS`; the
    tables are cached for :func:`extreme_groups` (two queries).

    One positive, two negatives, AUC 1/2 (2U = 2): the positive second, AP 1/2, or tied
    with both, AP 1/3.

    >>> found = area_extremes(1, 2, 2, 2, "average_precision")
    >>> {k: (float(a), float(b)) for k, (a, b) in found.items()}
    {2: (0.3333333333333333, 0.5)}
    """
    found = programme_extremes(p, n, lo, hi, RANKING_METRICS.index(name), ties)
    return {k: (Fraction(a, SCALE), Fraction(b, SCALE)) for k, (a, b) in found.items()}


def programme_extremes(
    p: int, n: int, lo: int, hi: int, metric: int, ties: bool = True
) -> dict[int, tuple[int, int]]:
    """{2U: (least, greatest)} of the programme's integer sums for ``metric`` (an area's
    RANKING_METRICS index, scaled by :data:`SCALE` and enclosed, or :data:`DELONG`, exact)."""
    least, most, from_top, x, _ = _tables(p, n, lo, hi, metric, ties)
    trail = _trailing(p, n, from_top, metric, least.shape[1])[:, None]
    low = (least[p, :, : x + 1] + trail).min(axis=0)
    high = (most[p, :, : x + 1] + trail).max(axis=0)
    out = {}
    for total in range(lo, hi + 1):
        k = 2 * p * n - total if from_top else total
        if 0 <= k <= x and low[k] < _HIGH // 2:
            out[total] = (int(low[k]), int(high[k]))
    return out


def extreme_groups(
    p: int, n: int, lo: int, hi: int, name: str, ties: bool, total: int, greatest: bool
) -> list[Group]:
    """Tie groups (top first) of a ranking with 2U = ``total`` whose area is the programme's
    least (or greatest): the path walked back through the tables of :func:`area_extremes`."""
    return programme_groups(p, n, lo, hi, RANKING_METRICS.index(name), ties, total, greatest)


def programme_groups(
    p: int, n: int, lo: int, hi: int, metric: int, ties: bool, total: int, greatest: bool
) -> list[Group]:
    """:func:`extreme_groups` for any key of :func:`programme_extremes`."""
    least, most, from_top, _, _ = _tables(p, n, lo, hi, metric, ties)
    table = most if greatest else least
    k = 2 * p * n - total if from_top else total
    width = table.shape[1]
    ends = table[p, :, k] + _trailing(p, n, from_top, metric, width)
    fp = int(ends.argmax() if greatest else ends.argmin())
    tp, value, groups = p, int(table[p, fp, k]), []
    trailing = n - fp  # negatives past the programme's last state: one run at the far end
    while (tp, fp) != (0, 0):
        alone = _negative(p, n, from_top, metric, tp)
        if fp and int(table[tp, fp - 1, k]) + alone == value:
            fp, step, value = fp - 1, (0, 1), value - alone
        else:
            step = next(
                (a, b)
                for a in range(1, tp + 1 if ties else min(2, tp + 1))
                for b in range(0, fp + 1 if ties else 1)
                for cost in [a * (2 * (fp - b) + b)]
                if cost <= k and fp - b < width
                for scaled in [_group(p, n, from_top, metric, tp - a, fp - b, a, b)]
                if int(table[tp - a, fp - b, k - cost]) + scaled[greatest] == value
            )
            a, b = step
            k -= a * (2 * (fp - b) + b)
            value -= _group(p, n, from_top, metric, tp - a, fp - b, a, b)[greatest]
            tp, fp = tp - a, fp - b
        groups.append(step)
    groups.reverse()  # from the programme's start
    if trailing:  # one run (tied negatives change no metric), or one score each
        groups += [(0, trailing)] if ties else [(0, 1)] * trailing
    return groups if from_top else groups[::-1]


def _six(whole: int) -> str:
    sign = "-" if whole < 0 else ""
    digits = str(abs(whole)).rjust(7, "0")
    return f"{sign}{digits[:-6]}.{digits[-6:]}"


@lru_cache(maxsize=2)
def _suffixes(p: int, n: int, lo: int, hi: int, metric: int, ties: bool) -> tuple[Any, Any]:
    """(least, most): per (tp, fp, r) the least and greatest scaled sum of the groups after
    (tp, fp) whose costs add up to r, the programme of :func:`_tables` run from the other end
    (only states it reaches).  The groups (a, b), b = 0..B, from (tp, fp) read the rows fp + b
    of tp + a at r - a (2 fp + b): a strided view with row stride W - a; what it reads
    before a row's start is the padding of the row before, never written."""
    _, _, from_top, x, floor = _tables(p, n, lo, hi, metric, ties)
    width, wide = min(n, x) + 1, 2 * (x + 1)
    least = np.full((p + 1, width, wide), _HIGH, np.int64)
    most = np.full((p + 1, width, wide), _LOW, np.int64)
    least[p, :, 0] = most[p, :, 0] = _trailing(p, n, from_top, metric, width)  # all placed
    item = least.itemsize
    for tp in range(p - 1, -1, -1):
        for fp in range(width - 1, -1, -1):
            start = int(floor[tp, fp])
            if start > x:
                continue
            if fp + 1 < width:
                alone = _negative(p, n, from_top, metric, tp)
                np.minimum(least[tp, fp], least[tp, fp + 1] + alone, out=least[tp, fp])
                np.maximum(most[tp, fp], most[tp, fp + 1] + alone, out=most[tp, fp])
            for a, last in _runs(p, n, ties, tp, fp, start, x, width):
                scaled = [_group(p, n, from_top, metric, tp, fp, a, b) for b in range(last + 1)]
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


def interior_groups(
    p: int, n: int, lo: int, hi: int, name: str, ties: bool, area: Interval
) -> list[Group] | None:
    """Tie groups (top first) of a ranking with 2U in [lo, hi] meant to have its area in
    ``area`` (None: not found; the caller checks it exactly).

    From the programme's start, each step takes the group (or the one negative) after which
    the remaining groups' least and greatest sums (:func:`_suffixes`) still bracket the
    target, the one that leaves an aim nearest the middle of that bracket (the interval's
    middle, then its quarters).  Between the extremes the sums are dense next to a printed
    interval, so this mostly lands; it is a search, not a proof, and dead ends return None.
    """
    metric = RANKING_METRICS.index(name)
    _, _, from_top, x, _ = _tables(p, n, lo, hi, metric, ties)
    least, most = _suffixes(p, n, lo, hi, metric, ties)
    width = least.shape[1]
    totals = [2 * p * n - t if from_top else t for t in range(lo, hi + 1)]
    ends = np.array([k for k in totals if 0 <= k <= x], np.int64)
    low = (area.low * SCALE).__ceil__()
    high = (area.high * SCALE).__floor__()

    def walk(aim: int) -> list[Group] | None:
        tp = fp = spent = value = 0
        groups: list[Group] = []
        while tp < p:
            best: tuple[int, Group, int, int] | None = None
            alone = _negative(p, n, from_top, metric, tp)
            moves: list[tuple[Group, int, int]] = [((0, 1), 0, alone)] if fp + 1 < width else []
            for a, last in _runs(p, n, ties, tp, fp, spent, x, width):
                for b in range(last + 1):
                    term = _group(p, n, from_top, metric, tp, fp, a, b)[0]
                    moves.append(((a, b), a * (2 * fp + b), term))
            for (a, b), cost, term in moves:
                left = ends - (spent + cost)
                left = left[left >= 0]
                if not left.size:
                    continue
                floor_sum = int(least[tp + a, fp + b, left].min())
                if floor_sum > _HIGH // 2:
                    continue
                reach_low = value + term + floor_sum
                reach_high = value + term + int(most[tp + a, fp + b, left].max())
                if reach_low > high or reach_high < low:
                    continue
                miss = abs(2 * aim - reach_low - reach_high)
                if best is None or miss < best[0]:
                    best = (miss, (a, b), cost, term)
            if best is None:
                return None
            _, (a, b), cost, term = best
            groups.append((a, b))
            tp, fp, spent, value = tp + a, fp + b, spent + cost, value + term
        if not low <= value <= high:
            return None
        if n > fp:
            groups += [(0, n - fp)] if ties else [(0, 1)] * (n - fp)
        return groups if from_top else groups[::-1]

    for aim in ((low + high) // 2, (3 * low + high) // 4, (low + 3 * high) // 4):
        found = walk(aim)
        if found is not None:
            return found
    return None


def _range(p: int, n: int, intervals: Mapping[str, Interval], ties: bool) -> tuple[int, int]:
    """The 2U the printed AUC-ROC allows (lo > hi: none)."""
    scale = 2 * p * n
    lo, hi = intervals["auc_roc"].integers_scaled(scale)
    lo, hi = max(lo, 0), min(hi, scale)
    if not ties:
        lo, hi = lo + lo % 2, hi - hi % 2
    return lo, hi


def _decided(p: int, n: int, intervals: Mapping[str, Interval], ties: bool) -> list[str]:
    """The areas reported with AUC-ROC whose programme is within :data:`AREA_WORK`."""
    if "auc_roc" not in intervals:
        return []
    lo, hi = _range(p, n, intervals, ties)
    if lo > hi or not extremes_fit(p, n, lo, hi, ties):
        return []
    return [name for name in AREAS if name in intervals]


def extremes_reasons(p: int, n: int, intervals: Mapping[str, Interval], ties: bool) -> list[str]:
    """AUC-ROC with an area: impossible when at every 2U the AUC allows, the area's exact
    extremes (:func:`area_extremes`) leave the printed interval.  [] when every area fits
    or the programme is past :data:`AREA_WORK` (the other deciders go on)."""
    reasons = []
    for name in _decided(p, n, intervals, ties):
        lo, hi = _range(p, n, intervals, ties)
        found = area_extremes(p, n, lo, hi, name, ties)
        area = intervals[name]
        if not found or any(area.meets(a, b) for a, b in found.values()):
            continue
        least = min(a for a, _ in found.values())
        greatest = max(b for _, b in found.values())
        which = "rankings without ties" if not ties else "rankings (ties allowed)"
        reasons.append(
            f"{name} means a value in {area}; with auc_roc in {intervals['auc_roc']} and "
            f"P = {p}, N = {n}, the {which} have {name} between "
            f"{_six((least * 10**6).__floor__())} and {_six((greatest * 10**6).__ceil__())}, "
            "and at no AUC-ROC in the interval does the range meet it (the exact least and "
            "greatest at each AUC-ROC, by a programme over (TP, FP, 2U) rounded outward: "
            "rocpr_exact.consistency.areaextremes)"
        )
    return reasons


def extreme_witness(
    p: int, n: int, intervals: Mapping[str, Interval], ties: bool, tries: int = 64
) -> list[Group] | None:
    """A ranking attaining an area's least or greatest at some 2U the AUC-ROC allows whose
    every reported value (:func:`~rocpr_exact.consistency.walk.fits`) is in its interval."""
    ranking = {k: v for k, v in intervals.items() if k not in POINT_METRICS}  # every area
    for name in _decided(p, n, intervals, ties):
        lo, hi = _range(p, n, intervals, ties)
        area = intervals[name]
        for total, (a, b) in area_extremes(p, n, lo, hi, name, ties).items():
            for greatest, end in ((False, a), (True, b)):
                if tries <= 0:
                    return None
                if area.meets(end - Fraction(p + n, SCALE), end + Fraction(p + n, SCALE)):
                    tries -= 1
                    groups = extreme_groups(p, n, lo, hi, name, ties, total, greatest)
                    if fits(groups, p, n, ranking):
                        return groups
        inside = interior_groups(p, n, lo, hi, name, ties, area)
        if inside is not None and fits(inside, p, n, ranking):
            return inside
    return None
