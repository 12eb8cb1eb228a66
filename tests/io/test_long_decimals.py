"""Decimals as float64 writers print them, read by the vectorised CSV path exactly.

numpy's ``savetxt`` writes ``%.18e`` by default (19 significant digits), ``%.20g`` writes 20,
``repr`` at most 17: every one must take the vectorised path (not the row reader), give each
score its exact decimal value (the reference: ``Fraction(Decimal(text))``, no float), order and
tie the scores as those values do, and give the row reader's curve and report.
"""

from __future__ import annotations

import json
import tempfile
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.cli import main
from rocpr_exact.io import fastcsv
from rocpr_exact.io.fastcsv import plain_csv_curve, plain_csv_keys
from tests.io.test_fastcsv import _same

np = pytest.importorskip("numpy")

FORMATS = {
    "%.18e": lambda x: f"{x:.18e}",
    "%.20g": lambda x: f"{x:.20g}",
    "repr": repr,
    "%.17g": lambda x: f"{x:.17g}",
}
floats = st.floats(allow_nan=False, allow_infinity=False)


def _file(tmp_path: Path, texts: list[str], labels: list[int]) -> Path:
    path = tmp_path / "d.csv"
    rows = "".join(f"{x},{y}\n" for x, y in zip(texts, labels, strict=True))
    path.write_text("score,label\n" + rows)
    return path


def _exact(text: str) -> Fraction:
    return Fraction(Decimal(text))


def _check_keys(path: Path, texts: list[str]) -> None:
    """Each key's value is the text's exact value; keys order and tie as the values."""
    read = plain_csv_keys(path)
    assert read is not None, "the vectorised path refused the file"
    keys, _ = read
    values = [_exact(t) for t in texts]
    assert [Fraction(keys.value(int(k))) for k in keys.keys] == values
    for i, a in enumerate(values):
        for j, b in enumerate(values):
            assert (keys.keys[i] < keys.keys[j]) == (a < b)
            assert (keys.keys[i] == keys.keys[j]) == (a == b)


@given(
    st.sampled_from(sorted(FORMATS)),
    st.lists(st.tuples(floats, st.integers(0, 1)), min_size=1, max_size=12),
)
def test_float64_writers_are_read_exactly(fmt: str, rows: list[tuple[float, int]]) -> None:
    texts = [FORMATS[fmt](x) for x, _ in rows]
    labels = [y for _, y in rows]
    text = "score,label\n" + "".join(f"{x},{y}\n" for x, y in zip(texts, labels, strict=True))
    assert _same(text.encode())[0] == "curve"  # the row reader's curve and thresholds
    with tempfile.TemporaryDirectory() as folder:
        _check_keys(_file(Path(folder), texts, labels), texts)


# Ties in the first 18 significant digits, told apart by the next ones; 36 digits; signs; one
# name written three ways.
LONG = [
    "0.1000000000000000001",
    "0.1000000000000000002",
    "0.1",
    "1.000000000000000001e-1",
    "0.10000000000000000010",
    "-0.1000000000000000001",
    "-0.1000000000000000002",
    "-0.1",
    "0.123456789012345678901234567890123456",
    "-123456789012345678901234567890123456",
    "9.000000000000000222e-01",
    "0",
    "-1e400",
]


def test_ties_in_the_first_half_are_told_apart_by_the_second(tmp_path: Path) -> None:
    labels = [i % 2 for i in range(len(LONG))]
    _check_keys(_file(tmp_path, LONG, labels), LONG)
    outcome = _same(_file(tmp_path, LONG, labels).read_bytes())
    # 13 texts, 11 values: "0.1000000000000000001" is written three ways
    assert outcome[0] == "curve" and len(set(outcome[5])) == len(outcome[5]) == 11


def test_long_decimals_in_many_magnitudes_sort_by_rank(tmp_path: Path) -> None:
    """More than 18 classes of magnitude and 19-digit mantissas: the lexicographic ranks."""
    texts = [f"{m}e{e}" for e in range(-40, 40, 3) for m in ("1.000000000000000001", "-7", "35")]
    labels = [i % 2 for i in range(len(texts))]
    _check_keys(_file(tmp_path, texts, labels), texts)


