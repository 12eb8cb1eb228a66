"""The Lagrangian bound on AP over rankings in tie groups (rocpr_exact.consistency.tiedbound).

Soundness first: at every multiplier, every ranking (ties allowed) with 2U at least
the given one has AP at least the bound, checked against brute force over every
ranking (tests/consistency/brute.py, its own enumeration and the package's public
metric functions) and against the exact programme ``average_precision_range``.
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
from rocpr_exact.consistency.bounds import auc_roc_span
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.consistency.tiedbound import (
    tied_ap_lower,
    tied_ap_lower_at,
    tied_reasons,
)
from rocpr_exact.errors import InvalidInputError
from tests.consistency.brute import table
from tests.strategies import examples

SIZES = [(p, n) for p in range(1, 5) for n in range(1, 5)]


def _least_from(p: int, n: int) -> dict[int, Fraction]:
    """k -> the least AP over every ranking with ties whose 2U >= k (brute force)."""
    least: dict[int, Fraction] = {}
    for row in table(p, n, True):
        k = int(row.ranking["auc_roc"] * 2 * p * n)
        ap = row.ranking["average_precision"]
        least[k] = min(least.get(k, ap), ap)
    out, running = {}, Fraction(2)
    for k in range(2 * p * n, -1, -1):
        running = min(running, least.get(k, running))
        out[k] = running
    return out


@pytest.mark.parametrize(("p", "n"), SIZES)
def test_the_bound_holds_for_every_ranking(p: int, n: int) -> None:
    least = _least_from(p, n)
    for k in range(2 * p * n + 1):
        bound = tied_ap_lower(p, n, k)
        assert bound is not None
        assert bound <= least[k]


@settings(max_examples=examples(Fraction(1, 2)))
@given(p=st.integers(1, 4), n=st.integers(1, 4), data=st.data())
def test_every_multiplier_gives_a_bound(p: int, n: int, data: st.DataObject) -> None:
    least = _least_from(p, n)
    k = data.draw(st.integers(0, 2 * p * n))
    multiplier = data.draw(st.integers(0, 1 << 44))
    assert tied_ap_lower_at(p, n, k, multiplier) <= least[k]


@settings(max_examples=examples(Fraction(1, 4)))
@given(p=st.integers(1, 7), n=st.integers(1, 7), data=st.data())
def test_the_bound_is_below_the_exact_range(p: int, n: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(0, 2 * p * n))
    above = data.draw(st.integers(k, 2 * p * n))  # every ranking with 2U = above >= k
    bound = tied_ap_lower(p, n, k)
    assert bound is not None
    exact = average_precision_range(p, n, Fraction(above, 2 * p * n))
    if exact is not None:
        assert bound <= exact[0]


def test_the_bound_is_tight_where_one_tie_gives_the_least() -> None:
    # P = 1, N = 3, 2U >= 4: the positive tied with two negatives at the top has AP 1/3
    # (2U = 2 (1) + 2); no ranking with 2U >= 4 has less (brute force above).
    bound = tied_ap_lower(1, 3, 4)
    assert bound is not None
    assert Fraction(1, 3) - Fraction(1, 1 << 40) < bound <= Fraction(1, 3)


def test_the_documented_case_is_far_above_the_relaxed_bound() -> None:
    # docs/consistency.md and the module docstring: P = 100, N = 900, AUC-ROC >= 0.6315.
    lo, _ = auc_roc_span(100, 900, Interval(Fraction(1263, 2000), Fraction(253, 400)), True)
    bound = tied_ap_lower(100, 900, lo)
    assert bound is not None
    assert f"{float(bound):.4f}" == "0.1128"
    relaxed = average_precision_bounds(100, 900, Fraction(lo, 2 * 100 * 900))
    assert relaxed is not None and relaxed[0] < Fraction(105, 1000) < bound


def test_a_printed_pair_below_it_is_impossible_with_the_reason() -> None:
    verdict = check_consistency(100, 900, {"auc_roc": "0.632", "average_precision": "0.103"})
    assert verdict.verdict == "impossible"
    assert "average precision >= 0.112836" in verdict.reasons[0]
    assert "rocpr_exact.consistency.tiedbound" in verdict.reasons[0]


def test_no_reason_without_ties_or_past_the_work() -> None:
    intervals = {
        "auc_roc": Interval(Fraction(1263, 2000), Fraction(253, 400)),
        "average_precision": Interval(Fraction(41, 400), Fraction(207, 2000)),
    }
    assert tied_reasons(100, 900, intervals, ties=False) == []
    assert tied_reasons(100, 900, intervals, ties=True) != []
    assert tied_ap_lower(500, 4500, 100) is None  # P^2 N / 2 = 562,500,000 > TIED_WORK
    assert tied_ap_lower(20, 30, 100, work=20 * 20 * 30 // 2 - 1) is None
    assert tied_ap_lower(20, 30, 100, work=20 * 20 * 30 // 2) is not None
    assert tied_ap_lower(1, 10**7, 100) is None  # P^2 N / 2 fits the work, not the table


def test_a_bad_multiplier_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="multiplier must be in"):
        tied_ap_lower_at(2, 2, 4, -1)
    with pytest.raises(InvalidInputError, match="multiplier must be in"):
        tied_ap_lower_at(2, 2, 4, 1 << 62)
