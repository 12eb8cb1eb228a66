"""The JSON report of one dataset (docs/design.md, section 4).

``roc_hull`` lists the vertices of the ROC convex hull as ``[tp, fp]`` pairs,
from ``[0, 0]`` to ``[P, N]``; ``achievable_pr`` holds the four areas of the
achievable PR curve (Corollary 3.1), in the same shape as ``auc_pr``.

Every number is an object ``{"exact": ..., "decimal": ...}``: ``exact`` is a
string "p/q" (or "p"), or for a ``continuous`` area the closed form
``{"rational": "p/q", "log_terms": [["coefficient", "argument"], ...]}`` meaning
rational + sum of coefficient * ln(argument); ``decimal`` has exactly
``digits`` digits after the point, correctly rounded and certified.  A large
area is ``{"decimal": ...}`` alone unless ``exact=True`` (see :func:`build_report`).
The schema is ``rocpr_exact/schemas/report.schema.json``.

A dataset of one class still gets a report.  A field that is not defined for
it holds ``{"undefined": "<reason>"}`` instead of its value (docs/design.md,
section 1: ROC needs P > 0 and N > 0, PR needs P > 0):

* no negatives: FPR = FP/N is undefined, so ``auc_roc``, ``roc_hull`` and
  ``achievable_pr`` (the PR image of the hull) are undefined; the PR curve is
  defined, precision is TP/(TP + 0) = 1 at every point with TP > 0 and 1 at
  recall 0 by the limit convention, so every ``auc_pr`` method is exactly 1;
* no positives: recall = TP/P is undefined, so every area and the hull are.

A profile metric that is undefined says so with the profile's own message.
A report of two classes never contains ``undefined``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from fractions import Fraction
from importlib import resources
from typing import Any

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.continuous import log_term_bound
from rocpr_exact.areas.dg import digamma_term_bound
from rocpr_exact.areas.records import area_record, area_records
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import NoNegativesError, NoPositivesError, UndefinedMetricError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.display import decimal, html_table, number
from rocpr_exact.geometry.achievable import achievable_pr_curve
from rocpr_exact.limits import DIGAMMA_WEIGHT, check_report_work, one_decimal_budget
from rocpr_exact.output.progress import Progress, Stage
from rocpr_exact.profiles.registry import (
    PROFILES,
    WEIGHTED_TABLES,
    tool_metrics,
    weighted_reason,
)

__all__ = [
    "DEFAULT_DIGITS",
    "Report",
    "area_decimal",
    "build_report",
    "certified_pr_areas",
    "profile_report",
    "report_schema",
    "undefined",
]

DEFAULT_DIGITS = 30

#: Below this bound on the bits of an area's exact denominator the report writes the
#: exact rational even when ``exact=False`` (it is cheap); above it, certified digits only.
SMALL_EXACT_BITS = 4096

#: Why a field is undefined for a dataset of one class.
NEEDS_NEGATIVE = {
    "auc_roc": "AUC-ROC needs at least one negative example (FPR = FP/N)",
    "roc_hull": "the ROC convex hull needs at least one negative example (FPR = FP/N)",
    "achievable_pr": (
        "the achievable PR curve is the PR image of the ROC convex hull, "
        "which needs at least one negative example (FPR = FP/N)"
    ),
}
NEEDS_POSITIVE = {
    "auc_roc": "AUC-ROC needs at least one positive example (TPR = TP/P)",
    "auc_pr": "AUC-PR needs at least one positive example (recall = TP/P)",
    "roc_hull": "the ROC convex hull needs at least one positive example (TPR = TP/P)",
    "achievable_pr": (
        "the achievable PR curve needs at least one positive example (recall = TP/P)"
    ),
}


def undefined(reason: str) -> dict[str, str]:
    """The marker of a report field that is not defined for the data.

    >>> undefined("AUC-ROC needs at least one negative example")
    {'undefined': 'AUC-ROC needs at least one negative example'}
    """
    return {"undefined": reason}


def pr_areas(curve: Curve, digits: int, what: str = "auc_pr") -> dict[str, Any]:
    """The AUC-PR areas of one curve (:func:`~rocpr_exact.areas.records.area_records`), keyed
    by method name (``-`` written ``_``)."""
    return _certify_areas(_exact_areas(curve), digits, what)


def _exact_areas(
    curve: Curve, digits: int = DEFAULT_DIGITS, exact: bool = True
) -> dict[str, Fraction | ClosedForm | str]:
    """Each area's exact value, or (``exact=False`` and a large value) its certified decimal."""
    out: dict[str, Fraction | ClosedForm | str] = {}
    for record in area_records():
        out[record.key] = _area(curve, record.method, digits, exact)
    return out


