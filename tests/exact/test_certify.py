"""Tests of rocpr_exact.exact.certify: the one certified-evaluation routine (Ziv's loop).

It decides decimals, signs, nearest floats (ClosedForm.__float__) and conformance's tolerance
checks.  Expected values never come from the code under test: the published digits of ln 2
(OEIS A002162, checked against mpmath and sympy in test_closedform.py), Python's correctly rounded
``float(Fraction)`` on a rational stand-in on the same side of the boundary, and hand reasoning in
the comments.  Values near a boundary are built from a rational ``Q40`` that agrees with ln 2 to 40
digits, so no fixed precision below about 133 bits can decide them.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import mpmath
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rocpr_exact import limits
from rocpr_exact.errors import InvalidInputError, ResourceLimitError
from rocpr_exact.exact import certify, logalgebra
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.logsum import Term
from rocpr_exact.oracle.conformance import enclosure, within

# ln 2 to 60 places (published, OEIS A002162).
LN2_60 = "0.693147180559945309417232121458176568075500134360255254120680"
# Q40 = ln 2 truncated to 40 places.  Places 41 to 43 of ln 2 are "001" (...0755|0013436...), so
# 10^-43 < ln 2 - Q40 < 2 * 10^-43.
Q40 = Fraction(LN2_60[:42])
DIGITS_41_TO_43 = LN2_60[42:45]
LN2 = ClosedForm.log(2)
DELTA = LN2 - Q40  # in (10^-43, 2 * 10^-43): positive, tiny, irrational


@pytest.fixture
def attempts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the precision (fraction bits) of every enclosure the routine takes."""
    seen: list[int] = []
    original = certify.fixed_enclosure

    def recording(rational: Fraction, terms: tuple[Term, ...], bits: int) -> tuple[int, int]:
        seen.append(bits)
        return original(rational, terms, bits)

    monkeypatch.setattr(certify, "fixed_enclosure", recording)
    return seen


