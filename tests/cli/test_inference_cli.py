"""``report --ci`` and ``compare``: the JSON against the library, the schema, the refusals."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest

import rocpr_exact as rx
from rocpr_exact.cli import main
from rocpr_exact.output.report import report_schema


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def two_columns(path: Path, rows: list[tuple[object, object, int]]) -> Path:
    path.write_text("a,b,label\n" + "".join(f"{a},{b},{y}\n" for a, b, y in rows))
    return path


def random_rows(seed: int, n: int, fraction: bool = False) -> list[tuple[object, object, int]]:
    rng = random.Random(seed)
    rows: list[tuple[object, object, int]] = []
    for i in range(n):
        y = int(rng.random() < 0.4) if i >= 4 else i % 2
        a = rng.randint(0, 9) + 3 * y
        b = f"{rng.randint(0, 9)}/{rng.randint(1, 3)}" if fraction else rng.randint(0, 5) + y
        rows.append((a, b, y))
    return rows


@pytest.mark.parametrize("fraction", [False, True])  # plain CSV (vectorised) and p/q (python)
def test_compare_paired_is_the_library_test(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fraction: bool
) -> None:
    rows = random_rows(3, 60, fraction)
    path = two_columns(tmp_path / "pair.csv", rows)
    code, out, err = run(
        ["compare", str(path), "--score-column", "a", "--score-column", "b", "--digits", "8"],
        capsys,
    )
    assert (code, err) == (0, "")
    found = json.loads(out)
    labels = [y for _, _, y in rows]
    expected = rx.delong_test(
        [Fraction(a) for a, _, _ in rows], [Fraction(str(b)) for _, b, _ in rows], labels
    )
    assert found["paired"] is True
    assert Fraction(found["z_squared"]["exact"]) == expected.z_squared
    assert found["z"] == expected.z(8)
    assert found["p_value"] == expected.p_value(3)


def test_compare_unpaired(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = tmp_path / "a.csv"
    first.write_text("score,label\n4,1\n3,0\n3,1\n1,0\n")
    second = tmp_path / "b.csv"
    second.write_text("score,label\n1,1\n2,0\n3,1\n4,0\n5,1\n")
    code, out, _ = run(["compare", str(first), str(second), "--p-digits", "5"], capsys)
    assert code == 0
    found = json.loads(out)
    expected = rx.delong_test(
        [4, 3, 3, 1], [1, 2, 3, 4, 5], [1, 0, 1, 0], paired=False, labels_b=[1, 0, 1, 0, 1]
    )
    assert found["paired"] is False
    assert Fraction(found["variance"]["exact"]) == expected.variance
    assert found["p_value"] == expected.p_value(5)


def test_report_ci_validates_and_matches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.csv"
    path.write_text("score,label\n4,1\n3,0\n3,1\n1,0\n2,1\n0,0\n")
    code, out, _ = run(["report", str(path), "--ci", "delong", "--ci-level", "0.9"], capsys)
    assert code == 0
    report = json.loads(out)
    jsonschema.validate(report, report_schema())
    curve = rx.Curve.from_scores([4, 3, 3, 1, 2, 0], [1, 0, 1, 0, 1, 0])
    ci = rx.auc_ci(curve, Fraction(9, 10))
    assert report["auc_roc_ci"]["variance"]["exact"] == str(ci.variance)
    assert (report["auc_roc_ci"]["lower"], report["auc_roc_ci"]["upper"]) == ci.decimals(30)
    # one positive: undefined, still valid
    path.write_text("score,label\n4,1\n3,0\n1,0\n")
    code, out, _ = run(["report", str(path), "--ci", "delong"], capsys)
    report = json.loads(out)
    jsonschema.validate(report, report_schema())
    assert "at least 2 positives" in report["auc_roc_ci"]["undefined"]
    code, out, _ = run(["report", str(path), "--ci", "delong", "--format", "text"], capsys)
    assert "AUC-ROC interval: undefined" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["report", "{csv}", "--ci", "delong", "--weight-column", "w"], "unweighted examples"),
        (["report", "{csv}", "--ap-ci", "logit", "--weight-column", "w"], "--ap-ci needs"),
        (["report", "{csv}", "--ci", "delong", "--ci-level", "1"], "strictly between 0 and 1"),
        (["compare", "{csv}"], "needs two score columns"),
        (["compare", "{csv}", "{csv}", "{csv}"], "one file with two --score-column"),
    ],
)
def test_refusals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    path = tmp_path / "w.csv"
    path.write_text("score,label,w\n4,1,1\n3,0,2\n3,1,1\n1,0,1\n")
    code, out, err = run([a.replace("{csv}", str(path)) for a in args], capsys)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_report_ap_ci_is_boyd_eng_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import mpmath

    path = tmp_path / "s.csv"
    path.write_text("score,label\n4,1\n3,0\n3,1\n1,0\n2,1\n0,0\n")
    # by hand: thresholds 4, 3, 2 give (recall, precision) (1/3, 1), (2/3, 2/3), (1, 3/4), so
    # AP = 1/3 (1 + 2/3 + 3/4) = 29/36; P = 3.  Ends written from Boyd, Eng & Page (2013),
    # section 4, in mpmath: binomial t -+ z sqrt(t (1 - t) / P); logit as the authors' R code
    # (kboyd/raucpr, aucpr.conf.int.expit): expit(logit(t) -+ z se), se = sqrt(t (1 - t) / P)
    # (1 / t + 1 / (1 - t)).
    mpmath.mp.dps = 50
    t, p = mpmath.mpf(29) / 36, 3
    z = mpmath.sqrt(2) * mpmath.erfinv(mpmath.mpf("0.9"))
    half = z * mpmath.sqrt(t * (1 - t) / p)
    se = mpmath.sqrt(t * (1 - t) / p) * (1 / t + 1 / (1 - t))
    logit = [mpmath.log(t / (1 - t)) + s * z * se for s in (-1, 1)]
    expected = {
        "binomial": [t - half, t + half],
        "logit": [mpmath.exp(e) / (1 + mpmath.exp(e)) for e in logit],
    }
    for method, ends in expected.items():
        args = ["report", str(path), "--ap-ci", method, "--ci-level", "0.9", "--digits", "12"]
        code, out, _ = run(args, capsys)
        report = json.loads(out)
        jsonschema.validate(report, report_schema())
        section = report["auc_pr_ci"]
        assert (section["theta"]["exact"], section["positives"], section["level"]) == (
            "29/36",
            3,
            "9/10",
        )
        # 12 places of a 50-digit value (no end lies near a rounding boundary at 12 places)
        assert [section["lower"], section["upper"]] == [f"{float(e):.12f}" for e in ends]
        code, out, _ = run([*args, "--format", "text"], capsys)
        assert f"[{section['lower']}, {section['upper']}]" in out
    # AP = 1: the logit interval is undefined (logit(1) is infinite), the binomial one is [1, 1]
    path.write_text("score,label\n4,1\n3,1\n1,0\n")
    code, out, _ = run(["report", str(path), "--ap-ci", "logit"], capsys)
    report = json.loads(out)
    jsonschema.validate(report, report_schema())
    assert "0 < AUC-PR < 1" in report["auc_pr_ci"]["undefined"]
    code, out, _ = run(["report", str(path), "--ap-ci", "binomial", "--digits", "3"], capsys)
    assert (json.loads(out)["auc_pr_ci"]["lower"], json.loads(out)["auc_pr_ci"]["upper"]) == (
        "1.000",
        "1.000",
    )
    code, out, err = run(["report", str(path), "--ap-ci", "logit", "--positives", "2"], capsys)
    assert code == 2 and "--ap-ci needs" in err


CONSISTENT = ["consistent", "--positives", "21", "--negatives", "19"]


@pytest.mark.parametrize(
    ("extra", "needed"),
    [
        (["--auc-roc", "0.9", "--auc-roc-b", "0.8"], "--delong-p"),
        (["--auc-roc", "0.9", "--positives-b", "5"], "--delong-p"),
        (["--auc-roc", "0.9", "--negatives-b", "5"], "--delong-p"),
        (["--auc-roc", "0.9", "--paired"], "--delong-p"),
        (["--auc-roc", "0.9", "--ci-method", "delong"], "--auc-ci"),
        (["--auc-roc", "0.9", "--ci-level", "0.9"], "--auc-ci"),
        (
            ["--delong-p", "0.5", "--auc-roc", "0.9", "--auc-roc-b", "0.8", "--ci-level", "0.9"],
            "--auc-ci",
        ),
    ],
)
def test_a_flag_that_would_not_count_is_refused(
    extra: list[str], needed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run([*CONSISTENT, *extra], capsys)
    assert (code, out) == (2, "")
    assert f"counts only with {needed}" in err and len(err.strip().splitlines()) == 1


def test_interval_answers_and_witness_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the cases: pROC's clipped interval possible (exit 0), a bootstrap one not modelled
    path = tmp_path / "w.csv"
    code, out, _ = run(
        [*CONSISTENT, "--auc-roc", "0.997", "--auc-ci", "0.991,1.000", "--witness", str(path)],
        capsys,
    )
    found = json.loads(out)
    assert (code, found["verdict"], found["method"]) == (0, "possible", "DeLong, clipped to [0, 1]")
    interval = found["witness"]["values"]["interval"]
    assert interval.endswith("(clipped to [0, 1]: 0.99055 to 1.00000)")
    rows = path.read_text().splitlines()
    assert rows[0] == "score,label" and len(rows) == 41
    report = json.loads(run(["report", str(path)], capsys)[1])
    assert report["auc_roc"]["exact"] == "398/399"  # the file is the witness
    code, out, _ = run(
        ["consistent", "--positives", "120", "--negatives", "880", "--auc-roc", "0.912",
         "--auc-ci", "0.880,0.935", "--format", "text"],
        capsys,
    )  # fmt: skip
    assert code == 5 and out.startswith("not modelled\n  not a Wald interval of the AUC")


def test_text_witness_is_compact(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["consistent", "--positives", "1000", "--negatives", "1000", "--auc-roc", "0.80"]
    code, out, _ = run([*args, "--auc-ci", "0.78,0.82", "--format", "text"], capsys)
    assert code == 0 and len(out.splitlines()) < 12  # blocks, not 2,000 scores
    assert "witness interval: " in out and "distinct scores" in out


def test_test_witness_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    unpaired, paired = tmp_path / "u.csv", tmp_path / "p.csv"
    args = ["consistent", "--positives", "30", "--negatives", "30", "--auc-roc", "0.90"]
    code, out, _ = run([*args, "--auc-roc-b", "0.70", "--delong-p", "0.01", "--witness",
                        str(unpaired)], capsys)  # fmt: skip
    assert code == 0
    rows = [row.split(",") for row in unpaired.read_text().splitlines()]
    assert rows[0] == ["score", "label", "sample"] and len(rows) == 121
    samples = {s: [(int(x), int(y)) for x, y, t in rows[1:] if t == s] for s in ("a", "b")}
    test = rx.delong_test(  # the witness's AUCs are the reason's
        [x for x, _ in samples["a"]], [x for x, _ in samples["b"]],
        [y for _, y in samples["a"]], paired=False, labels_b=[y for _, y in samples["b"]],
    )  # fmt: skip
    assert f"AUCs {test.auc_a} and {test.auc_b}" in json.loads(out)["reasons"][0]
    code, out, _ = run([*args, "--auc-roc-b", "0.70", "--delong-p", "<0.001", "--paired",
                        "--witness", str(paired)], capsys)  # fmt: skip
    assert code == 0
    rows = [row.split(",") for row in paired.read_text().splitlines()]
    assert rows[0] == ["score_a", "score_b", "label"] and len(rows) == 61
    columns = list(zip(*[[int(v) for v in row] for row in rows[1:]], strict=True))
    z2 = rx.delong_test(list(columns[0]), list(columns[1]), list(columns[2])).z_squared
    assert json.loads(out)["witness"]["values"]["z_squared"] == str(z2)
