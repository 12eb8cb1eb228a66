"""Hostile files through the duckdb engine: a report, or one line in this package's words.

DuckDB's own messages once reached the user: 1,500 characters of "Error when sniffing file
... Possible fixes: ..." for a ragged CSV, "Invalid Input Error: File 'g.parquet' too small
to be a Parquet file" for a Parquet file that is not one.  Each file below goes through the
CLI in process and through the API: exit 0 with a report when the file is valid, otherwise
exit 2 with exactly one line ``rocpr-exact: error: ...`` (under 400 characters, no DuckDB
prose, no query echo, no traceback) and a RocPrError that says what to fix.  A CSV gets the
python engine's diagnosis, word for word.
"""

from __future__ import annotations

import json
import os
import struct
from collections.abc import Callable
from pathlib import Path

import pytest

from rocpr_exact.cli import main
from rocpr_exact.engines.files import file_histogram
from rocpr_exact.errors import RocPrError

duckdb = pytest.importorskip("duckdb")

GOOD = "SELECT * FROM (VALUES (0.9::DOUBLE, 1), (0.1, 0), (0.5, 1)) t(score, label)"


def _parquet(path: Path, select: str) -> None:
    con = duckdb.connect()
    con.execute(f"COPY ({select}) TO '{path}' (FORMAT parquet)")
    con.close()


def _cut(path: Path, keep: Callable[[bytes], bytes]) -> None:
    _parquet(path, "SELECT (i / 1000.0)::DOUBLE AS score, i % 2 AS label FROM range(20000) t(i)")
    path.write_bytes(keep(path.read_bytes()))


def _damaged_footer(data: bytes) -> bytes:
    length = struct.unpack("<I", data[-8:-4])[0]
    return data[: -8 - length] + b"\xab" * length + data[-8:]


def _damaged_pages(data: bytes) -> bytes:
    length = struct.unpack("<I", data[-8:-4])[0]
    middle = len(data) - 8 - length - 200
    return data[:100] + bytes(i * 7 % 256 for i in range(middle)) + data[100 + middle :]


