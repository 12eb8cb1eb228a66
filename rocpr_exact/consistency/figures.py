"""Published figures: ROC points read off a plot, as exact PR intervals (Theorem 3.1).

A reader measures a ROC point (FPR, TPR) on a figure to within a reading
tolerance t.  With P and N known, the true point is (FP/N, TP/P) for whole
numbers TP and FP inside the box [FPR - t, FPR + t] x [TPR - t, TPR + t]
(clipped to [0, 1]).  Theorem 3.1 maps it to recall = TP/P and precision =
TP/(TP + FP), which increases with TP and decreases with FP, so over the box
the extremes sit at opposite corners: the least precision at (most FP, fewest
TP), the greatest at (fewest FP, most TP).  Interval arithmetic, exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from rocpr_exact.areas.auc import auc_pr
from rocpr_exact.consistency.bounds import check_counts
from rocpr_exact.consistency.reported import reported_interval
from rocpr_exact.core.counts import cross
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.closedform import ClosedForm

__all__ = ["AchievableBounds", "PrBox", "achievable_pr_bounds", "pr_boxes_from_roc"]


@dataclass(frozen=True, slots=True)
class PrBox:
    """The PR points possible for one ROC point read from a figure.

    ``tp`` and ``fp`` are the inclusive ranges of whole counts in the reading
    box; ``recall`` and ``precision`` the exact least and greatest values over
    them (``precision`` is ``None`` when the only counts have TP = FP = 0,
    where it is undefined).  ``empty`` when no whole counts lie in the box:
    the reading cannot be right for these P and N.
    """

    tp: tuple[int, int]
    fp: tuple[int, int]
    recall: tuple[Fraction, Fraction] | None
    precision: tuple[Fraction, Fraction] | None

    @property
    def empty(self) -> bool:
        return self.tp[0] > self.tp[1] or self.fp[0] > self.fp[1]


def _exact(value: object, what: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, str | Decimal | int | Fraction):
        raise InvalidInputError(
            f"{what} must be exact (a str such as '0.25', a Decimal, an int or a Fraction), "
            f"got {value!r}"
        )
    if isinstance(value, Fraction | int):
        return Fraction(value)
    try:
        return reported_interval(value, "exact").low
    except InvalidInputError as exc:
        raise InvalidInputError(
            f"{what} must be a number written as digits with an optional decimal point "
            f"(e.g. '0.25'), got {value!r}"
        ) from exc


def _counts(low: Fraction, high: Fraction, total: int) -> tuple[int, int]:
    """Whole counts k in [0, total] with k / total in [low, high]."""
    lo_f, hi_f = max(low, Fraction(0)) * total, min(high, Fraction(1)) * total
    return -((-lo_f.numerator) // lo_f.denominator), hi_f.numerator // hi_f.denominator


def pr_boxes_from_roc(
    points: Iterable[tuple[object, object]],
    positives: int,
    negatives: int,
    tolerance: object,
) -> tuple[PrBox, ...]:
    """Exact PR intervals for ROC points (FPR, TPR) read from a figure within ``tolerance``.

    Values are exact (text such as "0.25", Decimal, int, Fraction).  O(1) per point.

    >>> box, = pr_boxes_from_roc([("0.1", "0.6")], positives=20, negatives=200, tolerance="0.01")
    >>> box.tp, box.fp          # TPR in [0.59, 0.61]: TP = 12; FPR in [0.09, 0.11]: FP 18..22
    ((12, 12), (18, 22))
    >>> box.precision           # 12/(12 + 22) and 12/(12 + 18)
    (Fraction(6, 17), Fraction(2, 5))
    """
    check_counts(positives, negatives)
    t = _exact(tolerance, "tolerance")
    if t < 0:
        raise InvalidInputError(f"tolerance must be >= 0, got {t}")
    boxes = []
    for point in _bounded(points):
        fpr, tpr = (_exact(v, "a ROC coordinate") for v in point)
        tp = _counts(tpr - t, tpr + t, positives)
        fp = _counts(fpr - t, fpr + t, negatives)
        if tp[0] > tp[1] or fp[0] > fp[1]:
            boxes.append(PrBox(tp, fp, None, None))
            continue
        recall = (Fraction(tp[0], positives), Fraction(tp[1], positives))
        # Least precision: fewest TP, most FP; greatest: most TP, fewest FP.  TP = 0 gives
        # precision 0 when FP > 0 and is undefined when FP = 0 too.
        low_tp, high_fp = tp[0], fp[1]
        high_tp, low_fp = tp[1], fp[0]
        if high_tp == 0 and high_fp == 0:
            precision = None
        else:
            if low_tp + high_fp == 0:  # only (0, 0) is undefined: the next least is at TP = 1
                low = Fraction(1, 1 + high_fp)
            else:
                low = Fraction(low_tp, low_tp + high_fp)
            high = Fraction(0) if high_tp == 0 else Fraction(high_tp, high_tp + low_fp)
            precision = (low, high)
        boxes.append(PrBox(tp, fp, recall, precision))
    return tuple(boxes)


def _bounded(points: Iterable[tuple[object, object]]) -> Iterator[tuple[object, object]]:
    for point in points:
        if not isinstance(point, tuple | list) or len(point) != 2:
            raise InvalidInputError(f"a ROC point must be a pair (FPR, TPR), got {point!r}")
        yield point[0], point[1]


def _upper_hull(points: Iterable[tuple[int, int]], positives: int, negatives: int) -> Curve:
    """The ROC convex hull of (TP, FP) points with (0, 0) and (P, N), as a curve of its vertices.

    Andrew's monotone chain over the points sorted by (FP, TP), integer cross
    products (:func:`~rocpr_exact.core.counts.cross`).  The hull ends at (P, N),
    which dominates every point, so its vertices form a chain.  O(k log k).
    """
    ordered = sorted({(0, 0), (positives, negatives), *points}, key=lambda q: (q[1], q[0]))
    hull: list[tuple[int, int]] = []
    for tp, fp in ordered:
        while len(hull) >= 2:
            (tp_a, fp_a), (tp_b, fp_b) = hull[-2], hull[-1]
            if cross(tp_b - tp_a, fp_b - fp_a, tp - tp_b, fp - fp_b) > 0:
                break  # a strict right turn: keep B
            hull.pop()
        hull.append((tp, fp))
    return Curve.from_counts(hull, positives, negatives)


@dataclass(frozen=True, slots=True)
class AchievableBounds:
    """The achievable PR curve of ROC points read from a figure, as exact envelopes.

    ``lower`` is the ROC convex hull of every point at the worst whole counts
    of its box (fewest TP, most FP), ``upper`` at the best (most TP, fewest
    FP).  Whatever the true counts in the boxes, their hull lies between these
    two in ROC space, so (Theorem 3.2: dominance in ROC space is dominance in
    PR space) the true achievable PR curve (Corollary 3.1) lies between their
    PR curves at every recall, and both ends are attained.
    """

    lower: Curve
    upper: Curve

    def precision_at(self, recall: Fraction | int) -> tuple[Fraction, Fraction]:
        """Least and greatest achievable precision at ``recall`` (exact; the curve's convention)."""
        return self.lower.precision_at(recall), self.upper.precision_at(recall)

    def area(
        self, method: str = "continuous"
    ) -> tuple[Fraction | ClosedForm, Fraction | ClosedForm]:
        """Least and greatest area under the achievable PR curve.

        Only ``continuous`` and ``davis-goadrich``: both integrate the PR image
        of the hull (the DG area at every whole TP), so pointwise order carries
        over.  ``linear`` and ``step`` join the hull's vertices, which differ
        from one reading to another, so no such order holds and they are refused.
        """
        if method not in ("continuous", "davis-goadrich"):
            raise InvalidInputError(
                f"method must be 'continuous' or 'davis-goadrich' for bounds on the achievable "
                f"PR curve, got {method!r} (linear and step areas join hull vertices that move "
                "with the reading, so they have no such bounds)"
            )
        return auc_pr(self.lower, method), auc_pr(self.upper, method)


def achievable_pr_bounds(
    points: Iterable[tuple[object, object]],
    positives: int,
    negatives: int,
    tolerance: object,
) -> AchievableBounds:
    """Exact envelopes of the achievable PR curve of ROC points read within ``tolerance``.

    Raises :class:`~rocpr_exact.errors.InvalidInputError` when a point's box
    holds no whole counts (that reading cannot be right for these P and N).
    O(k log k) for k points.

    >>> bounds = achievable_pr_bounds([("0.1", "0.6")], 20, 200, "0.01")
    >>> [(tp, fp) for tp, fp in zip(bounds.lower.tps, bounds.lower.fps)]  # worst: TP 12, FP 22
    [(0, 0), (12, 22), (20, 200)]
    >>> bounds.precision_at(Fraction(3, 5))        # 12/(12 + 22) and 12/(12 + 18)
    (Fraction(6, 17), Fraction(2, 5))
    """
    boxes = pr_boxes_from_roc(points, positives, negatives, tolerance)
    for index, box in enumerate(boxes, start=1):
        if box.empty:
            raise InvalidInputError(
                f"ROC point {index} cannot be right for positives = {positives}, "
                f"negatives = {negatives}: no whole TP and FP lie within the tolerance"
            )
    worst = [(box.tp[0], box.fp[1]) for box in boxes]
    best = [(box.tp[1], box.fp[0]) for box in boxes]
    return AchievableBounds(
        _upper_hull(worst, positives, negatives), _upper_hull(best, positives, negatives)
    )
