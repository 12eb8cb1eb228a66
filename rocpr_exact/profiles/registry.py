"""Other tools by name: one spelling per tool, and the one lookup of a tool's metric.

Every by-name lookup (:func:`profile`, ``rx.compute_metric("tool.metric")``, the golden
vectors, ``assert_metric_close``, ``report --profile``) ends in :func:`profile_metric`, which
asks the tool's own table (``CURVE_METRICS`` in ``profiles/<tool>``, a
:class:`~rocpr_exact.profiles.model.ToolMetrics`): the tool's view of the input, then its
metric, so two paths cannot give two answers.  Ten tools have a table: ``sklearn``, ``prroc``
and ``auccalculator`` (below), and the tools whose twins read scores, whose tables call the twin
on the data (:mod:`rocpr_exact.profiles.examples`); :data:`NO_TABLE` says why ``coco`` and
``voc`` have none.  :data:`TOOLS` are the tools' names, one
spelling each (``check --profile`` and ``report --profile`` take them); the old spellings
in :data:`TOOL_ALIASES` still work and say the new name (a :class:`DeprecationWarning`).

What other tools would print, computed exactly (docs/design.md, section 2, "profiles").

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

``auccalculator`` -- AUCCalculator 0.2, the paper's Java tool, on a scored list; the one computation
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

from collections.abc import Mapping
from functools import partial
from importlib import import_module
from types import MappingProxyType

from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.profiles.model import (
    Deviation,
    Metric,
    ProfileData,
    ToolMetrics,
    Value,
    curve_of,
)
from rocpr_exact.profiles.tools import (
    TABLE_TOOLS,
    TOOL_ALIASES,
    TOOLS,
    WITHOUT_TABLE,
    tool_name,
)

__all__ = [
    "NO_TABLE",
    "PROFILES",
    "TOOLS",
    "TOOL_ALIASES",
    "WEIGHTED_TABLES",
    "Deviation",
    "ProfileData",
    "as_curve",
    "known_deviations",
    "profile",
    "profile_metric",
    "tool_metrics",
    "tool_name",
    "weighted_reason",
]

#: The tools without a metric table, and why (``report --profile`` refuses them naming it).
NO_TABLE: Mapping[str, str] = MappingProxyType(
    dict.fromkeys(
        WITHOUT_TABLE,
        "its detection average precision is not a function of a binary curve: it reads "
        "the ground truths no detection matched, and the order of tied detections",
    )
)


def _curve_metrics() -> dict[str, ToolMetrics]:
    """Each tool's table, in :data:`~rocpr_exact.profiles.tools.TOOLS`' order: the
    ``CURVE_METRICS`` of its folder ``profiles/<tool>/`` (every tool but those of
    :data:`NO_TABLE`), so that adding a tool's table is adding its folder and its name."""
    tables: dict[str, ToolMetrics] = {}
    for tool in TABLE_TOOLS:
        table = import_module(f"rocpr_exact.profiles.{tool}").CURVE_METRICS
        if not isinstance(table, ToolMetrics) or table.tool != tool:
            raise TypeError(f"profiles/{tool}/: CURVE_METRICS is not the tool's ToolMetrics")
        tables[tool] = table
    return tables


#: The tools whose metrics are functions of a curve (``report --profile``, ``tool.metric``).
_CURVE_METRICS: dict[str, ToolMetrics] = _curve_metrics()

#: The tools whose metric tables, on a curve of weighted counts, are the tool's value with the
#: weights given (scikit-learn, keras and xgboost ``sample_weight``; PRROC ``weights.class0`` /
#: ``weights.class1``): tool -> the metrics it leaves undefined with weights, and why.  Checked
#: against the twins called with the weights (tests/profiles/test_weighted_tables.py).
WEIGHTED_TABLES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "sklearn": MappingProxyType({}),
        "keras": MappingProxyType({}),
        "xgboost": MappingProxyType({}),
        "prroc": MappingProxyType(
            {"auc_davis_goadrich": "PRROC's pr.curve returns NA for this area with weights"}
        ),
    }
)
#: The tools with a table whose functions take no example weights.
_NO_WEIGHTS = ("torchmetrics", "proc", "rocr", "precrec", "auccalculator")


