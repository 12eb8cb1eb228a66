"""The listing near the Lagrangian optimum (consistency.delong_near).

Against every ranking: :func:`delong_pairs` holds every (AUC, variance) pair of every ranking of
P + N <= 10 (checked in test_delong_small.py).  For each AUC and a top s_high drawn around the
reachable S, and a filter accepting one S or those above a floor, the listing finds a ranking
exactly when some pair satisfies both; at P = N = 12 it finds the exact least S of the whole
programme (test_delong_extremes.py) and nothing below it.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.variance import auc_variance
from rocpr_exact.consistency import intervals
from rocpr_exact.consistency.delong_extremes import variance_extremes
from rocpr_exact.consistency.delong_lagrange import least_s_lines
from rocpr_exact.consistency.delong_near import ranking_below
from rocpr_exact.consistency.delong_small import delong_pairs
from rocpr_exact.consistency.witness import scored
from rocpr_exact.core.curve import Curve
from tests.consistency.brute import delong_s


@pytest.mark.parametrize(("p", "n"), [(2, 2), (2, 5), (3, 3), (4, 4), (3, 7), (5, 5), (4, 6)])
def test_the_listing_finds_exactly_the_rankings_below(p: int, n: int) -> None:
    reachable: dict[int, set[int]] = {}
    for m, variance in delong_pairs(p, n):
        reachable.setdefault(m, set()).add(delong_s(p, n, m, variance))
    draw = random.Random(p * 10 + n)
    for m, values in reachable.items():
        lines = least_s_lines(p, n, [m])
        least, most = min(values), max(values)
        for _ in range(4):
            top = draw.randint(least - 2, most)
            floor = draw.randint(least - 2, top)
            found = ranking_below(p, n, m, top, lines, lambda s, floor=floor: s >= floor)
            assert found != "budget"
            assert (found != "none") == any(floor <= s <= top for s in values), (m, top)
            if found != "none":
                curve = Curve.from_scores(*scored(found))
                assert auc_roc(curve) == Fraction(m, 2 * p * n)
                assert floor <= delong_s(p, n, m, auc_variance(curve)) <= top


def test_the_least_s_at_twelve() -> None:
    p = n = 12
    for m, (least, _) in list(variance_extremes(p, n).items())[::7]:
        s = delong_s(p, n, m, least)
        lines = least_s_lines(p, n, [m])
        assert ranking_below(p, n, m, s, lines, lambda value: True) not in ("none", "budget")
        assert ranking_below(p, n, m, s - 1, lines, lambda value: True) == "none"


def test_the_budget_is_reported() -> None:
    lines = least_s_lines(4, 4, [16])
    assert ranking_below(4, 4, 16, 10**9, lines, lambda s: False, states=1) == "budget"


def test_narrow_intervals_at_fifty() -> None:
    # P = N = 50, "0.35-0.45": every AUC in the centre's range needs a variance below the
    # least without ties, above the Lagrangian bound; the listing of every ranking between
    # the bound and the variance needed finds none (no ranking of three or four tie groups
    # has one either: searched outside the suite).  "0.45-0.55" is a ranking's: 3 positives
    # and 3 negatives tied, then the other 47 and 47 tied (the witness re-checked from its
    # scores).  By hand: C = 2 (50 - 3) + 3 = 97 (3 positives) and 2 (50 - 3 - 47) + 47 = 47,
    # D = 3 and 2 * 3 + 47 = 53, so 2U = 3 * 97 + 47 * 47 = 2500 (AUC 1/2) and
    # sum (P C - 2U)^2 = 3 * 2350^2 + 47 * 150^2 = 17,625,000 = sum (N D - 2U)^2, giving
    # var = 2 * 17,625,000 / (50 * 49) / (4 * 50^4) = 141/245000, half-width
    # 1.96 sqrt(var) = 0.0470: 0.4530-0.5470.
    verdict = intervals.check_auc_ci(50, 50, "0.35", "0.45")
    assert verdict.verdict == "impossible" and "was listed" in verdict.reasons[0]
    verdict = intervals.check_auc_ci(50, 50, "0.45", "0.55")
    assert verdict.verdict == "possible"
    assert (verdict.auc, verdict.variance) == (Fraction(1, 2), Fraction(141, 245000))
    curve = Curve.from_scores(list(verdict.scores), list(verdict.labels))
    assert (auc_roc(curve), auc_variance(curve)) == (verdict.auc, verdict.variance)
