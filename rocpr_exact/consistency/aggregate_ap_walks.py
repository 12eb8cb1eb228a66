"""The witness searches of the AP aggregates for tasks of any size: chains and moves.

The stages ``aggregate-ap-walk`` (each task's chain of rankings,
:mod:`~rocpr_exact.consistency.chain`) and ``aggregate-ap-moves`` (rankings without ties as the
negatives above each positive) of :func:`~rocpr_exact.consistency.aggregate_ap.decide_ap_mean`
(its module notes).  They find witnesses only.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise

from rocpr_exact.consistency.aggregate import Aggregate, Task
from rocpr_exact.consistency.aggregate_ap_values import Rankings, least_mean, ranking_ap
from rocpr_exact.consistency.chain import chain_groups, chain_range
from rocpr_exact.consistency.engine.protocol import (
    Budget,
    Candidates,
    Found,
    Group,
    Nothing,
)
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.consistency.searchsize import searchable
from rocpr_exact.consistency.walk import errors_groups

__all__ = [
    "MOVES",
    "MOVES_UP_TO",
    "WALK",
    "chain_errors",
    "clip",
    "descend",
    "spread_errors",
]


def _compact(groups: Sequence[Group]) -> list[Group]:
    """Runs of negatives joined into one tie group: the same AP (no positive between them)."""
    out: list[Group] = []
    for a, b in groups:
        if out and a == 0 and out[-1][0] == 0:
            out[-1] = (0, out[-1][1] + b)
        else:
            out.append((a, b))
    return out


def _middle(query: Aggregate) -> Fraction | None:
    """The middle of the printed interval within the means' range [least mean, 1] (the walks'
    target), None when the two miss each other."""
    low = max(query.interval.low, least_mean(query))
    high = min(query.interval.high, Fraction(1))
    return None if low > high else (low + high) / 2


class _Chains:
    """Each task's chain of rankings (:mod:`~.chain`), its AP at an index cached."""

    def __init__(self, query: Aggregate) -> None:
        self.query = query
        self.cache: dict[tuple[int, int], Fraction] = {}

    def ap(self, i: int, s: int) -> Fraction:
        if (i, s) not in self.cache:
            p, n = self.query.tasks[i]
            self.cache[i, s] = ranking_ap(_compact(chain_groups(p, n, s)))
        return self.cache[i, s]

    def nearest(self, i: int, x: Fraction) -> int:
        """The chain index of task i whose AP is nearest x (AP non-increasing in s)."""
        p, n = self.query.tasks[i]
        found = chain_range(p, n, {"average_precision": Interval(x, Fraction(1))})
        s = 0 if found is None else found[1]  # the greatest s with AP >= x
        if s < p * n and abs(self.ap(i, s + 1) - x) < abs(self.ap(i, s) - x):
            return s + 1
        return s


class _Walk:
    """From each task's chain ranking nearest the interval's middle, moves of one index of one
    task, or of two tasks in opposite directions (a change as small as the difference of two
    steps), each the one that brings the mean nearest the middle, while one helps."""

    name = "aggregate-ap-walk"

    def fits(self, query: Aggregate) -> bool:
        return all(searchable(p, n) for p, n in query.tasks)

    def run(
        self, query: Aggregate, candidates: Candidates, budget: Budget
    ) -> Found[Rankings] | Nothing:
        interval, target = query.interval, _middle(query)
        if target is None:
            return Nothing("no mean of the range lies in the interval")
        chains = _Chains(query)
        k = len(query.tasks)
        cost = sum(p + n for p, n in query.tasks)
        if not budget.spend(cost * 16):
            return Nothing("the chain walk stopped at its budget", ran_out=True)
        s = [chains.nearest(i, target) for i in range(k)]
        top = [p * n for p, n in query.tasks]
        mean = sum((w * chains.ap(i, s[i]) for i, w in enumerate(query.weights)), Fraction(0))
        for _ in range(8 * k + 32):
            if mean in interval:
                rankings = tuple(
                    tuple(chain_groups(p, n, s[i])) for i, (p, n) in enumerate(query.tasks)
                )
                return Found(rankings, 0)
            if not budget.spend(cost * 2):
                return Nothing("the chain walk stopped at its budget", ran_out=True)
            steps: list[tuple[Fraction, int, int]] = []  # (change of the mean, task, new index)
            for i, w in enumerate(query.weights):
                for t in (s[i] - 1, s[i] + 1):
                    if 0 <= t <= top[i]:
                        steps.append((w * (chains.ap(i, t) - chains.ap(i, s[i])), i, t))
            best: tuple[Fraction, list[tuple[int, int]]] = (abs(target - mean), [])
            for change, i, t in steps:
                best = min(best, (abs(target - mean - change), [(i, t)]), key=lambda b: b[0])
            for change, i, t in steps:
                for other, j, u in steps:
                    if j > i and (change > 0) != (other > 0):
                        gap = abs(target - mean - change - other)
                        if gap < best[0]:
                            best = (gap, [(i, t), (j, u)])
            if not best[1]:
                break
            for i, t in best[1]:
                mean += query.weights[i] * (chains.ap(i, t) - chains.ap(i, s[i]))
                s[i] = t
        return Nothing("the chain walk found no mean in the interval near its middle")


#: The moves stage's size test: sum of the tasks' P up to this (each round costs O(sum P)).
MOVES_UP_TO = 4_000


def _errors(groups: Sequence[Group]) -> list[int]:
    """e_k: the negatives above positive k of a ranking without ties."""
    e, above = [], 0
    for a, b in groups:
        above += b
        e += [above] * a
    return e


