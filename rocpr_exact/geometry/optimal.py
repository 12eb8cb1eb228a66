"""The best threshold of a curve for F-beta or Youden's J, exactly.

Over the curve's threshold points (every point but (0, 0), where nothing is
predicted positive), with P positives and N negatives:

* F-beta = (1 + b^2) TP / ((1 + b^2) TP + b^2 FN + FP), FN = P - TP (b > 0);
* Youden's J = TPR - FPR = TP/P - FP/N.

Both are exact rationals, compared exactly; among equal best values the strictest
threshold (the first point) is returned.  Each objective is linear-fractional in
(FP, TP), so its maximum over the ROC convex hull sits at a hull vertex, which is
a point of the curve: the best threshold of a curve is also the best of its hull
(tested).  O(number of points).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rocpr_exact.core.curve import Curve, require_curve
from rocpr_exact.core.data import Score
from rocpr_exact.errors import InvalidInputError

__all__ = ["OperatingPoint", "best_operating_point"]

Objective = Literal["f_beta", "youden"]


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
        curve.require_both_classes("best_operating_point (Youden's J)")
    else:
        raise InvalidInputError(f"objective must be 'f_beta' or 'youden', got {objective!r}")
    best: OperatingPoint | None = None
    thresholds = curve.thresholds
    for index in range(1, len(curve.tps)):
        tp, fp = int(curve.tps[index]), int(curve.fps[index])
        if objective == "f_beta":
            value = (1 + b2) * tp / ((1 + b2) * tp + b2 * (p - tp) + fp)
        else:
            value = Fraction(tp, p) - Fraction(fp, n)
        if best is None or value > best.value:
            cut = thresholds[index - 1] if thresholds is not None else None
            best = OperatingPoint(value, index, tp, fp, cut)
    assert best is not None  # a curve has at least its last point (P, N)
    return best
