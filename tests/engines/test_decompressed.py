"""The bounded plain copy of a compressed CSV that an engine cannot read itself
(rocpr_exact.engines.decompressed): the bytes, the line count, the limits, the cleanup."""

from __future__ import annotations

import bz2
import io
import json
import lzma
import random
import re
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.cli import main
from rocpr_exact.engines import decompressed
from rocpr_exact.engines.decompressed import readable_copies
from rocpr_exact.errors import InvalidInputError, MissingDependencyError, ResourceLimitError
from rocpr_exact.io.readers import first_defect
from rocpr_exact.limits import using

TEXT = b"score,label\r\n0.5,1\n\n0.25,0\r0.125,1\r\n"


def _compress(path: Path, data: bytes) -> Path:
    path.write_bytes(bz2.compress(data) if path.suffix == ".bz2" else lzma.compress(data))
    return path


def test_a_copy_holds_the_decompressed_bytes_and_is_removed_after(tmp_path: Path) -> None:
    plain = tmp_path / "p.csv"
    plain.write_bytes(TEXT)
    files = [str(_compress(tmp_path / "a.csv.bz2", TEXT)), str(plain)]
    files.append(str(_compress(tmp_path / "b.csv.XZ", TEXT * 2)))
    with readable_copies(files, (".bz2", ".xz"), 1) as names:
        assert names[1] == str(plain)  # a file the engine reads is read as it is
        copies = [Path(names[0]), Path(names[2])]
        assert [c.read_bytes() for c in copies] == [TEXT, TEXT * 2]
        assert all(c.suffix == ".csv" for c in copies)
    assert not any(c.exists() for c in copies) and not copies[0].parent.exists()
    with readable_copies([str(plain)], (".bz2", ".xz"), 1) as names:
        assert names == [str(plain)]


@given(st.lists(st.sampled_from([b"a", b"bc", b"\r", b"\n", b"\r\n", b","]), max_size=40),
       st.integers(1, 7))  # fmt: skip
def test_line_ends_are_counted_as_the_python_reader_counts_them(
    pieces: list[bytes], chunk: int
) -> None:
    # "\r\n", "\n" and a lone "\r" each end one line, as the CSV reader reads them; a "\r\n"
    # cut between two chunks is one line end
    data = b"".join(pieces)
    lines = decompressed._Lines("f")
    for start in range(0, len(data), chunk):
        lines.add(data[start : start + chunk])
    lines.add(b"")
    assert lines.ends == len(re.findall(rb"\r\n|\r|\n", data))


def test_too_many_lines_are_refused_while_decompressing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(decompressed, "_CHUNK", 8)  # the count is checked chunk by chunk
    rows = b"".join(b"0.%d,1\n" % i for i in range(6))
    source = _compress(tmp_path / "s.csv.xz", b"score,label\n" + rows)
    with using(max_examples=5), readable_copies([str(source)], (".xz",), 1) as names:
        assert Path(names[0]).read_bytes().count(b"\n") == 7  # max_examples + 1 rows: copied
    refused = pytest.raises(ResourceLimitError, match="max_examples = 4")
    with using(max_examples=4), refused, readable_copies([str(source)], (".xz",), 1):
        pass
    with using(max_examples=None), readable_copies([str(source)], (".xz",), 1) as names:
        assert Path(names[0]).read_bytes().endswith(rows)


def test_a_long_line_is_refused_as_the_python_reader_refuses_it(tmp_path: Path) -> None:
    source = _compress(tmp_path / "s.csv.bz2", b"score,label\n" + b"1" * 11 + b",1\r\n")
    with using(max_line_chars=13), readable_copies([str(source)], (".bz2",), 1):
        pass
    refused = pytest.raises(ResourceLimitError, match="max_line_chars")
    with using(max_line_chars=12), refused, readable_copies([str(source)], (".bz2",), 1):
        pass


def test_a_full_disk_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class Full(io.BytesIO):
        def write(self, data: object) -> int:
            raise OSError(28, "No space left on device")

    with pytest.raises(InvalidInputError, match="No space left on device; free space there"):
        decompressed._copy(io.BytesIO(TEXT), Full(), "s.csv.xz", "/tmp/x", 1)


