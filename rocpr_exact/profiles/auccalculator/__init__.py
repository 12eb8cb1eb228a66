"""Exact twin of AUCCalculator 0.2, the paper's Java tool, on a scored list.

AUCCalculator reads lines ``score label`` (scores parsed as Java doubles, label 1 =
positive) and:

* builds one point per distinct score, sorts the points by (TP, FP), removes every point
  with TP = 0, inserts (TP, FP) = (1, FP_1 / TP_1) before the first point, adds (P, N),
  interpolates every integer TP with the local skew, and sums a rectangle from recall 0 to
  the first point at its precision plus trapezoids.

So it computes the paper's exact methods on the curve whose points with TP = 0 (other than
the origin) are removed: the first rising segment goes straight from the origin to the first
point with TP > 0 (the inserted point at TP = 1 lies on that segment and changes nothing).

* ``auc_pr``: ``davis-goadrich`` on that curve; ``auc_roc``: AUC-ROC of that curve.
* Known deviation (:func:`deviations`): when FP_0 > 0 negatives are ranked above every
  positive, both are overstated: AUC-ROC by exactly TP_1 FP_0 / (2 P N), AUC-PR because
  precision rises from 0 along the true first segment but is flat in AUCCalculator.
* One class (derived from its source, aucroc/AUCCalculator, the 0.2 jar decompiled:
  ``ReadList.readFile`` lines 190-230, ``Confusion``'s constructor lines 23-26, ``addPoint``
  lines 89-90, ``sort`` lines 109-122; the tool is not run here): with P < 1 or N < 1
  ``Confusion`` prints "ERROR: P,N - Defaulting Confusion to 1,1" to stderr and sets *both*
  counts to 1.  Then a point with TP > 1 or FP > 1 throws an uncaught NumberFormatException,
  and with P = 0, N = 1 ``sort`` removes the only point and throws
  ArrayIndexOutOfBoundsException: the tool stops, and the twin raises
  :class:`NoPositivesError` / :class:`NoNegativesError`.  Only P = 1, N = 0 gets through:
  points (1, 0) and the appended (1, 1) give AUC-PR 1.0 and AUC-ROC 1.0, which the twin
  returns with an :class:`~rocpr_exact.errors.OneClassWarning` quoting that stderr line.

docs/profiles/auccalculator.md describes the conventions and the rounding bound.
"""

from __future__ import annotations

import warnings
from bisect import bisect_right
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from rocpr_exact.areas.auc import auc_pr as exact_auc_pr
from rocpr_exact.areas.auc import auc_roc as exact_auc_roc
from rocpr_exact.core.curve import Curve, require_curve
from rocpr_exact.profiles.arguments import vector
from rocpr_exact.profiles.ieee import double_seen, exact_values
from rocpr_exact.profiles.model import Deviation, ToolMetrics
from rocpr_exact.profiles.one_class import warn_one_class

__all__ = [
    "CURVE_METRICS",
    "auc_pr",
    "auc_roc",
    "auccalculator_curve",
    "curve_auc_pr",
    "curve_auc_roc",
    "ignored_negatives",
    "scored_list_curve",
]

VERSION = "AUCCalculator 0.2"
#: What AUCCalculator 0.2 prints to stderr for P = 1, N = 0, the one-class input it survives.
DEFAULTED = "ERROR: 1.0,0.0 - Defaulting Confusion to 1,1"


def auccalculator_curve(curve: Curve) -> Curve:
    """The curve AUCCalculator 0.2 effectively integrates: points with TP = 0 removed.

    Only the origin is kept at TP = 0, so the first segment runs straight from
    (0, 0) to the first point with TP > 0.  The point AUCCalculator inserts at
    TP = 1 lies on that segment and changes nothing.  O(number of points).

    >>> auccalculator_curve(Curve.from_counts([(0, 3), (2, 5)], 4, 9)).fps
    (0, 5, 9)
    """
    curve = require_curve(curve, "curve")
    curve.require_both_classes(
        "AUCCalculator 0.2 (it stops with an exception: Confusion defaults both counts to 1)"
    )
    last_zero = bisect_right(curve.tps, 0) - 1
    if last_zero == 0:
        return curve
    return Curve(
        curve.positives,
        curve.negatives,
        (0, *curve.tps[last_zero + 1 :]),
        (0, *curve.fps[last_zero + 1 :]),
    )


def ignored_negatives(curve: Curve) -> int:
    """FP_0: the negatives ranked above every positive, which AUCCalculator ignores.

    >>> ignored_negatives(Curve.from_scores([4, 3, 2, 1], [0, 1, 0, 1]))
    1
    """
    curve = require_curve(curve, "curve")
    return int(curve.fps[bisect_right(curve.tps, 0) - 1])


