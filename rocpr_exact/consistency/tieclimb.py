"""A climb over tie groups for AUC-ROC with average precision (heavily tied rankings).

The walk (:mod:`~rocpr_exact.consistency.walk`) moves single positives, so its
rankings have at most the ties of :mod:`~rocpr_exact.consistency.walkties`.  A
ranking with few score levels (every positive of a level tied with the
negatives of that level) is far from those.  Here a ranking is its list of tie
groups (a_i, b_i), highest score first, and a *move* takes one example across
the boundary of two adjacent groups, or splits it off the top or bottom of its
group into a group of its own.  A move changes only the groups it touches:

* 2U (twice the Mann-Whitney U, so AUC-ROC = 2U / (2 P N)) by the change of
  sum over those groups of a (2 negatives below + b): a positive tied with b
  negatives above or below it moves U by halves;
* P times the average precision by the change of sum a (TP / (TP + FP)) over
  those groups, TP and FP counted at each group's end.

Both are computed exactly for the window of groups a move touches (2U) or in
units of 2^-48 (the guide, as in the walk).  The climb is greedy: the move, or
the pair of moves, that brings the guide nearest the average precision sought
while 2U stays in the reported interval.  It finds witnesses only; the caller
checks every ranking it returns exactly, from its runs.
"""

from __future__ import annotations

from collections.abc import Callable

from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.walkties import SHIFT

__all__ = ["tie_climb", "tie_climbs"]

_Move = tuple[int, int, tuple[Group, ...]]  # (start index, end index, replacement groups)


