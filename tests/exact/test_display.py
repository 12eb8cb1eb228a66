"""Tests of rocpr_exact.exact.display: certified decimals and exact strings for reports.

Expected rational decimals come from the standard library (``round(Fraction, n)``, ties to even);
expected closed-form decimals from mpmath at 200 digits.
"""

from __future__ import annotations

import json
import re
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact import limits
from rocpr_exact.errors import InvalidInputError, ResourceLimitError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.display import decimal, exact_string, number
from tests.strategies import examples

RATIONAL = re.compile(r"^-?\d+(/\d+)?$")


def rounded(value: Fraction, digits: int) -> str:
    """Round with the standard library: Fraction.__round__ is exact and ties to even."""
    with localcontext(prec=10_000):
        return format(Decimal(round(value * 10**digits)).scaleb(-digits), "f")


@pytest.mark.parametrize(
    ("value", "digits", "expected"),
    [
        (7, 2, "7.00"),
        (-7, 0, "-7"),
        (0, 3, "0.000"),
        (Fraction(2, 3), 5, "0.66667"),
        (Fraction(-2, 3), 3, "-0.667"),
        (Fraction(1, 8), 2, "0.12"),  # tie: to even
        (Fraction(3, 8), 2, "0.38"),  # tie: to even
        (Fraction(-1, 1000), 2, "0.00"),  # no negative zero
        (Fraction(10**40 + 1, 10**40), 3, "1.000"),
        (ClosedForm.log(2), 10, "0.6931471806"),
        (ClosedForm.log(Fraction(1, 2)), 3, "-0.693"),
        (ClosedForm.log(4) - 2 * ClosedForm.log(2) + Fraction(1, 8), 2, "0.12"),
    ],
)
def test_decimal(value: int | Fraction | ClosedForm, digits: int, expected: str) -> None:
    assert decimal(value, digits) == expected


def test_decimal_default_is_30_digits() -> None:
    assert decimal(Fraction(1, 3)) == "0." + "3" * 30
    with mpmath.workdps(200):
        area = mpmath.mpf(1) / 6 + mpmath.log(mpmath.mpf(5) / 2) / 18
        text = mpmath.nstr(area, 80)
    with localcontext(prec=200):
        expected = format(Decimal(text).quantize(Decimal(10) ** -30, ROUND_HALF_EVEN), "f")
    assert decimal(ClosedForm.from_parts(Fraction(1, 6), [(Fraction(1, 18), Fraction(5, 2))])) == (
        expected
    )


@settings(max_examples=examples(2), deadline=None)
@given(st.fractions(max_denominator=10**6), st.integers(0, 25))
def test_decimal_of_fractions_matches_the_standard_library(value: Fraction, digits: int) -> None:
    text = decimal(value, digits)
    assert text == rounded(value, digits)
    assert len(text.partition(".")[2]) == digits
    assert decimal(int(value), digits) == decimal(Fraction(int(value)), digits)


@pytest.mark.parametrize("bad", [0.5, 1e-3, float("nan"), "1/3", Decimal("0.5"), None, True, 1j])
def test_decimal_rejects_inexact_and_other_types(bad: object) -> None:
    with pytest.raises(TypeError, match="exact value"):
        decimal(bad)  # type: ignore[arg-type]


def test_decimal_of_a_float_suggests_fraction() -> None:
    with pytest.raises(TypeError, match=r"Fraction\(x\)"):
        decimal(0.1)  # type: ignore[arg-type]


def test_decimal_digits_validation() -> None:
    for value in (Fraction(1, 3), 4, ClosedForm.log(2)):
        with pytest.raises(ValueError, match="digits >= 0"):
            decimal(value, -1)
        with pytest.raises(InvalidInputError):
            decimal(value, -5)
        with pytest.raises(TypeError):
            decimal(value, 2.0)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            decimal(value, True)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (0, "0"),
        (-12, "-12"),
        (10**30, "1" + "0" * 30),
        (Fraction(-6, 4), "-3/2"),
        (Fraction(10, 5), "2"),
        (Fraction(1, 3), "1/3"),
    ],
)
def test_exact_string_of_rationals(value: int | Fraction, expected: str) -> None:
    assert exact_string(value) == expected
    assert RATIONAL.match(expected)


def test_exact_string_of_closed_forms() -> None:
    form = ClosedForm.from_parts(Fraction(7, 5), [(Fraction(3, 2), Fraction(4, 3)), (-1, 7)])
    assert exact_string(form) == {
        "rational": "7/5",
        "log_terms": [["3/2", "4/3"], ["-1", "7"]],
    }
    assert exact_string(ClosedForm(Fraction(2))) == {"rational": "2", "log_terms": []}
    json.dumps(exact_string(form))


@settings(deadline=None)
@given(
    st.fractions(),
    st.lists(st.tuples(st.fractions(), st.fractions(min_value=Fraction(1, 10**9))), max_size=5),
)
def test_exact_strings_round_trip(
    rational: Fraction, terms: list[tuple[Fraction, Fraction]]
) -> None:
    assert Fraction(exact_string(rational)) == rational
    assert RATIONAL.match(exact_string(rational))
    form = ClosedForm.from_parts(rational, terms)
    data = json.loads(json.dumps(exact_string(form)))
    assert set(data) == {"rational", "log_terms"}
    strings = [data["rational"]] + [s for pair in data["log_terms"] for s in pair]
    assert all(RATIONAL.match(s) for s in strings)
    back = ClosedForm.from_parts(
        Fraction(data["rational"]), [(Fraction(c), Fraction(a)) for c, a in data["log_terms"]]
    )
    assert (back.rational, back.terms) == (form.rational, form.terms)


@pytest.mark.parametrize("bad", [0.5, "3", None, False, Decimal(1)])
def test_exact_string_rejects_other_types(bad: object) -> None:
    with pytest.raises(TypeError, match="exact value"):
        exact_string(bad)  # type: ignore[call-overload]


def test_number_is_exact_string_and_certified_decimal() -> None:
    # 1/3 = 0.3333...; ln 2 = 0.69314718... (published), 1/3 + ln 2 = 1.02648051...
    assert number(Fraction(1, 3), 4) == {"exact": "1/3", "decimal": "0.3333"}
    assert number(7, 1) == {"exact": "7", "decimal": "7.0"}
    form = Fraction(1, 3) + ClosedForm.log(2)
    assert number(form, 6) == {
        "exact": {"rational": "1/3", "log_terms": [["1", "2"]]},
        "decimal": "1.026481",
    }


def test_number_checks_the_limits_first() -> None:
    with limits.using(max_exact_digits=3), pytest.raises(ResourceLimitError, match="auc_roc"):
        number(Fraction(1, 3**20), 2, "auc_roc")  # 3**20 has 10 digits
    with limits.using(max_digits=5), pytest.raises(ResourceLimitError, match="max_digits"):
        number(Fraction(1, 3), 6)
