"""Exact twins of xgboost 3.2's binary ``auc`` and ``aucpr`` metrics (docs/profiles/xgboost.md).

xgboost evaluates a metric on the predictions it holds (float32; with ``binary:logistic``
the sigmoid of the margin, which is what ``Booster.predict`` returns), the labels and the
weights of a ``DMatrix`` (float32).  ``src/metric/auc.cc`` (``BinaryAUC``) sorts the
predictions in decreasing order and walks them once, accumulating the weighted counts
tp = sum(w * label) and fp = sum(w * (1 - label)); whenever the prediction changes it
adds the area of one segment from the previous (fp, tp) to the current one, so a run of
equal float32 predictions is one segment:

- ``auc`` (``BinaryROCAUC``): the trapezoid |fp - fp'| (tp + tp') / 2 per segment, the sum
  divided by FP * TP (the totals): the exact weighted Mann-Whitney statistic with ties 1/2.
- ``aucpr`` (``BinaryPRAUC``, ``detail::CalcDeltaPRAUC``): per segment with tp != tp', the
  integral of precision over recall along the straight line in (tp, fp) space (Davis &
  Goadrich's interpolation, continuous): with h = (fp - fp') / (tp - tp'), a = 1 + h,
  b = (fp' - h tp') / TP and r = tp / TP,
  (r - r') / a - (b / a**2) ln((a r + b) / (a r' + b)), where a r + b = (tp + fp) / TP;
  the log term is dropped when b = 0.  A segment with tp = tp' adds 0.  The first
  segment starts at (0, 0), so recall runs from 0 at the first group's precision.

The twins compute these formulas exactly on the inputs as xgboost holds them:
``y_score`` and ``sample_weight`` converted to float32 (as numpy's ``astype`` rounds, as
``DMatrix`` does), labels 0 and 1.  ``auc`` returns a ``Fraction``, ``aucpr`` a
:class:`~rocpr_exact.exact.closedform.ClosedForm` (a rational plus rational multiples of
logarithms).  xgboost itself is never imported.

Where xgboost returns nan (no positive or no negative of nonzero weight) the twins return the
float nan (:data:`~rocpr_exact.profiles.one_class.NAN`) with xgboost's warning ("Dataset is
empty, or contains only positive or negative samples.", logged by ``src/metric/auc.cc``) as an
:class:`OneClassWarning`.  Refused
with one line: empty input, labels other than 0 and 1 (xgboost reads fractional labels
as soft labels: not modelled), negative weights (xgboost raises), NaN or infinite values
after the float32 conversion (a float64 score past float32's range becomes infinite).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, TypeAlias

import numpy as np

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.limits import check_examples
from rocpr_exact.profiles.examples import twin_metric
from rocpr_exact.profiles.ieee import double_seen, exact_values
from rocpr_exact.profiles.model import ToolMetrics
from rocpr_exact.profiles.one_class import NAN, warn_one_class

__all__ = ["auc", "aucpr", "segments"]

VERSION = "xgboost 3.2.0"
#: xgboost's warning when a class has no weight (``src/metric/auc.cc``, ``EvalAUC``)
ONE_CLASS = "Dataset is empty, or contains only positive or negative samples."
#: (fp', fp, tp', tp): the weighted counts before and after one group of equal predictions
Segment: TypeAlias = tuple[Fraction, Fraction, Fraction, Fraction]


def _vector(values: Any, what: str) -> Any:
    array = np.asarray(values)
    if array.ndim != 1:
        raise InvalidInputError(f"{what} must be 1-D, got shape {array.shape}")
    return array


def _read(y_true: Any, y_score: Any, sample_weight: Any) -> list[tuple[Fraction, int, Fraction]]:
    labels = _vector(y_true, "y_true")
    scores = _vector(y_score, "y_score")
    n = len(labels)
    if n == 0:
        raise InvalidInputError(f"y_true is empty: {VERSION} returns nan (empty dataset)")
    if len(scores) != n:
        raise InvalidInputError(f"y_score has {len(scores)} values, y_true {n}")
    check_examples(n, "xgboost twin")
    if labels.dtype.kind not in "biuf" or any(v not in (0, 1) for v in labels.tolist()):
        raise InvalidInputError(
            "y_true must hold 0 and 1 (fractional labels, soft labels to xgboost, are not modelled)"
        )
    if scores.dtype.kind not in "biuf":
        raise InvalidInputError(f"y_score must hold numbers, got dtype {scores.dtype}")
    with np.errstate(over="ignore"):  # past float32's range: infinite, refused just below
        exact = exact_values(scores, "float32", "y_score (as float32)")
    if sample_weight is None:
        weights = [Fraction(1)] * n
    else:
        array = _vector(sample_weight, "sample_weight")
        if len(array) != n or array.dtype.kind not in "biuf":
            raise InvalidInputError(f"sample_weight must hold one number per example ({n})")
        with np.errstate(over="ignore"):
            weights = exact_values(array, "float32", "sample_weight (as float32)")
        if any(w < 0 for w in weights):
            raise InvalidInputError(f"sample_weight holds a negative weight: {VERSION} raises")
    return list(zip(exact, (int(v) for v in labels.tolist()), weights, strict=True))


def segments(y_true: Any, y_score: Any, sample_weight: Any = None) -> tuple[Segment, ...]:
    """The segments ``BinaryAUC`` integrates: one per distinct float32 prediction, decreasing.

    Each is (fp', fp, tp', tp), the weighted counts before and after the group; the first
    starts at (0, 0), the last ends at the totals (FP, TP).  Linear in the number of
    examples after an O(n log n) sort.

    >>> [tuple(map(str, s)) for s in segments([0, 1, 1], [0.5, 0.75, 0.5])]
    [('0', '0', '0', '1'), ('0', '1', '1', '2')]
    """
    groups: dict[Fraction, list[Fraction]] = {}
    for score, label, weight in _read(y_true, y_score, sample_weight):
        groups.setdefault(score, [Fraction(0), Fraction(0)])[label] += weight
    out: list[Segment] = []
    fp, tp = Fraction(0), Fraction(0)
    for score in sorted(groups, reverse=True):
        negative, positive = groups[score]
        out.append((fp, fp + negative, tp, tp + positive))
        fp, tp = fp + negative, tp + positive
    return tuple(out)


def _totals(parts: tuple[Segment, ...]) -> tuple[Fraction, Fraction] | None:
    """The totals (FP, TP), or None (xgboost's nan, warned) when one of them is 0."""
    _, fp, _, tp = parts[-1]
    if tp <= 0 or fp <= 0:
        warn_one_class(VERSION, ONE_CLASS, stacklevel=4)
        return None
    return fp, tp


def auc(y_true: Any, y_score: Any, sample_weight: Any = None) -> Fraction | float:
    """xgboost's ``eval_metric="auc"`` for binary labels, exactly.

    sum over segments of (fp - fp') (tp + tp') / 2, divided by FP * TP.  Hand-derived:
    scores 0.1, 0.4, 0.35, 0.8 with labels 0, 0, 1, 1: of the 4 (positive, negative)
    pairs, 3 are ordered right, so 3/4.

    >>> auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    Fraction(3, 4)

    Only one class of nonzero weight: nan, as xgboost returns, with its warning (an
    OneClassWarning).  Raises InvalidInputError.  O(n log n).
    """
    parts = segments(y_true, y_score, sample_weight)
    totals = _totals(parts)
    if totals is None:
        return NAN
    fp, tp = totals
    area = sum(((b - a) * (d + c) / 2 for a, b, c, d in parts), Fraction(0))
    return area / (fp * tp)


def aucpr(y_true: Any, y_score: Any, sample_weight: Any = None) -> ClosedForm | float:
    """xgboost's ``eval_metric="aucpr"`` for binary labels, exactly.

    Per segment with tp != tp': (r - r') / a - (b / a**2) ln((tp + fp) / (tp' + fp')) with
    h = (fp - fp') / (tp - tp'), a = 1 + h, b = (fp' - h tp') / TP, r = tp / TP.
    Hand-derived: scores 0.8, 0.4, 0.35 with labels 1, 0, 1: the first segment is a
    rectangle of precision 1 up to recall 1/2; the last goes from (tp, fp) = (1, 1) to
    (2, 1): h = 0, a = 1, b = 1/2, so 1/2 - (1/2) ln(3/2).  Total 1 - ln(3/2)/2.

    >>> value = aucpr([1, 0, 1], [0.8, 0.4, 0.35])
    >>> value == 1 - ClosedForm.log(Fraction(3, 2), Fraction(1, 2))
    True

    Only one class of nonzero weight: nan with xgboost's warning, as for :func:`auc`.
    Raises InvalidInputError.  O(n log n); the result has one logarithm per segment with b != 0.
    """
    parts = segments(y_true, y_score, sample_weight)
    totals = _totals(parts)
    if totals is None:
        return NAN
    _, positives = totals
    pieces: list[ClosedForm | Fraction] = []
    for fp_prev, fp, tp_prev, tp in parts:
        if tp == tp_prev:
            continue
        h = (fp - fp_prev) / (tp - tp_prev)
        a = 1 + h
        b = (fp_prev - h * tp_prev) / positives
        pieces.append((tp - tp_prev) / positives / a)
        if b:
            pieces.append(ClosedForm.log((tp + fp) / (tp_prev + fp_prev), -b / (a * a)))
    return ClosedForm.sum(pieces)


# -- the metric table (report --profile xgboost, compute_metric("xgboost.<metric>")) ----------

#: xgboost 3.2's binary ``auc`` and ``aucpr`` of a curve: the twins on its examples, the scores
#: as doubles (xgboost makes them float32), unweighted (docs/profiles/xgboost.md).
CURVE_METRICS = ToolMetrics(
    "xgboost",
    double_seen,
    {
        "auc": twin_metric(
            "xgboost",
            lambda scores, labels: auc(labels, scores),
            both="xgboost auc (which returns nan here, with a warning)",
        ),
        "aucpr": twin_metric(
            "xgboost",
            lambda scores, labels: aucpr(labels, scores),
            both="xgboost aucpr (which returns nan here, with a warning)",
        ),
    },
    description=(
        "xgboost 3.2: eval_metric auc and aucpr, binary, unweighted, predictions as float32."
    ),
    closed_forms=frozenset(["aucpr"]),
)