@pytest.fixture
def zero_tests(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the exact zero tests of the log part that the routine runs."""
    calls: list[int] = []
    original = logalgebra.log_part_is_zero

    def counting(terms: tuple[Term, ...]) -> bool:
        calls.append(len(terms))
        return original(terms)

    monkeypatch.setattr(certify, "log_part_is_zero", counting)
    return calls


def test_the_constants_describe_delta() -> None:
    assert DIGITS_41_TO_43 == "001"
    assert Fraction(1, 10**43) < Fraction(LN2_60) - Q40 < Fraction(2, 10**43)


# ------------------------------------------------------------------------------------- decimals


def test_decides_decimals_in_one_enclosure_away_from_boundaries(attempts: list[int]) -> None:
    # Places 51 to 54 of ln 2 are "5254": rounding to 50 places raises the 50th digit, 5 -> 6.
    assert LN2_60[52:56] == "5254" and LN2_60[51] == "5"
    assert LN2.decimal(50) == LN2_60[:51] + "6"
    assert len(attempts) == 1


def test_near_a_rounding_boundary_needs_refinement(attempts: list[int]) -> None:
    # 1/8 + DELTA is just above the tie 0.125: it rounds up at 2 places.  Telling it from 1/8 needs
    # more than log2(10^43) = 142.8 bits, while the first attempt for 2 digits uses fewer than 64.
    near_tie = Fraction(1, 8) + DELTA
    assert near_tie.decimal(2) == "0.13"
    assert attempts[0] < 64 and max(attempts) >= 143
    assert attempts == sorted(attempts)  # rising precision
    assert (Fraction(1, 8) - DELTA).decimal(2) == "0.12"


def test_exact_tie_in_disguise_rounds_to_even_by_the_zero_test(
    attempts: list[int], zero_tests: list[int]
) -> None:
    # ln 4 - 2 ln 2 + 1/8 is exactly 0.125, a tie at 2 places: no enclosure can decide it, the
    # exact zero test of the log part does, and the rational part 1/8 rounds to even: 0.12.
    tie = ClosedForm.log(4) - 2 * ClosedForm.log(2) + Fraction(1, 8)
    assert tie.decimal(2) == "0.12"
    assert zero_tests == [2]
    assert max(attempts) - attempts[0] >= certify.ZIV_ZERO_TEST_BITS - 8
    # The same tie at 3/8 rounds to even upwards.
    assert (tie + Fraction(1, 4)).decimal(2) == "0.38"


def test_certified_decimal_checks_digits() -> None:
    with pytest.raises(InvalidInputError, match=">= 0"):
        certify.certified_decimal(Fraction(0), LN2.terms, -1)
    with pytest.raises(TypeError, match="int"):
        certify.certified_decimal(Fraction(0), LN2.terms, True)


# ---------------------------------------------------------------------------------------- signs


def test_decides_signs_near_zero_and_at_zero(zero_tests: list[int]) -> None:
    assert certify.certified_sign(DELTA.rational, DELTA.terms) == 1
    assert certify.certified_sign((-DELTA).rational, (-DELTA).terms) == -1
    assert Q40 < LN2 < Q40 + Fraction(1, 10**40)
    assert zero_tests == []  # decided by refinement alone
    zero = ClosedForm.log(12) - 2 * ClosedForm.log(2) - ClosedForm.log(3)
    assert certify.certified_sign(zero.rational, zero.terms) == 0
    assert zero_tests == [3]


# --------------------------------------------------------------------------------------- floats


def test_nearest_float_near_a_float_tie() -> None:
    # 1 + 2^-53 is halfway between the floats 1 and 1 + 2^-52.  Python's float(Fraction) is
    # correctly rounded, so rationals on the same side of the tie give the expected floats.
    halfway = Fraction(1) + Fraction(1, 2**53)
    above, below = float(halfway + Fraction(1, 10**50)), float(halfway - Fraction(1, 10**50))
    assert (above, below) == (1 + 2**-52, 1.0)
    assert float(halfway + DELTA) == above
    assert float(halfway - DELTA) == below
    # Exactly on the tie (in disguise): the zero test, then ties to even give 1.0.
    assert float(halfway + ClosedForm.log(9) - 2 * ClosedForm.log(3)) == 1.0
    assert float(LN2) == float(Fraction(LN2_60))


# ---------------------------------------------------------------------------------- the cap


def _cases() -> list[tuple[str, Callable[[], object]]]:
    near_tie = Fraction(1, 8) + DELTA
    halfway = Fraction(1) + Fraction(1, 2**53)
    exact = {"rational": "0", "log_terms": [["1", "2"]]}
    return [
        ("decimal", lambda: near_tie.decimal(2)),
        ("comparison", lambda: near_tie > Fraction(1, 8)),
        ("float", lambda: float(halfway + DELTA)),
        ("within", lambda: within(Q40, exact, Fraction(0), Fraction(1, 10**43))),
    ]


@pytest.mark.parametrize(("purpose", "decision"), _cases())
def test_the_cap_raises_instead_of_guessing(
    purpose: str, decision: Callable[[], object], zero_tests: list[int]
) -> None:
    # Each decision needs about 143 bits, more than a first attempt of at most 128: a cap of 4 extra
    # bits leaves it undecided, so the routine must run the zero test (which says "not zero")
    # and then raise, naming the limit and the purpose.
    with limits.using(max_refinement_bits=4), pytest.raises(ResourceLimitError) as caught:
        decision()
    assert "max_refinement_bits" in str(caught.value)
    assert purpose in str(caught.value)
    assert zero_tests  # the zero test ran before giving up
    # With the default limit the same decisions are made.
    decision()


def test_no_limit_means_no_cap() -> None:
    with limits.using(max_refinement_bits=None):
        assert (Fraction(1, 8) + DELTA).decimal(2) == "0.13"


def test_refine_answers_rational_forms_without_refinement(attempts: list[int]) -> None:
    answer = certify.refine(
        Fraction(1, 3), (), lambda lo, hi: (lo, hi), lambda r: (r, r), "identity"
    )
    assert answer == (Fraction(1, 3), Fraction(1, 3)) and attempts == []


# -------------------------------------------------------------------------------- enclosures


def test_enclosure_brackets_published_digits() -> None:
    for bits in (1, 10, 64, 200):
        lo, hi = certify.enclosure(Fraction(0), LN2.terms, bits)
        truncated = Fraction(LN2_60)  # within 10^-60 of ln 2
        assert lo - Fraction(1, 10**60) <= truncated <= hi + Fraction(1, 10**60)
        assert (lo * 2**bits).denominator == 1 and hi - lo <= Fraction(8, 2**bits)
    assert certify.enclosure(Fraction(2, 7), (), 3) == (Fraction(2, 7), Fraction(2, 7))
    with pytest.raises(InvalidInputError, match="precision_bits"):
        certify.enclosure(Fraction(0), LN2.terms, 0)


def test_conformance_enclosure_is_the_exact_rooms() -> None:
    exact = {"rational": "1/3", "log_terms": [["1", "2"]]}
    assert enclosure(exact, 100) == (Fraction(1, 3) + LN2).enclosure(100)
    assert enclosure(Fraction(5, 7)) == (Fraction(5, 7), Fraction(5, 7))


# ------------------------------------------------------------------- conformance: within


def test_within_is_certified_at_a_tolerance_edge() -> None:
    # |Q40 - ln 2| = DELTA in (10^-43, 2 * 10^-43): within an absolute tolerance of 2 * 10^-43,
    # not within 10^-43.  Both need more than the first 128-bit enclosure.
    exact = {"rational": "0", "log_terms": [["1", "2"]]}
    assert within(Q40, exact, Fraction(0), Fraction(2, 10**43))
    assert not within(Q40, exact, Fraction(0), Fraction(1, 10**43))


def test_within_when_the_enclosure_straddles_the_given_value() -> None:
    # exact = 1/2 + ln(1 + 2^-400), about 1/2 + 2^-400; given 1/2 with atol 2^-399 passes.  A
    # 128-bit enclosure fails at both of its ends (they are ~2^-128 away from 1/2) although the
    # value passes: only an enclosure that excludes 1/2 may decide.
    exact = {"rational": "1/2", "log_terms": [["1", f"{2**400 + 1}/{2**400}"]]}
    assert within(Fraction(1, 2), exact, Fraction(0), Fraction(1, 2**399))
    assert not within(Fraction(1, 2), exact, Fraction(0), Fraction(1, 2**401))


def test_within_an_exact_rational_in_disguise() -> None:
    # ln 4 - 2 ln 2 + 1/2 is exactly 1/2: equal with zero tolerance (the exact zero test).
    exact = {"rational": "1/2", "log_terms": [["1", "4"], ["-2", "2"]]}
    assert within(Fraction(1, 2), exact, Fraction(0), Fraction(0))
    assert not within(Fraction(1, 2) + Fraction(1, 10**30), exact, Fraction(0), Fraction(0))


def _mpmath_value(rational: Fraction, terms: list[tuple[Fraction, Fraction]]) -> Fraction:
    """The value at 120 digits with mpmath, as an exact Fraction (an independent reference)."""
    with mpmath.workdps(120):
        total = mpmath.mpf(rational.numerator) / rational.denominator
        for c, a in terms:
            total += (
                mpmath.mpf(c.numerator)
                / c.denominator
                * mpmath.log(mpmath.mpf(a.numerator) / a.denominator)
            )
        sign, mantissa, exponent, _ = total._mpf_
    return (-1) ** sign * Fraction(int(mantissa)) * Fraction(2) ** int(exponent)


@settings(deadline=None)
@given(
    rational=st.fractions(-3, 3, max_denominator=10),
    terms=st.lists(
        st.tuples(
            st.fractions(-3, 3, max_denominator=6).filter(bool),
            st.fractions(Fraction(1, 20), 20, max_denominator=20).filter(lambda a: a != 1),
        ),
        min_size=1,
        max_size=4,
    ),
    offset=st.fractions(-1, 1, max_denominator=10**6),
    rtol=st.sampled_from([Fraction(0), Fraction(1, 10**9), Fraction(1, 100)]),
    atol=st.sampled_from([Fraction(0), Fraction(1, 10**12), Fraction(1, 1000)]),
)
def test_within_agrees_with_a_high_precision_reference(
    rational: Fraction,
    terms: list[tuple[Fraction, Fraction]],
    offset: Fraction,
    rtol: Fraction,
    atol: Fraction,
) -> None:
    reference = _mpmath_value(rational, terms)
    given_value = reference + offset * Fraction(1, 10**6)  # a value near the exact one
    margin = atol + rtol * abs(reference) - abs(given_value - reference)
    assume(abs(margin) > Fraction(1, 10**80))  # the reference (10^-115) cannot decide closer
    exact = {
        "rational": str(rational),
        "log_terms": [[str(c), str(a)] for c, a in terms],
    }
    assert within(given_value, exact, rtol, atol) == (margin >= 0)
