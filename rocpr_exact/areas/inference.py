"""Intervals and tests with certified digits: DeLong's AUC interval and test, AP intervals.

* :func:`auc_ci`: theta -+ z_(1 - alpha/2) sqrt(var), var the exact DeLong (1988) or Hanley &
  McNeil (1982) variance (:mod:`rocpr_exact.areas.variance`); not clipped to [0, 1] (pROC and
  MLstatkit clip: their twins do).
* :func:`delong_test`: z = (AUC_a - AUC_b) / sqrt(var_a + var_b - 2 cov) (paired, DeLong et al.
  1988, section 3) or sqrt(var_a + var_b) (unpaired, independent samples), with z^2 an exact
  rational and the two-sided p-value erfc(|z| / sqrt 2) certified, however small.
* :func:`ap_ci`: Boyd, Eng & Page (2013), "Area under the precision-recall curve: point
  estimates and confidence intervals", ECML PKDD, section 4: the binomial interval
  theta -+ z sqrt(theta (1 - theta) / P) and the logit interval
  expit(logit(theta) -+ z / sqrt(P theta (1 - theta))), P the number of positives, theta an
  AUC-PR estimate (default ``step``, average precision).  Checked against the authors' own R
  code (kboyd/raucpr, precision_recall.r, ``aucpr.conf.int.binomial`` and
  ``aucpr.conf.int.expit``: se.logit = sqrt(theta (1 - theta) / P) (1 / theta + 1 / (1 - theta)),
  which is tau; z = qnorm((1 + level) / 2)) and the prauc R package's README (lsdch/prauc,
  "following Boyd et al. (2013)"); tests/areas/test_inference.py writes the logit interval the
  authors' way.

Every digit is certified by :mod:`rocpr_exact.exact.normal`.  The level is an exact Fraction;
a float level is read at its shortest repr (``0.95`` is ``Fraction("0.95")`` = 19/20, the
number a person typed, not the binary64 value 0.9499999999999999555...: the tools' twins read
the binary64 value, as their tools do).  Places and significant digits must be whole numbers
(0 or more places, 1 or more significant digits): anything else is an InvalidInputError.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from rocpr_exact.areas.auc import PrMethod, auc_pr, auc_roc
from rocpr_exact.areas.variance import (
    VarianceMethod,
    auc_covariance,
    auc_variance,
    placement_covariance,
    placements,
)
from rocpr_exact.core.arraycounts import as_array, is_numeric_array
from rocpr_exact.core.curve import Curve, require_curve
from rocpr_exact.errors import InvalidInputError, UndefinedMetricError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.normal import (
    check_level,
    interval_decimals,
    logit_interval_decimals,
    two_sided_p,
    z_decimal,
)

#: Places of the exact-enough ends :attr:`AucInterval.lower` and :attr:`AucInterval.upper`.
END_PLACES = 30


def _level(level: Any) -> Fraction:
    """An exact level in (0, 1); a float at its shortest repr (module notes)."""
    if isinstance(level, float):
        if repr(level) in ("nan", "inf", "-inf"):
            raise InvalidInputError(f"level must lie strictly between 0 and 1, got {level!r}")
        level = Fraction(repr(level))  # the shortest repr: 0.95 is 19/20
    return check_level(level)


def _count(value: Any, name: str, least: int) -> int:
    """A whole number of places or digits, at least ``least`` (InvalidInputError otherwise)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise InvalidInputError(f"{name} must be a whole number >= {least}, got {value!r}")
    return value

__all__ = ["ApInterval", "AucInterval", "DelongTest", "ap_ci", "auc_ci", "delong_test"]

NINETY_FIVE = Fraction(95, 100)
ApMethod = Literal["logit", "binomial"]


