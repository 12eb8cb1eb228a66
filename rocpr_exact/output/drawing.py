"""What a curve of millions of points looks like at a given resolution (numpy, display only).

A figure has a few thousand pixel columns; a curve may have 10^7 points.  Drawing every
point costs minutes and hides the lines under a blob of markers, so the raw curves are
reduced to what the pixels can show:

* coordinates: each rate is a ratio of integer counts, converted to the nearest double
  (numpy's division of two integers below 2^53 is correctly rounded: the same double as
  ``float(Fraction(tp, p))``); counts of 2^53 or more are converted exactly one by one;
* a path (the ROC curve, the PR curve) is thinned per pixel column (:func:`thin_path`): of
  the points in one column, the first, the lowest, the highest and the last are kept, in
  their order (the M4 reduction of Jugel et al., VLDB 2014): the line drawn through them
  covers the same pixels as the line through them all;
* markers are thinned when drawn, to one per device pixel
  (:mod:`rocpr_exact.output.panels`);
* the PR image of a ROC segment is a hyperbola (Theorem 3.1); a segment that spans more
  than half a pixel is sampled on its hyperbola every half pixel (:func:`pr_path`).

The exact geometry (the hull, the achievable PR curve, the straight lines) comes from
:mod:`rocpr_exact.output.figure`; this module only turns counts into floats for drawing
(``tests/contract/test_no_float.py`` lists it as a display module).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from rocpr_exact.core.curve import Curve
from rocpr_exact.core.views import int64_array

__all__ = ["counts", "on_hull", "pr_path", "ratios", "roc_path", "thin_path"]

#: Counts below this are exact in a double, so their ratio is correctly rounded by numpy.
_EXACT_DOUBLE = 1 << 53


def counts(values: Any) -> Any:
    """Counts as an int64 array, or an object array of Python ints (2^62 or more)."""
    array = int64_array(values)
    return np.array(list(values), dtype=object) if array is None else array


def ratios(numerators: Any, denominators: Any) -> Any:
    """``numerators / denominators`` as the nearest doubles (0/0 is nan).

    >>> ratios(np.array([1, 2]), np.array([3, 3])).tolist() == [1 / 3, 2 / 3]
    True
    """
    top, bottom = (
        np.asarray(numerators),
        np.broadcast_to(np.asarray(denominators), np.shape(numerators)),
    )
    if top.dtype != object and (top.size == 0 or int(np.max(bottom)) < _EXACT_DOUBLE):
        with np.errstate(invalid="ignore", divide="ignore"):
            return top.astype(np.float64) / bottom.astype(np.float64)
    return np.array(
        [
            float(Fraction(int(a), int(b))) if b else float("nan")
            for a, b in zip(top, bottom, strict=True)
        ]
    )


def thin_path(x: Any, y: Any, columns: int) -> Any:
    """The indices of the points of a path kept at ``columns`` pixel columns over x in [0, 1].

    ``x`` must be non-decreasing (recall and FPR are, along a curve).  In each column: the
    first, the lowest, the highest and the last point, in path order.

    >>> thin_path(np.array([0, .1, .2, .3, .9]), np.array([0, 5, -1, 2, 0]), 2).tolist()
    [0, 1, 2, 3, 4]
    >>> thin_path(np.linspace(0, 0.4, 100), np.linspace(0, 1, 100), 2).tolist()
    [0, 99]
    """
    count = x.shape[0]
    if count <= 4:
        return np.arange(count)
    column = np.minimum((np.nan_to_num(x) * columns).astype(np.int64), columns - 1)
    starts = np.flatnonzero(np.diff(column)) + 1
    starts = np.concatenate(([0], starts))
    ends = np.concatenate((starts[1:], [count])) - 1
    index = np.arange(count)
    low = np.minimum.reduceat(y, starts)
    high = np.maximum.reduceat(y, starts)
    size = np.diff(np.concatenate((starts, [count])))
    lowest = np.minimum.reduceat(np.where(y == np.repeat(low, size), index, count), starts)
    highest = np.minimum.reduceat(np.where(y == np.repeat(high, size), index, count), starts)
    kept = np.unique(np.concatenate((starts, ends, lowest, highest)))
    return kept[kept < count]


def roc_path(curve: Curve) -> tuple[Any, Any]:
    """(FPR, TPR) of the curve's corners, as doubles (the ROC polyline)."""
    corners = curve.corners()
    return (
        ratios(counts(corners.fps), curve.negatives),
        ratios(counts(corners.tps), curve.positives),
    )


