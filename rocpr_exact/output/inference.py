"""The report's ``auc_roc_ci`` and ``auc_pr_ci`` sections and ``compare``'s DeLong test, as JSON.

Every value is exact (``"p/q"``) or a certified decimal (:mod:`rocpr_exact.areas.inference`,
:mod:`rocpr_exact.exact.normal`); the p-value is written in scientific notation with certified
significant digits, however small.  docs/inference.md describes the fields.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rocpr_exact.areas.inference import ApMethod, DelongTest, ap_ci, auc_ci
from rocpr_exact.areas.variance import VarianceMethod
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import NoPositivesError, UndefinedMetricError
from rocpr_exact.exact.display import exact_string, number

__all__ = ["ap_ci_section", "ci_section", "test_section"]


def ci_section(
    curve: Curve, method: VarianceMethod, level: Fraction, digits: int
) -> dict[str, Any]:
    """``{"method", "level", "variance", "lower", "upper"}``, or ``{"undefined": reason}``.

    >>> ci_section(Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0]), "delong", Fraction(9, 10), 4)
    {'method': 'delong', 'level': '9/10', 'variance': {'exact': '1/32', 'decimal': '0.0312'}, \
'lower': '0.5842', 'upper': '1.1658'}
    """
    try:
        interval = auc_ci(curve, level, method)
    except UndefinedMetricError as exc:
        return {"undefined": str(exc)}
    lower, upper = interval.decimals(digits)
    return {
        "method": method,
        "level": exact_string(level),
        "variance": number(interval.variance, digits, "the AUC-ROC variance"),
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
        "variance": number(test.variance, digits, "the variance of the difference"),
        "z_squared": number(test.z_squared, digits, "z^2"),
        "z": test.z(digits),
        "p_value": test.p_value(significant),
    }
