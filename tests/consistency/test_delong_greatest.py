"""The greatest DeLong variance at each AUC past the whole programme (consistency.delong_greatest).

The module's claim is that rankings whose only ties are single tied pairs attain the greatest S
at every 2U.  Checked two ways: the rewrite of one tie group its proof uses keeps the AUC and
does not lower the variance (rocpr_exact.areas.variance on random rankings, not the programme),
and the programme's greatest equals the whole programme's (every ranking, ties included, itself
checked against every ranking in test_delong_extremes.py) at every m; the rankings walked back
have that AUC and variance.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.variance import auc_variance
from rocpr_exact.consistency import intervals
from rocpr_exact.consistency.delong_extremes import extremes_fit, variance_extremes
from rocpr_exact.consistency.delong_greatest import (
    greatest_fit,
    greatest_ranking,
    greatest_variance,
)
from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.witness import scored
from rocpr_exact.core.curve import Curve


def _values(groups: list[Group]) -> tuple[Fraction, Fraction]:
    curve = Curve.from_scores(*scored(groups))
    return auc_roc(curve), auc_variance(curve, "delong")


def _rewrite(a: int, b: int) -> list[Group]:
    """The proof's rewrite of one tie group (a, b), a + b >= 2, (a, b) != (1, 1)."""
    if a % 2 == 0:
        return [(a // 2, 0), (0, b), (a // 2, 0)]
    if b % 2 == 0:
        return [(0, b // 2), (a, 0), (0, b // 2)]
    half_a, half_b = (a - 1) // 2, (b - 1) // 2
    return [(half_a, 0), (0, half_b), (1, 1), (0, half_b), (half_a, 0)]


def test_the_rewrite_keeps_the_auc_and_does_not_lower_the_variance() -> None:
    draw = random.Random(26)
    for _ in range(400):
        groups: list[Group] = []
        while len(groups) < draw.randint(1, 5):
            group = (draw.randint(0, 5), draw.randint(0, 5))
            groups += [group] if group != (0, 0) else []
        if sum(a for a, _ in groups) < 2 or sum(b for _, b in groups) < 2:
            continue
        k = draw.randrange(len(groups))
        a, b = groups[k]
        if a + b < 2 or (a, b) == (1, 1):
            continue
        rewritten = [g for g in groups[:k] + _rewrite(a, b) + groups[k + 1 :] if g != (0, 0)]
        (auc, variance), (auc2, variance2) = _values(groups), _values(rewritten)
        assert auc2 == auc and variance2 >= variance, (groups, k)


@pytest.mark.parametrize(
    ("p", "n"), [(p, n) for p in range(2, 10) for n in range(2, 10)] + [(12, 12), (5, 12)]
)
def test_the_greatest_is_that_of_every_ranking(p: int, n: int) -> None:
    for m, (_, most) in variance_extremes(p, n).items():
        assert greatest_variance(p, n, m) == most, m
        if m % 3 == 0:
            assert _values(greatest_ranking(p, n, m)) == (Fraction(m, 2 * p * n), most)


def test_the_limits() -> None:
    assert greatest_fit(82, 82) and greatest_fit(40, 80) and not greatest_fit(100, 100)
    assert not greatest_fit(1, 50)


def test_the_greatest_decides_wide_intervals_at_fifty() -> None:
    # P = N = 50, "0.00-0.20": a half-width of about 0.1 at AUC about 0.1 needs var near
    # (0.1 / 1.96)^2 = 0.0026, inside the proven range A(1 - A)(2/49) = 0.0037, but above
    # the greatest variance at each AUC there (the programme's, exact).
    assert not extremes_fit(50, 50)
    verdict = intervals.check_auc_ci(50, 50, "0.00", "0.20")
    assert verdict.verdict == "impossible" and "greatest variance" in verdict.reasons[0]
    # at the AUC 0.1 centre the greatest variance is below that need
    assert greatest_variance(50, 50, 500) < Fraction(95, 1000) ** 2 / 4
