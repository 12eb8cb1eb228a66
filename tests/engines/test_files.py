"""The duckdb engine on CSV and Parquet files: exact grouping, checks, literal paths, limits."""

from __future__ import annotations

import struct
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from rocpr_exact.engines.files import file_histogram
from rocpr_exact.errors import InvalidInputError, ResourceLimitError
from rocpr_exact.limits import using

duckdb = pytest.importorskip("duckdb")


def _parquet(path: Path, select: str) -> Path:
    con = duckdb.connect()
    con.execute(f"COPY ({select}) TO '{path}' (FORMAT parquet)")
    con.close()
    return path


def _csv(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def _next_double(x: float) -> float:
    (bits,) = struct.unpack("<q", struct.pack("<d", x))
    (up,) = struct.unpack("<d", struct.pack("<q", bits + 1))
    return up


def test_csv_scores_are_exact_decimal_text(tmp_path):
    text = "score,label\n0.1,1\n0.1000000000000000055511151231257827,0\n0.10,0\n1/3,true\n"
    h = file_histogram(_csv(tmp_path / "a.csv", text))
    # the long decimal is the double 0.1 written out, larger than 1/10; "0.10" equals "0.1"
    assert h.groups == (
        (Fraction(1, 3), 1, 0),
        (Decimal("0.1000000000000000055511151231257827"), 0, 1),
        (Decimal("0.1"), 1, 1),
    )


def test_parquet_doubles_are_grouped_by_their_binary_value(tmp_path):
    x = 0.3
    y = _next_double(x)  # one ulp apart: two scores, never one
    path = _parquet(
        tmp_path / "d.parquet",
        f"SELECT * FROM (VALUES ({x!r}::DOUBLE, 1), ({y!r}::DOUBLE, 0), ({x!r}::DOUBLE, 0)) "
        "t(score, label)",
    )
    assert file_histogram(path).groups == ((y, 0, 1), (x, 1, 1))


def test_parquet_decimal_and_boolean_labels(tmp_path):
    path = _parquet(
        tmp_path / "m.parquet",
        "SELECT * FROM (VALUES (0.125::DECIMAL(18,3), true), (0.125::DECIMAL(18,3), false), "
        "(2.5::DECIMAL(18,3), true)) t(score, label)",
    )
    assert file_histogram(path).groups == ((Decimal("2.500"), 1, 0), (Decimal("0.125"), 1, 1))


def test_weights_are_exact_integer_sums(tmp_path):
    big = 2**62
    path = _parquet(
        tmp_path / "w.parquet",
        f"SELECT * FROM (VALUES (1, 1, {big}::BIGINT), (1, 1, {big}::BIGINT), (0, 0, 3::BIGINT)) "
        "t(score, label, w)",
    )
    assert file_histogram(path, weight_column="w").groups == ((1, 2 * big, 0), (0, 0, 3))
    csv = _csv(tmp_path / "w.csv", "score,label,w\n1,1,2\n1,0,0\n0,0,5\n")
    assert file_histogram(csv, weight_column="w").groups == ((1, 2, 0), (0, 0, 5))
    for bad in ("1.5", "-1", ""):
        csv = _csv(tmp_path / "bad.csv", f"score,label,w\n1,1,{bad}\n")
        with pytest.raises(InvalidInputError, match="weights are NULL, negative or not integers"):
            file_histogram(csv, weight_column="w")


@pytest.mark.parametrize(
    ("select", "fragment"),
    [
        ("SELECT * FROM (VALUES (NULL::DOUBLE, 1), (1.0, 0)) t(score, label)", "NULL score"),
        ("SELECT * FROM (VALUES ('nan'::DOUBLE, 1), (1.0, 0)) t(score, label)", "NaN score"),
        ("SELECT * FROM (VALUES (1.0, 2), (1.0, 0)) t(score, label)", "label 2"),
        ("SELECT * FROM (VALUES (1.0, NULL::INTEGER), (1.0, 0)) t(score, label)", "label None"),
    ],
)
def test_bad_values_are_refused(tmp_path, select, fragment):
    with pytest.raises(InvalidInputError, match=fragment):
        file_histogram(_parquet(tmp_path / "bad.parquet", select))


def test_bad_csv_values_are_refused_with_the_python_engines_message(tmp_path):
    for body, fragment in [
        ("nan,1", "line 2: score 'nan' is NaN"),
        (",1", "line 2: score '' is not a number"),
        ("1,yes", "line 2: label 'yes' is not 0/1"),
    ]:
        with pytest.raises(InvalidInputError, match=fragment):
            file_histogram(_csv(tmp_path / "b.csv", f"score,label\n{body}\n1,0\n"))


def test_paths_are_literal_unless_glob_is_asked_for(tmp_path):
    for name in ("a.csv", "b.csv"):
        _csv(tmp_path / name, "score,label\n1,1\n0,0\n")
    pattern = str(tmp_path / "*.csv")
    with pytest.raises(InvalidInputError, match="glob=True"):
        file_histogram(pattern)
    assert file_histogram(pattern, glob=True).groups == ((1, 2, 0), (0, 0, 2))
    odd = _csv(tmp_path / "[ab].csv", "score,label\n5,1\n")  # a pattern that matches a.csv
    assert file_histogram(odd).groups == ((5, 1, 0),)  # read literally, never a.csv or b.csv
    star = _parquet(tmp_path / "x*.parquet", "SELECT 7 AS score, 0 AS label")
    _parquet(tmp_path / "xy.parquet", "SELECT 8 AS score, 1 AS label")
    assert file_histogram(star).groups == ((7, 0, 1),)
    with pytest.raises(InvalidInputError, match="matches no file"):
        file_histogram(str(tmp_path / "zz*.csv"), glob=True)
    with pytest.raises(InvalidInputError, match="no such file"):
        file_histogram(tmp_path / "missing.csv")


def test_columns_and_format(tmp_path):
    path = _csv(tmp_path / "c.csv", "s,y\n1,1\n0,0\n")
    assert file_histogram(path, "s", "y").groups == ((1, 1, 0), (0, 0, 1))
    with pytest.raises(InvalidInputError, match="no column 'score'"):
        file_histogram(path)
    with pytest.raises(InvalidInputError, match="cannot tell CSV from Parquet"):
        file_histogram(_csv(tmp_path / "c.data", "score,label\n1,1\n"))


def test_row_limit_is_checked_from_parquet_metadata(tmp_path):
    path = _parquet(
        tmp_path / "n.parquet", "SELECT i % 7 AS score, i % 2 AS label FROM range(50) t(i)"
    )
    with using(max_examples=49), pytest.raises(ResourceLimitError, match="max_examples"):
        file_histogram(path)
    assert sum(g[1] + g[2] for g in file_histogram(path).groups) == 50


def test_row_limit_is_checked_for_csv(tmp_path):
    path = _csv(tmp_path / "n.csv", "score,label\n" + "1,1\n0,0\n" * 5)
    with using(max_examples=9), pytest.raises(ResourceLimitError, match="max_examples"):
        file_histogram(path)
    with using(max_examples=10):
        assert file_histogram(path).groups == ((1, 5, 0), (0, 0, 5))


def test_csv_dialect_is_the_cli_one(tmp_path):
    """Comma-separated (as the CLI reader requires), blank lines skipped, a BOM allowed."""
    blank = _csv(tmp_path / "b.csv", "score,label\n0.5,1\n\n0.25,0\n")
    assert file_histogram(blank).groups == ((Decimal("0.5"), 1, 0), (Decimal("0.25"), 0, 1))
    bom = tmp_path / "bom.csv"
    bom.write_bytes(b"\xef\xbb\xbfscore,label\n1,1\n")
    assert file_histogram(bom).groups == ((1, 1, 0),)
    with pytest.raises(InvalidInputError, match="no column 'score'"):
        file_histogram(_csv(tmp_path / "semi.csv", "score;label\n0.5;1\n"))


class _Spy:
    """A DuckDB module whose connections record every statement they run."""

    def __init__(self) -> None:
        self.statements: list[str] = []

    def __getattr__(self, name: str) -> object:
        return getattr(duckdb, name)

    def connect(self) -> object:
        spy, con = self, duckdb.connect()

        class Connection:
            def execute(self, sql: str, *args: object) -> object:
                spy.statements.append(sql)
                return con.execute(sql, *args)

            def close(self) -> None:
                con.close()

        return Connection()


def test_a_parquet_file_over_the_row_limit_is_refused_before_the_group_by(
    tmp_path, monkeypatch, capsys
):
    from rocpr_exact.cli import main
    from rocpr_exact.engines import files

    path = _parquet(
        tmp_path / "n.parquet", "SELECT i / 7 AS score, i % 2 AS label FROM range(1001) t(i)"
    )
    spy = _Spy()
    monkeypatch.setattr(files, "_duckdb", lambda: spy)
    assert main(["report", str(path), "--limit", "max_examples=1000"]) == 2
    err = capsys.readouterr().err
    assert f"{path}: the number of examples exceeds the limit max_examples = 1,000" in err
    assert not any("GROUP BY" in sql or "DESCRIBE" in sql for sql in spy.statements)
    assert any("parquet_file_metadata" in sql for sql in spy.statements)
    assert main(["report", str(path), "--limit", "max_examples=1001", "--digits", "3"]) == 0


def test_a_csv_is_read_no_further_than_one_row_past_the_limit(tmp_path, monkeypatch):
    from rocpr_exact.engines import files

    spy = _Spy()
    monkeypatch.setattr(files, "_duckdb", lambda: spy)
    path = _csv(tmp_path / "n.csv", "score,label,w\n" + "1,1,3\n0,0,2\n" * 500 + "5,1,1\n")
    for weight in (None, "w"):
        with using(max_examples=1000), pytest.raises(ResourceLimitError, match="= 1,000;"):
            file_histogram(path, weight_column=weight)
        assert "LIMIT 1001)" in spy.statements[-1]  # the GROUP BY reads at most 1,001 rows
    with using(max_examples=1001):
        assert file_histogram(path, weight_column="w").groups == (
            (5, 1, 0),
            (1, 1500, 0),
            (0, 0, 1000),
        )
    with using(max_examples=None):
        assert file_histogram(path).groups == ((5, 1, 0), (1, 500, 0), (0, 0, 500))
        assert "LIMIT" not in spy.statements[-1]


def test_files_of_one_pattern_must_share_one_header(tmp_path):
    _csv(tmp_path / "a.csv", "score,label\n1,1\n")
    _csv(tmp_path / "b.csv", "label,score\n0,0.5\n")  # read by position, it would swap columns
    with pytest.raises(InvalidInputError, match=r"b.csv: its header \['label', 'score'\]"):
        file_histogram(str(tmp_path / "*.csv"), glob=True)
    _csv(tmp_path / "b.csv", "\nscore,label\n0.5,0\n")  # the same header, one line lower
    with pytest.raises(InvalidInputError, match=r"\(line 2\) is not the header"):
        file_histogram(str(tmp_path / "*.csv"), glob=True)