def on_hull(curve: Curve, hull: Curve) -> tuple[Any, Any, Any]:
    """(FPR, TPR, on the hull?) of every point of the curve, decided in integers.

    The ROC hull is concave from (0, 0) to (P, N): a point with FP = 0 is on its first
    (vertical) edge; any other lies on the hull when it is on the line of the hull edge above
    its FP (a zero cross product).
    """
    tps, fps = counts(curve.tps), counts(curve.fps)
    hull_tps, hull_fps = counts(hull.tps), counts(hull.fps)
    wide = max(curve.positives, curve.negatives) >= 1 << 31  # products would overflow int64
    if wide:
        tps, fps = tps.astype(object), fps.astype(object)
        hull_tps, hull_fps = hull_tps.astype(object), hull_fps.astype(object)
    edge = np.clip(np.searchsorted(hull_fps, fps, side="left") - 1, 0, len(hull_fps) - 2)
    t_a, f_a = hull_tps[edge], hull_fps[edge]
    t_b, f_b = hull_tps[edge + 1], hull_fps[edge + 1]
    cross = (tps - t_a) * (f_b - f_a) - (t_b - t_a) * (fps - f_a)
    kept = (fps == 0) | (cross == 0)
    return ratios(fps, curve.negatives), ratios(tps, curve.positives), np.asarray(kept, dtype=bool)


def pr_path(curve: Curve, start: Fraction, columns: int, rows: int) -> tuple[Any, Any]:
    """(recall, precision) along the PR curve as doubles: the recall-0 start ``start`` (the
    exact limit, :meth:`Curve.precision_at`), every corner with TP > 0, and points on each
    segment's hyperbola every half pixel where a segment spans more than half a pixel."""
    corners = curve.corners()
    tps, fps = counts(corners.tps), counts(corners.fps)
    p = curve.positives
    first = int(np.argmax(tps > 0)) if tps.shape[0] else 0
    tps, fps = tps[max(first - 1, 0) :], fps[max(first - 1, 0) :]  # from the last TP = 0
    recall = ratios(tps, p)
    precision = ratios(tps, tps + fps)
    precision[0] = float(start) if tps.shape[0] and tps[0] == 0 else precision[0]
    if tps.shape[0] < 2:
        return recall, precision
    span = np.maximum(np.abs(np.diff(recall)) * columns, np.abs(np.diff(precision)) * rows)
    rising = tps[1:] != tps[:-1]
    steps = np.where(rising, np.ceil(np.nan_to_num(span) * 2), 1).astype(np.int64)
    long = np.flatnonzero(steps > 1)  # segments sampled inside, on their hyperbola
    if long.shape[0] == 0:
        return recall, precision
    inner = steps[long] - 1  # samples inside each long segment
    segment = np.repeat(long, inner)
    k = np.arange(segment.shape[0]) - np.repeat(np.cumsum(inner) - inner, inner) + 1
    s = k / np.repeat(steps[long], inner)
    t_a, f_a = tps[segment].astype(np.float64), fps[segment].astype(np.float64)
    tp = t_a + s * (tps[segment + 1].astype(np.float64) - t_a)
    fp = f_a + s * (fps[segment + 1].astype(np.float64) - f_a)
    at = segment + 1  # inside segment j: between corners j and j + 1
    return np.insert(recall, at, tp / p), np.insert(precision, at, tp / (tp + fp))
