"""Exact twins of Spark 4.x's ``BinaryClassificationMetrics`` areas (docs/profiles/spark.md).

``pyspark.mllib.evaluation.BinaryClassificationMetrics(scoreAndLabels).areaUnderROC`` /
``.areaUnderPR`` and ``pyspark.ml.evaluation.BinaryClassificationEvaluator`` (metricName
``areaUnderROC`` / ``areaUnderPR``, ``numBins``, ``weightCol``) both end in the Scala
``mllib/evaluation/BinaryClassificationMetrics.scala``:

- counts: the (weighted) positives and negatives of each distinct score (a double), a
  label counting as positive when it is > 0.5, sorted by score decreasing;
- down-sampling: with ``numBins`` > 0 and grouping = (number of distinct scores) //
  numBins >= 2, consecutive runs of ``grouping`` distinct scores are merged into one
  point (its threshold the run's last, lowest score), the last run possibly shorter;
- the cumulative counts at each point give tp, fp; recall = tp / P (0 when P = 0),
  fpr = fp / N (0 when N = 0), precision = tp / (tp + fp) (1 when tp + fp = 0);
- ``roc``: (0, 0), (fpr, recall) at each point, (1, 1); ``pr``: (0, p1) with p1 the
  precision of the first point, then (recall, precision) at each point;
- areas: the trapezoid rule over those points in order (``AreaUnderCurve.of``).

The Python ``BinaryClassificationMetrics`` always passes ``numBins`` = 1000 (it goes
through the DataFrame constructor, which takes the Scala default), and so does
``BinaryClassificationEvaluator`` by default; Scala's ``new
BinaryClassificationMetrics(rdd)`` on (score, label) pairs takes 0.  Down-sampling runs
per partition of Spark's sorted counts: the twins model one partition (input with one
partition, e.g. ``sc.parallelize(rows, 1)`` or ``df.coalesce(1)``); with several, the
runs restart at each partition boundary, which Spark's range partitioner chooses by
sampling.  Without down-sampling (``num_bins=0``, or fewer than 2 * numBins distinct
scores) the partitions do not matter.

Inputs as Spark holds them: scores, labels and weights as doubles (each value exact);
NaN and infinities are refused, as are negative weights (Spark raises) and empty input
(``first()`` of an empty RDD raises).  One class missing is not an error in Spark:
its conventions above give numbers, silently (no exception, no log line:
tests/data/spark_one_class_recorded.json, scripts/record_spark_one_class.py); the twins
return the same numbers and say so with an :class:`~rocpr_exact.errors.OneClassWarning`
(``roc`` and ``area_under_roc`` with no positive or no negative of nonzero weight, ``pr``
and ``area_under_pr`` with no positive).
Returned values are exact Fractions; the tool's own error is its float64 arithmetic.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from typing import Any, TypeAlias

import numpy as np

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.sums import sum_fractions
from rocpr_exact.limits import check_examples
from rocpr_exact.profiles.ieee import exact_values
from rocpr_exact.profiles.one_class import warn_one_class

__all__ = ["area_under_pr", "area_under_roc", "binned_counts", "pr", "roc"]

VERSION = "Spark 4.x (pyspark 4.3.0)"
#: a label above it counts as a positive (``BinaryLabelCounter``)
HALF = Fraction(1, 2)
#: the largest ``numBins`` (a Java Int)
MAX_BINS = 2**31 - 1
#: (threshold, positives, negatives) of one point of the curve, not cumulative
Point: TypeAlias = tuple[Fraction, Fraction, Fraction]
Curve: TypeAlias = tuple[tuple[Fraction, Fraction], ...]


def _column(values: Any, what: str) -> list[float]:
    """Doubles as Spark holds them (exact values; NaN and infinities refused)."""
    array = np.asarray(values)
    if array.ndim != 1 or array.dtype.kind not in "biuf":
        raise InvalidInputError(f"{what} must be a 1-D sequence of numbers")
    doubles = array.astype("float64")
    if not np.isfinite(doubles).all():
        exact_values(doubles, "float64", what)  # the one message for NaN and infinity
    doubles_list: list[float] = doubles.tolist()  # Python floats: exact, fast to hash
    return doubles_list


def _num_bins(num_bins: Any) -> int:
    if not isinstance(num_bins, int) or isinstance(num_bins, bool):
        raise InvalidInputError(f"num_bins must be an int, got {num_bins!r}")
    if not 0 <= num_bins <= MAX_BINS:
        raise InvalidInputError(f"num_bins must be in [0, 2**31 - 1], got {num_bins}")
    return num_bins


def binned_counts(
    scores: Any, labels: Any, *, weights: Any = None, num_bins: int = 1000
) -> tuple[Point, ...]:
    """The points of Spark's curves before accumulation: (threshold, positives, negatives).

    One per distinct score, decreasing, or one per run of ``grouping`` distinct scores
    when down-sampling (see the module docstring).  O(n log n).

    >>> points = binned_counts([0.125, 0.375, 0.25, 0.5], [1, 0, 1, 1], num_bins=2)
    >>> [tuple(map(str, p)) for p in points]
    [('3/8', '1', '1'), ('1/8', '2', '0')]
    """
    bins = _num_bins(num_bins)
    values = _column(scores, "scores")
    classes = _column(labels, "labels")
    n = len(values)
    if n == 0:
        raise InvalidInputError(f"scores is empty: {VERSION} raises (first() of an empty RDD)")
    check_examples(n, "Spark twin")
    if len(classes) != n:
        raise InvalidInputError(f"labels has {len(classes)} values, scores {n}")
    masses: list[int] | list[float] = [1] * n if weights is None else _column(weights, "weights")
    if len(masses) != n:
        raise InvalidInputError(f"weights has {len(masses)} values, scores {n}")
    if any(w < 0 for w in masses):
        raise InvalidInputError(f"weights holds a negative weight: {VERSION} raises")
    # doubles compare, hash and sum (as Fractions) exactly; a label > 0.5 is a positive
    groups: dict[float, list[Fraction]] = {}
    for score, label, weight in zip(values, classes, masses, strict=True):
        counts = groups.setdefault(score, [Fraction(0), Fraction(0)])
        counts[label > HALF] += Fraction(weight)
    ordered = [(Fraction(s), groups[s][1], groups[s][0]) for s in sorted(groups, reverse=True)]
    grouping = len(ordered) // bins if bins else 0
    if grouping < 2:
        return tuple(ordered)
    runs = [ordered[i : i + grouping] for i in range(0, len(ordered), grouping)]
    return tuple(
        (
            run[-1][0],
            sum((p for _, p, _ in run), Fraction(0)),
            sum((q for *_, q in run), Fraction(0)),
        )
        for run in runs
    )


def _one_class(positives: Fraction, negatives: Fraction, curve: str, stacklevel: int) -> None:
    """Spark's silent convention for a missing class, said as an OneClassWarning."""
    if not positives:
        missing = "no positive of nonzero weight: Spark sets recall to 0"
    elif curve == "ROC" and not negatives:
        missing = "no negative of nonzero weight: Spark sets the false positive rate to 0"
    else:
        return
    warn_one_class(VERSION, f"{missing} (without a warning)", stacklevel + 1)


