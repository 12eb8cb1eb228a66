"""The Lagrangian bound on the least DeLong variance at an AUC (consistency.delong_lagrange).

Soundness: the bound at each m is at most the least S of every ranking with 2U = m, checked
against :func:`delong_pairs` (every ranking, P + N <= 10) and the exact programme of
:mod:`delong_extremes` (P = N = 12); the programme's rankings have the (m, S) it says, by
rocpr_exact.areas.variance; and the interval verdicts it gives (the exhaustive path and the
exact extremes switched off) agree with the exhaustive and the exact verdicts wherever they
decide.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.variance import auc_variance
from rocpr_exact.consistency import intervals
from rocpr_exact.consistency.delong_extremes import variance_extremes
from rocpr_exact.consistency.delong_lagrange import (
    LAGRANGE_WORK,
    lagrange_fit,
    least_s_bound,
    least_s_lines,
    path,
)
from rocpr_exact.consistency.delong_small import delong_pairs
from rocpr_exact.consistency.engine.delong import Enumerated, Extremes
from rocpr_exact.consistency.engine.delong_stages import DELONG_STAGES, Listing, ThreeGroups
from rocpr_exact.consistency.witness import scored
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError

SIZES = [(p, n) for p in range(2, 9) for n in range(2, 9) if p + n <= 10]
GRID = [(f"0.{lo:02d}", f"{(lo + w) // 100}.{(lo + w) % 100:02d}")
        for lo in range(0, 95, 5) for w in (5, 10, 20, 40) if lo + w <= 100]  # fmt: skip


def _s(p: int, n: int, m: int, variance: Fraction) -> Fraction:
    """S from the variance: var = (S - (P + N - 2) m^2) / (4 P^2 N^2 (P - 1)(N - 1))."""
    return variance * 4 * p * p * n * n * (p - 1) * (n - 1) + (p + n - 2) * m * m


@pytest.mark.parametrize(("p", "n"), SIZES)
def test_the_bound_is_below_every_ranking(p: int, n: int) -> None:
    least: dict[int, Fraction] = {}
    for m, variance in delong_pairs(p, n):
        s = _s(p, n, m, variance)
        least[m] = min(least.get(m, s), s)
    lines = least_s_lines(p, n, sorted(least))
    for m, s in least.items():
        assert least_s_bound(lines, m) <= s
    # the bound is the least S itself at some m (the programme's own rankings)
    assert any(least_s_bound(lines, m) == s for m, s in least.items())


def test_the_bound_is_below_the_exact_least_at_twelve() -> None:
    p = n = 12
    lines = least_s_lines(p, n, [1, p * n // 2, p * n, 3 * p * n // 2, 2 * p * n - 1])
    for m, (least, _) in variance_extremes(p, n).items():
        assert least_s_bound(lines, m) <= _s(p, n, m, least)


@pytest.mark.parametrize("multiplier", [-900, -50, 0, 7, 200, 900])
def test_the_paths_are_rankings_with_their_m_and_s(multiplier: int) -> None:
    p, n = 4, 6  # span 4 P N (P + N) = 960
    m, s, groups = path(p, n, multiplier)
    curve = Curve.from_scores(*scored(list(groups)))
    assert (curve.positives, curve.negatives) == (p, n)
    assert auc_roc(curve) == Fraction(m, 2 * p * n)
    assert _s(p, n, m, auc_variance(curve, "delong")) == s
    # it minimises S - multiplier m over every ranking (delong_pairs: every (m, variance))
    best = min(_s(p, n, mm, v) - multiplier * mm for mm, v in delong_pairs(p, n))
    assert s - multiplier * m == best


#: The decider past the whole programme: no enumeration, no extremes (whole or near an end).
PAST = tuple(s for s in DELONG_STAGES if not isinstance(s, Enumerated | Extremes))


@pytest.mark.parametrize(("p", "n"), [(3, 3), (4, 4), (3, 6), (5, 5), (2, 7)])
def test_the_verdicts_agree_with_every_ranking(p: int, n: int) -> None:
    exhaustive = {(lo, hi): intervals.check_auc_ci(p, n, lo, hi) for lo, hi in GRID}
    for (lo, hi), truth in exhaustive.items():
        verdict = intervals.check_auc_ci(p, n, lo, hi, stages=PAST)
        if verdict.verdict != "undecided":
            assert verdict.verdict == truth.verdict, (p, n, lo, hi, verdict.reasons)


def test_the_verdicts_agree_with_the_exact_extremes_at_fifteen() -> None:
    p = n = 15
    cases = [("0.60", "0.65"), ("0.70", "0.75"), ("0.40", "0.45"), ("0.80", "0.85")]
    exact = {case: intervals.check_auc_ci(p, n, *case).verdict for case in cases}
    decided = 0
    for case, truth in exact.items():
        verdict = intervals.check_auc_ci(p, n, *case, stages=PAST)
        if verdict.verdict != "undecided":
            assert verdict.verdict == truth, (case, verdict.reasons)
            decided += 1
    assert decided >= 2  # narrow intervals at P = N = 15: the bound decides some


def test_fifty_by_fifty_narrow_intervals_are_decided() -> None:
    # A 95% interval 0.05 wide at P = N = 50 needs var <= (0.025 / 1.96)^2: below the least
    # variance of every ranking at AUC 0.725, ties included (the Lagrangian bound).
    verdict = intervals.check_auc_ci(50, 50, "0.70", "0.75")
    assert verdict.verdict == "impossible"
    assert "Lagrangian bound" in verdict.reasons[0]


def test_the_limits() -> None:
    # An undecided verdict says what was tried.  P = N = 30, 0.49-0.52: every AUC left needs a
    # variance below the least without ties, and the bound with ties does not exclude it; the
    # listing near the bound (consistency.delong_near) decides it (impossible), and with that
    # listing out of states the verdict is undecided and says so.
    priced = intervals.check_auc_ci(30, 30, "0.49", "0.52")
    assert priced.verdict == "impossible" and "was listed" in priced.reasons[0]
    stages = tuple(
        Listing(states=1) if isinstance(s, Listing) else s
        for s in DELONG_STAGES
        if not isinstance(s, ThreeGroups)
    )
    priced = intervals.check_auc_ci(30, 30, "0.49", "0.52", stages=stages)
    assert priced.verdict == "undecided"
    assert "the Lagrangian bound on their least variance does not exclude it" in priced.reasons[1]
    assert "listing of the rankings close to it passed 1 states" in priced.reasons[1]
    # past P = N = 82 the bound is not run, and the verdict names its limit
    beyond = intervals.check_auc_ci(100, 100, "0.70", "0.72")
    assert beyond.verdict == "undecided" and "up to P = N = 82" in beyond.reasons[1]
    assert lagrange_fit(50, 50) and not lagrange_fit(1, 50)
    # docs/inference.md and intervals' notes: "P = N = 82" is the largest square size
    assert lagrange_fit(82, 82) and not lagrange_fit(83, 83)
    assert 84**4 // 4 > LAGRANGE_WORK >= 83**4 // 4
    with pytest.raises(InvalidInputError, match="multiplier must be in"):
        path(3, 3, 10**9)
