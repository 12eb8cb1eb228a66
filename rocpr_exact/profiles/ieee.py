"""IEEE 754 binary rounding, exactly: what a float32 or float64 operation returns.

The torchmetrics and keras twins need the value of a few float operations the tools perform
on their way to a count (``torch.linspace``'s grid, keras' bucket index ``p * (T - 1)``,
numpy's ``allclose`` on keras' thresholds).  Each operation is correctly rounded (round to
nearest, ties to even), so its result is :func:`round_binary` of the exact result, computed
here on Fractions with integer arithmetic only (:func:`rocpr_exact.exact.binary64.round_ieee`,
the package's one IEEE rounding; this module names the two formats and reads tool inputs).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from typing import Any

import numpy as np

from rocpr_exact.core.curve import Curve, require_curve
from rocpr_exact.core.data import refuse_masked
from rocpr_exact.core.views import ArrayView
from rocpr_exact.errors import InvalidInputError, WrongTypeError
from rocpr_exact.exact.binary64 import round_ieee
from rocpr_exact.profiles.model import ProfileData, curve_of

__all__ = [
    "FLOAT32",
    "FLOAT64",
    "Format",
    "double_curve",
    "double_scores",
    "double_seen",
    "exact_values",
    "round_binary",
    "to_double",
]

#: (significand bits including the leading one, least normal exponent)
Format = tuple[int, int]
FLOAT32: Format = (24, -126)
FLOAT64: Format = (53, -1022)


def round_binary(x: Fraction | int, fmt: Format = FLOAT32) -> Fraction:
    """``x`` rounded to the nearest value of the format, ties to even (subnormals included).

    >>> round_binary(Fraction(1, 3)) == Fraction(11184811, 2**25)
    True
    >>> round_binary(Fraction(2**24 + 1))  # a tie: to the even significand
    Fraction(16777216, 1)
    """
    if not isinstance(x, Fraction | int) or isinstance(x, bool):
        raise WrongTypeError(
            f"round_binary rounds an exact Fraction or int, got {type(x).__name__}"
        )
    if not isinstance(fmt, tuple) or fmt not in (FLOAT32, FLOAT64):
        raise InvalidInputError(f"fmt must be FLOAT32 or FLOAT64, got {fmt!r}")
    bits, emin = fmt
    return round_ieee(x, bits, emin - (bits - 1), -emin + 2)


def _converted(values: Any, dtype: str, what: str) -> Any:
    refuse_masked(values, what)  # astype would turn a masked entry into NaN or its hidden value
    try:
        array = np.asarray(values)
        if array.dtype.kind == "c":  # astype drops the imaginary part, with a warning only
            raise InvalidInputError(f"{what} holds complex numbers; scores are real numbers")
        with np.errstate(over="ignore"):  # a double beyond float32's range becomes inf, refused
            return array.astype(dtype).ravel()
    except OverflowError:  # numpy refuses an int or a Fraction beyond the format's range
        raise InvalidInputError(f"{what} holds a number too large for {dtype}") from None
    except (TypeError, ValueError):
        raise InvalidInputError(f"{what} must be an array of numbers") from None


def _kind(dtype: str) -> str:
    if not dtype.startswith("float") and dtype not in ("longdouble", "double", "single", "half"):
        return ""  # (np.dtype would take other aliases too, some of them deprecated)
    try:
        return str(np.dtype(dtype).kind)
    except TypeError:  # not a dtype's name
        return ""


def exact_values(values: Any, dtype: str, what: str) -> list[Fraction]:
    """A 1-D array converted to ``dtype`` as numpy's ``astype`` does, each value exact."""
    if not isinstance(dtype, str) or _kind(dtype) != "f":
        raise InvalidInputError(f"dtype must name a numpy float type, got {dtype!r}")
    array = _converted(values, dtype, what)
    if not np.isfinite(array).all():
        raise InvalidInputError(f"{what} contains NaN or infinity")
    return [Fraction(v) for v in array.tolist()]


def double_scores(values: Any, what: str) -> list[Fraction | float]:
    """Scores as R and Java read them: each at its binary64 value (correctly rounded), exact;
    +-inf kept (they rank above and below every number there too), NaN refused.

    >>> double_scores([2**53 + 1, "0.1", float("-inf")], "scores")[0] == 2**53
    True
    >>> double_scores([-(10**400), 1], "scores")[0]   # R and Java: -Inf
    -inf
    """
    try:
        array = _converted(values, "float64", what)
    except InvalidInputError:
        # R's and Java's parsers read a number beyond the double range as +-inf
        array = np.array(
            [to_double(value, what) for value in np.asarray(values, dtype=object).ravel()]
        )
    if np.isnan(array).any():
        raise InvalidInputError(f"{what} contains NaN; NaN has no place in a ranking")
    return [Fraction(v) if np.isfinite(v) else v for v in array.tolist()]


def to_double(value: Any, what: str) -> float:
    """``value`` rounded to the nearest double as numpy's ``astype`` rounds it (correctly,
    ties to even); beyond the double range +-inf, as R's and Java's parsers read it.

    >>> to_double(2**53 + 1, "x") == 2**53, to_double(-(10**400), "x")
    (True, -inf)
    """
    if np.iscomplexobj(value):  # astype would drop the imaginary part
        raise InvalidInputError(f"{what} holds complex numbers; scores are real numbers")
    try:
        with np.errstate(over="ignore"):
            double: float = np.asarray([value], dtype=object).astype(np.float64).tolist()[0]
        return double
    except OverflowError:  # an int or a Fraction beyond the largest double
        return np.inf if value > 0 else -np.inf
    except (TypeError, ValueError):
        raise InvalidInputError(f"{what} must be an array of numbers") from None


def double_curve(curve: Curve) -> Curve:
    """``curve`` as a tool that reads every score as a double sees it (R, Java).

    Each threshold is taken at its binary64 value (:func:`double_scores`); tie groups whose
    thresholds become one double merge into one group (:meth:`Curve.from_histogram`).  The
    curve itself when nothing merges, or when it has no thresholds or holds float64 values
    already.  O(number of points).

    >>> c = Curve.from_scores([Fraction(1, 10), Fraction(10**20 + 1, 10**21), 1], [1, 0, 1])
    >>> c.tps, double_curve(c).tps
    ((0, 1, 1, 2), (0, 1, 2))
    """
    curve = require_curve(curve, "curve")
    cuts = curve.thresholds
    if cuts is None or (isinstance(cuts, ArrayView) and cuts.array.dtype == np.float64):
        return curve
    doubles = double_scores(list(cuts), "thresholds")
    if all(a != b for a, b in pairwise(doubles)):
        return curve
    tps, fps = curve.tps, curve.fps
    rows = [
        (cut, tps[i] - tps[i - 1], fps[i] - fps[i - 1]) for i, cut in enumerate(doubles, start=1)
    ]
    return Curve.from_histogram(rows)  # rows of one score are summed into one tie group


def double_seen(data: ProfileData) -> Curve:
    """The curve a tool that reads every score as a double builds (R, Java): a
    :class:`Curve` by :func:`double_curve`, ``(scores, labels)`` by :func:`double_scores`.

    >>> double_seen(([Fraction(1, 10), Fraction(10**20 + 1, 10**21)], [1, 0])).tps
    (0, 1)
    """
    return double_curve(curve_of(data, _doubles_curve))


def _doubles_curve(scores: Any, labels: Any) -> Curve:
    return Curve.from_scores(double_scores(scores, "scores"), labels)
