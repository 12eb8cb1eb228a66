"""Between the exact DeLong extremes: is some ranking's S at 2U = m in a window?  An exact search.

:mod:`~rocpr_exact.consistency.delong_extremes` gives, per (tp, fp, m), the least and the greatest
S of the groups from the top to (tp, fp) with partial 2U = m (:func:`~.delong_extremes.
prefix_sums`).  A printed DeLong interval at 2U = m needs S in a window
(:func:`~.delong_extremes.s_window`), and between the extremes not every S is a ranking's:
near the least variance at AUC 1/2 the reachable S are sparse (P = N = 10: every S below the
all-tied ranking's plus 19 units of 36,000 is out of reach, say).  So the question is decided by
a search from the bottom group up: a state (tp, fp, m, v) is the counts above the groups placed
so far, the 2U still to place and the S they added; its predecessors are the groups (a, b) that
can end at (tp, fp), and a predecessor is kept only when the prefix extremes at (tp - a, fp - b,
m - its 2U) plus v plus its S still meet the window.  A state reached again with the same
(tp, fp, m, v) has the same future, so a failed one is remembered and not searched twice.
Every ranking is a path, and only paths whose S provably misses the window are cut, so a search
that ends without a ranking whose interval prints (each S reached certified with
:func:`~rocpr_exact.consistency.enclosures.ends_in`) proves that none exists at that m.
Negative-only and positive-only groups give the S of as many single items, so only (0, 1) and
(1, 0) of them are tried.  A search that visits more than :data:`BETWEEN_STATES` states stops
with "budget".  Predecessors are tried nearest the window's middle first, so where the reachable
S are dense a ranking comes after about P + N states.  tests/consistency/test_delong_between.py
compares the answers with every ranking (P + N <= 10) and the verdicts with the exhaustive ones.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, Literal

import numpy as np

from rocpr_exact.consistency.delong_extremes import group_sums, prefix_sums
from rocpr_exact.consistency.delong_greatest import pair_sums
from rocpr_exact.consistency.engine.protocol import Group

__all__ = ["BETWEEN_STATES", "ranking_in_window"]

#: The most states one search visits before it answers "budget" (about 3 s at P = N = 25).
BETWEEN_STATES = 60_000

Found = list[Group] | Literal["none", "budget"]


@lru_cache(maxsize=8192)
def _steps(p: int, n: int, tp: int, fp: int, pairs: bool) -> tuple[Any, ...]:
    """(a, b, 2U, S) arrays of the groups that can end at (tp, fp): a <= tp, b <= fp, with
    (0, 1) and (1, 0) for the one-class groups; with ``pairs``, (1, 1) for the rest."""
    if pairs:
        steps = [(a, b) for a, b in ((1, 0), (0, 1), (1, 1)) if a <= tp and b <= fp]
    else:
        steps = [(a, b) for a in range(1, tp + 1) for b in range(1, fp + 1)]
        steps += [(0, 1)] if fp else []
        steps += [(1, 0)] if tp else []
    sums = [group_sums(p, n, tp - a, fp - b, a, b) for a, b in steps]
    return (
        np.array([a for a, _ in steps], np.int64),
        np.array([b for _, b in steps], np.int64),
        np.array([s[0] for s in sums], np.int64),
        np.array([s[1] for s in sums], np.int64),
    )


def ranking_in_window(
    p: int,
    n: int,
    m: int,
    low: int,
    high: int,
    accept: Callable[[int], bool],
    pairs: bool = False,
    states: int = BETWEEN_STATES,
) -> Found:
    """Tie groups (top first) of a ranking with 2U = m and S in [low, high] for which
    ``accept(S)`` holds, "none" when no ranking has one (exact), or "budget" past ``states``
    states visited (module notes).
    P and N must be within :func:`~.delong_extremes.extremes_fit`; with ``pairs``, within
    :func:`~.delong_greatest.pair_fit`, and the search is over the rankings whose only ties
    are single tied pairs (:func:`~.delong_greatest.pair_sums`): "none" is then about those
    alone.

    >>> ranking_in_window(2, 2, 4, 32, 32, lambda s: True)  # var 0 at AUC 1/2: all tied
    [(2, 2)]
    >>> ranking_in_window(2, 2, 4, 33, 39, lambda s: True)  # var 0, 1/8 are S = 32, 40
    'none'
    """
    least, most = pair_sums(p, n) if pairs else prefix_sums(p, n)
    failed: set[tuple[int, int, int, int]] = set()
    visits = 0
    middle = low + high

    def search(tp: int, fp: int, goal: int, value: int) -> list[Group] | None:
        nonlocal visits
        if tp == fp == 0:
            return [] if goal == 0 and low <= value <= high and accept(value) else None
        key = (tp, fp, goal, value)
        if key in failed:
            return None
        visits += 1
        if visits > states:
            raise _Budget
        a, b, shift, added = _steps(p, n, tp, fp, pairs)
        keep = shift <= goal
        a, b, shift, added = a[keep], b[keep], shift[keep], added[keep]
        rows, cols, left = tp - a, fp - b, goal - shift
        reach_low = least[rows, cols, left] + added + value
        reach_high = most[rows, cols, left] + added + value
        keep = (reach_low <= high) & (reach_high >= low)
        order = np.argsort(np.abs(reach_low + reach_high - middle)[keep], kind="stable")
        for k in np.flatnonzero(keep)[order]:
            found = search(int(rows[k]), int(cols[k]), int(left[k]), value + int(added[k]))
            if found is not None:
                return [*found, (int(a[k]), int(b[k]))]
        failed.add(key)
        return None

    try:
        found = search(p, n, m, 0)
    except _Budget:
        return "budget"
    return "none" if found is None else found


class _Budget(Exception):
    """The search passed its ``states`` (default :data:`BETWEEN_STATES`)."""
