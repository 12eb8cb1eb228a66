"""The ``numpy`` engine: in-process arrays reduced to an exact histogram.

Arrays of a numeric dtype go through the vectorised path of
:meth:`Curve.from_scores` (one sort, int64 cumulative counts: exact for any
array that fits in memory) and the histogram is read off the curve's points;
other sequences go through the pure-Python path.  Weights, when given, must be
non-negative integers; they are summed per tie group in Python ints.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rocpr_exact.core.curve import Curve
from rocpr_exact.core.data import check_lengths, normalize_labels, normalize_scores
from rocpr_exact.engines.histogram import Histogram
from rocpr_exact.errors import InvalidInputError

__all__ = ["array_histogram", "curve_histogram"]


def curve_histogram(curve: Curve) -> Histogram:
    """The histogram of a curve built from scores with ``thresholds="all"`` (a point per score)."""
    cuts = curve.thresholds
    if cuts is None:
        raise InvalidInputError("a histogram needs the scores of the curve's thresholds")
    tps, fps = list(curve.tps), list(curve.fps)
    return Histogram(
        tuple((cuts[i], tps[i + 1] - tps[i], fps[i + 1] - fps[i]) for i in range(len(tps) - 1))
    )


def array_histogram(scores: Any, labels: Any, weights: Sequence[Any] | None = None) -> Histogram:
    """The exact histogram of in-process scores and labels (numpy arrays or sequences).

    >>> array_histogram([0.5, 0.25, 0.5], [1, 0, 0]).groups
    ((0.5, 1, 1), (0.25, 0, 1))
    >>> array_histogram([2, 1], [1, 0], weights=[3, 4]).groups
    ((2, 3, 0), (1, 0, 4))
    """
    if weights is None:
        return curve_histogram(Curve.from_scores(scores, labels))
    xs, ys = normalize_scores(scores), normalize_labels(labels)
    ws = list(weights.tolist() if hasattr(weights, "tolist") else weights)
    check_lengths(xs, ys)
    if len(ws) != len(xs):
        raise InvalidInputError(
            f"scores and weights differ in length ({len(xs)} vs {len(ws)}); "
            "give exactly one weight per score"
        )
    merged: dict[Any, list[int]] = {}
    for i, (x, y, w) in enumerate(zip(xs, ys, ws, strict=True)):
        if isinstance(w, bool) or not isinstance(w, int) or w < 0:
            raise InvalidInputError(
                f"weight at index {i} is {w!r}; a weight is a non-negative integer count"
            )
        merged.setdefault(x, [0, 0])[1 - y] += w
    groups = sorted(
        ((x, pos, neg) for x, (pos, neg) in merged.items() if pos + neg),
        key=lambda g: g[0],
        reverse=True,
    )
    if not groups:
        raise InvalidInputError("every weight is 0: the dataset holds no examples")
    return Histogram(tuple(groups))