#: name -> (how to make it, a fragment of the message; None: a valid file, exit 0)
CSV: dict[str, tuple[Callable[[Path], object], str | None]] = {
    "ragged.csv": (lambda p: p.write_text("score,label\n0.1,1\n0.2\n"), "line 3: 1 fields"),
    "empty.csv": (lambda p: p.write_bytes(b""), "the file is empty"),
    "header_only.csv": (lambda p: p.write_text("score,label\n"), "header but no data rows"),
    "binary.csv": (lambda p: p.write_bytes(bytes(range(256)) * 8), "no column 'score'"),
    "binary_rows.csv": (
        lambda p: p.write_bytes(b"score,label\n" + bytes(range(255, -1, -1)) * 8),
        "line 2: the file is not UTF-8 text: byte 0xff",
    ),
    "text_score.csv": (lambda p: p.write_text("score,label\nabc,1\n"), "line 2: score 'abc'"),
    "no_label.csv": (lambda p: p.write_text("score,lab\n0.1,1\n"), "no column 'label'"),
    "duplicate.csv": (lambda p: p.write_text("score,label,score\n1,1,2\n"), "duplicate column"),
    "null.csv": (lambda p: p.write_text("score,label\n,1\n0.2,0\n"), "line 2: score ''"),
    "nan.csv": (lambda p: p.write_text("score,label\nnan,1\n0.2,0\n"), "line 2: score 'nan' is"),
    "inf.csv": (lambda p: p.write_text("score,label\ninf,1\n-inf,0\n0.5,1\n"), None),
    "label2.csv": (lambda p: p.write_text("score,label\n0.1,2\n"), "line 2: label '2'"),
    "label-1.csv": (lambda p: p.write_text("score,label\n0.1,-1\n"), "line 2: label '-1'"),
    "yes.csv": (lambda p: p.write_text("score,label\n0.1,yes\n"), "line 2: label 'yes'"),
    "latin1.csv": (lambda p: p.write_bytes(b"score,label\n0.1,1\ncaf\xe9,0\n"), "line 3: the"),
    "unclosed.csv": (lambda p: p.write_text('score,label\n"0.1,1\n0.2,0\n'), "closing quote"),
    "after_quote.csv": (lambda p: p.write_text('score,label\n"0.5"3,1\n'), "malformed CSV"),
    "semicolons.csv": (lambda p: p.write_text("score;label\n0.1;1\n"), "comma-separated"),
    "comment.csv": (lambda p: p.write_text("score,label\n0.5,1\n#0.3,1\n"), "score '#0.3'"),
    "junk_first.csv": (lambda p: p.write_text("junk\nscore,label\n0.5,1\n"), "header ['junk']"),
    "long_line.csv": (lambda p: p.write_text("score,label\n0." + "1" * 5000 + ",1\n"), "line 2 is"),
    "sparse.csv": (lambda p: os.truncate(p, 2**31), "line 1 is longer than 4,000"),
    "valid.csv": (
        lambda p: p.write_bytes(b"\xef\xbb\xbf\r\nscore,label\r\n0.5,1\r\n\r\n.2,0\r\n"),
        None,
    ),
    "lone_cr.csv": (lambda p: p.write_text("score,label\r0.5,1\r0.2,0\r", newline=""), None),
    "quoted.csv": (lambda p: p.write_text('x,score,label\n"a,\nb",0.5,1\n"c",0.2,0\n'), None),
}
PARQUET: dict[str, tuple[Callable[[Path], object], str | None]] = {
    "zero.parquet": (lambda p: p.write_bytes(b""), "is not a Parquet file (it is empty)"),
    "text.parquet": (lambda p: p.write_text("score,label\n1,1\n"), "does not start with"),
    "truncated.parquet": (lambda p: _cut(p, lambda d: d[: len(d) // 2]), "is it cut short?"),
    "footer.parquet": (lambda p: _cut(p, _damaged_footer), "cannot be read as Parquet"),
    "pages.parquet": (lambda p: _cut(p, _damaged_pages), "cannot be read as Parquet"),
    "sparse.parquet": (lambda p: os.truncate(p, 2**31), "does not start with"),
    "good.parquet": (lambda p: _parquet(p, GOOD), None),
    "strings.parquet": (
        lambda p: _parquet(p, "SELECT 'abc' AS score, 1 AS label"),
        "score 'abc' is not a number",
    ),
    "label2.parquet": (lambda p: _parquet(p, "SELECT 0.1 AS score, 2 AS label"), "label 2 is"),
    "yes.parquet": (lambda p: _parquet(p, "SELECT 0.1 AS score, 'yes' AS label"), "label 'yes'"),
    "null.parquet": (
        lambda p: _parquet(p, "SELECT NULL::DOUBLE AS score, 1 AS label"),
        "NULL score",
    ),
    "nan.parquet": (lambda p: _parquet(p, "SELECT 'nan'::DOUBLE AS score, 1 AS label"), "NaN"),
    "inf.parquet": (
        lambda p: _parquet(p, "SELECT * FROM (VALUES ('inf'::DOUBLE, 1), (0, 0)) t(score, label)"),
        None,
    ),
    "no_label.parquet": (lambda p: _parquet(p, "SELECT 0.1 AS score, 1 AS y"), "no column 'label'"),
    "struct.parquet": (
        lambda p: _parquet(p, "SELECT {'a': 0.1} AS score, 1 AS label"),
        "column 'score' has type STRUCT",
    ),
    "list.parquet": (
        lambda p: _parquet(p, "SELECT 0.1 AS score, [1] AS label"),
        "column 'label' has type INTEGER[]",
    ),
    "date.parquet": (
        lambda p: _parquet(p, "SELECT DATE '2020-01-01' AS score, 1 AS label"),
        "has type DATE",
    ),
    "no_rows.parquet": (lambda p: _parquet(p, GOOD + " WHERE false"), "no data rows"),
    "dir.parquet": (lambda p: (p.unlink(), p.mkdir()), "cannot read dir.parquet: Is a directory"),
}
if hasattr(os, "mkfifo"):
    PARQUET["pipe.parquet"] = (lambda p: (p.unlink(), os.mkfifo(p)), "not a regular file")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("hostile")
    for name, (make, _) in {**CSV, **PARQUET}.items():
        path = folder / name
        path.touch()
        make(path)
    return folder


LIMITS = ["--limit", "max_line_chars=4000"]


def _clean_line(err: str) -> None:
    assert err.startswith("rocpr-exact: error: ") and err.count("\n") == 1, err
    assert len(err) < 400, err
    for prose in ("Possible fixes", "LINE 1", "^^^", "Traceback", " Error:", "Exception"):
        assert prose not in err, err


@pytest.mark.parametrize("name", [*CSV, *PARQUET])
def test_hostile_files_give_a_report_or_one_clear_line(
    name: str, corpus: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(corpus)
    fragment = {**CSV, **PARQUET}[name][1]
    code = main(["report", name, "--engine", "duckdb", "--digits", "3", *LIMITS])
    out, err = capsys.readouterr()
    if fragment is None:
        assert code == 0 and err == "" and json.loads(out)["positives"] >= 1
        return
    assert code == 2 and out == ""
    _clean_line(err)
    assert fragment in err, err


@pytest.mark.parametrize("name", [*CSV, *PARQUET])
def test_hostile_files_through_the_api(
    name: str, corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rocpr_exact import limits

    monkeypatch.chdir(corpus)
    fragment = {**CSV, **PARQUET}[name][1]
    with limits.using(max_line_chars=4000):
        if fragment is None:
            assert file_histogram(name).positives >= 1
            return
        with pytest.raises(RocPrError) as info:
            file_histogram(name)
    message = str(info.value)
    assert fragment in message and "\n" not in message and "Possible fixes" not in message


@pytest.mark.parametrize("name", [n for n in CSV if n != "valid.csv"])
def test_a_csv_gets_the_python_engines_diagnosis(
    name: str, corpus: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(corpus)
    python = main(["report", name, "--digits", "3", *LIMITS]), capsys.readouterr()
    duck = main(["report", name, "--engine", "duckdb", "--digits", "3", *LIMITS])
    assert (duck, capsys.readouterr()) == python


def test_a_csv_only_the_python_engine_reads_is_named_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A line of blanks: the python engine skips it, DuckDB's reader refuses the row.
    path = tmp_path / "blanks.csv"
    path.write_text("score,label\n0.5,1\n   \n0.2,0\n")
    assert main(["report", str(path), "--engine", "duckdb"]) == 2
    err = capsys.readouterr().err
    _clean_line(err)
    assert "DuckDB cannot read this CSV (CSV Error on Line: 3); the python engine reads it" in err
    assert main(["report", str(path)]) == 0
