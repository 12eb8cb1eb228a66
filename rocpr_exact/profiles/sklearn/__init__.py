"""Exact twins of scikit-learn's ranking metrics (checked against scikit-learn 1.9.1).

Each twin has sklearn's name and parameters and returns what sklearn would return if it made
no rounding error: ``roc_auc_score`` (binary, multiclass ``ovr``/``ovo``, multilabel, with
``max_fpr`` and ``sample_weight``), ``average_precision_score`` (binary, multiclass,
multilabel, every ``average``), and the curves ``roc_curve``, ``precision_recall_curve`` and
``det_curve`` (:mod:`rocpr_exact.profiles.sklearn.curves`).

"As sklearn sees the input" (:mod:`rocpr_exact.profiles.sklearn.view`): ``y_score`` keeps
the dtype ``np.asarray`` gives it and each value its exact value (float64 scores at their
binary value, int64 scores as integers), ``y_true`` is read with sklearn's target types and
label conventions, ``sample_weight`` must be non-negative numbers (an integer weight w is w
replicated rows; floats at their binary value, scaled with the other weights to integers).
Where sklearn warns and returns nan (one class in ``y_true``, or one class of nonzero weight)
the twins return the float nan (:data:`~rocpr_exact.profiles.one_class.NAN`) with sklearn's
warning as an :class:`OneClassWarning` (also of sklearn's class: ``UndefinedMetricWarning``
once ``sklearn.exceptions`` is imported, numpy's ``RuntimeWarning``); where it warns and
returns a conventional value (AP 0.0 without positives) they return that value, warned; where
sklearn refuses, they raise :class:`InvalidInputError`, also of sklearn's built-in class
(``NotImplementedError``, ``TypeError``, ``ZeroDivisionError``), in sklearn's words.
docs/profiles/sklearn.md lists every rule and how far sklearn's floats may be from the twins.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any, TypeAlias

from rocpr_exact.areas.auc import auc_pr, auc_roc
from rocpr_exact.areas.partial import partial_auc_roc
from rocpr_exact.core.curve import Curve
from rocpr_exact.core.data import Score
from rocpr_exact.errors import InvalidInputError, NoPositivesError
from rocpr_exact.exact.binary64 import round_binary32, round_ieee
from rocpr_exact.exact.sums import sum_ratios
from rocpr_exact.profiles.arguments import is_one_of, vector
from rocpr_exact.profiles.model import ProfileData, ToolMetrics, Value, curve_of
from rocpr_exact.profiles.sklearn.curves import det_curve, precision_recall_curve, roc_curve
from rocpr_exact.profiles.sklearn.multiclass import (
    AVERAGES,
    Average,
    BinaryMetric,
    Outcome,
    average_binary_score,
    indicator,
    multiclass_roc_auc,
)
from rocpr_exact.profiles.sklearn.view import (
    INF,
    NO_NEGATIVE_RATE,
    NO_POSITIVE_RATE,
    ONLY_ONE_CLASS,
    RECALL_ONE,
    Infinity,
    binary_curve,
    check_consistent_length,
    exact_column,
    invalid_parameter,
    one_class,
    pos_label_of,
    require_label,
    score_array,
    target_of,
    weights_of,
)

__all__ = [
    "CURVE_METRICS",
    "INF",
    "Infinity",
    "average_precision_score",
    "curve_as_seen",
    "det_curve",
    "precision_recall_curve",
    "roc_auc_score",
    "roc_curve",
]


def curve_as_seen(
    y_true: Iterable[Any], y_score: Iterable[Any], sample_weight: Any = None
) -> Curve:
    """The curve of 0/1 data as sklearn sees it: scores at the exact values of their dtype.

    >>> curve_as_seen([0, 1], [2**53 + 1, 2**53]).tps   # int64: no tie, as in sklearn
    (0, 0, 1)
    >>> curve_as_seen([0, 1], [2.0**53 + 1, 2**53]).tps  # float64: one tie group
    (0, 1)
    """
    scores = score_array(y_score)
    if scores.ndim != 1:
        raise InvalidInputError(f"y_score must be 1-D, got shape {scores.shape}")
    values = exact_column(scores)
    labels = vector(y_true, "y_true")
    weights = weights_of(sample_weight, len(values))
    return Curve.from_scores(values, labels, weights=weights)


def _check_average(average: Any, function: str) -> None:
    if not is_one_of(average, AVERAGES):
        options = "a str among {'macro', 'micro', 'samples', 'weighted'} or None"
        raise invalid_parameter("average", function, options, average)


#: A rounding to a float format: the float16 or float32 nearest an exact value.
Rounding: TypeAlias = Callable[[Fraction], Fraction]
#: ``max_fpr`` m, and the format of sklearn's McClish correction (None: float64, not modelled).
MaxFpr: TypeAlias = tuple[Fraction, Rounding | None]


def _float16(value: Fraction) -> Fraction:
    return round_ieee(value, 11, -24, 16)


#: numpy's small floats by itemsize: their arithmetic stays in their own format (NEP 50).
_SMALL_FLOATS: dict[int, Rounding] = {2: _float16, 4: round_binary32}


def _max_fpr(max_fpr: Any) -> MaxFpr | None:
    """``max_fpr`` at its exact value, and the format numpy computes McClish's correction in:
    float16 or float32 for a numpy scalar of that dtype, else None; None for None or 1
    (sklearn's full area)."""
    if max_fpr is None:
        return None
    try:
        m = Fraction(score_array([max_fpr], what="max_fpr").astype("float64").tolist()[0])
    except (InvalidInputError, TypeError, ValueError):
        m = Fraction(-1)
    if not 0 < m <= 1:
        raise invalid_parameter(
            "max_fpr", "roc_auc_score", "a float in the range (0.0, 1.0] or None", max_fpr
        )
    if m == 1:
        return None
    dtype: Any = getattr(max_fpr, "dtype", None)
    return m, _SMALL_FLOATS.get(dtype.itemsize) if getattr(dtype, "kind", "") == "f" else None


def _roc_area(curve: Curve, max_fpr: MaxFpr | None) -> Fraction:
    """``auc(fpr, tpr)``, or with ``max_fpr`` m McClish's correction of the area A over FPR
    [0, m] (sklearn cuts the curve at m with np.interp, the same straight segment).

    sklearn computes ``0.5 * (1 + (A - min_area) / (max_area - min_area))`` with
    ``min_area = 0.5 * m**2`` and ``max_area = m``: exactly 1/2 (1 + (A - m**2/2) / (m -
    m**2/2)) when m is a float64.  When m is a numpy float32 (or float16), every step is in m's
    format: ``m**2`` is a float32, and ``auc`` returns A as a Python float, which numpy rounds
    to float32 before subtracting the float32 min_area (NEP 50), so each step is rounded here as
    numpy rounds it and the result is the float32 sklearn returns.  (A is exact, not its float64
    value first: the two round to different float32s only if A lies within 2**-53 relative of a
    midpoint between two float32s.)
    """
    if max_fpr is None:
        return auc_roc(curve)
    m, rounded = max_fpr
    area = partial_auc_roc(curve, 0, m)
    if rounded is None:
        return (1 + (area - m * m / 2) / (m - m * m / 2)) / 2
    least = rounded(rounded(m * m) / 2)  # min_area = 0.5 * max_fpr**2
    ratio = rounded(rounded(rounded(area) - least) / rounded(m - least))
    return rounded(rounded(1 + ratio) / 2)


def _roc_auc_metric(max_fpr: MaxFpr | None) -> BinaryMetric:
    """``_binary_roc_auc_score``: nan unless y_true has two values (warned "Only one class"),
    nan without a positive or negative of nonzero weight (``roc_curve``'s warning);
    pos_label as roc_curve's."""

    def metric(values: list[Any], scores: list[Score], weights: list[int] | None) -> Outcome:
        if len(set(values)) != 2:
            return one_class(ONLY_ONE_CLASS)
        pos = pos_label_of(None, values)
        curve = binary_curve([v == pos for v in values], scores, weights)
        if curve.positives == 0:
            return one_class(NO_POSITIVE_RATE)
        if curve.negatives == 0:
            if max_fpr is not None:  # fpr is all nan, so sklearn cuts the curve to one point
                raise InvalidInputError(
                    "At least 2 points are needed to compute area under curve, but x.shape = 1 "
                    "(no negative of nonzero weight, so fpr is nan and max_fpr keeps one point)"
                )
            return one_class(NO_NEGATIVE_RATE)
        return _roc_area(curve, max_fpr)

    return metric


def _one_column(scores: Any, truth: Any, sample_weight: Any) -> list[Score]:
    """A 1-D y_score (an (n, 1) column raveled, as ``column_or_1d`` does), one score per label
    of ``truth``, in sklearn's words when it is not."""
    if scores.ndim == 2 and scores.shape[1] == 1:
        scores = scores.ravel()
    if scores.ndim != 1:
        raise InvalidInputError(
            f"y should be a 1d array, got an array of shape {scores.shape} instead. (y_score "
            "must be 1-D for binary y_true)"
        )
    check_consistent_length(truth, scores, sample_weight)
    return exact_column(scores)


def roc_auc_score(
    y_true: Any,
    y_score: Any,
    *,
    average: str | None = "macro",
    sample_weight: Any = None,
    max_fpr: Any = None,
    multi_class: str = "raise",
    labels: Any = None,
) -> Average:
    """sklearn 1.9.1 ``roc_auc_score``, exactly: ``auc(fpr, tpr)`` over ``roc_curve``.

    Binary ``y_true`` (the greater of its two labels is positive, as ``label_binarize``
    makes it): the trapezoid area under the ROC polyline (a tie group is one diagonal
    segment); with ``max_fpr`` (its float64 value m, 0 < m <= 1) the partial area A up to
    fpr = m, then McClish's 1/2 (1 + (A - m**2/2) / (m - m**2/2)).  Multiclass ``y_true``, or a
    2-D ``y_score`` of more than two columns: ``multi_class="ovr"`` or ``"ovo"``
    (:func:`~rocpr_exact.profiles.sklearn.multiclass.multiclass_roc_auc`).  Multilabel
    indicator ``y_true``: one binary AUC per column, averaged (``max_fpr`` allowed).
    ``average=None`` gives a tuple, one Fraction per class.

    Hand-derived, ovo: y = [0, 1, 2], rows [.6, .3, .1], [.2, .5, .3], [.1, .2, .7]: every
    pair's two AUCs are 1 (each class scores highest on its own row), so the mean is 1.

    >>> roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    Fraction(3, 4)
    >>> roc_auc_score([0, 1, 2], [[.6, .3, .1], [.2, .5, .3], [.1, .2, .7]], multi_class="ovo")
    Fraction(1, 1)
    """
    _check_average(average, "roc_auc_score")
    if not is_one_of(multi_class, ("raise", "ovr", "ovo")):
        options = "a str among {'ovo', 'ovr', 'raise'}"
        raise invalid_parameter("multi_class", "roc_auc_score", options, multi_class)
    m = _max_fpr(max_fpr)
    kind, truth = target_of(y_true)
    scores = score_array(y_score, convert_object=True)
    if kind == "multiclass" or (kind == "binary" and scores.ndim == 2 and scores.shape[1] > 2):
        if m is not None:
            raise InvalidInputError(
                "Partial AUC computation not available in multiclass setting, 'max_fpr' must "
                f"be set to `None`, received `max_fpr={max_fpr}` instead"
            )
        if multi_class == "raise":
            raise InvalidInputError("multi_class must be in ('ovo', 'ovr')")
        return multiclass_roc_auc(
            _roc_auc_metric(None), truth, scores, labels, multi_class, average, sample_weight
        )
    weights = weights_of(sample_weight, len(truth))
    if kind == "binary":
        classes = sorted(set(truth.tolist()))
        if len(classes) != 2:
            _one_column(scores, truth, sample_weight)  # sklearn checks y_score first
            return one_class(ONLY_ONE_CLASS)
        values = [int(v == classes[-1]) for v in truth.tolist()]
        return _roc_auc_metric(m)(values, _one_column(scores, truth, sample_weight), weights)
    return average_binary_score(_roc_auc_metric(m), truth, scores, average, weights)


def _average_precision_metric(pos_label: Any) -> BinaryMetric:
    """AP of one column, 0 without positives (sklearn's value, with its warning)."""

    def metric(values: list[Any], scores: list[Score], weights: list[int] | None) -> Outcome:
        curve = binary_curve([v == pos_label for v in values], scores, weights)
        if curve.positives == 0:
            one_class(RECALL_ONE, stacklevel=5, category=UserWarning)
            return Fraction(0)
        value = auc_pr(curve, "step")
        assert isinstance(value, Fraction)
        return value

    return metric


def average_precision_score(
    y_true: Any,
    y_score: Any,
    *,
    average: str | None = "macro",
    pos_label: Any = 1,
    sample_weight: Any = None,
) -> Average:
    """sklearn 1.9.1 ``average_precision_score``: ``-sum(diff(recall) * precision[:-1])``.

    That is sum over thresholds of (R_n - R_{n-1}) P_n with R_0 = 0 (the ``step`` area), for
    binary ``y_true`` (positive = ``pos_label``), or averaged over the columns of a multilabel
    indicator or of the classes of multiclass ``y_true`` (``pos_label`` must then be 1).  In
    an average a class without positives counts 0, as sklearn computes it; without positives
    (of nonzero weight) the value is 0, with sklearn's warning as an :class:`OneClassWarning`.

    Hand-derived, macro over two labels: column 0 = y [1, 0, 1], scores [.9, .8, .1]: AP =
    1/2 * 1 + 1/2 * 2/3 = 5/6; column 1 = y [0, 1, 1], scores [.2, .7, .6]: AP 1; mean 11/12.

    >>> average_precision_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    Fraction(5, 6)
    >>> average_precision_score([[1, 0], [0, 1], [1, 1]], [[.9, .2], [.8, .7], [.1, .6]])
    Fraction(11, 12)
    """
    _check_average(average, "average_precision_score")
    kind, truth = target_of(y_true)
    present = sorted(set(truth.ravel().tolist()))
    scores = score_array(y_score)
    weights = weights_of(sample_weight, len(truth))
    if kind == "binary":
        if len(present) == 2:
            require_label(pos_label, truth)
        positive = [v == pos_label for v in truth.tolist()]
        curve = binary_curve(positive, _one_column(scores, truth, sample_weight), weights)
        if curve.positives == 0:
            one_class(RECALL_ONE, category=UserWarning)
            return Fraction(0)
        value = auc_pr(curve, "step")
        assert isinstance(value, Fraction)
        return value
    if pos_label != 1:
        raise InvalidInputError(
            f"Parameter pos_label is fixed to 1 for {kind} y_true. Do not set pos_label or set "
            "pos_label to 1."
        )
    if kind == "multiclass":
        matrix: Any = indicator(truth, present)
        if scores.shape != (len(truth), len(present)):
            raise InvalidInputError(
                "`y_score` needs to be of shape `(n_samples, n_classes)`, since `y_true` "
                f"contains multiple classes. Got `y_score.shape={scores.shape}`."
            )
    else:
        matrix = truth
    return average_binary_score(_average_precision_metric(1), matrix, scores, average, weights)


# -- the metric table (report --profile sklearn, compute_metric("sklearn.<metric>")) ---------


def _seen(data: ProfileData) -> Curve:
    """A :class:`Curve` as given (its points are the thresholds); ``(scores, labels)`` as
    sklearn sees them (:func:`curve_as_seen`: numpy's dtype, exact values)."""
    return curve_of(data, lambda scores, labels: curve_as_seen(labels, scores))


def _roc_auc(curve: Curve) -> Fraction:
    curve.require_both_classes("sklearn roc_auc_score (which returns nan here)")
    return auc_roc(curve)


def _need_positives(curve: Curve, what: str) -> None:
    if curve.positives == 0:
        raise NoPositivesError(f"{what} requires at least one positive example")


def _average_precision(curve: Curve) -> Value:
    _need_positives(curve, "sklearn average_precision_score (which returns 0.0 here)")
    return auc_pr(curve, "step")


def _auc_pr_trapezoid(curve: Curve) -> Fraction:
    """``auc(recall, precision)`` on ``precision_recall_curve``: trapezoids from (0, 1).

    Points (R_0, P_0) = (0, 1), then (TP_i / P, TP_i / (TP_i + FP_i)) for each
    threshold, strict to loose; the area is sum (R_i - R_{i-1}) (P_i + P_{i-1}) / 2.
    Every threshold predicts at least one example positive, so each P_i is defined.
    O(number of points) terms, summed exactly.
    """
    _need_positives(curve, "sklearn auc(recall, precision)")
    pairs: list[tuple[int, int]] = []
    prev_tp, prev_num, prev_den = 0, 1, 1  # the synthetic point (recall 0, precision 1)
    for tp, fp in zip(curve.tps[1:], curve.fps[1:], strict=True):
        width = tp - prev_tp
        if width:
            pairs.append((width * tp, tp + fp))
            pairs.append((width * prev_num, prev_den))
        prev_tp, prev_num, prev_den = tp, tp, tp + fp
    return sum_ratios(pairs) / (2 * curve.positives)


#: scikit-learn 1.9's binary, unweighted metrics of a curve (docs/profiles/sklearn.md).
CURVE_METRICS = ToolMetrics(
    "sklearn",
    _seen,
    {
        "roc_auc_score": _roc_auc,
        "average_precision_score": _average_precision,
        "auc_pr_trapezoid": _auc_pr_trapezoid,
    },
    description=(
        "scikit-learn 1.9: roc_auc_score, average_precision_score, auc(recall, precision) on "
        "precision_recall_curve."
    ),
)
