"""The ROC convex hull (Davis & Goadrich 2006, Section 3 and Corollary 3.1).

The hull is the upper-left boundary of the convex hull of a curve's ROC points,
from (0, 0) to (N, P).  It is computed in count space, x = FP and y = TP, with
integer cross products only: scaling x by 1/N and y by 1/P (positive constants)
maps lines to lines and keeps the side of a line a point lies on, so convexity
and "below" are the same in (FPR, TPR) and in (FP, TP).

The boundary runs up the FP = 0 axis from (0, 0) to the highest point with
FP = 0, then over strictly right-turning edges to (N, P); the last edge may be
horizontal (TP = P), the only vertical drop of the achievable PR curve.  It never
goes below the chord from (0, 0) to (N, P), even when every point of the curve
does (a ranking worse than random).  A point of the curve is *on* the hull when
it lies on a hull edge (cross product 0, between the endpoints; the edges at
FP = 0 and at TP = P included) and *below* it otherwise, i.e. strictly under it.

Proof that "below" is decided the same way in PR space:
``proofs/proof_corollary_3_1.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rocpr_exact.core.confusion import ConfusionMatrix
from rocpr_exact.core.counts import INT64_CROSS, cross
from rocpr_exact.core.curve import Curve, require_curve
from rocpr_exact.core.views import int64_array
from rocpr_exact.errors import InvalidInputError

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is a dependency
    np = None  # type: ignore[assignment]

__all__ = [
    "HullPoints",
    "check_convex",
    "hull_candidates",
    "hull_points",
    "hull_vertex_indices",
    "points_below_hull",
    "roc_convex_hull",
]


def hull_vertex_indices(curve: Curve, caller: str) -> list[int]:
    """Indices into the curve of the hull vertices, in order (Andrew's monotone chain).

    ``caller`` names the public function in the error raised unless P, N > 0.

    The points of a curve form a chain (TP and FP both non-decreasing, no
    repeats), so they are already sorted by (FP, TP) and one left-to-right pass
    builds the upper hull: drop the last vertex while it does not make a strict
    right turn.  Collinear points are dropped, so only corners remain.  A hull
    vertex is always a corner of the curve (a point strictly inside a straight
    run lies on a segment between two other points), so the pass runs over
    :meth:`Curve.corner_index` only.  O(number of thresholds).
    """
    curve.require_both_classes(caller)
    corners = curve.corners()
    tps, fps = corners.tps, corners.fps
    candidates = _array_candidates(corners)
    hull: list[int] = []
    for i in range(len(tps)) if candidates is None else candidates:
        while len(hull) >= 2:
            a, b = hull[-2], hull[-1]
            # keep b only where the chain a -> b -> i turns right (b strictly above a-i)
            if cross(tps[b] - tps[a], fps[b] - fps[a], tps[i] - tps[a], fps[i] - fps[a]) > 0:
                break
            hull.pop()
        hull.append(i)
    index = curve.corner_index()
    return [index[k] for k in hull]


#: Vectorised passes of :func:`_array_candidates` before the monotone chain takes over.
ARRAY_PASSES = 64


def _array_candidates(corners: Curve) -> list[int] | None:
    """A subset of the corners that holds every hull vertex, for counts in int64 arrays.

    Each pass drops, all at once, every point that does not make a strict right turn with its
    two current neighbours: it lies on or under the chord between two points of the set, hence
    on or under the hull, and is not a vertex (the monotone chain drops it too).  Cross products
    of counts below 3 * 10**9 fit in int64.  None when the counts are not in arrays or too
    large.  O(n) per pass, vectorised; after ``ARRAY_PASSES`` passes the chain finishes.
    """
    tps, fps = int64_array(corners.tps), int64_array(corners.fps)
    if tps is None or fps is None or corners.positives + corners.negatives >= INT64_CROSS:
        return None
    result: list[int] = hull_candidates(tps, fps).tolist()
    return result


def hull_candidates(tps: Any, fps: Any) -> Any:
    """Indices of a subset of a chain's points (int64 arrays, counts below 3 * 10**9) that
    holds every vertex of its upper hull, the first and last point included.

    Up to ``ARRAY_PASSES`` vectorised passes of :func:`_array_candidates`.

    >>> hull_candidates(np.array([0, 1, 1, 2]), np.array([0, 0, 1, 2])).tolist()
    [0, 1, 3]
    """
    keep = np.arange(tps.shape[0])
    for _ in range(ARRAY_PASSES):
        a, b, c = keep[:-2], keep[1:-1], keep[2:]
        ta, fa = tps[a], fps[a]
        turn = cross(tps[b] - ta, fps[b] - fa, tps[c] - ta, fps[c] - fa)
        drop = turn <= 0
        if not drop.any():
            break
        mask = np.ones(keep.shape[0], dtype=bool)
        mask[1:-1] = ~drop
        keep = keep[mask]
    return keep


def roc_convex_hull(curve: Curve) -> Curve:
    """The upper convex hull of the curve's ROC points, as a curve of its vertices.

    The vertices are points of the curve, from (0, 0) to (N, P), each a strict
    corner (collinear points are left out; :func:`hull_points` lists them).  The
    result has the same P and N and no thresholds.  It is the ROC curve that
    dominates every curve through these points (Section 3; Provost et al. 1998),
    and its PR image is the achievable PR curve (Corollary 3.1).

    Computed with integer cross products in count space (convexity in (FPR, TPR)
    equals convexity in (FP, TP)); O(number of thresholds), since a curve's
    points are already sorted.  Raises :class:`NoPositivesError` or
    :class:`NoNegativesError` unless P > 0 and N > 0 (ROC needs both).

    >>> c = Curve.from_scores([8, 7, 6, 5, 4, 3, 2, 1], [1, 0, 1, 0, 0, 1, 1, 0])
    >>> [(p.tp, p.fp) for p in c.points]
    [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2), (2, 3), (3, 3), (4, 3), (4, 4)]
    >>> [(p.tp, p.fp) for p in roc_convex_hull(c).points]
    [(0, 0), (1, 0), (4, 3), (4, 4)]
    """
    require_curve(curve, "curve")
    keep = hull_vertex_indices(curve, "roc_convex_hull")
    return Curve(
        curve.positives,
        curve.negatives,
        tuple(curve.tps[i] for i in keep),
        tuple(curve.fps[i] for i in keep),
    )


@dataclass(frozen=True, slots=True)
class HullPoints:
    """A curve's points sorted against its ROC convex hull, each tuple in curve order.

    ``vertices``: the hull's corners; ``on_hull``: every point on a hull edge,
    vertices and collinear points included; ``below``: every point strictly
    under the hull.  ``on_hull`` and ``below`` partition the curve's points.
    """

    vertices: tuple[ConfusionMatrix, ...]
    on_hull: tuple[ConfusionMatrix, ...]
    below: tuple[ConfusionMatrix, ...]


def hull_points(curve: Curve) -> HullPoints:
    """Sort every point of the curve into hull vertex, on the hull, or strictly below it.

    A point (FP, TP) with FP > 0 is compared with the hull edge A -> B with
    FP_A < FP <= FP_B (the hull is a function of FP there): it is on the hull
    when the steps A -> B and A -> point are parallel (:func:`~rocpr_exact.core.counts.cross`
    = 0) and below when the point turns right of A -> B (cross > 0; < 0 is impossible).
    Every point with FP = 0 lies on the hull's vertical edge from (0, 0) to the
    highest such point.  Integer arithmetic; O(number of thresholds).

    >>> c = Curve.from_scores([8, 7, 6, 5, 4, 3, 2, 1], [1, 0, 1, 0, 0, 1, 1, 0])
    >>> h = hull_points(c)
    >>> [(p.tp, p.fp) for p in h.on_hull]   # (2, 1) is on the edge (1, 0) -> (4, 3)
    [(0, 0), (1, 0), (2, 1), (4, 3), (4, 4)]
    >>> [(p.tp, p.fp) for p in h.below]
    [(1, 1), (2, 2), (2, 3), (3, 3)]
    """
    require_curve(curve, "curve")
    keep = hull_vertex_indices(curve, "hull_points")
    tps, fps, points = curve.tps, curve.fps, curve.points
    on: list[ConfusionMatrix] = []
    below: list[ConfusionMatrix] = []
    j = 0  # hull edge keep[j] -> keep[j + 1]
    for i, point in enumerate(points):
        if fps[i] == 0:
            on.append(point)
            continue
        while fps[keep[j + 1]] < fps[i]:
            j += 1
        a, b = keep[j], keep[j + 1]
        turn = cross(tps[b] - tps[a], fps[b] - fps[a], tps[i] - tps[a], fps[i] - fps[a])
        if turn < 0:  # pragma: no cover - would contradict the hull's construction
            raise AssertionError(f"point {(tps[i], fps[i])} lies above the ROC hull")
        (on if turn == 0 else below).append(point)
    return HullPoints(tuple(points[i] for i in keep), tuple(on), tuple(below))


def points_below_hull(curve: Curve) -> tuple[ConfusionMatrix, ...]:
    """The points of the curve strictly under its ROC convex hull, in curve order.

    These are the points the achievable PR curve excludes (Corollary 3.1).
    O(number of thresholds).

    >>> worse_than_random = Curve.from_scores([3, 2, 1], [0, 0, 1])
    >>> [(p.tp, p.fp) for p in points_below_hull(worse_than_random)]
    [(0, 1), (0, 2)]
    """
    return hull_points(curve).below


def check_convex(hull: Curve) -> None:
    """Raise :class:`InvalidInputError` unless the curve is an upper convex hull.

    The invariants: a valid curve (its own ``_check``) with P, N > 0, every
    turn a strict right turn (no collinear vertex), and the first edge leaving
    (0, 0) with TP > 0 (a concave chain from (0, 0) to (N, P) then never goes
    below the chord).  Used by the tests after every hull construction.
    """
    hull._check()
    hull.require_both_classes("a ROC hull")
    tps, fps = hull.tps, hull.fps
    if tps[1] == 0:
        raise InvalidInputError("a ROC hull leaves (0, 0) upwards (its first edge has TP > 0)")
    for i in range(2, len(tps)):
        step = (tps[i - 1] - tps[i - 2], fps[i - 1] - fps[i - 2])
        if cross(*step, tps[i] - tps[i - 2], fps[i] - fps[i - 2]) <= 0:
            raise InvalidInputError(
                f"not a convex hull: {tps[i - 2], fps[i - 2]} -> {tps[i - 1], fps[i - 1]} -> "
                f"{tps[i], fps[i]} (as (TP, FP)) is not a strict right turn in ROC space"
            )
