"""Exact twins of the R package ROCR 1.0-11: ``prediction`` and ``performance`` ("auc", "aucpr").

``performance(prediction(predictions, labels), "auc", fpr_stop=...)`` and
``performance(..., "aucpr")`` as ROCR computes them (``R/performance_measures.R``), on the
input as ROCR sees it: predictions as R doubles; labels as a factor whose levels are the
sorted distinct labels (or ``label_ordering``), the second level positive; exactly two
levels are required.  ROCR's curve has one point per distinct prediction (a tie group is one
diagonal segment), preceded by (0, 0) at cutoff Inf.

* ``"auc"``: trapezoids over (FPR, TPR) = :func:`~rocpr_exact.areas.auc.auc_roc`.  With
  ``fpr_stop`` < 1 ROCR keeps the points with FPR <= fpr_stop, interpolates TPR linearly at
  fpr_stop and sums trapezoids: the integral over FPR in [0, fpr_stop] of the polyline
  (:func:`~rocpr_exact.areas.partial.partial_auc_roc`), not standardised.
* ``"aucpr"``: ROCR keeps, for each TP count, the point of least FP (the top of each vertical
  run), sets the precision of (0, 0) to 1, and then, for the i-th of those points (counted
  before any insertion) with TP_{i+1} - TP_i > 2, inserts the points TP_i + x, x = 1 ..
  TP_{i+1} - TP_i, with precision (TP_i + x) / (TP_i + FP_i + x + skew x) *after position i
  of the list as it is at that moment*.  Once an earlier segment has inserted points,
  position i no longer is point i, so later insertions land inside earlier ones and the
  trapezoid sum then runs over points out of recall order (widths of both signs).  The twin
  performs exactly these insertions and sums the same trapezoids in exact arithmetic: it is
  ROCR's number, not the Davis-Goadrich area (besides the insertion order, each segment starts
  at the top of the vertical run before it, and steps of 1 or 2 positives are straight lines
  in PR space).

ROCR stops on NA predictions, on labels that are not two classes (with ``label_ordering``
too: both of its classes must be present), and when fewer than two points remain: the twin
raises :class:`InvalidInputError` (one class: :class:`NoPositivesError` /
:class:`NoNegativesError` cannot occur, ROCR refuses first).
docs/profiles/rocr.md gives the rounding bound.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.partial import partial_auc_roc
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.profiles.arguments import classes, is_one_of, vector
from rocpr_exact.profiles.examples import twin_metric
from rocpr_exact.profiles.ieee import double_seen, exact_values
from rocpr_exact.profiles.model import ToolMetrics

__all__ = ["Prediction", "performance", "prediction"]


@dataclass(frozen=True, slots=True)
class Prediction:
    """ROCR's ``prediction`` object: the curve (TP, FP per cutoff) and the two levels."""

    curve: Curve
    levels: tuple[Any, Any]


def prediction(
    predictions: Iterable[Any], labels: Iterable[Any], label_ordering: Any = None
) -> Prediction:
    """ROCR's ``prediction(predictions, labels, label.ordering)``: the curve it builds.

    O(n log n).

    >>> prediction([0.9, 0.8, 0.8, 0.1], [1, 0, 1, 0]).curve.tps
    (0, 1, 2, 2)
    """
    scores = exact_values(vector(predictions, "predictions"), "float64", "predictions")
    values = vector(labels, "labels")
    if len(values) != len(scores):
        raise InvalidInputError(
            f"predictions and labels differ in length ({len(scores)}, {len(values)})"
        )
    if label_ordering is None:
        found = classes(values, "labels", "ROCR")
        if len(found) != 2:
            raise InvalidInputError(
                f"labels must have exactly two classes (ROCR stops here), got {len(found)}"
            )
        levels = (found[0], found[1])
    else:
        ordering = vector(label_ordering, "label_ordering")
        # ROCR: "Label ordering does not match class labels." unless the labels' classes are
        # exactly the ordering's two (one class present is refused there too, checked in R)
        if (
            len(ordering) != 2
            or any(not is_one_of(v, ordering) for v in values)
            or any(not is_one_of(level, values) for level in ordering)
        ):
            raise InvalidInputError(
                "label_ordering must name the two classes of labels, each present "
                "(ROCR stops here)"
            )
        levels = (ordering[0], ordering[1])
    flags = [1 if v == levels[1] else 0 for v in values]
    return Prediction(Curve.from_scores(scores, flags), levels)


