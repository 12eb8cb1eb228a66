"""Every ranking near the Lagrangian optimum: the least DeLong variance at an AUC, decided.

:mod:`~rocpr_exact.consistency.delong_lagrange` bounds the least S at 2U = m from below by
V(lambda) + lambda m, V(lambda) the least S - lambda m over every ranking (a shortest path over
(tp, fp), :func:`~.delong_lagrange.prefix_costs`).  Where the bound is below the S a printed
interval allows (its window's top, s_high) the bound alone cannot say "impossible", but the
same programme can list every ranking that could: a ranking with 2U = m and S <= s_high has
S - lambda m <= s_high - lambda m, so it is a path whose cost is within
delta = s_high - lambda m - V(lambda) of the shortest.  Those paths are listed from the bottom
group up: a state is (tp, fp) with the cost g and the 2U of the groups below it, and a group
(t, f) -> (tp, fp) is followed only while the least cost from the top to (t, f) (the programme's
table, exact) plus its cost plus g stays within V + delta, and its 2U leaves between 0 and
2 N t for the groups above.  Only paths that provably cost more are cut, so a listing that ends
without a ranking with 2U = m whose S is accepted (in the window, and its interval certified to
print) proves none exists; a failed state (tp, fp, g, 2U below) is not searched twice.  With the
multiplier that gives the best bound at m, delta is small where the bound is nearly tight and
few paths are listed; past :data:`NEAR_STATES` states the answer is "budget".
tests/consistency/test_delong_near.py checks the answers against every ranking (P + N <= 10)
and the exact least S of the whole programme (P = N = 12).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import numpy as np

from rocpr_exact.consistency.delong_lagrange import Line, group_costs, prefix_costs
from rocpr_exact.consistency.engine.protocol import Group

__all__ = ["NEAR_STATES", "ranking_below"]

#: The most states one listing visits before it answers "budget" (about 2 s at P = N = 50).
NEAR_STATES = 40_000

Found = list[Group] | Literal["none", "budget"]


class _Budget(Exception):
    """The listing passed its ``states`` (default :data:`NEAR_STATES`)."""


def ranking_below(
    p: int,
    n: int,
    m: int,
    s_high: int,
    lines: list[Line],
    accept: Callable[[int], bool],
    states: int = NEAR_STATES,
) -> Found:
    """Tie groups (top first) of a ranking with 2U = m and S <= ``s_high`` for which
    ``accept(S)`` holds, "none" when no ranking has one (exact), or "budget" past ``states``
    states visited (module notes); the multiplier is that of the line in ``lines`` with the
    best bound at m.

    >>> from rocpr_exact.consistency.delong_lagrange import least_s_lines
    >>> lines = least_s_lines(2, 2, [4])
    >>> ranking_below(2, 2, 4, 32, lines, lambda s: True)  # S = 32: every score tied
    [(2, 2)]
    >>> ranking_below(2, 2, 4, 31, lines, lambda s: True)
    'none'
    """
    multiplier = max(lines, key=lambda line: line[2] + line[0] * (m - line[1]))[0]
    value = prefix_costs(p, n, multiplier)[0]
    limit = s_high - multiplier * m  # the most S - multiplier m of a ranking sought
    failed: set[tuple[int, int, int, int]] = set()
    visits = 0

    def search(tp: int, fp: int, cost: int, below: int) -> list[Group] | None:
        nonlocal visits
        if tp == fp == 0:
            return [] if below == m and accept(cost + multiplier * m) else None
        key = (tp, fp, cost, below)
        if key in failed:
            return None
        visits += 1
        if visits > states:
            raise _Budget
        costs = group_costs(p, n, multiplier, tp, fp)
        total = value[: tp + 1, : fp + 1] + costs + cost
        total[tp, fp] = limit + 1  # the empty group
        starts = np.argwhere(total <= limit)
        for t, f in starts[np.argsort(total[starts[:, 0], starts[:, 1]], kind="stable")]:
            t, f = int(t), int(f)
            added = (tp - t) * (2 * n - f - fp)
            left = m - below - added
            if 0 <= left <= 2 * n * t:
                found = search(t, f, cost + int(costs[t, f]), below + added)
                if found is not None:
                    return [*found, (tp - t, fp - f)]
        failed.add(key)
        return None

    try:
        found = search(p, n, 0, 0)
    except _Budget:
        return "budget"
    return "none" if found is None else found
