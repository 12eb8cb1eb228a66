"""The exact least and greatest DeLong variance at each AUC (consistency.delong_extremes).

Checked against every ranking: :func:`delong_pairs` holds every (AUC, variance) pair of every
ranking of P + N <= 10 (itself checked against rankings written out, test_delong_small.py); the
programme's extremes must be the least and greatest of those pairs at each AUC, and the
rankings it recovers must have that AUC and variance by rocpr_exact.areas.variance.  Then the
interval verdicts it gives (the exhaustive path switched off) must agree with the exhaustive
verdicts wherever they decide.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.variance import auc_variance
from rocpr_exact.consistency import intervals
from rocpr_exact.consistency.delong_extremes import (
    extreme_ranking,
    extremes_fit,
    near_extremes,
    variance_extremes,
    work,
)
from rocpr_exact.consistency.delong_small import delong_pairs
from rocpr_exact.consistency.engine.delong import Between, Enumerated, Extremes, Interior
from rocpr_exact.consistency.engine.delong_stages import DELONG_STAGES
from rocpr_exact.consistency.programme import DELONG, programme_groups
from rocpr_exact.consistency.witness import scored
from rocpr_exact.core.curve import Curve

SIZES = [(p, n) for p in range(2, 9) for n in range(2, 9) if p + n <= 10]
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("p", "n"), SIZES)
def test_the_extremes_are_those_of_every_ranking(p: int, n: int) -> None:
    every: dict[int, tuple[Fraction, Fraction]] = {}
    for m, variance in delong_pairs(p, n):
        low, high = every.get(m, (variance, variance))
        every[m] = (min(low, variance), max(high, variance))
    assert variance_extremes(p, n) == every
    for m, extremes in every.items():
        for greatest in (False, True):
            scores, labels = scored(extreme_ranking(p, n, m, greatest))
            curve = Curve.from_scores(scores, labels)
            assert (curve.positives, curve.negatives) == (p, n)
            assert auc_roc(curve) == Fraction(m, 2 * p * n)
            assert auc_variance(curve) == extremes[greatest]


@pytest.mark.parametrize(("p", "n"), [(2, 3), (3, 3), (4, 4), (3, 6), (5, 5), (2, 8)])
def test_near_extremes_are_those_of_every_ranking(p: int, n: int) -> None:
    # The programme over (tp, fp, partial 2U or 2F) of consistency.programme, every window of
    # m (one m, and four from either end), against every ranking's (AUC, variance) pair.
    every: dict[int, tuple[Fraction, Fraction]] = {}
    for m, variance in delong_pairs(p, n):
        low, high = every.get(m, (variance, variance))
        every[m] = (min(low, variance), max(high, variance))
    for lo in range(2 * p * n + 1):
        for hi in sorted({lo, min(lo + 4, 2 * p * n)}):
            assert near_extremes(p, n, lo, hi) == {m: every[m] for m in every if lo <= m <= hi}
            for m in range(lo, hi + 1):
                for greatest in (False, True):
                    if m not in every:
                        continue
                    groups = programme_groups(p, n, lo, hi, DELONG, True, m, greatest)
                    curve = Curve.from_scores(*scored(groups))
                    assert auc_roc(curve) == Fraction(m, 2 * p * n)
                    assert auc_variance(curve) == every[m][greatest]


def test_two_by_two_by_hand() -> None:
    # P = N = 2, 2U = 4 (AUC 1/2): all four tied gives C = 2, 2 and D = 2, 2, variance 0; the
    # ranking +, -, -, + gives C = 4, 0 and D = 2, 2: (2 * 16 - 16) / 64 + (2 * 8 - 16) / 64 = 1/4
    assert variance_extremes(2, 2)[4] == (Fraction(0), Fraction(1, 4))


def test_the_size_limit() -> None:
    assert work(25, 25) == 351 * 351 * 626 and extremes_fit(25, 25)
    assert not extremes_fit(40, 40) and not extremes_fit(1, 30)


GRID = [(f"0.{lo:02d}", f"{(lo + w) // 100}.{(lo + w) % 100:02d}")
        for lo in range(0, 95, 5) for w in (5, 10, 20, 40) if lo + w <= 100]  # fmt: skip


@pytest.mark.parametrize(("p", "n"), [(2, 3), (3, 3), (2, 6), (4, 4), (3, 6), (5, 5)])
def test_the_verdicts_agree_with_every_ranking(p: int, n: int) -> None:
    exhaustive = {(lo, hi): intervals.check_auc_ci(p, n, lo, hi, "delong") for lo, hi in GRID}
    # the extremes' path instead: the decider without its enumeration
    stages = tuple(s for s in DELONG_STAGES if not isinstance(s, Enumerated))
    decided = 0
    for (lo, hi), truth in exhaustive.items():
        verdict = intervals.check_auc_ci(p, n, lo, hi, "delong", stages=stages)
        assert truth.verdict in ("possible", "impossible", "not modelled")
        if verdict.verdict != "undecided":
            assert verdict.verdict == truth.verdict, (p, n, lo, hi, verdict.reasons)
            decided += 1
    assert decided >= len(GRID) * 3 // 4, decided  # the extremes decide most of the grid


@pytest.mark.parametrize(("p", "n"), [(3, 3), (4, 4), (3, 6), (5, 5)])
def test_the_near_verdicts_agree_with_every_ranking(p: int, n: int) -> None:
    # The same with the whole programme switched off: the window over the centre's m decides.
    exhaustive = {(lo, hi): intervals.check_auc_ci(p, n, lo, hi, "delong") for lo, hi in GRID}
    stages = tuple(
        s
        for s in DELONG_STAGES
        if not isinstance(s, Enumerated) and not (isinstance(s, Extremes) and not s.near)
    )
    decided = 0
    for (lo, hi), truth in exhaustive.items():
        verdict = intervals.check_auc_ci(p, n, lo, hi, "delong", stages=stages)
        if verdict.verdict != "undecided":
            assert verdict.verdict == truth.verdict, (p, n, lo, hi, verdict.reasons)
            decided += 1
    assert decided >= len(GRID) * 3 // 4, decided


@pytest.mark.parametrize(
    ("p", "n", "lo", "hi"),
    [(10, 10, "0.25", "0.65"), (10, 10, "0.50", "0.90"), (10, 30, "0.30", "0.50")],
)
def test_between_the_extremes_the_walk_finds_the_ranking(
    p: int, n: int, lo: str, hi: str
) -> None:
    # Intervals needing a variance strictly between the least and the greatest at their AUCs:
    # with the exact search (consistency.delong_between) out of states at once (one state),
    # undecided without the programme's walk (the stage Interior), possible with it; the
    # ranking's interval is re-checked from its scores (check_auc_ci's _possible).
    stages = tuple(Between(states=1) if isinstance(s, Between) else s for s in DELONG_STAGES)
    verdict = intervals.check_auc_ci(p, n, lo, hi, stages=stages)
    assert verdict.verdict == "possible"
    curve = Curve.from_scores(list(verdict.scores), list(verdict.labels))
    assert (auc_roc(curve), auc_variance(curve)) == (verdict.auc, verdict.variance)
    stages = tuple(s for s in stages if not isinstance(s, Interior))
    verdict = intervals.check_auc_ci(p, n, lo, hi, stages=stages)
    assert verdict.verdict == "undecided"
    assert "the exact search between them passed 1 states" in verdict.reasons[1]


def test_near_the_top_at_fifty() -> None:
    # P = N = 50, past the whole programme (extremes_fit): for 0.92-0.97 no AUC in the
    # centre's range (about 0.945) has a variance, between the exact least and greatest of the
    # window's programme (checked against every ranking above), that prints both ends;
    # 0.90-0.98 is a ranking's (its interval re-checked from its scores by check_auc_ci).
    assert not extremes_fit(50, 50)
    verdict = intervals.check_auc_ci(50, 50, "0.92", "0.97")
    assert verdict.verdict == "impossible" and "least and the greatest" in verdict.reasons[0]
    verdict = intervals.check_auc_ci(50, 50, "0.90", "0.98")
    assert verdict.verdict == "possible"


def test_the_docs_quote_the_benchmark() -> None:
    results = ROOT / "benchmarks" / "results" / "bench_delong_extremes_2026-12-02.txt"
    table = [
        line for line in results.read_text(encoding="utf-8").splitlines() if line.startswith("|")
    ]
    docs = (ROOT / "docs" / "inference.md").read_text(encoding="utf-8")
    quoted = docs.split("<!-- bench_delong_extremes:start -->\n", 1)[1].split("<!--", 1)[0]
    assert [line for line in quoted.splitlines() if line.startswith("|")] == table
    cells = [[cell.strip() for cell in row.strip("|").split("|")] for row in table[2:]]
    undecided = {(c[0], c[1], c[2].split()[0]): int(c[5]) for c in cells}
    seconds = {(c[0], c[1], c[2].split()[0]): float(c[7]) for c in cells}
    assert all(count == 0 for (_, _, run), count in undecided.items() if run == "after")
    text = " ".join(docs.split())
    before = ", ".join(
        f"{undecided[p, n, 'before']} at {p} x {n}"
        for p, n in (("50", "50"), ("40", "80"), ("82", "82"))
    )
    assert (
        f"Every interval of the grid is decided at every size (undecided before: {before})" in text
    )
    average = {size: seconds[(*size, "after")] / 68 for size in (("50", "50"), ("82", "82"))}
    assert (
        f"{average['50', '50']:.1f} s per interval on average at 50 x 50 and "
        f"{average['82', '82']:.1f} s at 82 x 82" in text
    )