def _aucpr(curve: Curve) -> Fraction:
    """``.performance.aucpr`` with ROCR's insertion positions, in exact arithmetic."""
    least_fp: dict[int, int] = {}
    for tp, fp in zip(curve.tps, curve.fps, strict=True):
        least_fp.setdefault(int(tp), int(fp))  # points come in order: the first is the least
    tps = sorted(least_fp)
    fps = [least_fp[t] for t in tps]
    p = curve.positives
    rec = [Fraction(t, p) for t in tps]
    prec = [
        Fraction(1) if t + f == 0 else Fraction(t, t + f) for t, f in zip(tps, fps, strict=True)
    ]
    for i in range(len(tps) - 1):  # ROCR's i (1-based) is i + 1
        step = tps[i + 1] - tps[i]
        if step > 2:
            skew = Fraction(fps[i + 1] - fps[i], step)
            xs = range(1, step + 1)
            rec[i + 1 : i + 1] = [Fraction(x + tps[i], p) for x in xs]
            prec[i + 1 : i + 1] = [(x + tps[i]) / (tps[i] + fps[i] + x + skew * x) for x in xs]
    return sum(
        ((rec[i] - rec[i - 1]) * (prec[i] + prec[i - 1]) / 2 for i in range(1, len(rec))),
        Fraction(0),
    )


def performance(prediction_obj: Prediction, measure: str, fpr_stop: Any = 1) -> Fraction:
    """ROCR's ``performance(prediction.obj, measure)@y.values`` for "auc" and "aucpr", exactly.

    Formulas in the module notes.  O(number of points) for "auc", O(P) for "aucpr".

    Points (0, 0) (1, 0) (2, 1) (2, 2) for P = N = 2:

    >>> pred = prediction([0.9, 0.8, 0.8, 0.1], [1, 0, 1, 0])
    >>> performance(pred, "auc"), performance(pred, "auc", fpr_stop=0.5)
    (Fraction(7, 8), Fraction(3, 8))
    >>> performance(pred, "aucpr")    # (1, 1) (1/2, 1) (1, 2/3): 1/2 + (1 + 2/3)/4
    Fraction(11, 12)
    """
    if not isinstance(prediction_obj, Prediction):
        raise InvalidInputError("prediction_obj must come from rocr.prediction(...)")
    curve = prediction_obj.curve
    if not is_one_of(measure, ("auc", "aucpr")):
        raise InvalidInputError(f"measure must be 'auc' or 'aucpr', got {measure!r}")
    if measure == "auc":
        if isinstance(fpr_stop, bool) or not isinstance(fpr_stop, int | float):
            raise InvalidInputError(f"fpr_stop must be a number, got {fpr_stop!r}")
        stop = exact_values([fpr_stop], "float64", "fpr_stop")[0]
        if stop < 0:
            raise InvalidInputError(f"fpr_stop must be >= 0, got {fpr_stop!r} (ROCR fails)")
        return auc_roc(curve) if stop >= 1 else partial_auc_roc(curve, 0, stop)
    if measure == "aucpr":
        return _aucpr(curve)
    raise InvalidInputError(f"measure must be 'auc' or 'aucpr', got {measure!r}")


# -- the metric table (report --profile rocr, compute_metric("rocr.<metric>")) ----------------


def _measure(measure: str) -> Callable[[list[float], list[int]], Fraction]:
    """``performance(prediction(scores, labels), measure)``, a function of the examples."""
    return lambda scores, labels: performance(prediction(scores, labels), measure)


#: ROCR 1.0-11's ``performance(prediction(scores, labels), "auc")`` and ``"aucpr"`` of a curve:
#: the twins on its examples, scores as R doubles (docs/profiles/rocr.md).
CURVE_METRICS = ToolMetrics(
    "rocr",
    double_seen,
    {
        measure: twin_metric(
            "rocr",
            _measure(measure),
            both=f'ROCR performance "{measure}" (which stops: labels must have two classes)',
        )
        for measure in ("auc", "aucpr")
    },
    description=(
        "R package ROCR 1.0-11: performance(prediction(scores, labels), 'auc') and 'aucpr'."
    ),
)