def _rates(
    points: tuple[Point, ...], curve: str, stacklevel: int = 4
) -> list[tuple[Fraction, Fraction, Fraction]]:
    """(fpr, recall, precision) at each point, with Spark's conventions for 0 / 0 (and the
    OneClassWarning of :func:`_one_class` for the ``curve``, "ROC" or "PR")."""
    positives = sum((p for _, p, _ in points), Fraction(0))
    negatives = sum((q for *_, q in points), Fraction(0))
    _one_class(positives, negatives, curve, stacklevel)
    out, tp, fp = [], Fraction(0), Fraction(0)
    for _, p, q in points:
        tp, fp = tp + p, fp + q
        out.append(
            (
                fp / negatives if negatives else Fraction(0),
                tp / positives if positives else Fraction(0),
                tp / (tp + fp) if tp + fp else Fraction(1),
            )
        )
    return out


def roc(scores: Any, labels: Any, *, weights: Any = None, num_bins: int = 1000) -> Curve:
    """``BinaryClassificationMetrics.roc()``: (0, 0), (fpr, recall) per point, (1, 1).

    >>> [tuple(map(str, p)) for p in roc([0.1, 0.2], [0, 1])]
    [('0', '0'), ('0', '1'), ('1', '1'), ('1', '1')]
    """
    rates = _rates(binned_counts(scores, labels, weights=weights, num_bins=num_bins), "ROC")
    zero, one = Fraction(0), Fraction(1)
    return ((zero, zero), *((x, y) for x, y, _ in rates), (one, one))


