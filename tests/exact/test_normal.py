"""Certified normal-theory digits against mpmath at 60 digits (an independent evaluation)."""

from __future__ import annotations

from fractions import Fraction

import mpmath
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.normal import (
    interval_decimals,
    logit_interval_decimals,
    student_two_sided_p,
    two_sided_p,
    z_decimal,
)
from rocpr_exact.exact.text import fraction_scientific


@pytest.fixture(autouse=True, scope="module")
def _precision():  # the references at 60 digits (the root conftest restores the default after)
    mpmath.mp.dps = 60
    yield


levels = st.sampled_from([Fraction(90, 100), Fraction(95, 100), Fraction(99, 100), Fraction(1, 3)])
fractions = st.fractions(min_value=0, max_value=1, max_denominator=10**6)


def mp(q: Fraction) -> mpmath.mpf:
    return mpmath.mpf(q.numerator) / q.denominator


def z_of(level: Fraction) -> mpmath.mpf:
    return mpmath.sqrt(2) * mpmath.erfinv(mp(level))


@given(fractions, st.fractions(min_value=Fraction(1, 10**6), max_value=1), levels)
def test_interval_matches_mpmath(centre: Fraction, variance: Fraction, level: Fraction) -> None:
    lo, hi = interval_decimals(centre, variance, level, 8)
    half = z_of(level) * mpmath.sqrt(mp(variance))
    # a 60-digit evaluation rounded to 8 places (a boundary closer than 1e-50 is not drawn)
    assert Fraction(lo) == round(Fraction(mpmath.nstr(mp(centre) - half, 55)), 8)
    assert Fraction(hi) == round(Fraction(mpmath.nstr(mp(centre) + half, 55)), 8)


@given(st.fractions(min_value=Fraction(1, 100), max_value=Fraction(99, 100)), levels)
def test_logit_interval_matches_mpmath(theta: Fraction, level: Fraction) -> None:
    lo, hi = logit_interval_decimals(theta, 7, level, 8)
    eta = mpmath.log(mp(theta) / (1 - mp(theta)))
    tau = 1 / mpmath.sqrt(7 * mp(theta) * (1 - mp(theta)))
    for text, sign in ((lo, -1), (hi, 1)):
        value = 1 / (1 + mpmath.exp(-(eta + sign * z_of(level) * tau)))
        assert Fraction(text) == round(Fraction(mpmath.nstr(value, 55)), 8)


@given(st.fractions(min_value=0, max_value=4000, max_denominator=1000))
def test_p_value_matches_mpmath_without_underflow(z_squared: Fraction) -> None:
    text = two_sided_p(z_squared, 6)
    expected = mpmath.erfc(mpmath.sqrt(mp(z_squared) / 2))
    assert text == fraction_scientific(Fraction(mpmath.nstr(expected, 55)), 6)
    assert float(Fraction(text.split("e")[0])) > 0


def test_p_value_far_below_the_smallest_double() -> None:
    # z = 40: 2(1 - Phi(40)) = 7.3117870818...e-350 (mpmath, 60 digits)
    assert two_sided_p(Fraction(1600), 11) == "7.3117870818e-350"


def test_z_and_student_p() -> None:
    assert z_decimal(Fraction(9, 4), True, 3) == "-1.500"
    t2, df = Fraction(49, 10), Fraction(173, 7)
    expected = mpmath.betainc(
        mp(df) / 2, mpmath.mpf(1) / 2, 0, mp(df / (df + t2)), regularized=True
    )
    assert student_two_sided_p(t2, df, 8) == fraction_scientific(
        Fraction(mpmath.nstr(expected, 55)), 8
    )


def test_zero_variance_is_the_exact_centre() -> None:
    assert interval_decimals(Fraction(1, 8), Fraction(0), Fraction(95, 100), 2) == ("0.12", "0.12")


def test_bad_levels_are_refused() -> None:
    for level in (Fraction(0), Fraction(1), Fraction(3, 2)):
        with pytest.raises(InvalidInputError, match="strictly between 0 and 1"):
            interval_decimals(Fraction(1, 2), Fraction(1, 100), level, 3)
    with pytest.raises(InvalidInputError, match="exact Fraction"):
        interval_decimals(Fraction(1, 2), Fraction(1, 100), 0.95, 3)  # type: ignore[arg-type]
