"""One corpus, every engine: each file gives the same report in every engine, or every engine
refuses it with the same line (docs/engines.md, "One corpus, every engine").

The files and their answers (worked out by hand) are in ``tests/engines/corpus.py``: quoted
fields across lines, CRLF, a byte order mark, blank lines, trailing delimiters, short rows,
extra fields, whole, damaged and cut-short gzip/bzip2/xz/zstd files, 39-digit weights and
numpy's ``%.18e`` scores.  The python and duckdb engines run on every file in the default
suite; ``pytest -m spark tests/engines/test_corpus.py`` runs the spark engine on them too.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rocpr_exact.cli import main
from tests.engines import corpus

pytest.importorskip("duckdb")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return corpus.write(tmp_path_factory.mktemp("corpus"))


def _run(
    capsys: pytest.CaptureFixture[str], path: Path, engine: str, flags: tuple[str, ...]
) -> Any:
    """(exit code, the report or the error line) of ``rocpr-exact report`` by ``engine``."""
    code = main(["report", str(path), "--engine", engine, "--digits", "10", *flags])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else err)


def _same_everywhere(outcomes: dict[str, Any], answer: tuple[int, int, Fraction] | None) -> None:
    if answer is None:
        for engine, (code, line) in outcomes.items():
            assert code == 2, (engine, line)
            assert line.startswith("rocpr-exact: error: ") and line.count("\n") == 1, line
        assert len({line for _, line in outcomes.values()}) == 1, outcomes  # the python engine's
        return
    assert {code for code, _ in outcomes.values()} == {0}, outcomes
    positives, negatives, auc = answer
    reports = [report for _, report in outcomes.values()]
    for report in reports:
        assert (report["positives"], report["negatives"]) == (positives, negatives)
        assert Fraction(report["auc_roc"]["exact"]) == auc
    assert all(report == reports[0] for report in reports)  # every field, every digit


@pytest.mark.parametrize("name", list(corpus.CASES))
def test_python_and_duckdb_read_every_file_alike(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], name: str
) -> None:
    case = corpus.CASES[name]
    outcomes = {e: _run(capsys, files[name], e, case.flags) for e in ("python", "duckdb")}
    _same_everywhere(outcomes, case.answer)


@pytest.mark.parametrize("flip", range(30))
def test_single_bit_flips_in_a_gzip_file_are_read_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flip: int
) -> None:
    # 30 flips spread over the whole gzip-9 stream (header, deflate body, CRC and length
    # trailer), each bit of a byte in turn: DuckDB read 13 of 30 such files with exit 0 (10 with
    # wrong counts or AUC).  Each is refused by both engines, or (a flip in a field no reader
    # checks, such as the header's MTIME) read by both as the intact file.
    data = corpus.GZIPPED
    offset = flip * (len(data) - 1) // 29
    path = tmp_path / "flipped.csv.gz"
    path.write_bytes(corpus.flipped(data, offset, flip % 8))
    outcomes = {e: _run(capsys, path, e, ()) for e in ("python", "duckdb")}
    code, _ = outcomes["python"]
    _same_everywhere(outcomes, corpus.large_expected() if code == 0 else None)
    if offset >= len(data) - 8:  # the CRC and length trailer is checked
        assert code == 2


@pytest.mark.spark
@pytest.mark.parametrize("name", list(corpus.CASES))
def test_spark_reads_every_file_as_the_others(
    files: dict[str, Path], capsys: pytest.CaptureFixture[str], name: str
) -> None:
    pytest.importorskip("pyspark", reason="pyspark is not installed (extra: spark)")
    case = corpus.CASES[name]
    engines = ("python", "duckdb", "spark")
    outcomes = {e: _run(capsys, files[name], e, case.flags) for e in engines}
    _same_everywhere(outcomes, case.answer)


def test_numpy_savetxt_scores_are_read_exactly_by_duckdb(tmp_path: Path) -> None:
    # np.savetxt's default format (%.18e) writes 19 significant digits: more than the double
    # needs, so the text is a decimal other than the double; the engine groups and orders the
    # decimals as written (each distinct text one score, equal to Decimal(text))
    np = pytest.importorskip("numpy")
    from decimal import Decimal

    from rocpr_exact.engines.files import file_histogram

    rng = np.random.default_rng(5)
    scores = np.round(rng.random(300), 2)  # ties: at most 101 values
    labels = (rng.random(300) < scores).astype(int)
    path = tmp_path / "savetxt.csv"
    np.savetxt(path, np.column_stack([scores, labels]), delimiter=",", header="score,label",
               comments="")  # fmt: skip
    texts = [line.split(",") for line in path.read_text().splitlines()[1:]]
    expected: dict[Decimal, list[int]] = {}
    for score, label in texts:
        expected.setdefault(Decimal(score), [0, 0])[0 if Decimal(label) == 1 else 1] += 1
    hist = file_histogram(path)
    assert hist.groups == tuple(
        (score, *expected[score]) for score in sorted(expected, reverse=True)
    )
