"""Exact twins of the R package pROC 1.18.0: ``auc`` and ``roc`` (``R/roc.R``, ``R/auc.R``).

The base of :mod:`rocpr_exact.profiles.proc`: the input as pROC sees it and the curve
(:class:`Roc`), which the inference twins of :mod:`~rocpr_exact.profiles.proc.delong` read.

``auc(response, predictor, ...)`` has pROC's parameters with R's dots written as underscores
(``partial_auc``, ``partial_auc_focus``, ``partial_auc_correct``,
``allow_invalid_partial_auc_correct``); ``percent``, smoothing and confidence intervals are
not modelled.  The input as pROC sees it:

* ``levels`` (default: the sorted distinct values of ``response``, R's
  ``levels(as.factor(response))``; with more than two the first two, as pROC warns): the
  first is the control level, the second the case level; other examples are dropped.
  Missing values (None, NaN) in either vector drop the example (``na.rm = TRUE``).
* ``predictor`` as R doubles.  ``direction="auto"`` is ``"<"`` (cases score higher) when
  median(controls) <= median(cases), else ``">"`` (medians exact here; R's median of an even
  count rounds the mean of the two middle values).
* The curve has one point per distinct predictor value (pROC's thresholds are midpoints, so
  tied values are one threshold: a tie group is one diagonal segment).  The thresholds are
  the doubles R computes, bit for bit: ``(a + b)/2``, or ``a/2 + b/2`` where that is beyond
  1e100 in magnitude (``a + b`` overflowing to Inf near the largest double), each operation
  rounded to nearest, ties to even (so halving a subnormal rounds), then pROC's near-tie fix.

The areas (``auc.roc``):

* full: trapezoids over (specificity, sensitivity) = :func:`~rocpr_exact.areas.auc.auc_roc`
  (Mann-Whitney, ties 1/2) of the oriented scores;
* ``partial_auc=(a, b)`` (sorted, so either order; values at their binary value): with
  ``partial_auc_focus="specificity"`` the integral of sensitivity over specificity in
  [min, max], i.e. of TPR over FPR in [1 - max, 1 - min]; with ``"sensitivity"`` the
  integral of specificity over sensitivity in [min, max]
  (:func:`~rocpr_exact.areas.partial.partial_auc_roc`, FPR or TPR focus; pROC interpolates
  linearly at the bounds, as the polyline does);
* ``partial_auc_correct=True``: (1 + (A - m) / (M - m)) / 2 with M = max - min and
  m = (2 - min - max)(max - min) / 2 (``roc.utils.min.partial.auc``), the chance diagonal's
  area for either focus.  That is McClish's correction on the FPR range [1 - max, 1 - min]
  for both foci (:func:`~rocpr_exact.areas.partial.mcclish`).  pROC returns NA (with a
  warning) when A < m: the twin returns ``None`` unless
  ``allow_invalid_partial_auc_correct=True``.

Where pROC stops (no control or no case, fewer than two levels) the twin raises
:class:`NoNegativesError` / :class:`NoPositivesError` / :class:`InvalidInputError`; where
pROC returns NaN (an infinite predictor value) it raises :class:`InvalidInputError`.
docs/profiles/proc.md gives the rounding bound.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Any, Literal

import numpy as np

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.partial import mcclish, partial_auc_roc
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import (
    InvalidInputError,
    NoNegativesError,
    NoPositivesError,
    NotRepresentableError,
)
from rocpr_exact.profiles.arguments import classes, flag, is_one_of, vector
from rocpr_exact.profiles.examples import twin_metric
from rocpr_exact.profiles.ieee import FLOAT64, double_seen, exact_values, round_binary, to_double
from rocpr_exact.profiles.model import ToolMetrics

__all__ = ["CURVE_METRICS", "Roc", "auc", "is_na", "roc"]

Direction = Literal["auto", "<", ">"]
Focus = Literal["specificity", "sensitivity"]


@dataclass(frozen=True, slots=True)
class Roc:
    """``roc(...)``'s coordinates as pROC sorts them (specificity increasing).

    ``thresholds`` are pROC's midpoints (binary64, with +-inf at the ends); ``direction``
    and ``levels`` are the ones pROC settled on.  ``response`` (1 for a case, 0 for a control)
    and ``predictor`` (the doubles' exact values) are the examples pROC kept, in input order:
    what ``var``, ``cov``, ``ci.auc`` and ``roc.test`` read
    (:mod:`rocpr_exact.profiles.proc.delong`).  ``original_response`` and
    ``original_predictor`` are the two vectors as given (NA included), which pROC keeps for
    ``are.paired``.
    """

    thresholds: tuple[Fraction | float, ...]
    sensitivities: tuple[Fraction, ...]
    specificities: tuple[Fraction, ...]
    direction: str
    levels: tuple[Any, Any]
    auc: Fraction
    response: tuple[int, ...] = ()
    predictor: tuple[Fraction, ...] = ()
    original_response: tuple[Any, ...] = ()
    original_predictor: tuple[Any, ...] = ()


def is_na(value: Any) -> bool:
    """R's ``is.na``: None (NA) or NaN."""
    return value is None or value != value  # None or NaN


def _median(values: list[Fraction]) -> Fraction:
    ordered = sorted(values)
    half = len(ordered) // 2
    return ordered[half] if len(ordered) % 2 else (ordered[half - 1] + ordered[half]) / 2


def _prepared(
    response: Iterable[Any], predictor: Iterable[Any], direction: str, levels: Any
) -> tuple[Curve, list[Fraction], str, tuple[Any, Any], list[tuple[int, Fraction]]]:
    """The oriented curve, the distinct predictor values, the direction, the levels and the
    kept examples (1 for a case, the double's value)."""
    if not is_one_of(direction, ("auto", "<", ">")):
        raise InvalidInputError(f"direction must be 'auto', '<' or '>', got {direction!r}")
    responses, predictors = vector(response, "response"), vector(predictor, "predictor")
    if len(responses) != len(predictors):
        raise InvalidInputError("Response and predictor must be vectors of the same length.")
    if any(isinstance(p, bool | str) for p in predictors):
        raise InvalidInputError("predictor must be numeric (pROC stops here)")
    try:  # R doubles (beyond the double range: +-Inf); None is NA
        doubles = np.asarray(
            [np.nan if p is None else to_double(p, "predictor") for p in predictors]
        )
    except (TypeError, ValueError):
        raise InvalidInputError("predictor must be numeric (pROC stops here)") from None
    pairs = [
        (r, p)
        for r, p, missing in zip(
            responses, doubles.tolist(), np.isnan(doubles).tolist(), strict=True
        )
        if not (missing or is_na(r))
    ]
    if levels is None:
        found = classes([r for r, _ in pairs], "response", "pROC")
        if len(found) < 2:
            raise InvalidInputError("'response' must have two levels (pROC stops here)")
        levels = (found[0], found[1])
    elif len(levels := vector(levels, "levels")) != 2:
        raise InvalidInputError("'levels' argument must have length 2")
    control, case = levels
    kept: list[tuple[int, Fraction]] = []
    for r, p in pairs:
        if r in (control, case):
            if np.isinf(p):
                raise InvalidInputError("an infinite predictor value: pROC returns NaN")
            kept.append((1 if r == case else 0, Fraction(p)))  # the double's exact value
    controls = [p for label, p in kept if label == 0]
    cases = [p for label, p in kept if label == 1]
    if not controls:
        raise NoNegativesError("No control observation (pROC stops here)")
    if not cases:
        raise NoPositivesError("No case observation (pROC stops here)")
    if direction == "auto":
        direction = "<" if _median(controls) <= _median(cases) else ">"
    sign = 1 if direction == "<" else -1
    curve = Curve.from_scores([sign * p for _, p in kept], [label for label, _ in kept])
    return curve, sorted({p for _, p in kept}), direction, (control, case), kept


def _partial(
    curve: Curve, partial_auc: Any, focus: str, correct: bool, allow_invalid: bool
) -> Fraction | None:
    if not is_one_of(focus, ("specificity", "sensitivity")):
        raise InvalidInputError(
            f"partial_auc_focus must be 'specificity' or 'sensitivity', got {focus!r}"
        )
    bounds = vector(partial_auc, "partial_auc") if not isinstance(partial_auc, bool) else []
    if len(bounds) != 2 or not all(isinstance(b, int | float) for b in bounds):
        raise InvalidInputError(f"partial_auc must be False or two numbers, got {partial_auc!r}")
    low, high = sorted(exact_values(bounds, "float64", "partial_auc"))
    if focus == "specificity":
        area = partial_auc_roc(curve, 1 - high, 1 - low, focus="fpr")
    else:
        area = partial_auc_roc(curve, low, high, focus="tpr")
    if not correct:
        return area
    least = (2 - low - high) * (high - low) / 2  # roc.utils.min.partial.auc
    if area < least and not allow_invalid:
        return None  # pROC: NA with "Partial AUC correction not defined ..."
    return mcclish(area, 1 - high, 1 - low)


def auc(
    response: Iterable[Any],
    predictor: Iterable[Any],
    direction: Direction = "auto",
    levels: Any = None,
    partial_auc: Any = False,
    partial_auc_focus: Focus = "specificity",
    partial_auc_correct: bool = False,
    allow_invalid_partial_auc_correct: bool = False,
) -> Fraction | None:
    """pROC's ``auc(response, predictor, ...)``, exactly; None where pROC returns NA.

    Conventions in the module notes.  O(n log n).

    Controls 0.1, 0.4 and 0.35, cases 0.8 and 0.35 (pairs won 5 of 6, one tie):

    >>> auc([0, 0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8, 0.35])
    Fraction(3, 4)
    >>> auc([0, 1], [0.9, 0.1])   # "auto": controls > cases, so direction ">"
    Fraction(1, 1)
    >>> auc([0, 0, 1, 1], [1, 2, 3, 4], partial_auc=(1, 0.8), partial_auc_correct=True)
    Fraction(1, 1)
    """
    flag(partial_auc_correct, "partial_auc_correct")
    flag(allow_invalid_partial_auc_correct, "allow_invalid_partial_auc_correct")
    curve = _prepared(response, predictor, direction, levels)[0]
    if partial_auc is False:
        return auc_roc(curve)
    return _partial(
        curve,
        partial_auc,
        partial_auc_focus,
        partial_auc_correct,
        allow_invalid_partial_auc_correct,
    )


#: R's double ``1e100`` (``roc.utils.thresholds`` switches to a/2 + b/2 above it).
_SWITCH = round_binary(Fraction(10**100), FLOAT64)


def _r_double(x: Fraction) -> Fraction | float:
    """What one R operation with exact result ``x`` stores: the nearest double (ties to even),
    +-Inf past the largest (IEEE overflow)."""
    try:
        return round_binary(x, FLOAT64)
    except NotRepresentableError:
        return np.inf if x > 0 else -np.inf


def _midpoint(a: Fraction, b: Fraction) -> Fraction | float:
    """R's ``ifelse(abs((a + b)/2) > 1e100, a/2 + b/2, (a + b)/2)``, each operation rounded."""
    total = _r_double(a + b)  # +-Inf past the largest double, and then so is (a + b)/2
    if isinstance(total, Fraction):
        mid = round_binary(total / 2, FLOAT64)
        if abs(mid) <= _SWITCH:
            return mid
    # a/2 and b/2 are doubles whose sum stays within the largest
    return _r_double(round_binary(a / 2, FLOAT64) + round_binary(b / 2, FLOAT64))


def _thresholds(values: list[Fraction], direction: str) -> list[Fraction | float]:
    """``roc.utils.thresholds``: R's binary64 midpoints of distinct values (:func:`_midpoint`),
    +-Inf at the ends, with pROC's near-tie fix (a midpoint that rounds onto a value)."""
    inner: list[Fraction | float] = []
    for a, b in pairwise(values):
        mid = _midpoint(a, b)
        if mid == a and direction == "<":  # pROC's near-tie fix
            mid = b
        elif mid == b and direction == ">":
            mid = a
        inner.append(mid)
    return [-np.inf, *inner, np.inf]  # R's -Inf and Inf


def roc(
    response: Iterable[Any],
    predictor: Iterable[Any],
    direction: Direction = "auto",
    levels: Any = None,
) -> Roc:
    """pROC's ``roc(response, predictor, ...)`` coordinates and ``auc``, exactly.

    Point i (specificity increasing) uses threshold i; sensitivities and specificities are
    TP / cases and TN / controls.  O(n log n).

    >>> r = roc([0, 0, 1, 1], [1, 2, 2, 3])
    >>> r.thresholds, r.sensitivities, r.specificities
    ((-inf, Fraction(3, 2), Fraction(5, 2), inf), (Fraction(1, 1), Fraction(1, 1), \
Fraction(1, 2), Fraction(0, 1)), (Fraction(0, 1), Fraction(1, 2), Fraction(1, 1), Fraction(1, 1)))
    """
    responses, predictors = vector(response, "response"), vector(predictor, "predictor")
    curve, values, settled, found, kept = _prepared(responses, predictors, direction, levels)
    cuts = _thresholds(values, settled)
    if settled == ">":
        cuts.reverse()
    p, n = curve.positives, curve.negatives
    tps, fps = list(reversed(curve.tps)), list(reversed(curve.fps))
    return Roc(
        tuple(cuts),
        tuple(Fraction(tp, p) for tp in tps),
        tuple(Fraction(n - fp, n) for fp in fps),
        settled,
        found,
        auc_roc(curve),
        tuple(label for label, _ in kept),
        tuple(value for _, value in kept),
        tuple(responses),
        tuple(predictors),
    )


# -- the metric table (report --profile proc, compute_metric("proc.<metric>")) ----------------

#: pROC 1.18.0's ``auc(labels, scores)`` of a curve, with pROC's defaults (``direction="auto"``:
#: reversed when the negatives' median is above the positives'): the twin on its examples,
#: scores as R doubles (docs/profiles/proc.md).
CURVE_METRICS = ToolMetrics(
    "proc",
    double_seen,
    {
        "auc": twin_metric(
            "proc",
            lambda scores, labels: auc(labels, scores),
            both="pROC auc (which stops: no control or no case)",
        )
    },
    description=(
        "R package pROC 1.18.0: auc(response, predictor) with its defaults (direction auto)."
    ),
)
