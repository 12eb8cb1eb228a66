"""The ``consistent`` command module, driven through its own argparse parser."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

import pytest

from rocpr_exact.cli.consistent import register, run
from rocpr_exact.errors import RocPrError


def invoke(*argv: str) -> tuple[str, int]:
    parser = argparse.ArgumentParser(prog="rocpr-exact")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["consistent", *argv])
    assert args.run is run
    return args.run(args)  # type: ignore[no-any-return]


def test_possible_exits_0_with_a_witness() -> None:
    out, status = invoke("--positives", "2", "--negatives", "3", "--auc-roc", "0.75")
    data = json.loads(out)
    assert status == 0 and data["verdict"] == "possible"
    scores, labels = data["witness"]["scores"], data["witness"]["labels"]
    assert len(scores) == len(labels) == 5 and sum(labels) == 2
    # 2 x 3 = 6 pairs; AUC 0.75 (interval [0.745, 0.755)) must be 4.5/6: count pairs by hand.
    pos = [s for s, y in zip(scores, labels, strict=True) if y == 1]
    neg = [s for s, y in zip(scores, labels, strict=True) if y == 0]
    twice = sum(2 if a > b else 1 if a == b else 0 for a in pos for b in neg)
    assert twice == 9
    assert data["witness"]["values"] == {"auc_roc": "3/4"}


def test_impossible_exits_1() -> None:
    out, status = invoke("--positives", "10", "--negatives", "10", "--auc-roc", "0.873")
    data = json.loads(out)
    assert status == 1 and data["verdict"] == "impossible" and "witness" not in data
    assert "multiple of 1/200" in data["reasons"][0]


def test_undecided_exits_4() -> None:
    argv = ["--positives", "12", "--negatives", "12", "--average-precision", "0.5"]
    out, status = invoke(*argv, "--auc-pr-dg", "0.7", "--max-steps", "500")
    assert status == 4 and json.loads(out)["verdict"] == "undecided"


def test_text_format_and_operating_point() -> None:
    out, status = invoke(
        "--positives", "20", "--negatives", "100", "--precision", "0.6", "--recall", "0.5",
        "--format", "text",
    )  # fmt: skip
    assert status == 0
    assert out.startswith("possible\n") and "operating point: positive iff score >=" in out


def test_rounding_and_no_ties() -> None:
    base = ["--positives", "2", "--negatives", "2"]
    # "0.6" truncated is [0.6, 0.7): AUC-ROC is k/8, and 5/8 = 0.625 lies in it.
    assert invoke(*base, "--auc-roc", "0.6", "--rounding", "truncate")[1] == 0
    # Without ties AUC is k/4: 0.5 or 0.75, neither in [0.6, 0.7).
    assert invoke(*base, "--auc-roc", "0.6", "--rounding", "truncate", "--no-ties")[1] == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["--positives", "2", "--negatives", "2"],
        ["--positives", "2", "--negatives", "2", "--auc-roc", "8.5e-1"],
        ["--positives", "0", "--negatives", "2", "--auc-roc", "0.5"],
    ],
)
def test_bad_input_raises_a_rocpr_error(argv: list[str]) -> None:
    with pytest.raises(RocPrError):
        invoke(*argv)


def test_roc_points_from_a_figure() -> None:
    # P = 10, N = 1000, (FPR, TPR) = (0.01, 0.5) +- 0.002: TP in [4.98, 5.02] -> 5,
    # FP in [8, 12]; precision from 5/(5 + 12) = 5/17 to 5/(5 + 8) = 5/13.
    out, status = invoke(
        "--positives",
        "10",
        "--negatives",
        "1000",
        "--roc-point",
        "0.01,0.5",
        "--tolerance",
        "0.002",
    )
    data = json.loads(out)
    assert status == 0 and data["verdict"] == "possible"
    (point,) = data["roc_points"]
    assert point["tp"] == [5, 5] and point["fp"] == [8, 12]
    assert point["precision"] == ["5/17", "5/13"]
    low, high = data["achievable_pr"]["davis_goadrich"]
    assert low["decimal"] < high["decimal"]


def test_a_roc_point_with_no_whole_counts_is_impossible_whatever_the_metrics() -> None:
    # TPR 0.55 +- 0.002 of P = 10 is [5.48, 5.52]: no whole TP.
    out, status = invoke(
        "--positives",
        "10",
        "--negatives",
        "1000",
        "--roc-point",
        "0.01,0.55",
        "--tolerance",
        "0.002",
        "--auc-roc",
        "0.9",
        "--format",
        "text",
    )
    assert status == 1 and out.startswith("impossible")
    assert "the ROC point 1 (0.01, 0.55) +- 0.002 cannot be right for P = 10, N = 1000" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--roc-point", "0.1"], "--roc-point takes FPR,TPR"),
        (["--roc-point", "0.1,0.5,0.2"], "--roc-point takes FPR,TPR"),
        (["--roc-point", "0.1,x"], "a ROC coordinate must be a number written as digits"),
        (["--roc-point", "0.1,0.5", "--tolerance", "-1"], "tolerance must be a number written"),
    ],
)
def test_bad_roc_points_are_refused(argv: list[str], message: str) -> None:
    with pytest.raises(RocPrError, match=message):
        invoke("--positives", "10", "--negatives", "100", *argv)


def test_roc_point_is_checked_together_with_the_metrics() -> None:
    # Every curve through (0, 1) has AUC-ROC 1, so AUC-ROC 0.5 with it is impossible.
    base = ["--positives", "4", "--negatives", "4", "--roc-point", "0,1", "--tolerance", "0"]
    out, status = invoke(*base, "--auc-roc", "0.5")
    assert status == 1 and "ROC point" in json.loads(out)["reasons"][0]
    assert invoke(*base, "--auc-roc", "1")[1] == 0


def test_text_shows_each_reported_value_beside_the_witness(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from rocpr_exact.cli.app import main
    from rocpr_exact.cli.consistent_text import Ticker

    target = tmp_path / "w.csv"
    argv = ["--positives", "2", "--negatives", "3", "--auc-roc", "0.75", "--format", "text"]
    out, status = invoke(*argv, "--witness", str(target))
    assert status == 0
    # 2 x 3 pairs: 0.75 = [0.745, 0.755) holds only 9/12 (2U = 9), i.e. 3/4.
    assert "auc_roc 0.75 -> 3/4 (0.750000)" in out
    assert f"every example written to {target}" in out
    rows = target.read_text().splitlines()
    assert rows[0] == "score,label" and len(rows) == 6
    # The file is the witness: 2 positives, and its own AUC-ROC recomputed by pairs is 3/4.
    pairs = [tuple(map(int, row.split(","))) for row in rows[1:]]
    pos = [s for s, y in pairs if y == 1]
    neg = [s for s, y in pairs if y == 0]
    assert sum(2 if a > b else 1 if a == b else 0 for a in pos for b in neg) == 9
    capsys.readouterr()
    assert (
        main(["report", str(target), "--format", "json", "--no-progress"]) == 0
    )  # report reads it
    assert '"3/4"' in capsys.readouterr().out
    import io

    quiet = io.StringIO()  # not a terminal: the ticker never writes
    with Ticker(stream=quiet):
        pass
    assert quiet.getvalue() == "" and not Ticker(stream=quiet).active


def test_the_text_answer_shown_in_the_docs() -> None:
    """docs/consistency.md shows the text answer of one command: it is this command's output."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "consistency.md").read_text()
    command = (
        "rocpr-exact consistent --positives 50 --negatives 50 --auc-roc 0.848 "
        "--average-precision 0.858 --format text"
    )
    after = doc[doc.index(command) :]
    shown = after[after.index("```text\n") + 8 :]
    shown = shown[: shown.index("```")].rstrip("\n")
    out, status = invoke(*command.split()[2:], "--no-progress")
    assert status == 0 and out == shown


