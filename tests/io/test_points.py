"""Operating points as input (AUCCalculator's PR and ROC files) and the ``curve`` listing."""

from __future__ import annotations

import json
import os
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

import jsonschema
import mpmath
import pytest

import rocpr_exact as rx
from rocpr_exact import limits
from rocpr_exact.cli import main
from rocpr_exact.exact import logsum
from rocpr_exact.io.points import curve_from_points, read_points_csv
from rocpr_exact.output.listing import curve_schema, recall_grid
from tests import brute_force

TABLE1 = ["--positives", "20", "--negatives", "2000"]


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "points.csv"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "text",
    [
        # Table 1's end points A = (TP 5, FP 5) and B = (TP 10, FP 30) of P = 20, N = 2000:
        "recall,precision\n0.25,0.5\n1/2,1/4\n",  # recall 5/20, precision 5/10; 10/20, 10/40
        "precision,recall\n1/4,0.50\n0.500,0.25\n",  # columns and rows in any order
        "fpr,tpr\n0.0025,0.25\n3/200,1/2\n",  # FPR 5/2000, 30/2000
        "TPR , FPR\n1/4,1/400\n\n0.5,0.015\n",  # case, spaces and blank lines ignored
    ],
)
def test_table1_points_give_the_table1_curve(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["report", str(write(tmp_path, text)), *TABLE1], capsys)
    assert code == 0 and err == ""
    report = json.loads(out)
    # Trapezoids (5)(5) + (25)(15) + (1970)(30) = 59500 over 2 * 20 * 2000 -> 119/160.
    assert report["auc_roc"]["exact"] == "119/160"
    assert report["thresholds"] == 3  # (5, 5), (10, 30) and the added (20, 2000)


def test_curve_listing_of_table1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "recall,precision\n0.25,0.5\n0.5,0.25\n")
    code, out, _ = run(
        ["curve", str(path), *TABLE1, "--recall-step", "0.05", "--digits", "3"], capsys
    )
    assert code == 0
    listing = json.loads(out)
    jsonschema.validate(listing, curve_schema())
    assert [(p["tp"], p["fp"]) for p in listing["roc"]] == [(0, 0), (5, 5), (10, 30), (20, 2000)]
    assert [p["precision"]["exact"] for p in listing["pr"]] == ["1/2", "1/4", "1/101"]
    grid = {g["recall"]["exact"]: g["precision"]["exact"] for g in listing["pr_grid"]}
    assert len(grid) == 21 and listing["recall_step"] == "1/20"
    # Recall 0 and 1/10 lie on the first segment, constant precision 5/10.  Table 1: recall
    # 7/20 is TP 7, FP 5 + 5 * 2 = 15 -> 7/22.  Recall 11/20 is TP 11 on (10,30)->(20,2000),
    # local skew 1970/10 = 197: FP 227 -> 11/238.
    assert grid["0"] == grid["1/10"] == "1/2"
    assert grid["7/20"] == "7/22"
    assert grid["11/20"] == "11/238"
    assert grid["1"] == "1/101"