def area_decimal(curve: Curve, method: Any, digits: int) -> str:
    """The certified decimal of ``auc_pr(curve, method)`` with ``digits`` digits, computed the
    report's fastest way (the legend of a figure: :mod:`rocpr_exact.output.plot`).

    >>> area_decimal(Curve.from_scores([3, 2, 1], [1, 0, 1]), "step", 3)
    '0.833'
    """
    value = _area(curve, method, digits, False)
    return value if isinstance(value, str) else decimal(value, digits)


def _area(curve: Curve, method: Any, digits: int, exact: bool) -> Fraction | ClosedForm | str:
    """The record's certified fast path (``exact=False``), else its exact value."""
    record = area_record(method)
    fast = None if exact else record.certified(curve, digits, SMALL_EXACT_BITS)
    if fast is not None:
        return fast
    value: Fraction | ClosedForm = record.exact(curve)
    return value


def certified_pr_areas(curve: Curve, digits: int, what: str) -> dict[str, Any]:
    """The AUC-PR fields of a curve as :func:`build_report` writes them (``exact=False``).

    >>> certified_pr_areas(Curve.from_counts([(1, 0)], 2, 1), 2, "achievable_pr")["step"]
    {'exact': '5/6', 'decimal': '0.83'}
    """
    return _certify_areas(_exact_areas(curve, digits, False), digits, what)


