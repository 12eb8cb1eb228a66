"""Exact twins of pROC 1.18.0's DeLong inference: ``var``, ``ci.auc``, ``cov``, ``roc.test``.

Each takes the :class:`~rocpr_exact.profiles.proc.Roc` of :func:`~rocpr_exact.profiles.proc.roc`
(the examples pROC kept, at their binary64 values, and the direction it settled on) and
computes pROC's formula (``R/var.R``, ``R/ci.auc.R``, ``R/cov.R``, ``R/roc.test.R``, printed
with ``pROC:::ci.auc.delong`` etc.) exactly:

* ``var(roc)``: ``var(V$Y)/n + var(V$X)/m`` over the placements of the oriented predictor =
  :func:`~rocpr_exact.areas.variance.auc_variance` (DeLong).  NA (None) when there is one case
  or one control (R's ``var`` of one value).
* ``ci.auc(roc, conf.level)`` (``ci.auc.delong``): ``qnorm(c(a/2, 1/2, 1 - a/2), theta,
  sqrt(S))`` clipped to [0, 1]; NA (three Nones) when m <= 1 or n <= 1.  ``conf.level`` is
  read at its binary64 value, as R holds it; 0 gives (theta, theta, theta) (``qnorm(1/2)``),
  1 gives (0, theta, 1) (``qnorm`` of 0 and 1 is -+Inf, clipped).
* ``are.paired(roc1, roc2)`` (:func:`are_paired`): the same levels, and the same kept
  responses or, when they differ (missing values or other levels dropped), the same original
  responses (``identical``: NA and NaN told apart, values compared with ``==``, so R's integer
  and double vectors of equal values are alike here).
* ``cov(roc1, roc2)``: ``cov(V2$X, V1$X)/m + cov(V2$Y, V1$Y)/n`` =
  :func:`~rocpr_exact.areas.variance.auc_covariance`, the i-th case (control) of one curve
  with the i-th of the other, which are one example unless the curves dropped different
  missing values (pROC pairs them all the same; different counts: R's "incompatible
  dimensions", refused); 0 when the curves are not paired (pROC: "ROC curves are
  unpaired."), NA with one case or control.
* ``roc.test(roc1, roc2, method="delong")``: paired when ``are.paired`` (``paired=None``) or
  asked (``paired=True``), on the curves ``are.paired`` returns: the two given, or when only
  the original responses agree both rebuilt on the complete cases (no NA in the response or
  either predictor, the response of a level), as pROC rebuilds them.  Z = (theta1 - theta2) /
  sqrt(L S L^T) with the two-sided normal p-value and pROC's interval of the difference
  (conf.level 0: the difference twice; 1: -Inf and Inf); ``Z = 0`` when both the difference
  and sigma are 0 (pROC's special case).  Unpaired: Student's D = (theta1 - theta2) /
  sqrt(S1 + S2) with df = (S1 + S2)^2 / (S1^2/(n1 + m1 - 1) + S2^2/(n2 + m2 - 1)) (total
  counts, as ``delong.unpaired.test`` writes it) and p = 2 pt(-|D|, df).

pROC's values are doubles; the twins' irrational outputs (interval ends, Z, D, p) are given as
Fractions rounded to 30 certified decimal places (p-values: 20 certified significant digits,
however small), the rational ones (variances, covariance, df) exactly.  Where pROC returns
NaN (sigma = 0 with a non-zero difference gives +-Inf and p = 0; one case or control) the twin
raises :class:`~rocpr_exact.errors.UndefinedMetricError`.

pROC's method choice.  ``cov`` and ``roc.test`` take ``method``; when it is missing
(``method=None`` here, the default, as in R) pROC picks the bootstrap for a partial AUC, a
smoothed curve, or curves of different directions, and DeLong otherwise.  The twin's curves
are full and unsmoothed, so only the directions matter: the same direction gives DeLong's
value, different directions raise :class:`~rocpr_exact.errors.InvalidInputError` (pROC would
resample with R's random number generator, which the twin does not model).  With
``method="delong"`` pROC warns ("DeLong's test should not be applied to ROC curves with a
different direction") and goes on, and so does the twin.  Every other method ("bootstrap",
"venkatraman", "sensitivity", "specificity", "obuchowski") is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from rocpr_exact.areas.variance import auc_covariance, auc_variance
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError, UndefinedMetricError, WrongTypeError
from rocpr_exact.exact.normal import (
    interval_decimals,
    student_two_sided_p,
    two_sided_p,
    z_decimal,
)
from rocpr_exact.profiles.arguments import flag, is_one_of, number
from rocpr_exact.profiles.ieee import exact_values
from rocpr_exact.profiles.proc.curve import Roc, is_na
from rocpr_exact.profiles.proc.curve import roc as proc_roc

__all__ = ["RocTest", "are_paired", "ci_auc", "cov", "roc_test", "var"]

PLACES = 30
SIGNIFICANT = 20


def _checked(roc: Any, name: str) -> Roc:
    if not isinstance(roc, Roc) or not roc.response:
        raise WrongTypeError(f"{name} must be the Roc of rocpr_exact.profiles.proc.roc(...)")
    return roc


def _oriented(roc: Roc) -> tuple[list[Fraction], list[int]]:
    """The predictor as pROC's placements read it (cases above controls) and the labels."""
    sign = 1 if roc.direction == "<" else -1
    return [sign * p for p in roc.predictor], list(roc.response)


