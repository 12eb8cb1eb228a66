"""Thresholds a ranking must pass through: an operating point's or a ROC point's whole counts.

A requirement is a list ``ranges`` indexed by TP = 0..P: the ranking must
have a threshold (a point of its curve, "nothing positive" at (0, 0)
included) with ranges[TP][0] <= FP <= ranges[TP][1] (an entry with
lo > hi admits no FP at that TP).  :func:`~rocpr_exact.consistency.operating.fp_ranges`
gives the requirement of reported precision, recall, ... at one threshold;
:func:`box_ranges` that of a ROC point read from a figure (its box of whole
TP and FP, :func:`~rocpr_exact.consistency.figures.pr_boxes_from_roc`).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Ranges", "box_ranges", "passes"]

Ranges = list[tuple[int, int]]


def box_ranges(p: int, tp: tuple[int, int], fp: tuple[int, int]) -> Ranges:
    """The requirement "a threshold with TP in ``tp`` and FP in ``fp``" (inclusive ranges).

    >>> box_ranges(2, (1, 1), (0, 3))
    [(1, 0), (0, 3), (1, 0)]
    """
    return [fp if tp[0] <= t <= tp[1] else (1, 0) for t in range(p + 1)]


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
