"""Sound AP bounds given AUC-ROC (rocpr_exact.consistency.apbounds) against the exact ranges.

Soundness is what matters: every ranking's average precision lies inside the
bound.  Checked against brute force over every ranking (small P, N) and
against the exact dynamic programme ``average_precision_range`` (larger).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact.consistency import (
    average_precision_bounds,
    average_precision_range,
    check_consistency,
)
from rocpr_exact.consistency.apbounds import _dual_scaled
from rocpr_exact.errors import InvalidInputError
from tests.consistency.brute import table
from tests.strategies import examples


@pytest.mark.parametrize(("p", "n"), [(p, n) for p in range(1, 5) for n in range(1, 5)])
@pytest.mark.parametrize("ties", [True, False])
def test_bounds_contain_every_ranking(p: int, n: int, ties: bool) -> None:
    by_auc: dict[Fraction, list[Fraction]] = {}
    for row in table(p, n, ties):
        by_auc.setdefault(row.ranking["auc_roc"], []).append(row.ranking["average_precision"])
    for k in range(2 * p * n + 1):
        auc = Fraction(k, 2 * p * n)
        bounds = average_precision_bounds(p, n, auc, ties=ties)
        if auc not in by_auc:
            assert bounds is None
            continue
        assert bounds is not None
        low, high = bounds
        assert low <= min(by_auc[auc]) and max(by_auc[auc]) <= high


@settings(max_examples=examples(Fraction(1, 2)))
@given(
    p=st.integers(1, 7),
    n=st.integers(1, 7),
    data=st.data(),
    ties=st.booleans(),
)
def test_bounds_contain_the_exact_range(p: int, n: int, data: st.DataObject, ties: bool) -> None:
    k = data.draw(st.integers(0, 2 * p * n))
    auc = Fraction(k, 2 * p * n)
    exact = average_precision_range(p, n, auc, ties=ties)
    bounds = average_precision_bounds(p, n, auc, ties=ties)
    assert (exact is None) == (bounds is None)
    if exact is not None and bounds is not None:
        assert bounds[0] <= exact[0] <= exact[1] <= bounds[1]


def test_upper_bound_is_tight_without_ties_when_few_negatives_are_above() -> None:
    # F = P N - U <= N: the best ranking puts all F negatives just above the last positive,
    # AP = ((P - 1) + P / (P + F)) / P.  P = 3, N = 4, U = 10: F = 2, and the negatives above
    # each positive, f_1 <= f_2 <= f_3 with sum 2, are (0, 0, 2): AP = (1 + 1 + 3/5)/3 = 13/15,
    # or (0, 1, 1): AP = (1 + 2/3 + 3/4)/3 = 29/36.
    assert average_precision_range(3, 4, Fraction(10, 12), ties=False) == (
        Fraction(29, 36),
        Fraction(13, 15),
    )
    bounds = average_precision_bounds(3, 4, Fraction(10, 12), ties=False)
    assert bounds is not None and bounds[1] == Fraction(13, 15)


def test_dual_term_matches_exact_fractions() -> None:
    # The integer dual at lambda = 1/m against the same sum in Fractions, minimising over
    # every e in 0..N by brute force: the fixed-point value is below it by less than P 2^-64.
    p, n, budget = 9, 13, 40
    for m in (1, 2, 5, 17, 100, 1000):
        exact = sum(
            min(Fraction(i, i + e) + Fraction(e, m) for e in range(n + 1)) for i in range(1, p + 1)
        ) - Fraction(budget, m)
        fixed = Fraction(_dual_scaled(p, n, budget, m), m << 64)
        assert fixed <= exact < fixed + Fraction(p + 1, 2**64)


def test_large_counts_are_bounded_and_quick() -> None:
    # P = 2,000, N = 50,000 (far beyond the dynamic programme): the bounds are sound by
    # construction; here they must be ordered, inside [0, 1] and informative at AUC 0.95.
    bounds = average_precision_bounds(2_000, 50_000, Fraction(95, 100))
    assert bounds is not None
    low, high = bounds
    assert 0 < low < high < 1
    assert bounds == average_precision_bounds(2_000, 50_000, Fraction(95, 100), work=10**9)
    weaker = average_precision_bounds(2_000, 50_000, Fraction(95, 100), work=1)
    assert weaker is not None and weaker[0] <= low and weaker[1] == high


def test_refusals() -> None:
    with pytest.raises(InvalidInputError, match="positives must be an int >= 1"):
        average_precision_bounds(0, 3, Fraction(1, 2))
    with pytest.raises(InvalidInputError, match="auc_roc must be a Fraction"):
        average_precision_bounds(2, 3, 0.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="work must be an int >= 1"):
        average_precision_bounds(2, 3, Fraction(1, 2), work=0)
    assert average_precision_bounds(2, 3, Fraction(1, 7)) is None
    assert average_precision_bounds(2, 3, Fraction(1, 12), ties=False) is None


def test_check_uses_the_bounds_beyond_the_exhaustive_search() -> None:
    # P = 1,000, N = 9,000, auc_roc "0.95" = [0.945, 0.955): 2U <= 17,189,999, so the negative
    # mass above the positives is F = PN - U >= 405,000.5 = 45 N + 1/2, and the upper bound is
    # 1 - (45 * 9000/10000 + (1/2)/(1000 + 1/2)) / 1000 = 0.95949950...  AP "0.99" lies above it.
    verdict = check_consistency(1000, 9000, {"auc_roc": "0.95", "average_precision": "0.99"})
    assert verdict.verdict == "impossible"
    assert "every ranking has average precision in [" in verdict.reasons[0]
    assert "0.959500]" in verdict.reasons[0]  # 0.9594995... rounded up
    # Within the bounds the reason does not fire (the search decides, or says undecided).
    inside = check_consistency(1000, 9000, {"auc_roc": "0.95", "average_precision": "0.9"})
    assert not any("sound bounds" in reason for reason in inside.reasons)


def test_a_huge_exact_minimum_is_shown_rounded_not_written_out() -> None:
    # The least AP for P = 1,500, N = 3,000 is a fraction of thousands of digits: the reason
    # shows 12 rounded decimals and the size, never the digits.
    verdict = check_consistency(1_500, 3_000, {"average_precision": "0.01"})
    assert verdict.verdict == "impossible"
    assert "(rounded; the exact fraction has about" in verdict.reasons[0]


def test_large_p_is_decided_by_an_enclosure_of_the_minimum() -> None:
    # P = 20,000, N = 180,000: min AP = (1/P) sum i/(i + N) = 0.0517578... (a float sum),
    # rounded down in the reason; "0.01" is below it: decided without the exact sum.
    verdict = check_consistency(20_000, 180_000, {"average_precision": "0.01"})
    assert verdict.verdict == "impossible"
    assert "it lies in [0.051757 or more, 1]" in verdict.reasons[0]
