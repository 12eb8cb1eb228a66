"""Brute-force references that share no code with rocpr_exact (plain Fractions)."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise


def mann_whitney(scores: list[int], labels: list[int]) -> Fraction:
    """U / (P N): every positive-negative pair, 1 if the positive scores higher, 1/2 if tied."""
    pos = [s for s, y in zip(scores, labels, strict=True) if y == 1]
    neg = [s for s, y in zip(scores, labels, strict=True) if y == 0]
    twice_u = sum(2 if p > n else 1 if p == n else 0 for p in pos for n in neg)
    return Fraction(twice_u, 2 * len(pos) * len(neg))


def threshold_counts(scores: list[int], labels: list[int]) -> list[tuple[int, int]]:
    """(TP, FP) of "positive iff score >= t" for every distinct t, strict to loose, after (0,0)."""
    out = [(0, 0)]
    for t in sorted(set(scores), reverse=True):
        tp = sum(1 for s, y in zip(scores, labels, strict=True) if s >= t and y == 1)
        fp = sum(1 for s, y in zip(scores, labels, strict=True) if s >= t and y == 0)
        out.append((tp, fp))
    return out


# -- exact curve evaluation and the ROC hull, by brute force (every segment, every point) -------

Point = tuple[int, int]  # (TP, FP)


def roc_tpr_range(points: list[Point], p: int, n: int, fpr: Fraction) -> tuple[Fraction, Fraction]:
    """(least, greatest) TPR of the ROC polyline at an FPR: every segment that covers it."""
    x = fpr * n
    tprs: list[Fraction] = []
    for (tp_a, fp_a), (tp_b, fp_b) in pairwise(points):
        if fp_a == fp_b == x:
            tprs += [Fraction(tp_a, p), Fraction(tp_b, p)]
        elif fp_a <= x <= fp_b and fp_a < fp_b:
            tprs.append((tp_a + (tp_b - tp_a) * (x - fp_a) / (fp_b - fp_a)) / p)
    return min(tprs), max(tprs)


def pr_precision_range(points: list[Point], p: int, recall: Fraction) -> tuple[Fraction, Fraction]:
    """(least, greatest) precision of the PR curve at a recall: every segment that covers it.

    At recall 0 both are the limit convention of DESIGN.md: the precision along the segment
    that leaves the last point with TP = 0, which is 0 when that point has FP > 0 and the
    constant TP/(TP + FP) of the segment when it starts at (0, 0).
    """
    t = recall * p
    if t == 0:
        last = max(i for i, (tp, _) in enumerate(points) if tp == 0)
        (_, fp_a), (tp_b, fp_b) = points[last], points[last + 1]
        limit = Fraction(0) if fp_a > 0 else Fraction(tp_b, tp_b + fp_b)
        return limit, limit
    values: list[Fraction] = []
    for (tp_a, fp_a), (tp_b, fp_b) in pairwise(points):
        if tp_a == tp_b == t:
            values += [Fraction(tp_a, tp_a + fp_b), Fraction(tp_a, tp_a + fp_a)]
        elif tp_a <= t <= tp_b and tp_a < tp_b:
            fp = fp_a + (fp_b - fp_a) * (t - tp_a) / (tp_b - tp_a)
            values.append(t / (t + fp))
    return min(values), max(values)


def roc_hull(points: list[Point]) -> list[Point]:
    """Vertices of the upper ROC convex hull from (0, 0) to the last point, by gift wrapping.

    From the highest point at FP = 0, repeatedly step to the point of larger FP that makes the
    steepest slope (the farthest one on ties, so collinear points are not vertices).  Slopes are
    exact Fractions.  O(n h).
    """
    top = max(tp for tp, fp in points if fp == 0)
    hull = [(0, 0)] if top == 0 else [(0, 0), (top, 0)]
    while True:
        tp0, fp0 = hull[-1]
        ahead = [(tp, fp) for tp, fp in points if fp > fp0]
        if not ahead:
            return hull
        best = max(ahead, key=lambda q: (Fraction(q[0] - tp0, q[1] - fp0), q[1]))
        hull.append(best)
