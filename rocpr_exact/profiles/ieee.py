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
from typing import Any

import numpy as np

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.binary64 import round_ieee

__all__ = ["FLOAT32", "FLOAT64", "Format", "exact_values", "round_binary"]

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
    bits, emin = fmt
    return round_ieee(x, bits, emin - (bits - 1), -emin + 2)


def exact_values(values: Any, dtype: str, what: str) -> list[Fraction]:
    """A 1-D array converted to ``dtype`` as numpy's ``astype`` does, each value exact."""
    try:
        array = np.asarray(values).astype(dtype)
    except (TypeError, ValueError):
        raise InvalidInputError(f"{what} must be an array of numbers") from None
    if not np.isfinite(array).all():
        raise InvalidInputError(f"{what} contains NaN or infinity")
    return [Fraction(v) for v in array.ravel().tolist()]
