"""The least and the greatest DeLong variance at each AUC over every ranking, ties included.

Read from the top, a ranking of P positives and N negatives is a sequence of tie groups (a
positives, b negatives, not both 0); with tp and fp the counts above a group, its positives'
doubled placements are C = 2 (N - fp - b) + b and its negatives' D = 2 tp + a
(:mod:`~rocpr_exact.consistency.delong_small`).  With m = 2U = sum a C and
L = 4 P^2 N^2 (P - 1)(N - 1), DeLong's variance is

    var = (S - (P + N - 2) m^2) / L,   S = sum over groups of P (N - 1) a C^2 + N (P - 1) b D^2,

(multiply (P sum C^2 - m^2) / (4 N^2 P^2 (P - 1)) + (N sum D^2 - m^2) / (4 P^2 N^2 (N - 1)) by L).
Both m and S add up group by group, and a group's terms depend only on (tp, fp, a, b), so the
least and the greatest S at each (tp, fp, m) follow from those of the states before it: a
shortest- (and longest-) path programme over (tp, fp, m), whose answer at (P, N, m) is the
exact least and greatest variance among *all* rankings with 2U = m (not a bound: every
ranking is a path, and every path a ranking).  Integers throughout (int64 arrays over m:
S <= 4 P^2 N^2 (P + N - 2), far below 2^63 within :data:`EXTREMES_WORK`).

Cost: sum over (tp, fp) of (P - tp + 1)(N - fp + 1) array updates of length 2 tp N + 1, about
(P + 1)^2 (N + 1)^2 P N / 4 integer operations; :func:`extremes_fit` says whether P and N are
within :data:`EXTREMES_WORK`.  :func:`extreme_ranking` recovers a ranking attaining either
extreme by walking the programme back.  tests/consistency/test_delong_extremes.py compares both
extremes with every (AUC, variance) pair of :func:`~rocpr_exact.consistency.delong_small.
delong_pairs` (every ranking, P + N <= 10) and the recovered rankings' variances with
:func:`rocpr_exact.areas.variance.auc_variance`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from rocpr_exact.consistency.enclosures import Real, ends_in
from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.programme import DELONG, programme_extremes, programme_groups
from rocpr_exact.consistency.programme import extremes_fit as extremes_fit_near
from rocpr_exact.consistency.programme_walk import interior
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.exact.normal import ball_bounds

__all__ = [
    "EXTREMES_WORK",
    "extreme_ranking",
    "extreme_witness",
    "extremes_exclude",
    "extremes_fit",
    "group_sums",
    "interior_witness",
    "near_extremes",
    "near_fit",
    "prefix_sums",
    "s_window",
    "variance_extremes",
    "variance_of",
]

#: The largest programme (integer operations, :func:`work`) run for one query: P = N = 25
#: (77 million) took 3.2 s on the shared 2-core machine.
EXTREMES_WORK = 80_000_000

_HIGH = np.iinfo(np.int64).max // 4  # "unreachable" for the least S
_LOW = -_HIGH  # "unreachable" for the greatest S


def work(p: int, n: int) -> int:
    """The programme's integer operations, about: (P + 1)^2 (N + 1)^2 P N / 4."""
    return (p + 1) * (p + 2) // 2 * ((n + 1) * (n + 2) // 2) * (p * n + 1)


def extremes_fit(p: int, n: int) -> bool:
    """Whether :func:`variance_extremes` of P and N is within :data:`EXTREMES_WORK`."""
    return p >= 2 and n >= 2 and work(p, n) <= EXTREMES_WORK


def group_sums(p: int, n: int, tp: int, fp: int, a: int, b: int) -> tuple[int, int]:
    """(m, S) a group of a positives and b negatives adds after tp positives, fp negatives."""
    c, d = 2 * (n - fp - b) + b, 2 * tp + a
    return a * c, p * (n - 1) * a * c * c + n * (p - 1) * b * d * d


