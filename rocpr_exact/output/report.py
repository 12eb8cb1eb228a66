"""The JSON report of one dataset (docs/design.md, section 4).

``roc_hull`` lists the vertices of the ROC convex hull as ``[tp, fp]`` pairs,
from ``[0, 0]`` to ``[P, N]``; ``achievable_pr`` holds the four areas of the
achievable PR curve (Corollary 3.1), in the same shape as ``auc_pr``.

Every number is an object ``{"exact": ..., "decimal": ...}``: ``exact`` is a
string "p/q" (or "p"), or for a ``continuous`` area the closed form
``{"rational": "p/q", "log_terms": [["coefficient", "argument"], ...]}`` meaning
rational + sum of coefficient * ln(argument); ``decimal`` has exactly
``digits`` digits after the point, correctly rounded and certified.
The schema is ``rocpr_exact/schemas/report.schema.json``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import resources
from typing import Any

from rocpr_exact.areas.auc import PR_METHODS, auc_pr, auc_roc
from rocpr_exact.core.curve import Curve
from rocpr_exact.exact.display import number
from rocpr_exact.geometry.achievable import achievable_pr_curve
from rocpr_exact.profiles.registry import known_deviations, profile

__all__ = ["DEFAULT_DIGITS", "build_report", "profile_report", "report_schema"]

DEFAULT_DIGITS = 30


def pr_areas(curve: Curve, digits: int, what: str = "auc_pr") -> dict[str, Any]:
    """The four AUC-PR methods of one curve, keyed by method name (``-`` written ``_``)."""
    out = {}
    for method in PR_METHODS:
        key = method.replace("-", "_")
        out[key] = number(auc_pr(curve, method), digits, f"{what}.{key}")
    return out


def profile_report(name: str, curve: Curve, digits: int) -> dict[str, Any]:
    """One profile's metrics (:mod:`rocpr_exact.profiles`) and its known deviations on this data.

    >>> r = profile_report("aucalculator", Curve.from_scores([4, 3, 2, 1], [0, 1, 0, 1]), 3)
    >>> r["auc_roc"], [d["excess"]["exact"] for d in r["known_deviations"]]
    ({'exact': '3/8', 'decimal': '0.375'}, ['1/8', '1/8'])
    """
    entry: dict[str, Any] = {
        metric: number(value, digits) for metric, value in profile(name, curve).items()
    }
    entry["known_deviations"] = [
        {
            "metric": d.metric,
            "reference": d.reference,
            "tool_value": number(d.tool_value, digits),
            "reference_value": number(d.reference_value, digits),
            "excess": number(d.excess, digits),
            "note": d.note,
        }
        for d in known_deviations(name, curve)
    ]
    return entry


def build_report(
    curve: Curve, digits: int = DEFAULT_DIGITS, profiles: Sequence[str] = ()
) -> dict[str, Any]:
    """The report of a curve: counts, AUC-ROC, the four AUC-PR areas, the ROC hull,
    the four areas of the achievable PR curve, and the named profiles.

    >>> r = build_report(Curve.from_scores([3, 2, 1], [1, 0, 1]), digits=4)
    >>> r["positives"], r["negatives"], r["thresholds"], r["auc_roc"]
    (2, 1, 3, {'exact': '1/2', 'decimal': '0.5000'})
    >>> r["roc_hull"]                             # (TP, FP) = (1, 1) lies under (1, 0) -> (2, 1)
    [[0, 0], [1, 0], [2, 1]]
    >>> r["achievable_pr"]["step"]                # 1/2 * 1 + 1/2 * 2/3
    {'exact': '5/6', 'decimal': '0.8333'}
    """
    roc_area = number(auc_roc(curve), digits, "auc_roc")  # first: it names a missing class
    hull = achievable_pr_curve(curve)
    report: dict[str, Any] = {
        "positives": curve.positives,
        "negatives": curve.negatives,
        "thresholds": len(curve) - 1,
        "digits": digits,
        "auc_roc": roc_area,
        "auc_pr": pr_areas(curve, digits),
        "roc_hull": [[p.tp, p.fp] for p in hull.points],
        "achievable_pr": pr_areas(hull, digits, "achievable_pr"),
    }
    if profiles:
        report["profiles"] = {name: profile_report(name, curve, digits) for name in profiles}
    return report


def report_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) that every report validates against."""
    text = resources.files("rocpr_exact").joinpath("schemas/report.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema
