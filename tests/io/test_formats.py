"""Files told by their first bytes: compressed CSV decompressed whatever its name or on standard
input, Parquet read by the duckdb engine whatever its name (``.parq``, ``.csv``) and refused by
the python engine in one line that says so, zstd and zip refused likewise; a UTF-8 byte order
mark accepted in JSON and CSV.

The compressed bytes are made by Python's own gzip, bz2 and lzma modules and the Parquet file
by pyarrow: the formats' real writers, not the magic numbers the code looks for.
"""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import sys
from pathlib import Path
from typing import Any

import pytest

from rocpr_exact.cli.app import main
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.fastcsv import plain_csv_curve
from rocpr_exact.io.formats import is_parquet, sniff, sniff_file
from rocpr_exact.io.jsonfile import read_json
from rocpr_exact.io.readers import read_scored_csv

CSV = b"score,label\n0.9,1\n0.8,0\n0.7,1\n0.35,0\n0.3,1\n0.1,0\n"
COMPRESS = {"gzip": gzip.compress, "bzip2": bz2.compress, "xz": lzma.compress}
ZSTD_FRAME = bytes.fromhex("28b52ffd") + b"\x00" * 8  # RFC 8878: the frame's magic number


def _report(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["report", *argv, "--format", "json"])
    out, err = capsys.readouterr()
    return status, out, err


def _areas(out: str) -> tuple[Any, Any]:
    report = json.loads(out)
    return report["auc_roc"], report["positives"]


@pytest.mark.parametrize("kind", sorted(COMPRESS))
def test_each_compression_is_told_by_its_bytes(kind: str) -> None:
    assert sniff(COMPRESS[kind](CSV)) == kind
    assert sniff(COMPRESS[kind](b"")) == kind  # an empty stream too


@pytest.mark.parametrize(
    "text", [CSV, b"PAR1,score,label\n", b"BZh1,x\n", b"PK,score\n", b"\xef\xbb\xbfscore", b""]
)
def test_text_is_never_taken_for_a_format(text: bytes) -> None:
    assert sniff(text) is None


@pytest.mark.parametrize("kind", sorted(COMPRESS))
def test_a_compressed_file_named_csv_gets_the_plain_files_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    plain, packed = tmp_path / "plain.csv", tmp_path / "packed.csv"
    plain.write_bytes(CSV)
    packed.write_bytes(COMPRESS[kind](CSV))
    assert plain_csv_curve(packed) is not None  # the vectorised path reads it too
    expected = _report(capsys, str(plain))
    status, out, err = _report(capsys, str(packed))
    assert status == 0 and err == "" and _areas(out) == _areas(expected[1])


@pytest.mark.parametrize("kind", sorted(COMPRESS))
@pytest.mark.parametrize("buffered", [True, False])
def test_compressed_standard_input_is_decompressed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], kind: str, buffered: bool
) -> None:
    raw: Any = io.BytesIO(COMPRESS[kind](CSV))  # no peek: the first bytes read, then again
    if buffered:
        raw = io.BufferedReader(raw)  # as sys.stdin.buffer is
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(raw))
    status, out, err = _report(capsys, "-")
    _, labels = read_scored_csv(io.BytesIO(CSV))
    assert status == 0 and err == "" and json.loads(out)["positives"] == sum(labels) == 3


def test_a_pipe_that_gives_its_first_bytes_one_by_one_is_read_whole() -> None:
    class Trickle(io.RawIOBase):  # a pipe's reads may return fewer bytes than asked
        def __init__(self, data: bytes) -> None:
            self.data = data

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            chunk, self.data = self.data[:1], self.data[1:]
            buffer[: len(chunk)] = chunk
            return len(chunk)

    _, labels = read_scored_csv(Trickle(gzip.compress(CSV)))  # type: ignore[arg-type]
    assert labels == [1, 0, 1, 0, 1, 0]


def _parquet(path: Path) -> Path:
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    rows = [line.split(b",") for line in CSV.splitlines()[1:]]
    table = pa.table({"score": [float(s) for s, _ in rows], "label": [int(y) for _, y in rows]})
    pq.write_table(table, path)
    return path


@pytest.mark.parametrize("name", ["p.parq", "p.csv", "p.data"])
def test_parquet_is_parquet_whatever_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    pytest.importorskip("duckdb")
    path = _parquet(tmp_path / name)
    assert is_parquet(path) and sniff_file(path) == "parquet"
    plain = tmp_path / "plain.csv"
    plain.write_bytes(CSV)
    status, out, err = _report(capsys, str(path))
    assert status == 0, err
    assert _areas(out) == _areas(_report(capsys, str(plain))[1])


@pytest.mark.parametrize("name", ["p.parq", "p.csv"])
def test_the_python_engine_refuses_parquet_in_one_line_that_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    path = _parquet(tmp_path / name)
    status, _, err = _report(capsys, str(path), "--engine", "python")
    assert status == 2 and err.count("\n") == 1
    assert err.startswith(f"rocpr-exact: error: {path} is a Parquet file, not text; read it")


def test_parquet_on_standard_input_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _parquet(tmp_path / "p.parquet").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(io.BytesIO(data))))
    status, _, err = _report(capsys, "-")
    assert status == 2 and "<stdin> is a Parquet file, not text" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [(ZSTD_FRAME, "is compressed with zstd"), (b"PK\x03\x04" + b"\x00" * 26, "is a zip archive")],
)
def test_zstd_and_zip_are_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, message: str
) -> None:
    path = tmp_path / "d.csv"
    path.write_bytes(data)
    status, _, err = _report(capsys, str(path))
    assert status == 2 and f"{path} {message}" in err and err.count("\n") == 1


def test_a_results_file_with_a_byte_order_mark_reads_as_without(tmp_path: Path) -> None:
    value = {"results": {"1": {"auc_roc": "1/2"}}, "n": 0.25}
    plain, marked = tmp_path / "r.json", tmp_path / "bom.json"
    plain.write_text(json.dumps(value), encoding="utf-8")
    marked.write_text(json.dumps(value), encoding="utf-8-sig")
    assert marked.read_bytes().startswith(b"\xef\xbb\xbf")
    assert read_json(marked, "results file") == read_json(plain, "results file")


def test_check_reads_a_results_file_with_a_byte_order_mark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    vectors = Path(__file__).resolve().parents[2] / "vectors" / "rocpr_auc_test.json"
    text = json.dumps({"results": {}})
    plain, marked = tmp_path / "r.json", tmp_path / "bom.json"
    plain.write_text(text, encoding="utf-8")
    marked.write_text(text, encoding="utf-8-sig")
    expected = (main(["check", str(vectors), str(plain)]), capsys.readouterr())
    got = (main(["check", str(vectors), str(marked)]), capsys.readouterr())
    assert got[0] == expected[0] and got[1].out == expected[1].out
    assert "BOM" not in got[1].err


def test_a_json_text_with_only_a_mark_is_still_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_bytes(b"\xef\xbb\xbf")
    with pytest.raises(InvalidInputError, match="is not valid JSON"):
        read_json(path, "results file")


@pytest.mark.parametrize("compress", [None, gzip.compress])
def test_a_csv_with_a_byte_order_mark_reads_as_without(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], compress: Any
) -> None:
    plain, marked = tmp_path / "plain.csv", tmp_path / "bom.csv"
    plain.write_bytes(CSV)
    data = b"\xef\xbb\xbf" + CSV
    marked.write_bytes(compress(data) if compress else data)
    assert plain_csv_curve(marked) is not None
    expected = _report(capsys, str(plain))
    assert _report(capsys, str(marked))[1] == expected[1].replace(str(plain), str(marked))