@lru_cache(maxsize=4)
def _tables(p: int, n: int) -> dict[tuple[int, int], tuple[Any, Any]]:
    """Per (tp, fp): int64 arrays over m of the least and the greatest S reaching it."""
    size = 2 * p * n + 1
    tables: dict[tuple[int, int], tuple[Any, Any]] = {}
    for tp in range(p + 1):
        for fp in range(n + 1):
            tables[tp, fp] = (np.full(size, _HIGH, np.int64), np.full(size, _LOW, np.int64))
    tables[0, 0][0][0] = tables[0, 0][1][0] = 0
    for tp, fp in sorted(tables, key=sum):
        least, most = tables[tp, fp]
        top = 2 * tp * n + 1  # m <= 2 N tp after tp positives
        for a in range(p - tp + 1):
            for b in range(n - fp + 1):
                if a == b == 0:
                    continue
                shift, added = group_sums(p, n, tp, fp, a, b)
                to_least, to_most = tables[tp + a, fp + b]
                end = min(top, size - shift)
                np.minimum(to_least[shift : shift + end], least[:end] + added,
                           out=to_least[shift : shift + end])  # fmt: skip
                np.maximum(to_most[shift : shift + end], most[:end] + added,
                           out=to_most[shift : shift + end])  # fmt: skip
    return tables


@lru_cache(maxsize=2)
def prefix_sums(p: int, n: int) -> tuple[Any, Any]:
    """The programme as two int64 arrays over (tp, fp, m): the least and the greatest S of the
    groups from the top to (tp, fp) with partial 2U = m (unreached: beyond +-2^60)."""
    tables = _tables(p, n)
    cells = [[tables[tp, fp] for fp in range(n + 1)] for tp in range(p + 1)]
    least = np.array([[pair[0] for pair in row] for row in cells])
    most = np.array([[pair[1] for pair in row] for row in cells])
    return least, most


@lru_cache(maxsize=4)
def variance_extremes(p: int, n: int) -> dict[int, tuple[Fraction, Fraction]]:
    """{m: (least, greatest) DeLong variance among every ranking with 2U = m} (P, N >= 2);
    cached, as :func:`extremes_exclude` reads it once per AUC (do not modify the result).

    >>> {m: (str(lo), str(hi)) for m, (lo, hi) in variance_extremes(2, 2).items()}[4]
    ('0', '1/4')
    """
    least, most = _tables(p, n)[p, n]
    out = {}
    for m in range(2 * p * n + 1):
        lo, hi = int(least[m]), int(most[m])
        if lo < _HIGH // 2:
            out[m] = (variance_of(p, n, m, lo), variance_of(p, n, m, hi))
    return out


def extreme_ranking(p: int, n: int, m: int, greatest: bool) -> list[Group]:
    """Tie groups (top first) of a ranking with 2U = m and the least (or greatest) variance."""
    tables = _tables(p, n)
    pick = 1 if greatest else 0
    cell, goal, groups = (p, n), m, []
    value = int(tables[p, n][pick][m])
    while cell != (0, 0):
        tp2, fp2 = cell
        step = next(
            (tp2 - a, fp2 - b, a, b, shift, added)
            for a in range(tp2 + 1)
            for b in range(fp2 + 1)
            if (a, b) != (0, 0)
            for shift, added in [group_sums(p, n, tp2 - a, fp2 - b, a, b)]
            if shift <= goal and int(tables[tp2 - a, fp2 - b][pick][goal - shift]) + added == value
        )
        tp, fp, a, b, shift, added = step
        groups.append((a, b))
        cell, goal, value = (tp, fp), goal - shift, value - added
    return groups[::-1]


#: A window [lo, hi] of 2U for :func:`near_extremes` (None: the whole programme).
Window = tuple[int, int] | None


def variance_of(p: int, n: int, m: int, s: int) -> Fraction:
    """DeLong's variance of a ranking with 2U = m and the integer S of the module notes."""
    return Fraction(s - (p + n - 2) * m * m, 4 * p * p * n * n * (p - 1) * (n - 1))


def near_fit(p: int, n: int, lo: int, hi: int) -> bool:
    """Whether :func:`near_extremes` of 2U in [lo, hi] is within the programme's limits
    (:func:`~rocpr_exact.consistency.programme.extremes_fit`; S below 2^60)."""
    small_s = 4 * p * p * n * n * (p + n) < 1 << 60
    return p >= 2 and n >= 2 and small_s and extremes_fit_near(p, n, lo, hi, True)