@dataclass(frozen=True, slots=True)
class AucInterval:
    """An AUC-ROC with its exact variance and a confidence level; :meth:`decimals` prints it."""

    auc: Fraction
    variance: Fraction
    level: Fraction
    method: str

    def decimals(self, digits: int) -> tuple[str, str]:
        """The interval's ends with ``digits`` certified places (not clipped to [0, 1])."""
        return interval_decimals(self.auc, self.variance, self.level, _count(digits, "digits", 0))

    @property
    def lower(self) -> Fraction:
        """The lower end AUC - z sqrt(var), irrational in general: rounded to 30 certified
        places (as the tools' twins give theirs), not clipped."""
        return Fraction(self.decimals(END_PLACES)[0])

    @property
    def upper(self) -> Fraction:
        """The upper end AUC + z sqrt(var), rounded to 30 certified places, not clipped."""
        return Fraction(self.decimals(END_PLACES)[1])


def auc_ci(
    curve: Curve, level: Fraction | float = NINETY_FIVE, method: VarianceMethod = "delong"
) -> AucInterval:
    """The AUC-ROC's normal confidence interval: AUC -+ z sqrt(var).

    >>> ci = auc_ci(Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0]))
    >>> ci.variance, ci.decimals(4)
    (Fraction(1, 32), ('0.5285', '1.2215'))
    >>> auc_ci(Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0]), 0.95).level   # shortest repr
    Fraction(19, 20)

    Raises as :func:`~rocpr_exact.areas.variance.auc_variance`, and InvalidInputError for a
    level outside (0, 1).  O(number of points).
    """
    require_curve(curve, "curve")
    level = _level(level)
    variance = auc_variance(curve, method)
    return AucInterval(auc_roc(curve), variance, level, method)


@dataclass(frozen=True, slots=True)
class DelongTest:
    """DeLong's test of AUC_a = AUC_b: the exact AUCs, the exact variance of their difference.

    ``z_squared`` is exact; :meth:`z` and :meth:`p_value` print certified digits.  The sign of z
    is that of AUC_a - AUC_b (pROC's roc1 - roc2).
    """

    auc_a: Fraction
    auc_b: Fraction
    variance: Fraction
    paired: bool

    def __post_init__(self) -> None:
        if self.variance <= 0:
            raise UndefinedMetricError(
                "DeLong's test is undefined: the variance of the AUC difference is 0 (both "
                "rankings separate the classes alike, or are the same ranking)"
            )

    @property
    def difference(self) -> Fraction:
        return self.auc_a - self.auc_b

    @property
    def z_squared(self) -> Fraction:
        """(AUC_a - AUC_b)^2 / var, exactly."""
        return self.difference**2 / self.variance

    def z(self, digits: int) -> str:
        """z = (AUC_a - AUC_b) / sqrt(var) with ``digits`` certified places."""
        return z_decimal(self.z_squared, self.difference < 0, _count(digits, "digits", 0))

    def p_value(self, significant: int = 3) -> str:
        """The two-sided p-value with ``significant`` certified digits, e.g. ``'1.2e-340'``."""
        return two_sided_p(self.z_squared, _count(significant, "significant", 1))


