"""Enclosures of sums of digamma differences (exact/digamma.py) and their certified decimals.

The reference is the exact rational sum_{j<k} 1/(u + j) (psi(u + k) - psi(u), by the recurrence
psi(x + 1) = psi(x) + 1/x), written out in the test with Fractions, and mpmath's digamma at a
precision far above the enclosure's.
"""

from __future__ import annotations

from fractions import Fraction

import mpmath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact import digamma, logsum
from rocpr_exact.exact.digamma import digamma_sum_exact, digamma_sum_fixed
from rocpr_exact.exact.fixed import certified_ratio_sum
from rocpr_exact.exact.text import fraction_to_decimal
from tests.strategies import examples

pytestmark = pytest.mark.skipif(logsum.flint is None, reason="python-flint is not installed")

terms_strategy = st.lists(
    st.tuples(
        st.fractions(min_value=-(10**6), max_value=10**6, max_denominator=10**6),
        st.fractions(min_value=Fraction(1, 10**3), max_value=10**4, max_denominator=10**4),
        st.integers(0, 300),
    ),
    max_size=5,
)


def by_hand(terms: list[tuple[Fraction, Fraction, int]]) -> Fraction:
    return sum(
        (q * sum((1 / (u + j) for j in range(k)), Fraction(0)) for q, u, k in terms), Fraction(0)
    )


@settings(max_examples=examples(1))
@given(terms_strategy, st.integers(1, 200))
def test_the_enclosure_holds_the_exact_sum(terms, frac_bits):
    exact = by_hand(terms)
    assert digamma_sum_exact(tuple(terms)) == exact
    scaled, error = digamma_sum_fixed(tuple(terms), frac_bits)
    assert scaled - error <= exact * 2**frac_bits <= scaled + error
    assert error <= 8  # a few units, whatever the size of q and u


def test_huge_arguments_and_cancellation():
    # u = 10^12 + 1/3, k = 100: the difference is about 10^-10 while each psi is about 27.6; a
    # coefficient of 10^12 makes the term about 100.  The enclosure must still be a few units.
    u = Fraction(3 * 10**12 + 1, 3)
    terms = ((Fraction(10**12), u, 100), (Fraction(-7, 3), Fraction(1, 7), 10**12))
    with mpmath.workdps(120):
        expected = 10**12 * (mpmath.psi(0, mpmath.mpf(3 * 10**12 + 301) / 3) - mpmath.psi(0, u))
        expected -= (
            mpmath.mpf(7)
            / 3
            * (mpmath.psi(0, mpmath.mpf(1) / 7 + 10**12) - mpmath.psi(0, mpmath.mpf(1) / 7))
        )
        scaled, error = digamma_sum_fixed(terms, 300)
        assert error <= 8
        assert abs(mpmath.mpf(scaled) / mpmath.mpf(2) ** 300 - expected) < mpmath.mpf(10) ** -85


def test_bad_terms_are_refused():
    with pytest.raises(InvalidInputError, match="u > 0"):
        digamma_sum_fixed(((Fraction(1), Fraction(0), 3),), 10)
    with pytest.raises(InvalidInputError, match="k >= 0"):
        digamma_sum_fixed(((Fraction(1), Fraction(1), -1),), 10)
    assert digamma_sum_fixed((), 10) == (0, 0)
    assert digamma.available()


@settings(max_examples=examples(1))
@given(
    st.lists(st.tuples(st.integers(0, 10**6), st.integers(1, 10**4)), max_size=20),
    terms_strategy,
    st.integers(0, 40),
)
def test_certified_decimal_with_digamma_terms(pairs, terms, digits):
    rational = sum((Fraction(n, d) for n, d in pairs), Fraction(0))
    exact = rational + by_hand(terms)
    if exact < 0:  # certified_ratio_sum is for values >= 0
        pairs.append((int(-exact) + 1, 1))
        exact += int(-exact) + 1
    text = certified_ratio_sum(pairs, 3, digits, digamma=tuple(terms), exact=lambda: exact / 3)
    assert text == fraction_to_decimal(exact / 3, digits)


def test_a_tie_is_settled_by_the_exact_value():
    # 1/16 (psi(2) - psi(1)) + 1/16 = 1/8: a tie at 2 places, only the exact value decides it.
    asked = []

    def exact() -> Fraction:
        asked.append(1)
        return Fraction(1, 8)

    terms = ((Fraction(1, 16), Fraction(1), 1),)
    assert certified_ratio_sum([(1, 16)], 1, 2, digamma=terms, exact=exact) == "0.12"
    assert asked == [1]
    with pytest.raises(InvalidInputError, match="exact value"):
        certified_ratio_sum([(1, 16)], 1, 2, digamma=terms)
