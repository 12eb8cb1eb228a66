"""One text per threshold value: every engine and reader prints a score's value the same way.

A CSV may spell one score several ways (``3.0`` and ``3``, ``1E2`` and ``100``); the engines
keep different spellings of a tie (the python engine's vectorised reader the value, its row
reader and DuckDB a spelling as written), so ``curve`` printed ``3`` with one and ``3.0`` with
another.  ``output.listing.threshold_text`` writes the value, not the spelling.
"""

from __future__ import annotations

import io
import json
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.cli import main
from rocpr_exact.output.listing import threshold_text

# Integer-looking, decimal and exponent spellings, ties spelled two ways in both orders.
ROWS = [
    ("3.0", 1), ("2.50", 0), ("1e-3", 1), ("1E2", 0), ("3", 0), ("-0.50", 1),
    ("1.5e+1", 1), ("100", 1), ("0.0010", 0), ("-0", 0), ("0", 1),
]  # fmt: skip
# By hand, strictest first: 100 (1E2 -, 100 +), 15 (+), 3 (3.0 +, 3 -), 2.5 (-),
# 0.001 (1e-3 +, 0.0010 -), 0 (-0 -, 0 +), -0.5 (+); (TP, FP) summed down the list.
EXPECTED = [
    (1, 1, "100"), (2, 1, "15"), (3, 2, "3"), (3, 3, "2.5"), (4, 4, "0.001"), (5, 5, "0"),
    (6, 5, "-0.5"),
]  # fmt: skip


def _curve(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def test_python_and_duckdb_print_the_same_thresholds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("duckdb")
    text = "score,label\n" + "".join(f"{s},{y}\n" for s, y in ROWS)
    path = tmp_path / "d.csv"
    path.write_text(text)
    for form in ("json", "text"):
        python = _curve(["curve", str(path), "--format", form], capsys)
        duckdb = _curve(["curve", str(path), "--format", form, "--engine", "duckdb"], capsys)
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
        rows = _curve(["curve", "-", "--format", form], capsys)  # the python row reader
        assert duckdb == python
        assert rows.replace('"source": "-"', f'"source": {json.dumps(str(path))}') == python
    listing = json.loads(_curve(["curve", str(path)], capsys))
    assert [(p["tp"], p["fp"], p["threshold"]) for p in listing["roc"][1:]] == EXPECTED


def test_a_fraction_score_keeps_the_others_texts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ``p/q`` score sends the python engine to its row reader: the same texts still."""
    pytest.importorskip("duckdb")
    path = tmp_path / "d.csv"
    path.write_text("score,label\n3.0,1\n3,0\n1/4,1\n0.250,0\n1/3,1\n")
    python = _curve(["curve", str(path), "--format", "text"], capsys)
    assert python == _curve(["curve", str(path), "--format", "text", "--engine", "duckdb"], capsys)
    cuts = [line.split()[-1] for line in python.split("\n\n")[1].splitlines()[2:]]
    assert cuts == ["-", "3", "1/3", "0.25"]  # 1/4 and 0.250 are one score, a decimal


@given(st.integers(-(10**30), 10**30), st.integers(-40, 40), st.integers(0, 5), st.integers(0, 5))
def test_one_text_per_value(mantissa: int, exponent: int, zeros: int, places: int) -> None:
    """Spellings of one value (trailing zeros, an exponent, a fraction) give one exact text."""
    value = Fraction(mantissa) * Fraction(10) ** exponent
    digits = (*Decimal(abs(mantissa)).as_tuple()[1], *[0] * zeros)
    padded = Decimal((int(mantissa < 0), digits, exponent - zeros))  # e.g. 1E2 as 100.00
    scaled = Fraction(value.numerator * 3**places, value.denominator * 3**places)
    texts = {threshold_text(value), threshold_text(padded), threshold_text(scaled)}
    assert len(texts) == 1
    (text,) = texts
    assert text is not None
    assert Fraction(text) == value  # the exact value
    assert "e" not in text.lower() and "/" not in text  # plain notation
    assert "." not in text or not text.endswith("0")  # no trailing zeros
    assert text != "-0"