def delong_test(
    scores_a: Iterable[Any],
    scores_b: Iterable[Any],
    labels: Iterable[Any],
    paired: bool = True,
    *,
    labels_b: Iterable[Any] | None = None,
) -> DelongTest:
    """DeLong's test comparing the AUCs of two rankings.

    ``paired=True``: two scorings of the same examples (``labels``), var = var_a + var_b - 2 cov.
    ``paired=False``: independent samples, var = var_a + var_b; the second sample's labels are
    ``labels_b`` (default: ``labels``).

    >>> t = delong_test([4, 3, 3, 1], [1, 2, 3, 4], [1, 0, 1, 0])
    >>> t.auc_a, t.auc_b, t.variance, t.z_squared   # var = 1/32 + 1/8 + 2/16
    (Fraction(7, 8), Fraction(1, 4), Fraction(9, 32), Fraction(25, 18))
    >>> t.z(4), t.p_value(3)
    ('1.1785', '2.39e-01')

    Raises UndefinedMetricError when P or N is below 2 or the variance is 0, and as
    :meth:`Curve.from_scores` for bad input.  O(n log n).
    """
    if not isinstance(paired, bool):
        raise InvalidInputError(f"paired must be True or False, got {paired!r}")
    labels = list(labels) if not hasattr(labels, "__len__") else labels
    second = labels if labels_b is None else labels_b
    if paired and labels_b is not None:
        raise InvalidInputError("labels_b is for unpaired tests (paired=False) only")
    scores_a = list(scores_a) if not hasattr(scores_a, "__len__") else scores_a
    scores_b = list(scores_b) if not hasattr(scores_b, "__len__") else scores_b
    if paired and all(is_numeric_array(as_array(v)) for v in (scores_a, scores_b, labels)):
        # numeric arrays: placements only (one sort per scoring); AUC = sum C / (2PN)
        first = placements(scores_a, labels)
        other = placements(scores_b, labels)
        sums_a, sums_b = first.sums(), other.sums()
        variance = sums_a.variance() + sums_b.variance()
        variance -= 2 * placement_covariance(first, other)
        scale = 2 * sums_a.positives * sums_a.negatives
        return DelongTest(
            Fraction(sums_a.sum_c, scale), Fraction(sums_b.sum_c, scale), variance, paired
        )
    curve_a, curve_b = Curve.from_scores(scores_a, labels), Curve.from_scores(scores_b, second)
    variance = auc_variance(curve_a) + auc_variance(curve_b)
    if paired:
        # both scorings were read and checked by Curve.from_scores just above
        variance -= 2 * auc_covariance(scores_a, scores_b, labels, checked=True)
    return DelongTest(auc_roc(curve_a), auc_roc(curve_b), variance, paired)


@dataclass(frozen=True, slots=True)
class ApInterval:
    """An AUC-PR estimate theta, the number of positives and a level (Boyd et al. 2013)."""

    theta: Fraction
    positives: int
    level: Fraction
    method: ApMethod

    def decimals(self, digits: int) -> tuple[str, str]:
        """The interval's ends with ``digits`` certified places."""
        digits = _count(digits, "digits", 0)
        if self.method == "logit":
            return logit_interval_decimals(self.theta, self.positives, self.level, digits)
        variance = self.theta * (1 - self.theta) / self.positives
        return interval_decimals(self.theta, variance, self.level, digits)


def ap_ci(
    curve: Curve,
    level: Fraction | float = NINETY_FIVE,
    method: ApMethod = "logit",
    estimator: PrMethod = "step",
) -> ApInterval:
    """Boyd, Eng & Page's binomial or logit interval of an AUC-PR estimate.

    >>> ci = ap_ci(Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0]))   # AP = 1/2 + 1/2 * 2/3
    >>> ci.theta, ci.decimals(4)
    (Fraction(5, 6), ('0.1082', '0.9952'))

    The estimator must be a rational area (``step``, ``linear``, ``davis-goadrich``;
    InvalidInputError otherwise); the logit interval needs 0 < theta < 1 (UndefinedMetricError
    otherwise: logit(0) and logit(1) are infinite).
    """
    require_curve(curve, "curve")
    level = _level(level)
    if method not in ("logit", "binomial"):
        raise InvalidInputError(f"unknown AP interval {method!r}; choose 'logit' or 'binomial'")
    theta = auc_pr(curve, estimator)
    if isinstance(theta, ClosedForm):
        raise InvalidInputError(
            "ap_ci needs a rational AUC-PR estimate: estimator 'step', 'linear' or "
            "'davis-goadrich', not 'continuous'"
        )
    if method == "logit" and not 0 < theta < 1:
        raise UndefinedMetricError(f"the logit interval needs 0 < AUC-PR < 1, got {theta}")
    return ApInterval(theta, curve.positives, level, method)
