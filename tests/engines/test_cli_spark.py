"""``rocpr-exact report --engine spark`` equals the default report (run with ``-m spark``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rocpr_exact.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.spark
def test_cli_spark_engine_equals_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "examples" / "table1.csv")
    assert main(["report", path]) == 0
    default = json.loads(capsys.readouterr().out)
    assert main(["report", path, "--engine", "spark"]) == 0
    assert json.loads(capsys.readouterr().out) == default


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (lambda d: d / "missing.parquet", "no such file"),
        (lambda d: d, "Is a directory"),
        (lambda d: _write(d / "g.parquet", b"garbage, not parquet"), "is not a Parquet file"),
        (lambda d: _write(d / "a*.parquet", b"PAR1"), "Spark takes * ? [ ] { } in a path"),
    ],
    ids=["missing", "directory", "not parquet", "glob characters"],
)
def test_spark_paths_are_checked_before_spark_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: object, fragment: str
) -> None:
    # No JVM is started for these (the default suite runs them): one line, exit 2, where Spark
    # printed Java text and the CLI exited 3, or read the files a pattern matches.
    path = make(tmp_path)  # type: ignore[operator]
    assert main(["report", str(path), "--engine", "spark"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rocpr-exact: error: ") and err.count("\n") == 1
    assert fragment in err


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


@pytest.mark.spark
def test_a_bad_csv_through_spark_is_the_python_engines_one_line(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    # Spark printed JVM warnings, log lines and a Java stack trace, then "An error occurred
    # while calling o52.collectToPython."; now: the JVM starts with stderr on /dev/null and the
    # file is re-read by the python reader for its own line.
    path = _write(tmp_path / "rag.csv", b"score,label\n0.1,1\n0.2\n0.3,0\n")
    assert main(["report", str(path), "--engine", "spark"]) == 2
    err = capfd.readouterr().err
    assert err == f"rocpr-exact: error: {path}: line 3: 1 fields where the header has 2\n"


@pytest.mark.spark
def test_cli_spark_report_of_many_distinct_scores_takes_the_range_shares(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Parquet file whose scores are many (the threshold lowered to 50 here): the CLI's
    report comes from the range shares, never from a collected histogram, and equals the
    default engine's report of the same file."""
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    from rocpr_exact.engines import spark

    rows = [((i * 37) % 301 / 301, int((i * 37) % 301 > 120 or i % 7 == 0)) for i in range(900)]
    path = tmp_path / "many.parquet"
    scores, labels = zip(*rows, strict=True)
    pq.write_table(pa.table({"score": list(scores), "label": list(labels)}), path)
    assert main(["report", str(path)]) == 0
    default = json.loads(capsys.readouterr().out)
    monkeypatch.setattr(spark, "HISTOGRAM_DISTINCT", 50)
    monkeypatch.setattr(spark, "histogram", None)  # the histogram path would fail
    assert main(["report", str(path), "--engine", "spark"]) == 0
    assert json.loads(capsys.readouterr().out) == default


@pytest.mark.spark
def test_cli_spark_reads_the_csv_dialect_as_the_python_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--delimiter (Spark's sep), --positive-label and --negative-label (read on the driver by
    io.dialect, as the other engines read them) with --engine spark: every file of
    tests/cli/test_real_files.py's dialects, plain and compressed, gives the plain comma/0-1
    file's report, and each refusal of named labels is the python engine's line."""
    from tests.cli.test_real_files import DIALECTS, MAYBE, NAMED_REFUSALS, _write

    def report(argv: list[str]) -> dict[str, object]:
        assert main(argv) == 0, capsys.readouterr().err
        found: dict[str, object] = json.loads(capsys.readouterr().out)
        found.pop("source")
        return found

    def curve(argv: list[str]) -> dict[str, object]:  # the histogram path: plot, curve
        return report(["curve", *argv[1:]])

    base = ["--label-column", "y"]
    plain = report(["report", str(_write(tmp_path / "p.csv", ",", "1", "0")), *base])
    plain_curve = curve(["report", str(tmp_path / "p.csv"), *base, "--engine", "spark"])
    for suffix in ("", ".gz", ".bz2", ".xz"):
        for number, (delimiter, positive, negative, pad, flags) in enumerate(DIALECTS):
            name = tmp_path / f"d{number}.csv{suffix}"
            _write(name, delimiter, positive, negative, pad)
            shown = "\\t" if delimiter == "\t" else delimiter
            argv = ["report", str(name), *base, "--delimiter", shown, *flags]
            assert report([*argv, "--engine", "spark"]) == plain, (delimiter, suffix)
            assert curve([*argv, "--engine", "spark"]) == plain_curve, (delimiter, suffix)
    path = tmp_path / "maybe.csv"
    path.write_text(MAYBE)
    for message, flags in NAMED_REFUSALS.items():
        argv = ["report", str(path), *base, "--engine", "spark", *flags]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1, err
