"""Counts at thresholds from numpy arrays: the vectorised half of :mod:`rocpr_exact.core.counts`.

The same pipeline (sort, tie groups, cumulative counts, the Section 3 "paper thresholds"
filter, the corner rule) on whole arrays: a sort per class and O(n) int64 passes, no Python
object per example.  The two rules (:func:`~rocpr_exact.core.counts.same_pure_class`,
:func:`~rocpr_exact.core.counts.cross`) are the ones the Python path applies.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from rocpr_exact.core.counts import INT64_CROSS, cross, same_pure_class
from rocpr_exact.core.data import ZERO_WEIGHTS, refuse_masked
from rocpr_exact.core.views import ArrayView
from rocpr_exact.errors import InvalidInputError

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is a dependency
    np = None  # type: ignore[assignment]

__all__ = [
    "as_array",
    "corner_array",
    "curve_arrays",
    "histogram_arrays",
    "histogram_columns",
    "is_numeric_array",
    "rising_array",
]

_EXACT_FLOAT_SIZES = (2, 4, 8)  # float16/32/64 convert to Python floats exactly
#: Counts of a histogram given as columns are summed in int64 below this total.
_INT64_TOTAL = 1 << 62
#: Histograms of fewer rows take the Python path (no gain in converting them).
_MIN_COLUMN_ROWS = 1024


def as_array(values: Any) -> Any:
    """A pandas Series or Index of a plain numeric dtype as its numpy array, else ``values``.

    pandas hands its own numpy array over without a copy for int, uint, bool and float
    dtypes; nullable and object dtypes (``pd.NA``, Decimal, strings) stay as they are and
    take the Python path, which reads them exactly or refuses them.  A sparse array (or a
    Series of one) becomes its dense numpy array.

    >>> as_array([1, 2])
    [1, 2]
    """
    if np is None or not type(values).__module__.startswith("pandas"):
        return values
    dtype = getattr(values, "dtype", None)
    if type(dtype).__name__ == "SparseDtype":  # every value, the fill value included
        return values.to_numpy()
    if not isinstance(dtype, np.dtype) or dtype.kind not in "biuf":
        return values
    return values.to_numpy(copy=False)


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


def check_arrays(scores: Any, labels: Any) -> None:
    """Refuse what :func:`curve_arrays` refuses (masked arrays, no examples, lengths that
    differ, labels outside {0, 1}, NaN scores), in O(n) without sorting."""
    refuse_masked(scores, "scores")
    refuse_masked(labels, "labels")
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


def curve_arrays(
    scores: Any, labels: Any, paper: bool
) -> tuple[ArrayView, ArrayView, ArrayView, Any]:
    """The numpy path of :func:`tie_groups` + :func:`cumulative_counts` + the indices.

    Returns TP and FP at (0, 0) and each kept threshold, the thresholds (strict to loose), the
    indices (in the curve, counting (0, 0) as 0) of its corners (an int64 array).
    Exactness: the sort compares the array's own values (floats by their binary value, as
    Python does); counts are cumulative sums of 0/1 in int64, exact for n < 2**63; thresholds
    become Python numbers on access (``.item()``, exact for the accepted dtypes).  Work: a sort per
    class and a linear merge (:func:`_descending`), then O(n) vectorised passes.
    """
    check_arrays(scores, labels)
    s, positive = _descending(scores, labels)
    tp = np.cumsum(positive, dtype=np.int64)  # exact: at most n < 2**63
    del positive  # each array is freed once used: the peak memory stays near 10 n int64s
    ends = _group_ends(s)
    tps = tp[ends]
    del tp
    fps = ends + 1
    fps -= tps  # examples called positive, less the positives
    ends, tps, fps = _paper_filter(ends, tps, fps, paper)
    cuts = s[ends]
    del s, ends
    _signed_zero(cuts, scores)
    return _points(cuts, tps, fps)


def _descending(scores: Any, labels: Any) -> tuple[Any, Any]:
    """The scores in descending order, and whether each is a positive's (bool), in that order.

    The scores of each class are sorted alone, then the two sorted runs merged by a stable
    argsort (timsort finds the runs: one linear merge).  Measured at 10**7 float64 scores,
    half positive, the whole of :func:`curve_arrays` took 1.0 s against 2.2 s with one argsort
    of the whole array: the two sorts move values, not indices, and the gathers that follow
    read two ordered runs instead of random places.  The order inside a tie group
    is irrelevant (only its counts are used).
    """
    positive = labels if labels.dtype.kind == "b" else labels != 0  # labels are 0/1 (checked)
    count = int(np.count_nonzero(positive))
    runs = np.concatenate((np.sort(scores[positive]), np.sort(scores[~positive])))
    del positive
    order = np.argsort(runs, kind="stable")
    return runs[order][::-1], (order < count)[::-1]


def _signed_zero(cuts: Any, scores: Any) -> None:
    """Write the tie group of 0.0 and -0.0 (one value) as the one given first, in place.

    The Python path keeps the first score of each tie group in input order (a stable sort);
    only the two zeros are equal values that print apart, so only they need the rule.
    """
    if cuts.dtype.kind != "f":
        return
    at = np.flatnonzero(cuts == 0)
    if at.shape[0]:
        cuts[at[0]] = scores[int(np.flatnonzero(scores == 0)[0])]


def _group_ends(s: Any) -> Any:
    """Indices of the last element of each run of equal values of a sorted array."""
    last = np.empty(s.shape[0], dtype=bool)
    np.not_equal(s[1:], s[:-1], out=last[:-1])
    last[-1] = True
    return np.flatnonzero(last)


def _paper_filter(ends: Any, tps: Any, fps: Any, paper: bool) -> tuple[Any, Any, Any]:
    """The groups' ends and counts, less the cuts the paper drops (``paper=True``)."""
    if paper and ends.size > 1:
        pos = np.diff(tps, prepend=0)
        neg = np.diff(fps, prepend=0)
        keep = np.append(~same_pure_class(pos[:-1], neg[:-1], pos[1:], neg[1:]), True)
        ends, tps, fps = ends[keep], tps[keep], fps[keep]
    return ends, tps, fps


