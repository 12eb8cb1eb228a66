"""DeLong intervals for `check_auc_ci` (consistency.intervals): exclusions and witnesses.

DeLong's variance at a given AUC A lies in [0, A (1 - A) K] with K = 1 / (P - 1) + 1 / (N - 1)
(``proofs/proof_delong_bounds.py``).  An AUC m / (2PN) is *excluded* when no half-width w in
[0, z sqrt(A (1 - A) K)] puts A - w and A + w where the printed ends stand
(:func:`delong_excluded`, certified).  Whole ranges of m are excluded at once from exact
rational bounds (:func:`_range_excluded`: the least w the ends need over the range against the
largest A (1 - A) there and an upper bound of z), and split otherwise, nearest the centre
first, so that :func:`delong_candidates` proves "every m excluded" or yields the first few that
are not.  For those, :func:`delong_witness` searches rankings with that AUC: none when even
the least variance without ties (:func:`least_variance`, one tied pair for an odd 2U) is too
large (:func:`needs_ties`: every candidate below has at most that tie); else the walk of
:func:`~rocpr_exact.consistency.delong_untied.untied_walk` from the least variance, then
positives' placements falling linearly (slopes N/P times 2^-8 .. 2^8) or mixed between all
equal and extreme, and the mirror families for the negatives; a ranking whose certified
interval prints as given is a witness.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import lru_cache
from itertools import chain
from math import gcd
from typing import Literal

from rocpr_exact.areas.variance import auc_variance
from rocpr_exact.consistency.delong_untied import (
    untied_goal,
    untied_groups,
    untied_min_variance,
    untied_walk,
)
from rocpr_exact.consistency.enclosures import Real, ends_in
from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.core.curve import Curve
from rocpr_exact.exact.normal import ball_bounds, decide_real
from rocpr_exact.limits import check_interval_work

__all__ = [
    "delong_candidates",
    "delong_excluded",
    "delong_witness",
    "least_variance",
    "needs_ties",
]

#: Grid of the mixed family's shape parameter.
FAMILY_STEPS = 32
#: Examples' worth of work (``max_interval_work``) of one least variance without ties (a
#: binary search of about 64 steps of integer work over the smaller class, about 8 examples'
#: worth of a ranking's rational work, then the ranking) and of one ranking tried.
LEAST_WORK = 8
RANKING_WORK = 2


def _bound(p: int, n: int) -> Fraction:
    return Fraction(1, p - 1) + Fraction(1, n - 1)


def _range_excluded(
    p: int, n: int, first: int, last: int, z_high: Fraction, low: Interval, high: Interval
) -> bool:
    """Every m in [first, last] excluded: the least half-width the ends need exceeds the
    largest z sqrt(A (1 - A) K) over the range (rationals; ``z_high`` >= z)."""
    a, b = Fraction(first, 2 * p * n), Fraction(last, 2 * p * n)
    need = max(a - low.high, high.low - b, Fraction(0))
    if need == 0:
        return False
    half = Fraction(1, 2)
    top = half * half if a <= half <= b else max(a * (1 - a), b * (1 - b))
    return need * need > z_high * z_high * top * _bound(p, n)


def delong_candidates(
    p: int,
    n: int,
    centres: range,
    z: Real,
    low: Interval,
    high: Interval,
    wanted: int,
    steps: int,
    even: bool = False,
) -> tuple[list[int], bool] | Literal["budget"]:
    """The first ``wanted`` m (nearest the centre first; only even m with ``even``: rankings
    without ties) not excluded, and whether they are every one not excluded (the search ran to
    its end: ([], True) is a proof that every m is excluded); "budget" when ``steps`` ranges did
    not settle it and none was found (with some found, they are returned as not every one)."""
    bounds = ball_bounds(z)
    assert bounds is not None
    z_high = bounds[1]
    centre = (centres.start + centres.stop - 1) // 2
    stack, done = [(centres.start, centres.stop - 1)], 0
    kept: list[int] = []

    def distance(r: tuple[int, int]) -> int:
        return 0 if r[0] <= centre <= r[1] else min(abs(r[0] - centre), abs(r[1] - centre))

    while stack:
        first, last = stack.pop()
        done += 1
        if done > steps:
            return (kept, False) if kept else "budget"
        if _range_excluded(p, n, first, last, z_high, low, high):
            continue
        if first == last:
            if not (even and first % 2) and not delong_excluded(p, n, first, z, low, high):
                kept.append(first)
                if len(kept) >= wanted:
                    return kept, not stack
            continue
        middle = (first + last) // 2
        stack += sorted([(first, middle), (middle + 1, last)], key=distance, reverse=True)
    return kept, True


def delong_excluded(p: int, n: int, m: int, z: Real, low: Interval, high: Interval) -> bool:
    """No w in [0, z sqrt(max var)] puts A - w in ``low`` and A + w in ``high`` (proved)."""
    area = Fraction(m, 2 * p * n)
    w_low = max(area - low.high, high.low - area, Fraction(0))
    w_high = min(area - low.low, high.high - area)
    if w_high < w_low or (w_high == w_low and not (area - w_low in low and area + w_low in high)):
        return True
    bound = area * (1 - area) * _bound(p, n)
    if w_low == 0:
        return False
    if bound == 0:
        return True
    # excluded when z sqrt(bound) < w_low, i.e. z^2 bound < w_low^2
    square = w_low * w_low / bound

    def decide(lo: Fraction, hi: Fraction) -> bool | None:
        if hi < square:
            return True
        return False if lo >= square else None

    return decide_real(lambda: z() * z(), decide, "a DeLong bound")


def _groups(beats: list[int], n: int, half: bool) -> list[Group]:
    """The ranking whose i-th positive beats ``beats[i]`` negatives (non-increasing)."""
    sequence: list[Group] = []
    i = 0
    for level in range(n, -1, -1):
        while i < len(beats) and beats[i] == level:
            sequence.append((1, 0))
            i += 1
        if level:
            sequence.append((0, 1))
    if half:
        first = next(k for k, b in enumerate(beats) if b < n)
        where = first + (n - beats[first])
        sequence[where - 1 : where + 1] = [(1, 1)]
    return sequence


def _rounded(values: list[int], scale: int, u: int, n: int) -> list[int]:
    """Integers from a non-increasing real profile ``values / scale``: floors of the running
    sum, the sum set to ``u`` (one unit at a time where it keeps the profile in [0, n]),
    sorted non-increasing.  Integer arithmetic: the values are scaled by ``scale``."""
    beats, total = [], 0
    for value in values:
        before = total
        total += value
        beats.append(total // scale - before // scale)
    beats = [min(max(b, 0), n) for b in beats]
    beats.sort(reverse=True)
    i, have = 0, sum(beats)
    step = 1 if have < u else -1
    while have != u and i < 4 * len(beats):
        k = i % len(beats) if step > 0 else len(beats) - 1 - i % len(beats)
        if 0 <= beats[k] + step <= n:
            beats[k] += step
            have += step
        i += 1
    beats.sort(reverse=True)
    return beats


def _mixed(p: int, n: int, u: int, s: Fraction) -> tuple[list[int], int]:
    """Positives' placements between equal (s = 0) and extreme (s = 1), scaled to integers:
    (values, scale)."""
    scale = p * s.denominator
    equal = u * (s.denominator - s.numerator)  # (1 - s) u / p, times scale
    extreme, left = [], u
    for _ in range(p):
        extreme.append(min(n, left))
        left -= min(n, left)
    return [equal + x * s.numerator * p for x in extreme], scale


def _sloped(p: int, n: int, u: int, slope: Fraction) -> tuple[list[int], int]:
    """Placements falling linearly by ``slope`` per positive (clipped to [0, n]), sum ~ u,
    scaled to integers: (values, scale)."""

    def total(c: Fraction) -> Fraction:
        """sum_i min(max(c - slope i, 0), n) over i < p, in O(1): n for i <= (c - n) / slope,
        c - slope i for the i after that while it is positive."""
        full = min(p, max(0, _floor((c - n) / slope) + 1))
        last = min(p, max(0, _ceil(c / slope)))  # c - slope i > 0 for i < last
        count = max(0, last - full)
        return n * full + count * c - slope * Fraction((full + last - 1) * count, 2)

    low, high = Fraction(0), Fraction(n) + slope * p
    for _ in range(32):  # the sum is non-decreasing in c: bisection
        middle = (low + high) / 2
        low, high = (middle, high) if total(middle) < u else (low, middle)
    scale = high.denominator * slope.denominator // gcd(high.denominator, slope.denominator)
    top, step, cap = int(high * scale), int(slope * scale), n * scale
    return [min(max(top - step * i, 0), cap) for i in range(p)], scale


def _floor(x: Fraction) -> int:
    return x.numerator // x.denominator


def _ceil(x: Fraction) -> int:
    return -(-x.numerator // x.denominator)


def _family(p: int, n: int, u2: int) -> Iterator[list[Group]]:
    """Rankings with 2U = ``u2``: sloped, then mixed placement profiles (module notes)."""
    u = u2 // 2
    slopes = (Fraction(n, p) * Fraction(2) ** k for k in range(-8, 9))
    mixes = (Fraction(k, FAMILY_STEPS) for k in range(FAMILY_STEPS + 1))
    shapes: Iterator[tuple[Callable[..., tuple[list[int], int]], Fraction]] = chain(
        ((_sloped, t) for t in slopes), ((_mixed, s) for s in mixes)
    )
    for build, shape_parameter in shapes:
        check_interval_work(RANKING_WORK * (p + n), "the DeLong witness search")
        beats = _rounded(*build(p, n, u, shape_parameter), u, n)
        if sum(beats) != u or (u2 % 2 and all(b == n for b in beats)):
            continue
        yield _groups(beats, n, bool(u2 % 2))


def _mirror(groups: list[Group]) -> list[Group]:
    """Swap the classes and reverse the order: the same AUC, the roles of P and N exchanged."""
    return [(b, a) for a, b in reversed(groups)]


def _curve(groups: list[Group]) -> Curve:
    tps, fps = [0], [0]
    for a, b in groups:
        tps.append(tps[-1] + a)
        fps.append(fps[-1] + b)
    return Curve(tps[-1], fps[-1], tuple(tps), tuple(fps))


def _window(
    area: Fraction, z: Real, low: Interval, high: Interval
) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """w_low, w_high (the half-widths the printed ends allow) and rational bounds of z."""
    w_low = max(area - low.high, high.low - area, Fraction(0))
    w_high = min(area - low.low, high.high - area)
    bounds = ball_bounds(z)
    assert bounds is not None
    return w_low, w_high, bounds[0], bounds[1]


@lru_cache(maxsize=1 << 14)
def least_variance(p: int, n: int, m: int) -> Fraction:
    """The least DeLong variance at 2U = m of a ranking without ties (even m: exact, from
    :mod:`~rocpr_exact.consistency.delong_untied`) or with one tied positive-negative pair
    (odd m: a lower bound).  One tied pair adds 1 to one C and one D of an untied ranking at
    U = (m - 1) / 2, so sum C^2 and sum D^2 do not fall and var >= untied minimum at U -
    kappa (m^2 - (m - 1)^2), kappa = 1 / (4 N^2 P^2 (P - 1)) + 1 / (4 P^2 N^2 (N - 1))."""
    work = LEAST_WORK * min(p, n) + RANKING_WORK * (p + n)
    check_interval_work(work, "the least DeLong variance without ties")
    if m % 2 == 0:
        return untied_min_variance(p, n, m // 2)
    kappa = Fraction(1, 4 * n * n * p * p * (p - 1)) + Fraction(1, 4 * p * p * n * n * (n - 1))
    return untied_min_variance(p, n, m // 2) - kappa * (2 * m - 1)


def needs_ties(p: int, n: int, m: int, z: Real, low: Interval, high: Interval) -> bool:
    """m whose least variance without ties (one tied pair for odd m, :func:`least_variance`)
    already gives too wide an interval: only a ranking with more ties could print it, and every
    ranking :func:`delong_witness` tries has at most that one tie."""
    _, w_high, z_low, _ = _window(Fraction(m, 2 * p * n), z, low, high)
    return w_high < 0 or z_low * z_low * least_variance(p, n, m) > w_high * w_high


def _walked(p: int, n: int, m: int, z: Real, low: Interval, high: Interval) -> list[Group] | None:
    """An untied witness at even m from :func:`untied_walk` (from the least variance)."""
    w_low, w_high, z_low, z_high = _window(Fraction(m, 2 * p * n), z, low, high)
    if m % 2 or w_high <= 0:
        return None
    wanted = (w_low * w_low / (z_low * z_low), w_high * w_high / (z_high * z_high))
    if wanted[0] > wanted[1]:
        return None
    check_interval_work(RANKING_WORK * (p + n), "the DeLong witness search")
    rows = untied_walk(p, n, m // 2, *wanted, untied_goal(p, n, m // 2))
    return None if rows is None else untied_groups(rows, n)


def delong_witness(
    p: int, n: int, m: int, z: Real, low: Interval, high: Interval
) -> list[Group] | None:
    """A ranking with AUC m / (2PN) whose DeLong interval prints as given, or None: first the
    walk among untied rankings, then the families (module notes).  At an even m where
    :func:`needs_ties` holds no ranking tried here can fit: None."""
    area = Fraction(m, 2 * p * n)
    if needs_ties(p, n, m, z, low, high):
        return None
    w_low, w_high, z_low, z_high = _window(area, z, low, high)
    walked = _walked(p, n, m, z, low, high)
    candidates = chain(
        [] if walked is None else [walked],
        _family(p, n, m),
        (_mirror(g) for g in _family(n, p, m)),
    )
    for groups in candidates:
        variance = auc_variance(_curve(groups))
        if z_high * z_high * variance < w_low * w_low or z_low * z_low * variance > w_high**2:
            continue  # w = z sqrt(var) is certainly outside [w_low, w_high]
        if ends_in(area, variance, z, low, high):
            return groups
    return None
