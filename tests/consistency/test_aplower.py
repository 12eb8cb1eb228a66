"""The order-keeping AP lower bound (rocpr_exact.consistency.aplower) against brute force.

Soundness: for every AUC-ROC value, the bound is at most the least average
precision of every ranking with that AUC-ROC (brute force over every ranking,
P + N <= 10 without ties, <= 8 with them), and the verdict built on it never
calls an achievable pair impossible.
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
from rocpr_exact.consistency.apbounds import shown_down
from rocpr_exact.consistency.aplower import monotone_lower, monotone_reasons
from rocpr_exact.consistency.reported import Interval, reported_interval
from tests.consistency.brute import table
from tests.strategies import examples


def _least(p: int, n: int, ties: bool) -> dict[Fraction, Fraction]:
    least: dict[Fraction, Fraction] = {}
    for row in table(p, n, ties):
        auc, ap = row.ranking["auc_roc"], row.ranking["average_precision"]
        assert isinstance(auc, Fraction) and isinstance(ap, Fraction)
        least[auc] = min(least.get(auc, ap), ap)
    return least


def _sizes(total: int) -> list[tuple[int, int]]:
    return [(p, t - p) for t in range(2, total + 1) for p in range(1, t)]


@pytest.mark.parametrize(
    ("p", "n", "ties"),
    [(p, n, False) for p, n in _sizes(10)] + [(p, n, True) for p, n in _sizes(8)],
)
def test_bound_below_every_ranking(p: int, n: int, ties: bool) -> None:
    for auc, ap in _least(p, n, ties).items():
        twice_f = 2 * p * n - int(auc * 2 * p * n)
        budget = twice_f if ties else twice_f // 2
        assert monotone_lower(p, n, budget) <= ap, (auc, ap)


@settings(max_examples=examples(Fraction(1, 2)))
@given(p=st.integers(1, 7), n=st.integers(1, 7), data=st.data(), ties=st.booleans())
def test_bound_below_the_exact_least(p: int, n: int, data: st.DataObject, ties: bool) -> None:
    # Past the brute force: the exact dynamic programme of average_precision_range.
    k = data.draw(st.integers(0, p * n)) * 2
    k = k if not ties else k - data.draw(st.integers(0, min(k, 1)))
    exact = average_precision_range(p, n, Fraction(k, 2 * p * n), ties=ties)
    assert exact is not None
    twice_f = 2 * p * n - k
    assert monotone_lower(p, n, twice_f if ties else twice_f // 2) <= exact[0]


def test_bound_is_tight_without_ties_somewhere() -> None:
    # Not a soundness check: the bound reaches the exact least AP for some AUC-ROC
    # (P = 3, N = 4 without ties), so it is not vacuous.
    p, n = 3, 4
    hits = [
        auc
        for auc, ap in _least(p, n, False).items()
        if monotone_lower(p, n, (2 * p * n - int(auc * 2 * p * n)) // 2) == ap
    ]
    assert hits


@pytest.mark.parametrize(("p", "n", "ties"), [(3, 4, False), (4, 5, False), (3, 4, True)])
def test_no_achievable_pair_called_impossible(p: int, n: int, ties: bool) -> None:
    # monotone_reasons is the verdict's use of the bound: every achievable (AUC-ROC, AP)
    # pair, given as exact one-point intervals, must pass it.
    for row in table(p, n, ties):
        auc, ap = row.ranking["auc_roc"], row.ranking["average_precision"]
        assert isinstance(auc, Fraction) and isinstance(ap, Fraction)
        intervals = {
            "auc_roc": Interval(auc, auc, True, True),
            "average_precision": Interval(ap, ap, True, True),
        }
        assert monotone_reasons(p, n, intervals, ties) == []


def test_impossible_pair_carries_the_bound() -> None:
    # P = N = 50, AUC-ROC 0.985, AP 0.936 without ties: below the bound 0.936916...
    # (the greatest AP below it that the rounding admits is 0.9365).  check_consistency
    # decides it sooner by the exact extremes (least AP 0.973226..., areaextremes), so the
    # bound is asked directly.
    intervals = {
        "auc_roc": reported_interval("0.985", "nearest"),
        "average_precision": reported_interval("0.936", "nearest"),
    }
    reasons = monotone_reasons(50, 50, intervals, False)
    assert len(reasons) == 1 and "average precision >= 0.936916" in reasons[0]
    verdict = check_consistency(
        50, 50, {"auc_roc": "0.985", "average_precision": "0.936"}, ties=False
    )
    assert verdict.verdict == "impossible"
    assert "between 0.973226 and 0.991495" in verdict.reasons[0]


def test_old_interval_was_weaker_there() -> None:
    # docs/consistency.md: the sound interval of apbounds stops at 0.906184 for that query.
    lo = 2 * 50 * 50 * 1969 // 2000  # the least 2U of AUC-ROC 0.985 (printed, nearest)
    bounds = average_precision_bounds(50, 50, Fraction(lo + lo % 2, 5000), ties=False)
    assert bounds is not None and shown_down(bounds[0]) == "0.906184"


@pytest.mark.parametrize(
    ("p", "n", "auc", "ap", "shown"),
    [
        (50, 50, "0.985", "0.966", "between 0.973226 and 0.991495"),  # areaextremes
        (100, 900, "0.632", "0.103", "0.117918"),
        (500, 4500, "0.654", "0.120", "0.122883"),
    ],
)
def test_benchmark_undecided_queries_without_ties(
    p: int, n: int, auc: str, ap: str, shown: str
) -> None:
    # docs/consistency.md, "Printed pairs": the benchmark's queries left undecided with ties
    # (the P = N = 50 ones before the exact extremes) are impossible without ties; the fourth
    # is test_impossible_pair_carries_the_bound.
    verdict = check_consistency(p, n, {"auc_roc": auc, "average_precision": ap}, ties=False)
    assert verdict.verdict == "impossible"
    assert shown in verdict.reasons[0]
