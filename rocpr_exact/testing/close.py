"""Assertions for other projects' test suites: is my metric the exact value, within tolerance?

The package's one testing module (``from rocpr_exact.testing import assert_metric_close``).

>>> from rocpr_exact.testing import assert_metric_close
>>> scores, labels = [0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]
>>> assert_metric_close("roc_auc", 0.75, scores, labels)
>>> assert_metric_close("average_precision", 0.8333333333333334, scores, labels)
>>> assert_metric_close("auc_pr_davis_goadrich", 0.9, scores, labels)
Traceback (most recent call last):
...
AssertionError: auc_pr_davis_goadrich = 0.9 is not within rtol=1e-09, atol=0 of the exact value
  exact    19/24
  decimal  0.791666666666666666666666666667
  given    0.9 (exactly 0.90000000000000002220446049250313080847263336181640625)
  error    0.108 absolute, 0.137 relative, 9.76e+14 ulp

Metric names are those of :mod:`rocpr_exact.oracle.metrics`: ``auc_roc`` (alias
``roc_auc``), ``auc_pr_continuous``, ``auc_pr_davis_goadrich``, ``auc_pr_linear``,
``auc_pr_step`` (alias ``average_precision``) and the profile metrics such as
``sklearn.auc_pr_trapezoid``, ``prroc.auc_integral`` or ``auccalculator.auc_pr``.

The decision is exact: the given float is taken at its binary value and compared
in rationals (a continuous area by certified interval enclosure).  This is a
display module (``tests/contract/test_no_float.py``): floats only as the given values and
in messages.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import Any

from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import RocPrError, WrongTypeError
from rocpr_exact.exact.display import number
from rocpr_exact.oracle.conformance import error_text, within
from rocpr_exact.oracle.metrics import Value, canonical_metric, compute_metric

__all__ = ["assert_metric_close"]

#: Decimal places shown in assertion messages.
MESSAGE_DIGITS = 30


def _exact_float_text(value: float) -> str:
    return str(Decimal(value))


def assert_metric_close(
    name: str,
    value: float | int | Fraction | Decimal | None,
    scores: Iterable[Any],
    labels: Iterable[Any],
    *,
    rtol: float | Fraction = 1e-9,
    atol: float | Fraction = 0,
) -> None:
    """Assert that ``value`` is the named metric of (scores, labels) within rtol/atol.

    Passes when |value - exact| <= atol + rtol |exact|, decided exactly.  When the
    metric is undefined for the data (one class missing), ``None`` or NaN passes
    (scikit-learn returns NaN there) and a number fails.  An unknown metric name
    or malformed data raises the library's error (a usage mistake, not a failed
    assertion).  The message shows the exact value, its decimal, the given value
    and the error in absolute, relative and ulp terms.
    """
    metric = canonical_metric(name)
    curve = Curve.from_scores(scores, labels)
    item = getattr(value, "item", None)
    if item is not None and type(value).__module__ == "numpy":
        value = item()  # a numpy scalar: its exact Python value
    undefined_given = value is None or (isinstance(value, float) and math.isnan(value))
    found: Value | float | RocPrError
    try:
        with warnings.catch_warnings():  # a twin's one-class warning: its nan says it
            warnings.simplefilter("ignore")
            found = compute_metric(metric, curve)
    except RocPrError as exc:
        found = exc
    if isinstance(found, RocPrError | float):  # undefined here (a tool's nan, or refused)
        if undefined_given:
            return
        why = f"{type(found).__name__}: {found}" if isinstance(found, RocPrError) else "nan"
        raise AssertionError(
            f"{name} is undefined for this data ({why}), but {value!r} was given"
        ) from None
    exact = found
    shown = number(exact, MESSAGE_DIGITS)
    if undefined_given or (isinstance(value, float) and math.isinf(value)):
        raise AssertionError(
            f"{name}: {value!r} was given, but the exact value is {shown['decimal']}"
        )
    if isinstance(value, bool) or not isinstance(value, float | int | Fraction | Decimal):
        raise WrongTypeError(f"assert_metric_close needs a number, got {type(value).__name__}")
    given = Fraction(value)
    exact_json = shown["exact"]
    target = exact_json if isinstance(exact_json, dict) else Fraction(exact_json)
    tolerance_r, tolerance_a = Fraction(rtol), Fraction(atol)
    if within(given, target, tolerance_r, tolerance_a):
        return
    exact_text = exact_json if isinstance(exact_json, str) else "closed form " + str(exact_json)
    if len(exact_text) > 200:
        exact_text = exact_text[:80] + f"... ({len(exact_text)} characters)"
    given_text = repr(value)
    if isinstance(value, float):
        given_text += f" (exactly {_exact_float_text(value)})"
    raise AssertionError(
        f"{name} = {value!r} is not within rtol={rtol}, atol={atol} of the exact value\n"
        f"  exact    {exact_text}\n"
        f"  decimal  {shown['decimal']}\n"
        f"  given    {given_text}\n"
        f"  {error_text(given, target).replace('error ', 'error    ', 1)}"
    )
