"""``consistent --claims FILE.csv``: each row answered as the single command answers its flags.

The single command's answers are taken by running it (``main``) with flags built here from the
CSV cells, independently of the claims module's own construction; verdicts of the example
table's moved rows are checked by hand in examples/make_examples.py's comments (a grid, a
count, a fold mean's step of 1/240).
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.cli import main
from rocpr_exact.io.readers import read_scored_csv

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "claims.csv"
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _single_argv(cells: dict[str, str]) -> list[str]:
    """The single command's flags for one CSV row (switch ``true``: the bare flag)."""
    argv = ["consistent"]
    for column, text in cells.items():
        if column == "name" or not text:
            continue
        flag = "--" + column.replace("_", "-")
        if text != "false":
            argv += [flag] if text == "true" else [f"{flag}={text}"]
    return argv


def _claims(tmp_path: Path, text: str) -> str:
    path = tmp_path / "claims.csv"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_every_example_row_is_the_single_commands_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["consistent", "--claims", str(EXAMPLE), "--format", "json"]
    code, out, _ = _run([*argv, "--certificate", str(tmp_path)], capsys)
    answers = json.loads(out)
    with EXAMPLE.open(encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert len(rows) == len(answers) == 20
    for number, (cells, got) in enumerate(zip(rows, answers, strict=True), start=1):
        assert (got.pop("row"), got.pop("name")) == (number, cells["name"])
        certificate = got.pop("certificate_file")
        assert certificate == str(tmp_path / f"{number:02d}-{cells['name']}.certificate.json")
        if got["verdict"] == "impossible":  # each impossible row's certificate re-verifies
            assert main(["check-certificate", certificate]) == 0
            assert capsys.readouterr().out.startswith("valid: every decision proved")
        status, single, err = _run(_single_argv(cells), capsys)
        assert err == "" and got == json.loads(single), cells["name"]
        assert status == {"possible": 0, "impossible": 1, "not modelled": 5}[got["verdict"]]
    verdicts = {a["verdict"] for a in answers}
    assert verdicts == {"possible", "impossible", "not modelled"}
    assert code == 1  # the worst verdict: impossible (1) before not modelled (5)


def test_the_example_tables_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(["consistent", "--claims", str(EXAMPLE), "--format", "csv"], capsys)
    table = list(csv.DictReader(out.splitlines()))
    verdicts = {row["name"]: row["verdict"] for row in table}
    moved = {name for name in verdicts if name.startswith("moved-")}
    assert len(moved) == 6 and {verdicts[name] for name in moved} == {"impossible"}
    assert verdicts.pop("asymmetric-ci") == "not modelled"
    assert {verdicts[name] for name in verdicts if name not in moved} == {"possible"}
    # the interval row's, the fold row's and the class rows' claims are among them
    assert {"interval", "cv-mean-sd", "cv-fold-sizes", "macro-3-classes"} <= set(verdicts)


def test_the_readme_shows_the_commands_output(capsys: pytest.CaptureFixture[str]) -> None:
    block = re.search(
        r"```console\n\$ rocpr-exact (consistent --claims examples/claims.csv)\n(.*?)```",
        README,
        flags=re.S,
    )
    assert block is not None, "the README's --claims example"
    code, out, _ = _run(block.group(1).split(), capsys)
    assert out == block.group(2) and code == 1


def test_a_bad_row_is_refused_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _claims(
        tmp_path,
        "name,positives,negatives,auc_roc,no-ties\n"
        "ok,10,10,0.5,\n"
        "tab2-b,10,10,0.5x,\n"
        "no-p,,10,0.5,\n"
        "short,10\n"
        "switch,10,10,0.5,maybe\n"
        "grid,10,10,0.873,true\n",
    )
    code, out, err = _run(["consistent", "--claims", path, "--format", "json"], capsys)
    answers = json.loads(out)
    assert code == 2  # a refused row is the worst verdict, and stderr says so in one line
    assert (
        err == "rocpr-exact: note: 4 of 6 claim rows refused (row 2, 3, 4, 5): each one's "
        "reason is in the output, and the other rows are answered\n"
    )
    assert [a["verdict"] for a in answers] == ["possible", *["refused"] * 4, "impossible"]
    reasons = [a["reasons"][0] for a in answers[1:5]]
    assert [a["column"] for a in answers[1:5]] == ["auc-roc", "positives", None, "no-ties"]
    assert reasons[0].startswith("row 2 (name 'tab2-b'), column auc-roc: ")
    assert reasons[1].startswith("row 3 (name 'no-p'), column positives: consistent needs")
    assert reasons[2] == "row 4 (name 'short'): 2 fields where the header has 5"
    assert reasons[3].startswith("row 5 (name 'switch'), column no-ties: takes true or false")
    assert all("\n" not in reason for reason in reasons)


def test_the_text_and_csv_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _claims(tmp_path, "name,positives,negatives,auc-roc\na,10,10,0.873\nb,x,10,0.5\n")
    code, out, _ = _run(["consistent", "--claims", path], capsys)
    lines = out.splitlines()
    assert code == 2 and lines[0].split() == ["row", "name", "verdict", "reason"]
    assert lines[1].split()[:3] == ["1", "a", "impossible"]
    assert lines[2].split()[:4] == ["2", "b", "refused", "column"]
    assert lines[-1] == "2 rows: 1 refused, 1 impossible"
    _, out, _ = _run(["consistent", "--claims", path, "--format", "csv"], capsys)
    rows = list(csv.reader(out.splitlines()))
    assert rows[0] == ["row", "name", "verdict", "reasons"] and rows[2][:3] == ["2", "b", "refused"]


@pytest.mark.parametrize(
    ("header", "said"),
    [
        ("name,positives,auc", "unknown column 'auc' in the header (did you mean 'auc-ci'?)"),
        ("name,format", "unknown column 'format'"),  # a command option is no column
        ("name,auc_roc,auc-roc", "the column 'auc-roc' is given twice"),
        ("positives,negatives", "no column 'name'"),
    ],
)
def test_a_bad_header_refuses_the_file(
    header: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _claims(tmp_path, header + "\n" + ",".join("1" for _ in header.split(",")) + "\n")
    code, out, err = _run(["consistent", "--claims", path], capsys)
    assert code == 2 and out == "" and said in err and len(err.splitlines()) == 1


def test_the_table_is_bounded_before_any_row_is_decided(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _claims(tmp_path, "name,positives,negatives,auc-roc\n" + "a,10,10,0.5\n" * 3)
    code, _, err = _run(["consistent", "--claims", path, "--limit", "max_claim_rows=2"], capsys)
    assert code == 2 and "more than 2 claim rows" in err and "--limit max_claim_rows=N" in err
    code, _, err = _run(["consistent", "--claims", path, "--limit", "max_claim_bytes=40"], capsys)
    assert code == 2 and "bytes) is longer than 40 bytes" in err and "max_claim_bytes" in err
    assert main(["consistent", "--claims", path, "--limit", "max_claim_rows=3"]) == 0
    capsys.readouterr()


def test_a_compressed_table_with_a_bom_and_crlf_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import gzip

    text = "\ufeffName,Positives,Negatives,AUC_ROC\r\na,10,10,0.873\r\n"
    plain = _claims(tmp_path, "name,positives,negatives,auc-roc\na,10,10,0.873\n")
    packed = tmp_path / "claims.csv.gz"
    packed.write_bytes(gzip.compress(text.encode("utf-8")))
    expected = _run(["consistent", "--claims", plain, "--format", "json"], capsys)
    assert _run(["consistent", "--claims", str(packed), "--format", "json"], capsys) == expected
    assert expected[0] == 1 and json.loads(expected[1])[0]["verdict"] == "impossible"


def test_certificates_and_witnesses_one_file_per_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _claims(
        tmp_path,
        "name,positives,negatives,auc-roc,folds,auc-roc-mean\n"
        "fine/one,10,10,0.5,,\n"
        "grid,10,10,0.873,,\n"
        "cv,20,30,,5,0.873\n"
        "cv-ok,20,30,,5,0.875\n",
    )
    certs, witnesses = tmp_path / "certs", tmp_path / "witnesses"
    argv = ["consistent", "--claims", path, "--format", "json"]
    code, out, _ = _run([*argv, "--certificate", str(certs), "--witness", str(witnesses)], capsys)
    answers = json.loads(out)
    assert code == 1
    assert sorted(p.name for p in certs.iterdir()) == [
        "1-fine_one.certificate.json",
        "2-grid.certificate.json",
        "3-cv.certificate.json",
        "4-cv-ok.certificate.json",
    ]
    assert sorted(p.name for p in witnesses.iterdir()) == [
        "1-fine_one.witness.csv",
        "4-cv-ok.witness.csv",  # an aggregate's witness file: fold,score,label
    ]
    assert (witnesses / "4-cv-ok.witness.csv").read_text().startswith("fold,score,label\n")
    assert answers[3]["witness_model"] == "folds"
    _, labels = read_scored_csv(witnesses / "1-fine_one.witness.csv")
    assert (sum(labels), len(labels) - sum(labels)) == (10, 10)
    for name in ("2-grid", "3-cv"):  # the impossible rows' certificates re-verify
        assert main(["check-certificate", str(certs / f"{name}.certificate.json")]) == 0
        assert capsys.readouterr().out.startswith("valid")
    assert answers[1]["witness_file"] is None and "impossible" in answers[1]["witness_not_written"]
    assert answers[2]["witness_file"] is None and "impossible" in answers[2]["witness_not_written"]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--auc-roc", "0.5"], "--claims takes every claim from the file: drop --auc-roc"),
        (["--no-ties"], "drop --no-ties"),
        (["--certificate", "-"], "--certificate with --claims names a folder"),
    ],
)
def test_flags_beside_claims(
    argv: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _claims(tmp_path, "name,positives,negatives,auc-roc\na,10,10,0.5\n")
    code, out, err = _run(["consistent", "--claims", path, *argv], capsys)
    assert code == 2 and out == "" and said in err


def test_csv_format_is_for_claims_only(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["consistent", "--positives", "10", "--negatives", "10", "--auc-roc", "0.5"]
    code, _, err = _run([*argv, "--format", "csv"], capsys)
    assert code == 2 and "--format csv is the table of --claims" in err
    code, out, _ = _run(argv, capsys)  # the default stays json
    assert code == 0 and json.loads(out)["verdict"] == "possible"


def test_a_repeatable_flag_takes_values_separated_by_semicolons(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Every curve through (0, 1) has AUC-ROC 1 (README): 0.5 with that point is impossible.
    path = _claims(
        tmp_path,
        "name,positives,negatives,auc-roc,roc-point,tolerance\n"
        'both,4,4,0.5,"0,1;0.5,1",0\n'
        'one,4,4,0.5,"0.5,1",0\n',
    )
    code, out, _ = _run(["consistent", "--claims", path, "--format", "json"], capsys)
    answers = json.loads(out)
    assert [len(a["roc_points"]) for a in answers] == [2, 1]
    assert [a["verdict"] for a in answers] == ["impossible", "possible"] and code == 1


#: Cells of a random table: good, bad and empty values of a few columns.
CELLS = {
    "positives": ["", "0", "3", "5", "x", "-1"],
    "negatives": ["", "2", "4", "1e3"],
    "auc_roc": ["", "0.5", "0.873", "0.75", "1/2", "0.5±0.1", "nan"],
    "average-precision": ["", "0.6", "0.9", "2"],
    "no-ties": ["", "true", "false", "maybe"],
    "rounding": ["", "truncate", "up"],
    "folds": ["", "2", "9"],
    "auc-roc-mean": ["", "0.5", "0.81"],
}


@given(
    st.lists(
        st.fixed_dictionaries({column: st.sampled_from(v) for column, v in CELLS.items()}),
        min_size=1,
        max_size=3,
    )
)
def test_any_table_answers_each_row_as_the_single_command(rows: list[dict[str, str]]) -> None:
    """Every row of a random table is the single command's answer, or refused exactly when the
    single command exits 2; never an internal error, and the exit status is the worst row's."""
    import contextlib
    import io
    import tempfile

    def run(argv: list[str]) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
        return code, out.getvalue(), err.getvalue()

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "claims.csv"
        lines = ["name," + ",".join(CELLS)]
        lines += [f"r{i}," + ",".join(row[c] for c in CELLS) for i, row in enumerate(rows, start=1)]
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        code, out, err = run(["consistent", "--claims", str(path), "--format", "json"])
    assert code in (0, 1, 2, 4, 5)
    answers = json.loads(out)
    refused = [a for a in answers if a["verdict"] == "refused"]
    assert (err == "") == (not refused) and len(err.splitlines()) <= 1
    statuses = {"refused": 2, "impossible": 1, "undecided": 4, "not modelled": 5, "possible": 0}
    for number, (row, got) in enumerate(zip(rows, answers, strict=True), start=1):
        status, single, said = run(_single_argv({"name": "", **row}))
        assert "internal error" not in said
        if got["verdict"] == "refused":
            assert status == 2 and got["reasons"][0].startswith(f"row {number} (name 'r{number}')")
        else:
            assert status == statuses[got["verdict"]]
            assert {k: v for k, v in got.items() if k not in ("row", "name")} == json.loads(single)
    order = ["refused", "impossible", "undecided", "not modelled", "possible"]
    worst = min(order.index(a["verdict"]) for a in answers)
    assert code == statuses[order[worst]]