@pytest.fixture
def every_file_noted(monkeypatch: pytest.MonkeyPatch) -> None:
    """The note for files of any size (it is for files of NOTE_BYTES and more)."""
    monkeypatch.setattr(fastcsv, "NOTE_BYTES", 0)


def test_a_large_file_with_a_numeral_of_37_digits_gets_one_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long = "0." + "1" * 37
    rows = 1 + fastcsv.NOTE_BYTES // len("0.5,1\n")  # a file of NOTE_BYTES and more
    labels = [0, 1] + [i % 2 for i in range(rows)]
    path = _file(tmp_path, ["0.25", long] + ["0.5"] * rows, labels)
    assert plain_csv_curve(path) is None
    assert main(["report", str(path), "--format", "json"]) == 0
    err = capsys.readouterr().err
    assert err == (
        f"rocpr-exact: note: {path}: line 3: score '{long}' is not a decimal numeral of at "
        "most 36 significant digits and 40 characters; the file was read row by row (slower)\n"
    )


def test_a_small_file_read_row_by_row_gets_no_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, ["0.5", "1/3"], [1, 0])
    assert plain_csv_curve(path) is None  # a fraction: the python reader's, in a moment
    assert main(["report", str(path)]) == 0 and capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (b'score,label\n0.5,1\n"0.5",0\n', "line 3: a double quote"),
        (b"score,label\n0.5,1\n0.5,0\r\r\n", "line 3: a carriage return that ends no line"),
        (b"score,label\n0.5,1\n1/3,0\n", "line 3: score '1/3' is not a decimal numeral"),
        ("score,label\n0.5,1\n0.5,0\n\u00bd,1\n".encode(), "line 4: a non-ASCII byte"),
    ],
)
@pytest.mark.usefixtures("every_file_noted")
def test_the_note_names_the_file_the_line_and_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: bytes, why: str
) -> None:
    path = tmp_path / "d.csv"
    path.write_bytes(text)
    status = main(["report", str(path)])
    err = capsys.readouterr().err
    if status == 0:
        assert err.startswith(f"rocpr-exact: note: {path}: {why}") and err.count("\n") == 1
    else:  # the row reader refuses the file: its one line, no note
        assert err.startswith("rocpr-exact: error:") and err.count("\n") == 1


@pytest.mark.usefixtures("every_file_noted")
def test_a_plain_file_and_a_refused_one_get_no_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, ["9.000000000000000222e-01", "0.5"], [1, 0])
    assert main(["report", str(path)]) == 0
    assert capsys.readouterr().err == ""
    path.write_text("score,label\n1/3,1\n0.5,yes\n")
    assert main(["report", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "label 'yes'" in err and "note" not in err


def test_a_savetxt_file_gets_the_row_readers_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """np.savetxt's default format: the vectorised path (the row reader is not called) and the
    row reader (the vectorised path switched off) print the same JSON report."""
    rng = np.random.default_rng(38)
    labels = (rng.random(200) < 0.4).astype(int)
    scores = np.round(rng.random(200), 2) * 0.6 + 0.4 * labels * rng.random(200)
    path = tmp_path / "d.csv"
    np.savetxt(path, np.column_stack([scores, labels]), fmt=["%.18e", "%d"], delimiter=",",
               header="score,label", comments="")
    with mock.patch.object(fastcsv, "read_scored_csv", side_effect=AssertionError("slow path")):
        assert main(["report", str(path), "--format", "json"]) == 0
    fast = capsys.readouterr().out
    with mock.patch.object(fastcsv, "_plain_curve", return_value=None):
        assert main(["report", str(path), "--format", "json"]) == 0
    slow = capsys.readouterr().out
    assert slow == fast and json.loads(fast)["positives"] == int(labels.sum())


def test_many_thresholds_of_19_digits_are_found_after_one_sort(tmp_path: Path) -> None:
    """More thresholds asked than the first scans serve: the low halves are found in the keys
    sorted once; ties (each value written twice) and negatives among them."""
    rng = np.random.default_rng(19)
    values = (rng.random(30) - 0.3).tolist()
    texts = [f"{x:.18e}" for x in values + values[:10]]
    _check_keys(_file(tmp_path, texts, [i % 2 for i in range(len(texts))]), texts)
