"""Exact twins of the R package PRROC 1.4: ``roc.curve`` and ``pr.curve`` (``R/PRROC.R``).

``roc_curve`` and ``pr_curve`` take PRROC's parameters with R's dots written as underscores:
``scores_class0`` are the positives' scores (the foreground), ``scores_class1`` the
negatives' scores (its default is ``scores_class0``), ``weights_class0`` the positive
weights (soft labels) and ``weights_class1`` the negative weights (default 1 - weights_class0,
computed in binary64 as R does).  Every score and weight is taken as the R double it becomes.

PRROC reads its input in one of two ways (``compute.pr`` / ``compute.roc``):

* no weights and two *different* score vectors (after each is sorted): ``scores_class0``
  are positives, ``scores_class1`` negatives; the Davis-Goadrich area is computed;
* otherwise (weights given, or the two sorted vectors identical): every score i counts
  ``weights_class0[i]`` as positive and every score j of ``scores_class1`` counts
  ``weights_class1[j]`` as negative (weights default to 1).  The Davis-Goadrich area is NA
  (``None`` here) unless both vectors are identical, every weight is 0 or 1 and
  weights_class0 = 1 - weights_class1 element by element; so ``pr_curve(s, s)`` (or
  ``pr_curve(s)``) counts each score once as a positive and once as a negative and has no
  Davis-Goadrich area.

Tie groups are one threshold (PRROC keeps the last cumulative weight of each run of equal
scores).  The areas, on the curve of those weighted counts (scaled to integers, which
changes no rate):

* ``roc_curve(...).auc``: trapezoids from (0, 0) = :func:`~rocpr_exact.areas.auc.auc_roc`.
* ``pr_curve(...).auc_integral``: the integral of precision over recall along the PR image
  of each straight segment, from recall 0 = ``auc_pr(curve, "continuous")`` (a closed form
  with logarithms).
* ``pr_curve(...).auc_davis_goadrich``: a trapezoid per segment whose TP grows by one or
  whose end precisions are equal, the Davis-Goadrich interpolation at every integer TP
  otherwise, and a rectangle at the first point's precision from (0, 0) =
  ``auc_pr(curve, "davis-goadrich")`` (recall-0 "limit" convention).

The tool differs from these values only by its binary64 rounding (docs/profiles/prroc.md).
Where PRROC returns NaN (no positive weight; for ROC no negative weight), silently (PRROC 1.4
run by scripts/record_prroc_one_class.R, tests/data/prroc_one_class_recorded.json), ``roc_curve``
and ``pr_curve`` return the float nan (:data:`~rocpr_exact.profiles.one_class.NAN`) with an
:class:`~rocpr_exact.errors.OneClassWarning` (``curve=True`` is refused there: its NaN rows are
not modelled); the metric table's functions (``roc_area`` ...) raise
:class:`NoPositivesError` / :class:`NoNegativesError`.  Negative weights raise
:class:`InvalidInputError` as PRROC stops.  NaN and infinite values are refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

from rocpr_exact.areas.auc import auc_pr, auc_roc
from rocpr_exact.core.curve import Curve, require_curve
from rocpr_exact.errors import (
    InvalidInputError,
    NoNegativesError,
    NoPositivesError,
    UndefinedMetricError,
)
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.profiles.arguments import flag
from rocpr_exact.profiles.ieee import FLOAT64, double_seen, exact_values, round_binary
from rocpr_exact.profiles.model import ToolMetrics
from rocpr_exact.profiles.one_class import tool_nan

__all__ = [
    "CURVE_METRICS",
    "PrCurve",
    "RocCurve",
    "davis_goadrich_area",
    "integral_area",
    "pr_curve",
    "prroc_input",
    "roc_area",
    "roc_curve",
]

VERSION = "PRROC 1.4"
#: A curve row as PRROC's ``curve`` matrix holds it: (x, y, score); y None where R has NaN.
Row = tuple[Fraction, Fraction | None, Fraction]


@dataclass(frozen=True, slots=True)
class RocCurve:
    """``roc.curve``'s result: ``auc`` and, with ``curve=True``, rows (FPR, TPR, score)."""

    auc: Fraction | float  # float: PRROC's NaN for one class (OneClassWarning)
    curve: tuple[Row, ...] | None = None


