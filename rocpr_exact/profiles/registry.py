"""What other tools would print, computed exactly (docs/design.md, section 2, "profiles").

A profile answers "what would tool T print for this data if it made no rounding
error?", so that a port of T can be checked against exact values.  Each profile
is a set of named metrics; every metric is a function of the curve (the tool's
thresholds: one per distinct score, as :meth:`Curve.from_scores` gives by
default) and returns an exact ``Fraction`` or, for a continuous area, a
:class:`ClosedForm`.  :func:`as_curve` reads ``(scores, labels)`` as each tool reads
them: sklearn by numpy's dtype, PRROC and AUCCalculator as doubles (R, Java), a
:class:`Curve`'s thresholds as doubles for those two as well.

``sklearn`` -- scikit-learn 1.9 (``sklearn/metrics/_ranking.py``), binary labels,
no sample weights:

* ``roc_auc_score``: ``auc(fpr, tpr)`` over ``roc_curve``: the exact AUC-ROC
  (a tie group is one diagonal segment, so it is Mann-Whitney with ties 1/2).
* ``average_precision_score``: ``-sum(diff(recall) * precision[:-1])`` over
  ``precision_recall_curve``, i.e. sum over thresholds of (R_n - R_{n-1}) P_n
  with R_0 = 0: the ``step`` method.
* ``auc_pr_trapezoid``: ``auc(recall, precision)`` on ``precision_recall_curve``
  output: the trapezoid rule over the threshold points (R_n, P_n) with the
  synthetic first point (recall 0, precision 1) that ``precision_recall_curve``
  appends.  Old releases (< 1.1) cut the curve at the first threshold reaching
  full recall; 1.9 keeps every threshold (``drop_intermediate=False`` by default,
  and ``True`` drops only interior points of vertical runs).  None of these
  choices changes either area: every point after full recall, and every point
  inside a vertical run, adds a piece of zero width.  scikit-learn writes
  precision 0 where TP + FP = 0; unweighted, that never happens (every threshold
  is a score some example has), so the profile never needs it.
* With one class missing, scikit-learn 1.9 returns ``nan`` from
  ``roc_auc_score`` (``UndefinedMetricWarning``), returns ``0.0`` from
  ``average_precision_score`` when there is no positive (with a warning; it sets
  recall to 1 everywhere) and a meaningless ``auc_pr_trapezoid``.  The profile
  raises :class:`NoPositivesError` / :class:`NoNegativesError` instead; with no
  negatives the two PR metrics are defined (1) and agree with scikit-learn.

``prroc`` -- the R package PRROC (``pr.curve``, ``roc.curve``), unweighted; the one computation
is in :mod:`rocpr_exact.profiles.prroc` (the twins, with weights):

* ``auc_integral``: ``pr.curve(...)$auc.integral``, the integral of precision
  over recall along the PR image of the ROC polyline: the ``continuous`` method.
  PRROC integrates t/(a t + b) per segment in closed form as we do, from recall 0.
* ``auc_davis_goadrich``: ``pr.curve(...)$auc.davis.goadrich``: the discrete
  Davis-Goadrich interpolation at every integer TP with trapezoids.  PRROC keeps
  a segment as one trapezoid when its end precisions are equal (then precision is
  constant along it) and takes the first segment from (0, 0) as a rectangle at
  the first point's precision; both equal our ``davis-goadrich`` with the
  recall-0 "limit" convention (precision 0 at recall 0 when negatives come first).
  PRROC itself returns NA when the positives' and negatives' scores are the same multiset
  (it then reads one vector twice); this metric, which models that two-vector call,
  raises :class:`UndefinedMetricError` there.  The twin
  :func:`rocpr_exact.profiles.prroc.pr_curve` models every call form (with 0/1 weights
  PRROC does compute the area).
* ``roc_auc``: ``roc.curve(...)$auc``, trapezoids from (0, 0): the exact AUC-ROC.
* Ties: PRROC keeps the last cumulative count of each run of equal scores, so a
  tie group is one threshold, as here.

``aucalculator`` -- AUCCalculator 0.2, the paper's Java tool, on a scored list; the one computation
is in :mod:`rocpr_exact.profiles.auccalculator`:

* It builds one point per distinct score, sorts by (TP, FP), removes every
  point with TP = 0, inserts (TP, FP) = (1, FP_1/TP_1) before the first point,
  adds (P, N), interpolates every integer TP with the local skew, and sums a
  rectangle from recall 0 to the first point at its precision plus trapezoids.
  So it computes our exact methods on the curve whose points with TP = 0 (other
  than the origin) are removed: the first rising segment goes straight from the
  origin to the first point with TP > 0.
* ``auc_pr``: ``davis-goadrich`` on that curve.  ``auc_roc``: AUC-ROC of that
  curve (1 minus the area left of it).
* Known deviation: when negatives are ranked above every positive (FP_0 > 0
  negatives before the first positive), both are overstated: AUC-ROC by exactly
  TP_1 FP_0 / (2 P N), AUC-PR because precision rises from 0 along the true
  first segment but is flat in AUCCalculator.  :func:`known_deviations` reports
  both, with the exact excess.
* AUCCalculator silently replaces P or N below 1 by 1; the profile raises
  :class:`NoPositivesError` / :class:`NoNegativesError` instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeAlias

from rocpr_exact.areas.auc import auc_pr, auc_roc
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import (
    InvalidInputError,
    NoPositivesError,
    UndefinedMetricError,
    WrongTypeError,
)
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.sums import sum_ratios
from rocpr_exact.profiles import auccalculator, prroc
from rocpr_exact.profiles.ieee import double_curve, double_scores
from rocpr_exact.profiles.sklearn import curve_as_seen

__all__ = [
    "PROFILES",
    "Deviation",
    "ProfileData",
    "as_curve",
    "known_deviations",
    "profile",
    "profile_metric",
]

#: A curve, or a (scores, labels) pair turned into one with ``Curve.from_scores``.
ProfileData: TypeAlias = Curve | tuple[Iterable[Any], Iterable[Any]]
Value: TypeAlias = Fraction | ClosedForm
Metric: TypeAlias = Callable[[Curve], Value]


def as_curve(data: ProfileData, name: str = "") -> Curve:
    """The curve of ``data`` as tool ``name`` reads it: a :class:`Curve` (thresholds as doubles
    for ``prroc`` and ``aucalculator``), or ``(scores, labels)`` (all thresholds; module notes).

    >>> as_curve(([2, 1], [1, 0])).tps
    (0, 1, 1)
    """
    if not isinstance(name, str):
        raise WrongTypeError(f"the profile name must be text, got {type(name).__name__}")
    if isinstance(data, Curve):
        return double_curve(data) if name in ("prroc", "aucalculator") else data
    if isinstance(data, tuple) and len(data) == 2:
        if name == "sklearn":  # scores as sklearn sees them: np.asarray's dtype, exact values
            return curve_as_seen(data[1], data[0])
        if name in ("prroc", "aucalculator"):  # R and Java read every score as a double
            return Curve.from_scores(double_scores(data[0], "scores"), data[1])
        return Curve.from_scores(data[0], data[1])
    raise InvalidInputError(
        f"a profile needs a Curve or a (scores, labels) pair, got {type(data).__name__}"
    )


def _need_positives(curve: Curve, what: str) -> None:
    if curve.positives == 0:
        raise NoPositivesError(f"{what} requires at least one positive example")


# -- scikit-learn ------------------------------------------------------------------------------


def _sklearn_roc_auc_score(curve: Curve) -> Fraction:
    curve.require_both_classes("sklearn roc_auc_score (which returns nan here)")
    return auc_roc(curve)


def _sklearn_average_precision_score(curve: Curve) -> Value:
    _need_positives(curve, "sklearn average_precision_score (which returns 0.0 here)")
    return auc_pr(curve, "step")


def _sklearn_auc_pr_trapezoid(curve: Curve) -> Fraction:
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


# -- PRROC and AUCCalculator: their twin modules hold the one computation ---------------------


def _prroc_auc_integral(curve: Curve) -> Value:
    return prroc.integral_area(curve)


def _prroc_auc_davis_goadrich(curve: Curve) -> Value:
    # The two-vector call pr.curve(scores.class0 = positives, scores.class1 = negatives): when
    # every tie group holds as many positives as negatives the sorted vectors are equal and
    # PRROC reads one vector twice, with no Davis-Goadrich area (NA).
    tps, fps = curve.tps, curve.fps
    if curve.positives and all(
        tps[i] - tps[i - 1] == fps[i] - fps[i - 1] for i in range(1, len(tps))
    ):
        raise UndefinedMetricError(
            "PRROC pr.curve returns NA for auc.davis.goadrich when the positives' and "
            "negatives' scores are the same multiset (it reads one vector twice)"
        )
    return prroc.davis_goadrich_area(curve)


def _prroc_roc_auc(curve: Curve) -> Fraction:
    curve.require_both_classes("PRROC roc.curve auc")
    return prroc.roc_area(curve)


#: Profile name -> metric name -> exact metric of a curve.
PROFILES: dict[str, dict[str, Metric]] = {
    "sklearn": {
        "roc_auc_score": _sklearn_roc_auc_score,
        "average_precision_score": _sklearn_average_precision_score,
        "auc_pr_trapezoid": _sklearn_auc_pr_trapezoid,
    },
    "prroc": {
        "auc_integral": _prroc_auc_integral,
        "auc_davis_goadrich": _prroc_auc_davis_goadrich,
        "roc_auc": _prroc_roc_auc,
    },
    "aucalculator": {
        "auc_roc": auccalculator.curve_auc_roc,
        "auc_pr": auccalculator.curve_auc_pr,
    },
}


def _metrics(name: str) -> dict[str, Metric]:
    try:
        return PROFILES[name]
    except (KeyError, TypeError):  # TypeError: an unhashable name (a list)
        raise InvalidInputError(
            f"unknown profile {name!r}; choose one of {', '.join(PROFILES)}"
        ) from None


def profile_metric(name: str, metric: str, data: ProfileData) -> Value:
    """One metric of one profile, exactly.

    >>> profile_metric("sklearn", "auc_pr_trapezoid", ([0.8, 0.4, 0.35, 0.1], [1, 0, 1, 0]))
    Fraction(19, 24)

    Raises :class:`InvalidInputError` for an unknown profile or metric, and the
    metric's own error (e.g. :class:`NoNegativesError`) when it is undefined.
    """
    metrics = _metrics(name)
    if not isinstance(metric, str) or metric not in metrics:
        raise InvalidInputError(
            f"profile {name!r} has no metric {metric!r}; it has {', '.join(metrics)}"
        )
    return metrics[metric](as_curve(data, name))


def profile(name: str, data: ProfileData) -> dict[str, Value]:
    """Every metric of the named profile (``sklearn``, ``prroc``, ``aucalculator``), exactly.

    ``data`` is a :class:`Curve` (its points are taken as the tool's thresholds)
    or a ``(scores, labels)`` pair.  Raises the error of the first metric that is
    undefined for the data (use :func:`profile_metric` for one metric).
    Complexity: that of the areas (O(P) terms for Davis-Goadrich).

    The scikit-learn documentation's example (``average_precision_score`` prints 0.83):

    >>> values = profile("sklearn", ([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]))
    >>> values["roc_auc_score"], values["average_precision_score"]
    (Fraction(3, 4), Fraction(5, 6))
    >>> profile("aucalculator", ([4, 3, 2, 1], [0, 1, 0, 1]))
    {'auc_roc': Fraction(3, 8), 'auc_pr': Fraction(11, 24)}
    """
    curve = as_curve(data, name)
    return {metric: compute(curve) for metric, compute in _metrics(name).items()}


@dataclass(frozen=True, slots=True)
class Deviation:
    """A profile metric that differs from the paper's exact value on this data, and why."""

    metric: str
    reference: str
    tool_value: Fraction
    reference_value: Fraction
    note: str

    @property
    def excess(self) -> Fraction:
        """tool value - exact reference value (positive: the tool overstates)."""
        return self.tool_value - self.reference_value


def known_deviations(name: str, data: ProfileData) -> tuple[Deviation, ...]:
    """The known deviations of the named tool from the paper's methods on this data.

    Only ``aucalculator`` has one: with negatives ranked above every positive it
    overstates AUC-ROC by TP_1 FP_0 / (2 P N) and AUC-PR (see the module notes).

    >>> negatives_first = ([4, 3, 2, 1], [0, 1, 0, 1])
    >>> [(d.metric, d.excess) for d in known_deviations("aucalculator", negatives_first)]
    [('auc_roc', Fraction(1, 8)), ('auc_pr', Fraction(1, 8))]
    >>> known_deviations("sklearn", negatives_first)
    ()
    """
    _metrics(name)
    curve = as_curve(data, name)
    if name != "aucalculator" or auccalculator.aucalculator_curve(curve) is curve:
        return ()
    leading = auccalculator.ignored_negatives(curve)
    ignored = (
        f"{leading} negative ranked above every positive is"
        if leading == 1
        else (f"{leading} negatives ranked above every positive are")
    )
    why = (
        f"AUCCalculator 0.2 drops the points with TP = 0, so the {ignored} ignored: "
        "its curve goes straight from the origin to the first point with TP > 0"
    )
    tool_pr = auccalculator.curve_auc_pr(curve)
    exact_pr = auc_pr(curve, "davis-goadrich")
    assert isinstance(exact_pr, Fraction)
    return (
        Deviation("auc_roc", "auc_roc", auccalculator.curve_auc_roc(curve), auc_roc(curve), why),
        Deviation("auc_pr", "auc_pr_davis_goadrich", tool_pr, exact_pr, why),
    )
