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
* Outcomes: sklearn returning nan, or warning that a class is missing and returning a
  convention (recall 1, AP 0.0) <-> the twin raising NoPositivesError / NoNegativesError;
  sklearn raising <-> the twin raising InvalidInputError.  (In an average, sklearn's
  conventional 0 for a class without positives is a value the twin reproduces.)
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from rocpr_exact.errors import InvalidInputError, NoNegativesError, NoPositivesError
from rocpr_exact.profiles.sklearn import INF

RTOL = Fraction(1, 10**12)

#: The largest relative difference seen between a twin's scalar and sklearn's (for reports).
WORST = [Fraction(0)]


def sklearn_outcome(call: Callable[[], Any]) -> tuple[Any, bool]:
    """sklearn's result ("nan" when it is or holds nan) or the exception it raised, and
    whether sklearn warned that the metric is undefined (a class is missing)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = call()
        except (ValueError, NotImplementedError, ZeroDivisionError, IndexError) as error:
            return error, False
    warned = any(
        "No positive" in str(w.message) or "Only one class" in str(w.message) for w in caught
    )
    parts = result if isinstance(result, tuple) else (result,)
    if any(np.isnan(np.asarray(part, dtype=float)).any() for part in parts):
        return "nan", warned
    return result, warned


def close(exact: Fraction, value: float) -> bool:
    """``value`` within relative 1e-12 of ``exact`` (absolute near 0); records the worst."""
    assert math.isfinite(value), value
    difference = abs(Fraction(value) - exact)
    relative = difference / abs(exact) if exact else difference
    WORST[0] = max(WORST[0], relative)
    return difference <= RTOL * max(abs(exact), Fraction(1, 10**3))


def same_curve(exact: tuple[tuple[Any, ...], ...], given: tuple[Any, ...]) -> None:
    """Element by element: rates bit for bit (``float(exact) == sklearn``), thresholds exactly."""
    assert len(exact) == len(given) == 3
    for name, mine, theirs in zip(("first", "second", "thresholds"), exact, given, strict=True):
        theirs = np.asarray(theirs).tolist()
        assert len(mine) == len(theirs), (name, mine, theirs)
        for a, b in zip(mine, theirs, strict=True):
            if a is INF:
                assert b == math.inf, (name, mine, theirs)
            elif name == "thresholds":
                assert Fraction(b) == a, (name, mine, theirs)
            else:
                assert float(a) == b, (name, mine, theirs)  # correctly rounded division


def agree(exact_call: Callable[[], Any], sklearn_call: Callable[[], Any]) -> str:
    """The twin and sklearn agree (see the module notes); returns which way they agreed."""
    theirs, warned = sklearn_outcome(sklearn_call)
    try:
        mine = exact_call()
    except (NoPositivesError, NoNegativesError) as error:
        # sklearn returns nan, or a conventional value with a warning (recall 1 for a PR
        # curve, 0.0 for binary AP, when there is no positive)
        assert theirs == "nan" or warned, (error, theirs)
        return "nan"
    except InvalidInputError as error:
        assert isinstance(theirs, Exception), (error, theirs)
        assert "\n" not in str(error)
        return "refused"
    assert not isinstance(theirs, Exception | str), (mine, theirs)
    if isinstance(mine, tuple) and mine and isinstance(mine[0], tuple):
        same_curve(mine, theirs)
    elif isinstance(mine, tuple):
        theirs = np.asarray(theirs).tolist()
        assert len(mine) == len(theirs) and all(
            close(a, b) for a, b in zip(mine, theirs, strict=True)
        ), (mine, theirs)
    else:
        assert close(Fraction(mine), float(theirs)), (mine, theirs)
    return "value"
