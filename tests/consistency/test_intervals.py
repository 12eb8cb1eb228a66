"""consistent --auc-ci: the verdicts against a brute force over every AUC or every ranking.

Hanley-McNeil: every AUC m/(2PN) for small P, N, its interval printed with certified digits
(interval_decimals); a printed pair is possible exactly when some m prints it.  DeLong: every
ranking of P = N = 3 (scores 0..3, so with ties); "possible" must be a printed pair some
ranking gives (the witness is re-checked by the module), "impossible" one that none gives.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

import rocpr_exact as rx
from rocpr_exact.cli import main
from rocpr_exact.consistency.intervals import check_auc_ci
from rocpr_exact.exact.normal import interval_decimals

LEVEL = Fraction(95, 100)


@pytest.mark.parametrize(("p", "n"), [(2, 3), (4, 4), (5, 2)])
def test_hanley_mcneil_matches_brute_force(p: int, n: int) -> None:
    from rocpr_exact.areas.variance import hanley_mcneil

    printed = set()
    for m in range(2 * p * n + 1):
        area = Fraction(m, 2 * p * n)
        printed.add(interval_decimals(area, hanley_mcneil(area, p, n), LEVEL, 2))
    lows = sorted({lo for lo, _ in printed})
    highs = sorted({hi for _, hi in printed})
    for low, high in itertools.product(
        lows[:: max(1, len(lows) // 6)], highs[:: max(1, len(highs) // 6)]
    ):
        verdict = check_auc_ci(p, n, low, high, "hanley-mcneil")
        assert verdict.verdict == ("possible" if (low, high) in printed else "impossible"), (
            low,
            high,
        )
    for low, high in list(printed)[:5]:
        assert check_auc_ci(p, n, low, high, "hanley-mcneil").verdict == "possible"


def group_sequences(a: int, b: int) -> list[list[tuple[int, int]]]:
    """Every ranking of a positives and b negatives, as its tie groups from the top."""
    if a == b == 0:
        return [[]]
    out = []
    for x in range(a + 1):
        for y in range(b + 1):
            if x or y:
                out += [[(x, y), *rest] for rest in group_sequences(a - x, b - y)]
    return out


def delong_printed() -> set[tuple[str, str]]:
    out = set()
    for groups in group_sequences(3, 3):
        scores = [len(groups) - i for i, (x, y) in enumerate(groups) for _ in range(x + y)]
        labels = [label for x, y in groups for label in [1] * x + [0] * y]
        curve = rx.Curve.from_scores(scores, labels)
        out.add(interval_decimals(rx.auc_roc(curve), rx.auc_variance(curve), LEVEL, 2))
    return out


def test_delong_never_contradicts_brute_force() -> None:
    printed = delong_printed()
    lows = sorted({lo for lo, _ in printed})
    highs = sorted({hi for _, hi in printed})
    seen = set()
    for low, high in itertools.product(lows[::3], highs[::3]):
        verdict = check_auc_ci(3, 3, low, high, "delong").verdict
        seen.add(verdict)
        if verdict == "possible":
            assert (low, high) in printed
        if verdict == "impossible":
            assert (low, high) not in printed
    assert {"possible", "impossible"} <= seen


def test_witness_prints_the_interval() -> None:
    verdict = check_auc_ci(100, 200, "0.88", "0.94", "delong", auc="0.91")
    assert verdict.verdict == "possible"
    curve = rx.Curve.from_scores(list(verdict.scores), list(verdict.labels))
    assert rx.auc_ci(curve).decimals(2) == ("0.88", "0.94")
    assert rx.format_decimal(rx.auc_roc(curve), 2) == "0.91"


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["consistent", "--positives", "100", "--negatives", "200", "--auc-roc", "0.91"]
    assert main([*args, "--auc-ci", "0.88,0.94", "--ci-method", "hanley-mcneil"]) == 1
    assert json.loads(capsys.readouterr().out)["verdict"] == "impossible"
    assert main([*args, "--auc-ci", "0.88,0.94"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "possible"
    assert main([*args, "--auc-ci", "0.88,0.94", "--average-precision", "0.5"]) == 2
    assert "combine with --auc-roc" in capsys.readouterr().err