def _counts(roc: Roc) -> tuple[int, int]:
    cases = sum(roc.response)
    return cases, len(roc.response) - cases


def _variance(roc: Roc) -> Fraction | None:
    cases, controls = _counts(roc)
    if cases <= 1 or controls <= 1:
        return None
    return auc_variance(Curve.from_scores(*_oriented(roc)))


def var(roc: Roc) -> Fraction | None:
    """pROC's ``var(roc)`` (DeLong), exactly; None where pROC returns NA.

    >>> from rocpr_exact.profiles.proc import roc
    >>> var(roc([1, 0, 1, 0], [4, 3, 3, 1]))
    Fraction(1, 32)
    """
    return _variance(_checked(roc, "roc"))


def _level(conf_level: Any) -> Fraction:
    level = exact_values([number(conf_level, "conf_level")], "float64", "conf_level")[0]
    if not 0 <= level <= 1:
        raise InvalidInputError("conf.level must be within the interval [0,1].")
    return level


def _decimal(text: str) -> Fraction:
    return Fraction(text)


def ci_auc(roc: Roc, conf_level: Any = Fraction(95, 100)) -> tuple[Fraction | None, ...]:
    """pROC's ``ci.auc(roc, conf.level, method="delong")``: (lower, theta, upper).

    Ends rounded to 30 certified places, clipped to [0, 1] as pROC clips; (None, None, None)
    where pROC returns NA.

    >>> from rocpr_exact.exact.display import decimal
    >>> from rocpr_exact.profiles.proc import roc
    >>> [decimal(v, 6) for v in ci_auc(roc([1, 0, 1, 0], [4, 3, 3, 1]))]
    ['0.528524', '0.875000', '1.000000']
    """
    roc = _checked(roc, "roc")
    level = _level(conf_level)
    variance = _variance(roc)
    if variance is None:
        return (None, None, None)
    if level in (0, 1):  # qnorm(1/2) is theta; qnorm(0) and qnorm(1) are -+Inf, clipped
        return (roc.auc, roc.auc, roc.auc) if level == 0 else (Fraction(0), roc.auc, Fraction(1))
    low, high = interval_decimals(roc.auc, variance, level, PLACES)
    return (max(Fraction(0), _decimal(low)), roc.auc, min(Fraction(1), _decimal(high)))


def _identical(first: tuple[Any, ...], second: tuple[Any, ...]) -> bool:
    """R's ``identical`` of two vectors as the twin holds them (NA and NaN told apart); a
    curve built without its original vectors (empty) is identical to none."""

    def key(value: Any) -> Any:
        return ("NA",) if value is None else ("NaN",) if is_na(value) else value

    return len(first) == len(second) > 0 and all(
        key(a) == key(b) for a, b in zip(first, second, strict=True)
    )