def weighted_reason(tool: str, metric: str) -> str | None:
    """Why ``tool``'s ``metric`` has no value on weighted examples, or None when its table gives
    the tool's weighted value (:data:`WEIGHTED_TABLES`).

    >>> weighted_reason("sklearn", "roc_auc_score") is None
    True
    >>> weighted_reason("proc", "auc")
    'proc takes no example weights: its value on these data depends on the unweighted examples'
    """
    for value, name in ((tool, "tool"), (metric, "metric")):
        if not isinstance(value, str):
            raise InvalidInputError(f"{name} must be a name (text), got {type(value).__name__}")
    table = WEIGHTED_TABLES.get(tool)
    if table is not None:
        return table.get(metric)
    if tool in _NO_WEIGHTS:
        return (
            f"{tool} takes no example weights: its value on these data depends on the "
            "unweighted examples"
        )
    return f"the {tool} profile does not model example weights"


#: Tool -> metric -> the metric of a curve, through the tool's view (read-only).
PROFILES: Mapping[str, Mapping[str, Metric]] = MappingProxyType(
    {
        tool: MappingProxyType({metric: partial(table.value, metric) for metric in table.metrics})
        for tool, table in _CURVE_METRICS.items()
    }
)


def tool_metrics(name: str) -> ToolMetrics:
    """The metric table of the named tool (:class:`ToolMetrics`).

    >>> list(tool_metrics("auccalculator").metrics)
    ['auc_roc', 'auc_pr']

    Raises :class:`InvalidInputError` for an unknown tool, or one whose twins need more than
    a curve (checked with ``rocpr-exact check --profile``).
    """
    tool = tool_name(name, stacklevel=3)
    table = _CURVE_METRICS.get(tool)
    if table is None:
        raise InvalidInputError(
            f"profile {tool!r} has no metrics of a curve: {NO_TABLE[tool]} (the tools with "
            f"them: {', '.join(_CURVE_METRICS)}); its twins are rocpr_exact.profiles.{tool}'s "
            f"functions, checked by `rocpr-exact check --profile {tool}`"
        )
    return table


def as_curve(data: ProfileData, name: str = "") -> Curve:
    """The curve of ``data`` as tool ``name`` reads it: a :class:`Curve` (thresholds as doubles
    for every tool but ``sklearn``), or ``(scores, labels)`` (all thresholds; module notes).

    >>> as_curve(([2, 1], [1, 0])).tps
    (0, 1, 1)
    """
    if isinstance(name, str) and not name:  # no tool: every threshold, exact scores
        return curve_of(data)
    return tool_metrics(name).curve(data)


def profile_metric(name: str, metric: str, data: ProfileData) -> Value:
    """One metric of one tool, exactly: the one by-name lookup (module notes).

    >>> profile_metric("sklearn", "auc_pr_trapezoid", ([0.8, 0.4, 0.35, 0.1], [1, 0, 1, 0]))
    Fraction(19, 24)

    Raises :class:`InvalidInputError` for an unknown profile or metric, and the
    metric's own error (e.g. :class:`NoNegativesError`) when it is undefined.
    """
    return tool_metrics(name).value(metric, data)


def profile(name: str, data: ProfileData) -> dict[str, Value]:
    """Every metric of the named tool's table (every tool of :data:`TOOLS` but ``coco`` and
    ``voc``, :data:`NO_TABLE`), exactly.

    ``data`` is a :class:`Curve` (its points are taken as the tool's thresholds)
    or a ``(scores, labels)`` pair.  Raises the error of the first metric that is
    undefined for the data (use :func:`profile_metric` for one metric).
    Complexity: that of the areas (O(P) terms for Davis-Goadrich).

    The scikit-learn documentation's example (``average_precision_score`` prints 0.83):

    >>> values = profile("sklearn", ([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]))
    >>> values["roc_auc_score"], values["average_precision_score"]
    (Fraction(3, 4), Fraction(5, 6))
    >>> profile("auccalculator", ([4, 3, 2, 1], [0, 1, 0, 1]))
    {'auc_roc': Fraction(3, 8), 'auc_pr': Fraction(11, 24)}
    """
    return tool_metrics(name).values(data)


def known_deviations(name: str, data: ProfileData) -> tuple[Deviation, ...]:
    """The known deviations of the named tool from the paper's methods on this data.

    Only ``auccalculator`` has one: with negatives ranked above every positive it
    overstates AUC-ROC by TP_1 FP_0 / (2 P N) and AUC-PR (see the module notes).

    >>> negatives_first = ([4, 3, 2, 1], [0, 1, 0, 1])
    >>> [(d.metric, d.excess) for d in known_deviations("auccalculator", negatives_first)]
    [('auc_roc', Fraction(1, 8)), ('auc_pr', Fraction(1, 8))]
    >>> known_deviations("sklearn", negatives_first)
    ()
    """
    return tool_metrics(name).known_deviations(data)
