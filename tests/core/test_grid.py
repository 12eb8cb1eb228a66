"""counts_at_thresholds against a brute force: every example compared with every threshold."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact.core.grid import counts_at_thresholds
from rocpr_exact.errors import InvalidInputError
from tests.strategies import examples

values = st.integers(-3, 6).map(lambda k: Fraction(k, 4))
rows = st.lists(
    st.tuples(values, st.integers(0, 1), st.integers(0, 5).map(lambda k: Fraction(k, 3))),
    max_size=25,
)


def brute(scores, labels, cuts, inclusive, weights):
    def reaches(s, t):
        return s >= t if inclusive else s > t

    tp = tuple(
        sum(w for s, y, w in zip(scores, labels, weights, strict=True) if y and reaches(s, t))
        for t in cuts
    )
    fp = tuple(
        sum(w for s, y, w in zip(scores, labels, weights, strict=True) if not y and reaches(s, t))
        for t in cuts
    )
    return tp, fp


@settings(max_examples=examples(2))
@given(rows, st.lists(values, max_size=12), st.booleans(), st.booleans())
def test_counts_equal_the_brute_force(data, cuts, inclusive, weighted):
    scores = [s for s, _, _ in data]
    labels = [y for _, y, _ in data]
    weights = [w for _, _, w in data] if weighted else [1] * len(data)
    got = counts_at_thresholds(
        scores, labels, cuts, inclusive=inclusive, weights=weights if weighted else None
    )
    assert got == brute(scores, labels, cuts, inclusive, weights)
    if not weighted:
        assert all(type(v) is int for part in got for v in part)


def test_ties_with_a_threshold():
    # scores 1, 2, 2, 3 (labels 1, 0, 1, 1) at t = 2: >= counts the three highest (tp 2, fp 1),
    # > only the 3 (tp 1, fp 0); t = 0 counts all, t = 4 none
    got = counts_at_thresholds([1, 2, 2, 3], [1, 0, 1, 1], [2, 0, 4], inclusive=True)
    assert got == ((2, 3, 0), (1, 1, 0))
    assert counts_at_thresholds([1, 2, 2, 3], [1, 0, 1, 1], [2], inclusive=False) == ((1,), (0,))


@pytest.mark.parametrize(
    "labels, weights", [([0, 1, 1], None), ([0, 2], None), ([0, 1], [Fraction(1)])]
)
def test_refused(labels, weights):
    with pytest.raises(InvalidInputError):
        counts_at_thresholds([1, 2], labels, [1], inclusive=True, weights=weights)
