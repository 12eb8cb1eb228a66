"""The ``consistent`` command module, driven through its own argparse parser."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction

import pytest

from rocpr_exact import limits
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


# -- issue 38: every flag counts or is refused; a witness or a word; no runaway -------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--auc-roc", "0.8", "--tolerance", "0.01"], "--tolerance is the reading tolerance"),
        (["--auc-roc", "0.8", "--max-steps", "10"], "--max-steps bounds the exhaustive search"),
        (["--precision", "0.5", "--max-steps", "10"], "here nothing uses it"),
        (["--roc-point", "0.1,0.5", "--rounding", "truncate"], "--rounding says how reported"),
    ],
)
def test_a_flag_that_would_count_for_nothing_is_refused(argv: list[str], message: str) -> None:
    with pytest.raises(RocPrError, match=message) as info:
        invoke("--positives", "10", "--negatives", "10", *argv)
    assert "\n" not in str(info.value)


def test_flags_that_count_are_still_taken() -> None:
    base = ["--positives", "10", "--negatives", "10"]
    # --max-steps counts for an area and for ROC points without AUC-ROC; --rounding for a metric
    assert invoke(*base, "--average-precision", "0.9", "--max-steps", "10")[1] in (0, 1, 4)
    assert invoke(*base, "--roc-point", "0.5,0.5", "--max-steps", "10")[1] == 0
    assert invoke(*base, "--auc-roc", "0.85", "--rounding", "exact")[1] == 0


def _thresholds(rows: list[str]) -> set[tuple[int, int]]:
    """(TP, FP) at every distinct score of a CSV witness, (0, 0) included."""
    pairs = sorted((tuple(map(int, row.split(","))) for row in rows[1:]), reverse=True)
    at = {(0, 0)}
    for score in {s for s, _ in pairs}:
        above = [y for s, y in pairs if s >= score]
        at.add((sum(above), len(above) - sum(above)))
    return at


@pytest.mark.parametrize("ties", [[], ["--no-ties"]])
def test_roc_points_alone_write_a_witness_through_every_point(tmp_path, ties) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "w.csv"
    # P = N = 10: (0.2, 0.3) is TP = 3, FP = 2 and (0.5, 0.5) is TP = 5, FP = 5
    argv = ["--positives", "10", "--negatives", "10", "--roc-point", "0.5,0.5"]
    out, status = invoke(*argv, "--roc-point", "0.2,0.3", *ties, "--witness", str(target))
    data = json.loads(out)
    assert status == 0 and data["verdict"] == "possible" and data["witness_file"] == str(target)
    rows = target.read_text().splitlines()
    assert rows[0] == "score,label" and len(rows) == 21
    assert {(3, 2), (5, 5)} <= _thresholds(rows)
    if ties:
        assert len({row.split(",")[0] for row in rows[1:]}) == 20  # every score distinct


def test_crossed_roc_points_are_impossible_and_no_file_is_written(tmp_path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "w.csv"
    # (0.1, 0.9): TP = 9, FP = 1; (0.5, 0.2): TP = 2, FP = 5; no curve has both (9 > 2, 1 < 5)
    argv = ["--positives", "10", "--negatives", "10", "--roc-point", "0.1,0.9"]
    argv += ["--roc-point", "0.5,0.2", "--format", "text"]
    out, status = invoke(*argv, "--witness", str(target))
    assert status == 1 and "no ranking passes through every ROC point's box" in out
    assert f"no witness written to {target}: the answer is impossible" in out
    assert not target.exists()


def test_no_witness_file_is_said_in_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "w.csv"
    argv = ["--positives", "10", "--negatives", "10", "--auc-roc", "0.873"]
    out, status = invoke(*argv, "--witness", str(target))
    data = json.loads(out)
    assert status == 1 and data["witness_file"] is None and not target.exists()
    assert data["witness_not_written"].startswith(f"no witness written to {target}")


def test_an_auc_outside_0_1_says_so() -> None:
    out, status = invoke("--positives", "10", "--negatives", "10", "--auc-roc", "1.5")
    (reason,) = json.loads(out)["reasons"]
    assert status == 1
    # 1.5 as printed: [1.45, 1.55), all of it above 1
    assert reason == (
        "auc_roc 1.5 means a value in [29/20, 31/20), outside [0, 1]: AUC-ROC is a share of pairs"
    )


def test_an_operating_point_through_a_roc_point_is_decided() -> None:
    # recall 0.5, precision 0.5 of 10 and 10: TP = 5, FP = 5, the ROC point (0.5, 0.5) itself
    argv = ["--positives", "10", "--negatives", "10", "--recall", "0.5", "--precision", "0.5"]
    out, status = invoke(*argv, "--roc-point", "0.5,0.5")
    data = json.loads(out)
    assert status == 0 and not any("auc" in reason.lower() for reason in data["reasons"])
    assert data["witness"]["runs"] == [[2, 5, 5], [1, 5, 5]]


@pytest.mark.parametrize(
    "metrics",
    [
        ["--auc-pr-continuous", "0.5"],
        ["--average-precision", "0.5", "--no-ties"],
        ["--auc-roc", "0.9", "--average-precision", "0.5"],
    ],
)
def test_a_search_past_max_search_examples_is_undecided_at_once(metrics: list[str]) -> None:
    # The runaways, at P = N = 600 with the limit lowered to 1,000 (at P = N = 10^6
    # and the default 20,000 they answer the same in seconds, as docs/consistency.md says).
    argv = ["--positives", "600", "--negatives", "600", *metrics, "--no-progress"]
    with limits.using(max_search_examples=1000):
        out, status = invoke(*argv)
    data = json.loads(out)
    assert status == 4 and data["verdict"] == "undecided"
    assert "P + N = 1,200 exceeds the limit max_search_examples = 1,000" in data["reasons"][-1]
    assert "--limit max_search_examples=N" in data["reasons"][-1]
    assert not any("no ranking of the chain fits" in reason for reason in data["reasons"])


def test_a_million_and_a_million_are_answered() -> None:
    # P + N = 2 * 10^6: the size gate, not the chains (which ran past 90 s here before)
    argv = ["--positives", "1000000", "--negatives", "1000000", "--auc-pr-continuous", "0.5"]
    out, status = invoke(*argv, "--no-progress")
    assert status == 4 and "max_search_examples = 20,000" in json.loads(out)["reasons"][-1]
