"""Hostile inputs, one test per class: refused with one clear error, never a wrong answer.

Each class: the API raises a RocPrError subclass saying what to fix; the CLI prints one line
and exits 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rocpr_exact as rx
from rocpr_exact import limits
from rocpr_exact.cli import main

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "vectors" / "rocpr_auc_test.json"


# -- the API: wrong types are RocPrErrors (and TypeErrors) -------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: rx.auc_roc([0.1, 0.2]),  # type: ignore[arg-type]
        lambda: rx.auc_pr((0.1, 0.2), "step"),  # type: ignore[arg-type]
        lambda: rx.roc_convex_hull(None),  # type: ignore[arg-type]
        lambda: rx.hull_points("curve"),  # type: ignore[arg-type]
        lambda: rx.achievable_pr_curve([]),  # type: ignore[arg-type]
        lambda: rx.below_achievable_pr({}),  # type: ignore[arg-type]
        lambda: rx.tuned_thresholds([1, 2]),  # type: ignore[arg-type]
        lambda: rx.format_decimal(rx.ClosedForm.log(2), 1.5),  # type: ignore[arg-type]
        lambda: rx.format_decimal(0.5, 3),  # type: ignore[arg-type]
    ],
)
def test_wrong_types_are_library_errors(call: object) -> None:
    with pytest.raises(rx.WrongTypeError) as info:
        call()  # type: ignore[operator]
    assert isinstance(info.value, rx.RocPrError) and isinstance(info.value, TypeError)
    assert "\n" not in str(info.value)


def test_masked_arrays_are_refused_not_silently_unmasked() -> None:
    np = pytest.importorskip("numpy")
    # The masked 0.8 would otherwise rank the negative between the two positives.
    scores = np.ma.masked_array([0.9, 0.8, 0.1], mask=[False, True, False])
    for labels in (np.array([1, 0, 1]), [1, 0, 1]):
        with pytest.raises(rx.InvalidInputError, match="masked array with masked entries"):
            rx.Curve.from_scores(scores, labels)
    # Nothing masked: the values are the data.
    clear = np.ma.masked_array([0.9, 0.8, 0.1], mask=False)
    assert rx.Curve.from_scores(clear, np.array([1, 0, 1])).tps == (0, 1, 1, 2)


# -- check: a results file it cannot read unambiguously is an error ------------------------------


def _check(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "results.json"
    path.write_text(text)
    code = main(["check", str(VECTORS), str(path)])
    return code, capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # duplicate keys: json would keep the last value silently
        ('{"results": {"1": {"auc_roc": 0.75, "auc_roc": 0.5}}}', "'auc_roc' appears twice"),
        ('{"results": {"1": {"auc_roc": 0.75}, "1": {"auc_roc": 0.5}}}', "'1' appears twice"),
        # two names of one metric
        (
            '{"results": {"1": {"auc_pr_step": 0.8, "average_precision": 0.5}}}',
            "gives auc_pr_step twice",
        ),
        # 10**5 levels of nesting: refused before json's recursive parser runs
        ('{"results": ' + "[" * 100_000 + "]" * 100_000 + "}", "nests deeper than 64 levels"),
    ],
)
def test_check_refuses_ambiguous_results(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = _check(tmp_path, text, capsys)
    assert code == 2 and message in err and err.count("\n") == 1


def test_check_reads_huge_numbers_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 1e400 and a 400-digit integer are exact values (far from 3/4): FAIL, not a crash.
    big = "1" + "0" * 400
    code, _ = _check(tmp_path, '{"results": {"1": {"auc_roc": 1e400}}}', capsys)
    assert code == 1
    code, _ = _check(
        tmp_path, json.dumps({"results": {"1": {"auc_roc": 0}}}).replace("0}", big + "}"), capsys
    )
    assert code == 1


def test_json_files_are_read_within_a_bound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "results.json"
    path.write_text(json.dumps({"results": {"1": {"auc_roc": 0.75}}}))
    with limits.using(max_json_bytes=10):
        assert main(["check", str(VECTORS), str(path)]) == 2
    err = capsys.readouterr().err
    assert "longer than 10 bytes" in err and "--limit max_json_bytes=N" in err


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_file_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with limits.using(max_json_bytes=1000):
        assert main(["check", str(VECTORS), "/dev/zero"]) == 2
    assert "longer than 1,000 bytes" in capsys.readouterr().err


# -- number parsing: bounded before the work, no Python syntax extras --------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["check", str(VECTORS), str(VECTORS), "--rtol", "1e-100000000"],
        ["curve", str(ROOT / "examples" / "table1.csv"), "--recall-step", "1e-100000000"],
    ],
)
def test_huge_exponents_are_refused_at_once(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "max_score_digits" in err and err.count("\n") == 1


def test_python_number_syntax_is_not_csv_syntax(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "d.csv"
    path.write_text("score,label\n0_5,1\n0.2,0\n")  # Python reads 0_5 as 5
    assert main(["report", str(path)]) == 2
    assert "score '0_5' is not a number" in capsys.readouterr().err


# -- files: the vectors do not depend on the directory; outputs are written whole ----------------


def test_vectors_are_the_same_in_every_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = VECTORS.read_text(encoding="utf-8")
    for where in (ROOT, tmp_path):
        monkeypatch.chdir(where)
        assert main(["vectors"]) == 0
        assert capsys.readouterr().out == expected
    # The bundled Figure 7 file is the example's.
    bundled = ROOT / "rocpr_exact" / "data" / "figure7.json"
    assert bundled.read_bytes() == (ROOT / "examples" / "figure7.json").read_bytes()


def test_a_missing_figure7_file_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["vectors", "--figure7", "/nonexistent/figure7.json"]) == 2
    err = capsys.readouterr().err
    assert "cannot read the Figure 7 file" in err and err.count("\n") == 1


def test_vectors_write_replaces_whole_files_and_refuses_a_file_as_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "out"
    assert main(["vectors", "--write", str(target)]) == 0
    assert main(["vectors", "--write", str(target)]) == 0  # onto the existing file
    assert (target / "rocpr_auc_test.json").read_text() == VECTORS.read_text()
    assert sorted(p.name for p in target.iterdir()) == ["rocpr_auc_test.json", "twins"]
    twins = sorted(p.name for p in (target / "twins").iterdir())  # no temp file either
    assert twins == sorted(p.name for p in (ROOT / "vectors" / "twins").iterdir())
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    capsys.readouterr()
    assert main(["vectors", "--write", str(blocker)]) == 2
    assert "cannot write the vectors" in capsys.readouterr().err


def test_a_failed_write_leaves_nothing_behind(tmp_path: Path) -> None:
    from rocpr_exact.io.files import write_atomically

    target = tmp_path / "f.txt"
    target.write_text("old")

    def fail(stream: object) -> None:
        stream.write(b"partial")  # type: ignore[attr-defined]
        raise OSError(28, "No space left on device")

    with pytest.raises(rx.InvalidInputError, match="No space left on device"):
        write_atomically(target, fail)
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["f.txt"]


@pytest.mark.subprocess
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_output_that_cannot_be_written_is_an_error() -> None:
    import subprocess
    import sys

    argv = [sys.executable, "-m", "rocpr_exact", "report", str(ROOT / "examples" / "table1.csv")]
    with open("/dev/full", "w") as full:
        done = subprocess.run(argv, stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert done.returncode == 2
    assert done.stderr == (
        "rocpr-exact: error: cannot write the output to standard output: No space left on device\n"
    )
    # Standard output closed (as `>&-` does): the report is lost, so this is no success either.
    closed = subprocess.run(
        ["sh", "-c", '"$0" "$@" >&-', *argv], stderr=subprocess.PIPE, text=True, cwd=ROOT
    )
    assert closed.returncode == 2 and "standard output is closed" in closed.stderr


def test_a_wide_header_is_read() -> None:
    # 200,000 columns: the duplicate check once took minutes (a count per column); now one pass
    # (this test would hold the suite up for minutes if it were quadratic again).
    import io
    from decimal import Decimal

    from rocpr_exact.io.readers import read_scored_csv

    n = 200_000
    header = ",".join(f"c{i}" for i in range(n)) + ",score,label\n"
    row = ",".join("0" for _ in range(n)) + ",0.5,1\n"
    with limits.using(max_line_chars=None):
        scores, labels = read_scored_csv(io.BytesIO((header + row).encode()))
    assert (scores, labels) == ([Decimal("0.5")], [1])


def test_csv_field_limit_and_lone_cr_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wide = tmp_path / "wide.csv"
    wide.write_text("score,label\n0." + "1" * 140_000 + ",1\n0.2,0\n")
    assert main(["report", str(wide), "--limit", "max_score_digits=none"]) == 2
    assert "holds at most 131,072 characters" in capsys.readouterr().err
    # 1.2 MB of lines ending in a lone CR (over max_line_chars as one line): read line by line,
    # the same report as the same lines ending in LF.
    rows = ["score,label"] + [f"0.{i % 1000:03d},{i % 2}" for i in range(150_000)]
    cr, lf = tmp_path / "cr.csv", tmp_path / "lf.csv"
    cr.write_bytes(("\r".join(rows) + "\r").encode())
    lf.write_bytes(("\n".join(rows) + "\n").encode())
    assert main(["report", str(cr), "--digits", "5"]) == 0
    from_cr = json.loads(capsys.readouterr().out)
    assert main(["report", str(lf), "--digits", "5"]) == 0
    from_lf = json.loads(capsys.readouterr().out)
    from_cr.pop("source"), from_lf.pop("source")
    assert from_cr == from_lf and from_cr["positives"] == 75_000


@pytest.mark.parametrize(
    ("edit", "detail"),
    [
        (lambda e: e["auc_roc"].__setitem__("exact", "1/0"), "divides by 0"),
        (lambda e: e["auc_roc"].pop("exact"), "KeyError"),
        (
            lambda e: e["auc_pr_continuous"]["exact"].__setitem__("log_terms", [["1", "-2"]]),
            "positive log arguments",
        ),
    ],
)
def test_hand_edited_vectors_are_errors_not_crashes(
    edit: object, detail: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    vectors = json.loads(VECTORS.read_text())
    edit(vectors["testGroups"][0]["tests"][0]["expected"])  # type: ignore[operator]
    edited = tmp_path / "v.json"
    edited.write_text(json.dumps(vectors))
    results = tmp_path / "r.json"
    results.write_text('{"results": {"1": {"auc_roc": 0.75, "auc_pr_continuous": 0.5}}}')
    assert main(["check", str(edited), str(results)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rocpr-exact: error: vector tcId 1, ") and detail in err
    assert err.count("\n") == 1
