"""``--weight-column`` with the python engine: exact rational weights, read line by line."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest

from rocpr_exact.cli import main
from rocpr_exact.output.report import report_schema

# Weights 1/2, 1/3, 2, 0.25 and 0: L = lcm(2, 3, 1, 4) = 12, so in units of 1/12 they count
# 6, 4, 24, 3 and 0 rows.  The replicated file holds those rows (the weight-0 row dropped).
WEIGHTED = "score,label,w\n0.9,1,1/2\n0.8,0,1/3\n0.8,1,2\n0.2,0,0.25\n0.1,1,0\n"
ROWS = [("0.9", 1, 6), ("0.8", 0, 4), ("0.8", 1, 24), ("0.2", 0, 3)]


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(argv) == 0, capsys.readouterr().err
    report: dict[str, object] = json.loads(capsys.readouterr().out)
    report.pop("source")
    return report


def test_rational_weights_equal_replicated_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    weighted = tmp_path / "w.csv"
    weighted.write_text(WEIGHTED)
    replicated = tmp_path / "r.csv"
    lines = [f"{s},{y}" for s, y, k in ROWS for _ in range(k)]
    replicated.write_text("score,label\n" + "\n".join(lines) + "\n")
    report = _run(["report", str(weighted), "--weight-column", "w", "--exact"], capsys)
    jsonschema.validate({"source": "w.csv", **report}, report_schema())
    assert report.pop("weights") == {"column": "w", "unit": "1/12"}
    # every count, rate and area (Davis-Goadrich included: the unit is one replicated row)
    assert report == _run(["report", str(replicated), "--exact"], capsys)
    assert (report["positives"], report["negatives"]) == (30, 7)


def test_weights_from_standard_input_and_text_format(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(WEIGHTED.encode())))
    assert main(["report", "-", "--weight-column", "w", "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert "weights     column w, counts in units of 1/12" in out
    assert "positives   30" in out


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("-1", "line 2: weight '-1' is negative"),
        ("nan", "line 2: weight 'nan' is not a number"),
        ("inf", "line 2: weight 'inf'"),
        ("x", "line 2: weight 'x' is not a number"),
    ],
)
def test_bad_weights_are_refused_with_their_line(
    cell: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(f"score,label,w\n0.9,1,{cell}\n0.1,0,1\n")
    assert main(["report", str(path), "--weight-column", "w"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_weights_of_one_are_the_unweighted_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ones.csv"
    path.write_text("score,label,w\n0.9,1,1\n0.5,0,1.0\n0.5,1,2/2\n0.1,0,1\n")
    weighted = _run(["report", str(path), "--weight-column", "w"], capsys)
    assert weighted.pop("weights") == {"column": "w", "unit": "1"}
    assert weighted == _run(["report", str(path)], capsys)
    # positives 0.9, 0.5 against negatives 0.5, 0.1: pairs 1 + 1 + 1/2 + 1 of 4
    assert Fraction(str(weighted["auc_roc"]["exact"])) == Fraction(7, 8)  # type: ignore[index]
