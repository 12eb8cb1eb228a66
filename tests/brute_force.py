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


def pr_areas_plain(points: list[tuple[int, int]], positives: int) -> dict[str, Fraction]:
    """Step, linear and Davis-Goadrich areas by their textbook definitions (:func:`step_area`,
    :func:`linear_area`, :func:`dg_area`: one definition of each, below), plain Fractions."""
    return {
        "step": step_area(points, positives),
        "linear": linear_area(points, positives),
        "davis-goadrich": dg_area(points, positives),
    }


def upper_left_hull(
    points: list[tuple[int, int]],
) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """(on, vertices) of the upper-left hull of (TP, FP) points that include (0, 0) and (P, N).

    The vertices are :func:`roc_hull`'s (the one hull of this module); a point is on the hull
    when its TP lies between the least and the greatest TP of the hull's polyline at its FP
    (:func:`roc_tpr_range`): the vertical edge at FP = 0 and the edge along TP = P included.
    """
    vertices = roc_hull(points)
    p = max(tp for tp, _ in points)
    n = max(fp for _, fp in points)
    on = set()
    for tp, fp in points:
        low, high = roc_tpr_range(vertices, p, n, Fraction(fp, n))
        if low <= Fraction(tp, p) <= high:
            on.add((tp, fp))
    return on, set(vertices)


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

    At recall 0 both are the limit convention of docs/design.md: the precision along the segment
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


# -- PR areas and other tools' conventions, from (TP, FP) counts -------------------------------
# ``counts`` is the list of threshold counts strict to loose starting at (0, 0), as returned by
# ``threshold_counts``; ``positives`` is P.  Plain Fractions, one formula per line of the paper.


def tie_group_counts(groups: list[tuple[object, int, int]]) -> list[tuple[int, int]]:
    """Cumulative (TP, FP) after each tie group (score, positives, negatives), from (0, 0)."""
    out = [(0, 0)]
    for _, pos, neg in groups:
        out.append((out[-1][0] + pos, out[-1][1] + neg))
    return out


def grouped_mann_whitney(groups: list[tuple[object, int, int]]) -> Fraction:
    """Mann-Whitney with ties 1/2 over tie groups listed from the highest score down."""
    positives = sum(g[1] for g in groups)
    negatives = sum(g[2] for g in groups)
    twice_u = 0
    for i, (_, pos, _) in enumerate(groups):
        for j, (_, _, neg) in enumerate(groups):
            twice_u += pos * neg * (2 if i < j else 1 if i == j else 0)
    return Fraction(twice_u, 2 * positives * negatives)


def limit_start(counts: list[tuple[int, int]]) -> Fraction:
    """Precision at recall 0 by the limit convention: 0 if a negative precedes every positive,
    else the precision of the first point with TP > 0 (reached straight from the origin)."""
    first = next(i for i, (tp, _) in enumerate(counts) if tp > 0)
    if counts[first - 1][1] > 0:
        return Fraction(0)
    tp, fp = counts[first]
    return Fraction(tp, tp + fp)


def trapezoid(points: list[tuple[Fraction, Fraction]]) -> Fraction:
    """Composite trapezoid over (recall, precision) points in order of recall."""
    return sum(
        ((r1 - r0) * (p0 + p1) / 2 for (r0, p0), (r1, p1) in pairwise(points)),
        Fraction(0),
    )


def dg_area(counts: list[tuple[int, int]], positives: int) -> Fraction:
    """Davis-Goadrich: every integer TP on every segment, FP by the local skew, trapezoids."""
    points = [(Fraction(0), limit_start(counts))]
    for (tp_a, fp_a), (tp_b, fp_b) in pairwise(counts):
        if tp_b == tp_a:
            if tp_b > 0:
                points.append((Fraction(tp_b, positives), Fraction(tp_b, tp_b + fp_b)))
            continue
        skew = Fraction(fp_b - fp_a, tp_b - tp_a)
        for x in range(1, tp_b - tp_a + 1):
            tp = tp_a + x
            points.append((Fraction(tp, positives), tp / (tp + fp_a + skew * x)))
    return trapezoid(points)


def linear_area(counts: list[tuple[int, int]], positives: int) -> Fraction:
    """Straight lines in PR space between the threshold points, from the limit start."""
    points = [(Fraction(0), limit_start(counts))]
    points += [(Fraction(tp, positives), Fraction(tp, tp + fp)) for tp, fp in counts[1:] if tp]
    return trapezoid(points)


def step_area(counts: list[tuple[int, int]], positives: int) -> Fraction:
    """Average precision: sum of (R_n - R_{n-1}) P_n over the thresholds."""
    return sum(
        (
            Fraction(b - a, positives) * Fraction(b, b + fp)
            for (a, _), (b, fp) in pairwise(counts)
            if b > a
        ),
        Fraction(0),
    )


def sklearn_trapezoid(counts: list[tuple[int, int]], positives: int) -> Fraction:
    """sklearn auc(recall, precision): the threshold points after a synthetic (0, 1)."""
    points = [(Fraction(0), Fraction(1))]
    points += [(Fraction(tp, positives), Fraction(tp, tp + fp)) for tp, fp in counts[1:]]
    return trapezoid(points)


def auccalculator_steps(
    counts: list[tuple[int, int]], positives: int, negatives: int
) -> tuple[Fraction, Fraction]:
    """(AUC-ROC, AUC-PR) as AUCCalculator 0.2 computes them, step by step, in Fractions.

    Confusion.sort(): sort the points by (TP, FP), remove those with TP = 0, insert
    (1, FP_1/TP_1) first when TP_1 > 1, append (P, N); interpolate(): every integer TP with
    the local skew; calculateAUCPR(0): rectangle from recall 0 at the first point's precision,
    then trapezoids; calculateAUCROC(): 1 - the area left of the curve from the origin.
    """
    points: list[tuple[Fraction, Fraction]] = sorted(
        {(Fraction(t), Fraction(f)) for t, f in counts[1:]}
    )
    points = [p for p in points if p[0] != 0]
    tp1, fp1 = points[0]
    if tp1 > 1:
        points.insert(0, (Fraction(1), fp1 / tp1))
    if points[-1] != (positives, negatives):
        points.append((Fraction(positives), Fraction(negatives)))
    full = [points[0]]
    for (tp_a, fp_a), (tp_b, fp_b) in pairwise(points):
        if tp_b - tp_a > 1:
            skew = (fp_b - fp_a) / (tp_b - tp_a)
            full += [(tp_a + x, fp_a + skew * x) for x in range(1, int(tp_b - tp_a))]
        full.append((tp_b, fp_b))
    pr = [(tp / positives, tp / (tp + fp)) for tp, fp in full]
    auc_pr = pr[0][0] * pr[0][1] + trapezoid(pr)
    roc = [(fp / negatives, tp / positives) for tp, fp in full]
    left = roc[0][0] * roc[0][1] / 2
    left += sum(((t1 - t0) * (f0 + f1) / 2 for (f0, t0), (f1, t1) in pairwise(roc)), Fraction(0))
    return 1 - left, auc_pr
