"""The vectorised CSV path against the python reader: the same curve, thresholds and refusals.

The reference is :func:`read_scored_csv` + :meth:`Curve.from_scores` (the python reader, row by
row, ``Decimal`` scores).  :func:`scored_csv_curve` must give the same outcome on every file:
the same curve (counts at every threshold) and the same thresholds as exact values, or the
same error class and the same one-line message.  Plain files must take the vectorised path
(``plain_csv_curve`` is not None), so the comparison is not the python reader against itself.
"""

from __future__ import annotations

import tempfile
from decimal import Decimal
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact import limits
from rocpr_exact.cli import main
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import RocPrError
from rocpr_exact.io import fastcsv
from rocpr_exact.io.fastcsv import plain_csv_curve, scored_csv_curve
from rocpr_exact.io.readers import read_scored_csv

np = pytest.importorskip("numpy")


def _outcome(read: Any, path: Path) -> tuple[Any, ...]:
    try:
        curve = read(path)
    except RocPrError as exc:
        return ("error", type(exc).__name__, str(exc))
    return (
        "curve",
        curve.positives,
        curve.negatives,
        tuple(curve.tps),
        tuple(curve.fps),
        tuple(curve.thresholds),
    )


def _python(path: Path) -> Curve:
    return Curve.from_scores(*read_scored_csv(path))


def _same_at(path: Path, block: int | None = None) -> tuple[Any, ...]:
    """Both outcomes on the file ``path`` (equal, asserted); the vectorised one."""
    with mock.patch.object(fastcsv, "_BLOCK", block or fastcsv._BLOCK):
        fast = _outcome(scored_csv_curve, path)
    slow = _outcome(_python, path)
    assert fast == slow
    return fast


