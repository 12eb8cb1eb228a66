"""Exact twin of MLstatkit 0.1.91's ``Delong_test`` (``MLstatkit/delong.py``).

``Delong_test(true, prob_A, prob_B, *, alpha=0.95, return_ci=True, return_auc=True)`` with
MLstatkit's conventions, as it sees the input:

* scores as float64 (``np.asarray(..., dtype=np.float64)``), labels as ints that must be
  exactly {0, 1}; no direction is chosen (an AUC below 1/2 stays below).
* Sun & Xu's fast DeLong with midranks: the same structural components as DeLong (1988), so
  the AUCs, variances and covariance are :mod:`rocpr_exact.areas.variance`'s (``np.cov`` with
  ddof = 1).
* **Sign convention**: z = (AUC_B - AUC_A) / sqrt(var(B - A)), the opposite of pROC's
  roc1 - roc2 when A is roc1; two-sided p = 2 sf(|z|).
* Per-model intervals AUC -+ z_(1 - (1 - alpha)/2) sqrt(max(0, var)) clipped to [0, 1];
  ``alpha`` is the confidence level, read at its binary64 value.
* **Bootstrap fallback**: when var(B - A) is not finite or not positive (one positive or one
  negative makes ``np.cov`` NaN; equal rankings make it 0) MLstatkit silently switches to a
  seeded bootstrap of 5000 resamples.  The twin does not model it: it raises
  :class:`~rocpr_exact.errors.UndefinedMetricError` saying so.  MLstatkit decides in float64:
  an exact variance that is positive but rounds to <= 0 (or the reverse) is a case the twin
  cannot follow; it answers from the exact variance.

Outputs: the AUCs and ``info["var_diff"]`` exactly; z, p and the interval ends as Fractions
rounded to 30 certified places (p: 20 certified significant digits).  The return shape
follows the flags as MLstatkit's does; ``info`` holds ``method`` ("delong"), ``var_diff``,
``n_pos`` and ``n_neg``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.variance import auc_covariance, auc_variance
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError, UndefinedMetricError
from rocpr_exact.exact.normal import interval_decimals, two_sided_p, z_decimal
from rocpr_exact.profiles.arguments import flag, number, vector
from rocpr_exact.profiles.ieee import exact_values

__all__ = ["Delong_test"]

PLACES = 30
SIGNIFICANT = 20


def _labels(true: Any) -> list[int]:
    values = exact_values(vector(true, "true"), "float64", "true")
    labels = [int(v) for v in values]  # .astype(int) truncates
    if sorted(set(labels)) != [0, 1]:
        raise InvalidInputError("Ground truth must be binary in {0,1}.")
    return labels


def _interval(auc: Fraction, variance: Fraction, level: Fraction) -> tuple[Fraction, Fraction]:
    low, high = interval_decimals(auc, max(Fraction(0), variance), level, PLACES)
    lo, hi = max(Fraction(0), Fraction(low)), min(Fraction(1), Fraction(high))
    return (hi, lo) if lo > hi else (lo, hi)


def Delong_test(
    true: Any,
    prob_A: Any,
    prob_B: Any,
    *,
    alpha: Any = Fraction(95, 100),
    return_ci: bool = True,
    return_auc: bool = True,
) -> tuple[Any, ...]:
    """MLstatkit's ``Delong_test``: (z, p[, ci_A, ci_B][, auc_A, auc_B][, info]).

    >>> from rocpr_exact.exact.display import decimal
    >>> z, p = Delong_test([1, 0, 1, 0], [4, 3, 3, 1], [1, 2, 3, 4], return_ci=False,
    ...                    return_auc=False)
    >>> decimal(z, 6), decimal(p, 6)   # (1/4 - 7/8) / sqrt(9/32): B - A
    ('-1.178511', '0.238593')

    Raises UndefinedMetricError where MLstatkit falls back to its bootstrap, InvalidInputError
    for labels other than {0, 1}, lengths that differ or non-finite scores (as MLstatkit).
    """
    return_ci, return_auc = flag(return_ci, "return_ci"), flag(return_auc, "return_auc")
    alpha = number(alpha, "alpha")
    labels = _labels(true)
    a = exact_values(vector(prob_A, "prob_A"), "float64", "prob_A")
    b = exact_values(vector(prob_B, "prob_B"), "float64", "prob_B")
    if not len(labels) == len(a) == len(b):
        raise InvalidInputError("true, prob_A, prob_B must have the same length.")
    m = sum(labels)
    n = len(labels) - m
    if m < 2 or n < 2:
        raise UndefinedMetricError(
            "one positive or one negative: MLstatkit's np.cov is NaN and it falls back to a "
            "seeded bootstrap, which the twin does not model"
        )
    curve_a, curve_b = Curve.from_scores(a, labels), Curve.from_scores(b, labels)
    var_a, var_b = auc_variance(curve_a), auc_variance(curve_b)
    var_diff = var_a + var_b - 2 * auc_covariance(a, b, labels)
    if var_diff <= 0:
        raise UndefinedMetricError(
            "var(AUC_B - AUC_A) is 0: MLstatkit falls back to a seeded bootstrap here, which "
            "the twin does not model"
        )
    auc_a, auc_b = auc_roc(curve_a), auc_roc(curve_b)
    difference = auc_b - auc_a
    z_squared = difference**2 / var_diff
    z = Fraction(z_decimal(z_squared, difference < 0, PLACES))
    p = Fraction(two_sided_p(z_squared, SIGNIFICANT))
    level = exact_values([alpha], "float64", "alpha")[0]
    out: tuple[Any, ...] = (z, p)
    if return_ci:
        out += (_interval(auc_a, var_a, level), _interval(auc_b, var_b, level))
    if return_auc:
        out += (auc_a, auc_b)
    if return_ci and return_auc:
        out += ({"method": "delong", "var_diff": var_diff, "n_pos": m, "n_neg": n},)
    return out
