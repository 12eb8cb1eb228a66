"""Precision-recall gain (Flach & Kull 2015) as an exact view of a curve.

With pi = P / (P + N): precision gain = (prec - pi) / ((1 - pi) prec)
= 1 - (P FP) / (N TP), recall gain = (rec - pi) / ((1 - pi) rec)
= 1 - (P FN) / (N TP).  Both are undefined at TP = 0.
"""

from __future__ import annotations

from fractions import Fraction

from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError

__all__ = ["pr_gain_points", "precision_gain", "recall_gain"]


def _skew(positives: int, negatives: int) -> Fraction:
    for name, value in (("positives", positives), ("negatives", negatives)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidInputError(f"{name} must be an int >= 1, got {value!r}")
    return Fraction(positives, positives + negatives)


def precision_gain(tp: int, fp: int, positives: int, negatives: int) -> Fraction:
    """(prec - pi) / ((1 - pi) prec) = 1 - P FP / (N TP); needs TP > 0.

    >>> precision_gain(5, 5, 20, 20), precision_gain(10, 0, 20, 20)
    (Fraction(0, 1), Fraction(1, 1))
    """
    _skew(positives, negatives)
    if tp <= 0:
        raise InvalidInputError("precision gain needs TP > 0 (precision must exceed 0)")
    return 1 - Fraction(positives * fp, negatives * tp)


def recall_gain(tp: int, positives: int, negatives: int) -> Fraction:
    """(rec - pi) / ((1 - pi) rec) = 1 - P FN / (N TP); needs TP > 0.

    >>> recall_gain(10, 20, 20), recall_gain(20, 20, 20)
    (Fraction(0, 1), Fraction(1, 1))
    """
    _skew(positives, negatives)
    if tp <= 0:
        raise InvalidInputError("recall gain needs TP > 0 (recall must exceed 0)")
    return 1 - Fraction(positives * (positives - tp), negatives * tp)


def pr_gain_points(curve: Curve) -> tuple[tuple[Fraction, Fraction], ...]:
    """(recall gain, precision gain) of every point of ``curve`` with TP > 0, strict to loose.

    >>> c = Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0])
    >>> [(str(rg), str(pg)) for rg, pg in pr_gain_points(c)]   # pi = 1/2: 1 - FN/TP, 1 - FP/TP
    [('0', '1'), ('0', '0'), ('1', '1/2'), ('1', '0')]
    """
    p, n = curve.positives, curve.negatives
    _skew(p, n)
    return tuple(
        (recall_gain(tp, p, n), precision_gain(tp, fp, p, n))
        for tp, fp in zip(curve.tps, curve.fps, strict=True)
        if tp > 0
    )
