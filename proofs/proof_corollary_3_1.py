"""Corollary 3.1: a point is strictly below the ROC convex hull iff its PR image is strictly below
the achievable PR curve.

Claim (Davis & Goadrich 2006, Corollary 3.1: "The achievable PR curve will exclude exactly those
points beneath the convex hull in ROC space").  Work in count space (FP, TP).

Segment lemma.  Let a hull edge go from A = (FP_A, TP_A) to B = (FP_B, TP_B) with 0 <= TP_A < TP_B,
0 <= FP_A <= FP_B, local skew s = (FP_B - FP_A)/(TP_B - TP_A), and let L(tp) = FP_A + s (tp - TP_A)
be the FP of the edge at height tp.  For a point (fp, tp) with TP_A <= tp <= TP_B, tp > 0, fp >= 0,
the following are equivalent:

    (i)   cross(B - A, (fp, tp) - A) = (FP_B - FP_A)(tp - TP_A) - (TP_B - TP_A)(fp - FP_A) < 0
          (the integer test the library uses: the point is strictly below the line AB);
    (ii)  fp > L(tp)  (the edge parametrised by TP);
    (iii) tp/(tp + fp) < tp/(tp + L(tp))  (its precision is strictly below the PR image of the edge,
          Section 4's formula, at the same recall tp/P).

From edges to the hull.  The upper hull H of the ROC points with (0, 0) and (N, P) is concave and
nondecreasing.  For P, N > 0 it has no horizontal ROC edge (constant TP, a vertical drop in PR
space) except possibly at TP = P: a concave nondecreasing function can be constant only on a
final stretch, at its maximum P.  So for 0 < tp < P exactly one FP value FP_H(tp) is on the hull,
the achievable PR curve is single-valued at recall tp/P, and the lemma applied to the hull edge
covering tp gives the corollary.  At tp = P no point is strictly below the ROC hull, and in PR
space every point (fp, P) lies on the achievable curve's vertical drop at recall 1, between
P/(P + FP_H(P)) and P/(P + N): "strictly below" a PR curve means below its lowest point at that
recall.

Edge cases at recall 0 (tp = 0).  The point (0, 0) is a hull vertex and its precision is undefined:
it is excluded.  A point (fp > 0, 0) is strictly below the ROC hull (the first hull edge leaves
(0, 0) with TP_B > 0, so L(0) = 0 < fp).  Its PR image is (recall 0, precision 0).  Under the
library's limit convention the achievable curve's precision at recall 0 is that of its first edge,
1/(1 + s_1) > 0, so the image is strictly below and the corollary holds at recall 0 as well.  The
side condition is exactly "precision at recall 0 is > 0": it also holds with a synthetic (0, 1)
start, and fails under a convention giving precision 0 at recall 0 (z3 refutes that variant).

Proof: z3 over the reals for the lemma and the recall-0 case, each with a refuted wrong variant;
the reduction is checked exhaustively: for every small dataset, every lattice point (fp, tp) is
classified above/on/below the hull in ROC space (integer cross products) and above/on/below the
achievable PR curve in PR space (walking its hyperbolic segments), and the classes agree.

Library functions that rely on it: ``rocpr_exact/geometry/hull.py`` -- ``roc_convex_hull``,
``points_below_hull``; ``rocpr_exact/geometry/achievable.py`` -- ``achievable_pr_curve``,
``below_achievable_pr``.  Property test: ``tests/geometry/test_hull.py``.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import z3

from proofs._smt import precision, prove_and_refute, value

FP_A, TP_A, FP_B, TP_B, fp, tp = z3.Reals("FP_A TP_A FP_B TP_B fp tp")
S = (FP_B - FP_A) / (TP_B - TP_A)  # local skew of the edge
L = FP_A + S * (tp - TP_A)  # FP of the edge at height tp
CROSS = (FP_B - FP_A) * (tp - TP_A) - (TP_B - TP_A) * (fp - FP_A)
EDGE = z3.And(TP_A >= 0, TP_B > TP_A, FP_A >= 0, FP_B >= FP_A)
POINT = z3.And(tp >= TP_A, tp <= TP_B, fp >= 0)


def test_segment_lemma() -> None:
    equivalent = z3.And((CROSS < 0) == (fp > L), (fp > L) == (precision(tp, fp) < precision(tp, L)))
    claim = z3.Implies(z3.And(EDGE, POINT, tp > 0), equivalent)
    # Wrong variant: tp = 0 allowed (precisions defined: tp + fp > 0 and tp + L > 0).
    wrong = z3.Implies(z3.And(EDGE, POINT, tp >= 0, tp + fp > 0, tp + L > 0), equivalent)
    m = prove_and_refute(claim, wrong)
    fa, ta, fb, tb, f, t = (value(m, v) for v in (FP_A, TP_A, FP_B, TP_B, fp, tp))
    line = fa + (fb - fa) / (tb - ta) * (t - ta)
    assert t == 0 and f > line  # below the line in ROC space ...
    assert t / (t + f) == t / (t + line) == 0  # ... but not below in PR space: both precisions 0


def test_recall_zero_with_limit_convention() -> None:
    # First hull edge: A = (0, 0), B = (FP_B, TP_B), TP_B > 0.  Precision of the point (0 for
    # tp = 0, fp > 0) and of the achievable curve (limit 1/(1 + s) at recall 0).
    first = z3.And(FP_A == 0, TP_A == 0, TP_B > 0, FP_B >= 0)
    point = z3.And(POINT, z3.Or(tp > 0, fp > 0))  # every point of the edge's range but (0, 0)
    point_precision = z3.If(tp > 0, precision(tp, fp), z3.RealVal(0))

    def curve_precision(at_recall_zero: z3.ArithRef) -> z3.ArithRef:
        return z3.If(tp > 0, precision(tp, L), at_recall_zero)

    def corollary(at_recall_zero: z3.ArithRef) -> z3.BoolRef:
        below_pr = point_precision < curve_precision(at_recall_zero)
        return z3.Implies(z3.And(first, point), (CROSS < 0) == below_pr)

    limit = 1 / (1 + S)
    m = prove_and_refute(corollary(limit), corollary(z3.RealVal(0)))
    t, f = value(m, tp), value(m, fp)
    assert t == 0 and f > 0  # below the ROC hull, PR image (0, 0) not below (0, 0)
    # A synthetic (0, 1) start also satisfies the side condition "precision at recall 0 > 0".
    prove_and_refute(corollary(z3.RealVal(1)), corollary(z3.RealVal(0)))


# ---------------------------------------------------------------------------------------------
# Exhaustive check of the reduction on small datasets.

Vertex = tuple[int, int]  # (FP, TP)


def _roc_points(labels: list[bool], cuts: tuple[bool, ...]) -> list[Vertex]:
    points = [(0, 0)]
    fp_count = tp_count = 0
    for i, label in enumerate(labels):
        tp_count += label
        fp_count += not label
        if i == len(labels) - 1 or cuts[i]:
            points.append((fp_count, tp_count))
    return points


def _cross(o: Vertex, a: Vertex, b: Vertex) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _upper_hull(points: list[Vertex]) -> list[Vertex]:
    """Upper convex hull from (0, 0) to (N, P), vertices only (monotone chain, integer crosses)."""
    hull: list[Vertex] = []
    for p in sorted(set(points)):
        while len(hull) >= 2 and _cross(hull[-2], hull[-1], p) >= 0:
            hull.pop()
        hull.append(p)
    return hull


def _roc_class(hull: list[Vertex], f: int, t: int) -> int:
    """-1 strictly below, 0 on, +1 strictly above the hull polyline, decided in ROC space."""
    heights = []
    for (fa, ta), (fb, tb) in itertools.pairwise(hull):
        if fa <= f <= fb:
            heights += [ta, tb] if fa == fb else [ta + Fraction((tb - ta) * (f - fa), fb - fa)]
    return -1 if t < min(heights) else (1 if t > max(heights) else 0)


def _pr_class(hull: list[Vertex], f: int, t: int) -> int:
    """-1 strictly below, 0 on, +1 strictly above the achievable PR curve, decided in PR space."""
    if t == 0:
        # PR image (0, 0); the curve's precision at recall 0 is the limit along its first edge.
        (f0, t0), (f1, t1) = hull[0], hull[1]
        assert (f0, t0) == (0, 0) and t1 > 0
        at_zero = 1 / (1 + Fraction(f1, t1))
        image = Fraction(0)  # precision of (fp > 0, tp = 0)
        return -1 if image < at_zero else 0
    values = []
    for (fa, ta), (fb, tb) in itertools.pairwise(hull):
        if ta <= t <= tb:
            if ta == tb:  # vertical drop in PR space
                values += [Fraction(t, t + fa), Fraction(t, t + fb)]
            else:
                s = Fraction(fb - fa, tb - ta)
                values.append(t / (t + fa + s * (t - ta)))
    point = Fraction(t, t + f)
    return -1 if point < min(values) else (1 if point > max(values) else 0)


def test_reduction_exhaustive() -> None:
    classified = {-1: 0, 0: 0, 1: 0}
    for positives, negatives in itertools.product(range(1, 4), range(1, 4)):
        n = positives + negatives
        for pos_at in itertools.combinations(range(n), positives):
            labels = [i in pos_at for i in range(n)]
            for cuts in itertools.product((False, True), repeat=n - 1):
                hull = _upper_hull(_roc_points(labels, cuts))
                assert hull[0] == (0, 0) and hull[-1] == (negatives, positives)
                # Horizontal hull edges only at the top (see the docstring).
                assert all(
                    ta != tb or ta == positives for (_, ta), (_, tb) in itertools.pairwise(hull)
                )
                for f in range(negatives + 1):
                    for t in range(positives + 1):
                        if (f, t) == (0, 0):
                            continue  # hull vertex; precision undefined
                        cls = _roc_class(hull, f, t)
                        assert cls == _pr_class(hull, f, t), (hull, f, t)
                        classified[cls] += 1
    assert all(count > 0 for count in classified.values())  # every class occurs


def test_hand_example() -> None:
    # P = 2, N = 2, ranking pos, neg, neg, pos (no ties): ROC points (0,0), (0,1), (1,1), (2,1),
    # (2,2).  Hull: (0,0), (0,1), (2,2).  The point (1,1) is strictly below the hull edge
    # (0,1)-(2,2) (its height there is 3/2).  PR: the point has precision 1/2; the edge has
    # s = 2, so at tp = 1 the curve's precision is 1/(1 + 0 + 2*0) = 1 > 1/2.  Below in both.
    hull = _upper_hull([(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)])
    assert hull == [(0, 0), (0, 1), (2, 2)]
    assert _roc_class(hull, 1, 1) == -1 == _pr_class(hull, 1, 1)
    assert _roc_class(hull, 2, 1) == -1 == _pr_class(hull, 2, 1)
    assert _roc_class(hull, 2, 2) == 0 == _pr_class(hull, 2, 2)