class _Moves:
    """Every ranking without ties as e (e_k negatives above positive k, non-decreasing): AP is
    (1/P) sum_k k / (k + e_k), so one e_k moved by one changes the mean by a known amount.
    From the chain rankings nearest the middle, the move of one e_k, or of two (the second
    found by bisection among the changes sorted), that brings the mean nearest the middle,
    while one helps."""

    name = "aggregate-ap-moves"

    def fits(self, query: Aggregate) -> bool:
        return sum(p for p, _ in query.tasks) <= MOVES_UP_TO

    def run(
        self, query: Aggregate, candidates: Candidates, budget: Budget
    ) -> Found[Rankings] | Nothing:
        target = _middle(query)
        if target is None:
            return Nothing("no mean of the range lies in the interval")
        for spread in _SPREADS:  # starts spread about the middle, alternately above and below
            e = [
                spread_errors(p, n, clip(target + (-1) ** i * spread))
                for i, (p, n) in enumerate(query.tasks)
            ]
            found = descend(query, e, target, budget)
            if found is not None:
                return found
        return Nothing("the moves of single positives found no mean in the interval")


#: The starts of :class:`_Moves`: each task's AP this far above (even tasks) or below the middle.
_SPREADS = (Fraction(0), Fraction(1, 50), Fraction(1, 20), Fraction(1, 10), Fraction(1, 5))


def chain_errors(p: int, n: int, x: Fraction) -> list[int]:
    """e of the chain ranking (:mod:`~.chain`) with the least AP at or above x (x <= 1)."""
    found = chain_range(p, n, {"average_precision": Interval(x, Fraction(1))})
    return _errors(chain_groups(p, n, 0 if found is None else found[1]))


def spread_errors(p: int, n: int, x: Fraction) -> list[int]:
    """e of the ranking e_k = min(N, floor(m (2k - 1) / (2P))) with the greatest m whose AP is
    at least x (m = 0: AP 1; m = 2PN: AP least): positives spread through the negatives, so
    that single moves have room.  AP falls as m grows (every e_k grows); bisection."""

    def errors(m: int) -> list[int]:
        return [min(n, m * (2 * k - 1) // (2 * p)) for k in range(1, p + 1)]

    def ap(m: int) -> Fraction:
        return sum((Fraction(k, k + x) for k, x in enumerate(errors(m), start=1)), Fraction(0)) / p

    low, high = 0, 2 * p * n  # ap(low) >= x
    while low < high:
        middle = (low + high + 1) // 2
        if ap(middle) >= x:
            low = middle
        else:
            high = middle - 1
    return errors(low)


def clip(x: Fraction) -> Fraction:
    return min(max(x, Fraction(0)), Fraction(1))


def descend(
    query: Aggregate, e: list[list[int]], target: Fraction, budget: Budget
) -> Found[Rankings] | Nothing | None:
    """The moves of :class:`_Moves` from ``e`` (changed in place); None: none helps."""
    interval = query.interval
    coefficient = [w / p for w, (p, _) in zip(query.weights, query.tasks, strict=True)]
    mean = sum(
        (
            c * Fraction(k, k + x)
            for c, row in zip(coefficient, e, strict=True)
            for k, x in enumerate(row, start=1)
        ),
        Fraction(0),
    )
    size = sum(p for p, _ in query.tasks)
    for _ in range(16 * len(query.tasks) + 64):
        if mean in interval:
            return Found(
                tuple(
                    tuple(errors_groups(row, n)) for row, (_, n) in zip(e, query.tasks, strict=True)
                ),
                0,
            )
        if not budget.spend(4 * size):
            return Nothing("the moves stopped at their budget", ran_out=True)
        moves = []  # (change of the mean, task, position, new e)
        for i, row in enumerate(e):
            n = query.tasks[i][1]
            for j, x in enumerate(row):
                k = j + 1
                if x > (row[j - 1] if j else 0):
                    moves.append((coefficient[i] * Fraction(k, (k + x - 1) * (k + x)), i, j, x - 1))
                if x < (row[j + 1] if j + 1 < len(row) else n):
                    moves.append(
                        (-coefficient[i] * Fraction(k, (k + x) * (k + x + 1)), i, j, x + 1)
                    )
        moves.sort()
        changes = [m[0] for m in moves]
        gap = target - mean
        best: tuple[Fraction, tuple[tuple[Fraction, int, int, int], ...]] = (abs(gap), ())
        for move in moves:
            if abs(gap - move[0]) < best[0]:
                best = (abs(gap - move[0]), (move,))
            at = bisect_left(changes, gap - move[0])
            for other in moves[max(at - 1, 0) : at + 1]:
                if (other[1], other[2]) != (move[1], move[2]):
                    left = abs(gap - move[0] - other[0])
                    if left < best[0] and _allowed(e, query.tasks, (move, other)):
                        best = (left, (move, other))
        if not best[1]:
            return None
        for change, i, j, x in best[1]:
            e[i][j] = x
            mean += change
    return None


def _allowed(
    e: list[list[int]], tasks: Sequence[Task], moves: Sequence[tuple[Fraction, int, int, int]]
) -> bool:
    """Whether e stays non-decreasing within 0..N with both moves made."""
    rows = {i: list(e[i]) for _, i, _, _ in moves}
    for _, i, j, x in moves:
        rows[i][j] = x
    return all(
        row[0] >= 0 and row[-1] <= tasks[i][1] and all(a <= b for a, b in pairwise(row))
        for i, row in rows.items()
    )


WALK = _Walk()
MOVES = _Moves()