@dataclass(frozen=True, slots=True)
class PrCurve:
    """``pr.curve``'s result: both areas (``auc_davis_goadrich`` None where PRROC has NA)."""

    auc_integral: ClosedForm | Fraction | float  # float: PRROC's NaN for one class
    auc_davis_goadrich: Fraction | float | None
    curve: tuple[Row, ...] | None = None


@dataclass(frozen=True, slots=True)
class _Input:
    curve: Curve
    scale: int  # the curve's counts are the weights times this
    dg: bool  # PRROC computes the Davis-Goadrich area


def _weights(values: Any, count: int, name: str) -> list[Fraction] | None:
    if values is None:
        return None
    weights = exact_values(values, "float64", name)
    if len(weights) != count:
        raise InvalidInputError(
            f"{name} must have one weight per score ({count}), got {len(weights)}"
        )
    if any(w < 0 for w in weights):
        raise InvalidInputError(
            f"{name} must be non-negative (PRROC's pr.curve stops here; its roc.curve returns "
            "a number, which the twin does not model: negative counts have no curve)"
        )
    return weights


def prroc_input(
    scores_class0: Any,
    scores_class1: Any = None,
    weights_class0: Any = None,
    weights_class1: Any = None,
) -> _Input:
    """The weighted counts PRROC builds (``pr.curve`` then ``compute.pr``), exactly.

    Models R's lazy defaults: ``scores.class1`` and ``weights.class1`` are evaluated after
    ``scores.class0`` and ``weights.class0`` have been sorted, so the default
    ``weights.class1`` is 1 - (the sorted ``weights.class0``), sorted again by the order of
    ``scores.class1``.  O(n log n).
    """
    raw0 = exact_values(scores_class0, "float64", "scores_class0")
    order0 = sorted(range(len(raw0)), key=raw0.__getitem__)  # R's order(): stable
    s0 = [raw0[i] for i in order0]
    given0 = _weights(weights_class0, len(s0), "weights_class0")
    w0 = None if given0 is None else [given0[i] for i in order0]
    s1_raw = (
        s0 if scores_class1 is None else exact_values(scores_class1, "float64", "scores_class1")
    )
    order1 = sorted(range(len(s1_raw)), key=s1_raw.__getitem__)
    s1 = [s1_raw[i] for i in order1]
    w1: list[Fraction] | None
    if weights_class1 is not None:
        given = _weights(weights_class1, len(s1), "weights_class1")
        assert given is not None
        w1 = [given[i] for i in order1]
    elif w0 is not None:
        if len(w0) != len(s1):
            raise InvalidInputError("weights_class1 must have the same length as the scores")
        complement = [round_binary(1 - w, FLOAT64) for w in w0]
        w1 = [complement[i] for i in order1]
        if any(w < 0 for w in w1):
            raise InvalidInputError("weights_class1 = 1 - weights_class0 must be non-negative")
    else:
        w1 = None
    if w0 is None and w1 is None and s0 != s1:  # positives and negatives, unweighted
        rows = [(s, 1, 0) for s in s0] + [(s, 0, 1) for s in s1]
        return _Input(Curve.from_histogram(rows), 1, True)
    ones0 = w0 if w0 is not None else [Fraction(1)] * len(s0)
    ones1 = w1 if w1 is not None else [Fraction(1)] * len(s1)
    dg = (
        s0 == s1
        and all(a == 1 - b for a, b in zip(ones0, ones1, strict=True))
        and all(a in (0, 1) for a in ones0)
    )
    scale = lcm(1, *(w.denominator for w in ones0 + ones1))
    rows = [(s, int(w * scale), 0) for s, w in zip(s0, ones0, strict=True)]
    rows += [(s, 0, int(w * scale)) for s, w in zip(s1, ones1, strict=True)]
    return _Input(Curve.from_histogram(rows), scale, dg)


def roc_area(curve: Curve) -> Fraction:
    """``roc.curve(...)$auc`` of a curve (the registry's ``prroc.roc_auc``)."""
    curve = require_curve(curve, "curve")
    if curve.negatives == 0:
        raise NoNegativesError("PRROC roc.curve needs a negative weight (it returns NaN)")
    if curve.positives == 0:
        raise NoPositivesError("PRROC roc.curve needs a positive weight (it returns NaN)")
    return auc_roc(curve)


