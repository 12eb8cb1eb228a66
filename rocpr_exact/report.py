"""The JSON report of one dataset (DESIGN.md section 4).

Every number is an object ``{"exact": ..., "decimal": ...}``: ``exact`` is a
string "p/q" (or "p"), or for a ``continuous`` area the closed form
``{"rational": "p/q", "log_terms": [["coefficient", "argument"], ...]}`` meaning
rational + sum of coefficient * ln(argument); ``decimal`` has exactly
``digits`` digits after the point, correctly rounded and certified.
The schema is ``rocpr_exact/schemas/report.schema.json``.
"""

from __future__ import annotations

import json
from fractions import Fraction
from importlib import resources
from typing import Any

from .areas import PR_METHODS, auc_pr, auc_roc
from .closedform import ClosedForm
from .curve import Curve
from .display import decimal, exact_string
from .limits import check_decimal, check_exact

__all__ = ["DEFAULT_DIGITS", "build_report", "number", "report_schema"]

DEFAULT_DIGITS = 30


def number(
    value: Fraction | int | ClosedForm, digits: int, what: str = "a value"
) -> dict[str, Any]:
    """The report's representation of one exact value.

    Raises :class:`~rocpr_exact.errors.ResourceLimitError` (naming ``what``)
    before writing a value beyond ``max_exact_digits`` or certifying a decimal
    beyond ``max_decimal_work`` (:mod:`rocpr_exact.limits`).
    """
    check_exact(value, what)
    check_decimal(value, digits, what)
    return {"exact": exact_string(value), "decimal": decimal(value, digits)}


def pr_areas(curve: Curve, digits: int, what: str = "auc_pr") -> dict[str, Any]:
    """The four AUC-PR methods of one curve, keyed by method name (``-`` written ``_``)."""
    out = {}
    for method in PR_METHODS:
        key = method.replace("-", "_")
        out[key] = number(auc_pr(curve, method), digits, f"{what}.{key}")
    return out


def build_report(curve: Curve, digits: int = DEFAULT_DIGITS) -> dict[str, Any]:
    """The report of a curve: counts, AUC-ROC and the four AUC-PR areas.

    >>> r = build_report(Curve.from_scores([3, 2, 1], [1, 0, 1]), digits=4)
    >>> r["positives"], r["negatives"], r["thresholds"], r["auc_roc"]
    (2, 1, 3, {'exact': '1/2', 'decimal': '0.5000'})
    """
    return {
        "positives": curve.positives,
        "negatives": curve.negatives,
        "thresholds": len(curve) - 1,
        "digits": digits,
        "auc_roc": number(auc_roc(curve), digits, "auc_roc"),
        "auc_pr": pr_areas(curve, digits),
    }


def report_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) that every report validates against."""
    text = resources.files("rocpr_exact").joinpath("schemas/report.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema
