"""Fuzzing the CSV reader, the API and the CLI end to end.

The property everywhere: a valid result or a clean error, never anything else.

* Reader and API: a result, or a :class:`rocpr_exact.RocPrError`; no other exception.
* CLI (in process, through :func:`rocpr_exact.cli.main`, and a few runs as a real
  subprocess): exit 0 with a report that validates against the JSON Schema, or exit 2
  with exactly one line ``rocpr-exact: error: ...`` on stderr and nothing on stdout.

Files are random bytes, valid files with random bytes changed, and random valid-looking
files (random column order and extra columns, random numeric formats and label
spellings, quoting, CRLF, BOM, blank lines) into which at most one defect is put.  For
the generated files the answer is also checked: no defect means exit 0 and the exact
counts, AUC-ROC and average precision of a brute force over the generated values; a
defect means exit 2.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import random
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact.cli import main
from rocpr_exact.io.readers import read_scored_csv
from tests.schemas import validate_report

ROOT = Path(__file__).resolve().parents[2]
INF = float("inf")


# -- running the CLI in process -------------------------------------------------------------------


def run_cli(content: bytes, *args: str) -> tuple[int, str, str]:
    """Write ``content`` to a file and run ``rocpr-exact report FILE ARGS`` in process."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "data.csv"
        path.write_bytes(content)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["report", str(path), "--digits", "8", *args])
    return code, out.getvalue(), err.getvalue()


def assert_report_or_clean_error(code: int, out: str, err: str) -> dict[str, Any] | None:
    """The fuzz property; returns the report on success."""
    if code == 0:
        assert err == ""
        report: dict[str, Any] = json.loads(out)
        validate_report(report)
        if report["positives"] and report["negatives"]:
            assert 0 <= Fraction(report["auc_roc"]["exact"]) <= 1
        else:  # one class: reported, with the reason AUC-ROC is undefined
            assert "needs at least one" in report["auc_roc"]["undefined"]
        return report
    assert code == 2, (code, err)
    assert out == ""
    assert err.startswith("rocpr-exact: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return None


# -- random bytes ---------------------------------------------------------------------------------

VALID = b"score,label\n0.9,1\n0.8,0\n0.7,1\n0.5,0\n0.5,1\n"


@st.composite
def damaged(draw: st.DrawFn, original: bytes = VALID) -> bytes:
    """``original`` with a few bytes replaced, inserted or deleted."""
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 4))):
        where = draw(st.integers(0, len(data)))
        action = draw(st.sampled_from(["replace", "insert", "delete"]))
        byte = draw(st.sampled_from([*b',"\n\r\t ;/.-+eE0123456789aiInN', 0, 0xFF, 0xC3, 0x80]))
        if action == "insert" or where == len(data):
            data.insert(where, byte)
        elif action == "replace":
            data[where] = byte
        else:
            del data[where]
    return bytes(data)


raw_bytes = st.one_of(
    st.binary(max_size=300),
    st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")),
    damaged(),
)


@given(raw_bytes)
@example(b"\xef\xbb\xbf")
@example(b"score,label\n\x00,1\n")
@example(b'score,label\n"1",1\n"2"x,0\n')
@example(b"score,label\r\r\r1,1\r0,0")
def test_reader_on_random_bytes_gives_data_or_a_specific_error(data: bytes) -> None:
    try:
        scores, labels = read_scored_csv(io.BytesIO(data))
    except rx.RocPrError:
        return
    assert len(scores) == len(labels) > 0
    assert set(labels) <= {0, 1}
    assert all(isinstance(s, Decimal | Fraction) for s in scores)


@given(raw_bytes)
@example(b"score,label\n1,1\n")
@example(b"score,label\n1,1\n0,0\n")
def test_cli_on_random_bytes_gives_a_report_or_one_line(data: bytes) -> None:
    assert_report_or_clean_error(*run_cli(data))


# -- random values through the API ----------------------------------------------------------------

any_value = st.one_of(
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.fractions(),
    st.booleans(),
    st.none(),
    st.text(max_size=3),
    st.complex_numbers(max_magnitude=3),
    st.sampled_from([0, 1, 0.0, 1.0, True, False, Decimal("1.00"), Fraction(0)]),
)


def _is_number(v: Any) -> bool:
    if isinstance(v, Decimal):
        return not v.is_nan()
    if isinstance(v, float):
        return v == v
    return isinstance(v, int | Fraction)


def _is_label(v: Any) -> bool:
    if isinstance(v, Decimal) and v.is_nan():
        return False
    return isinstance(v, int | float | Fraction | Decimal) and v in (0, 1)


