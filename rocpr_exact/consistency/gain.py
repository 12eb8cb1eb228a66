"""Precision-recall gain (Flach & Kull 2015), exactly: points, curve, AUPRG and convex hull.

With pi = P / (P + N): precision gain = (prec - pi) / ((1 - pi) prec)
= 1 - (P FP) / (N TP), recall gain = (rec - pi) / ((1 - pi) rec)
= 1 - (P FN) / (N TP).  Both are undefined at TP = 0.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

from rocpr_exact.consistency.bounds import check_counts
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.geometry.hull import roc_convex_hull

__all__ = [
    "auprg",
    "pr_gain_convex_hull",
    "pr_gain_curve",
    "pr_gain_points",
    "precision_gain",
    "recall_gain",
]


def _skew(positives: int, negatives: int) -> Fraction:
    check_counts(positives, negatives)
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


def _gains(tp: Fraction, fp: Fraction, positives: int, negatives: int) -> tuple[Fraction, Fraction]:
    """(recall gain, precision gain) at a point of the ROC polyline with TP = tp > 0."""
    skew = Fraction(positives, negatives)
    return 1 - skew * (positives - tp) / tp, 1 - skew * fp / tp


def pr_gain_curve(curve: Curve) -> tuple[tuple[Fraction, Fraction], ...]:
    """The PR-gain curve over recall gain >= 0, as (recall gain, precision gain) vertices.

    Flach & Kull (2015), and their reference implementation (the ``prg`` package: where the
    curve crosses recall gain 0 it adds the point interpolated in ROC space at
    TP = P^2 / (P + N)).  Between two ROC points precision gain is affine in recall gain (both
    are affine in 1/TP along a ROC segment), so these vertices and straight lines are the curve
    exactly.  It ends at (1, 0), the point (P, N).  Needs P > 0 and N > 0.  O(n).

    >>> c = Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0])   # pi = 1/2, crossing at TP = 1
    >>> [(str(rg), str(pg)) for rg, pg in pr_gain_curve(c)]
    [('0', '1'), ('0', '1'), ('0', '0'), ('1', '1/2'), ('1', '0')]
    """
    p, n = curve.positives, curve.negatives
    curve.require_both_classes("pr_gain_curve")
    start = Fraction(p * p, p + n)  # recall gain 0: recall = pi
    out: list[tuple[Fraction, Fraction]] = []
    for i in range(1, len(curve.tps)):
        tp_a, fp_a, tp_b, fp_b = curve.tps[i - 1], curve.fps[i - 1], curve.tps[i], curve.fps[i]
        if tp_b < start:
            continue
        if not out:  # the first segment that reaches recall gain 0: its crossing point
            fp_at = fp_a + Fraction(fp_b - fp_a) * (start - tp_a) / (tp_b - tp_a)
            out.append(_gains(start, fp_at, p, n))
        out.append(_gains(Fraction(tp_b), Fraction(fp_b), p, n))
    return tuple(out)


def auprg(curve: Curve) -> Fraction:
    """The area under the PR-gain curve over recall gain in [0, 1] (Flach & Kull 2015), exactly.

    Trapezoids over :func:`pr_gain_curve` (exact: the curve is straight between its
    vertices), as the ``prg`` package's ``calc_auprg`` sums them, negative precision gains
    included.  Needs P > 0 and N > 0.  O(n).

    >>> auprg(Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0]))   # (0, 0) -> (1, 1/2): 1/4
    Fraction(1, 4)
    """
    vertices = pr_gain_curve(curve)
    return sum(
        ((rg_b - rg_a) * (pg_a + pg_b) / 2 for (rg_a, pg_a), (rg_b, pg_b) in pairwise(vertices)),
        Fraction(0),
    )


def pr_gain_convex_hull(curve: Curve) -> tuple[tuple[Fraction, Fraction], ...]:
    """The convex hull of the PR-gain curve: the PR-gain curve of the ROC convex hull.

    Flach & Kull (2015): ROC convex hull points map to the PR-gain convex hull.  The map
    (FPR, TPR) -> (recall gain, precision gain) is projective (both gains are affine in
    1/TPR and FPR/TPR), so hull edges stay straight and the image stays concave; a test
    checks that it dominates the PR-gain curve.  O(n).
    """
    return pr_gain_curve(roc_convex_hull(curve))
