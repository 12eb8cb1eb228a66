"""The explain and fuzz commands: exit statuses, the counterexample file, the diagnosis."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rocpr_exact.cli.app import main

#: A program computing AP with ties broken in input order (a stable sort): the seeded bug.
AP_BY_INDEX = """
import csv, sys
rows = list(csv.DictReader(open(sys.argv[-1])))
y = [l for _, _, l in sorted((-float(r["score"]), i, int(r["label"])) for i, r in enumerate(rows))]
if sum(y) == 0:
    print("nan"); sys.exit()
tp = total = 0
for k, v in enumerate(y, 1):
    tp += v
    total += v * tp / k
print(total / sum(y))
"""


def test_explain_names_a_tie_order_and_the_float32_view(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "d.csv"
    data.write_text("score,label\n0.9,1\n0.8,0\n0.8,1\n0.3,0\n")
    # by index the tied negative comes first: AUC 3/4 (the tied pair counted 0), exact 7/8
    assert main(["explain", str(data), "--value", "0.75"]) == 0
    out = capsys.readouterr().out
    assert "auc_roc, ties broken in input order" in out and "7/8" in out
    assert main(["explain", str(data), "--value", "0.875"]) == 0
    assert "  sklearn.roc_auc_score" in capsys.readouterr().out


#: (CSV, arguments and what the output holds, bad arguments and what the error says).
#: Weights: P = 4, N = 4, AUC (2 * 4 + 1 * 4 / 2) / 16 = 5/8; keras' ROC minoring at thresholds
#: [0.5, 0.1] is 1/2 (both by hand in tests/testing/test_explain.py).
WEIGHTS_AND_THRESHOLDS = [
    ("score,label,w\n0.9,1,2\n0.7,1,1\n0.7,0,3\n0.7,0,1\n0.3,1,1\n",
     ["--weight-column", "w", "--value", "0.625"], ["  sklearn.roc_auc_score", "  xgboost.auc",
     "(5/8)"], "score,label,w\n0.9,1,2\n0.5,0,nan\n", ["--weight-column", "w"],
     "weight"),
    ("score,label\n0.05,0\n0.2,1\n0.7,1\n0.9,0\n0.9,1\n", ["--value", "0.5", "--thresholds",
     "0.5, 0.1"], ["summation_method='minoring', thresholds=[0.5, 0.1])"], None,
     ["--thresholds", "0.5,x"], "--thresholds"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "args", "said", "bad_text", "bad", "error"),
                         WEIGHTS_AND_THRESHOLDS)  # fmt: skip
def test_explain_takes_weights_and_a_list_of_thresholds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, args: list[str],
    said: list[str], bad_text: str | None, bad: list[str], error: str,
) -> None:  # fmt: skip
    data = tmp_path / "d.csv"
    data.write_text(text)
    assert main(["explain", str(data), *args]) == 0
    out = capsys.readouterr().out
    assert all(words in out for words in said), out
    data.write_text(bad_text or text)
    assert main(["explain", str(data), *bad]) == 2
    assert error in capsys.readouterr().err


def test_explain_bad_value_is_usage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "d.csv"
    data.write_text("score,label\n1,1\n0,0\n")
    assert main(["explain", str(data), "--value", "nan"]) == 2
    assert "--value" in capsys.readouterr().err


def test_fuzz_finds_the_bug_and_writes_the_minimal_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    program, output = tmp_path / "ap.py", tmp_path / "found.csv"
    program.write_text(AP_BY_INDEX)
    words = ["fuzz", "average_precision", "--seed", "0", "--seconds", "60", "--output"]
    status = main([*words, str(output), "--", sys.executable, "-I", "-S", str(program)])
    assert status == 1
    lines = output.read_text().splitlines()
    assert lines[0] == "score,label" and 3 <= len(lines) <= 11  # at most 10 examples
    assert "ties broken in input order" in capsys.readouterr().out


def test_fuzz_passes_a_correct_program_and_places_braces(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # AUC-ROC by counting pairs (ties 1/2): correct; the path goes where {} is
    program = tmp_path / "auc.py"
    program.write_text(
        "import csv, sys\n"
        "r = [(float(x['score']), int(x['label'])) for x in csv.DictReader(open(sys.argv[1]))]\n"
        "p = [s for s, y in r if y]; n = [s for s, y in r if not y]\n"
        "print(sum((a > b) + (a == b) / 2 for a in p for b in n) / (len(p) * len(n))"
        " if p and n else 'nan')\n"
    )
    words = ["fuzz", "roc_auc", "--max-examples", "5", "--seed", "1"]
    assert main([*words, "--", sys.executable, str(program), "{}", "extra"]) == 0
    assert "no counterexample in 5 datasets" in capsys.readouterr().out


@pytest.mark.parametrize(
    "words",
    [
        ["fuzz", "roc_auc"],  # no command
        ["fuzz", "roc_auc", "--", "/no/such/program"],
        ["fuzz", "auc_typo", "--", sys.executable],
        ["fuzz", "roc_auc", "--max-examples", "x", "--", sys.executable],
    ],
)
def test_fuzz_bad_usage_exits_2(words: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(words) == 2
    err = capsys.readouterr().err
    assert err.startswith("rocpr-exact: error:") and err.count("\n") == 1
