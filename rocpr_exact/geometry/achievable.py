"""The achievable PR curve (Davis & Goadrich 2006, Corollary 3.1 and end of Section 4).

"First, we find the convex hull in ROC space.  Next, for each point selected by
the algorithm to be included in the hull, we use the confusion matrix that
defines that point to construct the corresponding point in PR space.  Finally,
we perform the correct interpolation between the newly created PR points."
A :class:`Curve`'s PR curve is by definition the image of its ROC polyline
(vertices by Theorem 3.1, segments by the Section 4 interpolation), so the
achievable PR curve is simply the PR curve of the ROC hull.

Corollary 3.1 says the achievable PR curve "will exclude exactly those points
beneath the convex hull in ROC space".  :func:`below_achievable_pr` decides
"below" in PR space alone, on the hyperbolic PR segments, so that the claim can
be tested against :func:`rocpr_exact.geometry.hull.points_below_hull` (integer cross
products in ROC space).  Proof: ``proofs/proof_corollary_3_1.py``.
"""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction

from rocpr_exact.core.confusion import ConfusionMatrix
from rocpr_exact.core.curve import Curve, require_curve
from rocpr_exact.geometry.hull import roc_convex_hull

__all__ = ["achievable_pr_curve", "below_achievable_pr"]


def achievable_pr_curve(curve: Curve) -> Curve:
    """The achievable PR curve: the PR curve of the ROC convex hull (Corollary 3.1).

    It is the same :class:`Curve` as :func:`roc_convex_hull` returns, because a
    curve's PR curve is the image of its ROC polyline; use it like any curve:
    ``precision_at(recall)``, ``auc_pr(achievable, method=...)``.  Along its
    first segment, from (0, 0), precision is constant; along every later one it
    decreases (c = FP_A - s TP_A < 0 on a concave chain from the origin), so
    straight lines between its PR points lie on or above it: linear
    interpolation overstates it (Section 4).  Needs P > 0 and N > 0, as the hull
    does.  O(number of thresholds).

    >>> c = Curve.from_scores([8, 7, 6, 5, 4, 3, 2, 1], [1, 0, 1, 0, 0, 1, 1, 0])
    >>> best = achievable_pr_curve(c)
    >>> [(p.recall, p.precision) for p in best.points[1:]]
    [(Fraction(1, 4), Fraction(1, 1)), (Fraction(1, 1), Fraction(4, 7)),
     (Fraction(1, 1), Fraction(1, 2))]
    >>> best.precision_at(Fraction(1, 2))   # TP = 2 on (1, 0) -> (4, 3): FP = 1
    Fraction(2, 3)
    """
    require_curve(curve, "curve")
    return roc_convex_hull(curve)


def _lower_precision(
    recalls: list[Fraction], precisions: list[Fraction], recall: Fraction
) -> Fraction:
    """The lowest precision of a PR curve at recall > 0, from its PR vertices only.

    ``recalls`` and ``precisions`` list the curve's PR points after the start at
    recall 0, whose precision is ``precisions[0]`` (the recall-0 limit).
    At the recall of one or more vertices (a vertical drop) the lowest is the
    last of them.  Strictly between vertices A and B the curve is the image of a
    ROC segment: 1/precision = (TP + FP)/TP = k + c/TP is affine in 1/recall,
    so with u = 1/recall and v = 1/precision the piece is the line through
    (u_A, v_A) and (u_B, v_B).  From the start (recall 0, where u is infinite)
    the piece leaves (TP, FP) = (0, 0), so c = 0 and precision is constant.
    """
    j = bisect_right(recalls, recall) - 1  # last vertex at or before this recall
    if recalls[j] == recall:
        return precisions[j]
    if j == 0:
        return precisions[1]
    u_a, u_b, u = 1 / recalls[j], 1 / recalls[j + 1], 1 / recall
    v_a, v_b = 1 / precisions[j], 1 / precisions[j + 1]
    return 1 / (v_a + (v_b - v_a) * (u - u_a) / (u_b - u_a))


def below_achievable_pr(curve: Curve) -> tuple[ConfusionMatrix, ...]:
    """The points of the curve strictly below the achievable PR curve, decided in PR space.

    Each point's (recall, precision) is compared with the achievable curve's
    PR points and the Section 4 hyperbola between them (see
    ``_lower_precision``), never with ROC coordinates or cross products.
    "Strictly below" a PR curve means below its *lowest* point at that recall:
    a point on a vertical drop lies on the curve.  (The hull's only drop is at
    recall 1, where every point of the curve lies on it.)

    Recall 0, with the library's limit convention: the point (TP, FP) = (0, 0)
    has no precision; it starts every curve and is never below.  A point
    (0, FP > 0) has PR image (recall 0, precision 0), strictly below the
    achievable curve's recall-0 precision, which is that of its first segment
    and is > 0.

    Corollary 3.1: the result equals :func:`points_below_hull` (property-tested;
    ``proofs/proof_corollary_3_1.py``).  Needs P > 0 and N > 0.
    O(n log h) for n points and h hull vertices.

    >>> c = Curve.from_scores([8, 7, 6, 5, 4, 3, 2, 1], [1, 0, 1, 0, 0, 1, 1, 0])
    >>> [(p.tp, p.fp) for p in below_achievable_pr(c)]
    [(1, 1), (2, 2), (2, 3), (3, 3)]
    """
    require_curve(curve, "curve")
    best = achievable_pr_curve(curve)
    start = best.precision_at(0)  # the limit convention; > 0 since the hull rises from (0, 0)
    recalls, precisions = [Fraction(0)], [start]
    for vertex in best.points[1:]:
        recalls.append(vertex.recall)
        precisions.append(vertex.precision)
    below = []
    for point in curve.points:
        recall = point.recall
        if recall == 0:
            # (0, 0) has no PR image; (0, FP > 0) has precision 0 at recall 0.
            if point.fp > 0 and start > 0:
                below.append(point)
            continue
        if point.precision < _lower_precision(recalls, precisions, recall):
            below.append(point)
    return tuple(below)
