"""One operating point: which whole numbers (TP, FP) give reported precision, recall, F1, ...

For a fixed TP each metric is a ratio of linear functions of FP with a
positive denominator, (c0 + c1 FP) / (d0 + d1 FP), so "metric >= low" is
c0 - low d0 + (c1 - low d1) FP >= 0, a half-line in FP (likewise
"metric <= high"): the FP that fit all reported metrics form one interval,
found exactly in O(1) per metric.  Precision is undefined at TP = FP = 0 and
never matches a reported value there.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rocpr_exact.consistency.reported import Interval
from rocpr_exact.core.rates import rate, rate_names

__all__ = [
    "POINT_METRICS",
    "first_fit",
    "fp_range",
    "fp_ranges",
    "point_value",
    "tp_span",
]

#: Metrics of one operating point (one threshold), all at the same threshold: the rates of
#: :data:`rocpr_exact.core.rates.RATES` that ``consistent`` takes.
POINT_METRICS = rate_names(consistent=True)


def _solve(a: int, b: int, strict: bool, lo: int, hi: int) -> tuple[int, int]:
    """Narrow [lo, hi] to the whole x with a + b x >= 0 (> 0 when strict); integers only."""
    if b == 0:
        return (lo, hi) if (a > 0 if strict else a >= 0) else (max(lo, 1), min(hi, 0))
    if b > 0:  # x >= -a/b (or >)
        return max(lo, (-a) // b + 1 if strict else -(a // b)), hi
    least = a // (-b)  # x <= a/|b|: floor; strict: the greatest whole x below a/|b|
    if strict and least * (-b) == a:
        least -= 1
    return lo, min(hi, least)


def fp_range(tp: int, p: int, n: int, intervals: Mapping[str, Interval]) -> tuple[int, int]:
    """The least and greatest FP in [0, N] at which every metric lies in its interval.

    Empty when the first exceeds the second.  O(number of metrics), in integers: with
    low = u/v, "metric >= low" is v c0 - u d0 + (v c1 - u d1) FP >= 0.

    >>> from rocpr_exact.consistency.reported import reported_interval
    >>> fp_range(2, 4, 7, {"precision": reported_interval("0.60")})   # 2/(2 + FP) in [.595, .605)
    (2, 1)
    >>> fp_range(2, 4, 7, {"precision": reported_interval("0.5")})    # [.45, .55): FP = 2
    (2, 2)
    """
    lo, hi = 0, n
    for name, interval in intervals.items():
        c0, c1, d0, d1 = rate(name).at_tp(tp, p, n)
        if name == "precision" and tp == 0:
            lo = max(lo, 1)  # precision is undefined with nothing predicted positive
        u, v = interval.low.numerator, interval.low.denominator
        lo, hi = _solve(v * c0 - u * d0, v * c1 - u * d1, not interval.low_closed, lo, hi)
        u, v = interval.high.numerator, interval.high.denominator
        lo, hi = _solve(u * d0 - v * c0, u * d1 - v * c1, not interval.high_closed, lo, hi)
    return lo, hi


def tp_span(p: int, intervals: Mapping[str, Interval]) -> tuple[int, int]:
    """The TP a reported recall allows (TP/P in its interval; 0..P without one), clipped to P.

    >>> from rocpr_exact.consistency.reported import reported_interval
    >>> tp_span(10, {"recall": reported_interval("0.5")})    # TP/10 in [0.45, 0.55): TP = 5
    (5, 5)
    >>> tp_span(10, {})
    (0, 10)
    """
    if "recall" not in intervals:
        return 0, p
    first, last = intervals["recall"].integers_scaled(p)
    return max(first, 0), min(last, p)


def fp_ranges(p: int, n: int, intervals: Mapping[str, Interval]) -> list[tuple[int, int]]:
    """``_fp_range`` for every TP in 0..P (empty list entries have lo > hi).  O(P)."""
    first, last = tp_span(p, intervals)  # recall = TP/P pins TP down: skip the TP outside it
    if first > last:
        return [(1, 0)] * (p + 1)
    return (
        [(1, 0)] * first
        + [fp_range(tp, p, n, intervals) for tp in range(first, last + 1)]
        + [(1, 0)] * (p - last)
    )


#: Metrics whose FP bounds at TP are constant (recall, specificity) or TP plus a constant
#: (accuracy = (TP + N - FP) / (P + N)): :func:`first_fit` needs no scan over TP for them.
_SHIFTED = frozenset({"recall", "accuracy", "specificity"})


def _shifted_first_fit(
    first: int, last: int, p: int, n: int, intervals: Mapping[str, Interval]
) -> tuple[int, int] | None:
    """:func:`first_fit` for recall, accuracy and specificity only, in O(1).

    Specificity gives FP in [s_lo, s_hi] (within [0, N]) whatever TP is; accuracy gives FP in
    [TP + k1, TP + k2], the constants read at TP = 0 without clipping (a bound outside
    [-(P + N + 1), P + N + 1] acts as that bound for every TP in [0, P] and FP in [0, N]).
    Both hold iff k1 <= k2, s_lo <= s_hi and s_lo - k2 <= TP <= s_hi - k1, so the least TP
    is max(first, s_lo - k2) and the least FP there max(TP + k1, s_lo); the docstring test of
    this module and tests/consistency/test_operating.py compare it with the scan.
    """
    s_lo, s_hi = 0, n
    if "specificity" in intervals:
        s_lo, s_hi = fp_range(0, p, n, {"specificity": intervals["specificity"]})
    k1, k2 = -(p + n + 1), p + n + 1
    accuracy = intervals.get("accuracy")
    if accuracy is not None:  # (N + TP - FP) / (P + N) at TP = 0: c0 = N, c1 = -1, d = P + N
        u, v = accuracy.low.numerator, accuracy.low.denominator
        k1, k2 = _solve(v * n - u * (p + n), -v, not accuracy.low_closed, k1, k2)
        u, v = accuracy.high.numerator, accuracy.high.denominator
        k1, k2 = _solve(u * (p + n) - v * n, v, not accuracy.high_closed, k1, k2)
    tp = max(first, s_lo - k2)
    if k1 > k2 or s_lo > s_hi or tp > min(last, s_hi - k1):
        return None
    return tp, max(tp + k1, s_lo)


def first_fit(p: int, n: int, intervals: Mapping[str, Interval]) -> tuple[int, int] | None:
    """The least TP (and least FP there) at which every metric fits, or None; stops there.

    Like :func:`fp_ranges` (the TP outside a reported recall are skipped) but lazy:
    O(TP found - first TP of the recall interval) instead of O(P).

    >>> from rocpr_exact.consistency.reported import reported_interval
    >>> first_fit(4, 7, {"precision": reported_interval("0.5"), "recall": reported_interval("0.5")})
    (2, 2)
    """
    first, last = tp_span(p, intervals)
    if first > last:
        return None
    if set(intervals) <= _SHIFTED:
        return _shifted_first_fit(first, last, p, n, intervals)
    for tp in range(first, last + 1):
        lo, hi = fp_range(tp, p, n, intervals)
        if lo <= hi:
            return tp, lo
    return None


def point_value(name: str, tp: int, fp: int, p: int, n: int) -> Fraction | None:
    """One metric of :data:`POINT_METRICS` at (TP, FP), by its record (None: undefined)."""
    return rate(name).value(tp, fp, p, n)
