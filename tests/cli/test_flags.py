"""Every flag counts or is refused (issue 38): a single-valued flag given twice, negative values,
several score columns, the limits ``check`` and ``vectors`` advise, ``--ci-level`` without an
interval, one-class files, and what ``compare`` reads and prints."""

from __future__ import annotations

import argparse
import json
import random
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest

from rocpr_exact.cli import main
from rocpr_exact.cli.app import COMMANDS, build_parser
from rocpr_exact.output.report import report_schema
from tests.areas.test_variance import textbook_covariance
from tests.brute_force import mann_whitney

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "vectors" / "rocpr_auc_test.json"
FIGURE7 = ROOT / "examples" / "figure7.json"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def scored(path: Path, rows: list[tuple[object, ...]], header: str = "score,label") -> str:
    path.write_text(header + "\n" + "".join(",".join(map(str, r)) + "\n" for r in rows))
    return str(path)


def random_rows(seed: int, n: int) -> list[tuple[int, int, int]]:
    """(a, b, label) with integer scores, both classes (the first two rows)."""
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        y = i % 2 if i < 2 else int(rng.random() < 0.4)
        rows.append((rng.randint(0, 20) + 4 * y, rng.randint(0, 20) + 2 * y, y))
    return rows


# -- a single-valued flag given twice ---------------------------------------------------


def _single_valued(command: str) -> list[argparse.Action]:
    parser = build_parser(command)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [
        action
        for action in sub.choices[command]._actions
        if action.option_strings
        and isinstance(action, argparse._StoreAction | argparse._StoreConstAction)
    ]


