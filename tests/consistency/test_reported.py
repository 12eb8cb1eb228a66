"""Reported numbers and class totals are bounded before the work (``consistent``).

A reported value is printed text: its length is bounded by ``max_score_digits`` before
``int()`` reads it (quadratic in Python 3.11), a Decimal's exponent before it is written
out, and only ASCII digits are digits.  P + N is bounded by ``max_examples``: the witness
is a ranking of P + N examples (P = 10**5000 was an internal error, P = 10**9 a list of
10**9 entries).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from rocpr_exact import limits
from rocpr_exact.cli import main
from rocpr_exact.consistency import check_consistency, reported_interval
from rocpr_exact.errors import InvalidInputError, ResourceLimitError


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        ("0." + "1" * 20_000, ResourceLimitError, "a reported number of 20,002 characters"),
        (Decimal("1e999999999"), ResourceLimitError, "has 1,000,000,000 digits"),
        (10**20_000, ResourceLimitError, "has 20,001 digits"),
        ("\u0660.\u0665", InvalidInputError, "must be written as digits"),  # Arabic-Indic 0.5
    ],
    ids=["long text", "huge Decimal", "huge int", "non-ASCII digits"],
)
def test_reported_numbers_are_bounded(value: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        reported_interval(value)  # type: ignore[arg-type]


def test_class_totals_are_bounded() -> None:
    with pytest.raises(ResourceLimitError, match="positives \\+ negatives: the number of examples"):
        check_consistency(10**5000, 10, {"auc_roc": "0.5"})
    with limits.using(max_examples=100), pytest.raises(ResourceLimitError, match="= 100;"):
        check_consistency(60, 41, {"auc_roc": "0.5"})
    with limits.using(max_examples=100):
        assert check_consistency(60, 40, {"auc_roc": "0.5"}).verdict == "possible"


def test_the_cli_says_how_to_raise_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    # An integer flag has at most 40 digits (Python's int() took any length, and 1_000)
    assert (
        main(["consistent", "--positives", "9" * 5000, "--negatives", "1", "--auc-roc", "1"]) == 2
    )
    assert "--positives takes a whole number of at most 40 digits" in capsys.readouterr().err
    assert main(["consistent", "--positives", "1_0", "--negatives", "1", "--auc-roc", "1"]) == 2
    assert "--positives takes a whole number, got '1_0'" in capsys.readouterr().err
    huge = ["--positives", "9" * 40, "--negatives", "10", "--auc-roc", "0.5"]
    assert main(["consistent", *huge]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rocpr-exact: error: --positives + --negatives: the number of examples")
    assert "--limit max_examples=N" in err and err.count("\n") == 1
    assert main(["consistent", *huge[2:], "--positives", "3", "--limit", "max_examples=5"]) == 2
    assert "max_examples = 5" in capsys.readouterr().err
    long_value = ["--positives", "3", "--negatives", "3", "--auc-roc", "0." + "1" * 20_000]
    assert main(["consistent", *long_value]) == 2
    assert "--limit max_score_digits=N" in capsys.readouterr().err