def _paired_rocs(roc1: Roc, roc2: Roc) -> tuple[Roc, Roc] | None:
    """pROC's ``are.paired(roc1, roc2, return.paired.rocs=TRUE)``: the two curves (rebuilt on
    the complete cases when only the original responses agree), or None when unpaired."""
    if roc1.levels != roc2.levels:
        return None
    if roc1.response == roc2.response:
        return roc1, roc2
    if not _identical(roc1.original_response, roc2.original_response):
        return None
    rows = [
        i
        for i, (r, p1, p2) in enumerate(
            zip(
                roc1.original_response,
                roc1.original_predictor,
                roc2.original_predictor,
                strict=True,
            )
        )
        if not (is_na(r) or is_na(p1) or is_na(p2) or r not in roc1.levels)
    ]
    response = [roc1.original_response[i] for i in rows]

    def rebuilt(curve: Roc) -> Roc:
        kept = [curve.original_predictor[i] for i in rows]
        return proc_roc(response, kept, curve.direction, curve.levels)  # type: ignore[arg-type]

    return rebuilt(roc1), rebuilt(roc2)


def _paired(roc1: Roc, roc2: Roc) -> bool:
    """pROC's ``are.paired``: the same levels, and the same kept or original responses."""
    return roc1.levels == roc2.levels and (
        roc1.response == roc2.response
        or _identical(roc1.original_response, roc2.original_response)
    )


def are_paired(roc1: Roc, roc2: Roc) -> bool:
    """pROC's ``are.paired(roc1, roc2)``: the same levels and the same responses, kept or (when
    missing values or responses of other levels were dropped) as given.

    >>> from rocpr_exact.profiles.proc import roc
    >>> are_paired(roc([0, 1, 0, 1], [1, 2, None, 4]), roc([0, 1, 0, 1], [4, 3, 2, 1]))
    True
    """
    return _paired(_checked(roc1, "roc1"), _checked(roc2, "roc2"))


def _method(method: Any, roc1: Roc, roc2: Roc, function: str) -> None:
    """pROC's choice of method (module notes): DeLong's, or a clear refusal."""
    if method is None:
        if roc1.direction != roc2.direction:
            raise InvalidInputError(
                f"pROC's {function} without a method switches to the bootstrap for curves of "
                f"different directions ({roc1.direction!r} and {roc2.direction!r}): a random "
                "resampling the twin does not model; pass method='delong' (pROC then warns "
                "and computes DeLong's value)"
            )
        return
    if not is_one_of(method, ("delong",)):
        shown = repr(method) if isinstance(method, str | int | float) else type(method).__name__
        raise InvalidInputError(
            f"method {shown}: the twin models pROC's method='delong' only (the bootstrap "
            "and the other methods resample or search, and are not modelled)"
        )


def cov(roc1: Roc, roc2: Roc, method: Any = None) -> Fraction | None:
    """pROC's ``cov(roc1, roc2, method)`` (DeLong), exactly: 0 for unpaired curves, None for NA.

    ``method`` None (missing in R) or "delong" (module notes: pROC's method choice).

    >>> from rocpr_exact.profiles.proc import roc
    >>> cov(roc([1, 0, 1, 0], [4, 3, 3, 1]), roc([1, 0, 1, 0], [1, 2, 3, 4], direction="<"))
    Fraction(-1, 16)
    """
    roc1, roc2 = _checked(roc1, "roc1"), _checked(roc2, "roc2")
    _method(method, roc1, roc2, "cov")
    if not _paired(roc1, roc2):
        return Fraction(0)
    cases, controls = _counts(roc1)
    if _counts(roc2) != (cases, controls):  # are.paired by the original responses only
        raise InvalidInputError(
            "the curves kept different numbers of cases or controls (missing values): pROC's "
            "cov stops here (R's cov: incompatible dimensions)"
        )
    if cases <= 1 or controls <= 1:
        return None
    # cov(V2$X, V1$X) and cov(V2$Y, V1$Y): the i-th case (control) of one curve with the i-th
    # of the other, which are the same example unless missing values were dropped
    first, second = _by_class(roc1), _by_class(roc2)
    return auc_covariance(first, second, [1] * cases + [0] * controls)


def _by_class(roc: Roc) -> list[Fraction]:
    """The oriented predictor, the cases first, then the controls (each in input order)."""
    pairs = list(zip(*_oriented(roc), strict=True))
    return [s for s, y in pairs if y] + [s for s, y in pairs if not y]


