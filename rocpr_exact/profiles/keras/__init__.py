"""Exact twin of keras 3.15's ``keras.metrics.AUC`` (docs/profiles/keras.md).

:func:`auc` takes keras' parameters and returns the exact value of keras' formula on the
inputs as keras holds them: ``y_pred`` and ``sample_weight`` cast to float32, the thresholds
cast to float32, each value exact.  keras itself is never imported.

How keras counts (``metrics_utils.update_confusion_matrix_variables``):

- thresholds: ``num_thresholds`` T gives (i + 1) / (T - 1) for i < T - 2; explicit
  ``thresholds`` are sorted and T is their number plus 2; both get the ends -1e-7 and
  1 + 1e-7 (``backend.epsilon()``), float64, then float32.
- *evenly distributed* thresholds (always for ``num_thresholds``; for explicit ones when
  numpy's ``allclose([0, *t, 1], arange(T, float32) / (T - 1), atol=1e-7)`` holds, decided
  here with numpy's own float32/float64 roundings) are not compared at all: a prediction p,
  clipped to [0, 1], counts at threshold index i >= 1 when fl32(p * (T - 1)) > i (keras'
  bucket ``ceil(p * (T - 1)) - 1``), and at index 0 always.
- otherwise p counts at threshold t when p > t (float32 values, exact comparison).

The result: ``"ROC"`` or ``"PR"`` with ``"minoring"``/``"majoring"``/``"interpolation"``,
a Riemann sum over the T points (rates with keras' ``divide_no_nan``: 0 for 0/0), a
``Fraction``; ``"PR"`` with ``"interpolation"``, keras' ``interpolate_pr_auc`` (the Davis &
Goadrich integral of precision between successive thresholds), a
:class:`~rocpr_exact.exact.closedform.ClosedForm` (a rational plus rational multiples of
logarithms).  No positive (for ROC, or no negative) of nonzero weight: 0, as keras returns
it, with an OneClassWarning.  Refused: labels other than 0 and 1, negative weights, 2-D input
(``multi_label``), ``"PRGAIN"``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, TypeAlias

import numpy as np

from rocpr_exact.core.grid import counts_at_thresholds
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.limits import check_grid_points
from rocpr_exact.profiles.examples import twin_metric
from rocpr_exact.profiles.ieee import FLOAT32, FLOAT64, double_seen, exact_values, round_binary
from rocpr_exact.profiles.model import ToolMetrics
from rocpr_exact.profiles.one_class import warn_one_class

__all__ = ["auc", "confusion_at_thresholds", "keras_thresholds", "pr_interpolation_terms"]

VERSION = "keras 3.15.1"
#: backend.epsilon(), 1e-7 as a double
EPSILON = Fraction(944473296573929, 9444732965739290427392)
#: numpy.allclose's default rtol, 1e-05 as a double
RTOL = Fraction(5902958103587057, 590295810358705651712)
CURVES = ("ROC", "PR")
METHODS = ("interpolation", "minoring", "majoring")
#: (tp, fp, tn, fn) at each threshold, increasing thresholds
Counts: TypeAlias = tuple[tuple[Fraction, ...], ...]
#: (rational, coefficient, argument): one interval's a + c ln(r) of interpolate_pr_auc
Term: TypeAlias = tuple[Fraction, Fraction, Fraction]


def _is_even(values: list[Fraction]) -> bool:
    """``metrics_utils.is_evenly_distributed_thresholds`` on float64 values, exactly.

    numpy 2 computes |x - y| in float64 (y = fl32(i / (T - 1)) promoted) and
    atol + rtol * |y| in float32 (the Python floats are weak scalars), then compares.
    """
    n = len(values)
    if n < 3:
        return False
    atol, rtol = round_binary(EPSILON, FLOAT32), round_binary(RTOL, FLOAT32)
    for i, x in enumerate(values):
        y = round_binary(Fraction(i, n - 1), FLOAT32)
        bound = round_binary(atol + round_binary(rtol * abs(y), FLOAT32), FLOAT32)
        if not (round_binary(abs(x - y), FLOAT64) <= bound or x == y):
            return False
    return True


def keras_thresholds(
    num_thresholds: Any = 200, thresholds: Any = None
) -> tuple[list[Fraction], bool]:
    """keras' thresholds as float32 values (exact), and whether they count as evenly spaced.

    >>> cuts, even = keras_thresholds(3)
    >>> [str(t) for t in cuts[1:]], even
    (['1/2', '8388609/8388608'], True)
    """
    if thresholds is not None:
        chosen = sorted(exact_values(thresholds, "float64", "thresholds"))
        check_grid_points(len(chosen), f"keras' thresholds: {len(chosen):,} grid points, which")
        even = _is_even([Fraction(0), *chosen, Fraction(1)])
    else:
        if isinstance(num_thresholds, bool) or not isinstance(num_thresholds, int):
            raise InvalidInputError(f"num_thresholds must be an int, got {num_thresholds!r}")
        if not 1 < num_thresholds <= 2**24:
            raise InvalidInputError(
                f"num_thresholds must be an integer > 1 (and at most 2**24), got {num_thresholds}"
            )
        check_grid_points(
            num_thresholds,
            f"keras' num_thresholds: {num_thresholds:,} grid points, which",
            "fewer thresholds are faster; ",
        )
        chosen = [
            round_binary(Fraction(i + 1, num_thresholds - 1), FLOAT64)
            for i in range(num_thresholds - 2)
        ]
        even = True
    ends = [round_binary(-EPSILON, FLOAT64), *chosen, round_binary(1 + EPSILON, FLOAT64)]
    return [round_binary(t, FLOAT32) for t in ends], even


def _labels(y_true: Any) -> list[int]:
    array = np.asarray(y_true)
    if array.ndim != 1:
        raise InvalidInputError(
            f"y_true must be 1-D (multi_label is not modelled), got {array.shape}"
        )
    values = array.tolist()
    if any(v not in (0, 1) for v in values):
        raise InvalidInputError("y_true must hold 0 and 1 (keras reads any nonzero as positive)")
    return [int(v) for v in values]


def _weights(sample_weight: Any, n: int) -> list[Fraction]:
    if sample_weight is None:
        return [Fraction(1)] * n
    weights = exact_values(sample_weight, "float32", "sample_weight")
    if np.ndim(sample_weight) != 1 or len(weights) != n:
        raise InvalidInputError(f"sample_weight must have one value per example ({n})")
    if any(w < 0 for w in weights):
        raise InvalidInputError("sample_weight holds a negative weight (not modelled)")
    return weights


def confusion_at_thresholds(
    y_true: Any,
    y_pred: Any,
    *,
    num_thresholds: Any = 200,
    thresholds: Any = None,
    sample_weight: Any = None,
) -> Counts:
    """keras' (tp, fp, tn, fn), exact weighted sums, at its thresholds (increasing).

    >>> counts = confusion_at_thresholds([0, 1], [0.25, 0.75], num_thresholds=3)
    >>> [[str(v) for v in c] for c in counts]
    [['1', '1', '0'], ['1', '0', '0'], ['0', '1', '1'], ['0', '0', '1']]
    """
    labels = _labels(y_true)
    preds = exact_values(y_pred, "float32", "y_pred")
    if np.ndim(y_pred) != 1 or len(preds) != len(labels):
        raise InvalidInputError(f"y_pred must be 1-D with one value per label ({len(labels)})")
    weights = _weights(sample_weight, len(labels))
    cuts, even = keras_thresholds(num_thresholds, thresholds)
    if even:  # bucket = max(ceil(fl32(clip(p) * (T - 1))) - 1, 0): counted at index 0 always,
        # at i >= 1 when fl32(clip(p) * (T - 1)) > i
        top = len(cuts) - 1
        scores = [round_binary(min(max(p, Fraction(0)), Fraction(1)) * top, FLOAT32) for p in preds]
        grid: list[Fraction] = [Fraction(-1), *(Fraction(i) for i in range(1, top + 1))]
    else:
        scores, grid = preds, cuts  # p counts at t when p > t
    tp, fp = counts_at_thresholds(scores, labels, grid, inclusive=False, weights=weights)
    positives = sum((w for y, w in zip(labels, weights, strict=True) if y), Fraction(0))
    negatives = sum((w for y, w in zip(labels, weights, strict=True) if not y), Fraction(0))
    tn = tuple(negatives - v for v in fp)
    fn = tuple(positives - v for v in tp)
    return tuple(Fraction(v) for v in tp), tuple(Fraction(v) for v in fp), tn, fn


def _ratio(num: Fraction, den: Fraction) -> Fraction:
    """``ops.divide_no_nan``: 0 where the denominator is 0."""
    return num / den if den else Fraction(0)


def _interpolation(counts: Counts) -> list[Term]:
    """``AUC.interpolate_pr_auc``: one (a, c, r) per interval, increment a + c ln(r)."""
    tp, fp, _, fn = counts
    p = [a + b for a, b in zip(tp, fp, strict=True)]
    terms = []
    for i in range(len(tp) - 1):
        dtp = tp[i] - tp[i + 1]
        slope = _ratio(dtp, max(p[i] - p[i + 1], Fraction(0)))
        intercept = tp[i + 1] - slope * p[i + 1]
        ratio = _ratio(p[i], p[i + 1]) if p[i] > 0 and p[i + 1] > 0 else Fraction(1)
        total = max(tp[i + 1] + fn[i + 1], Fraction(0))
        terms.append((_ratio(slope * dtp, total), _ratio(slope * intercept, total), ratio))
    return terms


def _check(curve: Any, summation_method: Any) -> tuple[str, str]:
    chosen = str(curve).upper()
    method = str(summation_method).lower()
    if chosen not in CURVES:
        raise InvalidInputError(
            f"curve must be one of {CURVES} (PRGAIN is not modelled), got {curve!r}"
        )
    if method not in METHODS:
        raise InvalidInputError(
            f"summation_method must be one of {METHODS}, got {summation_method!r}"
        )
    return chosen, method


def _counts(y_true: Any, y_pred: Any, curve: str, **options: Any) -> Counts:
    counts = confusion_at_thresholds(y_true, y_pred, **options)
    return counts


def _one_class(counts: Counts, curve: str) -> bool:
    """No positive (or, for ROC, no negative) of nonzero weight: keras' ``divide_no_nan`` makes
    every rate on that axis 0, so every summation method gives 0.0, silently; the twin
    returns 0 and says so with an OneClassWarning."""
    tp, fp, tn, fn = counts
    if tp[0] + fn[0] == 0:
        missing = "no positive"
    elif curve == "ROC" and fp[0] + tn[0] == 0:
        missing = "no negative"
    else:
        return False
    warn_one_class(
        VERSION, f"{missing} of nonzero weight: keras returns 0.0 (without a warning)", 4
    )
    return True


def pr_interpolation_terms(
    y_true: Any,
    y_pred: Any,
    *,
    num_thresholds: Any = 200,
    thresholds: Any = None,
    sample_weight: Any = None,
) -> tuple[Term, ...]:
    """The increments a + c ln(r) of keras' PR interpolation, one per interval."""
    counts = _counts(
        y_true,
        y_pred,
        "PR",
        num_thresholds=num_thresholds,
        thresholds=thresholds,
        sample_weight=sample_weight,
    )
    return tuple(_interpolation(counts))


