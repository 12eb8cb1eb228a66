"""The least DeLong variance of an untied ranking at a given U, against every ranking.

For small P, N every ranking (every sequence of tie groups) is enumerated; its exact variance
comes from rx.auc_variance of its scores.  Among the rankings without a positive tied with a
negative, the least variance at each U must equal untied_min_variance (and the staircase
untied_min_ranking must attain it); rankings with ties must go lower somewhere (which is why
the bound only speaks of untied rankings).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

import rocpr_exact as rx
from rocpr_exact.consistency.delong_ci import least_variance
from rocpr_exact.consistency.delong_untied import (
    untied_goal,
    untied_groups,
    untied_min_ranking,
    untied_min_variance,
    untied_walk,
)
from tests.consistency.test_intervals import group_sequences


def variance_of(groups: list[tuple[int, int]]) -> tuple[Fraction, Fraction]:
    scores = [len(groups) - i for i, (x, y) in enumerate(groups) for _ in range(x + y)]
    labels = [label for x, y in groups for label in [1] * x + [0] * y]
    curve = rx.Curve.from_scores(scores, labels)
    return rx.auc_roc(curve), rx.auc_variance(curve)


@pytest.mark.parametrize(("p", "n"), [(2, 2), (2, 4), (3, 3), (4, 3), (4, 4)])
def test_untied_minimum_is_the_brute_force_minimum(p: int, n: int) -> None:
    untied: dict[int, Fraction] = {}
    tied: dict[int, Fraction] = {}
    for groups in group_sequences(p, n):
        area, variance = variance_of(groups)
        m = int(area * 2 * p * n)
        best = untied if all(x == 0 or y == 0 for x, y in groups) else tied
        best[m] = min(best.get(m, variance), variance)
    assert sorted(untied) == list(range(0, 2 * p * n + 1, 2))
    for m, least in untied.items():
        assert untied_min_variance(p, n, m // 2) == least, m
        rows = untied_min_ranking(p, n, m // 2)
        groups = untied_groups(rows, n)
        assert len(rows) == p and variance_of(groups) == (Fraction(m, 2 * p * n), least)
    assert any(tied.get(m, least) < least for m, least in untied.items())  # ties go lower
    if (p, n) == (4, 4):  # docs/inference.md's example
        assert (tied[12], untied[12]) == (Fraction(1, 64), Fraction(5, 96))


def test_refusals() -> None:
    with pytest.raises(ValueError):
        untied_min_variance(1, 5, 2)
    with pytest.raises(ValueError):
        untied_min_ranking(2, 2, 5)


@pytest.mark.parametrize(("p", "n"), [(2, 3), (3, 3), (4, 4)])
def test_one_tied_pair_bound(p: int, n: int) -> None:
    """Odd 2U: every ranking with one tied positive-negative pair is at least least_variance."""
    seen = 0
    for groups in group_sequences(p, n):
        mixed = [g for g in groups if g[0] and g[1]]
        if mixed == [(1, 1)]:
            area, variance = variance_of(groups)
            m = int(area * 2 * p * n)
            assert m % 2 == 1 and variance >= least_variance(p, n, m)
            seen += 1
    assert seen


def test_walk_lands_in_the_range() -> None:
    for p, n, u in ((50, 50, 1525), (100, 200, 18200), (20, 500, 7000)):
        least = untied_min_variance(p, n, u)
        low, high = least * Fraction(13, 10), least * Fraction(131, 100)
        rows = untied_walk(p, n, u, low, high, untied_goal(p, n, u))
        assert rows is not None and len(rows) == p and sum(rows) == u
        assert all(a >= b for a, b in itertools.pairwise(rows))
        groups = untied_groups(rows, n)
        area, variance = variance_of(groups)
        assert area == Fraction(u, p * n) and low <= variance <= high
