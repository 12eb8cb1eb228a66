"""Vectorised construction of a curve from numpy arrays (one sort, integer cumulative counts).

Used by :meth:`Curve.from_scores` when scores and labels are numpy arrays of a
numeric dtype.  Exactness: the sort compares the array's own values (floats by
their binary value, as Python does); counts are cumulative sums of 0/1 in int64,
exact for any array that fits in memory (n < 2**63); the thresholds are turned
into Python numbers on access (``.item()``), which is exact for every dtype
accepted here (float16/32/64 and integers up to 64 bits).  Work: one O(n log n)
argsort, then O(n) vectorised passes; the points stay in int64 arrays behind
read-only views (:class:`ArrayView`), and Python objects are created only for
the corners and the steps that add positives.
"""

from __future__ import annotations

from typing import Any

from rocpr_exact.core.views import ArrayView
from rocpr_exact.errors import InvalidInputError

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is optional
    np = None  # type: ignore[assignment]

__all__ = ["curve_arrays", "is_numeric_array"]

_EXACT_FLOAT_SIZES = (2, 4, 8)  # float16/32/64 convert to Python floats exactly
#: Below this many examples, products of two counts fit in int64 (n**2 < 2**63).
_INT64_SAFE = 3_000_000_000


def is_numeric_array(values: Any) -> bool:
    """True for a 1-d numpy array whose values ``tolist()`` converts exactly."""
    if np is None or not isinstance(values, np.ndarray) or values.ndim != 1:
        return False
    kind = values.dtype.kind
    return kind in "biu" or (kind == "f" and values.dtype.itemsize in _EXACT_FLOAT_SIZES)


def _check_labels(labels: Any, n: int) -> None:
    if labels.shape[0] != n:
        raise InvalidInputError(
            f"scores and labels differ in length ({n} vs {labels.shape[0]}); "
            "give exactly one label per score"
        )
    if labels.dtype.kind == "b":
        return
    bad = (labels != 0) & (labels != 1)  # NaN labels are caught here too
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise InvalidInputError(
            f"label at index {i} is {labels[i].item()!r}; labels must be 0/1 or False/True "
            "(1 = positive, 0 = negative)"
        )


def _with_origin(values: Any) -> ArrayView:
    """A read-only view of [0, values...] (the curve's point (0, 0) first)."""
    out = np.empty(values.shape[0] + 1, dtype=values.dtype)
    out[0] = 0
    out[1:] = values
    return ArrayView(out)


def curve_arrays(
    scores: Any, labels: Any, paper: bool
) -> tuple[ArrayView, ArrayView, ArrayView, list[int], list[int]]:
    """TP and FP at (0, 0) and each kept threshold, the thresholds, strict to loose,
    and the indices (in the curve, counting (0, 0) as 0) of its corners and rising steps.
    """
    n = scores.shape[0]
    if n == 0:
        raise InvalidInputError("the dataset is empty; give at least one (score, label) pair")
    _check_labels(labels, n)
    if scores.dtype.kind == "f" and np.isnan(scores).any():
        raise InvalidInputError(
            f"score at index {int(np.flatnonzero(np.isnan(scores))[0])} is NaN; NaN has no "
            "place in a ranking: remove the example or give it a real score "
            "(infinities are allowed)"
        )
    order = np.argsort(scores)[::-1]  # descending; order inside a tie group is irrelevant
    s = scores[order]
    tp = np.cumsum(labels[order], dtype=np.int64)  # exact: at most n < 2**63
    last = np.empty(n, dtype=bool)  # last example of each tie group
    np.not_equal(s[1:], s[:-1], out=last[:-1])
    last[-1] = True
    ends = np.flatnonzero(last)
    tps = tp[ends]
    fps = ends + 1 - tps  # examples called positive, less the positives
    if paper and ends.size > 1:
        pos = np.diff(tps, prepend=0)
        neg = np.diff(fps, prepend=0)
        # Section 3: drop the cut between two pure groups of the same class.
        same = ((neg[:-1] == 0) & (neg[1:] == 0)) | ((pos[:-1] == 0) & (pos[1:] == 0))
        keep = np.append(~same, True)
        ends, tps, fps = ends[keep], tps[keep], fps[keep]
    corners, rising = _indices(tps, fps)
    return _with_origin(tps), _with_origin(fps), ArrayView(s[ends]), corners, rising


def _indices(tps: Any, fps: Any) -> tuple[list[int], list[int]]:
    """Corner and rising-step indices of the curve (0, 0), (tps[0], fps[0]), ...

    Point i is a corner when the steps into and out of it are not parallel:
    dTP_i dFP_{i+1} != dTP_{i+1} dFP_i.  These cross products are at most
    n**2 < 2**63 for n < 3 * 10**9; larger inputs use Python integers (object
    arrays), so nothing can overflow.
    """
    n = int(tps[-1] + fps[-1])
    dtype = np.int64 if n < _INT64_SAFE else object
    dt = np.diff(tps, prepend=0).astype(dtype, copy=False)
    df = np.diff(fps, prepend=0).astype(dtype, copy=False)
    cross = dt[:-1] * df[1:]
    cross -= dt[1:] * df[:-1]
    inner = np.flatnonzero(cross) + 1
    corners = [0, *inner.tolist(), dt.shape[0]]
    rising = (np.flatnonzero(dt > 0) + 1).tolist()
    return corners, rising