def _points(cuts: Any, tps: Any, fps: Any) -> tuple[ArrayView, ArrayView, ArrayView, Any]:
    """The curve's arrays: counts with (0, 0) first, thresholds, corner indices."""
    tps, fps = _with_origin(tps), _with_origin(fps)
    return tps, fps, ArrayView(cuts), corner_array(tps.array, fps.array)


def corner_array(tps: Any, fps: Any) -> Any:
    """:func:`corner_index` of int64 count arrays (with (0, 0) first), as an int64 index array.

    The cross products are at most n**2 < 2**63 for n < 3 * 10**9; larger inputs use Python
    integers (object arrays), so nothing can overflow.  O(n) vectorised.

    >>> corner_array(np.array([0, 1, 2, 2, 2]), np.array([0, 0, 0, 1, 2])).tolist()
    [0, 2, 4]
    """
    n = int(tps[-1] + fps[-1])
    dt, df = np.diff(tps), np.diff(fps)
    step = max(int(dt.max(initial=0)), int(df.max(initial=0)))
    # the narrowest type that holds the cross products: steps below 2^3 give products below
    # 2^6 (int8), below 2^15 products below 2^30 (int32); 10**7 distinct scores: 0.40 s -> 0.06 s
    if step < 1 << 3:
        dtype: Any = np.int8
    elif step < 1 << 15:
        dtype = np.int32
    else:
        dtype = np.int64 if n < INT64_CROSS else object
    dt, df = dt.astype(dtype, copy=False), df.astype(dtype, copy=False)
    inner = np.flatnonzero(cross(dt[:-1], df[:-1], dt[1:], df[1:])) + 1
    out = np.empty(inner.shape[0] + 2, dtype=np.int64)
    out[0], out[-1] = 0, tps.shape[0] - 1
    out[1:-1] = inner
    return out


def rising_array(tps: Any) -> Any:
    """:func:`rising_index` of an int64 count array, as an int64 index array. O(n) vectorised.

    >>> rising_array(np.array([0, 0, 1, 1, 3])).tolist()
    [2, 4]
    """
    return np.flatnonzero(np.diff(tps) > 0) + 1


