"""The command line: JSON report, text table, schema, and clean errors for bad input."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest

import rocpr_exact as rx
from rocpr_exact.cli import main
from rocpr_exact.io.readers import read_scored_csv
from rocpr_exact.output.report import report_schema
from tests.brute_force import mann_whitney

ROOT = Path(__file__).resolve().parents[2]
TABLE1 = ROOT / "examples" / "table1.csv"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def write_csv(
    path: Path, scores: list[object], labels: list[object], header: str = "score,label"
) -> Path:
    lines = [header] + [f"{s},{y}" for s, y in zip(scores, labels, strict=True)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_table1_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["report", str(TABLE1)], capsys)
    assert code == 0 and err == ""
    report = json.loads(out)
    jsonschema.validate(report, report_schema())
    assert (report["positives"], report["negatives"], report["thresholds"]) == (20, 2000, 3)
    # Trapezoids (5)(5) + (25)(15) + (1970)(30) = 59500 over 2*20*2000 = 80000 -> 119/160.
    assert report["auc_roc"] == {"exact": "119/160", "decimal": "0.743750000000000000000000000000"}


@pytest.mark.parametrize(
    "case",
    ["no ties", "ties", "negatives first", "all tied", "single positive"],
)
def test_report_agrees_with_brute_force_mann_whitney(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(case)
    n = 60
    if case == "no ties":
        scores = rng.sample(range(1000), n)
        labels = [rng.randint(0, 1) for _ in range(n)]
    elif case == "ties":
        scores = [rng.randint(0, 5) for _ in range(n)]
        labels = [rng.randint(0, 1) for _ in range(n)]
    elif case == "negatives first":
        scores = [rng.randint(0, 50) for _ in range(n)] + [100, 101]
        labels = [rng.randint(0, 1) for _ in range(n)] + [0, 0]
    elif case == "all tied":
        scores = [7] * n
        labels = [i % 3 == 0 for i in range(n)]
    else:
        scores = list(range(n))
        labels = [int(i == 17) for i in range(n)]
    labels = [int(y) for y in labels]
    path = write_csv(tmp_path / "data.csv", scores, labels)
    code, out, _ = run(["report", str(path), "--digits", "40"], capsys)
    assert code == 0
    report = json.loads(out)
    jsonschema.validate(report, report_schema())
    expected = mann_whitney(scores, labels)
    assert Fraction(report["auc_roc"]["exact"]) == expected
    assert report["positives"] == sum(labels)
    assert report["thresholds"] == len(set(scores))
    # The decimal is the exact value correctly rounded to 40 places (ties to even):
    scaled = expected * 10**40
    whole, rest = divmod(scaled.numerator, scaled.denominator)
    if 2 * rest > scaled.denominator or (2 * rest == scaled.denominator and whole % 2):
        whole += 1
    assert report["auc_roc"]["decimal"] == f"{whole // 10**40}.{whole % 10**40:040d}"


def test_column_options_and_text_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "d.csv"
    path.write_text("id,y,p\na,1,0.9\nb,0,0.8\nc,1,0.7\n", encoding="utf-8")
    code, out, _ = run(
        [
            "report",
            str(path),
            "--score-column",
            "p",
            "--label-column",
            "y",
            "--format",
            "text",
            "--digits",
            "3",
        ],
        capsys,
    )
    assert code == 0
    # One negative between two positives: the pair (0.7 pos, 0.8 neg) is lost -> AUC 1/2.
    assert "AUC-ROC" in out and "0.500" in out and "1/2" in out
    assert "positives   2" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("score,label\n0.5,1\nnan,0\n", "line 3: score 'nan' is NaN"),
        ("score,label\n0.5,2\n", "line 2: label '2'"),
        ("score,label\n0.5,yes\n", "label 'yes'"),
        ("score,label\n", "header but no data rows"),
        ("", "the file is empty"),
        ("score,lab\n0.5,1\n", "no column 'label'"),
        ("score,label,score\n0.5,1,2\n", "duplicate column names"),
        ("score,label\n0.5,1,7\n", "line 2: 3 fields"),
        ("score,label\nabc,1\n", "score 'abc' is not a number"),
    ],
)
def test_bad_input_one_line_exit_2(
    content: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(content, encoding="utf-8")
    code, out, err = run(["report", str(path)], capsys)
    assert code == 2 and out == ""
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_non_utf8_and_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "latin1.csv"
    path.write_bytes("score,label\n0.5,1\n0.1,0 \xe9\n".encode("latin-1"))
    code, _, err = run(["report", str(path)], capsys)
    assert code == 2 and "not UTF-8" in err
    code, _, err = run(["report", str(tmp_path / "missing.csv")], capsys)
    assert code == 2 and "cannot read" in err


@pytest.mark.subprocess
def test_console_entry_point_has_no_traceback(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "d.csv", [0.5, "nan"], [1, 0])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "rocpr_exact", "report", str(path)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("rocpr-exact: error:") and "Traceback" not in done.stderr


def test_library_parameters_become_flags_in_cli_messages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The readers name their parameters; the CLI names its flags for the same problem.
    path = tmp_path / "d.csv"
    path.write_text("s,y\n0.5,1\n")
    with pytest.raises(rx.InvalidInputError) as info:
        read_scored_csv(path)
    assert "score_column and label_column" in str(info.value)
    assert main(["report", str(path)]) == 2
    err = capsys.readouterr().err
    assert "--score-column and --label-column" in err and "score_column" not in err
    # A resource limit: the flag remedy in the CLI, the Python one in the library.
    assert (
        main(
            [
                "report",
                str(path),
                "--score-column",
                "s",
                "--label-column",
                "y",
                "--limit",
                "max_digits=5",
                "--digits",
                "6",
            ]
        )
        == 2
    )
    err = capsys.readouterr().err
    assert err.startswith("rocpr-exact: error: --digits 6 exceeds the limit max_digits = 5;")
    assert (
        "raise it with --limit max_digits=N (Python: rocpr_exact.limits.using(max_digits=N))" in err
    )
    assert err.rstrip().endswith("or lift every limit with --no-limits")
