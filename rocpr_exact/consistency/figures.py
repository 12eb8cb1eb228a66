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

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from rocpr_exact.consistency.reported import reported_interval
from rocpr_exact.errors import InvalidInputError

__all__ = ["PrBox", "pr_boxes_from_roc"]


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
    return reported_interval(value, "exact").low


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
    for name, value in (("positives", positives), ("negatives", negatives)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidInputError(f"{name} must be an int >= 1, got {value!r}")
    t = _exact(tolerance, "tolerance")
    if t < 0:
        raise InvalidInputError(f"tolerance must be >= 0, got {t}")
    boxes = []
    for point in points:
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