def _window(tp: int, fp: int, below: int, groups: tuple[Group, ...]) -> tuple[int, int]:
    """(guide, 2U) of ``groups`` after (TP, FP) with ``below`` negatives under them."""
    guide = twice_u = 0
    under = below + sum(b for _, b in groups)
    for a, b in groups:
        tp, fp, under = tp + a, fp + b, under - b
        if a:
            guide += a * ((tp << SHIFT) // (tp + fp))
            twice_u += a * (2 * under + b)
    return guide, twice_u


def _moves(groups: list[Group]) -> list[_Move]:
    """Every single move: one example across a boundary, or split off into its own group."""
    out: list[_Move] = []
    for i in range(len(groups) - 1):
        (a, b), (c, d) = groups[i], groups[i + 1]
        if a:
            out.append((i, i + 2, ((a - 1, b), (c + 1, d))))
        if b:
            out.append((i, i + 2, ((a, b - 1), (c, d + 1))))
        if c:
            out.append((i, i + 2, ((a + 1, b), (c - 1, d))))
        if d:
            out.append((i, i + 2, ((a, b + 1), (c, d - 1))))
    for i, (a, b) in enumerate(groups):
        if a and b:
            out.append((i, i + 1, ((1, 0), (a - 1, b))))
            out.append((i, i + 1, ((a - 1, b), (1, 0))))
            out.append((i, i + 1, ((0, 1), (a, b - 1))))
            out.append((i, i + 1, ((a, b - 1), (0, 1))))
        elif a > 1:
            out.append((i, i + 1, ((1, 0), (a - 1, 0))))
    return out


def _deltas(groups: list[Group], moves: list[_Move]) -> list[tuple[int, int, _Move]]:
    """(change of the guide, change of 2U, move) for each move."""
    before_tp, before_fp = [0], [0]
    for a, b in groups:
        before_tp.append(before_tp[-1] + a)
        before_fp.append(before_fp[-1] + b)
    total_fp = before_fp[-1]
    out = []
    for move in moves:
        i, j, new = move
        tp, fp, below = before_tp[i], before_fp[i], total_fp - before_fp[j]
        old_guide, old_u = _window(tp, fp, below, tuple(groups[i:j]))
        new_guide, new_u = _window(tp, fp, below, new)
        out.append((new_guide - old_guide, new_u - old_u, move))
    return out


def _apply(groups: list[Group], *moves: _Move) -> list[Group]:
    """``groups`` after moves on disjoint windows (applied from the last), empty groups dropped."""
    out = list(groups)
    for i, j, new in sorted(moves, key=lambda m: m[0], reverse=True):
        out[i:j] = new
    return [g for g in out if g != (0, 0)]


def tie_climb(
    groups: list[Group],
    u_range: tuple[int, int],
    aim: tuple[int, int],
    steps: int,
    budget: list[int] | None = None,
) -> list[Group] | None:
    """Greedy moves from ``groups`` until the guide is in ``aim`` with 2U in ``u_range``.

    A single move is taken when it brings the guide nearer ``aim``'s middle and
    keeps 2U in ``u_range``; otherwise the best pair of moves on disjoint windows
    (each of the 24 best first moves with every second one).  None when neither
    helps, after ``steps`` moves, or when ``budget[0]`` runs out (25 per move
    looked at per step: the pairs' share).
    """
    left = [10**9] if budget is None else budget  # shared by the caller's climbs
    low, high = aim
    center = (low + high) // 2
    total = _window(0, 0, 0, tuple(groups))
    value, twice_u = total
    for _ in range(steps):
        if low <= value <= high and u_range[0] <= twice_u <= u_range[1]:
            return groups
        want = center - value
        deltas = _deltas(groups, _moves(groups))
        left[0] -= len(deltas) * 25
        if left[0] < 0:
            return None
        singles = [
            (abs(want - dv), dv, du, m)
            for dv, du, m in deltas
            if u_range[0] <= twice_u + du <= u_range[1]
        ]
        best = min(singles, default=None, key=lambda s: s[0])
        if best is not None and best[0] < abs(want):
            groups = _apply(groups, best[3])
            value, twice_u = value + best[1], twice_u + best[2]
            continue
        firsts = sorted(deltas, key=lambda d: abs(want - d[0]))[:24]
        pair = None
        for dv, du, first in firsts:
            for dv2, du2, second in deltas:
                if not u_range[0] <= twice_u + du + du2 <= u_range[1]:
                    continue
                if second[0] < first[1] and first[0] < second[1]:
                    continue  # overlapping windows: not independent
                distance = abs(want - dv - dv2)
                if distance < abs(want) and (pair is None or distance < pair[0]):
                    pair = (distance, dv + dv2, du + du2, first, second)
        if pair is None:
            return None
        groups = _apply(groups, pair[3], pair[4])
        value, twice_u = value + pair[1], twice_u + pair[2]
    return groups if low <= value <= high and u_range[0] <= twice_u <= u_range[1] else None


def tie_climbs(
    p: int,
    n: int,
    bases: list[list[Group]],
    u_range: tuple[int, int],
    aim: tuple[int, int],
    fits: Callable[[list[Group]], bool],
    steps: int = 400,
    work: int = 400_000,
) -> list[Group] | None:
    """Tie climbs from ``bases`` and from rankings of three levels; the first that ``fits``.

    The three-level rankings are the shape of a well-separated model scored on a
    few levels: P - a positives, then a positives tied with b negatives, then the
    other negatives (2U = 2 P N - a b); a and b are picked for each 2U of
    ``u_range``'s ends and middle, from a = 1 and from a = P.  At most ``work``
    moves and pairs of moves are looked at in all.
    """
    budget = [work]
    starts = list(bases)
    for twice_u in sorted({u_range[0], (u_range[0] + u_range[1]) // 2, u_range[1]}):
        ties = 2 * p * n - twice_u  # a b
        for a in (_divisor(ties, p, n, up=True), _divisor(ties, p, n, up=False)):
            if a:
                levels = [(p - a, 0), (a, ties // a), (0, n - ties // a)]
                starts.append([g for g in levels if g != (0, 0)])
    for base in starts:
        found = tie_climb(base, u_range, aim, steps, budget)
        if found is not None and fits(found):
            return found
    return None


def _divisor(ties: int, p: int, n: int, up: bool) -> int:
    """The least (``up``) or greatest a in 1..P dividing ``ties`` with ties / a <= N; 0 if none."""
    for a in range(1, p + 1) if up else range(p, 0, -1):
        if ties % a == 0 and ties // a <= n:
            return a
    return 0