def _taken(action: argparse.Action) -> str:
    for value in ("1", "0.5", "7x3", "sklearn"):
        try:
            if action.type is not None and not isinstance(action.type, str):
                action.type(value)
        except (argparse.ArgumentTypeError, ValueError):
            continue
        return value
    raise AssertionError(f"no test value for {action.option_strings}")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_single_valued_flag_given_twice_is_refused(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Generic: every command's every single-valued option, found from the parser itself, so a
    # flag added later is covered too.  The check comes before the value is read.
    actions = _single_valued(command)
    assert actions
    for action in actions:
        flag = action.option_strings[-1]
        # a value the flag takes (its first choice, else one its type reads): the first is read
        value = str(next(iter(action.choices))) if action.choices else _taken(action)
        values = [] if action.nargs == 0 else [value]
        code, out, err = run([command, flag, *values, flag, *values], capsys)
        shown = f" ({value} and {value})" if values else ""
        expected = f"{'/'.join(action.option_strings)} is given twice{shown}: give it once"
        assert (code, out) == (2, ""), flag
        assert expected in err and err.count("\n") == 1, (flag, err)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["report", "{csv}", "--score-column", "a", "--score-column", "b"], "--score-column"
         " is given twice (a and b)"),
        (["report", "{csv}", "--score-col=a", "--score-column", "b"], "--score-column is given"
         " twice (a and b)"),  # an abbreviation and the = form
        (["consistent", "--positives", "10", "--negatives", "10", "--auc-roc", "0.873",
          "--auc-roc=0.5"], "--auc-roc is given twice (0.873 and 0.5): give it once"),
        (["plot", "{csv}", "-o", "a.png", "--output", "b.png"], "-o/--output is given twice"
         " (a.png and b.png)"),
        (["report", "{csv}", "--no-progress", "--no-prog"], "--no-progress is given twice:"),
    ],
)  # fmt: skip
def test_examples_of_the_issue(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = scored(tmp_path / "d.csv", [(1, 1), (0, 0)])
    code, out, err = run([a.replace("{csv}", path) for a in argv], capsys)
    assert (code, out) == (2, "") and message in err and err.count("\n") == 1


def test_repeatable_flags_stay_repeatable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = scored(tmp_path / "d.csv", [(3, 1), (2, 0), (1, 1), (0, 0)])
    argv = ["report", path, "--profile", "sklearn", "--profile", "prroc"]
    code, out, _ = run([*argv, "--limit", "max_digits=50", "--limit", "max_examples=10"], capsys)
    assert code == 0 and set(json.loads(out)["profiles"]) == {"sklearn", "prroc"}


# -- negative numbers are values ----------------------------------------------------------


def test_negative_values_reach_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["consistent", "--positives", "4", "--negatives", "4"]
    # The interval -0.2..1.3 is decided by consistent (no "expected one argument").
    code, _, err = run([*base, "--auc-ci", "-0.2,1.3"], capsys)
    assert code in (0, 1, 4) and err == ""
    code, _, err = run([*base, "--roc-point", "-0.1,0.5"], capsys)
    assert code == 2 and "'-0.1'" in err and "expected one argument" not in err
    code, _, err = run(["report", "x.csv", "--digits", "-1"], capsys)  # --digits answers
    assert code == 2 and "--digits" in err and "expected one argument" not in err


# -- plot: several score columns ----------------------------------------------------------


def test_plot_one_file_several_columns_is_several_models(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("matplotlib").use("Agg")
    from rocpr_exact.output import plot

    figures: list[object] = []  # the figure drawn, not written (writing it takes seconds)
    monkeypatch.setattr(plot, "save", lambda figure, *_: figures.append(figure))

    def legend() -> list[str]:
        texts = [t.get_text() for lg in figures.pop().legends for t in lg.get_texts()]  # type: ignore[attr-defined]
        return [t for t in texts if "AUC-ROC" in t]

    rows = random_rows(5, 40)
    data = scored(tmp_path / "ab.csv", rows, "model_a,model_b,label")
    labels = [y for _, _, y in rows]
    auc_a = mann_whitney([a for a, _, _ in rows], labels)
    auc_b = mann_whitney([b for _, b, _ in rows], labels)
    assert auc_a != auc_b
    shown_a, shown_b = (f"{float(v):.3f}" for v in (auc_a, auc_b))  # 3 digits (no exact tie)
    out = str(tmp_path / "ab.svg")
    argv = ["plot", data, "--score-column", "model_a", "--score-column", "model_b"]
    code, _, err = run([*argv, "-o", out, "--no-progress"], capsys)
    assert (code, err) == (0, "")
    found = legend()  # the column names, each model's own AUC-ROC, the PR area named
    assert len(found) == 2
    assert found[0].startswith(f"model_a (AUC-ROC {shown_a}, AUC-PR continuous ")
    assert found[1].startswith(f"model_b (AUC-ROC {shown_b}, AUC-PR continuous ")
    # k files and k columns: file i with column i (the issue's command drew model B twice)
    argv = ["plot", data, data, "--score-column", "model_a", "--score-column", "model_b"]
    code, _, _ = run([*argv, "--label", "A", "--label", "B", "-o", out], capsys)
    assert code == 0
    found = legend()
    assert found[0].startswith(f"A (AUC-ROC {shown_a},")
    assert found[1].startswith(f"B (AUC-ROC {shown_b},")


@pytest.mark.parametrize(
    ("files", "columns", "message"),
    [
        (3, 2, "3 DATA files and 2 --score-column are given"),
        (2, 3, "2 DATA files and 3 --score-column are given"),
    ],
)
def test_plot_files_and_columns_that_do_not_pair_are_refused(
    files: int, columns: int, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("matplotlib")
    data = scored(tmp_path / "d.csv", [(1, 1), (0, 0)])
    argv = ["plot", *[data] * files, *[w for c in "abc"[:columns] for w in ("--score-column", c)]]
    code, _, err = run([*argv, "-o", str(tmp_path / "x.png")], capsys)
    assert code == 2 and message in err and err.count("\n") == 1


def test_hulls_are_drawn_above_every_curve() -> None:
    pytest.importorskip("matplotlib").use("Agg")
    from rocpr_exact.output.plot import plot

    rows = random_rows(8, 60)
    labels = [y for _, _, y in rows]
    models = [([a for a, _, _ in rows], labels), ([b for _, b, _ in rows], labels)]
    figure = plot(models, labels=["A", "B"], markers=False)
    for axes in figure.axes:
        lines = [line for line in axes.get_lines() if len(line.get_xdata())]  # not the keys
        curves = [line.get_zorder() for line in lines if line.get_linestyle() == "-"]
        hulls = [line.get_zorder() for line in lines if line.get_linestyle() == "--"]
        assert curves and hulls and min(hulls) > max(curves)


# -- check and vectors take the limits they advise ----------------------------------------


def test_check_and_vectors_accept_the_limit_flags_they_advise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "r.json"
    results.write_text('{"results": {}}')
    code, _, err = run(
        ["check", str(VECTORS), str(results), "--limit", "max_json_bytes=100"], capsys
    )
    assert code == 2 and "raise it with --limit max_json_bytes=N" in err
    assert "--no-limits" in err
    for lift in (["--no-limits"], ["--limit", "max_json_bytes=10_000_000"]):
        # read and checked: nothing to check is exit 1 (no verdict PASS), never a usage error
        code, out, _ = run(["check", str(VECTORS), str(results), "--quiet", *lift], capsys)
        assert code == 1 and out.startswith("summary: 0 checked (no metrics)")
    code, _, err = run(
        ["vectors", "--figure7", str(FIGURE7), "--limit", "max_json_bytes=10"], capsys
    )
    assert code == 2 and "max_json_bytes = 10;" in err and "--limit max_json_bytes=N" in err
    code, out, _ = run(["vectors", "--figure7", str(FIGURE7), "--no-limits"], capsys)
    assert code == 0 and json.loads(out)["algorithm"] == "ROC-PR-AUC"


# -- report: --ci-level needs an interval; one class is undefined as P = 1 is ------------


def test_ci_level_without_an_interval_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = scored(tmp_path / "d.csv", [(4, 1), (3, 0), (3, 1), (1, 0)])
    code, _, err = run(["report", data, "--ci-level", "0.9"], capsys)
    assert code == 2 and "--ci-level" in err and "--ci METHOD" in err
    code, out, _ = run(
        ["report", data, "--ci", "delong", "--ci-level", "0.9", "--digits", "4"], capsys
    )
    section = json.loads(out)["auc_roc_ci"]
    # The hand case of tests/areas/test_variance.py: var 1/32, in scientific form 3.125e-02.
    assert section["level"] == "9/10" and section["variance"]["scientific"] == "3.125e-02"
    code, out, _ = run(
        ["report", data, "--ci", "delong", "--ci-level", "0.9", "--format", "text"], capsys
    )
    assert code == 0 and "AUC-ROC interval 90%" in out and "19/20" not in out


@pytest.mark.parametrize("rows", [[(1, 1), (2, 1), (3, 1)], [(1, 0), (2, 0)]])
def test_report_ci_on_one_class_is_undefined_like_one_positive(
    rows: list[tuple[int, int]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One class answered in the shape P = 1 gets (exit 0, the reason), not exit 2.
    one_positive = scored(tmp_path / "p1.csv", [(1, 1), (2, 0), (3, 0)])
    sections = []
    for path in (scored(tmp_path / "d.csv", rows), one_positive):
        code, out, err = run(["report", path, "--ci", "delong", "--format", "json"], capsys)
        assert (code, err) == (0, "")
        report = json.loads(out)
        jsonschema.validate(report, report_schema())
        sections.append(report["auc_roc_ci"])
    assert [list(section) for section in sections] == [["undefined"], ["undefined"]]
    positives = sum(y for _, y in rows)
    assert f"got P = {positives}, N = {len(rows) - positives}" in sections[0]["undefined"]


# -- compare ------------------------------------------------------------------------------


def test_compare_names_a_one_class_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = scored(tmp_path / "good.csv", [(4, 1), (3, 0), (3, 1), (1, 0)])
    one = scored(tmp_path / "one.csv", [(4, 1), (3, 1)])
    code, _, err = run(["compare", good, one], capsys)
    assert code == 2 and f"{one}: no negative example (P = 2, N = 0)" in err
    few = scored(tmp_path / "few.csv", [(4, 1), (3, 1), (1, 0)])
    code, _, err = run(["compare", few, good], capsys)
    assert code == 2 and err.startswith(f"rocpr-exact: error: {few}: the DeLong variance needs")


def test_compare_reads_as_report_does_and_prints_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = random_rows(11, 50)
    plain = scored(tmp_path / "plain.csv", rows, "a,b,label")
    named = tmp_path / "named.csv"
    named.write_text("a;b;y\n" + "".join(f"{a};{b};{'yes' if y else 'no'}\n" for a, b, y in rows))
    columns = ["--score-column", "a", "--score-column", "b", "--digits", "2"]
    _, expected, _ = run(["compare", plain, *columns], capsys)
    dialect = ["--delimiter", ";", "--positive-label", "yes", "--label-column", "y"]
    code, out, err = run(["compare", str(named), *columns, *dialect], capsys)
    assert (code, err) == (0, "")
    found, reference = json.loads(out), json.loads(expected)
    assert found["sources"] == [str(named)]
    assert {k: v for k, v in found.items() if k != "sources"} == {
        k: v for k, v in reference.items() if k != "sources"
    }
    labels = [y for _, _, y in rows]
    a, b = [r[0] for r in rows], [r[1] for r in rows]
    variance = (
        textbook_covariance(a, a, labels)
        + textbook_covariance(b, b, labels)
        - 2 * textbook_covariance(a, b, labels)
    )
    assert Fraction(found["variance"]["exact"]) == variance
    assert Fraction(found["auc_a"]["exact"]) == mann_whitney(a, labels)
    code, text, _ = run(["compare", str(named), *columns, *dialect, "--format", "text"], capsys)
    assert code == 0 and "test        DeLong, paired" in text
    assert f"variance                   {found['variance']['scientific']}" in text
    assert f"p-value (two-sided)        {found['p_value']}" in text


def test_a_small_variance_never_reads_as_zero(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = random_rows(2, 160)
    first = scored(tmp_path / "a.csv", [(a, y) for a, _, y in rows])
    second = scored(tmp_path / "b.csv", [(b, y) for _, b, y in rows])
    code, out, _ = run(["compare", first, second, "--digits", "2"], capsys)
    found = json.loads(out)["variance"]
    labels = [y for _, _, y in rows]
    a, b = [r[0] for r in rows], [r[1] for r in rows]
    exact = textbook_covariance(a, a, labels) + textbook_covariance(b, b, labels)
    assert code == 0 and Fraction(found["exact"]) == exact and 0 < exact < Fraction(1, 200)
    assert found["decimal"] == "0.00"  # two places: the variance rounds to zero there ...
    mantissa, exponent = found["scientific"].split("e")  # ... and not in scientific form
    assert len(mantissa) == 3  # two significant digits: d.d
    error = abs(Fraction(mantissa) * Fraction(10) ** int(exponent) - exact)
    assert error <= Fraction(10) ** (int(exponent) - 1) / 2  # correctly rounded


def test_compare_engines_agree_and_a_paired_test_needs_the_python_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("duckdb")
    rows = random_rows(4, 40)
    first = scored(tmp_path / "a.csv", [(a, y) for a, _, y in rows])
    second = scored(tmp_path / "b.csv", [(b, y) for _, b, y in rows])
    _, python, _ = run(["compare", first, second], capsys)
    code, duckdb, err = run(["compare", first, second, "--engine", "duckdb"], capsys)
    assert (code, err) == (0, "") and json.loads(duckdb) == json.loads(python)
    pair = scored(tmp_path / "ab.csv", rows, "a,b,label")
    argv = ["compare", pair, "--score-column", "a", "--score-column", "b", "--engine", "duckdb"]
    code, _, err = run(argv, capsys)
    assert code == 2 and "python engine" in err
