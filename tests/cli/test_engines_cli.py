"""The CLI's engines: the same report from every engine, literal paths, clear refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rocpr_exact.cli import main

DATA = "score,label\n0.9,1\n0.8,1\n0.8,0\n0.3,0\n0.3,1\n0.1,0\n"


def _report(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(argv) == 0, capsys.readouterr().err
    report: dict[str, object] = json.loads(capsys.readouterr().out)
    report.pop("source")
    return report


def test_every_engine_gives_the_same_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    duckdb = pytest.importorskip("duckdb")
    csv = tmp_path / "d.csv"
    csv.write_text(DATA)
    parquet = tmp_path / "d.parquet"
    duckdb.sql(
        f"COPY (SELECT * FROM read_csv('{csv}', header=true, "
        f"columns={{'score': 'DOUBLE', 'label': 'INTEGER'}})) TO '{parquet}' (FORMAT parquet)"
    )
    python = _report(["report", str(csv)], capsys)
    assert _report(["report", str(csv), "--engine", "duckdb"], capsys) == python
    assert _report(["report", str(parquet)], capsys) == python  # duckdb reads Parquet
    assert _report(["report", str(parquet), "--engine", "duckdb"], capsys) == python


def test_weights_equal_replicated_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("duckdb")
    weighted = tmp_path / "w.csv"
    weighted.write_text("score,label,w\n0.9,1,2\n0.5,0,1\n0.5,1,1\n0.1,0,3\n")
    replicated = tmp_path / "r.csv"
    replicated.write_text("score,label\n0.9,1\n0.9,1\n0.5,0\n0.5,1\n0.1,0\n0.1,0\n0.1,0\n")
    argv = ["report", str(weighted), "--engine", "duckdb", "--weight-column", "w"]
    report = _report(argv, capsys)
    assert report.pop("weights") == {"column": "w", "unit": "1"}  # integer weights: unit 1
    assert report == _report(["report", str(replicated)], capsys)


def test_paths_are_literal_unless_a_glob_is_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("duckdb")
    (tmp_path / "a1.csv").write_text(DATA)
    pattern = str(tmp_path / "a*.csv")
    assert main(["report", pattern, "--engine", "duckdb"]) == 2  # no file is named a*.csv
    assert capsys.readouterr().err.count("\n") == 1
    assert _report(["report", pattern, "--engine", "duckdb", "--glob"], capsys) == _report(
        ["report", str(tmp_path / "a1.csv")], capsys
    )


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--positives", "3", "--negatives", "3", "--engine", "duckdb"], "operating points"),
        (["--weight-column", "w"], "no column 'w' in the header"),
        (
            ["--weight-column", "label", "--positives", "3", "--negatives", "3"],
            "--weight-column weighs scored examples",
        ),
    ],
)
def test_refusals_are_one_line(
    extra: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    csv = tmp_path / "d.csv"
    csv.write_text(DATA)
    assert main(["report", str(csv), *extra]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_operating_points_from_parquet_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = tmp_path / "p.parquet"
    fake.write_text("recall,precision\n0.5,0.5\n")
    assert main(["report", str(fake), "--positives", "2", "--negatives", "2"]) == 2
    assert "operating points" in capsys.readouterr().err
