"""Sound bounds on average precision given AUC-ROC, for any P and N.

:func:`~rocpr_exact.consistency.bounds.average_precision_range` gives the
exact range by dynamic programming, which is only feasible for small P N.
:func:`average_precision_bounds` gives an interval that is guaranteed to
contain it (sound, usually not tight) in O(min(P, work)) integer operations.

Notation.  Rank the P positives from the top, i = 1..P (ties among
positives in any order).  Positive i sits in a tie group g with ``a_g``
positives and ``b_g`` negatives; ``T_g`` and ``F_g`` count the positives and
negatives at or above the group.  sklearn's average precision is

    AP = (1/P) sum_i T_g(i) / (T_g(i) + F_g(i)),

and AUC-ROC (ties counted 1/2) is U / (P N) with

    U = sum_i (N - h_i),   h_i = F_g(i) - b_g(i) / 2,

so the negative mass above the positives, F = P N - U = sum_i h_i, is fixed
by the AUC.  Without ties h_i = F_g(i).

Upper bound.  T_g <= P and F_g >= h_i give T_g / (T_g + F_g) <= P / (P + h_i),
so AP <= 1 - (1/P) sum_i h_i / (P + h_i) with 0 <= h_i <= N, sum h_i = F.
The penalty h / (P + h) is concave, so its least sum over that polytope is
at a vertex: k = floor(F / N) of the h_i equal N, one equals r = F - k N,
the rest 0 (an exact O(1) formula; tight when F <= N and there are no ties).

Lower bound.  T_g >= i gives T_g / (T_g + F_g) >= i / (i + F_g), and
F_g <= 2 h_i (the negatives of group g above the positive count fully in
F_g, half in h_i); without ties F_g = h_i.  So AP >= (1/P) times the least
of sum_i i / (i + e_i) over whole numbers 0 <= e_i <= N with
sum e_i <= B (B = F without ties, 2 F with them).  For any lambda >= 0, weak
duality gives sum_i min_e [i / (i + e) + lambda e] - lambda B as a lower
bound on that least sum; each inner minimum is over a convex function of e,
so it sits at floor or ceil of sqrt(i / lambda) - i (integer square roots),
and each term is rounded down to a multiple of 2^-64.  The bound holds for
every lambda = 1/m; a search over m picks a good one.

Both bounds are checked against the exact range of every ranking for small
P, N in tests/consistency/test_apbounds.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import isqrt

from rocpr_exact.consistency.bounds import auc_roc_span, check_counts, ternary_window
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.text import scaled_to_decimal

__all__ = [
    "DEFAULT_BOUND_WORK",
    "auc_ap_reasons",
    "average_precision_bounds",
    "below_untied",
    "best_multiplier",
    "shown_down",
]

#: Default bound on the positives visited by the search for the lower bound (a few seconds).
DEFAULT_BOUND_WORK = 2_000_000

_BITS = 64  # terms of the lower bound are rounded down to multiples of 2^-64


def _check(positives: int, negatives: int, auc_roc: Fraction) -> None:
    check_counts(positives, negatives)
    if not isinstance(auc_roc, Fraction | int) or isinstance(auc_roc, bool):
        raise InvalidInputError(f"auc_roc must be a Fraction, got {auc_roc!r}")


def _upper(p: int, n: int, f: Fraction) -> Fraction:
    """1 - (1/P) [k N / (P + N) + r / (P + r)], F = k N + r, 0 <= r < N (module docstring)."""
    k, r = divmod(f, n)
    return 1 - (k * Fraction(n, p + n) + r / (p + r)) / p


def _dual_scaled(p: int, n: int, budget: int, m: int) -> int:
    """2^64 P times a lower bound on min AP at lambda = 1/m, times m (an integer, rounded down).

    Returns floor-rounded sum_i 2^64 min_e [i/(i+e) + e/m]  minus  2^64 B / m, all times m
    to stay in integers: the caller divides by m 2^64 P.
    """
    one = 1 << _BITS
    total = 0
    visited = min(p, m - 1)  # i >= m: the minimum is at e = 0, the term is exactly 1
    for i in range(1, visited + 1):
        e0 = min(max(isqrt(i * m) - i, 0), n)
        best = None
        for e in (e0, min(e0 + 1, n)):
            # m 2^64 (i/(i+e) + e/m), rounded down
            value = (m * one * i) // (i + e) + one * e
            if best is None or value < best:
                best = value
        total += best  # type: ignore[operator]
    total += (p - visited) * m * one
    return total - one * budget


def _lower(p: int, n: int, budget: int, work: int) -> Fraction:
    """The best bound over lambda = 1/m on a geometric grid of m (:func:`best_multiplier`)."""
    return best_multiplier(p, n, budget, work)[0]


def best_multiplier(p: int, n: int, budget: int, work: int) -> tuple[Fraction, int]:
    """(the best lower bound on AP, its m) over lambda = 1/m on a geometric grid (any m is sound).

    m runs from 1 (lambda = 1: every e_i = 0) to (N + 1)^2 (every e_i = N); the
    dual is concave in lambda, hence unimodal along the grid: ternary search,
    stopped once ``work`` positives have been visited.
    """
    if budget <= 0:
        return Fraction(1), 1
    if budget >= p * n:  # every e_i = N is allowed: the least sum is sum_i i / (i + N)
        one = 1 << _BITS
        return Fraction(sum(one * i // (i + n) for i in range(1, p + 1)), one * p), (n + 1) ** 2
    grid = [1]
    while grid[-1] < (n + 1) ** 2:
        grid.append(grid[-1] + max(1, grid[-1] // 4))
    cache: dict[int, Fraction] = {}
    spent = 0

    def at(index: int) -> Fraction:
        nonlocal spent
        if index not in cache:
            m = grid[index]
            spent += min(p, m)
            cache[index] = Fraction(_dual_scaled(p, n, budget, m), m << _BITS)
        return cache[index]

    lo, hi = ternary_window(at, len(grid), lambda: spent < work)
    if spent < work:
        for index in range(lo, hi + 1):
            at(index)
    index = max(cache, key=cache.__getitem__, default=0)
    return max(cache.get(index, Fraction(0)) / p, Fraction(0)), grid[index]


def average_precision_bounds(
    positives: int,
    negatives: int,
    auc_roc: Fraction,
    *,
    ties: bool = True,
    work: int = DEFAULT_BOUND_WORK,
) -> tuple[Fraction, Fraction] | None:
    """A sound interval for average precision over rankings with the given AUC-ROC (None: none).

    Every ranking of P positives and N negatives whose AUC-ROC (ties 1/2)
    equals ``auc_roc`` has sklearn's average precision in the returned
    [low, high]; the interval contains the exact range of
    :func:`~rocpr_exact.consistency.bounds.average_precision_range` and is
    usually wider (the derivation is in the module docstring).  None when no
    ranking has that AUC-ROC (2 P N AUC-ROC is not a whole number, or odd
    without ties).  ``work`` bounds the positives visited while choosing the
    multiplier of the lower bound; a smaller value gives a sound but weaker
    bound sooner.  O(work) integer operations, O(1) memory.

    One positive, three negatives, AUC-ROC 1/3: without ties the positive is
    third (AP = 1/3); tied with two negatives after one, AP = 1/4:

    >>> average_precision_bounds(1, 3, Fraction(1, 3), ties=False)
    (Fraction(1, 3), Fraction(1, 3))
    >>> average_precision_bounds(1, 3, Fraction(1, 3))
    (Fraction(1, 4), Fraction(1, 3))
    """
    _check(positives, negatives, auc_roc)
    if isinstance(work, bool) or not isinstance(work, int) or work < 1:
        raise InvalidInputError(f"work must be an int >= 1, got {work!r}")
    p, n = positives, negatives
    u2 = Fraction(auc_roc) * 2 * p * n
    if u2.denominator != 1 or not 0 <= u2 <= 2 * p * n or (not ties and u2.numerator % 2):
        return None
    f = Fraction(2 * p * n - u2.numerator, 2)  # F = P N - U
    high = min(_upper(p, n, f), Fraction(1))
    budget = int(2 * f) if ties else int(f)
    return _lower(p, n, budget, work), high


def shown_down(value: Fraction) -> str:
    """``value`` rounded down to 6 decimals (a lower bound stays a lower bound)."""
    return scaled_to_decimal((value * 10**6).__floor__(), 6)


def auc_ap_reasons(
    p: int, n: int, intervals: Mapping[str, Interval], texts: Mapping[str, str], ties: bool
) -> list[str]:
    """AUC-ROC with average precision: the sound bounds of :mod:`~.apbounds`, any P, N.

    Both bounds fall as the negative mass above the positives, P N - U, grows, so
    the AP of any ranking with U in [U_lo, U_hi] lies in [low(U_lo), high(U_hi)].
    """
    auc, ap = intervals.get("auc_roc"), intervals.get("average_precision")
    if auc is None or ap is None:
        return []
    scale = 2 * p * n
    lo, hi = auc_roc_span(p, n, auc, ties)
    if lo > hi:
        return []  # reported by the AUC-ROC grid check
    least = average_precision_bounds(p, n, Fraction(lo, scale), ties=ties)
    greatest = average_precision_bounds(p, n, Fraction(hi, scale), ties=ties)
    if least is None or greatest is None:
        return []
    low, high = least[0], greatest[1]
    if ap.meets(low, high):
        return []
    million = 10**6
    shown = (
        shown_down(low),
        scaled_to_decimal((high * million).__ceil__(), 6),
    )
    return [
        f"average_precision {texts['average_precision']} means a value in {ap}; with "
        f"auc_roc {texts['auc_roc']} and P = {p}, N = {n} every ranking has average precision "
        f"in [{shown[0]}, {shown[1]}] (sound bounds, rounded outward; docs/consistency.md, "
        "'How it decides')"
    ]


def below_untied(p: int, n: int, intervals: Mapping[str, Interval]) -> bool:
    """Whether the average precision sought lies below every ranking *without ties* whose
    2U is at least the AUC-ROC interval's least 2U less one.

    The walk and the chains build rankings without ties, the walk's with at most one
    positive tied with the negative above it (2U one more, AP unchanged), so when this
    holds they cannot find a witness and are skipped.  The bound is this module's lower
    bound without ties at the least even 2U >= lo - 1 (it rises with 2U).

    >>> from fractions import Fraction
    >>> auc = Interval(Fraction(1263, 2000), Fraction(253, 400))  # printed 0.632
    >>> ap = Interval(Fraction(41, 400), Fraction(207, 2000))  # printed 0.103
    >>> below_untied(100, 900, {"auc_roc": auc, "average_precision": ap})
    True
    """
    auc, ap = intervals.get("auc_roc"), intervals.get("average_precision")
    if auc is None or ap is None:
        return False
    lo, hi = auc_roc_span(p, n, auc, True)
    if lo > hi:
        return False
    least = max(lo - 1, 0)
    least += least % 2
    bounds = average_precision_bounds(p, n, Fraction(least, 2 * p * n), ties=False)
    return bounds is not None and not ap.meets(bounds[0], Fraction(1))
