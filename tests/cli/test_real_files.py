"""Real files: a delimiter, named labels, compressed CSV (every engine), thresholds in
``curve``, and ``operating-point``; each compared with the plain comma/0-1 file or a brute
force over the raw rows."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import random
from fractions import Fraction
from pathlib import Path

import pytest

from rocpr_exact.cli import main

_RANDOM = random.Random(7)
#: 200 rows, scores 0.0 to 3.0 in steps of 0.1 (many ties), labels 0/1.
ROWS = [(f"{_RANDOM.randint(0, 30) / 10}", _RANDOM.randint(0, 1)) for _ in range(200)]


def _write(path: Path, delimiter: str, positive: str, negative: str, pad: str = "") -> Path:
    lines = [f"id{delimiter}score{delimiter}y"]
    lines += [
        f"{i}{delimiter}{s}{delimiter}{pad}{positive if y else negative}{pad}"
        for i, (s, y) in enumerate(ROWS)
    ]
    text = "\n".join(lines) + "\n"
    opener = {".gz": gzip.open, ".bz2": bz2.open, ".xz": lzma.open}.get(path.suffix)
    if opener is None:
        path.write_text(text)
    else:
        with opener(path, "wt") as stream:
            stream.write(text)
    return path


#: Files written in another dialect (delimiter, positive and negative label, spaces around
#: labels) and the flags that read them; each gives the plain comma/0-1 file's report.
DIALECTS = [
    (";", "yes", "no", "", ["--positive-label", "yes"]),
    ("\t", "pos", "neg", "", ["--positive-label", "pos", "--negative-label", "neg"]),
    ("|", "Yes", "No", " ", ["--negative-label", "No"]),  # spaces: the python reader
]
#: A file with a label outside the named ones, and each refusal of named labels with its flags.
NAMED_REFUSALS = {
    "line 4: label 'maybe' is not 'yes' (positive) or 'no' (negative)": [
        "--positive-label", "yes", "--negative-label", "no"
    ],
    "no label is 'Sure' (--positive-label): every example would be negative": [
        "--positive-label", "Sure"
    ],
    "no label is 'Nope' (--negative-label)": ["--negative-label", "Nope"],
    # a label equal to the one name but for case would count as the other class (issue 38)
    "line 2: label 'yes' differs from --positive-label 'Yes' only in case": [
        "--positive-label", "Yes"
    ],
    "line 3: label 'no' differs from --negative-label 'NO' only in case": [
        "--negative-label", "NO"
    ],
    "--positive-label and --negative-label are both 'no'": [
        "--positive-label", "no", "--negative-label", "no"
    ],
    "--delimiter must be one character": ["--delimiter", "ab"],
    "--delimiter must be one character that is not part of a number": ["--delimiter", "."],
}  # fmt: skip
MAYBE = "score,y\n0.9,yes\n0.8,no\n0.7,maybe\n"


def _report(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(argv) == 0, capsys.readouterr().err
    report: dict[str, object] = json.loads(capsys.readouterr().out)
    report.pop("source")
    return report


@pytest.mark.parametrize("suffix", ["", ".gz", ".bz2", ".xz"])
@pytest.mark.parametrize("engine", ["python", "duckdb"])
def test_delimiters_labels_and_compression_give_the_plain_files_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], suffix: str, engine: str
) -> None:
    if engine == "duckdb":
        pytest.importorskip("duckdb")
    base = ["--label-column", "y", "--engine", engine]
    plain = _report(["report", str(_write(tmp_path / "p.csv", ",", "1", "0")), *base], capsys)
    for number, (delimiter, positive, negative, pad, flags) in enumerate(DIALECTS):
        name = tmp_path / f"d{number}.csv{suffix}"
        _write(name, delimiter, positive, negative, pad)
        shown = "\\t" if delimiter == "\t" else delimiter
        argv = ["report", str(name), *base, "--delimiter", shown, *flags]
        assert _report(argv, capsys) == plain, (delimiter, suffix)


@pytest.mark.parametrize("engine", ["python", "duckdb"])
def test_named_labels_are_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], engine: str
) -> None:
    if engine == "duckdb":
        pytest.importorskip("duckdb")
    path = tmp_path / "d.csv"
    path.write_text(MAYBE)
    base = ["report", str(path), "--label-column", "y", "--engine", engine]
    for message, flags in NAMED_REFUSALS.items():
        assert main([*base, *flags]) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1, err
    one_vs_rest = _report([*base, "--positive-label", "yes"], capsys)
    assert (one_vs_rest["positives"], one_vs_rest["negatives"]) == (1, 2)


def test_a_semicolon_file_read_with_commas_names_the_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "d.csv"
    path.write_text("score;label\n0.9;1\n")
    assert main(["report", str(path)]) == 2
    assert "name the delimiter with --delimiter" in capsys.readouterr().err


def test_options_that_do_not_apply_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pts.csv"
    path.write_text("recall,precision\n0.5,1\n")
    argv = ["report", str(path), "--positives", "2", "--negatives", "2", "--delimiter", ";"]
    assert main(argv) == 2
    assert "a CSV of operating points is comma-separated" in capsys.readouterr().err


@pytest.mark.parametrize("engine", ["python", "duckdb"])
def test_a_damaged_compressed_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], engine: str
) -> None:
    if engine == "duckdb":
        pytest.importorskip("duckdb")
    (tmp_path / "a.csv.gz").write_bytes(b"not gzip at all\n")
    data = lzma.compress(b"score,label\n" + b"0.5,1\n" * 1000)
    (tmp_path / "b.csv.xz").write_bytes(data[: len(data) // 2])
    (tmp_path / "c.csv.bz2").write_bytes(b"BZh9garbage")
    for name in ("a.csv.gz", "b.csv.xz", "c.csv.bz2"):
        assert main(["report", str(tmp_path / name), "--engine", engine]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"rocpr-exact: error: cannot read {tmp_path / name}: "), err
        assert err.count("\n") == 1


def _counts(cut: Fraction) -> tuple[int, int]:
    """(TP, FP) of 'positive iff score >= cut' on ROWS, from the raw rows."""
    tp = sum(1 for s, y in ROWS if Fraction(s) >= cut and y)
    fp = sum(1 for s, y in ROWS if Fraction(s) >= cut and not y)
    return tp, fp


def test_curve_prints_each_points_threshold(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    from rocpr_exact.output.listing import curve_schema

    path = _write(tmp_path / "d.csv", ",", "1", "0")
    assert main(["curve", str(path), "--label-column", "y", "--digits", "3"]) == 0
    listing = json.loads(capsys.readouterr().out)
    jsonschema.validate(listing, curve_schema())
    assert listing["roc"][0]["threshold"] is None  # (0, 0): nothing predicted positive
    for point in listing["roc"][1:]:
        assert _counts(Fraction(point["threshold"])) == (point["tp"], point["fp"])
    written = {Fraction(s) for s, _ in ROWS}  # every distinct score is one threshold
    assert {Fraction(p["threshold"]) for p in listing["roc"][1:]} == written
    assert main(["curve", str(path), "--label-column", "y", "--format", "text"]) == 0
    text = capsys.readouterr().out
    assert "TP FP FPR TPR threshold" in text and "TP FP recall precision threshold" in text


def _brute_f1() -> tuple[Fraction, Fraction]:
    """The greatest F1 and its (highest) cut-off, every distinct score tried."""
    p = sum(y for _, y in ROWS)
    best = max(
        ((Fraction(2 * tp, tp + fp + p), cut) for cut in {Fraction(s) for s, _ in ROWS}
         for tp, fp in [_counts(cut)]),
        key=lambda pair: (pair[0], pair[1]),
    )  # fmt: skip
    return best


def test_operating_point_prints_the_exact_point(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "d.csv", ";", "yes", "no")
    base = ["operating-point", str(path), "--label-column", "y", "--delimiter", ";"]
    base += ["--positive-label", "yes"]
    assert main([*base, "--f-beta", "1"]) == 0
    point = json.loads(capsys.readouterr().out)
    value, cut = _brute_f1()
    assert (Fraction(point["value"]["exact"]), Fraction(point["threshold"])) == (value, cut)
    tp, fp = _counts(cut)
    assert (point["tp"], point["fp"]) == (tp, fp)
    assert point["tp"] + point["fn"] + point["fp"] + point["tn"] == len(ROWS)
    assert Fraction(point["precision"]["exact"]) == Fraction(tp, tp + fp)
    for flags, value_of in (
        (["--youden"], "TPR - FPR"),
        (["--at-recall", "0.9"], "precision"),
        (["--at-precision", "1/2"], "recall"),
        (["--at-fpr", "0.5"], "tpr"),
    ):
        assert main([*base, *flags]) == 0, flags
        assert json.loads(capsys.readouterr().out)["value_of"] == value_of
    assert main([*base, "--at-fpr", "0", "--format", "text"]) == 2  # the top score has a negative
    assert "no threshold of the curve gives an FPR of at most 0" in capsys.readouterr().err
    assert main([*base]) == 2  # one criterion is required
    assert "one of the arguments" in capsys.readouterr().err
