"""Thresholds a ranking must pass through: an operating point's or a ROC point's whole counts.

A requirement is a list ``ranges`` indexed by TP = 0..P: the ranking must
have a threshold (a point of its curve, "nothing positive" at (0, 0)
included) with ranges[TP][0] <= FP <= ranges[TP][1] (an entry with
lo > hi admits no FP at that TP).  :func:`~rocpr_exact.consistency.operating.fp_ranges`
gives the requirement of reported precision, recall, ... at one threshold;
:func:`box_ranges` that of a ROC point read from a figure (its box of whole
TP and FP, :func:`~rocpr_exact.consistency.figures.pr_boxes_from_roc`).

Boxes alone (:func:`box_chain`): a ranking passes through boxes B_1, ..., B_k (each a TP
range times an FP range) iff some order of them and some point c_i of each box make a chain
c_1 <= ... <= c_k (both coordinates; the thresholds of one ranking).  In a fixed order the
least choice is c_i = the greatest lower corner so far, so the order works iff every box's
lower corner is <= the upper corner of every box after it (both coordinates): a condition on
pairs.  Where it fails for a pair (i, j), j must come first; some order works iff these
forced precedences have no cycle (a topological order is then a chain's order).
:func:`chain_groups` turns the chain into a ranking whose thresholds include every c_i.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

__all__ = [
    "Box",
    "BoxChainTooLong",
    "Ranges",
    "box_chain",
    "box_ranges",
    "chain_groups",
    "has_thresholds",
    "passes",
]

Ranges = list[tuple[int, int]]
#: A box of whole counts: (TP range, FP range), both inclusive.
Box = tuple[tuple[int, int], tuple[int, int]]


class BoxChainTooLong(Exception):
    """The exact order of the boxes would take more than the allowed pair checks."""


def _before(first: Box, second: Box) -> bool:
    """Whether ``first`` may come before ``second``: its lower corner <= the other's upper."""
    return first[0][0] <= second[0][1] and first[1][0] <= second[1][1]


def _greedy(boxes: Sequence[Box], order: Sequence[int]) -> list[tuple[int, int]] | None:
    """The least chain through ``boxes`` taken in ``order`` (the point of each box, in box
    order), or None."""
    tp = fp = 0
    points = [(0, 0)] * len(boxes)
    for index in order:
        (tlo, thi), (flo, fhi) = boxes[index]
        tp, fp = max(tp, tlo), max(fp, flo)
        if tp > thi or fp > fhi:
            return None
        points[index] = (tp, fp)
    return points


def box_chain(boxes: Sequence[Box], max_pairs: int) -> list[tuple[int, int]] | None:
    """A chain of points, one in each non-empty box (the i-th in the i-th), or None if none
    exists.

    First the order of the boxes' lower corners; if that fails and the exact order (every
    pair, see the module docstring) would check more than ``max_pairs`` pairs, raises
    :class:`BoxChainTooLong`.

    >>> box_chain([((2, 3), (1, 4)), ((0, 1), (0, 0))], 100)
    [(2, 1), (0, 0)]
    >>> box_chain([((9, 9), (1, 1)), ((2, 2), (5, 5))], 100) is None   # crossed
    True
    """
    k = len(boxes)
    order = sorted(range(k), key=lambda i: (boxes[i][0][0], boxes[i][1][0], boxes[i][0][1]))
    found = _greedy(boxes, order)
    if found is not None:
        return found
    if k * k > max_pairs:
        raise BoxChainTooLong(k * k)
    # j must precede i where i may not precede j; Kahn's algorithm on those precedences.
    after: list[list[int]] = [[] for _ in range(k)]
    waiting = [0] * k
    for i in range(k):
        for j in range(k):
            if i != j and not _before(boxes[i], boxes[j]):
                after[j].append(i)
                waiting[i] += 1
    ready = [i for i in range(k) if waiting[i] == 0]
    topological = []
    while ready:
        j = ready.pop()
        topological.append(j)
        for i in after[j]:
            waiting[i] -= 1
            if waiting[i] == 0:
                ready.append(i)
    if len(topological) < k:  # a cycle: no order works
        return None
    return _greedy(boxes, topological)  # every pair in order may precede: the greedy fits


def chain_groups(
    p: int, n: int, points: Sequence[tuple[int, int]], ties: bool
) -> list[tuple[int, int]]:
    """Tie groups of a ranking of P positives and N negatives whose thresholds include every
    point of the chain ``points`` (sorted): one tied group between consecutive points, or
    (``ties=False``) its positives then its negatives one by one.

    >>> chain_groups(3, 3, [(1, 0), (1, 0), (2, 2)], True)
    [(1, 0), (1, 2), (1, 1)]
    >>> chain_groups(2, 1, [(1, 1)], False)
    [(1, 0), (0, 1), (1, 0)]
    """
    groups: list[tuple[int, int]] = []
    tp = fp = 0
    for t, f in [*sorted(points), (p, n)]:
        a, b = t - tp, f - fp
        if a or b:
            groups += [(a, b)] if ties else [(1, 0)] * a + [(0, 1)] * b
        tp, fp = t, f
    return groups


def box_ranges(p: int, tp: tuple[int, int], fp: tuple[int, int]) -> Ranges:
    """The requirement "a threshold with TP in ``tp`` and FP in ``fp``" (inclusive ranges).

    >>> box_ranges(2, (1, 1), (0, 3))
    [(1, 0), (0, 3), (1, 0)]
    """
    return [fp if tp[0] <= t <= tp[1] else (1, 0) for t in range(p + 1)]


def has_thresholds(groups: Sequence[tuple[int, int]], points: Sequence[tuple[int, int]]) -> bool:
    """Whether every point (TP, FP) of the chain ``points`` is a threshold of ``groups``
    ((0, 0) included): one walk along the groups, the points in order.

    >>> has_thresholds([(1, 0), (1, 1)], [(2, 1), (1, 0)]), has_thresholds([(2, 1)], [(1, 0)])
    (True, False)
    """
    wanted = sorted(set(points))
    k = tp = fp = 0
    for a, b in itertools.chain([(0, 0)], groups):
        tp, fp = tp + a, fp + b
        while k < len(wanted) and wanted[k] == (tp, fp):
            k += 1
    return k == len(wanted)


def passes(groups: Sequence[tuple[int, int]], ranges: Ranges) -> bool:
    """Whether some threshold of the tie-group sequence ``groups`` meets ``ranges``.

    >>> passes([(1, 0), (0, 1)], [(1, 0), (0, 0)])   # the threshold after the positive
    True
    >>> passes([(1, 1)], [(1, 0), (0, 0)])           # tied: (1, 0) is not a threshold
    False
    """
    tp = fp = 0
    for a, b in [(0, 0), *groups]:
        tp, fp = tp + a, fp + b
        lo, hi = ranges[tp]
        if lo <= fp <= hi:
            return True
    return False
