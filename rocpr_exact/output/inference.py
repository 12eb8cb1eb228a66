"""The report's ``auc_roc_ci`` and ``auc_pr_ci`` sections and ``compare``'s DeLong test, as JSON.

Every value is exact (``"p/q"``) or a certified decimal (:mod:`rocpr_exact.areas.inference`,
:mod:`rocpr_exact.exact.normal`); the p-value is written in scientific notation with certified
significant digits, however small, and so is a variance beside its decimal (``"scientific"``:
a small variance such as 1/10^9 is never shown as 0.000000).  docs/inference.md describes the
fields.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rocpr_exact.areas.inference import ApMethod, DelongTest, ap_ci, auc_ci
from rocpr_exact.areas.variance import VarianceMethod
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import NoNegativesError, NoPositivesError, UndefinedMetricError
from rocpr_exact.exact.display import exact_string, number
from rocpr_exact.exact.text import fraction_scientific

__all__ = ["ap_ci_section", "ci_section", "test_section", "variance_number"]


def variance_number(value: Fraction, digits: int, what: str) -> dict[str, Any]:
    """A variance as :func:`number` writes it, and with ``max(digits, 1)`` certified significant
    digits in scientific notation (``"0"`` for zero), so that a small one never reads as zero.

    >>> variance_number(Fraction(1, 3 * 10**9), 4, "a variance")
    {'exact': '1/3000000000', 'decimal': '0.0000', 'scientific': '3.333e-10'}
    """
    shown = fraction_scientific(value, max(digits, 1)) if value else "0"
    return {**number(value, digits, what), "scientific": shown}


def ci_section(
    curve: Curve, method: VarianceMethod, level: Fraction, digits: int
) -> dict[str, Any]:
    """``{"method", "level", "variance", "lower", "upper"}``, or ``{"undefined": reason}``.

    One class only (P = 0 or N = 0) is undefined as P = 1 is: the AUC-ROC itself is.

    >>> ci_section(Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0]), "delong", Fraction(9, 10), 4)
    {'method': 'delong', 'level': '9/10', 'variance': {'exact': '1/32', 'decimal': '0.0312', \
'scientific': '3.125e-02'}, 'lower': '0.5842', 'upper': '1.1658'}
    """
    try:
        interval = auc_ci(curve, level, method)
    except (UndefinedMetricError, NoPositivesError, NoNegativesError) as exc:
        if isinstance(exc, UndefinedMetricError):
            return {"undefined": str(exc)}
        return {
            "undefined": f"the AUC-ROC interval needs positive and negative examples (the "
            f"AUC-ROC is undefined), got P = {curve.positives}, N = {curve.negatives}"
        }
    lower, upper = interval.decimals(digits)
    return {
        "method": method,
        "level": exact_string(level),
        "variance": variance_number(interval.variance, digits, "the AUC-ROC variance"),
        "lower": lower,
        "upper": upper,
    }


def ap_ci_section(curve: Curve, method: ApMethod, level: Fraction, digits: int) -> dict[str, Any]:
    """Boyd, Eng & Page's (2013) interval of average precision (AUC-PR ``step``), or undefined.

    ``{"method", "estimator", "level", "theta", "positives", "lower", "upper"}``:

    >>> section = ap_ci_section(Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0]), "logit",
    ...                         Fraction(95, 100), 4)
    >>> section["theta"]["exact"], section["lower"], section["upper"]
    ('5/6', '0.1082', '0.9952')
    """
    try:
        interval = ap_ci(curve, level, method)
    except (UndefinedMetricError, NoPositivesError) as exc:
        return {"undefined": str(exc)}
    lower, upper = interval.decimals(digits)
    return {
        "method": method,
        "estimator": "step",
        "level": exact_string(level),
        "theta": number(interval.theta, digits, "average precision"),
        "positives": interval.positives,
        "lower": lower,
        "upper": upper,
    }


def test_section(test: DelongTest, digits: int, significant: int) -> dict[str, Any]:
    """The test as JSON: the AUCs, their difference and its variance, z^2 exactly, z, p."""
    return {
        "test": "delong",
        "paired": test.paired,
        "auc_a": number(test.auc_a, digits, "AUC a"),
        "auc_b": number(test.auc_b, digits, "AUC b"),
        "difference": number(test.difference, digits, "the AUC difference"),
        "variance": variance_number(test.variance, digits, "the variance of the difference"),
        "z_squared": number(test.z_squared, digits, "z^2"),
        "z": test.z(digits),
        "p_value": test.p_value(significant),
    }