@given(st.lists(any_value, max_size=8), st.lists(any_value, max_size=8))
def test_api_on_random_values_gives_a_curve_or_a_specific_error(
    scores: list[Any], labels: list[Any]
) -> None:
    valid = (
        len(scores) == len(labels) > 0
        and all(map(_is_number, scores))
        and all(map(_is_label, labels))
    )
    try:
        curve = rx.Curve.from_scores(scores, labels)
    except rx.ResourceLimitError:
        return  # a Decimal with a huge exponent: a documented limit
    except rx.InvalidInputError:
        assert not valid
        return
    assert valid
    curve._check()
    assert curve.positives == sum(1 for y in labels if y == 1)
    assert len(curve) - 1 == len({Fraction(s) if _finite(s) else s for s in scores})


def _finite(v: Any) -> bool:
    return not (isinstance(v, float | Decimal) and not Decimal(v).is_finite())


# -- random valid-looking files -------------------------------------------------------------------


@dataclass
class Generated:
    content: bytes
    args: list[str]
    values: list[Fraction | float]  # exact score values (float only for +-inf)
    labels: list[int]
    defect: str | None


def _score_text(draw: st.DrawFn, value: Fraction | float) -> str:
    """A random spelling of ``value`` that parses to exactly that value."""
    if value in (INF, -INF):
        word = draw(st.sampled_from(["inf", "Infinity", "INF", "infinity"]))
        sign = "-" if value < 0 else draw(st.sampled_from(["", "+"]))
        return sign + word
    assert isinstance(value, Fraction)
    forms = ["fraction"]
    scaled = value * 10**6
    if scaled.denominator == 1:  # a decimal with at most 6 places
        forms += ["plain", "exponent", "padded"]
    form = draw(st.sampled_from(forms))
    if form == "fraction":
        k = draw(st.integers(1, 3))
        return f"{value.numerator * k}/{value.denominator * k}"
    digits = int(scaled)
    if form == "exponent":
        return f"{digits}e-6" if draw(st.booleans()) else f"{digits}E-6"
    text = str(Decimal(digits).scaleb(-6).normalize())
    if form == "padded" and "E" not in text:
        text = text + ("0" if "." in text else ".0")
    return f" {text} " if draw(st.booleans()) else text


LABEL_SPELLINGS = {
    1: ["1", "true", "True", "TRUE", "1.0", " 1 "],
    0: ["0", "false", "FALSE", "0.0"],
}
DEFECTS = [
    "nan score",
    "bad label",
    "empty score",
    "missing field",
    "extra field",
    "latin-1 byte",
    "no label column",
    "duplicate column",
    "one class",
    "header only",
]


@st.composite
def generated_files(draw: st.DrawFn) -> Generated:
    n = draw(st.integers(2, 25))
    pool = [
        Fraction(draw(st.integers(-50, 50)), draw(st.sampled_from([1, 2, 4, 10, 3, 7])))
        for _ in range(draw(st.integers(1, 6)))
    ]
    pool += draw(st.lists(st.sampled_from([INF, -INF]), max_size=2))
    values: list[Fraction | float] = [draw(st.sampled_from(pool)) for _ in range(n)]
    labels = [draw(st.integers(0, 1)) for _ in range(n)]
    one, zero = draw(st.permutations(range(n)))[:2]  # both classes are present
    labels[one], labels[zero] = 1, 0
    pick = draw(st.integers(0, 2 * len(DEFECTS) - 1))  # one file in two has a defect
    defect = DEFECTS[pick] if pick < len(DEFECTS) else None

    custom = draw(st.booleans())
    score_col, label_col = ("p", "truth") if custom else ("score", "label")
    extras = draw(st.lists(st.sampled_from(["id", "note", "weight", "x y"]), unique=True))
    header = [score_col, label_col, *extras]
    header = draw(st.permutations(header))
    rows = []
    for value, label in zip(values, labels, strict=True):
        cells = {
            score_col: _score_text(draw, value),
            label_col: draw(st.sampled_from(LABEL_SPELLINGS[label])),
            "id": str(draw(st.integers(0, 999))),
            "note": draw(st.sampled_from(["", "a,b", 'say "hi"', "multi\nline", "é"])),
            "weight": "0.5",
            "x y": "z",
        }
        rows.append([cells[c] for c in header])

    i = draw(st.integers(0, n - 1))
    s, lab = header.index(score_col), header.index(label_col)
    if defect == "nan score":
        rows[i][s] = draw(st.sampled_from(["nan", "NaN", "-nan", "sNaN"]))
    elif defect == "bad label":
        rows[i][lab] = draw(st.sampled_from(["2", "-1", "0.5", "yes", "", "None"]))
    elif defect == "empty score":
        rows[i][s] = ""
    elif defect == "missing field":
        rows[i] = rows[i][:-1]
    elif defect == "extra field":
        rows[i] = [*rows[i], "7"]
    elif defect == "no label column":
        header = [("labels" if c == label_col else c) for c in header]
    elif defect == "duplicate column":
        header = [*header, score_col]
        rows = [[*r, "0"] for r in rows]
    elif defect == "one class":
        only = draw(st.integers(0, 1))
        labels = [only] * n
        for r in rows:
            r[lab] = str(only)
    elif defect == "header only":
        rows = []

    buffer = io.StringIO()
    quoting = draw(st.sampled_from([csv.QUOTE_MINIMAL, csv.QUOTE_ALL]))
    ending = draw(st.sampled_from(["\n", "\r\n"]))
    writer = csv.writer(buffer, quoting=quoting, lineterminator=ending)
    writer.writerow(header)
    for row in rows:
        if draw(st.integers(0, 9)) == 0:
            buffer.write(ending)  # a blank line
        writer.writerow(row)
    content = buffer.getvalue().encode("utf-8")
    if defect == "latin-1 byte":
        at = content.index(b"\n") + 1
        content = content[:at] + b"\xe9" + content[at:]
    if draw(st.booleans()):
        content = b"\xef\xbb\xbf" + content
    args = ["--score-column", score_col, "--label-column", label_col] if custom else []
    return Generated(content, args, values, labels, defect)


