"""Exact bounds on what a ranking of P positives and N negatives can score.

The least value of each area is its record's ``least`` (:mod:`rocpr_exact.areas.least`,
re-exported here); this module adds AUC-ROC's values, enclosures of the least values and
the range of average precision at one AUC-ROC.

Each function is backed by a brute-force test over every ranking with ties
(tests/consistency/test_bounds.py).  The worst ranking, "every negative above
every positive, positives at distinct scores", attains each minimum below;
the reason is given beside each function.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from rocpr_exact.areas.least import (
    boyd_minimum_auc_pr,
    check_counts,
    min_auc_pr_continuous,
    min_auc_pr_dg,
    min_auc_pr_linear,
    min_average_precision,
)
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.consistency.search import RANKING_METRICS, group_terms
from rocpr_exact.errors import InvalidInputError, ResourceLimitError

__all__ = [
    "auc_roc_span",
    "auc_roc_values",
    "average_precision_range",
    "boyd_minimum_auc_pr",
    "check_counts",
    "min_auc_pr_continuous",
    "min_auc_pr_dg",
    "min_auc_pr_linear",
    "min_average_precision",
    "minimum_enclosure",
    "ternary_window",
]


def auc_roc_values(positives: int, negatives: int, *, ties: bool = True) -> range:
    """The possible values of 2 P N AUC-ROC: every AUC-ROC is k / (2 P N) for k in this range.

    AUC-ROC is the Mann-Whitney statistic U / (P N) with ties counted 1/2, so
    2 U is an integer in [0, 2 P N]; without ties U is an integer.  Every such
    value occurs: the greedy ranking of ``consistency.check`` builds one for
    each U, and tying the negative just above the first positive that is not
    at the top adds 1/2.  O(1).

    >>> auc_roc_values(2, 3)                 # k / 12, k = 0..12
    range(0, 13)
    >>> auc_roc_values(2, 3, ties=False)     # k / 12, k even: multiples of 1/6
    range(0, 13, 2)
    """
    check_counts(positives, negatives)
    return range(0, 2 * positives * negatives + 1, 1 if ties else 2)


def auc_roc_span(p: int, n: int, auc: Interval, ties: bool) -> tuple[int, int]:
    """(lo, hi): the least and greatest 2U of :func:`auc_roc_values` in the printed interval
    ``auc`` (lo > hi: none).

    >>> auc_roc_span(2, 3, Interval(Fraction(1, 4), Fraction(1, 2)), ties=False)
    (4, 6)
    """
    scale = 2 * p * n
    lo, hi = auc.integers_scaled(scale)
    lo, hi = max(lo, 0), min(hi, scale)
    if not ties:
        lo, hi = lo + lo % 2, hi - hi % 2
    return lo, hi


def minimum_enclosure(name: str, positives: int, negatives: int) -> tuple[Fraction, Fraction]:
    """Bounds [low, high] on :func:`min_average_precision` (``name`` "average_precision") or
    :func:`min_auc_pr_dg` ("auc_pr_dg") without their exact sums.

    Both are built from S = sum_{t=1..P} t/(t + N): AP = S/P and DG = (2S - P/(P+N))/(2P).
    Each term is rounded down (up) to a multiple of 2^-64, so the bounds are within P 2^-64
    of the exact value.  O(P) integer operations, no big denominators: for deciding
    whether a reported value is below the minimum when P is large.

    >>> low, high = minimum_enclosure("average_precision", 2, 2)
    >>> low <= min_average_precision(2, 2) <= high, high - low <= Fraction(2, 2**64)
    (True, True)
    """
    check_counts(positives, negatives)
    one = 1 << 64
    low = high = 0
    for t in range(1, positives + 1):
        q, r = divmod(one * t, t + negatives)
        low += q
        high += q + (r > 0)
    s_low, s_high = Fraction(low, one), Fraction(high, one)
    if name == "average_precision":
        return s_low / positives, s_high / positives
    if name == "auc_pr_dg":
        last = Fraction(positives, positives + negatives)
        return (2 * s_low - last) / (2 * positives), (2 * s_high - last) / (2 * positives)
    raise InvalidInputError(f"minimum_enclosure has no bound for {name!r}")


def average_precision_range(
    positives: int,
    negatives: int,
    auc_roc: Fraction,
    *,
    ties: bool = True,
    max_states: int = 200_000,
) -> tuple[Fraction, Fraction] | None:
    """The least and greatest average precision over rankings with the given AUC-ROC (None: none).

    Dynamic programme over tie groups with state (TP, FP, 2U so far) keeping
    the least and greatest partial AP (AP is a sum of per-group terms, see
    :mod:`rocpr_exact.consistency.search`).  At most (P+1)(N+1)(2PN+1)
    states, O(P N) transitions each; raises
    :class:`~rocpr_exact.errors.ResourceLimitError` past ``max_states`` states
    (about 10**5 states a few seconds).

    >>> average_precision_range(2, 2, Fraction(1, 2))
    (Fraction(1, 2), Fraction(3, 4))
    """
    check_counts(positives, negatives)
    p, n = positives, negatives
    target = auc_roc * 2 * p * n
    if target.denominator != 1 or not 0 <= target <= 2 * p * n:
        return None
    goal = target.numerator
    if not ties and goal % 2:
        return None
    auc_index = RANKING_METRICS.index("auc_roc")
    ap_index = RANKING_METRICS.index("average_precision")
    best: dict[tuple[int, int, int], tuple[Fraction, Fraction]] = {(0, 0, 0): (Fraction(0),) * 2}
    # Process states in order of TP + FP: every group adds at least one example.
    by_size: dict[int, list[tuple[int, int, int]]] = {0: [(0, 0, 0)]}
    for size in range(p + n):
        for state in by_size.get(size, ()):
            tp, fp, u2 = state
            low, high = best[state]
            for a in range(p - tp + 1):
                for b in range(n - fp + 1):
                    if a + b == 0 or (not ties and a + b > 1):
                        continue
                    terms = group_terms(tp, fp, a, b, p, n)
                    v2 = u2 + int(terms[auc_index] * 2 * p * n)
                    # Negatives still to come each add at least 2 (TP + a) to 2U.
                    if v2 + 2 * (tp + a) * (n - fp - b) > goal:
                        continue
                    child = (tp + a, fp + b, v2)
                    ap = terms[ap_index]
                    if child in best:
                        old_low, old_high = best[child]
                        best[child] = (min(old_low, low + ap), max(old_high, high + ap))
                    else:
                        if len(best) >= max_states:
                            raise ResourceLimitError(
                                f"average_precision_range: more than max_states = {max_states:,} "
                                f"states for P = {p}, N = {n}; raise max_states"
                            )
                        best[child] = (low + ap, high + ap)
                        by_size.setdefault(size + a + b, []).append(child)
    return best.get((p, n, goal))


def ternary_window(
    at: Callable[[int], Fraction], size: int, more: Callable[[], bool] = lambda: True
) -> tuple[int, int]:
    """Ternary search for the greatest of ``at(0..size-1)`` (a bound concave along its grid of
    multipliers): the window [lo, hi] of at most 3 indices left, or earlier when ``more()``
    says the caller's work is spent.  ``at`` caches; every value it gives is a sound bound.
    (Used by :mod:`.apbounds`, :mod:`.aplower` and :mod:`.tiedbound`.)
    """
    lo, hi = 0, size - 1
    while hi - lo > 2 and more():
        third = (hi - lo) // 3
        a, b = lo + third, hi - third
        if at(a) < at(b):
            lo = a + 1
        else:
            hi = b - 1
    return lo, hi
