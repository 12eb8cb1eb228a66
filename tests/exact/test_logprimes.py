"""Log steps regrouped over primes: the same number, checked by exponentiating exactly.

sum_j w_j (ln a_i - ln a_{i+1}) = sum_p C_p ln p  iff  prod_j (a_i / a_{i+1})^{w_j} = prod_p p^{C_p}
(exp is injective), and both products are exact Fractions for small integers.
"""

from __future__ import annotations

from fractions import Fraction
from math import isqrt

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.exact.logprimes import prime_coefficients


@st.composite
def steps(draw: st.DrawFn) -> tuple[list[int], list[int], list[int]]:
    arguments = sorted(draw(st.sets(st.integers(1, 5000), min_size=2, max_size=12)))
    indices = draw(st.lists(st.integers(0, len(arguments) - 2), max_size=10))
    weights = draw(st.lists(st.integers(-6, 6), min_size=len(indices), max_size=len(indices)))
    return arguments, indices, weights


@given(steps())
def test_prime_coefficients_are_the_same_sum(data: tuple[list[int], list[int], list[int]]) -> None:
    arguments, indices, weights = data
    result = prime_coefficients(
        np.array(arguments, dtype=np.int64),
        np.array(indices, dtype=np.int64),
        np.array(weights, dtype=np.int64),
    )
    expected = Fraction(1)
    for i, w in zip(indices, weights, strict=True):
        expected *= Fraction(arguments[i], arguments[i + 1]) ** w
    if result is None:
        assert not indices
        return
    primes, coefficients = result
    product = Fraction(1)
    for p, c in zip(primes.tolist(), coefficients.tolist(), strict=True):
        assert c != 0 and all(p % q for q in range(2, isqrt(p) + 1))  # primes only
        product *= Fraction(p) ** c
    assert product == expected
