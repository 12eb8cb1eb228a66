"""What a figure of the paper's kind shows, computed exactly (Figures 5 and 6).

The PR curve is sampled from its exact hyperbolic segments (:func:`pr_samples`); the straight
lines between the hull's PR points are the interpolation the paper calls a mistake (Section 4,
:func:`straight_line_points`); which drawn lines coincide is decided from the exact data, so
that a legend names each visible line once (:func:`roc_lines`, :func:`pr_lines`).  No floats
here: :mod:`rocpr_exact.output.plot` converts these exact points only to draw them.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from typing import Any

from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError

__all__ = [
    "RESOLUTION",
    "LineKey",
    "PrPoint",
    "hull_segments_are_flat",
    "legend_label",
    "pr_lines",
    "pr_samples",
    "roc_lines",
    "straight_line_at",
    "straight_line_points",
]


#: Default number of steps of the recall grid and of the precision grid.
RESOLUTION = 400

PrPoint = tuple[Fraction, Fraction]


def pr_samples(curve: Curve, resolution: int = RESOLUTION) -> list[PrPoint]:
    """Exact (recall, precision) samples along the PR curve, in drawing order.

    The recall-0 start (limit convention), every vertex (both ends of a
    vertical drop), and inside each rising segment the points at recall
    j/resolution and at precision j/resolution (t = c p / (1 - k p) on the
    segment's hyperbola p = t/(k t + c)), so steep and flat parts are both
    smooth.  O(n + resolution (1 + total variation of precision)) samples.

    >>> c = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    >>> [(str(r), str(p)) for r, p in pr_samples(c, resolution=5)][:6]
    [('0', '1/2'), ('1/5', '1/2'), ('1/4', '1/2'), ('2/7', '2/5'), ('2/5', '2/7'), ('1/2', '1/4')]

    (Table 1's segment (5, 5) -> (10, 30): precision 2/5 at TP = 40/7, FP = 60/7;
    recall 2/5 at TP = 8, FP = 20.)
    """
    if resolution < 1:
        raise InvalidInputError(f"resolution must be >= 1, got {resolution}")
    p = curve.positives
    samples: list[PrPoint] = [(Fraction(0), curve.precision_at(0))]
    for seg in curve.segments():
        if seg.tp_b == 0:  # (0, FP) -> (0, FP'): stays at the recall-0 point
            continue
        if not seg.is_vertical:
            start, end = samples[-1][1], Fraction(seg.tp_b, seg.tp_b + seg.fp_b)
            inner = {
                Fraction(j * p, resolution)
                for j in range(seg.tp_a * resolution // p + 1, -(-seg.tp_b * resolution // p))
            }
            if seg.c != 0:
                low, high = sorted((start, end))
                for j in range(int(low * resolution) + 1, -(-high * resolution // 1)):
                    level = Fraction(j, resolution)
                    inner.add(seg.c * level / (1 - seg.k * level))
            samples += [(t / p, seg.precision_at_tp(t)) for t in sorted(inner)]
        samples.append((Fraction(seg.tp_b, p), Fraction(seg.tp_b, seg.tp_b + seg.fp_b)))
    return samples


def straight_line_points(curve: Curve) -> list[PrPoint]:
    """The curve's PR points to be joined by straight lines (Section 4's mistake).

    The recall-0 start, then every point with TP > 0.

    >>> c = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    >>> [(str(r), str(p)) for r, p in straight_line_points(c)]
    [('0', '1/2'), ('1/4', '1/2'), ('1/2', '1/4'), ('1', '1/101')]
    """
    return [(Fraction(0), curve.precision_at(0))] + [
        (point.recall, point.precision) for point in curve.points if point.tp > 0
    ]


def straight_line_at(points: list[PrPoint], recall: Fraction) -> Fraction:
    """The exact height at ``recall`` of the polyline through ``points`` (upper value at a drop).

    >>> line = [(Fraction(0), Fraction(1)), (Fraction(1), Fraction(1, 2))]
    >>> straight_line_at(line, Fraction(1, 2))
    Fraction(3, 4)
    """
    for (r_a, p_a), (r_b, p_b) in pairwise(points):
        if r_a == recall:
            return p_a
        if r_a < recall < r_b:
            return p_a + (p_b - p_a) * (recall - r_a) / (r_b - r_a)
    if points[-1][0] == recall:
        return points[-1][1]
    raise InvalidInputError(f"recall {recall} lies outside the polyline")


def hull_segments_are_flat(hull: Curve) -> bool:
    """True when the straight lines between the hull's PR points are the achievable curve.

    On a rising segment precision is t / (k t + c): a straight line in recall
    exactly when c = 0 (constant precision; the segment lies on a ray from the
    ROC origin in count space), and a strictly convex or concave hyperbola
    otherwise.  A vertical drop is straight in both drawings.

    >>> hull_segments_are_flat(Curve.from_counts([(2, 0), (4, 2)], positives=4, negatives=4))
    False
    >>> hull_segments_are_flat(Curve.from_counts([(2, 2)], positives=4, negatives=4))
    True
    """
    return all(seg.c == 0 for seg in hull.segments() if not seg.is_vertical)


#: Identifies a drawn line exactly: equal keys draw the same set of points.
LineKey = tuple[Any, ...]


def _polyline_key(curve: Curve) -> LineKey:
    """The ROC polyline through the corners in count space; since Theorem 3.1 maps
    ROC points one-to-one to PR points with TP > 0, equal keys also mean equal PR curves."""
    corners = curve.corners()
    return ("polyline", len(corners.tps), corners.tps, corners.fps)  # lengths compare first


def roc_lines(curve: Curve, hull: Curve) -> list[list[str]]:
    """The distinct lines of the ROC panel, each the list of names it stands for.

    Drawn lines, in legend order: the ROC curve, its convex hull and the random
    diagonal.  Two are one line when their polylines through their corners are
    equal (exact integer comparison): the ROC curve is its hull when no point lies
    strictly below the hull, and the hull is the diagonal when it has no vertex
    but (0, 0) and (P, N).

    >>> from rocpr_exact.geometry.achievable import achievable_pr_curve
    >>> c = Curve.from_scores([3, 2, 1], [1, 0, 1])
    >>> roc_lines(c, achievable_pr_curve(c))
    [['ROC curve'], ['convex hull'], ['random']]
    >>> c = Curve.from_scores([1, 1], [0, 1])        # one tie group: the diagonal itself
    >>> roc_lines(c, achievable_pr_curve(c))
    [['ROC curve', 'convex hull', 'random']]
    >>> c = Curve.from_scores([2, 1], [0, 1])        # the negative first: under the hull
    >>> roc_lines(c, achievable_pr_curve(c))
    [['ROC curve'], ['convex hull', 'random']]
    """
    diagonal = ("polyline", 2, (0, curve.positives), (0, curve.negatives))
    return _group(
        [
            ("ROC curve", _polyline_key(curve)),
            ("convex hull", _polyline_key(hull)),
            ("random", diagonal),
        ]
    )


def pr_lines(curve: Curve, hull: Curve) -> list[list[str]]:
    """The distinct lines of the PR panel, each the list of names it stands for.

    Drawn lines, in legend order: the PR curve, the achievable PR curve (the PR
    image of the hull, Corollary 3.1) and the straight lines between the hull's
    PR points (Section 4).  The PR curve is the achievable one when their ROC
    polylines are equal; the straight lines are the achievable curve when
    :func:`hull_segments_are_flat`.  The straight lines are never the PR curve
    alone: a point below the hull is strictly below the achievable curve, which
    is on or under the straight lines.

    >>> from rocpr_exact.geometry.achievable import achievable_pr_curve
    >>> c = Curve.from_counts([(9, 0)], positives=433, negatives=56164)      # Figure 6
    >>> pr_lines(c, achievable_pr_curve(c))
    [['PR curve', 'achievable PR curve'], ['straight lines (wrong)']]
    """
    hull_key = _polyline_key(hull)
    straight = hull_key if hull_segments_are_flat(hull) else ("straight lines",)
    return _group(
        [
            ("PR curve", _polyline_key(curve)),
            ("achievable PR curve", hull_key),
            ("straight lines (wrong)", straight),
        ]
    )


def _group(lines: list[tuple[str, LineKey]]) -> list[list[str]]:
    """Names grouped by equal key, groups and names in order of first appearance."""
    groups: list[tuple[LineKey, list[str]]] = []
    for name, key in lines:  # compared, not hashed: a key of 10^7 counts hashes slowly
        found = next((names for other, names in groups if other == key), None)
        if found is None:
            groups.append((key, [name]))
        else:
            found.append(name)
    return [names for _, names in groups]


def legend_label(names: list[str]) -> str:
    """One legend entry for lines that coincide: ``"PR curve = achievable PR curve"``.

    A straight-line interpolation that coincides with the achievable curve is
    not wrong there, so it loses its "(wrong)".
    """
    if len(names) > 1:
        names = [name.removesuffix(" (wrong)") for name in names]
    return " = ".join(names)