def _certify_areas(
    areas: dict[str, Fraction | ClosedForm | str],
    digits: int,
    what: str,
    step: Stage | None = None,
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in areas.items():
        if isinstance(value, str):  # certified only: the exact value was not built
            out[key] = {"decimal": value}
        else:
            out[key] = number(value, digits, f"{what}.{key}")
        if step is not None:
            step.advance()
    return out


def profile_report(name: str, curve: Curve, digits: int, weighted: bool = False) -> dict[str, Any]:
    """One profile's metrics (:mod:`rocpr_exact.profiles`) and its known deviations on this data.

    ``weighted``: the curve's counts are sums of example weights; a metric the tool does not
    compute with weights is undefined, with the reason
    (:func:`~rocpr_exact.profiles.registry.weighted_reason`).

    >>> r = profile_report("auccalculator", Curve.from_scores([4, 3, 2, 1], [0, 1, 0, 1]), 3)
    >>> r["auc_roc"], [d["excess"]["exact"] for d in r["known_deviations"]]
    ({'exact': '3/8', 'decimal': '0.375'}, ['1/8', '1/8'])
    """
    table = tool_metrics(name)  # the tool's one model: its view of the curve, its metrics
    entry: dict[str, Any] = {}
    for metric in table.metrics:
        reason = weighted_reason(table.tool, metric) if weighted else None
        if reason is not None:
            entry[metric] = undefined(reason)
            continue
        try:
            entry[metric] = number(table.value(metric, curve), digits)
        except (NoPositivesError, NoNegativesError, UndefinedMetricError) as exc:
            entry[metric] = undefined(str(exc))
    if weighted and table.tool not in WEIGHTED_TABLES:
        entry["known_deviations"] = undefined(str(weighted_reason(table.tool, "")))
        return entry
    try:
        deviations = table.known_deviations(curve)
    except (NoPositivesError, NoNegativesError) as exc:
        entry["known_deviations"] = undefined(str(exc))
        return entry
    entry["known_deviations"] = [
        {
            "metric": d.metric,
            "reference": d.reference,
            "tool_value": number(d.tool_value, digits),
            "reference_value": number(d.reference_value, digits),
            "excess": number(d.excess, digits),
            "note": d.note,
        }
        for d in deviations
    ]
    return entry


class Report(dict[str, Any]):
    """The report: a plain dict (JSON as is) that Jupyter shows as a table (``_repr_html_``)."""

    def _repr_html_(self) -> str:
        """Each field one row: a number as its decimal (the exact value beside it when short),
        nested fields by their path ("auc_pr.continuous"), long lists by their length."""
        return html_table("rocpr-exact report", list(_rows(self, "")))


def _rows(value: Any, path: str) -> Iterator[tuple[str, str]]:
    if isinstance(value, dict) and set(value) == {"exact", "decimal"}:
        exact = value["exact"] if isinstance(value["exact"], str) else "closed form"
        shown = value["decimal"] + (f"  ({exact})" if len(exact) <= 40 else "")
        yield path, shown
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _rows(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list) and len(value) > 8:
        yield path, f"{len(value):,} items"
    else:
        yield path, str(value)


@one_decimal_budget
def build_report(
    curve: Curve,
    digits: int = DEFAULT_DIGITS,
    profiles: Sequence[str] = (),
    progress: Progress | None = None,
    exact: bool = False,
    weighted: bool = False,
) -> dict[str, Any]:
    """The report of a curve: counts, AUC-ROC, the four AUC-PR areas, the ROC hull,
    the four areas of the achievable PR curve, and the named profiles (``weighted``: the
    curve's counts are sums of example weights, :func:`profile_report`).

    ``progress`` (:class:`rocpr_exact.output.progress.Progress`) shows the
    ``summing`` (exact areas) and ``certifying`` (decimals) stages.

    Certified first, exact on demand: with ``exact=False`` (the default) the
    ``davis_goadrich``, ``linear`` and ``step`` areas (of the curve and of the
    achievable curve) whose exact denominator may exceed ``SMALL_EXACT_BITS`` bits
    are written as ``{"decimal": ...}`` only, their digits certified in time linear
    in the number of terms (:mod:`rocpr_exact.exact.fixed`): for ``davis_goadrich``
    in the number of points, a long segment being one digamma difference
    (:func:`rocpr_exact.areas.dg.dg_decimal`).  So is a ``continuous`` area whose closed
    form would be over ``SMALL_EXACT_BITS`` bits (coefficients and arguments), its digits
    read from the corners' counts with one Arb logarithm per segment
    (:func:`rocpr_exact.areas.continuous.continuous_decimal`; with python-flint only).
    When the counts fit int64 (numpy at hand), all four areas' terms are built as arrays
    and summed in fixed point by :func:`rocpr_exact.areas.records.certified_area`, with
    the same digits and the same choice of exact or decimal-only fields.
    ``exact=True`` always writes
    ``{"exact": ..., "decimal": ...}`` (the ``davis_goadrich`` one is refused by
    ``max_sum_digits`` before any work when too big).  Small values are the same either way.

    >>> r = build_report(Curve.from_scores([3, 2, 1], [1, 0, 1]), digits=4)
    >>> r["positives"], r["negatives"], r["thresholds"], r["auc_roc"]
    (2, 1, 3, {'exact': '1/2', 'decimal': '0.5000'})
    >>> r["roc_hull"]                             # (TP, FP) = (1, 1) lies under (1, 0) -> (2, 1)
    [[0, 0], [1, 0], [2, 1]]
    >>> r["achievable_pr"]["step"]                # 1/2 * 1 + 1/2 * 2/3
    {'exact': '5/6', 'decimal': '0.8333'}

    Only positives: precision is 1 along the whole PR curve, ROC is undefined.

    >>> r = build_report(Curve.from_scores([2, 1], [1, 1]), digits=2)
    >>> r["auc_pr"]["step"]
    {'exact': '1', 'decimal': '1.00'}
    >>> r["auc_roc"]["undefined"]
    'AUC-ROC needs at least one negative example (FPR = FP/N)'
    """
    p, n = curve.positives, curve.negatives
    report: dict[str, Any] = Report(positives=p, negatives=n, thresholds=len(curve) - 1)
    report["digits"] = digits
    stage = (progress or Progress(enabled=False)).stage
    if p > 0 and n > 0:
        methods = len(area_records())
        with stage("summing", total=1 + 2 * methods) as step:
            roc_area = auc_roc(curve)
            step.advance()
            hull = achievable_pr_curve(curve)
            # the log terms of both continuous areas and the digamma differences of both
            # davis-goadrich areas (each as DIGAMMA_WEIGHT logs) bounded before any summing
            digammas = digamma_term_bound(curve, digits) + digamma_term_bound(hull, digits)
            bound = log_term_bound(curve) + log_term_bound(hull) + DIGAMMA_WEIGHT * digammas
            check_report_work(digits, bound, "the report")
            areas = _exact_areas(curve, digits, exact)
            step.advance(methods)
            hull_areas = _exact_areas(hull, digits, exact)
            step.advance(methods)
        with stage("certifying", total=1 + 2 * methods) as step:
            report["auc_roc"] = number(roc_area, digits, "auc_roc")
            step.advance()
            report["auc_pr"] = _certify_areas(areas, digits, "auc_pr", step)
            report["roc_hull"] = [[point.tp, point.fp] for point in hull.points]
            report["achievable_pr"] = _certify_areas(hull_areas, digits, "achievable_pr", step)
    else:  # one class: Curve.from_scores and from_counts refuse empty data
        reasons = NEEDS_POSITIVE if p == 0 else NEEDS_NEGATIVE
        report["auc_roc"] = undefined(reasons["auc_roc"])
        report["auc_pr"] = undefined(reasons["auc_pr"]) if p == 0 else pr_areas(curve, digits)
        report["roc_hull"] = undefined(reasons["roc_hull"])
        report["achievable_pr"] = undefined(reasons["achievable_pr"])
    if profiles:
        chosen = {tool_metrics(name).tool: name for name in profiles}  # one spelling each
        report["profiles"] = {
            tool: profile_report(tool, curve, digits, weighted) for tool in chosen
        }
    return report


def report_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) that every report validates against: the committed
    ``schemas/report.schema.json`` with its AUC-PR fields (``$defs/pr_areas``) made from the
    area records (each record's ``schema`` fragment) and its ``profiles`` section made from the
    tools' metric tables (:func:`profile_schema`); a test compares the committed file with it."""
    text = resources.files("rocpr_exact").joinpath("schemas/report.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    areas = schema["$defs"]["pr_areas"]
    areas["required"] = [record.key for record in area_records()]
    areas["properties"] = {record.key: record.schema for record in area_records()}
    definitions = dict(schema["$defs"])
    for key in [key for key in definitions if key.startswith("profile_")]:
        del definitions[key]
    schema["properties"]["profiles"]["properties"] = {
        tool: {"$ref": f"#/$defs/profile_{tool}"} for tool in PROFILES
    }
    schema["$defs"] = definitions | {f"profile_{tool}": profile_schema(tool) for tool in PROFILES}
    return schema


def profile_schema(tool: str) -> dict[str, Any]:
    """The report schema of one tool's section (``report --profile TOOL``), from its metric
    table (``profiles/<tool>/``'s ``CURVE_METRICS``): each metric, in the table's order, a
    rational or (``closed_forms``) a closed form, or undefined; then its known deviations."""
    table = tool_metrics(tool)
    number = {False: "#/$defs/maybe_rational_number", True: "#/$defs/maybe_closed_form_number"}
    properties: dict[str, Any] = {
        name: {"$ref": number[name in table.closed_forms]} for name in table.metrics
    }
    properties["known_deviations"] = {
        "oneOf": [{"$ref": "#/$defs/deviations"}, {"$ref": "#/$defs/undefined"}]
    }
    return {
        "type": "object",
        "description": table.description,
        "required": list(properties),
        "additionalProperties": False,
        "properties": properties,
    }
