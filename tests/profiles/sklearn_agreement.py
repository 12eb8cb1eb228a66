"""How a twin's exact result is compared with what scikit-learn 1.9.1 computes in float64.

* Scalars (areas, averages): within relative 1e-12.  sklearn's error is a rounding per
  division and per product plus a float sum of k positive terms (``np.trapezoid``, ``np.sum``,
  ``np.average``): at most about (k + 10) 2**-53 relative, under 1e-14 for the k <= 60 terms
  of these tests, so 1e-12 leaves a wide margin and still catches any wrong term (a wrong
  point changes the value by at least 1/(P N) or 1/P**2, far above 1e-12 at these sizes).
* Curves (rates): sklearn divides exact integer counts once (float64 cumulative sums of
  integer weights are exact below 2**53), and an IEEE division is correctly rounded, so
  sklearn's value is exactly ``float(exact)``: compared bit for bit, element by element, so
  lengths and point sets must agree exactly.  Thresholds are compared as exact values.
* Outcomes: sklearn's nan <-> the twin's nan (``math.nan`` for a scalar, None in a curve or a
  per-class tuple), element by element; sklearn warning that a class is missing (and returning
  nan or a convention: recall 1, AP 0.0) <-> the twin warning an OneClassWarning with
  sklearn's text; sklearn raising <-> the twin raising InvalidInputError, also of every
  built-in class of sklearn's exception.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from rocpr_exact.errors import InvalidInputError, OneClassWarning
from rocpr_exact.profiles.sklearn import INF

RTOL = Fraction(1, 10**12)

#: The largest relative difference seen between a twin's scalar and sklearn's (for reports).
WORST = [Fraction(0)]


#: sklearn's warnings that a class is missing (and numpy's for ovo without a pair)
MISSING = (
    "No positive",
    "No negative",
    "Only one class",
    "Mean of empty slice",
    "invalid value encountered in divide",
)


def _run(call: Callable[[], Any]) -> tuple[Any, list[str]]:
    """The result of ``call`` (or the exception it raised) and the messages it warned."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = call()
        except (ValueError, NotImplementedError, ZeroDivisionError, IndexError) as error:
            result = error
    return result, [str(w.message) for w in caught]


def missing(said: list[str]) -> list[str]:
    return [m for m in said if any(key in m for key in MISSING)]


def close(exact: Fraction, value: float) -> bool:
    """``value`` within relative 1e-12 of ``exact`` (absolute near 0); records the worst."""
    assert math.isfinite(value), value
    difference = abs(Fraction(value) - exact)
    relative = difference / abs(exact) if exact else difference
    WORST[0] = max(WORST[0], relative)
    return difference <= RTOL * max(abs(exact), Fraction(1, 10**3))


def _nan(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def same_number(mine: Any, theirs: float) -> bool:
    """Both nan, or the exact value close to sklearn's."""
    if _nan(mine) or math.isnan(theirs):
        return _nan(mine) and math.isnan(theirs)
    return close(Fraction(mine), theirs)


def same_curve(exact: tuple[tuple[Any, ...], ...], given: tuple[Any, ...]) -> None:
    """Element by element: rates bit for bit (``float(exact) == sklearn``), None for sklearn's
    nan; thresholds exactly."""
    assert len(exact) == len(given) == 3
    for name, mine, theirs in zip(("first", "second", "thresholds"), exact, given, strict=True):
        theirs = np.asarray(theirs).tolist()
        assert len(mine) == len(theirs), (name, mine, theirs)
        for a, b in zip(mine, theirs, strict=True):
            if a is INF:
                assert b == math.inf, (name, mine, theirs)
            elif name == "thresholds":
                assert Fraction(b) == a, (name, mine, theirs)
            elif a is None:
                assert math.isnan(b), (name, mine, theirs)
            else:
                assert float(a) == b, (name, mine, theirs)  # correctly rounded division


def agree(exact_call: Callable[[], Any], sklearn_call: Callable[[], Any]) -> str:
    """The twin and sklearn agree (see the module notes); returns which way they agreed:
    "refused", "nan" (a nan in the result), "warned" (a convention, warned) or "value"."""
    theirs, their_warnings = _run(sklearn_call)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            mine = exact_call()
        except InvalidInputError as error:
            assert isinstance(theirs, Exception), (error, theirs)
            assert "\n" not in str(error)
            # also of sklearn's built-in classes (NotImplementedError, TypeError, ...)
            builtin = [c for c in type(theirs).__mro__ if c.__module__ == "builtins"]
            assert all(isinstance(error, c) for c in builtin), (error, theirs)
            return "refused"
    mine_said = [str(w.message) for w in caught if issubclass(w.category, OneClassWarning)]
    assert not isinstance(theirs, Exception), (mine, theirs)
    expected = missing(their_warnings)
    # the same warnings, in sklearn's words (the twin's add "scikit-learn 1.9.1: ")
    assert len(mine_said) == len(expected), (mine_said, their_warnings)
    assert all(t in m for m, t in zip(mine_said, expected, strict=True)), (mine_said, expected)
    if isinstance(mine, tuple) and mine and isinstance(mine[0], tuple):
        same_curve(mine, theirs)
        has_nan = any(a is None for part in mine for a in part)
    elif isinstance(mine, tuple):
        theirs = np.asarray(theirs, dtype=float).tolist()
        assert len(mine) == len(theirs) and all(
            same_number(a, b) for a, b in zip(mine, theirs, strict=True)
        ), (mine, theirs)
        has_nan = any(_nan(a) for a in mine)
    else:
        assert same_number(mine, float(theirs)), (mine, theirs)
        has_nan = _nan(mine)
    if has_nan:
        return "nan"
    return "warned" if mine_said else "value"