def _same(text: bytes, block: int | None = None) -> tuple[Any, ...]:
    """Both outcomes on a file holding ``text`` (equal, asserted); the vectorised one."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "d.csv"
        path.write_bytes(text)
        return _same_at(path, block)


# -- generated files -------------------------------------------------------------------------------

TIES = ["0.1", "0.10", "1e-1", "10E-2", ".1", "+0.1", "0.10000000000000000"]
LONG = "0.1000000000000000055511151231257827"  # 34 significant digits: the python reader's
EDGES = [
    "9007199254740992",
    "9007199254740993",
    "9007199254740992.0",
    "-0",
    "0",
    "-0.0e5",
    "inf",
    "-inf",
    "INF",
    "-Infinity",
    "+infinity",
    "1e-308",
    "5e-324",
    "1.7976931348623157e308",
    "123456789012345678",
    "0.000123456789012345678",
    "1E-400",
    " 0.5",
    "0.5\t",
    "\t 7 ",
    "1.",
    ".5",
    "-.5e-3",
]
HOSTILE_SCORES = [
    LONG,
    "0." + "1" * 37,
    "1e999999",
    "1e0000000001",
    "nan",
    "1/3",
    "-2/6",
    "1/0",
    "0x1",
    "1_0",
    "",
    " ",
    "1 2",
    "e5",
    ".",
    "+-1",
    "\u0663",
    "0.5.5",
    "1e",
    "infinit",
    "'0.5'",
]
LABELS = ["0", "1", "true", "false", "TRUE", "False", " 1", "0 ", "\t1\t", "1.0", "0.000", "1."]
HOSTILE_LABELS = ["01", "+1", "1e0", "2", "yes", "", "-0", "0.5", "1" * 41, "tru", "falsey"]

plain_scores = st.one_of(
    st.floats(allow_nan=False).map(repr),
    st.floats(allow_nan=False).map(lambda x: f"{x:.18e}"),  # np.savetxt's default
    st.floats(allow_nan=False).map(lambda x: f"{x:.20g}"),
    st.floats(0, 1).map(lambda x: f"{x:.3f}"),
    st.integers(-(10**17), 10**17).map(str),
    st.tuples(st.integers(-(10**12), 10**12), st.integers(-30, 30)).map(lambda t: f"{t[0]}e{t[1]}"),
    st.sampled_from(TIES + EDGES),
)
scores = st.one_of(
    plain_scores,
    st.decimals(allow_nan=False).map(str),
    st.sampled_from(HOSTILE_SCORES),
    st.text(max_size=6),
)
labels = st.one_of(st.sampled_from(LABELS), st.sampled_from(HOSTILE_LABELS), st.text(max_size=4))


@st.composite
def plain_files(draw: st.DrawFn) -> bytes:
    """Plain CSV: the vectorised path reads it (ties, exponents, blanks, CRLF, a BOM, extra
    columns, blank lines, no final line end)."""
    end = draw(st.sampled_from(["\n", "\r\n"]))
    extra = draw(st.booleans())
    header = "id,label,score" if extra else "score,label"
    rows = draw(st.lists(st.tuples(plain_scores, st.sampled_from(LABELS)), min_size=1))
    lines = [f"{i},{y},{x}" if extra else f"{x},{y}" for i, (x, y) in enumerate(rows)]
    blanks = draw(st.lists(st.sampled_from(["", "  ", "\t"]), max_size=3))
    for blank in blanks:
        lines.insert(draw(st.integers(0, len(lines))), blank)
    bom = "\ufeff" if draw(st.booleans()) else ""
    text = bom + end.join([header, *lines]) + (end if draw(st.booleans()) else "")
    return text.encode()


@st.composite
def any_files(draw: st.DrawFn) -> bytes:
    """CSV as people write it, and broken: quotes, lone CR, ragged rows, bad values."""
    rows = draw(st.lists(st.tuples(scores, labels), min_size=0, max_size=8))
    lines = []
    for x, y in rows:
        if draw(st.integers(0, 9)) == 0:
            x = '"' + x.replace('"', '""') + '"'
        cells = [x, y] if draw(st.integers(0, 19)) else [x]
        lines.append(",".join(cells))
    end = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    text = end.join(["score,label", *lines]) + draw(st.sampled_from(["", end]))
    return text.encode("utf-8", "surrogatepass")


@given(plain_files(), st.sampled_from([None, 16, 64, 1000]))
def test_plain_files_take_the_vectorised_path_and_agree(text: bytes, block: int | None) -> None:
    outcome = _same(text, block)
    assert outcome[0] == "curve", outcome
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "d.csv"
        path.write_bytes(text)
        assert plain_csv_curve(path) is not None


@given(any_files())
def test_any_file_gives_the_python_readers_outcome(text: bytes) -> None:
    _same(text)


# -- chosen cases ----------------------------------------------------------------------------------


def test_exact_ties_and_near_ties() -> None:
    """ "0.1" ties "1e-1" and "0.10" but not the decimal value of the double 0.1; 2**53 and
    2**53 + 1 are two thresholds (a float64 reading would merge them)."""
    values = [*TIES, LONG, "9007199254740992", "9007199254740993"]
    rows = "".join(f"{x},{i % 2}\n" for i, x in enumerate(values))
    outcome = _same(("score,label\n" + rows).encode())
    assert outcome[5] == (
        Decimal(2**53 + 1),
        Decimal(2**53),
        Decimal("0.1000000000000000055511151231257827"),
        Decimal("0.1"),
    )


def test_many_magnitudes_sort_by_rank() -> None:
    """More than 18 classes of magnitude: the keys are ranks (one lexicographic sort)."""
    values = [f"{m}e{e}" for e in range(-40, 40, 3) for m in (1, -7, 35)]
    text = "score,label\n" + "".join(f"{x},{i % 2}\n" for i, x in enumerate(values))
    assert _same(text.encode())[0] == "curve"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"score,label\n0.5,1\n0.25,yes\n", "line 3: label 'yes'"),
        (b"score,label\n0.5,1\n\n0.25\n", "line 4: 1 fields where the header has 2"),
        (b"score,label\n0.5,1\nnan,0\n", "line 3: score 'nan' is NaN"),
        (b"score,label\n", "header but no data rows"),
        (b"score,label\n\n  \n", "header but no data rows"),
        (b"", "the file is empty"),
        (b"s,l\n1,0\n", "no column 'score'"),
        (b"score,label\n\xff,1\n", "not UTF-8"),
        (b'score,label\n"0.5"3,1\n', "malformed CSV"),
    ],
)
def test_refusals_are_the_python_readers(text: bytes, message: str) -> None:
    outcome = _same(text)
    assert outcome[0] == "error" and message in outcome[2], outcome


def test_the_row_limit_is_refused_with_the_python_readers_line() -> None:
    text = b"score,label\n\n" + b"0.5,1\n\r\n" * 30 + b"0.25,0\n" * 10
    with limits.using(max_examples=25):
        outcome = _same(text, block=40)
    assert outcome[0] == "error" and "line 53: the number of examples exceeds" in outcome[2]


@pytest.mark.parametrize(
    "changes", [{"max_line_chars": 6}, {"max_score_digits": 3}, {"max_score_digits": 90}]
)
def test_low_limits_give_the_python_readers_refusal(changes: dict[str, int]) -> None:
    with limits.using(**changes):
        outcome = _same(b"score,label\n0.5,1\n1e-7,0\n12345,0\n")
    assert outcome[0] == ("curve" if changes.get("max_score_digits") == 90 else "error")


def test_the_hostile_corpus_gets_the_same_answer(tmp_path: Path) -> None:
    from tests.engines.test_filecheck import CSV

    for name, (make, _) in CSV.items():
        path = tmp_path / name
        path.touch()
        make(path)
        if path.is_file():
            with limits.using(max_line_chars=4000):
                _same_at(path)


def test_the_cli_report_is_the_python_readers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The whole JSON report of a plain file: the vectorised path (the python reader is not
    called) and the python reader (the vectorised path switched off) print the same bytes."""
    path = tmp_path / "d.csv"
    rows = [("0.9", 1), ("8e-1", 0), ("0.80", 1), ("0.1", 0), ("-inf", 1), ("1E-300", 0)]
    path.write_text("score,label\n" + "".join(f"{x},{y}\n" for x, y in rows * 3))
    with mock.patch.object(fastcsv, "read_scored_csv", side_effect=AssertionError("slow path")):
        assert main(["report", str(path), "--format", "json"]) == 0
    fast = capsys.readouterr().out
    with mock.patch.object(fastcsv, "_plain_curve", return_value=None):
        assert main(["report", str(path), "--format", "json"]) == 0
    assert capsys.readouterr().out == fast and '"auc_roc"' in fast