@dataclass(frozen=True, slots=True)
class RocTest:
    """``roc.test``'s htest: statistic (Z or D), p-value, df (unpaired) and conf.int (paired).

    ``statistic`` and the interval are rounded to 30 certified places, ``p_value`` to 20
    certified significant digits; ``df`` is exact.
    """

    paired: bool
    statistic: Fraction
    p_value: Fraction
    estimate: tuple[Fraction, Fraction]
    df: Fraction | None = None
    conf_int: tuple[Fraction | float, Fraction | float] | None = None


def roc_test(
    roc1: Roc,
    roc2: Roc,
    paired: bool | None = None,
    conf_level: Any = Fraction(95, 100),
    method: Any = None,
) -> RocTest:
    """pROC's ``roc.test(roc1, roc2, method, paired=...)`` with DeLong's method.

    ``method`` None (missing in R: DeLong for curves of one direction, else refused as pROC
    would bootstrap) or "delong" (module notes).

    >>> from rocpr_exact.profiles.proc import roc
    >>> a, b = roc([1, 0, 1, 0], [4, 3, 3, 1]), roc([1, 0, 1, 0], [1, 2, 3, 4], direction="<")
    >>> t = roc_test(a, b)
    >>> from rocpr_exact.exact.display import decimal
    >>> decimal(t.statistic, 6), decimal(t.p_value, 6)
    ('1.178511', '0.238593')
    """
    roc1, roc2 = _checked(roc1, "roc1"), _checked(roc2, "roc2")
    _method(method, roc1, roc2, "roc.test")
    level = _level(conf_level)
    paired = None if paired is None else flag(paired, "paired")
    if paired is not False:  # None or True: are.paired, with the curves it returns
        rocs = _paired_rocs(roc1, roc2)
        if rocs is None and paired:
            raise InvalidInputError("The paired ROC test cannot be applied to unpaired curves.")
        paired = rocs is not None
        roc1, roc2 = rocs or (roc1, roc2)
    var1, var2 = _variance(roc1), _variance(roc2)
    if var1 is None or var2 is None:
        raise UndefinedMetricError("one case or one control: pROC's DeLong statistic is NaN")
    difference = roc1.auc - roc2.auc
    if paired:
        covariance = cov(roc1, roc2, "delong")  # the method is settled above
        assert covariance is not None
        sigma2 = var1 + var2 - 2 * covariance
        return _paired_test(roc1, roc2, difference, sigma2, level)
    return _unpaired_test(roc1, roc2, difference, var1, var2)


def _paired_test(
    roc1: Roc, roc2: Roc, difference: Fraction, sigma2: Fraction, level: Fraction
) -> RocTest:
    estimate = (roc1.auc, roc2.auc)
    if sigma2 == 0:
        if difference != 0:
            raise UndefinedMetricError("sigma is 0 with a non-zero difference: pROC's Z is Inf")
        zero = (Fraction(0), Fraction(0))
        return RocTest(True, Fraction(0), Fraction(1), estimate, conf_int=zero)
    z_squared = difference**2 / sigma2
    statistic = Fraction(z_decimal(z_squared, difference < 0, PLACES))
    p_value = Fraction(two_sided_p(z_squared, SIGNIFICANT))
    if level in (0, 1):  # crit_z = qnorm(1/2) = 0, or qnorm(1) = Inf
        ends = (difference, difference) if level == 0 else (-np.inf, np.inf)
        return RocTest(True, statistic, p_value, estimate, conf_int=ends)
    low, high = interval_decimals(difference, sigma2, level, PLACES)
    return RocTest(True, statistic, p_value, estimate, conf_int=(Fraction(low), Fraction(high)))


def _unpaired_test(
    roc1: Roc, roc2: Roc, difference: Fraction, var1: Fraction, var2: Fraction
) -> RocTest:
    total = var1 + var2
    if total == 0:
        raise UndefinedMetricError("both variances are 0: pROC's D is NaN or Inf")
    n1, n2 = len(roc1.response), len(roc2.response)
    df = total**2 / (var1**2 / (n1 - 1) + var2**2 / (n2 - 1))
    t_squared = difference**2 / total
    statistic = Fraction(z_decimal(t_squared, difference < 0, PLACES))
    p_value = Fraction(student_two_sided_p(t_squared, df, SIGNIFICANT))
    return RocTest(False, statistic, p_value, (roc1.auc, roc2.auc), df=df)