def integral_area(curve: Curve) -> ClosedForm | Fraction:
    """``pr.curve(...)$auc.integral`` of a curve (the registry's ``prroc.auc_integral``)."""
    curve = require_curve(curve, "curve")
    if curve.positives == 0:
        raise NoPositivesError("PRROC pr.curve auc.integral requires at least one positive example")
    return auc_pr(curve, "continuous")


def davis_goadrich_area(curve: Curve) -> Fraction:
    """``pr.curve(...)$auc.davis.goadrich`` of the curve PRROC builds (counts as given)."""
    curve = require_curve(curve, "curve")
    if curve.positives == 0:
        raise NoPositivesError(
            "PRROC pr.curve auc.davis.goadrich requires at least one positive example"
        )
    area = auc_pr(curve, "davis-goadrich")
    assert isinstance(area, Fraction)
    return area


def _one_class(missing: str, curve: Any) -> float:
    """PRROC's silent NaN for a missing class: :data:`NAN` with an OneClassWarning."""
    if flag(curve, "curve"):
        raise InvalidInputError(
            f"curve=True with one class is not modelled (PRROC: NaN rows): {missing}"
        )
    return tool_nan(VERSION, f"{missing}, without a warning", stacklevel=5)


def roc_curve(
    scores_class0: Any,
    scores_class1: Any = None,
    weights_class0: Any = None,
    weights_class1: Any = None,
    curve: bool = False,
) -> RocCurve:
    """PRROC's ``roc.curve``: the exact ``auc`` and, with ``curve=True``, its curve rows.

    auc = sum (FPR_i - FPR_{i-1})(TPR_i + TPR_{i-1}) / 2 from (0, 0) (``compute.roc``).
    The rows are (0, 0, s_1), (FPR_i, TPR_i, s_{i+1}) and (1, 1, s_k) for the distinct
    scores s_1 > ... > s_k: PRROC labels each point with the *next* score.  O(n log n).

    >>> roc_curve([0.9, 0.4], [0.5, 0.1]).auc
    Fraction(3, 4)
    >>> roc_curve([0.9, 0.4, 0.5, 0.1], weights_class0=[1, 0.5, 0, 0]).auc
    Fraction(5, 6)
    """
    data = prroc_input(scores_class0, scores_class1, weights_class0, weights_class1)
    if not data.curve.positives or not data.curve.negatives:
        missing = "positive" if not data.curve.positives else "negative"
        return RocCurve(_one_class(f"no {missing} weight: PRROC roc.curve returns NaN", curve))
    area = roc_area(data.curve)
    if not flag(curve, "curve"):
        return RocCurve(area)
    c = data.curve
    cuts = [Fraction(t) for t in c.thresholds or ()]
    labels = [*cuts, cuts[-1]]
    rows = tuple(
        (Fraction(fp, c.negatives), Fraction(tp, c.positives), labels[i])
        for i, (tp, fp) in enumerate(zip(c.tps, c.fps, strict=True))
    )
    return RocCurve(area, rows)