def _defaulted(curve: Curve) -> bool:
    """P = 1, N = 0: AUCCalculator's counts default to (1, 1) and both areas are 1.0 (module
    notes); says so with an OneClassWarning.  Other one-class input is refused later."""
    curve = require_curve(curve, "curve")
    if curve.positives != 1 or curve.negatives != 0:
        return False
    warn_one_class(VERSION, f"{DEFAULTED} (on stderr): both areas 1.0", stacklevel=4)
    return True


def curve_auc_roc(curve: Curve) -> Fraction:
    """AUCCalculator's AUC-ROC of a curve: :func:`auc_roc` of :func:`auccalculator_curve`."""
    if _defaulted(curve):
        return Fraction(1)
    return exact_auc_roc(auccalculator_curve(curve))


def curve_auc_pr(curve: Curve) -> Fraction:
    """AUCCalculator's AUC-PR of a curve: ``davis-goadrich`` of :func:`auccalculator_curve`."""
    if _defaulted(curve):
        return Fraction(1)
    area = exact_auc_pr(auccalculator_curve(curve), "davis-goadrich")
    assert isinstance(area, Fraction)
    return area


def scored_list_curve(scores: Iterable[Any], labels: Iterable[Any]) -> Curve:
    """The curve of a scored list as AUCCalculator reads it: scores as doubles, labels 0/1."""
    values = exact_values(vector(scores, "scores"), "float64", "scores")
    return Curve.from_scores(values, vector(labels, "labels"))


def auc_roc(scores: Iterable[Any], labels: Iterable[Any]) -> Fraction:
    """AUCCalculator 0.2's AUC-ROC of a scored list, exactly (module notes).

    1 - (area left of the curve without its TP = 0 points).  O(n log n).

    >>> auc_roc([4, 3, 2, 1], [0, 1, 0, 1])     # exact AUC-ROC 1/4, overstated by 1/8
    Fraction(3, 8)
    """
    return curve_auc_roc(scored_list_curve(scores, labels))


def auc_pr(scores: Iterable[Any], labels: Iterable[Any]) -> Fraction:
    """AUCCalculator 0.2's AUC-PR of a scored list, exactly (module notes).

    The Davis-Goadrich area of the curve without its TP = 0 points.  O(n log n + P).

    >>> auc_pr([4, 3, 2, 1], [0, 1, 0, 1])
    Fraction(11, 24)
    """
    return curve_auc_pr(scored_list_curve(scores, labels))


def deviations(curve: Curve) -> tuple[Deviation, ...]:
    """The known deviations from the paper's methods: with FP_0 > 0 negatives ranked above
    every positive, AUC-ROC overstated by TP_1 FP_0 / (2 P N), and AUC-PR (module notes).

    >>> [(d.metric, d.excess) for d in deviations(Curve.from_scores([4, 3, 2, 1], [0, 1, 0, 1]))]
    [('auc_roc', Fraction(1, 8)), ('auc_pr', Fraction(1, 8))]
    """
    if curve.positives == 1 and curve.negatives == 0:  # the tool's 1.0, no exact area
        return ()
    if auccalculator_curve(curve) is curve:
        return ()
    leading = ignored_negatives(curve)
    ignored = (
        f"{leading} negative ranked above every positive is"
        if leading == 1
        else f"{leading} negatives ranked above every positive are"
    )
    why = (
        f"AUCCalculator 0.2 drops the points with TP = 0, so the {ignored} ignored: "
        "its curve goes straight from the origin to the first point with TP > 0"
    )
    exact_pr = exact_auc_pr(curve, "davis-goadrich")
    assert isinstance(exact_pr, Fraction)
    return (
        Deviation("auc_roc", "auc_roc", curve_auc_roc(curve), exact_auc_roc(curve), why),
        Deviation("auc_pr", "auc_pr_davis_goadrich", curve_auc_pr(curve), exact_pr, why),
    )


#: AUCCalculator 0.2's areas of a curve, every score read as a Java double.
CURVE_METRICS = ToolMetrics(
    "auccalculator",
    double_seen,
    {"auc_roc": curve_auc_roc, "auc_pr": curve_auc_pr},
    deviations,
    description="AUCCalculator 0.2 (the paper's Java tool) on a scored list.",
)


def __getattr__(name: str) -> object:
    """``aucalculator_curve``, the old spelling of :func:`auccalculator_curve`, with a warning."""
    if name == "aucalculator_curve":
        warnings.warn(
            "aucalculator_curve is now spelled auccalculator_curve",
            DeprecationWarning,
            stacklevel=2,
        )
        return auccalculator_curve
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
