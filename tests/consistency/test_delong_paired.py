"""consistent --delong-p --paired: verdicts against every pair of rankings of the same examples.

For P = N = 2 (4 examples) every pair of scorings (every ranking of the 4 examples, with ties) is
enumerated; the paired test's AUCs and p-value print with 2 places (ties to even, certified).
"possible" is re-checked from its witness (the pair of scorings it returns), "impossible" must be
a printed triple that no pair gives.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import pytest

import rocpr_exact as rx
from rocpr_exact.cli import main
from rocpr_exact.consistency.delong_paired import check_paired_delong_p
from rocpr_exact.errors import InvalidInputError, UndefinedMetricError
from rocpr_exact.exact.normal import ball, real_decimal

LABELS = [1, 1, 0, 0]


def printed_p(z2: Fraction, half: int = 0) -> str:
    """The two-sided p (half = 0), or a one-sided one: erfc / 2 (half = 1) or 1 - erfc / 2
    (half = -1), with 2 places."""
    if z2 == 0:
        return ("1.00", "0.50", "0.50")[half]
    if half == 0:
        return real_decimal(lambda: ball(z2 / 2).sqrt().erfc(), 2, "p")
    return real_decimal(lambda: half * ball(z2 / 2).sqrt().erfc() / 2 + (1 - half) // 2, 2, "p")


def brute_force(half: int = 0) -> set[tuple[str, str, str]]:
    return {(a, b, printed_p(z2, half)) for a, b, z2 in every_test()}


@cache
def every_test() -> frozenset[tuple[str, str, Fraction]]:
    """(AUC A and AUC B printed with 2 places, exact z^2) of every pair of scorings."""
    out = set()
    patterns = {  # every ranking of 4 examples once: scores as ranks of the distinct values
        tuple(sorted(set(s)).index(x) for x in s) for s in itertools.product(range(4), repeat=4)
    }
    scorings = sorted(patterns)
    for a, b in itertools.product(scorings, scorings):
        try:
            test = rx.delong_test(list(a), list(b), LABELS)
        except UndefinedMetricError:
            continue
        out.add(
            (
                rx.format_decimal(test.auc_a, 2),
                rx.format_decimal(test.auc_b, 2),
                test.z_squared,
            )
        )
    return frozenset(out)


@pytest.mark.parametrize("sides", ["two-sided", None])
def test_never_contradicts_brute_force(sides: str | None) -> None:
    halves = (0,) if sides else (0, 1, -1)  # two-sided, or any sidedness
    printed = set().union(*(brute_force(half) for half in halves))
    aucs = sorted({a for a, _, _ in printed})
    seen = set()
    step = 2 if sides else 4  # any sidedness: every other pair of the two-sided run
    for auc_a, auc_b in itertools.product(aucs[::step], aucs[1::step]):
        for p in ("0.05", "0.32", "0.75", "1.00"):
            verdict = check_paired_delong_p(2, 2, p, auc_a, auc_b, "nearest-even", sides=sides)  # type: ignore[arg-type]
            seen.add(verdict.verdict)
            if verdict.verdict == "possible":
                scores_b = list(verdict.scores_b)
                test = rx.delong_test(list(verdict.scores), scores_b, list(verdict.labels))
                assert p in {printed_p(test.z_squared, half) for half in halves}
                assert verdict.method is not None and verdict.method.startswith("paired DeLong")
            if verdict.verdict == "impossible":
                assert (auc_a, auc_b, p) not in printed, (auc_a, auc_b, p)
    assert {"possible", "impossible"} <= seen


def test_no_ties() -> None:
    # P = N = 2 without ties: 2U even; AUC 0.375 (2U = 3) needs a positive tied with a negative
    assert check_paired_delong_p(2, 2, "<1", "0.375", "1", ties=False).verdict == "impossible"
    found = check_paired_delong_p(2, 2, "<1", "0.25", "1", ties=False)
    assert found.verdict == "possible"
    assert len(set(found.scores)) == len(set(found.scores_b)) == 4  # no tied scores at all


def test_examples_and_cli(capsys: pytest.CaptureFixture[str]) -> None:
    two = "two-sided"
    assert check_paired_delong_p(60, 60, "0.70", "0.80", "0.70", sides=two).verdict == "impossible"
    assert check_paired_delong_p(60, 60, "0.01", "0.80", "0.70").verdict == "possible"
    with pytest.raises(InvalidInputError):
        check_paired_delong_p(1, 5, "0.5", "0.80", "0.70")
    args = ["consistent", "--positives", "60", "--negatives", "60", "--auc-roc", "0.80"]
    args += ["--auc-roc-b", "0.70", "--delong-p", "0.70", "--paired"]
    assert main(args) == 1
    assert "impossible" in capsys.readouterr().out
