"""The bad-input matrix: every bad input gets a specific answer, never a traceback.

API: a specific :class:`rocpr_exact.RocPrError` subclass whose message says what
is wrong.  CLI: one line on stderr, ``rocpr-exact: error: ...``, exit status 2
(3 for an internal error, 130 when interrupted, 141 for a closed pipe), nothing
on stdout.  The tables here are summarised in ``docs/reliability.md``.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import jsonschema
import numpy as np
import pytest

import rocpr_exact as rx
from rocpr_exact import cli, limits
from rocpr_exact.cli import report as report_command
from rocpr_exact.cli.options import cli_message
from rocpr_exact.cli.options import limit as limit_flag
from rocpr_exact.errors import ResourceLimitError
from rocpr_exact.geometry.achievable import achievable_pr_curve
from rocpr_exact.output.report import build_report, report_schema

ROOT = Path(__file__).resolve().parents[2]
INF = float("inf")


def counts(curve: rx.Curve) -> list[tuple[int, int]]:
    return [(p.tp, p.fp) for p in curve.points]


# -- API ---------------------------------------------------------------------------------------

API_BAD = [
    # (scores, labels, error class, message fragment)
    ([0.5, float("nan")], [1, 0], rx.InvalidInputError, "index 1 is NaN"),
    (np.array([0.5, np.nan]), [1, 0], rx.InvalidInputError, "index 1 is NaN"),
    (np.array([1, np.nan], dtype=np.longdouble), [1, 0], rx.InvalidInputError, "is NaN"),
    ([Decimal("NaN"), 1], [1, 0], rx.InvalidInputError, "Decimal NaN"),
    ([Decimal("-sNaN"), 1], [1, 0], rx.InvalidInputError, "Decimal NaN"),
    (["0.5", 1], [1, 0], rx.InvalidInputError, "scores must be numbers"),
    ([None, 1], [1, 0], rx.InvalidInputError, "scores must be numbers"),
    ([1j, 1], [1, 0], rx.InvalidInputError, "scores must be numbers"),
    ([1, 2], [1, 2], rx.InvalidInputError, "label at index 1 is 2"),
    ([1, 2], [1, -1], rx.InvalidInputError, "label at index 1 is -1"),
    ([1, 2], [1, 0.5], rx.InvalidInputError, "label at index 1 is 0.5"),
    ([1, 2], ["yes", 0], rx.InvalidInputError, "label at index 0 is 'yes'"),
    ([1, 2], ["1", 0], rx.InvalidInputError, "label at index 0 is '1'"),
    ([1, 2], [None, 0], rx.InvalidInputError, "label at index 0 is None"),
    ([1, 2], [float("nan"), 0], rx.InvalidInputError, "label at index 0 is nan"),
    ([1, 2], [Decimal("sNaN"), 0], rx.InvalidInputError, "label at index 0 is Decimal"),
    ([1, 2, 3], [1, 0], rx.InvalidInputError, r"differ in length \(3 vs 2\)"),
    ([1], [1, 0, 1], rx.InvalidInputError, r"differ in length \(1 vs 3\)"),
    ([], [], rx.InvalidInputError, "empty"),
    (np.array([]), np.array([]), rx.InvalidInputError, "empty"),
    ("12", [1, 0], rx.InvalidInputError, "not a single string"),
    (5, [1], rx.InvalidInputError, "must be an iterable"),
    (np.zeros((2, 2)), [1, 0], rx.InvalidInputError, "one-dimensional"),
    ([Decimal("1e-999999999"), 1], [1, 0], rx.ResourceLimitError, "max_score_digits"),
    ([Decimal("1e+20000"), 1], [1, 0], rx.ResourceLimitError, "max_score_digits"),
]


@pytest.mark.parametrize(("scores", "labels", "error", "message"), API_BAD)
def test_api_bad_input_is_a_specific_error(
    scores: Any, labels: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message) as info:
        rx.Curve.from_scores(scores, labels)
    assert type(info.value) is error  # the specific class, not only the base


@pytest.mark.parametrize(
    "inf",
    [INF, np.float64(INF), Decimal("Infinity"), Decimal("inf"), np.array([INF])[0]],
    ids=["float", "numpy", "Decimal", "Decimal-inf", "numpy-array"],
)
def test_api_infinities_are_ordered_scores(inf: Any) -> None:
    # +inf above 10**400 (an int no float can hold), -inf below everything:
    # ranking pos(+inf), neg(10**400), pos(0), neg(-inf).
    curve = rx.Curve.from_scores([0, -inf, 10**400, inf], [1, 0, 0, 1])
    assert counts(curve) == [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]
    # Mann-Whitney by hand: pairs (pos, neg) won: (+inf, 10**400), (+inf, -inf), (0, -inf) = 3/4.
    assert rx.auc_roc(curve) == Fraction(3, 4)


def test_api_longdouble_scores_are_exact() -> None:
    # 1 + 2**-60 is a longdouble on x86-64 (64-bit mantissa) but rounds to 1.0 as a float.
    tiny = np.longdouble(2) ** -60
    above_one = np.longdouble(1) + tiny
    if above_one == 1:  # pragma: no cover - platforms whose longdouble is a double
        pytest.skip("numpy.longdouble has no extra precision here")
    curve = rx.Curve.from_scores(np.array([above_one, 1, np.inf], dtype=np.longdouble), [1, 0, 0])
    assert counts(curve) == [(0, 0), (0, 1), (1, 1), (1, 2)]
    assert curve.thresholds is not None
    assert curve.thresholds[1] == 1 + Fraction(1, 2**60)


@pytest.mark.parametrize(
    ("scores", "distinct"),
    [
        ([Decimal("0.10000000000000000001"), Decimal("0.10000000000000000002")], 2),
        ([Decimal("0.1"), Decimal("0.10")], 1),
        ([Decimal("0.1"), Fraction(1, 10)], 1),
        ([Decimal("0.1"), 0.1], 2),  # the float 0.1 is 0.1000000000000000055511151231257827...
        ([Decimal("1e400"), 10**400], 1),
        ([Decimal("-0"), 0, 0.0, -0.0], 1),
    ],
)
def test_api_scores_with_more_digits_than_a_float(scores: list[Any], distinct: int) -> None:
    curve = rx.Curve.from_scores(scores, [1] + [0] * (len(scores) - 1))
    assert len(curve) - 1 == distinct


def test_api_one_class_only() -> None:
    only_pos = rx.Curve.from_scores([3, 2, 1], [1, 1, 1])
    only_neg = rx.Curve.from_scores([3, 2, 1], [0, 0, 0])
    with pytest.raises(rx.NoNegativesError, match="auc_roc requires at least one negative"):
        rx.auc_roc(only_pos)
    with pytest.raises(rx.NoPositivesError, match="auc_roc requires at least one positive"):
        rx.auc_roc(only_neg)
    for method in rx.PR_METHODS:
        with pytest.raises(rx.NoPositivesError, match="auc_pr requires at least one positive"):
            rx.auc_pr(only_neg, method)
    # PR needs only positives: with no negatives precision is 1 everywhere, so every area is 1.
    for method in ("davis-goadrich", "linear", "step"):
        assert rx.auc_pr(only_pos, method) == 1
    continuous = rx.auc_pr(only_pos, "continuous")
    assert isinstance(continuous, rx.ClosedForm)
    assert continuous.rational == 1 and not continuous.terms
    with pytest.raises(rx.NoPositivesError):
        only_neg.precision_at(0)
    with pytest.raises(rx.NoNegativesError):
        _ = only_pos.points[1].fpr


def test_api_bad_method_and_options() -> None:
    curve = rx.Curve.from_scores([2, 1], [1, 0])
    with pytest.raises(rx.InvalidInputError, match="unknown AUC-PR method 'trapezoid'"):
        rx.auc_pr(curve, "trapezoid")  # type: ignore[arg-type]
    with pytest.raises(rx.InvalidInputError, match="min_recall must be an exact"):
        rx.auc_pr(curve, "step", min_recall=0.5)  # type: ignore[arg-type]
    with pytest.raises(rx.InvalidInputError, match="'all' or 'paper'"):
        rx.Curve.from_scores([1], [1], thresholds="every")  # type: ignore[arg-type]


def test_api_errors_are_value_errors() -> None:
    for cls in (rx.InvalidInputError, rx.NoPositivesError, rx.ResourceLimitError):
        assert issubclass(cls, rx.RocPrError) and issubclass(cls, ValueError)


def test_api_exact_sum_limit() -> None:
    # 40 positives, each alone at its own score, after one negative: the step sum has the terms
    # t/(t+1) for t = 1..40, denominators 2..41 (product ~ 41! ~ 3.3e49, 50 digits).
    scores = list(range(41, 0, -1))
    labels = [0] + [1] * 40
    curve = rx.Curve.from_scores(scores, labels)
    with limits.using(max_sum_digits=20), pytest.raises(rx.ResourceLimitError) as info:
        rx.auc_pr(curve, "step")
    message = str(info.value)
    assert "step AUC-PR" in message and "max_sum_digits = 20" in message
    # The library names its own remedy; the CLI words the same error with its flags.
    assert "--limit" not in message and "limits.using(max_sum_digits=N)" in message
    assert info.value.limit == "max_sum_digits"
    shown = cli_message(info.value)
    assert "raise it with --limit max_sum_digits=N (Python: " in shown
    assert shown.endswith("or lift every limit with --no-limits")
    with limits.using(max_sum_digits=60):
        value = rx.auc_pr(curve, "step")
    # Brute force: average precision = (1/40) sum_{t=1}^{40} t/(t+1).
    assert value == sum(Fraction(t, t + 1) for t in range(1, 41)) / 40


def test_api_limits_validate_their_values() -> None:
    with pytest.raises(rx.InvalidInputError, match="non-negative int or None"):
        limits.Limits(max_examples=-1)
    with (
        pytest.raises(rx.InvalidInputError, match="unknown limit 'max_rows'"),
        limits.using(max_rows=3),
    ):
        pass
    # --limit NAME=N is the CLI's spelling (rocpr_exact.cli.options.limit): a usage error there.
    with pytest.raises(argparse.ArgumentTypeError, match="NAME=N"):
        limit_flag("max_examples")
    with pytest.raises(argparse.ArgumentTypeError, match="whole number"):
        limit_flag("max_examples=-5")
    with pytest.raises(argparse.ArgumentTypeError, match="whole number"):
        limit_flag("max_examples=\u0663")  # a non-ASCII digit is not a number here
    assert limit_flag("max-examples=1_000") == ("max_examples", 1000)


def test_api_decimal_of_many_digits_ignores_the_int_to_str_limit() -> None:
    # Python refuses str() of ints over 4300 digits by default; decimals are written in chunks.
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)
    try:
        text = rx.format_decimal(Fraction(1, 3), 6000)
    finally:
        sys.set_int_max_str_digits(old)
    assert text == "0." + "3" * 6000


# -- CLI ---------------------------------------------------------------------------------------


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(args)
    out, err = capsys.readouterr()
    return code, out, err


def assert_clean_error(code: int, out: str, err: str, status: int = 2) -> None:
    assert code == status, err
    assert out == ""
    assert err.startswith("rocpr-exact: ") and err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err


# (content bytes, message fragment): each is exit 2, one line on stderr, nothing on stdout.
CLI_BAD: list[tuple[bytes, str]] = [
    (b"score,label\n0.5,1\nnan,0\n", "line 3: score 'nan' is NaN"),
    (b"score,label\n0.5,1\nNaN,0\n", "line 3: score 'NaN' is NaN"),
    (b"score,label\n0.5,1\n-nan,0\n", "is NaN"),
    (b"score,label\n0.5,1\nsNaN,0\n", "is NaN"),
    (b"score,label\n0.5,2\n0.1,0\n", "line 2: label '2' is not 0/1"),
    (b"score,label\n0.5,-1\n0.1,0\n", "label '-1'"),
    (b"score,label\n0.5,0.5\n0.1,0\n", "label '0.5'"),
    (b"score,label\n0.5,yes\n0.1,0\n", "label 'yes'"),
    (b"score,label\n0.5,None\n0.1,0\n", "label 'None'"),
    (b"score,label\n0.5,\n0.1,0\n", "label ''"),
    (b"score,label\n,1\n0.1,0\n", "score '' is not a number"),
    (b"score,label\nabc,1\n", "score 'abc' is not a number"),
    (b"score,label\n0x10,1\n", "score '0x10' is not a number"),
    (b"score,label\n1/0,1\n", "score '1/0' is not a number"),
    (b"score,label\n1.5/2,1\n", "score '1.5/2' is not a number"),
    (b"score,label\n1e-999999999,1\n0,0\n", "max_score_digits"),
    (b"score,label\n1e999999999999999999999,1\n", "is not a number"),
    (b"", "the file is empty"),
    (b"\n\n  \n", "the file is empty"),
    (b"score,label\n", "header but no data rows"),
    (b"score,label\n\n\n", "header but no data rows"),
    (b"score,lab\n0.5,1\n", "no column 'label' in the header ['score', 'lab']"),
    (b"Score,Label\n0.5,1\n", "no column 'score'"),
    (b"score;label\n0.5;1\n", "must be comma-separated"),
    (b"score\tlabel\n0.5\t1\n", "must be comma-separated"),
    (b"score,label,score\n0.5,1,2\n", "duplicate column names ['score']"),
    (b"score,label\n0.5,1,7\n", "line 2: 3 fields where the header has 2"),
    (b"score,label\n0.5,1\n0.2\n", "line 3: 1 fields where the header has 2"),
    (b'score,label\n"0.5,1\n0.2,0\n', "malformed CSV (unexpected end of data)"),
    (b'score,label\n"0.5"3,1\n', "line 2: malformed CSV"),
    (b"score,label\n0.5,1\n0.1,0 \xe9\n", "line 3: the file is not UTF-8 text: byte 0xe9"),
    (b"\xff\xfes\x00c\x00", "UTF-16 byte order mark"),
]


@pytest.mark.parametrize(("content", "message"), CLI_BAD)
def test_cli_bad_file_is_one_line_exit_2(
    content: bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.csv"
    path.write_bytes(content)
    code, out, err = run(["report", str(path)], capsys)
    assert_clean_error(code, out, err)
    assert message in err
    assert str(path) in err or "auc_roc" in err


def report_of(
    content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str
) -> dict[str, Any]:
    path = tmp_path / "data.csv"
    path.write_bytes(content)
    code, out, err = run(["report", str(path), "--digits", "6", *extra], capsys)
    assert code == 0 and err == "", err
    report: dict[str, Any] = json.loads(out)
    jsonschema.validate(report, report_schema())
    return report


# The same dataset written in every accepted way: two positives at 0.9 and 0.5, negatives at
# 0.7 and 0.5.  Ranking pos, neg, {pos, neg}: pairs won 1 + 1/2 + 1 of 4 -> AUC-ROC 5/8.
SAME_DATA = [
    b"score,label\n0.9,1\n0.7,0\n0.5,1\n0.5,0\n",
    b"\xef\xbb\xbfscore,label\n0.9,1\n0.7,0\n0.5,1\n0.5,0\n",  # BOM
    b"score,label\r\n0.9,1\r\n0.7,0\r\n0.5,1\r\n0.5,0\r\n",  # CRLF
    b"score,label\r0.9,1\r0.7,0\r0.5,1\r0.5,0\r",  # old Mac line ends
    b'"score","label"\n"0.9","1"\n"0.7","0"\n"0.5","1"\n"0.5","0"\n',  # quoted fields
    b"\n\nscore,label\n\n0.9,1\n   \n0.7,0\n0.5,1\n\n0.5,0\n\n",  # blank lines
    b'id,label,score\na,1,0.9\n"b,c",0,0.7\nd,1,0.50\ne,0,0.5000\n',  # other columns, 0.5=0.50
    b"score,label\n9/10,true\n7e-1,FALSE\n1/2,1.0\n0.5,0.0\n",  # p/q, 7e-1, true/false, 1.0
    b"score , label \n 0.9 , 1 \n0.7,0\n0.5,1\n0.5,0",  # spaces, no final newline
]


@pytest.mark.parametrize("content", SAME_DATA)
def test_cli_accepts_every_well_formed_variant(
    content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = report_of(content, tmp_path, capsys)
    assert (report["positives"], report["negatives"], report["thresholds"]) == (2, 2, 3)
    assert report["auc_roc"] == {"exact": "5/8", "decimal": "0.625000"}


@pytest.mark.parametrize(
    ("spellings", "expected"),
    [
        # inf and -inf in every spelling: pos(+inf) > neg(1) > pos(0) > neg(-inf): 3 of 4 pairs.
        (("inf", "-inf"), "3/4"),
        (("Infinity", "-Infinity"), "3/4"),
        (("+INF", "-inf"), "3/4"),
        (("1e308000", "-1e308000"), "3/4"),  # beyond any float, exact as a Decimal
    ],
)
def test_cli_infinities_are_ordered_scores(
    spellings: tuple[str, str],
    expected: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    top, bottom = spellings
    content = f"score,label\n{top},1\n1,0\n0,1\n{bottom},0\n".encode()
    extra = ["--limit", "max_score_digits=400000"] if "e" in top else []
    report = report_of(content, tmp_path, capsys, *extra)
    assert report["auc_roc"]["exact"] == expected and report["thresholds"] == 4


@pytest.mark.parametrize(
    ("positive", "negative", "thresholds", "auc"),
    [
        # Equal as floats (both 0.1), different as decimals: the positive is below.
        ("0.10000000000000000001", "0.10000000000000000002", 2, "0"),
        ("0.10000000000000000002", "0.10000000000000000001", 2, "1"),
        ("0.1", "0.10", 1, "1/2"),  # the same number: one tie group, the pair counts 1/2
        ("0.1", "1/10", 1, "1/2"),
        ("0.1", "1E-1", 1, "1/2"),
        ("1" + "0" * 30, "1e30", 1, "1/2"),
        ("1" + "0" * 29 + "1", "1e30", 2, "1"),  # more digits than a float holds
        ("0.30000000000000000000000000000000000000001", "0.3", 2, "1"),
    ],
)
def test_cli_scores_are_exact_decimals(
    positive: str,
    negative: str,
    thresholds: int,
    auc: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    content = f"score,label\n{positive},1\n{negative},0\n".encode()
    report = report_of(content, tmp_path, capsys)
    assert report["thresholds"] == thresholds
    assert report["auc_roc"]["exact"] == auc


def test_cli_directory_missing_and_unreadable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["report", str(tmp_path)], capsys)
    assert_clean_error(code, out, err)
    assert "cannot read" in err and "directory" in err.lower()
    code, out, err = run(["report", str(tmp_path / "missing.csv")], capsys)
    assert_clean_error(code, out, err)
    assert "cannot read" in err and "No such file" in err


class _Stdin:
    """A stand-in for sys.stdin whose ``buffer`` holds the given bytes."""

    def __init__(self, data: bytes) -> None:
        import io

        self.buffer = io.BytesIO(data)


def test_cli_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", _Stdin(SAME_DATA[1]))
    code, out, err = run(["report", "-", "--digits", "3"], capsys)
    assert code == 0 and err == ""
    assert json.loads(out)["auc_roc"]["exact"] == "5/8"
    monkeypatch.setattr(sys, "stdin", _Stdin(b"score,label\n0.5,maybe\n"))
    code, out, err = run(["report", "-"], capsys)
    assert_clean_error(code, out, err)
    assert "<stdin>: line 2: label 'maybe'" in err
    monkeypatch.setattr(sys, "stdin", None)
    code, out, err = run(["report", "-"], capsys)
    assert_clean_error(code, out, err)
    assert "no" in err and "standard input" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "the following arguments are required: COMMAND"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        (["report"], "the following arguments are required: data"),
        (["report", "x.csv", "--digits", "abc"], "--digits takes a whole number, got 'abc'"),
        (["report", "x.csv", "--digits", "-1"], "--digits must be >= 0"),
        (["report", "x.csv", "--format", "xml"], "invalid choice: 'xml'"),
        (["report", "x.csv", "--limit", "max_rows=3"], "--limit takes NAME=N"),
        (["report", "x.csv", "--limit", "max_examples=many"], "whole number"),
        (["report", "x.csv", "--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_cli_usage_errors_are_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(args, capsys)
    assert_clean_error(code, out, err)
    assert message in err and "--help" in err


def test_cli_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["report", "--help"], capsys)
    assert code == 0 and "--limit NAME=N" in out and "--no-limits" in out


# -- resource limits through the CLI ------------------------------------------------------------


def test_cli_limits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "d.csv"
    # 30 positives, each alone, after 1 negative: DG, linear and step sums with denominators
    # t + 1 for t = 1..30 (product 31! ~ 8e33, 34 digits); 31 examples, 32 lines.
    path.write_text("score,label\n31,0\n" + "".join(f"{s},1\n" for s in range(30, 0, -1)))
    cases = [
        (["--limit", "max_examples=10"], "line 12: the number of examples exceeds the limit"),
        (["--limit", "max_line_chars=5"], "line 1 is longer than 5 characters"),
        (["--limit", "max_score_digits=1"], "line 2: a score of 2 characters"),
        (["--limit", "max_sum_digits=10"], "exceeds the limit max_sum_digits = 10"),
        (["--limit", "max_exact_digits=5"], "davis_goadrich: the exact value has an integer"),
        (["--digits", "11"], None),
        (["--digits", "11", "--limit", "max_digits=10"], "--digits 11 exceeds the limit"),
        (["--limit", "max_decimal_work=5"], "the report: 30 certified digits of areas with up to"),
    ]
    for extra, message in cases:
        code, out, err = run(["report", str(path), *extra], capsys)
        if message is None:
            assert code == 0, err
            continue
        assert_clean_error(code, out, err)
        assert message in err, err
        assert "--limit" in err and "--no-limits" in err
    # Each limit can be lifted: all of them at once, or the one that stopped the run.
    code, out, err = run(
        ["report", str(path), "--no-limits", "--limit", "max_digits=50", "--digits", "50"], capsys
    )
    assert code == 0, err
    code, out, err = run(
        ["report", str(path), "--limit", "max_examples=10", "--limit", "max_examples=none"], capsys
    )
    assert code == 0, err


def test_huge_operating_points(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Two operating points for P = N = 10^12: the default report answers (every area in
    # O(points), the davis-goadrich digits certified); the exact davis-goadrich value is refused
    # at once (API and --exact), never built one TP at a time.  tests/io/test_points.py checks
    # the digits against mpmath and the per-TP work that is never started.
    big = 10**12
    curve = rx.Curve.from_counts([(big // 4, big // 16), (3 * big // 4, big // 2)], big, big)
    with pytest.raises(rx.ResourceLimitError, match="exceeds the limit max_sum_digits"):
        rx.auc_pr(curve, "davis-goadrich")
    path = tmp_path / "points.csv"
    path.write_text("recall,precision\n0.25,0.8\n0.75,2/3\n", encoding="utf-8")
    counts = ["--positives", str(big), "--negatives", str(big)]
    code, out, err = run(["report", str(path), *counts], capsys)
    assert code == 0 and err == ""
    report = json.loads(out)
    jsonschema.validate(report, report_schema())
    assert set(report["auc_pr"]["davis_goadrich"]) == {"decimal"}
    code, out, err = run(["report", str(path), *counts, "--exact"], capsys)
    assert_clean_error(code, out, err)
    assert "the davis-goadrich AUC-PR: an exact sum" in err and "max_sum_digits" in err


def test_cli_line_limit_stops_before_reading_a_file_without_newlines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "one-line.csv"
    path.write_bytes(b"score,label" + b",0" * 3_000_000)  # 6 MB, no newline
    code, out, err = run(["report", str(path)], capsys)
    assert_clean_error(code, out, err)
    assert "line 1 is longer than 1,000,000 characters" in err


def test_cli_huge_score_message_is_shortened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.csv"
    path.write_text("score,label\n" + "x" * 5000 + ",1\n")
    code, out, err = run(["report", str(path)], capsys)
    assert_clean_error(code, out, err)
    assert "is not a number" in err and "characters left out" in err
    assert len(err) < 1200


# -- no traceback for ANY exception --------------------------------------------------------------


def _raiser(exc: BaseException) -> Callable[..., Any]:
    def build_report(*args: Any, **kwargs: Any) -> Any:
        raise exc

    return build_report


@pytest.mark.parametrize(
    ("exc", "status", "message"),
    [
        (RecursionError("maximum recursion depth exceeded"), 3, "internal error, please report"),
        (RuntimeError("boom\nsecond line"), 3, "RuntimeError: boom second line"),
        (ZeroDivisionError("division by zero"), 3, "internal error"),
        (ValueError("Exceeds the limit (4300 digits)"), 3, "internal error"),
        (MemoryError(), 2, "out of memory"),
        (KeyboardInterrupt(), 130, "interrupted"),
        (rx.UndefinedPrecisionError("precision is undefined"), 2, "precision is undefined"),
    ],
    ids=lambda v: type(v).__name__ if isinstance(v, BaseException) else str(v),
)
def test_cli_any_exception_is_one_line(
    exc: BaseException,
    status: int,
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "d.csv"
    path.write_text("score,label\n1,1\n0,0\n")
    monkeypatch.setattr(report_command, "build_report", _raiser(exc))
    code, out, err = run(["report", str(path)], capsys)
    assert_clean_error(code, out, err, status)
    assert message in err


def test_cli_debug_variable_shows_the_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "d.csv"
    path.write_text("score,label\n1,1\n0,0\n")
    monkeypatch.setattr(report_command, "build_report", _raiser(RuntimeError("boom")))
    monkeypatch.setenv("ROCPR_EXACT_DEBUG", "1")
    with pytest.raises(RuntimeError, match="boom"):
        cli.main(["report", str(path)])


def test_cli_restores_the_int_to_str_limit(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_text("score,label\n1,1\n0,0\n")
    before = sys.get_int_max_str_digits()
    cli.main(["report", str(path)])
    assert sys.get_int_max_str_digits() == before


def _sigint_default() -> None:
    """The child starts with SIGINT's default (a suite run in the background ignores it, and
    Python keeps an inherited ignore)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _subprocess(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("ROCPR_EXACT_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        preexec_fn=_sigint_default,
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )


@pytest.mark.subprocess
def test_subprocess_interrupt_and_internal_error(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_text("score,label\n1,1\n0,0\n")
    # A real KeyboardInterrupt raised by a signal handler in the middle of the report.
    interrupt = (
        "import signal, sys, time\n"
        "import rocpr_exact.cli as cli\n"
        "import rocpr_exact.cli.report as report_command\n"
        "def slow(*a, **k):\n"
        "    signal.raise_signal(signal.SIGINT)\n"
        "    time.sleep(5)\n"
        "report_command.build_report = slow\n"
        "sys.exit(cli.main(sys.argv[1:]))\n"
    )
    done = _subprocess(interrupt, "report", str(path))
    assert done.returncode == 130 and done.stdout == ""
    assert done.stderr == "rocpr-exact: interrupted\n"
    crash = (
        "import sys\n"
        "import rocpr_exact.cli as cli\n"
        "import rocpr_exact.cli.report as report_command\n"
        "def crash(*a, **k):\n"
        "    def f(n): return f(n + 1)\n"
        "    f(0)\n"
        "report_command.build_report = crash\n"
        "sys.exit(cli.main(sys.argv[1:]))\n"
    )
    done = _subprocess(crash, "report", str(path))
    assert done.returncode == 3 and done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr.startswith("rocpr-exact: internal error, please report")
    assert "RecursionError" in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.subprocess
def test_subprocess_closed_pipe_is_quiet(tmp_path: Path) -> None:
    path = tmp_path / "d.csv"
    path.write_text("score,label\n1,1\n0,0\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # 5 decimals of 30,000 digits: 150 kB of output, more than a pipe buffer holds.
    args = ["report", str(path), "--digits", "30000", "--limit", "max_digits=30000"]
    with subprocess.Popen(
        [sys.executable, "-m", "rocpr_exact", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stdout.read(10) == b'{\n  "sourc'
        proc.stdout.close()
        err = proc.stderr.read()
        status = proc.wait(timeout=120)
    assert status == 141 and err == b""


def test_max_decimal_work_is_one_budget_per_report() -> None:
    # A report certifies the continuous area of the curve and of its achievable curve; each
    # alone fits a budget that the two together exceed: the report is refused, naming the
    # limit and what was already spent, while each decimal alone is still answered.
    labels = [1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0]
    curve = rx.Curve.from_scores(list(range(len(labels), 0, -1)), labels)
    own = rx.auc_pr(curve, "continuous")
    achieved = rx.auc_pr(achievable_pr_curve(curve), "continuous")
    digits = 30
    work = [digits * len(form.terms) for form in (own, achieved)]  # type: ignore[union-attr]
    assert min(work) > 0
    with limits.using(max_decimal_work=max(work)):
        rx.format_decimal(own, digits)
        rx.format_decimal(achieved, digits)
        with pytest.raises(ResourceLimitError, match="already spent in this report") as caught:
            build_report(curve, digits=digits)
    assert caught.value.limit == "max_decimal_work"
    with limits.using(max_decimal_work=sum(work)):
        build_report(curve, digits=digits)


def _alternating_groups(groups: int) -> list[tuple[int, int]]:
    """(TP, FP) of ``groups`` tie groups each holding positives and negatives: every segment
    of the curve is a log term of the continuous areas."""
    counts, tp, fp = [], 0, 0
    for i in range(groups):
        tp, fp = tp + 1 + i % 3, fp + 1 + (i // 3) % 3
        counts.append((tp, fp))
    return counts


def test_a_report_beyond_the_decimal_work_is_refused_up_front(tmp_path, capsys) -> None:
    """30,000 mixed tie groups at --digits 10000 ran past 120 s; now refused at once.

    Every group is a segment; about 26,700 of them are corners with a log term, so the bound
    is about 2.7 * 10**4 terms x 10,000 digits x digit_cost 11, near 3 * 10**9 > 10**9.
    """
    import re
    import time

    counts = _alternating_groups(30_000)
    curve = rx.Curve.from_counts(counts, counts[-1][0], counts[-1][1])
    start = time.perf_counter()
    with pytest.raises(rx.ResourceLimitError) as caught:
        build_report(curve, 10_000)
    assert time.perf_counter() - start < 30  # up front: no logarithm was taken
    assert caught.value.limit == "max_decimal_work"
    terms = int(re.search(r"up to ([0-9,]+) log terms", str(caught.value))[1].replace(",", ""))
    assert 20_000 < terms <= 60_000  # at most one per segment, for each of the two curves
    path = tmp_path / "groups.csv"
    rows, previous = ["score,label"], (0, 0)
    for score, (tp, fp) in enumerate(_alternating_groups(30_000)):
        rows += [f"{-score},1"] * (tp - previous[0]) + [f"{-score},0"] * (fp - previous[1])
        previous = (tp, fp)
    path.write_text("\n".join(rows) + "\n")
    assert cli.main(["report", str(path), "--digits", "10000", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "raise it with --limit max_decimal_work=N" in err and "fewer --digits" in err, err
