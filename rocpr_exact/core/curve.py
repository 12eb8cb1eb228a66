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

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import Any, Literal

from rocpr_exact.core.confusion import ConfusionMatrix, tp_fp
from rocpr_exact.core.counts import curve_arrays, is_numeric_array
from rocpr_exact.core.data import Score, check_lengths, normalize_labels, normalize_scores
from rocpr_exact.core.segment import Segment
from rocpr_exact.core.views import ArrayView
from rocpr_exact.errors import InvalidInputError, NoNegativesError, NoPositivesError

__all__ = ["Curve"]

Thresholds = Literal["all", "paper"]


@dataclass(frozen=True, slots=True)
class Curve:
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

    def __post_init__(self) -> None:
        self._check()

    def _check(self) -> None:
        """Raise :class:`InvalidInputError` unless every structural invariant holds."""
        tps, fps, p, n = self.tps, self.fps, self.positives, self.negatives
        if len(tps) != len(fps) or len(tps) < 2:
            raise InvalidInputError("a curve needs matching TP and FP lists of at least 2 points")
        if (tps[0], fps[0]) != (0, 0) or (tps[-1], fps[-1]) != (p, n):
            raise InvalidInputError(
                f"a curve runs from (TP, FP) = (0, 0) to (P, N) = ({p}, {n}), "
                f"got {tps[0], fps[0]} to {tps[-1], fps[-1]}"
            )
        for i in range(1, len(tps)):
            dtp, dfp = tps[i] - tps[i - 1], fps[i] - fps[i - 1]
            if dtp < 0 or dfp < 0 or dtp + dfp == 0:
                raise InvalidInputError(
                    f"curve points must strictly advance: point {i - 1} "
                    f"{tps[i - 1], fps[i - 1]} -> point {i} {tps[i], fps[i]}"
                )
        if self.thresholds is not None and len(self.thresholds) != len(tps) - 1:
            raise InvalidInputError("a curve needs one threshold per point after (0, 0)")

    # -- construction --------------------------------------------------------------------------

    @classmethod
    def from_scores(
        cls, scores: Iterable[Any], labels: Iterable[Any], thresholds: Thresholds = "all"
    ) -> Curve:
        """The curve of a scored dataset (label 1 = positive).

        ``thresholds="all"``: one point per distinct score.  ``"paper"``: only
        where the class changes between distinct scores (Section 3).

        Raises :class:`InvalidInputError` for NaN scores, labels outside
        {0, 1}, lengths that differ and empty input.  O(n log n).

        >>> Curve.from_scores([3, 2, 1], [0, 1, 1]).tps
        (0, 0, 1, 2)
        >>> Curve.from_scores([3, 2, 1], [0, 1, 1], thresholds="paper").tps
        (0, 0, 2)
        """
        if thresholds not in ("all", "paper"):
            raise InvalidInputError(f"thresholds must be 'all' or 'paper', got {thresholds!r}")
        if is_numeric_array(scores) and is_numeric_array(labels):
            return cls._trusted(*curve_arrays(scores, labels, paper=thresholds == "paper"))
        xs, ys = normalize_scores(scores), normalize_labels(labels)
        check_lengths(xs, ys)
        order = sorted(range(len(xs)), key=xs.__getitem__, reverse=True)
        groups: list[tuple[Score, int, int]] = []  # (score, positives, negatives) per tie group
        for i in order:
            x, y = xs[i], ys[i]
            if groups and groups[-1][0] == x:
                score, pos, neg = groups[-1]
                groups[-1] = (score, pos + y, neg + 1 - y)
            else:
                groups.append((x, y, 1 - y))
        return cls.from_groups(groups, thresholds)

    @classmethod
    def _trusted(
        cls,
        tps: Sequence[int],
        fps: Sequence[int],
        cuts: Sequence[Score],
        corner_index: list[int] | None = None,
        rising_index: list[int] | None = None,
    ) -> Curve:
        """A curve from cumulative counts that are correct by construction (no O(n) check).

        Only for counts built as cumulative sums over sorted tie groups, which
        start at (0, 0), strictly advance and end at (P, N).  Tests call
        ``_check()`` on such curves.
        """
        curve = object.__new__(cls)
        for name, value in (
            ("positives", tps[-1]),
            ("negatives", fps[-1]),
            ("tps", tps),
            ("fps", fps),
            ("thresholds", cuts),
            ("_corner_index", None if corner_index is None else tuple(corner_index)),
            ("_rising_index", None if rising_index is None else tuple(rising_index)),
            ("_corner_curve", None),
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
        """
        merged: dict[Score, list[int]] = {}
        for i, row in enumerate(rows):
            if not isinstance(row, tuple | list) or len(row) != 3:
                raise InvalidInputError(
                    f"histogram row {i} must be (score, positives, negatives), got {row!r}"
                )
            score = normalize_scores([row[0]])[0]
            counts = merged.setdefault(score, [0, 0])
            for j, name in ((1, "positives"), (2, "negatives")):
                value = row[j]
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise InvalidInputError(
                        f"histogram row {i}: {name} must be a non-negative int, got {value!r}"
                    )
                counts[j - 1] += value
        groups = [(x, pos, neg) for x, (pos, neg) in merged.items() if pos + neg > 0]
        if not groups:
            raise InvalidInputError("the histogram holds no examples")
        groups.sort(key=lambda group: group[0], reverse=True)
        return cls.from_groups(groups, thresholds)

    @classmethod
    def from_groups(
        cls, groups: Sequence[tuple[Score, int, int]], thresholds: Thresholds = "all"
    ) -> Curve:
        """The curve of tie groups (score, positives, negatives), highest score first."""
        keep_all = thresholds == "all"
        tps, fps, cuts = [0], [0], []
        tp = fp = 0
        for i, (score, pos, neg) in enumerate(groups):
            tp, fp = tp + pos, fp + neg
            following = groups[i + 1] if i + 1 < len(groups) else None
            # Section 3: skip the cut between two pure groups of the same class.
            same_pure_class = following is not None and (
                (neg == 0 and following[2] == 0) or (pos == 0 and following[1] == 0)
            )
            if keep_all or not same_pure_class:
                tps.append(tp)
                fps.append(fp)
                cuts.append(score)
        return cls(tp, fp, tuple(tps), tuple(fps), tuple(cuts))

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
        for name, total in (("positives", positives), ("negatives", negatives)):
            if isinstance(total, bool) or not isinstance(total, int) or total < 0:
                raise InvalidInputError(f"{name} must be a non-negative int, got {total!r}")
        pairs = {(0, 0), (positives, negatives)}
        for point in points:
            if isinstance(point, ConfusionMatrix) and (point.positives, point.negatives) != (
                positives,
                negatives,
            ):
                raise InvalidInputError(f"{point} does not have P = {positives}, N = {negatives}")
            c = ConfusionMatrix.from_counts(*tp_fp(point), positives, negatives)
            pairs.add((c.tp, c.fp))
        chain = sorted(pairs)
        for (tp_a, fp_a), (tp_b, fp_b) in pairwise(chain):
            if fp_b < fp_a:
                raise InvalidInputError(
                    f"points (TP, FP) = {(tp_a, fp_a)} and {(tp_b, fp_b)} cannot both lie on one "
                    "curve: one has more TP but fewer FP; give the thresholds of one ranking"
                )
        return cls(positives, negatives, tuple(t for t, _ in chain), tuple(f for _, f in chain))

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

    def segments(self) -> Iterator[Segment]:
        """The segments between consecutive points, in order."""
        tps, fps = self.tps, self.fps
        for i in range(1, len(tps)):
            yield Segment(tps[i - 1], fps[i - 1], tps[i], fps[i])

    def corner_index(self) -> tuple[int, ...]:
        """Indices of the corners: the points where the ROC polyline changes direction.

        Always includes the first and the last point.  A point strictly inside a
        straight run (the steps before and after it are parallel) is not a
        corner.  Dropping such points changes neither the ROC polyline nor its
        PR image, so AUC-ROC, ``davis-goadrich`` and ``continuous`` areas and the
        hull are computed on the corners.  O(n) once, then cached.
        """
        if self._corner_index is None:
            tps, fps = self.tps, self.fps
            keep = [0]
            for i in range(1, len(tps) - 1):
                cross = (tps[i] - tps[i - 1]) * (fps[i + 1] - fps[i]) - (tps[i + 1] - tps[i]) * (
                    fps[i] - fps[i - 1]
                )
                if cross != 0:
                    keep.append(i)
            keep.append(len(tps) - 1)
            object.__setattr__(self, "_corner_index", tuple(keep))
        assert self._corner_index is not None
        return self._corner_index

    def corners(self) -> Curve:
        """The same curve through its corners only (see :meth:`corner_index`).

        >>> Curve.from_scores([3, 2, 1, 0], [1, 1, 0, 0]).corners().tps
        (0, 2, 2)
        """
        if self._corner_curve is None:
            index = self.corner_index()
            if len(index) == len(self.tps):
                corners = self
            else:
                cuts = self.thresholds
                corners = Curve(
                    self.positives,
                    self.negatives,
                    _take(self.tps, index),
                    _take(self.fps, index),
                    None if cuts is None else _take(cuts, [i - 1 for i in index[1:]]),
                )
            object.__setattr__(self, "_corner_curve", corners)
        assert self._corner_curve is not None
        return self._corner_curve

    def rising_index(self) -> tuple[int, ...]:
        """Indices i >= 1 of the points where TP increases (TP_i > TP_{i-1}). Cached."""
        if self._rising_index is None:
            tps = self.tps
            rising = tuple(i for i in range(1, len(tps)) if tps[i] > tps[i - 1])
            object.__setattr__(self, "_rising_index", rising)
        assert self._rising_index is not None
        return self._rising_index

    def rising_steps(self) -> list[tuple[int, int, int, int]]:
        """(TP_A, FP_A, TP_B, FP_B) of every step that adds positives, in order.

        >>> Curve.from_scores([3, 2, 1], [0, 1, 1]).rising_steps()
        [(0, 1, 1, 1), (1, 1, 2, 1)]
        """
        rising = self.rising_index()
        before = [i - 1 for i in rising]
        return list(
            zip(
                _take(self.tps, before),
                _take(self.fps, before),
                _take(self.tps, rising),
                _take(self.fps, rising),
                strict=True,
            )
        )

    def min_fp_at(self, tp: Fraction | int) -> Fraction:
        """The least FP of the ROC polyline at TP = tp (0 <= tp <= P). O(log n).

        At a TP level with a vertical run of points this is the FP of the first
        of them, which gives the upper PR value there.
        """
        if not 0 <= tp <= self.positives:
            raise InvalidInputError(f"TP = {tp} lies outside [0, P = {self.positives}]")
        i = bisect_left(self.tps, tp)
        if self.tps[i] == tp:
            return Fraction(self.fps[i])
        return Segment(self.tps[i - 1], self.fps[i - 1], self.tps[i], self.fps[i]).fp_at(tp)

    def precision_at(self, recall: Fraction | int) -> Fraction:
        """The exact precision of the PR curve at a recall in [0, 1] (DESIGN.md section 1).

        The PR curve is the image of the ROC polyline (Theorem 3.1, Section 4);
        at a vertical drop this is the upper value.  At recall 0 it is the limit
        along the curve: the precision of the first segment that leaves TP = 0,
        which is 0 when negatives are ranked above every positive.  O(log n).

        >>> c = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
        >>> c.precision_at(Fraction(7, 20))   # Table 1: (TP, FP) = (7, 15)
        Fraction(7, 22)
        >>> c.precision_at(0)
        Fraction(1, 2)
        """
        if self.positives == 0:
            raise NoPositivesError("precision_at requires at least one positive example")
        if isinstance(recall, bool) or not isinstance(recall, int | Fraction):
            raise InvalidInputError(
                f"recall must be an exact int or Fraction, got {recall!r}; "
                "write decimals as Fraction('0.25')"
            )
        if not 0 <= recall <= 1:
            raise InvalidInputError(f"recall must lie in [0, 1], got {recall}")
        tp = recall * self.positives
        if tp == 0:
            return self.first_rising_segment().limit_precision_at_start()
        return Fraction(tp) / (tp + self.min_fp_at(tp))

    def require_both_classes(self, name: str) -> None:
        """Raise :class:`NoPositivesError` or :class:`NoNegativesError` unless P > 0 and N > 0.

        ``name`` is the function that needs them (ROC space needs both classes).
        """
        if self.positives == 0:
            raise NoPositivesError(f"{name} requires at least one positive example")
        if self.negatives == 0:
            raise NoNegativesError(
                f"{name} requires at least one negative example (ROC needs N > 0)"
            )

    def first_rising_segment(self) -> Segment:
        """The segment that leaves TP = 0 (it exists when P > 0)."""
        j = bisect_right(self.tps, 0) - 1
        return Segment(self.tps[j], self.fps[j], self.tps[j + 1], self.fps[j + 1])


def _take(values: Sequence[Any], index: Sequence[int]) -> tuple[Any, ...]:
    """The items at the given positions, as a tuple (vectorised for array views)."""
    if isinstance(values, ArrayView):
        return values.take(index)
    return tuple(values[i] for i in index)
