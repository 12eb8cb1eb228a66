"""docs/inference.md: its Python examples run as shown, its worked examples hold."""

from __future__ import annotations

import doctest
from fractions import Fraction
from pathlib import Path

import pytest

from rocpr_exact.consistency.intervals import check_auc_ci

DOC = Path(__file__).resolve().parents[2] / "docs" / "inference.md"


def test_python_examples() -> None:
    result = doctest.testfile(
        str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(
    ("p", "n", "low", "high", "method", "verdict", "auc", "variance"),
    [
        (
            100,
            200,
            "0.88",
            "0.94",
            "delong",
            "possible",
            "36399/40000",
            "4129961701/15760800000000",
        ),
        (100, 200, "0.88", "0.94", "hanley-mcneil", "impossible", None, None),
        (100, 200, "0.87", "0.95", "hanley-mcneil", "possible", "36249/40000", None),
        (500, 500, "0.85", "0.97", "delong", "impossible", None, None),
    ],
)
def test_worked_examples(
    p: int,
    n: int,
    low: str,
    high: str,
    method: str,
    verdict: str,
    auc: str | None,
    variance: str | None,
) -> None:
    found = check_auc_ci(p, n, low, high, method, auc="0.91")  # type: ignore[arg-type]
    assert found.verdict == verdict
    if auc is not None:
        assert found.auc == Fraction(auc)
    if variance is not None:
        assert found.variance == Fraction(variance)
    assert (f"{found.auc}" in DOC.read_text()) if auc is not None else True


@pytest.mark.parametrize(
    ("p", "n", "low", "high", "verdict", "variance", "why"),
    [
        (10, 10, "0.45", "0.55", "impossible", None, "exact search"),
        (10, 10, "0.36", "0.64", "possible", "1/200", None),
        (50, 50, "0.00", "0.20", "impossible", None, "greatest variance"),
        (50, 50, "0.35", "0.45", "impossible", None, "was listed"),
        (50, 50, "0.45", "0.55", "possible", "141/245000", None),
    ],
)
def test_worked_examples_of_the_exact_deciders(
    p: int, n: int, low: str, high: str, verdict: str, variance: str | None, why: str | None
) -> None:
    # The docs' second table: its rows, and the verdicts (module tests derive them: the 10 x 10
    # gap from a set programme over every ranking, 141/245000 by hand in test_delong_near.py).
    found = check_auc_ci(p, n, low, high)
    assert found.verdict == verdict
    if variance is not None:
        assert found.variance == Fraction(variance) and found.auc == Fraction(1, 2)
    if why is not None:
        assert why in found.reasons[0]
    row = f"| {low}-{high} | {p}, {n} | {verdict} |"
    assert row in DOC.read_text()
