"""Partial areas under the ROC polyline, exact, on any FPR or TPR range.

The ROC curve of the paper (Section 2) is the polyline through the threshold
points, ties drawn as diagonal segments.  Its partial area over an FPR range
[a, b] is the integral of TPR over FPR there (the *specificity* focus of
pROC's ``partial.auc``); over a TPR range [a, b] it is the integral of
specificity = 1 - FPR over TPR there (pROC's *sensitivity* focus: the area
with the axes swapped).  Both are exact rationals, O(number of points).

McClish (1989) standardises a partial area A over a range of width w = b - a
to [1/2, 1]: (1 + (A - min) / (max - min)) / 2, with max = w (the perfect
curve) and min the area of the chance diagonal over the range: (b^2 - a^2) / 2
for an FPR range (TPR = FPR), (b - a) - (b^2 - a^2) / 2 for a TPR range
(specificity = 1 - TPR), which is the FPR formula on [1 - b, 1 - a].
scikit-learn's ``roc_auc_score(max_fpr=m)`` is this over FPR [0, m]; pROC's
``correct=TRUE`` uses the same formula.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Literal

from rocpr_exact.core.curve import Curve, require_curve
from rocpr_exact.errors import InvalidInputError

__all__ = ["mcclish", "partial_auc_roc"]

Focus = Literal["fpr", "tpr"]


def _rate(value: object, name: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise InvalidInputError(
            f"{name} must be an exact int or Fraction in [0, 1], got {value!r}; "
            "write decimals as Fraction('0.1')"
        )
    if not 0 <= value <= 1:
        raise InvalidInputError(f"{name} must lie in [0, 1], got {value}")
    return Fraction(value)


def _clipped_integral(
    us: Sequence[Fraction], vs: Sequence[Fraction], low: Fraction, high: Fraction
) -> Fraction:
    """Integral over [low, high] of the polyline v(u) through (us[i], vs[i]), us non-decreasing.

    Pieces with equal u (vertical in this frame) have no width and add nothing.
    """
    area = Fraction(0)
    for i in range(1, len(us)):
        u0, u1 = us[i - 1], us[i]
        lo, hi = max(u0, low), min(u1, high)
        if u1 == u0 or hi <= lo:
            continue
        v0, v1 = vs[i - 1], vs[i]
        slope = (v1 - v0) / (u1 - u0)
        area += (hi - lo) * (v0 + slope * (lo - u0) + v0 + slope * (hi - u0)) / 2
    return area


def mcclish(area: Fraction, low: Fraction, high: Fraction) -> Fraction:
    """McClish's standardised partial area: (1 + (A - min) / (max - min)) / 2.

    max = high - low, min = (high^2 - low^2) / 2 (module docstring).

    >>> mcclish(Fraction(1, 10), Fraction(0), Fraction(1, 10))   # perfect curve on [0, 0.1]
    Fraction(1, 1)
    """
    if not low < high:
        raise InvalidInputError(
            f"McClish's correction needs a range of positive width, got [{low}, {high}]"
        )
    least = (high * high - low * low) / 2
    return (1 + (area - least) / ((high - low) - least)) / 2


def partial_auc_roc(
    curve: Curve,
    low: Fraction | int,
    high: Fraction | int,
    *,
    focus: Focus = "fpr",
    correct: bool = False,
) -> Fraction:
    """The exact partial area under the ROC polyline over [low, high] of FPR or of TPR.

    ``focus="fpr"``: the integral of TPR over FPR in [low, high] (pROC's
    specificity focus, scikit-learn's ``max_fpr``); ``focus="tpr"``: the
    integral of 1 - FPR over TPR in [low, high] (pROC's sensitivity focus).
    Over [0, 1] either is :func:`~rocpr_exact.areas.auc.auc_roc`.
    ``correct=True`` applies McClish's standardisation (:func:`mcclish`).
    O(number of points).

    ROC points (0, 0) (0, 1/2) (1/2, 1/2) (1/2, 1) (1, 1):

    >>> c = Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0])
    >>> partial_auc_roc(c, 0, Fraction(1, 2))                  # TPR 1/2 over FPR [0, 1/2]
    Fraction(1, 4)
    >>> partial_auc_roc(c, Fraction(1, 2), 1, focus="tpr")     # 1 - FPR = 1/2 over TPR [1/2, 1]
    Fraction(1, 4)

    Corrected, chance area (1 - 1/2) - (1 - 1/4) / 2 = 1/8, perfect area 1/2:
    (1 + (1/4 - 1/8) / (1/2 - 1/8)) / 2 = 2/3 (pROC 1.18 prints 0.6666667).

    >>> partial_auc_roc(c, Fraction(1, 2), 1, focus="tpr", correct=True)
    Fraction(2, 3)
    """
    require_curve(curve, "curve")
    curve.require_both_classes("partial_auc_roc")
    a, b = _rate(low, "low"), _rate(high, "high")
    if a > b:
        raise InvalidInputError(f"low must be <= high, got low = {a}, high = {b}")
    if focus not in ("fpr", "tpr"):
        raise InvalidInputError(f"focus must be 'fpr' or 'tpr', got {focus!r}")
    corners = curve.corners()
    p, n = curve.positives, curve.negatives
    fpr = [Fraction(fp, n) for fp in corners.fps]
    tpr = [Fraction(tp, p) for tp in corners.tps]
    if focus == "fpr":
        area = _clipped_integral(fpr, tpr, a, b)
    else:
        area = _clipped_integral(tpr, [1 - x for x in fpr], a, b)
    if not correct:
        return area
    # For the TPR focus the chance line is specificity = 1 - TPR: its area over
    # [a, b] is the FPR focus's chance area over [1 - b, 1 - a] (same width).
    return mcclish(area, a, b) if focus == "fpr" else mcclish(area, 1 - b, 1 - a)
