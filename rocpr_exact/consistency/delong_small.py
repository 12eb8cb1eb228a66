"""Every DeLong (AUC, variance) pair of small P and N, ties included: an exact decision.

Read from the top, a ranking of P positives and N negatives is a sequence of tie groups (a_k
positives, b_k negatives, not both 0).  With tp and fp the counts above a group, its positives'
doubled placements are C = 2 (N - fp - b_k) + b_k and its negatives' D = 2 tp + a_k
(:mod:`rocpr_exact.areas.variance`), so 2U = m = sum_k a_k C_k and DeLong's variance is a
function of (m, sum C^2, sum D^2) alone.  A dynamic programme over the groups keeps, per
(tp, fp), every reachable (m, sum C^2, sum D^2) and the last group of one sequence reaching
it; at (P, N) these are the (AUC, variance) pairs of *all* rankings, with a ranking for each.

So for P + N <= :data:`EXHAUSTIVE_EXAMPLES` the question "is this printed DeLong interval
possible?" needs no bound on the variance and no witness search: every pair at the AUCs the
proven bounds do not exclude is tried (certified), and the answer is possible (with that
ranking) or impossible.  Sizes (final states; seconds on the 2-core machine): P = N = 5: 4,194
(0.02); P = N = 6: 21,455 (0.3); P = N = 7: 92,157 (2.5), hence the limit of 12 examples.
tests/consistency/test_delong_small.py checks the pairs against every ranking written out
(pairwise placements) for P + N <= 9, and the verdicts against that brute force.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from rocpr_exact.consistency.enclosures import Real, ends_in
from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.exact.normal import ball_bounds

__all__ = ["EXHAUSTIVE_EXAMPLES", "delong_pairs", "small_witness"]

#: P + N up to which :func:`small_witness` decides by enumerating every ranking.
EXHAUSTIVE_EXAMPLES = 12

State = tuple[int, int, int]  # (m, sum C^2, sum D^2)
Step = tuple[tuple[int, int], State, int, int]  # (previous (tp, fp), previous state, a, b)
Layers = dict[tuple[int, int], dict[State, Step | None]]


def _reachable(p: int, n: int, ties: bool = True) -> Layers:
    """Per (tp, fp), every reachable state and how one group sequence reached it (without
    ``ties``: no group holds both a positive and a negative)."""
    layers: Layers = {(0, 0): {(0, 0, 0): None}}
    cells = sorted(((tp, fp) for tp in range(p + 1) for fp in range(n + 1)), key=sum)
    for tp, fp in cells:
        here = layers.get((tp, fp), {})
        for a in range(p - tp + 1):
            for b in range(n - fp + 1):
                if a == b == 0 or (a and b and not ties):
                    continue
                c, d = 2 * (n - fp - b) + b, 2 * tp + a
                there = layers.setdefault((tp + a, fp + b), {})
                for m, scc, sdd in here:
                    key = (m + a * c, scc + a * c * c, sdd + b * d * d)
                    if key not in there:
                        there[key] = ((tp, fp), (m, scc, sdd), a, b)
    return layers


def _variance(p: int, n: int, state: State) -> Fraction:
    m, scc, sdd = state
    return Fraction(p * scc - m * m, 4 * n * n * p * p * (p - 1)) + Fraction(
        n * sdd - m * m, 4 * p * p * n * n * (n - 1)
    )


def _groups(layers: Layers, p: int, n: int, state: State) -> list[Group]:
    """The group sequence (top first) recorded for a final state."""
    groups: list[Group] = []
    cell, current = (p, n), state
    while True:
        step = layers[cell][current]
        if step is None:
            return groups[::-1]
        cell, current, a, b = step
        groups.append((a, b))


@lru_cache(maxsize=8)
def delong_pairs(p: int, n: int, ties: bool = True) -> dict[tuple[int, Fraction], list[Group]]:
    """{(m, variance): one ranking's tie groups} over every ranking (P, N >= 2; without
    ``ties``, every ranking in which no positive ties a negative); cached (do not modify the
    result).

    >>> sorted((m, str(v)) for m, v in delong_pairs(2, 2))   # AUC = m / 8
    [(0, '0'), (1, '1/32'), (2, '1/16'), (2, '1/8'), (3, '5/32'), (4, '0'), (4, '1/4'), \
(4, '1/8'), (5, '5/32'), (6, '1/16'), (6, '1/8'), (7, '1/32'), (8, '0')]

    (m = 4, var = 1/4: the ranking +, -, -, + has C = 4, 0 and D = 2, 2, so
    (2 * 16 - 16) / 64 + 0.)
    """
    layers = _reachable(p, n, ties)
    out: dict[tuple[int, Fraction], list[Group]] = {}
    for state in layers[(p, n)]:
        key = (state[0], _variance(p, n, state))
        if key not in out:
            out[key] = _groups(layers, p, n, state)
    return out


@lru_cache(maxsize=8)
def _by_auc(p: int, n: int, ties: bool) -> dict[int, list[tuple[Fraction, list[Group]]]]:
    """:func:`delong_pairs` grouped by m, variances ascending."""
    out: dict[int, list[tuple[Fraction, list[Group]]]] = {}
    for (m, variance), groups in sorted(delong_pairs(p, n, ties).items()):
        out.setdefault(m, []).append((variance, groups))
    return out


def small_witness(
    p: int, n: int, kept: list[int], z: Real, low: Interval, high: Interval, ties: bool = True
) -> tuple[int, list[Group]] | None:
    """(m, groups) of a ranking with 2U = m in ``kept`` whose DeLong interval is certified to
    print in ``low`` and ``high``, or None when no ranking of P and N has one (a proof: every
    ranking is enumerated, or without ``ties`` every one with no positive tied with a negative;
    ``kept`` must hold every m the bounds do not exclude)."""
    bounds = ball_bounds(z)
    assert bounds is not None
    z_low, z_high = bounds
    scale = 2 * p * n
    table = _by_auc(p, n, ties)
    for m, variance, groups in ((k, v, g) for k in kept for v, g in table.get(k, ())):
        area = Fraction(m, scale)
        w_low = max(area - low.high, high.low - area, Fraction(0))
        w_high = min(area - low.low, high.high - area)
        if w_high < 0 or z_high * z_high * variance < w_low * w_low:
            continue  # w = z sqrt(var) certainly below the half-width the ends need
        if z_low * z_low * variance > w_high * w_high:
            continue
        if ends_in(area, variance, z, low, high):
            return m, groups
    return None
