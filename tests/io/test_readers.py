"""The CSV reader of scored examples on hostile files: bounded before it works.

No line longer than ``max_line_chars`` is read into memory and no more than ``max_examples``
rows; the other readers (operating points, the duckdb engine's header and its re-reading)
go through the same ``read_csv``.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from rocpr_exact import limits
from rocpr_exact.cli import main
from rocpr_exact.errors import InvalidInputError, ResourceLimitError
from rocpr_exact.io.readers import first_defect, read_csv_header, read_scored_csv

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (
            lambda p: (p.touch(), os.truncate(p, 2**31)),
            ResourceLimitError,
            "line 1 is longer than 4,000",
        ),
        (lambda p: p.write_bytes(b"s" * 10_000), ResourceLimitError, "line 1 is longer"),
        (
            lambda p: p.write_bytes(b"score,label," + b"c," * 3_000 + b"x\n0.5,1\n"),
            ResourceLimitError,
            "line 1 is longer than 4,000",
        ),
        (
            lambda p: p.write_text("score,label\n" + "0.5,1\n" * 1_500),
            ResourceLimitError,
            "line 1002: the number of examples exceeds the limit max_examples = 1,000",
        ),
        (lambda p: p.mkdir(), InvalidInputError, "Is a directory"),
    ],
    ids=["2 GB sparse", "no newline", "huge header", "rows over the limit", "directory"],
)
def test_hostile_files_are_refused_within_the_limits(
    make: object, error: type[Exception], message: str, tmp_path: Path
) -> None:
    path = tmp_path / "d.csv"
    make(path)  # type: ignore[operator]
    with limits.using(max_line_chars=4000, max_examples=1000):
        for read in (read_scored_csv, first_defect, lambda p: read_csv_header(p, ["score"])):
            if read is not read_scored_csv and "examples" in message:
                continue  # the header reader reads one row; first_defect: same as read_scored
            with pytest.raises(error, match=message):
                read(path)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_is_refused_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "/dev/zero"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rocpr-exact: error: /dev/zero: line 1 is longer than 1,000,000")
    assert err.count("\n") == 1


def test_first_defect_keeps_nothing_and_names_the_line() -> None:
    good = b"score,label\n0.5,1\n0.25,0\n"
    with pytest.raises(InvalidInputError, match="line 4: label 'yes'"):
        first_defect(io.BytesIO(good + b"0.125,yes\n0.1,1\n"))
    first_defect(io.BytesIO(good))  # no defect: it returns


def test_the_header_reader_gives_the_line_the_rows_start_after(tmp_path: Path) -> None:
    path = tmp_path / "h.csv"
    path.write_bytes(b"\xef\xbb\xbf\r\n\r\n score , label ,w\r\n0.5,1,2\r\n")
    assert read_csv_header(path, ["score", "label"]) == (["score", "label", "w"], 3)


def test_vector_files_are_read_within_the_same_bounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sparse = tmp_path / "v.json"
    with open(sparse, "wb") as stream:
        stream.truncate(2**31)
    results = ROOT / "examples" / "table1.csv"  # never reached: the vector file is refused first
    assert main(["check", str(sparse), str(results)]) == 2
    err = capsys.readouterr().err
    assert "the vector file" in err and "(2,147,483,648 bytes) is longer than" in err
