"""The exact search between the DeLong extremes (consistency.delong_between).

Checked against every ranking: :func:`delong_pairs` holds every (AUC, variance) pair of every
ranking of P + N <= 10 (itself checked against rankings written out, test_delong_small.py).  For
windows of S drawn around each AUC's reachable values, the search must find a ranking exactly
when one of those pairs lies in the window, and the ranking it returns must have that AUC and
an S in the window by rocpr_exact.areas.variance.  Then check_auc_ci's verdicts with the
exhaustive path switched off (the extremes and this search deciding) must equal the exhaustive
verdicts, and decide every interval.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.variance import auc_variance
from rocpr_exact.consistency import intervals
from rocpr_exact.consistency.delong_between import ranking_in_window
from rocpr_exact.consistency.delong_small import delong_pairs
from rocpr_exact.consistency.engine.delong import Enumerated
from rocpr_exact.consistency.engine.delong_stages import DELONG_STAGES, PairSearch
from rocpr_exact.consistency.witness import scored
from rocpr_exact.core.curve import Curve
from tests.consistency.brute import delong_s

SIZES = [(p, n) for p in range(2, 9) for n in range(2, 9) if p + n <= 10]


@pytest.mark.parametrize(("p", "n"), SIZES)
def test_the_search_finds_exactly_the_reachable_s(p: int, n: int) -> None:
    reachable: dict[int, set[int]] = {}
    for m, variance in delong_pairs(p, n):
        reachable.setdefault(m, set()).add(delong_s(p, n, m, variance))
    draw = random.Random(p * 100 + n)
    for m, values in reachable.items():
        least, most = min(values), max(values)
        for _ in range(8):
            low = draw.randint(least - 3, most + 3)
            high = low + draw.randint(0, (most - least) // 3 + 2)
            found = ranking_in_window(p, n, m, low, high, lambda s: True)
            assert found != "budget"
            assert (found != "none") == any(low <= s <= high for s in values), (m, low, high)
            if found != "none":
                curve = Curve.from_scores(*scored(found))
                assert (curve.positives, curve.negatives) == (p, n)
                assert auc_roc(curve) == Fraction(m, 2 * p * n)
                assert low <= delong_s(p, n, m, auc_variance(curve)) <= high
        wanted = draw.choice(sorted(values))  # the filter: only one S is accepted
        found = ranking_in_window(p, n, m, least, most, wanted.__eq__)
        assert found not in ("none", "budget")
        assert delong_s(p, n, m, auc_variance(Curve.from_scores(*scored(found)))) == wanted


def test_the_budget_is_reported() -> None:
    # P = N = 4, AUC 1/2: a window no ranking reaches (every S refused) visits more than one
    # state, so a budget of one state answers "budget", not "none".
    assert ranking_in_window(4, 4, 16, 0, 10**9, lambda s: False, states=1) == "budget"
    assert ranking_in_window(4, 4, 16, 0, 10**9, lambda s: False, states=10**6) == "none"


GRID = [(f"0.{lo:02d}", f"{(lo + w) // 100}.{(lo + w) % 100:02d}")
        for lo in range(0, 100, 2) for w in (1, 2, 4, 5, 10, 20, 40) if lo + w <= 100]  # fmt: skip


@pytest.mark.parametrize(("p", "n"), [(2, 3), (3, 3), (2, 6), (4, 4), (3, 6), (5, 5), (6, 6)])
def test_the_verdicts_are_those_of_every_ranking(p: int, n: int) -> None:
    exhaustive = {(lo, hi): intervals.check_auc_ci(p, n, lo, hi) for lo, hi in GRID}
    # the extremes' path instead: the decider without its enumeration
    stages = tuple(s for s in DELONG_STAGES if not isinstance(s, Enumerated))
    for (lo, hi), truth in exhaustive.items():
        verdict = intervals.check_auc_ci(p, n, lo, hi, stages=stages)
        assert truth.verdict in ("possible", "impossible", "not modelled")
        assert verdict.verdict == truth.verdict, (p, n, lo, hi, verdict.reasons)


def test_the_gap_above_every_score_tied() -> None:
    # P = N = 10, AUC 1/2 (2U = 100).  The variances there nearest 0 are 0 (every score tied)
    # and 1/200: a set programme over every ranking's (2U, sum C^2, sum D^2), with no bound
    # (2.7 million final states, 47 s, run outside the suite), lists the variances at 2U = 100
    # as 0, 1/200, 1/180, 2/225, ...  "0.45-0.55" needs a half-width in (0.045, 0.055], a
    # variance near (0.05 / 1.96)^2 = 0.00065, inside the gap: impossible.  "0.36-0.64"
    # (1/200: 0.5 -+ 1.96 sqrt(0.005) = 0.3614, 0.6386) is possible.
    verdict = intervals.check_auc_ci(10, 10, "0.45", "0.55")
    assert verdict.verdict == "impossible" and "exact search" in verdict.reasons[0]
    verdict = intervals.check_auc_ci(10, 10, "0.36", "0.64")
    assert verdict.verdict == "possible" and verdict.variance == Fraction(1, 200)


def _pair_rankings(p: int, n: int) -> list[list[tuple[int, int]]]:
    """Every ranking whose only ties are single tied pairs, as steps (1, 0), (0, 1), (1, 1)."""
    if p == n == 0:
        return [[]]
    out = []
    for a, b in ((1, 0), (0, 1), (1, 1)):
        if a <= p and b <= n:
            out += [[(a, b), *rest] for rest in _pair_rankings(p - a, n - b)]
    return out


@pytest.mark.parametrize(("p", "n"), [(2, 2), (2, 5), (3, 4), (4, 4), (3, 6)])
def test_the_pair_family_search_finds_exactly_its_rankings(p: int, n: int) -> None:
    reachable: dict[int, set[int]] = {}
    for steps in _pair_rankings(p, n):
        curve = Curve.from_scores(*scored(steps))
        m = int(auc_roc(curve) * 2 * p * n)
        reachable.setdefault(m, set()).add(delong_s(p, n, m, auc_variance(curve)))
    draw = random.Random(p * 31 + n)
    for m, values in reachable.items():
        least, most = min(values), max(values)
        for _ in range(6):
            low = draw.randint(least - 3, most + 3)
            high = low + draw.randint(0, (most - least) // 3 + 2)
            found = ranking_in_window(p, n, m, low, high, lambda s: True, pairs=True)
            assert found != "budget"
            assert (found != "none") == any(low <= s <= high for s in values), (m, low, high)
            if found != "none":
                assert all(group in ((1, 0), (0, 1), (1, 1)) for group in found)
                curve = Curve.from_scores(*scored(found))
                assert auc_roc(curve) == Fraction(m, 2 * p * n)
                assert low <= delong_s(p, n, m, auc_variance(curve)) <= high


def test_between_the_pair_family_extremes_at_thirty() -> None:
    # P = N = 30, past the whole programme: "0.357-0.662" (a ranking's 95% interval
    # 0.358-0.662 with its lower end moved down by 0.001) needs a variance between the least
    # of the rankings without ties and the greatest at its one AUC; the walks of the witness
    # search miss it, the exact search over the rankings with only single tied pairs finds one
    # (its interval re-checked from its scores).
    verdict = intervals.check_auc_ci(30, 30, "0.357", "0.662")
    assert verdict.verdict == "possible"
    curve = Curve.from_scores(list(verdict.scores), list(verdict.labels))
    assert (auc_roc(curve), auc_variance(curve)) == (verdict.auc, verdict.variance)
    stages = tuple(s for s in DELONG_STAGES if not isinstance(s, PairSearch))
    assert intervals.check_auc_ci(30, 30, "0.357", "0.662", stages=stages).verdict == "undecided"


def test_the_docs_quote_the_recorded_checks() -> None:
    # scripts/check_delong_between.py's recorded output (every ranking's pairs, P = N = 8 and
    # 10) and bench_delong_ci's run at these deciders, as docs/inference.md quotes them.
    root = Path(__file__).resolve().parents[2]
    results = root / "benchmarks" / "results"
    checked = (results / "check_delong_between.txt").read_text(encoding="utf-8")
    assert checked.count("1176 intervals") == 2
    assert checked.count("differences or undecided: 0 (") == 2
    assert "P = 8, N = 8" in checked and "P = 10, N = 10" in checked
    docs = (root / "docs" / "inference.md").read_text(encoding="utf-8")
    text = " ".join(docs.split())
    assert "no difference and none undecided at P = N = 8 and 10" in text
    table = [
        line
        for line in (results / "bench_delong_ci_2026-11-27.md").read_text().splitlines()
        if line.startswith("|")
    ]
    quoted = docs.split("<!-- bench_delong_ci_now:start -->\n", 1)[1].split("<!--", 1)[0]
    assert quoted.splitlines() == table
    verdicts = {row.split("|")[4].strip(): row.split("|")[5].strip() for row in table[2:]}
    assert (verdicts["0.60-0.62"], verdicts["0.69-0.71"]) == ("impossible", "undecided")