def pr(scores: Any, labels: Any, *, weights: Any = None, num_bins: int = 1000) -> Curve:
    """``BinaryClassificationMetrics.pr()``: (0, p1), then (recall, precision) per point.

    p1 is the precision of the first (highest-threshold) point.

    >>> [tuple(map(str, p)) for p in pr([0.1, 0.2], [0, 1])]
    [('0', '1'), ('1', '1'), ('1', '1/2')]
    """
    return _pr(binned_counts(scores, labels, weights=weights, num_bins=num_bins), 5)


def _pr(points: tuple[Point, ...], stacklevel: int) -> Curve:
    rates = _rates(points, "PR", stacklevel)
    return ((Fraction(0), rates[0][2]), *((y, z) for _, y, z in rates))


def _trapezoids(curve: Curve) -> Fraction:
    """``AreaUnderCurve.of``: sum of (x2 - x1) (y2 + y1) / 2 over consecutive points."""
    return sum_fractions([(b[0] - a[0]) * (b[1] + a[1]) / 2 for a, b in pairwise(curve)])


def area_under_roc(
    scores: Any, labels: Any, *, weights: Any = None, num_bins: int = 1000
) -> Fraction:
    """``areaUnderROC``: the trapezoid rule over :func:`roc`, exactly.

    Unbinned it is the (weighted) Mann-Whitney statistic with ties 1/2; binned, each run
    of merged scores counts as tied.  With no negatives it is 1, with no positives 0
    (Spark's fpr = 0 and recall = 0 conventions), with an OneClassWarning.  Hand-derived
    (pyspark's own example): of the 12 (positive, negative) pairs 7 are ordered right and
    3 tied, so 17/24.

    >>> area_under_roc([0.1, 0.1, 0.4, 0.6, 0.6, 0.6, 0.8], [0, 1, 0, 0, 1, 1, 1])
    Fraction(17, 24)

    Raises InvalidInputError.  O(n log n).
    """
    points = binned_counts(scores, labels, weights=weights, num_bins=num_bins)
    positives = sum((p for _, p, _ in points), Fraction(0))
    negatives = sum((q for *_, q in points), Fraction(0))
    if not positives or not negatives:  # Spark's conventions for 0 / 0: the points in full
        zero, one = Fraction(0), Fraction(1)
        rates = _rates(points, "ROC")
        return _trapezoids(((zero, zero), *((x, y) for x, y, _ in rates), (one, one)))
    # the same trapezoids with the common denominator 2 P N taken out; (1, 1) adds nothing
    total, tp, fp = Fraction(0), Fraction(0), Fraction(0)
    for _, p, q in points:
        total += q * (2 * tp + p)
        tp, fp = tp + p, fp + q
    return total / (2 * positives * negatives)


def area_under_pr(
    scores: Any, labels: Any, *, weights: Any = None, num_bins: int = 1000
) -> Fraction:
    """``areaUnderPR``: the trapezoid rule over :func:`pr`, exactly (linear interpolation).

    Hand-derived on pyspark's example: points (recall, precision) (0, 1), (1/4, 1),
    (3/4, 3/4), (3/4, 3/5), (1, 4/7); trapezoids 1/4 + 7/16 + 0 + 41/280.

    >>> area_under_pr([0.1, 0.1, 0.4, 0.6, 0.6, 0.6, 0.8], [0, 1, 0, 0, 1, 1, 1])
    Fraction(467, 560)

    Raises InvalidInputError.  O(n log n).
    """
    return _trapezoids(_pr(binned_counts(scores, labels, weights=weights, num_bins=num_bins), 5))