def _pr_rows(c: Curve, scale: int, weighted: bool) -> tuple[Row, ...]:
    """``compute.pr``'s curve matrix: threshold points, interpolated points, two ends."""
    p = c.positives
    total = Fraction(p, scale)
    step = (min(Fraction(1), total / 100) if weighted else Fraction(1)) / total  # minStepSize/r.fg
    cuts = [Fraction(t) for t in c.thresholds or ()]

    def precision(tp: Fraction, fp: Fraction) -> Fraction | None:
        return tp / (tp + fp) if tp + fp else None

    rows: list[Row] = [
        (Fraction(tp, p), precision(Fraction(tp), Fraction(fp)), cuts[i - 1])
        for i, (tp, fp) in enumerate(zip(c.tps, c.fps, strict=True))
        if i > 0
    ]
    for i in range(2, len(c.tps)):  # PRROC skips the first segment (idxs > 1)
        tp0, fp0, tp1, fp1 = c.tps[i - 1], c.fps[i - 1], c.tps[i], c.fps[i]
        width = Fraction(tp1 - tp0, p)
        before, after = rows[i - 2][1], rows[i - 1][1]
        if width <= step or None in (before, after) or before == after:
            continue
        slope = Fraction(fp1 - fp0, tp1 - tp0)
        for k in range(width // step + 1):  # seq(0, width, by = step)
            x = k * step
            recall = Fraction(tp0, p) + x
            rows.append((recall, recall / (recall + Fraction(fp0, p) + slope * x), cuts[i - 1]))
    rows.sort(key=lambda r: (-r[0], r[2]))
    return ((Fraction(1), rows[0][1], rows[0][2]), *rows, (Fraction(0), rows[-1][1], rows[-1][2]))


def pr_curve(
    scores_class0: Any,
    scores_class1: Any = None,
    weights_class0: Any = None,
    weights_class1: Any = None,
    curve: bool = False,
) -> PrCurve:
    """PRROC's ``pr.curve``: ``auc_integral``, ``auc_davis_goadrich`` and optionally the curve.

    Formulas in the module notes; ``auc_davis_goadrich`` is None where PRROC returns NA.
    The curve rows are (recall, precision, score) at each threshold plus, inside each
    segment after the first that rises by more than ``minStepSize`` (1, or for weights
    min(1, sum(weights_class0)/100)) with unequal end precisions, the points at every
    multiple of ``minStepSize`` on PR's interpolation, sorted by recall (decreasing) then
    score, between (1, ...) and (0, ...) rows.  O(n log n) areas, O(P) curve rows.

    Points (TP, FP) (1, 0) (1, 1) (2, 1) (2, 2): precision 1 up to recall 1/2, then
    t / (t + 1) for TP t from 1 to 2, whose integral over recall t / 2 is
    (1 - ln 3 + ln 2) / 2; R prints 0.79726744594591781:

    >>> r = pr_curve([0.9, 0.4], [0.5, 0.1])
    >>> r.auc_integral, r.auc_davis_goadrich
    (ClosedForm(1 + 1/2*ln(2) - 1/2*ln(3)), Fraction(19, 24))
    >>> pr_curve([0.9, 0.4]).auc_davis_goadrich is None   # the same vector twice: NA
    True
    """
    data = prroc_input(scores_class0, scores_class1, weights_class0, weights_class1)
    if not data.curve.positives:
        nan = _one_class("no positive weight: PRROC pr.curve returns NaN", curve)
        return PrCurve(nan, nan if data.dg else None)  # NA stays NA
    integral = integral_area(data.curve)
    dg = davis_goadrich_area(data.curve) if data.dg else None
    rows = (
        _pr_rows(data.curve, data.scale, weights_class0 is not None)
        if flag(curve, "curve")
        else None
    )
    return PrCurve(integral, dg, rows)


# -- the metric table (report --profile prroc, compute_metric("prroc.<metric>")) ------------


def _two_vector_davis_goadrich(curve: Curve) -> Fraction:
    """The two-vector call ``pr.curve(scores.class0 = positives, scores.class1 = negatives)``:
    when every tie group holds as many positives as negatives the sorted vectors are equal and
    PRROC reads one vector twice, with no Davis-Goadrich area (NA)."""
    tps, fps = curve.tps, curve.fps
    if curve.positives and all(
        tps[i] - tps[i - 1] == fps[i] - fps[i - 1] for i in range(1, len(tps))
    ):
        raise UndefinedMetricError(
            "PRROC pr.curve returns NA for auc.davis.goadrich when the positives' and "
            "negatives' scores are the same multiset (it reads one vector twice)"
        )
    return davis_goadrich_area(curve)


#: PRROC 1.4's areas of a curve, unweighted, every score read as a double (docs/profiles/prroc.md).
CURVE_METRICS = ToolMetrics(
    "prroc",
    double_seen,
    {
        "auc_integral": integral_area,
        "auc_davis_goadrich": _two_vector_davis_goadrich,
        "roc_auc": roc_area,
    },
    description="R package PRROC: pr.curve auc.integral and auc.davis.goadrich, roc.curve auc.",
    closed_forms=frozenset(["auc_integral"]),
)