def test_curve_text_format_from_scores(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "s.csv"
    path.write_text("score,label\n3,1\n2,0\n1,1\n", encoding="utf-8")
    code, out, _ = run(
        ["curve", str(path), "--format", "text", "--recall-step", "1/2", "--digits", "2"], capsys
    )
    assert code == 0
    # Points (1, 0), (1, 1), (2, 1): precision 1, 1/2, 2/3; grid 0 -> 1, 1/2 -> 1, 1 -> 2/3.
    assert "1 1 0.50 0.50" in out and "2 1 1.00 0.67" in out
    assert out.splitlines()[-3:] == ["0.00 1.00", "0.50 1.00", "1.00 0.67"]


@pytest.mark.parametrize(
    ("text", "extra", "message"),
    [
        ("recall,precision\n1/3,1\n", [], "line 2: recall = 1/3 gives TP = 20/3"),
        ("recall,precision\n1/3,1\n", [], "nearest valid counts are TP = 6 or 7"),
        ("recall,precision\n0.25,0.3\n", [], "FP = 35/3, not a whole number"),
        ("recall,precision\n0.25,0.3\n", [], "FP = 11 or 12"),
        ("fpr,tpr\n1/3,1/2\n", [], "FPR = 1/3 gives FP = 2000/3"),
        ("recall,precision\n0,1\n", [], "line 2: a PR point with recall 0 has no unique"),
        ("recall,precision\n1.5,1\n", [], "recall = 1.5 must lie in [0, 1]"),
        ("recall,precision\nabc,1\n", [], "line 2: recall 'abc' is not a number"),
        ("recall,precision\ninf,1\n", [], "must be finite"),
        ("recall,precision,x\n0.5,1,2\n", [], "not 'recall,precision' or 'fpr,tpr'"),
        ("score,label\n1,1\n", [], "not 'recall,precision' or 'fpr,tpr'"),
        ("recall,precision\n", [], "no operating points"),
        ("recall,precision\n0.5\n", [], "line 2: 1 fields"),
        ("recall,precision\n0.25,1\n0.5,1/7\n0.75,1\n", [], "cannot both lie on one curve"),
        ("recall,precision\n0.25,1\n", ["--positives", "20"], "need both --positives"),
        # integer flags: no Python extras (1_000), no non-ASCII digits, at most 40 digits
        (
            "recall,precision\n0.25,1\n",
            ["--positives", "1_000", "--negatives", "3"],
            "--positives takes a whole number, got '1_000'",
        ),
        (
            "recall,precision\n0.25,1\n",
            ["--positives", "4", "--negatives", "\u0663"],
            "--negatives takes a whole number",
        ),
        (
            "recall,precision\n0.25,1\n",
            ["--positives", "9" * 41, "--negatives", "3"],
            "at most 40 digits, got one of 41 digits",
        ),
    ],
)
def test_bad_points(
    text: str, extra: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = extra or TABLE1
    code, out, err = run(["report", str(write(tmp_path, text)), *args], capsys)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1


def test_points_api(tmp_path: Path) -> None:
    kind, rows = read_points_csv(write(tmp_path, "fpr,tpr\n0,1/2\n"))
    assert kind == "fpr-tpr" and rows == [(f"{tmp_path / 'points.csv'}: line 2", 0, Fraction(1, 2))]
    curve = curve_from_points(kind, rows, positives=4, negatives=3)
    assert curve == rx.Curve.from_counts([(2, 0)], positives=4, negatives=3)
    with pytest.raises(rx.InvalidInputError, match="cannot read"):
        read_points_csv(tmp_path / "missing.csv")


def test_recall_grid_guards() -> None:
    assert recall_grid(Fraction(1)) == [0, 1]
    assert recall_grid(Fraction(3, 4)) == [0, Fraction(3, 4), 1]
    for bad in (Fraction(0), Fraction(-1, 2), Fraction(3, 2)):
        with pytest.raises(rx.InvalidInputError, match=r"in \(0, 1\]"):
            recall_grid(bad)
    # 1/10**6 gives 1,000,001 points (0 to 1): over the limit max_grid_points = 100,000, checked
    # before the grid is built; lifted, the grid has them all.
    with pytest.raises(rx.ResourceLimitError, match="1,000,001 or more grid points"):
        recall_grid(Fraction(1, 10**6))
    with limits.using(max_grid_points=None):
        assert len(recall_grid(Fraction(1, 10**5))) == 10**5 + 1


def test_bad_recall_step_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "recall,precision\n0.25,0.5\n")
    code, _, err = run(["curve", str(path), *TABLE1, "--recall-step", "one"], capsys)
    assert code == 2 and "expected an exact number" in err
    code, _, err = run(["curve", str(path), *TABLE1, "--recall-step", "0"], capsys)
    assert code == 2 and "recall step" in err


# -- huge counts: the work follows the number of points, not P + N (docs/reliability.md) -------

HUGE = 10**12
#: (TP, FP) = (P/4, P/16), (P/2, P/2), (3P/4, P/2), (P, P) for P = N: four segments, three of
#: them of non-constant precision (a digamma difference each); (P/2, P/2) lies under the hull.
SHAPED = "recall,precision\n0.25,0.8\n0.5,0.5\n0.75,0.6\n1,0.5\n"


def dg_by_digamma(counts: list[tuple[int, int]], positives: int) -> mpmath.mpf:
    """An independent derivation of the davis-goadrich area, in mpmath at 200 digits.

    Trapezoids of width 1/P between the precisions p(t) at every integer TP:
    (1/P) [sum_{t=1}^{P} p(t) + (p(0) - p(P)) / 2] (no vertical drops here), and on a segment
    a -> b with skew s, p(t) = t / (c t + d), c = 1 + s, d = FP_a - a s, so
    sum_{t=a+1}^{b} p(t) = (b - a)/c - (d/c^2) (psi(b + 1 + d/c) - psi(a + 1 + d/c)).
    """

    def mp(x: Fraction) -> mpmath.mpf:
        return mpmath.mpf(x.numerator) / x.denominator

    total = mpmath.mpf(0)
    for (a, fa), (b, fb) in pairwise(counts):
        assert b > a  # no vertical drop
        s = Fraction(fb - fa, b - a)
        c, d = 1 + s, fa - a * s
        total += mp(Fraction(b - a) / c)
        if d:
            shift = mp(d / c)
            total -= mp(d / c**2) * (mpmath.psi(0, b + 1 + shift) - mpmath.psi(0, a + 1 + shift))
    first, last = counts[1], counts[-1]
    start, end = Fraction(first[0], sum(first)), Fraction(last[0], sum(last))
    return (total + mp((start - end) / 2)) / positives


def rounded(value: mpmath.mpf, digits: int) -> str:
    """``value`` (known to about 10^-190) rounded to ``digits`` places, checked to be decided."""
    man, exp = value.man_exp
    exact = Fraction(int(man)) * Fraction(2) ** int(exp)
    scaled = exact * 10**digits
    assert abs(scaled - (scaled.numerator // scaled.denominator) - Fraction(1, 2)) > Fraction(
        1, 10**100
    )  # far from a rounding boundary: the 200-digit value decides the rounding
    return rx.format_decimal(exact, digits)


def test_report_of_huge_operating_points_is_certified(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("flint")
    path = write(tmp_path, SHAPED)
    counts = "--positives", str(HUGE), "--negatives", str(HUGE)
    code, out, err = run(["report", str(path), *counts, "--digits", "40"], capsys)
    assert code == 0 and err == ""
    report = json.loads(out)
    points = [(0, 0), (HUGE // 4, HUGE // 16), (HUGE // 2, HUGE // 2), (3 * HUGE // 4, HUGE // 2)]
    points.append((HUGE, HUGE))
    hull = brute_force.roc_hull(points)
    assert report["roc_hull"] == [list(p) for p in hull]
    with mpmath.workdps(200):
        expected = rounded(dg_by_digamma(points, HUGE), 40)
        expected_hull = rounded(dg_by_digamma(hull, HUGE), 40)
    assert report["auc_pr"]["davis_goadrich"] == {"decimal": expected}
    assert report["achievable_pr"]["davis_goadrich"] == {"decimal": expected_hull}


def test_report_of_huge_constant_precision_points(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, "recall,precision\n0.5,0.5\n1,0.5\n")  # precision 1/2 everywhere
    code, out, _ = run(
        ["report", str(path), "--positives", str(HUGE), "--negatives", str(HUGE)], capsys
    )
    assert code == 0
    areas = json.loads(out)["auc_pr"]
    assert areas["davis_goadrich"]["decimal"] == "0." + "5" + "0" * 29
    assert areas["step"]["exact"] == areas["linear"]["exact"] == "1/2"
    path = write(tmp_path, "recall,precision\n0.5,1\n")  # no negatives: precision 1
    code, out, _ = run(["report", str(path), "--positives", str(HUGE), "--negatives", "0"], capsys)
    assert code == 0 and json.loads(out)["auc_pr"]["davis_goadrich"]["exact"] == "1"


@pytest.mark.parametrize(
    ("extra", "limit"),
    [
        (["--exact"], "max_sum_digits"),  # the exact rational: about 10^13 digits
        (["--profile", "prroc"], "max_sum_digits"),  # PRROC's auc.davis.goadrich is exact
        (["--profile", "auccalculator"], "max_sum_digits"),
    ],
)
def test_exact_davis_goadrich_of_huge_points_is_refused_at_once(
    extra: list[str], limit: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, SHAPED)
    counts = "--positives", str(HUGE), "--negatives", str(HUGE)
    code, out, err = run(["report", str(path), *counts, *extra], capsys)
    assert code == 2 and out == ""
    assert f"exceeds the limit {limit}" in err and err.count("\n") == 1
    assert "the davis-goadrich AUC-PR" in err


def test_without_flint_huge_points_are_refused_by_a_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(logsum, "flint", None)
    path = write(tmp_path, SHAPED)
    counts = "--positives", str(HUGE), "--negatives", str(HUGE)
    code, out, err = run(["report", str(path), *counts], capsys)
    assert code == 2 and out == ""
    assert "1,000,000,000,000 interpolated points" in err
    assert "--limit max_interpolated_points=N" in err and "python-flint" in err
    # Small counts need no python-flint: the same digits, term by term.
    small = "--positives", "2000", "--negatives", "2000"
    code, out, _ = run(["report", str(path), *small], capsys)
    monkeypatch.undo()
    code_flint, out_flint, _ = run(["report", str(path), *small], capsys)
    assert code == code_flint == 0 and out == out_flint


# -- the operating-points reader is the bounded CSV reader -------------------------------------


def _one_error_line(err: str) -> None:
    assert err.startswith("rocpr-exact: error: ") and err.count("\n") == 1
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("make", "extra", "message"),
    [
        # no newline at all: refused after max_line_chars bytes, never read whole
        (lambda p: p.write_bytes(b"recall,precision" + b"0" * 5_000), [], "line 1 is longer"),
        # a huge header, then a good row
        (
            lambda p: p.write_bytes(b"recall," + b"x" * 5_000 + b"\n0.5,0.5\n"),
            [],
            "line 1 is longer than 4,000 characters",
        ),
        # more rows than max_examples: stopped at the first row past it
        (
            lambda p: p.write_text("recall,precision\n" + "0.5,0.5\n" * 2_000),
            [],
            "line 1002: the number of operating points exceeds the limit max_examples = 1,000",
        ),
        # a 2 GB sparse file (zeros, no newline): the first read is refused
        (lambda p: os.truncate(p, 2**31), [], "line 1 is longer than 4,000 characters"),
        # not UTF-8: the reader's message, with the line
        (
            lambda p: p.write_bytes(b"recall,precision\n0.5,0.5\n\xe9,1\n"),
            [],
            "line 3: the file is not UTF-8 text: byte 0xe9",
        ),
    ],
)
def test_hostile_points_files_are_refused_within_the_limits(
    make: object,
    extra: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "points.csv"
    path.touch()
    make(path)  # type: ignore[operator]
    limit = ["--limit", "max_line_chars=4000", "--limit", "max_examples=1000"]
    code, out, err = run(["report", str(path), *TABLE1, *limit, *extra], capsys)
    assert code == 2 and out == "" and message in err
    _one_error_line(err)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_as_operating_points_is_refused_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # It once grew to 6.7 GB in 20 s: csv.reader read the endless line whole.
    code, _, err = run(["report", "/dev/zero", "--positives", "10", "--negatives", "10"], capsys)
    assert code == 2 and "/dev/zero: line 1 is longer than 1,000,000 characters" in err
    _one_error_line(err)


def test_points_from_standard_input_and_a_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    stdin = io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbfrecall,precision\n0.25,0.5\n1/2,1/4\n"))
    monkeypatch.setattr("sys.stdin", stdin)
    code, out, _ = run(["report", "-", *TABLE1], capsys)
    assert code == 0 and json.loads(out)["auc_roc"]["exact"] == "119/160"
    code, _, err = run(["report", str(tmp_path), *TABLE1], capsys)
    assert code == 2 and f"cannot read {tmp_path}: Is a directory" in err