def test_json_witness_runs_and_expansion() -> None:
    out, status = invoke("--positives", "2", "--negatives", "3", "--auc-roc", "0.75")
    witness = json.loads(out)["witness"]
    expanded = [(s, y) for s, a, b in witness["runs"] for y in [1] * a + [0] * b]
    assert status == 0 and expanded == list(zip(witness["scores"], witness["labels"], strict=True))
    # 120,000 examples: the runs only (two here: TP and FP tied above the rest).
    big = ["--positives", "60000", "--negatives", "60000", "--precision", "0.6", "--recall", "0.5"]
    witness = json.loads(invoke(*big)[0])["witness"]
    assert witness["scores"] is None and witness["labels"] is None
    runs = witness["runs"]
    assert sum(a for _, a, _ in runs) == 60000 and sum(b for _, _, b in runs) == 60000
    # recall tp/60000 in [0.45, 0.55), precision tp/(tp + fp) in [0.55, 0.65)
    (_, tp, fp), _ = runs
    assert 27000 <= tp < 33000 and Fraction(11, 20) <= Fraction(tp, tp + fp) < Fraction(13, 20)


def test_ticker_shows_elapsed_time_on_a_terminal_and_erases_it() -> None:
    import io
    import threading

    from rocpr_exact.cli.consistent_text import Ticker

    class Terminal(io.StringIO):
        wrote = threading.Event()

        def isatty(self) -> bool:
            return True

        def write(self, text: str) -> int:
            self.wrote.set()
            return super().write(text)

    screen = Terminal()
    with Ticker(stream=screen, after=0):
        assert screen.wrote.wait(5)  # the line appears once the quiet time has passed
    shown = screen.getvalue()
    assert "consistent: deciding ... 0 s" in shown and shown.endswith("\r\033[K")  # then erased
    assert not Ticker(enabled=False, stream=Terminal()).active