@lru_cache(maxsize=4)
def near_extremes(p: int, n: int, lo: int, hi: int) -> dict[int, tuple[Fraction, Fraction]]:
    """{m: (least, greatest) DeLong variance} for lo <= m = 2U <= hi, exact, over every ranking
    (ties included): S by the programme of :mod:`~rocpr_exact.consistency.programme` over
    (tp, fp, partial 2U or 2F), which stays small where the AUC is near 0 or 1 and so reaches
    P and N far past :data:`EXTREMES_WORK` (P = N = 50 at AUC 0.95, say).  Equal to
    :func:`variance_extremes` where both run (tests/consistency/test_delong_extremes.py).

    >>> near_extremes(2, 2, 4, 4) == {4: variance_extremes(2, 2)[4]}
    True
    """
    found = programme_extremes(p, n, lo, hi, DELONG, True)
    return {
        m: (variance_of(p, n, m, least), variance_of(p, n, m, most))
        for m, (least, most) in found.items()
    }


def _pair(p: int, n: int, m: int, window: Window) -> tuple[Fraction, Fraction]:
    return variance_extremes(p, n)[m] if window is None else near_extremes(p, n, *window)[m]


def _ranking(p: int, n: int, m: int, greatest: bool, window: Window) -> list[Group]:
    if window is None:
        return extreme_ranking(p, n, m, greatest)
    return programme_groups(p, n, *window, DELONG, True, m, greatest)


def extremes_exclude(
    p: int, n: int, m: int, z: Real, low: Interval, high: Interval, window: Window = None
) -> bool:
    """No ranking with 2U = m prints this interval: every half-width z sqrt(var), var between
    the least and the greatest variance at m, lies below or above what the printed ends allow
    (certified: rational bounds of z, strict comparisons).  ``window``: the extremes of
    :func:`near_extremes` over that window of m, else of :func:`variance_extremes`."""
    least, greatest = _pair(p, n, m, window)
    area = Fraction(m, 2 * p * n)
    w_low = max(area - low.high, high.low - area, Fraction(0))
    w_high = min(area - low.low, high.high - area)
    bounds = ball_bounds(z)
    assert bounds is not None
    z_low, z_high = bounds
    return (
        w_high < 0
        or z_high * z_high * greatest < w_low * w_low
        or z_low * z_low * least > w_high * w_high
    )


def extreme_witness(
    p: int, n: int, m: int, z: Real, low: Interval, high: Interval, window: Window = None
) -> list[Group] | None:
    """A ranking with 2U = m and the least or the greatest variance whose interval is certified
    to print in ``low`` and ``high`` (None: neither extreme does); ``window`` as in
    :func:`extremes_exclude`."""
    least, greatest = _pair(p, n, m, window)
    area = Fraction(m, 2 * p * n)
    for variance, top in ((least, False), (greatest, True)):
        if ends_in(area, variance, z, low, high):
            return _ranking(p, n, m, top, window)
    return None


def s_window(
    p: int, n: int, m: int, z: Real, low: Interval, high: Interval
) -> tuple[int, int] | None:
    """[low, high] of the integer S (module notes) whose interval at 2U = m may print in ``low``
    and ``high``: half-widths z sqrt(var) within what the printed ends allow, z within its
    rational bounds, so every S that prints is inside (a superset; None: none can)."""
    area = Fraction(m, 2 * p * n)
    w_low = max(area - low.high, high.low - area, Fraction(0))
    w_high = min(area - low.low, high.high - area)
    bounds = ball_bounds(z)
    if w_high < 0 or bounds is None or bounds[0] <= 0:
        return None
    z_low, z_high = bounds
    scale, square = 4 * p * p * n * n * (p - 1) * (n - 1), (p + n - 2) * m * m
    s_low = (w_low * w_low / (z_high * z_high) * scale).__ceil__() + square
    s_high = (w_high * w_high / (z_low * z_low) * scale).__floor__() + square
    return (s_low, s_high) if s_low <= s_high else None


def interior_witness(
    p: int, n: int, m: int, z: Real, low: Interval, high: Interval
) -> list[Group] | None:
    """A ranking with 2U = m whose interval is meant to print in ``low`` and ``high``, between
    the extremes: the S of :func:`s_window` is the target of
    :func:`~rocpr_exact.consistency.programme_walk.interior` on the programme of that one m
    (None: not found, or the programme is past its limits; the caller certifies a ranking
    found)."""
    window = s_window(p, n, m, z, low, high)
    if window is None or not near_fit(p, n, m, m):
        return None
    return interior(p, n, m, m, DELONG, True, *window)
