"""Pre-aggregated input: Curve.from_histogram and Parquet reduced by DuckDB."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given

import rocpr_exact as rx
from rocpr_exact.cli import main
from tests.strategies import any_dataset

Dataset = tuple[list[int], list[int]]


def histogram(scores: list[int], labels: list[int]) -> list[tuple[int, int, int]]:
    pos = Counter(s for s, y in zip(scores, labels, strict=True) if y == 1)
    neg = Counter(s for s, y in zip(scores, labels, strict=True) if y == 0)
    return [(s, pos[s], neg[s]) for s in set(scores)]


@given(any_dataset)
def test_histogram_equals_the_expanded_data(data: Dataset) -> None:
    rows = histogram(*data)
    expected = rx.Curve.from_scores(*data)
    assert rx.Curve.from_histogram(rows) == expected
    # Split every row in two (as partitioned aggregation does) and reverse the order.
    halves = [(s, p // 2, n // 2) for s, p, n in rows] + [
        (s, p - p // 2, n - n // 2) for s, p, n in rows
    ]
    assert rx.Curve.from_histogram(reversed(halves)) == expected
    assert rx.Curve.from_histogram(rows, thresholds="paper") == rx.Curve.from_scores(
        *data, thresholds="paper"
    )


def test_histogram_bad_rows() -> None:
    with pytest.raises(rx.InvalidInputError, match="row 0 must be"):
        rx.Curve.from_histogram([(1, 2)])  # type: ignore[list-item]
    with pytest.raises(rx.InvalidInputError, match="positives must be a non-negative int"):
        rx.Curve.from_histogram([(1, -2, 0)])
    with pytest.raises(rx.InvalidInputError, match="negatives must be a non-negative int"):
        rx.Curve.from_histogram([(1, 2, 0.5)])  # type: ignore[list-item]
    with pytest.raises(rx.InvalidInputError, match="NaN"):
        rx.Curve.from_histogram([(float("nan"), 2, 0)])
    with pytest.raises(rx.InvalidInputError) as info:
        rx.Curve.from_histogram([(1, 0, 0)])
    assert str(info.value) == "the histogram holds no examples"


def write_parquet(
    path: Path, rows: list[tuple[object, object]], score_type: str = "DOUBLE"
) -> None:
    duckdb = pytest.importorskip("duckdb")
    con = duckdb.connect()
    con.execute(f"CREATE TABLE t (score {score_type}, label INTEGER)")
    con.executemany("INSERT INTO t VALUES (?, ?)", rows)
    con.execute(f"COPY t TO '{path}' (FORMAT PARQUET)")
    con.close()


def test_parquet_report_equals_csv_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scores = [0.5, 0.25, 0.25, 0.1, 0.9, 0.1, 0.3]
    labels = [1, 0, 1, 0, 1, 1, 0]
    parquet, csv = tmp_path / "d.parquet", tmp_path / "d.csv"
    write_parquet(parquet, list(zip(scores, labels, strict=True)))
    csv.write_text(
        "score,label\n" + "".join(f"{s},{y}\n" for s, y in zip(scores, labels, strict=True))
    )
    assert main(["report", str(parquet)]) == 0
    from_parquet = json.loads(capsys.readouterr().out)
    assert main(["report", str(csv)]) == 0
    from_csv = json.loads(capsys.readouterr().out)
    from_parquet.pop("source")
    from_csv.pop("source")
    assert from_parquet == from_csv


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([(0.5, 1), (None, 0)], "1 NULL and 0 NaN scores"),
        ([(0.5, 1), (float("nan"), 0)], "0 NULL and 1 NaN scores"),
        ([(0.5, 2), (0.1, 0)], "labels are NULL or not 0/1"),
        ([(0.5, None), (0.1, 0)], "labels are NULL or not 0/1"),
    ],
)
def test_parquet_bad_values(
    rows: list[tuple[object, object]],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "bad.parquet"
    write_parquet(path, rows)
    assert main(["report", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_parquet_missing_column_and_not_parquet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "d.parquet"
    write_parquet(path, [(0.5, 1), (0.1, 0)])
    assert main(["report", str(path), "--label-column", "y"]) == 2
    assert "no column 'y'" in capsys.readouterr().err
    fake = tmp_path / "fake.parquet"
    fake.write_text("score,label\n")
    assert main(["report", str(fake)]) == 2
    assert "cannot read as Parquet" in capsys.readouterr().err