@pytest.mark.parametrize("suffix", [".bz2", ".xz"])
def test_the_duckdb_engine_reads_bz2_and_xz_as_the_python_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], suffix: str
) -> None:
    pytest.importorskip("duckdb")
    generator = random.Random(3)
    text = "score,label\n" + "".join(
        f"{generator.randint(0, 20) / 4},{generator.randint(0, 1)}\n" for _ in range(300)
    )
    source = _compress(tmp_path / f"s.csv{suffix}", text.encode())
    reports = []
    for engine in ("python", "duckdb"):
        assert main(["report", str(source), "--engine", engine]) == 0
        reports.append(json.loads(capsys.readouterr().out))
    assert reports[0] == reports[1]
    # the row limit: 300 rows, 299 allowed; the copy holds them, DuckDB's LIMIT refuses
    for limit in ("299", "100"):
        argv = ["report", str(source), "--engine", "duckdb", "--limit", f"max_examples={limit}"]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert f"max_examples = {int(limit):,}" in err and err.count("\n") == 1, err


@given(st.lists(st.sampled_from([b"a", b"bc", b"\r", b"\n", b"\r\n", b","]), max_size=40),
       st.integers(1, 7))  # fmt: skip
def test_a_copy_with_one_line_end_and_the_mixed_check(pieces: list[bytes], chunk: int) -> None:
    # the copy writes each "\r\n" and lone "\r" as "\n", one "\r\n" cut between two chunks
    # included; mixed_line_ends says whether two kinds of line end occur
    data = b"".join(pieces)
    kinds = {m.group() for m in re.finditer(rb"\r\n|\r|\n", data)}
    target = io.BytesIO()
    original = decompressed._CHUNK
    decompressed._CHUNK = chunk
    try:
        decompressed._copy(io.BytesIO(data), target, "f", "d", 0, line_ends=True)
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "f.csv"
            path.write_bytes(data)
            assert decompressed.mixed_line_ends([str(path)]) == (len(kinds) > 1)
    finally:
        decompressed._CHUNK = original
    assert target.getvalue() == re.sub(rb"\r\n|\r", b"\n", data)


@pytest.mark.parametrize(
    "text",
    [
        b"score,label\n0.9,1\r\n0.8,0\r\n0.3,1\r\n0.1,0\r\n",  # "\n" header, "\r\n" rows
        b"score,label\r\n0.9,1\n0.8,0\r\n0.3,1\n0.1,0\n",
        b"score,label\r0.9,1\n0.8,0\r0.3,1\r\n0.1,0",
    ],
)
def test_duckdb_reads_a_csv_with_mixed_line_ends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: bytes
) -> None:
    # DuckDB alone refuses these ("the CSV Parser state machine reached an invalid state"):
    # it reads a copy with one line end, and gives the python engine's report and curve
    pytest.importorskip("duckdb")
    plain = tmp_path / "m.csv"
    plain.write_bytes(text)
    packed = _compress(tmp_path / "m.csv.xz", text)
    for command in ("report", "curve"):
        assert main([command, str(plain)]) == 0
        python = json.loads(capsys.readouterr().out)
        for path in (plain, packed):
            assert main([command, str(path), "--engine", "duckdb"]) == 0, capsys.readouterr().err
            duckdb = json.loads(capsys.readouterr().out)
            assert {**duckdb, "source": ""} == {**python, "source": ""}


@given(st.lists(st.sampled_from([b"a", b",", b";", b"\r", b"\n", b"\r\n", b'"']), max_size=30),
       st.integers(1, 5), st.sampled_from([",", ";"]))  # fmt: skip
def test_the_scan_finds_a_line_ending_after_the_delimiter_across_chunks(
    pieces: list[bytes], chunk: int, delimiter: str
) -> None:
    # what DuckDB drops without a word ("0.5,1," read as "0.5,1"): a delimiter right before
    # "\n", "\r" or the end of the file, wherever the chunks are cut; and any double quote
    data = b"".join(pieces)
    scan = decompressed.InputScan(delimiter)
    for start in range(0, len(data), chunk):
        scan.add(data[start : start + chunk])
    scan.add(b"")
    mark = re.escape(delimiter.encode())
    assert scan.trailing == bool(re.search(mark + rb"(\r|\n|$)", data))
    assert scan.quoted == (b'"' in data)


def test_a_zst_file_without_a_decoder_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Python 3.14's compression.zstd or the backports.zstd package (the zstd extra) reads it
    path = tmp_path / "s.csv.zst"
    path.write_bytes(b"(\xb5/\xfd")
    monkeypatch.setitem(sys.modules, "compression", None)
    monkeypatch.setitem(sys.modules, "backports", None)
    with pytest.raises(MissingDependencyError, match=r"reading a \.zst file needs .*backports"):
        first_defect(path)
