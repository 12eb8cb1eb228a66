"""One namespace of metric names, shared by the vectors, the conformance checker and testing.

* ``auc_roc`` -- exact AUC-ROC (alias ``roc_auc``).
* ``auc_pr_continuous``, ``auc_pr_davis_goadrich``, ``auc_pr_linear``,
  ``auc_pr_step`` -- :func:`auc_pr` by each method (alias ``average_precision``
  for ``auc_pr_step``), one per area record (:mod:`rocpr_exact.areas.records`).
* ``<tool>.<metric>`` -- a tool's metric (:mod:`rocpr_exact.profiles.registry`), e.g.
  ``sklearn.auc_pr_trapezoid``, ``auccalculator.auc_roc`` or ``torchmetrics.binary_auroc``
  (every tool with a table; the golden vectors hold those of :data:`VECTOR_TOOLS`), computed by
  :func:`~rocpr_exact.profiles.registry.profile_metric` (the tool's view of the input, then
  its metric); an old tool spelling (``aucalculator.auc_roc``) works with a warning.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from types import MappingProxyType
from typing import Any, TypeAlias

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.records import area_records
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError, NoNegativesError, NoPositivesError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.oracle.names import ALIASES  # other spellings, accepted by canonical_metric
from rocpr_exact.profiles.examples import examples
from rocpr_exact.profiles.registry import (
    PROFILES,
    TOOL_ALIASES,
    profile_metric,
    tool_metrics,
    tool_name,
)

__all__ = [
    "ALIASES",
    "METRICS",
    "RECORDS",
    "VECTOR_TOOLS",
    "MetricRecord",
    "canonical_metric",
    "compute_metric",
    "metric_records",
]

Value: TypeAlias = Fraction | ClosedForm


@dataclass(frozen=True, slots=True)
class MetricRecord:
    """One metric of the namespace, declared once: its name, its exact function of a curve,
    the line that explains it in the vectors' header, and whether its exact value may be a
    closed form (the schema's ``closed_form_number``) rather than a rational."""

    name: str
    compute: Callable[[Curve], Value]
    note: str
    closed_form: bool = False


#: The line of each metric in the vectors' header ("metrics"), other than the areas (whose
#: line is their record's ``note``); a metric without one is an error when this module is
#: imported.
_NOTES: dict[str, str] = {
    "auc_roc": "Area under the ROC polyline (Mann-Whitney with ties counted 1/2).",
    "sklearn.roc_auc_score": "scikit-learn roc_auc_score (= auc_roc).",
    "sklearn.average_precision_score": "scikit-learn average_precision_score (= auc_pr_step).",
    "sklearn.auc_pr_trapezoid": "scikit-learn auc(recall, precision) on "
    "precision_recall_curve: trapezoids over the threshold points after a synthetic "
    "(recall 0, precision 1).",
    "prroc.auc_integral": "PRROC pr.curve auc.integral (= auc_pr_continuous of the scores "
    "as doubles, as every prroc.* metric).",
    "prroc.auc_davis_goadrich": "PRROC pr.curve auc.davis.goadrich (= auc_pr_davis_goadrich; "
    "NA, UndefinedMetricError, when the two classes' scores are the same multiset).",
    "prroc.roc_auc": "PRROC roc.curve auc (= auc_roc).",
    "auccalculator.auc_roc": "AUCCalculator 0.2 AUC-ROC (scores as doubles): points with "
    "TP = 0 dropped, a straight line from the origin to the first point with TP > 0.",
    "auccalculator.auc_pr": "AUCCalculator 0.2 AUC-PR: Davis-Goadrich on the same curve, "
    "the first point's precision extended flat to recall 0.",
}

#: The tools whose metrics the golden vectors hold: each value there is derived again by a route
#: that shares no code with the package (tests/oracle/test_vectors.py).  The other tools' tables
#: are in :data:`METRICS` (``compute_metric``, ``assert_metric_close``) and are checked against
#: their twins and the tools' recorded outputs (``vectors/twins``), not in the golden vectors.
VECTOR_TOOLS = ("sklearn", "prroc", "auccalculator")


def metric_records() -> tuple[MetricRecord, ...]:
    """Every metric of the namespace, in a fixed order: AUC-ROC, one per area record in
    force (:func:`~rocpr_exact.areas.records.area_records`), then the tools' metrics."""
    records = [MetricRecord("auc_roc", auc_roc, _NOTES["auc_roc"])]
    for area in area_records():
        records.append(MetricRecord(area.metric, area.exact, area.note, area.closed_form))
    for tool in VECTOR_TOOLS:
        for name in PROFILES[tool]:  # through the tool's view: the one lookup
            metric = f"{tool}.{name}"
            function = partial(profile_metric, tool, name)
            closed = name in tool_metrics(tool).closed_forms
            records.append(MetricRecord(metric, function, _NOTES[metric], closed))
    return tuple(records)


#: Every metric of the namespace, in a fixed order: what the vectors, their schema and
#: ``compute_metric`` enumerate (:func:`metric_records` of the built-in areas).
RECORDS: tuple[MetricRecord, ...] = metric_records()
#: Canonical metric name -> exact metric of a curve, in a fixed order (read-only): the
#: records, then every other tool's table (:data:`VECTOR_TOOLS`), through the one lookup.
METRICS: Mapping[str, Callable[[Curve], Value]] = MappingProxyType(
    {record.name: record.compute for record in RECORDS}
    | {
        f"{tool}.{name}": partial(profile_metric, tool, name)
        for tool, table in PROFILES.items()
        if tool not in VECTOR_TOOLS
        for name in table
    }
)


def canonical_metric(name: str) -> str:
    """The canonical name of a metric (aliases resolved); unknown names are an error.

    >>> canonical_metric("average_precision"), canonical_metric("sklearn.roc_auc_score")
    ('auc_pr_step', 'sklearn.roc_auc_score')
    """
    name = ALIASES.get(name, name)
    tool, dot, metric = name.partition(".") if isinstance(name, str) else ("", "", "")
    if dot and f"{TOOL_ALIASES.get(tool)}.{metric}" in METRICS:
        name = f"{tool_name(tool)}.{metric}"  # an old spelling of the tool, with its warning
    if name not in METRICS:
        raise InvalidInputError(
            f"unknown metric {name!r}; known metrics: {', '.join([*METRICS, *ALIASES])}"
        )
    return name


def _split(scores: list[float], labels: list[int]) -> tuple[list[float], list[float]]:
    """PRROC's two vectors: the positives' scores, the negatives'."""
    return [s for s, y in zip(scores, labels, strict=True) if y], [
        s for s, y in zip(scores, labels, strict=True) if not y
    ]


def _sklearn_trapezoid(scores: list[float], labels: list[int]) -> Value:
    """``auc(recall, precision)`` on the twin's ``precision_recall_curve``: sklearn's ``auc``
    takes the trapezoids along recall, which decreases there (its direction -1)."""
    from rocpr_exact.profiles import sklearn

    curve: Any = sklearn.precision_recall_curve(labels, scores)
    precision, recall = curve[0], curve[1]
    pieces = zip(recall, recall[1:], precision, precision[1:], strict=False)
    area: Fraction = -sum(((r1 - r0) * (p0 + p1) for r0, r1, p0, p1 in pieces), Fraction(0)) / 2
    return area


def _one_class_twins() -> dict[str, Callable[[list[float], list[int]], Any]]:
    """Metric -> its twin called on (scores, labels), for the tools that answer one-class data
    (a number or nan, with the tool's warning) where their table refuses it.  The tools that
    stop there (AUCCalculator, pROC, ROCR, precrec) are not here: their table's error is the
    twin's; Spark's table answers already."""
    from rocpr_exact.profiles import keras, prroc, sklearn, xgboost
    from rocpr_exact.profiles.torchmetrics import binary_auroc, binary_average_precision

    return {
        "sklearn.roc_auc_score": lambda s, y: sklearn.roc_auc_score(y, s),
        "sklearn.average_precision_score": lambda s, y: sklearn.average_precision_score(y, s),
        "sklearn.auc_pr_trapezoid": _sklearn_trapezoid,
        "prroc.roc_auc": lambda s, y: prroc.roc_curve(*_split(s, y)).auc,
        "prroc.auc_integral": lambda s, y: prroc.pr_curve(*_split(s, y)).auc_integral,
        "prroc.auc_davis_goadrich": lambda s, y: prroc.pr_curve(*_split(s, y)).auc_davis_goadrich,
        "torchmetrics.binary_auroc": lambda s, y: binary_auroc(s, y),
        "torchmetrics.binary_average_precision": lambda s, y: binary_average_precision(s, y),
        "keras.auc_roc": lambda s, y: keras.auc(y, s),
        "keras.auc_pr": lambda s, y: keras.auc(y, s, curve="PR"),
        "xgboost.auc": lambda s, y: xgboost.auc(y, s),
        "xgboost.aucpr": lambda s, y: xgboost.aucpr(y, s),
    }


def compute_metric(name: str, curve: Curve) -> Value | float:
    """The exact value of the named metric on a curve.

    >>> compute_metric("roc_auc", Curve.from_scores([3, 2, 1], [1, 0, 1]))
    Fraction(1, 2)

    A tool's metric is its twin's answer, one class included: where the tool answers one-class
    data, so does this, with the tool's warning (an ``OneClassWarning``): a number (scikit-learn's
    AP 0 without a positive) or the float ``nan`` (scikit-learn's AUC-ROC); where the tool stops,
    its error.  The exact metrics raise there (``NoPositivesError``, ``NoNegativesError``).

    >>> import warnings
    >>> with warnings.catch_warnings(record=True):
    ...     compute_metric("sklearn.average_precision_score", Curve.from_scores([2, 1], [0, 0]))
    Fraction(0, 1)
    """
    metric = canonical_metric(name)
    try:
        return METRICS[metric](curve)
    except (NoPositivesError, NoNegativesError):
        twin = _one_class_twins().get(metric)
        if twin is None or curve.thresholds is None:
            raise
    answer: Value | float = twin(*examples(curve, metric.partition(".")[0]))
    return answer
