"""Sample weights in Curve.from_scores: a weight w is w replicated rows; rationals are scaled."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from tests.strategies import examples

rows = st.lists(
    st.tuples(st.integers(0, 5), st.integers(0, 1), st.integers(0, 4)), min_size=1, max_size=30
)


@settings(max_examples=examples(2))
@given(rows)
def test_integer_weights_equal_replicated_rows(data):
    scores, labels, weights = zip(*data, strict=True)
    rep = [(s, y) for s, y, w in data for _ in range(w)]
    if not rep:
        with pytest.raises(InvalidInputError):
            Curve.from_scores(scores, labels, weights=weights)
        return
    weighted = Curve.from_scores(scores, labels, weights=weights)
    weighted._check()
    assert weighted == Curve.from_scores([s for s, _ in rep], [y for _, y in rep])


def test_hand_case():
    c = Curve.from_scores([0.9, 0.5, 0.5, 0.1], [1, 0, 1, 0], weights=[2, 1, 3, 0])
    assert (c.tps, c.fps, c.thresholds) == ((0, 2, 5), (0, 0, 1), (0.9, 0.5))


def test_rational_weights_are_scaled_by_the_lcm_of_their_denominators():
    # weights 1/2, 1/3, 0.25 (a binary float) -> lcm 12 -> 6, 4, 3 rows
    c = Curve.from_scores([3, 2, 1], [1, 0, 1], weights=[Fraction(1, 2), "1/3", 0.25])
    assert (c.tps, c.fps) == ((0, 6, 6, 9), (0, 0, 4, 4))


@pytest.mark.parametrize("bad", [-1, Fraction(-1, 2), float("nan"), float("inf"), "x", None, True])
def test_bad_weights(bad):
    with pytest.raises(InvalidInputError, match="weight"):
        Curve.from_scores([1, 2], [0, 1], weights=[1, bad])


def test_the_lcm_of_the_denominators_is_bounded():
    from rocpr_exact.errors import ResourceLimitError
    from rocpr_exact.limits import using

    primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]  # lcm 7420738134810, 13 digits
    weights = [Fraction(1, q) for q in primes]
    Curve.from_scores(range(12), [0, 1] * 6, weights=weights)
    with using(max_exact_digits=10), pytest.raises(ResourceLimitError, match="lcm"):
        Curve.from_scores(range(12), [0, 1] * 6, weights=weights)
    with using(max_exact_digits=10), pytest.raises(ResourceLimitError, match="weight at index 1"):
        Curve.from_scores([1, 2], [0, 1], weights=[1, 10**20])
