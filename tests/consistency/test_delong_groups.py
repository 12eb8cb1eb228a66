"""Rankings of three tie groups as DeLong witnesses (consistency.delong_groups).

Against the rankings of at most three groups written out (P, N <= 5), their (m, S) from
rocpr_exact.areas.variance: for windows drawn around each AUC's values, the search finds a
ranking exactly when one of them lies in a window, and the ranking has that AUC and S.
"""

from __future__ import annotations

import random

import pytest

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.variance import auc_variance
from rocpr_exact.consistency.delong_groups import three_groups, three_groups_fit
from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.witness import scored
from rocpr_exact.core.curve import Curve


def _m_s(p: int, n: int, groups: list[Group]) -> tuple[int, int]:
    curve = Curve.from_scores(*scored(groups))
    m = auc_roc(curve) * 2 * p * n
    s = auc_variance(curve) * 4 * p * p * n * n * (p - 1) * (n - 1) + (p + n - 2) * m * m
    assert m.denominator == s.denominator == 1
    return int(m), int(s)


@pytest.mark.parametrize(("p", "n"), [(2, 2), (2, 4), (3, 3), (4, 3), (5, 5)])
def test_the_search_finds_exactly_the_three_group_rankings(p: int, n: int) -> None:
    every: dict[int, set[int]] = {}
    for a1 in range(p + 1):
        for b1 in range(n + 1):
            for a2 in range(p + 1 - a1):
                for b2 in range(n + 1 - b1):
                    groups = [(a1, b1), (a2, b2), (p - a1 - a2, n - b1 - b2)]
                    m, s = _m_s(p, n, [g for g in groups if g != (0, 0)])
                    every.setdefault(m, set()).add(s)
    draw = random.Random(p + 7 * n)
    for _ in range(60):
        windows = {}
        for m in draw.sample(sorted(every), min(2, len(every))):
            low = draw.randint(min(every[m]) - 3, max(every[m]) + 3)
            windows[m] = (low, low + draw.randint(0, 40))
        found = three_groups(p, n, windows)
        hits = any(lo <= s <= hi for m, (lo, hi) in windows.items() for s in every[m])
        assert (found is not None) == hits, windows
        if found is not None:
            m, groups = found
            assert len(groups) <= 3 and m in windows
            assert _m_s(p, n, groups)[0] == m
            assert windows[m][0] <= _m_s(p, n, groups)[1] <= windows[m][1]
    assert three_groups(p, n, {}) is None


def test_the_limit() -> None:
    assert three_groups_fit(82, 82) and not three_groups_fit(90, 90)  # 83^4 = 47.5 million