def brute_force(values: list[Fraction | float], labels: list[int]) -> tuple[Fraction, Fraction]:
    """AUC-ROC (pairs, ties 1/2) and average precision over thresholds, from scratch."""
    pos = [v for v, y in zip(values, labels, strict=True) if y == 1]
    neg = [v for v, y in zip(values, labels, strict=True) if y == 0]
    twice = sum(2 if p > q else 1 if p == q else 0 for p in pos for q in neg)
    auc = Fraction(twice, 2 * len(pos) * len(neg))
    ap, previous_tp = Fraction(0), 0
    for t in sorted(set(values), reverse=True):
        tp = sum(1 for p in pos if p >= t)
        fp = sum(1 for q in neg if q >= t)
        ap += Fraction(tp - previous_tp, len(pos)) * Fraction(tp, tp + fp)
        previous_tp = tp
    return auc, ap


@given(generated_files())
def test_cli_on_generated_files_gives_the_right_report_or_one_line(case: Generated) -> None:
    code, out, err = run_cli(case.content, *case.args)
    report = assert_report_or_clean_error(code, out, err)
    if case.defect == "one class":  # a report of what is defined (PR needs only positives)
        assert report is not None and "undefined" in report["auc_roc"]
        if report["negatives"] == 0:
            assert Fraction(report["auc_pr"]["step"]["exact"]) == 1
        return
    if case.defect is not None:
        assert report is None, f"defect {case.defect!r} was not reported"
        return
    assert report is not None, f"a valid file was refused: {err}"
    auc, ap = brute_force(case.values, case.labels)
    assert report["positives"] == sum(case.labels)
    assert report["negatives"] == len(case.labels) - sum(case.labels)
    assert report["thresholds"] == len(set(case.values))
    assert Fraction(report["auc_roc"]["exact"]) == auc
    assert Fraction(report["auc_pr"]["step"]["exact"]) == ap


@given(generated_files(), st.integers(0, 2**32 - 1))
def test_cli_on_damaged_generated_files(case: Generated, seed: int) -> None:
    rng = random.Random(seed)
    data = bytearray(case.content)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(data) + 1)
        data[at:at] = bytes([rng.choice(b',"\n\r\xff0.-e/n')])
    assert_report_or_clean_error(*run_cli(bytes(data), *case.args))


# -- a few runs of the real console program -------------------------------------------------------


def _files_for_subprocess() -> list[bytes]:
    rng = random.Random(9)
    good = "score,label\r\n" + "".join(
        f"{rng.choice(['', '+'])}{rng.randint(0, 99)}e-{rng.randint(0, 3)},"
        f"{rng.choice(['1', 'true', '0', 'FALSE'])}\r\n"
        for _ in range(50)
    )
    bad = bytes(rng.randrange(256) for _ in range(400))
    return [b"\xef\xbb\xbf" + good.encode(), bad, good.encode()[:-30] + b'"\n']


@pytest.mark.subprocess
@pytest.mark.parametrize("content", _files_for_subprocess(), ids=["good", "random", "quote"])
def test_subprocess_report_or_one_line(content: bytes, tmp_path: Path) -> None:
    path = tmp_path / "data.csv"
    path.write_bytes(content)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("ROCPR_EXACT_DEBUG", None)
    done = subprocess.run(
        [sys.executable, "-m", "rocpr_exact", "report", str(path), "--digits", "8"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )
    assert_report_or_clean_error(done.returncode, done.stdout, done.stderr)
