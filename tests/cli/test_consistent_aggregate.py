"""``consistent`` on aggregated claims (issue 41): ``--witness FILE``, and what is not modelled.

The witness files are read back by ``rocpr-exact report`` itself (one class's column against
the rest with ``--positive-label``; one fold's rows) and compared with the answer's values; the
folds' AUCs by a pair count written here.
"""

from __future__ import annotations

import csv
import json
from fractions import Fraction

import pytest

from rocpr_exact.cli.app import main
from rocpr_exact.consistency.reported import reported_interval
from tests.cli.test_consistent import invoke


def _report_auc(capsys, *argv: str) -> Fraction:  # type: ignore[no-untyped-def]
    capsys.readouterr()
    assert main(["report", *argv]) == 0
    return Fraction(json.loads(capsys.readouterr().out)["auc_roc"]["exact"])


def test_a_class_witness_file_is_read_back_by_report(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "classes.csv"
    argv = ["--class-counts", "10,20,30", "--macro-auc-roc", "0.912", "--witness", str(path)]
    out, status = invoke(*argv)
    answer = json.loads(out)
    assert status == 0 and answer["witness_file"] == str(path)
    assert answer["witness_model"] == "probability matrix"
    assert answer["witness_columns"] == "label,score_1,score_2,score_3"
    values = answer["witness_file_values"]
    aucs = [Fraction(a["exact"]) for a in values["auc_roc"]]
    for k in (1, 2, 3):
        got = _report_auc(
            capsys, str(path), "--score-column", f"score_{k}", "--positive-label", str(k)
        )
        assert got == aucs[k - 1]
    macro = sum(aucs, Fraction(0)) / 3
    assert Fraction(values["macro_auc_roc"]["exact"]) == macro
    assert macro in reported_interval("0.912")
    with path.open(newline="") as f:  # probabilities: every row sums to one, exactly
        rows = list(csv.DictReader(f))
    assert all(sum(Fraction(r[f"score_{k}"]) for k in (1, 2, 3)) == 1 for r in rows)


def test_a_fold_witness_file_is_read_back_by_report(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "folds.csv"
    argv = ["--positives", "20", "--negatives", "30", "--folds", "5", "--auc-roc-mean", "0.875"]
    out, status = invoke(*argv, "--auc-roc-sd", "0.02", "--witness", str(path), "--format", "text")
    assert status == 0 and "(fold,score,label; folds)" in out
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    aucs = []
    for k in range(1, 6):
        mine = [(int(r["score"]), int(r["label"])) for r in rows if r["fold"] == str(k)]
        pos = [s for s, y in mine if y == 1]
        neg = [s for s, y in mine if y == 0]
        assert (len(pos), len(neg)) == (4, 6)  # StratifiedKFold's folds of 20/30
        two_u = sum(2 if a > b else 1 if a == b else 0 for a in pos for b in neg)
        aucs.append(Fraction(two_u, 48))
        fold = tmp_path / f"fold{k}.csv"  # the docs' awk -F, 'NR == 1 || $1 == k': one fold
        lines = path.read_text().splitlines(keepends=True)
        fold.write_text(lines[0] + "".join(x for x in lines[1:] if x.split(",")[0] == str(k)))
        assert _report_auc(capsys, str(fold)) == aucs[-1]
    mean = sum(aucs, Fraction(0)) / 5
    assert mean in reported_interval("0.875")
    sample = sum(((a - mean) ** 2 for a in aucs), Fraction(0)) / 4
    population = sample * 4 / 5
    sd = reported_interval("0.02")  # either ddof (the default): compared as squares
    assert any(sd.low**2 <= v < sd.high**2 for v in (sample, population))


def test_no_file_is_written_for_an_impossible_mean(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "w.csv"
    argv = ["--positives", "20", "--negatives", "30", "--folds", "5", "--auc-roc-mean", "0.873"]
    out, status = invoke(*argv, "--witness", str(path))
    answer = json.loads(out)
    assert status == 1 and answer["witness_file"] is None and not path.exists()
    assert "impossible" in answer["witness_not_written"]


@pytest.mark.parametrize(
    ("flag", "text", "words"),
    [
        ("--auc-roc-mean", "0.90 (95% bootstrap CI 0.85-0.93)", "a bootstrap interval is not"),
        ("--auc-roc", "0.90 (bootstrap)", "a bootstrap interval is not modelled"),
        ("--auc-roc-mean", "0.90 (+0.02/-0.03)", "an asymmetric interval (+a/-b) is not"),
        ("--auc-roc-mean", "0.90 +0.02 -0.03", "an asymmetric interval"),
        ("--macro-auc-roc", "0.85 (-0.03/+0.02)", "an asymmetric interval"),
        ("--auc-roc-mean", "0.90 [0.85, 0.93]", "an interval beside the number is not"),
        ("--auc-roc", "0.90 (0.85-0.93)", "--auc-ci LO,HI"),
        ("--auc-roc", "0.90, 95% CI", "an interval beside the number"),
        ("--auc-roc-mean", "0.90±0.02", "--auc-roc-sd Y"),
        ("--auc-roc-sd", "0.02 (0.01)", "--auc-roc-sd Y"),
        ("--average-precision", "0.80±0.02", "checked for AUC-ROC only"),
        ("--precision", "0.8 [0.7, 0.9]", "an interval beside the number"),
    ],
)
def test_a_claim_that_is_no_number_is_said_in_one_line(flag, text, words, capsys) -> None:  # type: ignore[no-untyped-def]
    sizes = (
        ["--class-counts", "3,4,5"] if flag == "--macro-auc-roc" else ["--fold-sizes", "4/6,4/6"]
    )
    if flag in ("--auc-roc", "--average-precision", "--precision"):
        sizes = ["--positives", "10", "--negatives", "10"]
    assert main(["consistent", *sizes, flag, text]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and f"{flag} takes one printed number" in err and "\n" not in err
    assert "impossible" not in err and "must be written as digits" not in err


@pytest.mark.parametrize("claim", [["--auc-roc-mean", "0.9"], ["--auc-roc-sd", "0.02"]])
def test_a_mean_over_unknown_folds_is_said(claim, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["consistent", "--positives", "20", "--negatives", "30", *claim]) == 2
    err = capsys.readouterr().err.strip()
    assert "a mean over an unknown number of folds is not modelled" in err and "\n" not in err
    assert claim[0] in err and "--folds K" in err


@pytest.mark.parametrize("form", ["json", "text"])
@pytest.mark.parametrize(
    "said",
    [["--auc-ci", "0.6,0.9", "--ci-method", "bootstrap"], ["--auc-ci", "0.6,0.9 (bootstrap)"]],
)
def test_a_bootstrap_interval_is_not_modelled_exit_5(said: list[str], form: str) -> None:
    argv = ["--positives", "10", "--negatives", "10", *said]
    out, status = invoke(*argv, "--format", form)
    assert status == 5
    if form == "json":
        answer = json.loads(out)
        assert answer["verdict"] == "not modelled" and len(answer["reasons"]) == 1
        assert "bootstrap interval is not modelled" in answer["reasons"][0]
    else:
        assert out.splitlines()[0] == "not modelled" and "resampling" in out