def histogram_columns(rows: Any) -> tuple[Any, Any, Any] | None:
    """The columns of histogram rows as numpy arrays, or None (the Python path reads them).

    A tuple of three numpy arrays ``(scores, positives, negatives)`` is taken as the
    columns (checked: :class:`InvalidInputError` if they are not a histogram).  Rows are
    taken only when plain: a list or tuple of at least ``_MIN_COLUMN_ROWS`` rows, each a
    3-tuple, scores all ``float`` or all ``int`` (int64), counts all non-negative ``int``
    (no bool) with 2 k max(count) below 2^62, no NaN score.  Anything else, including every input
    the Python path refuses, returns None, so refusals keep their messages.  O(k).

    >>> histogram_columns([(0.5, 1, 0)]) is None   # too few rows to gain anything
    True
    """
    if np is None or not isinstance(rows, list | tuple):
        return None
    if isinstance(rows, tuple) and len(rows) == 3 and all(isinstance(c, np.ndarray) for c in rows):
        return _numpy_columns(*rows)
    if len(rows) < _MIN_COLUMN_ROWS:
        return None
    if set(map(type, rows)) != {tuple} or set(map(len, rows)) != {3}:
        return None
    scores, positives, negatives = (list(map(itemgetter(j), rows)) for j in range(3))
    kinds = set(map(type, scores))
    if kinds not in ({float}, {int}) or set(map(type, positives + negatives)) != {int}:
        return None
    try:
        columns = [np.array(values, dtype=np.int64) for values in (positives, negatives)]
        s = np.array(scores, dtype=np.float64 if kinds == {float} else np.int64)
    except OverflowError:
        return None
    pos, neg = columns
    if int(pos.min()) < 0 or int(neg.min()) < 0 or (s.dtype.kind == "f" and np.isnan(s).any()):
        return None
    top = max(int(pos.max()), int(neg.max()))
    if top == 0 or top * 2 * len(rows) >= _INT64_TOTAL:  # no examples, or sums near 2^63
        return None
    return s, pos, neg


def _numpy_columns(scores: Any, positives: Any, negatives: Any) -> tuple[Any, Any, Any]:
    """Three numpy columns (scores, positives, negatives), checked; InvalidInputError if bad."""
    if not is_numeric_array(scores) or scores.dtype.kind == "b":
        raise InvalidInputError(
            "histogram columns: scores must be a 1-d numpy array of ints or floats"
        )
    for name, column in (("positives", positives), ("negatives", negatives)):
        if column.ndim != 1 or column.dtype.kind not in "iu" or column.shape != scores.shape:
            raise InvalidInputError(
                f"histogram columns: {name} must be a 1-d int array as long as the scores"
            )
        if column.size and int(column.min()) < 0:
            raise InvalidInputError(f"histogram columns: {name} must be non-negative")
        if column.size and int(column.max()) * 2 * column.shape[0] >= _INT64_TOTAL:
            raise InvalidInputError(f"histogram columns: {name} too large for int64 sums")
    if scores.dtype.kind == "f" and np.isnan(scores).any():
        i = int(np.flatnonzero(np.isnan(scores))[0])
        raise InvalidInputError(f"histogram columns: score at index {i} is NaN")
    if scores.size == 0:
        raise InvalidInputError("the histogram holds no examples")
    if int(positives.sum()) + int(negatives.sum()) == 0:  # rows, each of count (weight) 0
        raise InvalidInputError(ZERO_WEIGHTS)
    return scores, positives.astype(np.int64), negatives.astype(np.int64)


def histogram_arrays(
    scores: Any, positives: Any, negatives: Any, paper: bool
) -> tuple[ArrayView, ArrayView, ArrayView, Any]:
    """:func:`curve_arrays` of a histogram given as columns (:func:`histogram_columns`).

    Rows may come in any order and repeat a score (their counts add); a group without
    examples adds no point.  One argsort and O(k) int64 passes for k rows.

    >>> tps, fps, cuts, _ = histogram_arrays(
    ...     np.array([0.2, 0.9, 0.2]), np.array([1, 2, 0]), np.array([3, 0, 1]), False)
    >>> tps, fps, cuts
    ((0, 2, 3), (0, 0, 4), (0.9, 0.2))
    """
    order = np.argsort(scores)[::-1]
    s = scores[order]
    tp = np.cumsum(positives[order], dtype=np.int64)
    fp = np.cumsum(negatives[order], dtype=np.int64)
    ends = _group_ends(s)
    tps, fps = tp[ends], fp[ends]
    grew = np.diff(tps + fps, prepend=0) > 0  # drop the groups without examples
    ends, tps, fps = _paper_filter(ends[grew], tps[grew], fps[grew], paper)
    return _points(s[ends], tps, fps)
