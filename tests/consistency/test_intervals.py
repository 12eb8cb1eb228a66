"""consistent --auc-ci: the verdicts against a brute force over every AUC or every ranking.

Hanley-McNeil: every AUC m/(2PN) for small P, N, its interval printed with certified digits
(interval_decimals), as is and clipped to [0, 1] (a clipping tool prints 0.00 for a negative
lower end and 1.00 for an upper end above 1); a printed pair is possible exactly when some m
prints it either way.  DeLong: every ranking of P = N = 3 (scores 0..3, so with ties);
"possible" must be a printed pair some ranking gives (the witness is re-checked by the
module), "impossible" one that none gives.
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


def clipped(ends: tuple[str, str]) -> tuple[str, str]:
    """The ends as a tool that clips to [0, 1] prints them (2 places)."""
    low, high = ends
    return ("0.00" if low.startswith("-") else low), ("1.00" if Fraction(high) > 1 else high)


@pytest.mark.parametrize(("p", "n"), [(2, 3), (4, 4), (5, 2)])
def test_hanley_mcneil_matches_brute_force(p: int, n: int) -> None:
    from rocpr_exact.areas.variance import hanley_mcneil

    printed, centres = set(), []
    for m in range(2 * p * n + 1):
        area = Fraction(m, 2 * p * n)
        ends = interval_decimals(area, hanley_mcneil(area, p, n), LEVEL, 2)
        printed |= {ends, clipped(ends)}
        centres.append(area)
    lows = sorted({lo for lo, _ in printed})
    highs = sorted({hi for _, hi in printed})
    seen = set()
    for low, high in itertools.product(
        lows[:: max(1, len(lows) // 6)], highs[:: max(1, len(highs) // 6)]
    ):
        verdict = check_auc_ci(p, n, low, high, "hanley-mcneil").verdict
        seen.add(verdict)
        if (low, high) in printed:
            assert verdict == "possible", (low, high)
        else:
            assert verdict in ("impossible", "not modelled"), (low, high)
        if verdict == "not modelled":  # no AUC within the rounding (0.005) of the midpoint,
            middle = (Fraction(low) + Fraction(high)) / 2  # and no clipped reading: a clipped
            assert all(abs(a - middle) >= Fraction(5, 1000) for a in centres)  # 0.00: A = 0
            in_range = not low.startswith("-") and Fraction(high) <= 1
            assert not (in_range and (low == "0.00" or high == "1.00")), (low, high)
    assert {"possible", "impossible"} <= seen
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
        ends = interval_decimals(rx.auc_roc(curve), rx.auc_variance(curve), LEVEL, 2)
        out |= {ends, clipped(ends)}
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