def auc(
    y_true: Any,
    y_pred: Any,
    *,
    curve: str = "ROC",
    summation_method: str = "interpolation",
    num_thresholds: int = 200,
    thresholds: Any = None,
    sample_weight: Any = None,
) -> Fraction | ClosedForm:
    """``keras.metrics.AUC(...)`` updated once with (y_true, y_pred, sample_weight), exactly.

    Hand-derived: y = [0, 1], p = [0.25, 0.75], T = 3 (thresholds -eps, 1/2, 1 + eps):
    tpr = 1, 1, 0 and fpr = 1, 0, 0, so the trapezoids give 1 * (1 + 1) / 2 = 1.

    >>> auc([0, 1], [0.25, 0.75], num_thresholds=3)
    Fraction(1, 1)
    >>> auc([0, 1], [0.25, 0.75], curve="PR", num_thresholds=3)
    ClosedForm(...)
    """
    chosen, method = _check(curve, summation_method)
    counts = _counts(
        y_true,
        y_pred,
        chosen,
        num_thresholds=num_thresholds,
        thresholds=thresholds,
        sample_weight=sample_weight,
    )
    if _one_class(counts, chosen):
        return Fraction(0)
    if chosen == "PR" and method == "interpolation":
        return ClosedForm.sum(
            ClosedForm.log(r, c) + a if c and r != 1 else ClosedForm.sum([a])
            for a, c, r in _interpolation(counts)
        )
    tp, fp, tn, fn = counts
    recall = [_ratio(a, a + b) for a, b in zip(tp, fn, strict=True)]
    if chosen == "ROC":
        x, y = [_ratio(a, a + b) for a, b in zip(fp, tn, strict=True)], recall
    else:
        x, y = recall, [_ratio(a, a + b) for a, b in zip(tp, fp, strict=True)]
    total = Fraction(0)
    for i in range(len(x) - 1):
        if method == "interpolation":
            height = (y[i] + y[i + 1]) / 2
        else:
            height = min(y[i], y[i + 1]) if method == "minoring" else max(y[i], y[i + 1])
        total += (x[i] - x[i + 1]) * height
    return total


# -- the metric table (report --profile keras, compute_metric("keras.<metric>")) --------------

#: ``keras.metrics.AUC()`` (200 thresholds, interpolation) with ``curve="ROC"`` and
#: ``curve="PR"`` of a curve: the twin on its examples, predictions as Python floats (keras
#: casts them to float32 and clips them to [0, 1]; its thresholds read the values, not only
#: their order) (docs/profiles/keras.md).
CURVE_METRICS = ToolMetrics(
    "keras",
    double_seen,
    {
        "auc_roc": twin_metric(
            "keras",
            lambda scores, labels: auc(labels, scores),
            both="keras AUC ROC (which returns 0 here, with a warning)",
        ),
        "auc_pr": twin_metric(
            "keras",
            lambda scores, labels: auc(labels, scores, curve="PR"),
            positives="keras AUC PR (which returns 0 here, with a warning)",
        ),
    },
    description=(
        "keras 3.15: keras.metrics.AUC() (200 thresholds, interpolation), curve ROC and PR, "
        "predictions as float32."
    ),
    closed_forms=frozenset(["auc_pr"]),
)
