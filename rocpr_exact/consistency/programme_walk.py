"""A ranking whose programme sum lands in a target: the walk between the exact extremes.

:mod:`~rocpr_exact.consistency.programme` gives, per state (tp, fp) and remaining cost, the
least and the greatest sum the groups after it can add (:func:`~.programme.suffixes`).  From
the programme's start, each step takes the group (or the one negative) after which those
bracket the target [low, high] (integers in the programme's units), the one that leaves an
aim nearest the middle of that bracket (the target's middle, then its quarters).  It is a
search, not a proof: it returns a ranking or None, and the caller checks the ranking exactly.
Used for the PR areas (:func:`~rocpr_exact.consistency.areaextremes.interior_groups`) and for
DeLong's S (:func:`~rocpr_exact.consistency.delong_extremes.interior_witness`).
"""

from __future__ import annotations

import numpy as np

from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.programme import (
    UNREACHABLE,
    group_term,
    negative_term,
    runs,
    suffixes,
    tables,
    trailing_terms,
)

__all__ = ["interior"]


def interior(
    p: int, n: int, lo: int, hi: int, metric: int, ties: bool, low: int, high: int
) -> list[Group] | None:
    """Tie groups (top first) of a ranking with 2U in [lo, hi] whose sum for ``metric`` is
    meant to lie in [low, high] (None: not found)."""
    _, _, from_top, x, _ = tables(p, n, lo, hi, metric, ties)
    least, most = suffixes(p, n, lo, hi, metric, ties)
    width = least.shape[1]
    totals = [2 * p * n - t if from_top else t for t in range(lo, hi + 1)]
    ends = np.array([k for k in totals if 0 <= k <= x], np.int64)

    def walk(aim: int) -> list[Group] | None:
        tp = fp = spent = value = 0
        groups: list[Group] = []
        while tp < p:
            best: tuple[int, Group, int, int] | None = None
            alone = negative_term(p, n, from_top, metric, tp)
            moves: list[tuple[Group, int, int]] = [((0, 1), 0, alone)] if fp + 1 < width else []
            for a, last in runs(p, n, ties, tp, fp, spent, x, width):
                for b in range(last + 1):
                    term = group_term(p, n, from_top, metric, tp, fp, a, b)[0]
                    moves.append(((a, b), a * (2 * fp + b), term))
            for (a, b), cost, term in moves:
                left = ends - (spent + cost)
                left = left[left >= 0]
                if not left.size:
                    continue
                floor_sum = int(least[tp + a, fp + b, left].min())
                if floor_sum > UNREACHABLE // 2:
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
        value += int(trailing_terms(p, n, from_top, metric, width)[fp])  # negatives past the end
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
