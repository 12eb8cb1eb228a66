"""The least DeLong variance of an untied ranking at a given U, against every ranking.

For small P, N every ranking (every sequence of tie groups) is enumerated; its exact variance
comes from rx.auc_variance of its scores.  Among the rankings without a positive tied with a
negative, the least variance at each U must equal untied_min_variance (and the staircase
untied_min_ranking must attain it); rankings with ties must go lower somewhere (which is why
the bound only speaks of untied rankings).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import rocpr_exact as rx
from rocpr_exact.consistency.delong_untied import untied_min_ranking, untied_min_variance
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
        groups = []
        for i, below in enumerate(rows):  # positive i has `below` negatives under it
            above = n - below - sum(g[1] for g in groups)
            groups += [(0, 1)] * above + [(1, 0)]
        groups += [(0, 1)] * (n - sum(g[1] for g in groups))
        assert len(rows) == p and variance_of(groups) == (Fraction(m, 2 * p * n), least)
    assert any(tied.get(m, least) < least for m, least in untied.items())  # ties go lower


def test_refusals() -> None:
    with pytest.raises(ValueError):
        untied_min_variance(1, 5, 2)
    with pytest.raises(ValueError):
        untied_min_ranking(2, 2, 5)
