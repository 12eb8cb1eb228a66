"""IEEE rounding in integers against the hardware.

binary64: CPython's correctly rounded Fraction -> float; binary32: numpy's float64 -> float32
conversion (one rounding of an exact double).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact.errors import NotRepresentableError
from rocpr_exact.exact.binary64 import round_binary32, round_binary64
from tests.strategies import examples

rationals = st.builds(
    lambda a, b, e: Fraction(a, b) * Fraction(2) ** e,
    st.integers(-(10**30), 10**30),
    st.integers(1, 10**30),
    st.integers(-1150, 1000),
)


@settings(max_examples=examples(5))
@given(rationals)
def test_binary64_is_cpythons_rounding(x: Fraction) -> None:
    try:
        expected = Fraction(float(x))
    except OverflowError:
        with pytest.raises(NotRepresentableError):
            round_binary64(x)
        return
    assert round_binary64(x) == expected


@settings(max_examples=examples(5))
@given(st.floats(allow_nan=False, allow_infinity=False, width=64))
def test_binary32_is_numpys_rounding_of_a_double(x: float) -> None:
    with np.errstate(over="ignore"):
        single = np.float32(x)
    if np.isinf(single):
        with pytest.raises(NotRepresentableError):
            round_binary32(Fraction(x))
        return
    assert round_binary32(Fraction(x)) == Fraction(float(single))


def test_ties_go_to_even() -> None:
    assert round_binary64(1 + Fraction(1, 2**53)) == 1
    assert round_binary64(1 + Fraction(3, 2**53)) == 1 + Fraction(2, 2**52)
    assert round_binary32(1 + Fraction(1, 2**24)) == 1
    assert round_binary64(Fraction(1, 2**1075)) == 0  # half the least subnormal: to even 0
