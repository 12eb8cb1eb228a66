"""The best threshold of a curve for F-beta or Youden's J, or under a constraint, exactly.

Over the curve's threshold points (every point but (0, 0), where nothing is
predicted positive), with P positives and N negatives:

* F-beta = (1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP), FN = P - TP (b > 0);
* Youden's J = TPR - FPR = TP/P - FP/N.

Both are exact rationals, compared exactly; among equal best values the strictest
threshold (the first point) is returned.  Each objective is linear-fractional in
(FP, TP), so its maximum over the ROC convex hull sits at a hull vertex, which is
a point of the curve: the best threshold of a curve is also the best of its hull
(tested).  O(number of points).

Under a constraint (:func:`constrained_operating_point`), among the threshold points that
meet it:

* ``recall`` >= R: the greatest precision (the precision at a recall; ties: the greater
  recall, then the strictest threshold);
* ``precision`` >= Q: the greatest recall (ties: the greater precision, then the strictest);
* ``fpr`` <= F: the greatest TPR (ties: the smaller FPR, then the strictest): the
  Neyman-Pearson point.

No point meets the constraint: an :class:`InvalidInputError` that says so (a recall of at
most 1 is always met, by the last point).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rocpr_exact.core.curve import Curve, require_curve
from rocpr_exact.core.data import Score
from rocpr_exact.core.rates import rate
from rocpr_exact.errors import InvalidInputError

__all__ = ["Constraint", "OperatingPoint", "best_operating_point", "constrained_operating_point"]

Objective = Literal["f_beta", "youden"]
Constraint = Literal["recall", "precision", "fpr"]


@dataclass(frozen=True, slots=True)
class OperatingPoint:
    """The best point: its value, its index in the curve, its counts and its threshold.

    ``threshold`` is the score cut-off ("positive iff score >= threshold"), ``None``
    for a curve built from counts.
    """

    value: Fraction
    index: int
    tp: int
    fp: int
    threshold: Score | None


def _beta(beta: object) -> Fraction:
    if isinstance(beta, bool) or not isinstance(beta, int | Fraction):
        raise InvalidInputError(
            f"beta must be an exact int or Fraction > 0, got {beta!r}; write decimals as "
            "Fraction('0.5')"
        )
    if beta <= 0:
        raise InvalidInputError(f"beta must be > 0, got {beta}")
    return Fraction(beta)


def best_operating_point(
    curve: Curve, objective: Objective = "f_beta", *, beta: Fraction | int = 1
) -> OperatingPoint:
    """The threshold point with the greatest F-beta (``beta``) or Youden's J.

    >>> c = Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0])
    >>> best_operating_point(c)          # F1 at (TP, FP) = (1, 0): 2/3; (2, 1): 4/5
    OperatingPoint(value=Fraction(4, 5), index=3, tp=2, fp=1, threshold=2)
    >>> best_operating_point(c, "youden").value    # 1/2 - 0 = 1 - 1/2: the first is kept
    Fraction(1, 2)
    """
    require_curve(curve, "curve")
    p, n = curve.positives, curve.negatives
    if objective == "f_beta":
        b2 = _beta(beta) ** 2
        if p == 0:
            raise InvalidInputError("F-beta needs at least one positive example")
    elif objective == "youden":
        curve.require_both_classes("Youden's J")
    else:
        raise InvalidInputError(f"objective must be 'f_beta' or 'youden', got {objective!r}")
    best: OperatingPoint | None = None
    thresholds = curve.thresholds
    for index in range(1, len(curve.tps)):
        tp, fp = int(curve.tps[index]), int(curve.fps[index])
        if objective == "f_beta":
            value = (1 + b2) * tp / ((1 + b2) * tp + b2 * (p - tp) + fp)
        else:  # Youden's J = TPR - FPR
            value = rate("recall").defined(tp, fp, p, n) - rate("fpr").defined(tp, fp, p, n)
        if best is None or value > best.value:
            cut = thresholds[index - 1] if thresholds is not None else None
            best = OperatingPoint(value, index, tp, fp, cut)
    assert best is not None  # a curve has at least its last point (P, N)
    return best


def constrained_operating_point(
    curve: Curve, constraint: Constraint, level: Fraction | int
) -> OperatingPoint:
    """The best threshold point meeting ``recall >= level``, ``precision >= level`` or
    ``fpr <= level`` (module docstring); ``value`` is the precision, recall or TPR it gives.

    >>> c = Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0])
    >>> constrained_operating_point(c, "recall", 1)      # (2, 1): precision 2/3
    OperatingPoint(value=Fraction(2, 3), index=3, tp=2, fp=1, threshold=2)
    >>> constrained_operating_point(c, "precision", 1).threshold     # (1, 0): recall 1/2
    4
    >>> constrained_operating_point(c, "fpr", Fraction(1, 2)).value  # (2, 1): TPR 1
    Fraction(1, 1)
    """
    require_curve(curve, "curve")
    if isinstance(level, bool) or not isinstance(level, int | Fraction) or not 0 <= level <= 1:
        raise InvalidInputError(
            f"the {constraint} level must be an exact int or Fraction in [0, 1], got {level!r}"
        )
    p, n = curve.positives, curve.negatives
    if constraint == "fpr":
        curve.require_both_classes("a TPR at an FPR")
    elif constraint in ("recall", "precision"):
        if p == 0:
            raise InvalidInputError(f"a {constraint} constraint needs at least one positive")
    else:
        raise InvalidInputError(
            f"constraint must be 'recall', 'precision' or 'fpr', got {constraint!r}"
        )
    best: tuple[tuple[Fraction, Fraction], OperatingPoint] | None = None
    thresholds = curve.thresholds
    recall_rate, precision_rate, fpr_rate = rate("recall"), rate("precision"), rate("fpr")
    for index in range(1, len(curve.tps)):
        tp, fp = int(curve.tps[index]), int(curve.fps[index])
        recall = recall_rate.defined(tp, fp, p, n)  # P > 0 (checked above)
        precision = precision_rate.value(tp, fp, p, n)  # None: nothing predicted positive
        if constraint == "recall":
            met, key = recall >= level, (precision or Fraction(0), recall)
        elif constraint == "precision":
            met = precision is not None and precision >= level
            key = (recall, precision or Fraction(0))
        else:
            fpr = fpr_rate.defined(tp, fp, p, n)  # N > 0 (checked above)
            met, key = fpr <= level, (recall, -fpr)
        if met and (best is None or key > best[0]):
            cut = thresholds[index - 1] if thresholds is not None else None
            best = (key, OperatingPoint(key[0], index, tp, fp, cut))
    if best is None:
        what = "an FPR of at most" if constraint == "fpr" else f"a {constraint} of at least"
        raise InvalidInputError(f"no threshold of the curve gives {what} {level}")
    return best[1]
