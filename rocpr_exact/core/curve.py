"""Curves from scored data or from counts (Davis & Goadrich 2006, Section 3).

A curve is the sequence of confusion matrices of the classifiers
"positive iff score >= t", one for each distinct score t, from the strictest
threshold to the loosest, preceded by (TP, FP) = (0, 0) and ending at (P, N).
Tied scores form one threshold: a tie group with a positives and b negatives is
one diagonal ROC segment, the expected performance under random tie-breaking.

``thresholds="paper"`` keeps the subset of Section 3: a threshold only where the
class changes between distinct scores.  It drops exactly the points that lie
between two pure tie groups of the same class, i.e. interior points of a
straight ROC run, so the ROC polyline, its PR image, AUC-ROC and the
``davis-goadrich`` and ``continuous`` areas are unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rocpr_exact.core import arraycounts, counts
from rocpr_exact.core.confusion import ConfusionMatrix
from rocpr_exact.core.data import Score, weighted_rows
from rocpr_exact.core.reading import CurveReading
from rocpr_exact.core.views import ArrayView, MappedView, int64_array, take
from rocpr_exact.errors import InvalidInputError, WrongTypeError

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is a dependency; array views need it anyway
    np = None  # type: ignore[assignment]

__all__ = ["Curve", "require_curve"]

Thresholds = Literal["all", "paper"]
Values = Iterable[Any]
Weights = Iterable[Any] | None


@dataclass(frozen=True, slots=True)
class Curve(CurveReading):
    """An exact ROC/PR curve: TP and FP counts at each threshold, strict to loose.

    ``tps[i]`` and ``fps[i]`` are the counts of point ``i``; point 0 is (0, 0) and
    the last point is (P, N).  Both sequences are non-decreasing and no two
    consecutive points are equal.  ``thresholds[i]`` is the score cut-off of point
    ``i + 1`` when the curve comes from scores (``None`` for counts).  Equality
    compares P, N and the points, not the thresholds.  The sequences are tuples,
    or for numpy input read-only views over int64 arrays that compare equal to
    (and hash like) the same tuples, so that a curve of 10**7 thresholds does
    not need 3 * 10**7 Python objects.

    >>> c = Curve.from_scores([0.9, 0.8, 0.8, 0.3], [1, 1, 0, 0])
    >>> [(p.tp, p.fp) for p in c.points]
    [(0, 0), (1, 0), (2, 1), (2, 2)]
    >>> c.thresholds
    (0.9, 0.8, 0.3)
    """

    positives: int
    negatives: int
    tps: Sequence[int]
    fps: Sequence[int]
    thresholds: Sequence[Score] | None = field(default=None, compare=False)
    # Caches (not part of the value): indices of the corner points and of the rising steps.
    _corner_index: tuple[int, ...] | None = field(
        default=None, init=False, compare=False, repr=False
    )
    _rising_index: tuple[int, ...] | None = field(
        default=None, init=False, compare=False, repr=False
    )
    _corner_curve: Curve | None = field(default=None, init=False, compare=False, repr=False)
    _arrays: Any = field(default=None, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._check()

    def _check(self) -> None:
        """Raise :class:`InvalidInputError` unless every structural invariant holds."""
        counts.check_points(self.tps, self.fps, self.positives, self.negatives, self.thresholds)

    # -- construction --------------------------------------------------------------------------

    @classmethod
    def from_scores(
        cls, scores: Values, labels: Values, thresholds: Thresholds = "all", weights: Weights = None
    ) -> Curve:
        """The curve of a scored dataset (label 1 = positive).

        ``thresholds="all"``: one point per distinct score.  ``"paper"``: only
        where the class changes between distinct scores (Section 3).
        ``weights``: one exact non-negative weight per example (see ``data.weighted_rows``).

        Raises :class:`InvalidInputError` for NaN scores, labels outside
        {0, 1}, lengths that differ and empty input.  O(n log n).

        >>> Curve.from_scores([3, 2, 1], [0, 1, 1]).tps
        (0, 0, 1, 2)
        >>> Curve.from_scores([3, 2, 1], [0, 1, 1], thresholds="paper").tps
        (0, 0, 2)
        """
        if thresholds not in ("all", "paper"):
            raise InvalidInputError(f"thresholds must be 'all' or 'paper', got {thresholds!r}")
        if weights is not None:
            return cls.from_histogram(weighted_rows(scores, labels, weights), thresholds)
        scores, labels = arraycounts.as_array(scores), arraycounts.as_array(labels)
        if arraycounts.is_numeric_array(scores) and arraycounts.is_numeric_array(labels):
            paper = thresholds == "paper"
            tps, fps, cuts, corners = arraycounts.curve_arrays(scores, labels, paper)
            return cls.from_trusted_counts(tps, fps, cuts, corners)
        return cls.from_groups(counts.tie_groups(scores, labels), thresholds)

    @classmethod
    def from_trusted_counts(
        cls,
        tps: Sequence[int],
        fps: Sequence[int],
        cuts: Sequence[Score] | None,
        corners: Any = None,
    ) -> Curve:
        """A curve from cumulative counts that are correct by construction (no O(n) check).

        Only for counts built as cumulative sums over sorted tie groups, which
        start at (0, 0), strictly advance and end at (P, N).  ``corners``: the
        corner indices as an int64 numpy array, or None.  Tests call ``_check()``.
        """
        curve = object.__new__(cls)
        for name, value in (
            ("positives", tps[-1]),
            ("negatives", fps[-1]),
            ("tps", tps),
            ("fps", fps),
            ("thresholds", cuts),
            ("_corner_index", None),
            ("_rising_index", None),
            ("_corner_curve", None),
            ("_arrays", None if corners is None else _Arrays(tps.array, fps.array, corners)),  # type: ignore[attr-defined]
        ):
            object.__setattr__(curve, name, value)
        return curve

    @classmethod
    def from_histogram(
        cls, rows: Iterable[tuple[Any, int, int]], thresholds: Thresholds = "all"
    ) -> Curve:
        """The curve of pre-aggregated counts: rows of (score, positives, negatives).

        This is what ``SELECT score, SUM(label), COUNT(*) - SUM(label) ... GROUP BY
        score`` returns in any SQL engine, so data that lives in a database or a
        cluster can be reduced there and analysed exactly here.  Rows may come in
        any order and a score may repeat (its counts are added); a row with no
        examples adds nothing.  O(k log k) for k rows.

        >>> Curve.from_histogram([(0.2, 1, 3), (0.9, 2, 0), (0.2, 0, 1)]).fps
        (0, 0, 4)

        Three numpy arrays are the columns (scores, positives, negatives), read in
        one vectorised pass, as are plain rows of Python floats or ints.
        """
        columns = arraycounts.histogram_columns(rows)
        if columns is not None:  # plain numbers: vectorised
            paper = thresholds == "paper"
            return cls.from_trusted_counts(*arraycounts.histogram_arrays(*columns, paper))
        return cls.from_groups(counts.histogram_groups(rows), thresholds)

    @classmethod
    def from_groups(
        cls, groups: Sequence[tuple[Score, int, int]], thresholds: Thresholds = "all"
    ) -> Curve:
        """The curve of tie groups (score, positives, negatives), highest score first."""
        tps, fps, cuts = counts.cumulative_counts(groups, paper=thresholds == "paper")
        return cls(tps[-1], fps[-1], tps, fps, cuts)

    @classmethod
    def from_counts(
        cls,
        points: Iterable[ConfusionMatrix | tuple[int, int]],
        positives: int,
        negatives: int,
    ) -> Curve:
        """The curve through given operating points, as (TP, FP) pairs or confusion matrices.

        The points are sorted; (0, 0) and (P, N) are added when missing and
        repeated points are kept once.  The points must form a chain (TP and FP
        both non-decreasing), as the thresholds of one ranking do.

        >>> Curve.from_counts([(10, 30), (5, 5)], positives=20, negatives=2000).tps
        (0, 5, 10, 20)
        """
        tps, fps = counts.chain_of_points(points, positives, negatives)
        return cls(positives, negatives, tps, fps)

    # -- views ---------------------------------------------------------------------------------

    @property
    def points(self) -> tuple[ConfusionMatrix, ...]:
        """The confusion matrices, strictest threshold first. O(number of points)."""
        p, n = self.positives, self.negatives
        return tuple(
            ConfusionMatrix(tp, fp, p - tp, n - fp)
            for tp, fp in zip(self.tps, self.fps, strict=True)
        )

    def __len__(self) -> int:
        return len(self.tps)

    def corner_index(self) -> tuple[int, ...]:
        """Indices of the corners: the points where the ROC polyline changes direction.

        Always includes the first and the last point.  A point strictly inside a
        straight run (the steps before and after it are parallel) is not a
        corner.  Dropping such points changes neither the ROC polyline nor its
        PR image, so AUC-ROC, ``davis-goadrich`` and ``continuous`` areas and the
        hull are computed on the corners.  O(n) once, then cached.
        """
        if self._corner_index is None:
            array = corner_array(self)
            index = counts.corner_index(self.tps, self.fps) if array is None else array.tolist()
            object.__setattr__(self, "_corner_index", tuple(index))
        assert self._corner_index is not None
        return self._corner_index

    def corners(self) -> Curve:
        """The same curve through its corners only (see :meth:`corner_index`).

        >>> Curve.from_scores([3, 2, 1, 0], [1, 1, 0, 0]).corners().tps
        (0, 2, 2)
        """
        if self._corner_curve is None:
            build = _array_corners if isinstance(self.tps, ArrayView) else _tuple_corners
            object.__setattr__(self, "_corner_curve", build(self))
        assert self._corner_curve is not None
        return self._corner_curve

    def rising_index(self) -> tuple[int, ...]:
        """Indices i >= 1 of the points where TP increases (TP_i > TP_{i-1}). Cached."""
        if self._rising_index is None:
            object.__setattr__(self, "_rising_index", _rising_index(self))
        assert self._rising_index is not None
        return self._rising_index


@dataclass(slots=True)
class _Arrays:
    """The counts of a curve as int64 arrays (None: not representable) and its corner indices."""

    tps: Any
    fps: Any
    corners: Any = None


def count_arrays(curve: Curve) -> tuple[Any, Any] | None:
    """TP and FP as int64 numpy arrays (a view's own, or a tuple's converted once), or None.

    None without numpy or for counts of 2^62 and more.  Cached on the curve.
    """
    if curve._arrays is None:
        tps, fps = int64_array(curve.tps), int64_array(curve.fps)
        object.__setattr__(curve, "_arrays", _Arrays(tps, fps))
    arrays = curve._arrays
    return None if arrays.tps is None or arrays.fps is None else (arrays.tps, arrays.fps)


def _rising_index(curve: Curve) -> tuple[int, ...]:
    arrays = count_arrays(curve)
    if arrays is None:
        return counts.rising_index(curve.tps)
    return tuple(arraycounts.rising_array(arrays[0]).tolist())


def corner_array(curve: Curve) -> Any:
    """The corner indices of the curve as an int64 array (cached), or None (see count_arrays)."""
    arrays = count_arrays(curve)
    if arrays is None:
        return None
    if curve._arrays.corners is None:
        curve._arrays.corners = arraycounts.corner_array(*arrays)
    return curve._arrays.corners


def _tuple_corners(curve: Curve) -> Curve:
    """:meth:`Curve.corners` of a curve held in tuples."""
    index = curve.corner_index()
    if len(index) == len(curve.tps):
        return curve
    cuts = curve.thresholds
    return Curve(
        curve.positives,
        curve.negatives,
        take(curve.tps, index),
        take(curve.fps, index),
        None if cuts is None else take(cuts, [i - 1 for i in index[1:]]),
    )


def _array_corners(self: Curve) -> Curve:
    """:meth:`corners` of a curve held in numpy arrays: array views, no Python objects."""
    assert isinstance(self.tps, ArrayView) and isinstance(self.fps, ArrayView)
    index = corner_array(self)
    assert index is not None
    if index.shape[0] == len(self.tps):
        return self
    cuts = self.thresholds
    if isinstance(cuts, ArrayView):
        cuts = ArrayView(cuts.array[index[1:] - 1])
    elif isinstance(cuts, MappedView):
        cuts = cuts.subset(index[1:] - 1)
    elif cuts is not None:
        cuts = take(cuts, (index[1:] - 1).tolist())
    return Curve.from_trusted_counts(
        ArrayView(self.tps.array[index]),
        ArrayView(self.fps.array[index]),
        cuts,
        np.arange(index.shape[0], dtype=np.int64),
    )


def require_curve(value: object, parameter: str) -> Curve:
    """``value`` if it is a :class:`Curve`; else :class:`WrongTypeError` naming ``parameter``.

    The one check of the functions that take a curve (areas, hull, achievable curve, tuning).

    >>> require_curve([0.9, 0.1], "curve")
    Traceback (most recent call last):
    ...
    rocpr_exact.errors.WrongTypeError: curve must be a Curve (build one with ...), got list
    """
    if not isinstance(value, Curve):
        raise WrongTypeError(
            f"{parameter} must be a Curve (build one with Curve.from_scores(scores, labels)), "
            f"got {type(value).__name__}"
        )
    return value
