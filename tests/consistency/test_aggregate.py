"""Aggregated AUC-ROC claims (issue 41): fold sizes, the exact decider of a mean, its checker.

Every expected verdict comes from a brute force written here: each task's AUC-ROC values are
listed from every assignment of scores to its positives and negatives (pairs counted by hand,
Mann-Whitney), and every choice of one value per task is averaged.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from functools import cache

import pytest

from rocpr_exact import limits
from rocpr_exact.checker import check_certificate
from rocpr_exact.consistency.aggregate import (
    Aggregate,
    class_tasks,
    decide_mean,
    parse_fold_sizes,
    stratified_fold_sizes,
    task_rankings,
)
from rocpr_exact.consistency.reported import reported_interval
from rocpr_exact.errors import InvalidInputError
from tests.cli.test_consistent import invoke


def _two_u(pos: tuple[int, ...], neg: tuple[int, ...]) -> int:
    return sum(2 if a > b else 1 if a == b else 0 for a in pos for b in neg)


@cache
def brute_aucs(p: int, n: int, ties: bool) -> frozenset[Fraction]:
    """Every AUC-ROC of p positives and n negatives: scores drawn from 0..p+n-1, distinct
    scores only when ``ties`` is False."""
    values = set()
    if ties:
        for pos in itertools.combinations_with_replacement(range(p + n), p):
            for neg in itertools.combinations_with_replacement(range(p + n), n):
                values.add(Fraction(_two_u(pos, neg), 2 * p * n))
    else:
        for pos in itertools.combinations(range(p + n), p):
            neg = tuple(s for s in range(p + n) if s not in pos)
            values.add(Fraction(_two_u(pos, neg), 2 * p * n))
    return frozenset(values)


def brute_means(
    tasks: tuple[tuple[int, int], ...], weights: tuple[Fraction, ...], ties: bool
) -> set[Fraction]:
    return {
        sum((w * a for w, a in zip(weights, choice, strict=True)), Fraction(0))
        for choice in itertools.product(*(sorted(brute_aucs(p, n, ties)) for p, n in tasks))
    }


@pytest.mark.parametrize("ties", [True, False])
def test_each_tasks_values_are_every_grid_point(ties: bool) -> None:
    # The model: with ties 2U takes every integer 0..2PN; without, U every integer 0..PN.
    for p in range(1, 8):  # every task of P_i + N_i <= 8
        for n in range(1, 9 - p):
            step = Fraction(1, 2 * p * n) if ties else Fraction(1, p * n)
            assert brute_aucs(p, n, ties) == {k * step for k in range(int(1 / step) + 1)}


FOLDS = [
    ((1, 1), (1, 2)),
    ((2, 3), (3, 2)),
    ((1, 4), (2, 2), (3, 3)),
    ((2, 1), (1, 2), (3, 2)),
    ((1, 2), (1, 2), (2, 2)),
    ((4, 4), (3, 5)),  # the issue's bound: P_i + N_i <= 8, two or three folds
    ((2, 6), (5, 3), (4, 4)),
]
CLASSES = [(1, 2, 3), (2, 2, 2), (1, 1, 4), (2, 3, 3), (1, 3, 4)]


def _cases() -> list[tuple[tuple[tuple[int, int], ...], tuple[Fraction, ...]]]:
    cases = [(tasks, tuple(Fraction(1, len(tasks)) for _ in tasks)) for tasks in FOLDS]
    for counts in CLASSES:
        cases += [class_tasks(counts, False), class_tasks(counts, True)]
    return cases


@pytest.mark.parametrize("ties", [True, False])
@pytest.mark.parametrize(("tasks", "weights"), _cases())
def test_every_verdict_equals_the_brute_force(tasks, weights, ties) -> None:  # type: ignore[no-untyped-def]
    means = brute_means(tasks, weights, ties)
    texts = [f"{k / 100:.2f}" for k in range(101)] + [
        f"{k / 1000:.3f}" for k in range(400, 1001, 17)
    ]
    for text in texts:
        for rounding in ("nearest", "truncate"):
            interval = reported_interval(text, rounding)
            query = Aggregate(tasks, weights, interval, ties)
            outcome = decide_mean(query)
            expected = any(m in interval for m in means)
            assert outcome.verdict == ("possible" if expected else "impossible"), (text, rounding)
            if outcome.witness is not None:  # its rankings, counted by pairs here, give the mean
                g = outcome.witness.witness
                mean = Fraction(0)
                for w, groups, (p, n) in zip(weights, task_rankings(query, g), tasks, strict=True):
                    scores = [(len(groups) - i, a, b) for i, (a, b) in enumerate(groups)]
                    two_u = sum(  # 2 per positive above a negative, 1 per tie
                        a * b2 * (2 if s > s2 else 1 if s == s2 else 0)
                        for s, a, _ in scores
                        for s2, _, b2 in scores
                    )
                    assert sum(a for a, _ in groups) == p and sum(b for _, b in groups) == n
                    assert ties or all(a + b == 1 for a, b in groups)
                    mean += w * Fraction(two_u, 2 * p * n)
                assert mean in interval


def test_the_issues_example_is_impossible_on_the_grid() -> None:
    # P = 20, N = 30, 5 folds of 4/6: each AUC a multiple of 1/48, the mean of 1/240;
    # 0.873 = [0.8725, 0.8735) holds no k/240 (209/240 = 0.87083.., 210/240 = 0.875).
    sizes = stratified_fold_sizes(20, 30, 5)
    query = Aggregate(sizes, (Fraction(1, 5),) * 5, reported_interval("0.873"), True)
    outcome = decide_mean(query)
    assert outcome.verdict == "impossible"
    assert outcome.certificates[0].stage == "aggregate-grid"
    assert outcome.certificates[0].data == {"step": "1/240"}


def test_a_budget_stops_the_search_with_its_reason() -> None:
    # The 0.08 of the test below: the walk steps over it, the search needs work units.
    query = Aggregate(((1, 2), (1, 3)), (Fraction(1, 2),) * 2, reported_interval("0.08"), False)
    with limits.using(max_interval_work=0):
        outcome = decide_mean(query)
    assert outcome.verdict == "undecided" and outcome.ran_out == "max_interval_work"
    assert any("budget" in reason for reason in outcome.reasons)


def test_the_fold_sizes_are_sklearns() -> None:
    model_selection = pytest.importorskip("sklearn.model_selection")
    np = pytest.importorskip("numpy")
    pairs = [(p, n) for p in range(2, 9) for n in range(2, 9)] + [(20, 30), (97, 13), (50, 51)]
    for p, n in pairs:
        for k in range(2, min(p, n, 10) + 1):
            y = np.array([0] * n + [1] * p)
            splitter = model_selection.StratifiedKFold(k)
            got = [(int(y[t].sum()), int(len(t) - y[t].sum())) for _, t in splitter.split(y, y)]
            assert list(stratified_fold_sizes(p, n, k)) == got, (p, n, k)
            first = np.array([1] * p + [0] * n)  # positives first: the same sizes, reordered
            other = [
                (int(first[t].sum()), int(len(t) - first[t].sum()))
                for _, t in splitter.split(first, first)
            ]
            assert sorted(other) == sorted(got)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: stratified_fold_sizes(5, 5, 1), "at least 2"),
        (lambda: stratified_fold_sizes(3, 9, 4), "more than the 3 positives"),
        (lambda: parse_fold_sizes("4/6"), "at least 2 folds"),
        (lambda: parse_fold_sizes("4/6,4-6"), "P/N,P/N"),
        (lambda: parse_fold_sizes("4/6,0/6"), "a positive and a negative"),
        (lambda: class_tasks([3, 4], False), "at least 3 classes"),
        (lambda: class_tasks([3, 0, 2], False), ">= 1"),
    ],
)
def test_bad_sizes_are_one_line_errors(call, words) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidInputError, match=words) as caught:
        call()
    assert "\n" not in str(caught.value)


def _certificate(tmp_path, *argv: str) -> dict:  # type: ignore[no-untyped-def,type-arg]
    target = tmp_path / "c.json"
    _, status = invoke(*argv, "--certificate", str(target))
    assert status == 1
    return json.loads(target.read_text())  # type: ignore[no-any-return]


def test_the_grid_certificate_checks_and_a_mutated_one_does_not(tmp_path) -> None:  # type: ignore[no-untyped-def]
    document = _certificate(
        tmp_path,
        "--positives",
        "20",
        "--negatives",
        "30",
        "--folds",
        "5",
        "--auc-roc-mean",
        "0.873",
    )
    assert check_certificate(document).status == "valid"
    moved = json.loads(json.dumps(document))
    moved["question"]["claims"]["auc_roc_mean"] = "0.875"  # 210/240: on the grid
    assert check_certificate(moved).status == "invalid"
    coarse = json.loads(json.dumps(document))
    coarse["decisions"][0]["exclusions"][0]["data"]["step"] = "1/120"  # 1/240 is no multiple
    assert check_certificate(coarse).status == "invalid"


def test_the_enumerated_certificate_checks_and_a_mutated_one_does_not(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # Folds 1/2 and 1/3 without ties: AUCs {0, 1/2, 1} and {0, 1/3, 2/3, 1}; their sums miss
    # 1/6, so the mean 1/12 (on the grid of 1/12) is unreachable; "0.08" = [0.075, 0.085)
    # holds 1/12 alone of that grid.
    text = "0.08"
    means = brute_means(((1, 2), (1, 3)), (Fraction(1, 2),) * 2, False)
    assert not any(m in reported_interval(text) for m in means)
    document = _certificate(
        tmp_path, "--fold-sizes", "1/2,1/3", "--no-ties", "--auc-roc-mean", text
    )
    assert document["decisions"][0]["exclusions"][0]["stage"] == "aggregate-enumerated"
    assert check_certificate(document).status == "valid"
    tied = json.loads(json.dumps(document))
    tied["question"]["ties"] = True  # with ties 0 + 1/6 is a sum: the mean 1/12 is reachable
    assert Fraction(1, 12) in brute_means(((1, 2), (1, 3)), (Fraction(1, 2),) * 2, True)
    assert check_certificate(tied).status == "invalid"
    renamed = json.loads(json.dumps(document))
    renamed["decisions"][0]["exclusions"][0]["stage"] = "aggregate-guess"
    assert check_certificate(renamed).status == "invalid"


@pytest.mark.parametrize("text", ["0.90±0.02", "0.90 ± 0.02", "0.90 (0.02)", "0.9+-0.02"])
def test_a_mean_and_sd_in_one_flag_is_said(text: str) -> None:
    from rocpr_exact.errors import RocPrError

    with pytest.raises(RocPrError, match="--auc-roc-mean") as caught:
        invoke("--positives", "20", "--negatives", "30", "--auc-roc", text)
    assert "--folds" in str(caught.value) and "\n" not in str(caught.value)


def test_the_cli_answers_folds_and_classes() -> None:
    out, status = invoke("--fold-sizes", "4/6,4/6", "--auc-roc-mean", "0.875")
    assert status == 0 and json.loads(out)["mean"]["exact"] == "7/8"
    out, status = invoke("--class-counts", "1,2,3", "--weighted-auc-roc", "0.5", "--format", "text")
    assert status == 0 and "free per-class scores" in out


def _sd_square(values: tuple[Fraction, ...], ddof: int) -> Fraction:
    mean = sum(values, Fraction(0)) / len(values)
    return sum(((v - mean) ** 2 for v in values), Fraction(0)) / (len(values) - ddof)


def _sd_prints(square: Fraction, text: str) -> bool:
    # sqrt(square) in [x - h, x + h) (nearest): compare squares, the low end clipped at 0
    interval = reported_interval(text)
    low = max(interval.low, Fraction(0))
    return (square >= low * low) and square < interval.high * interval.high


SD_FOLDS = [
    ((1, 2), (2, 1)),
    ((1, 1), (1, 2), (2, 2)),
    ((2, 3), (3, 2)),
    ((4, 4), (3, 5)),
    ((2, 6), (4, 4), (5, 3)),
]


@pytest.mark.parametrize("ties", [True, False])
@pytest.mark.parametrize("tasks", SD_FOLDS)
def test_every_mean_and_sd_verdict_equals_the_brute_force(tasks, ties) -> None:  # type: ignore[no-untyped-def]
    from rocpr_exact.consistency.aggregate_sd import DDOFS, Spread, decide_spread

    weights = tuple(Fraction(1, len(tasks)) for _ in tasks)
    choices = {  # each distinct (mean, variance ddof 0, variance ddof 1) of a choice of AUCs
        (sum(c, Fraction(0)) / len(c), _sd_square(c, 0), _sd_square(c, 1))
        for c in itertools.product(*(sorted(brute_aucs(p, n, ties)) for p, n in tasks))
    }
    for mean_text in [f"{k / 10:.1f}" for k in range(11)]:
        near = [c for c in choices if c[0] in reported_interval(mean_text)]
        for sd_text in [f"{k / 100:.2f}" for k in range(0, 60, 4)]:
            for ddof_name, ddofs in DDOFS.items():
                expected = any(any(_sd_prints(c[1 + d], sd_text) for d in ddofs) for c in near)
                query = Aggregate(tasks, weights, reported_interval(mean_text), ties)
                outcome = decide_spread(Spread(query, reported_interval(sd_text), ddofs))
                assert outcome.verdict == ("possible" if expected else "impossible"), (
                    mean_text,
                    sd_text,
                    ddof_name,
                )


def test_the_sd_certificate_checks_and_a_mutated_one_does_not(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # Folds 1/2 and 2/1 without ties: AUCs {0, 1/2, 1} each. Mean 0.5 = [0.45, 0.55) needs
    # (0, 1), (1/2, 1/2) or (1, 0): SD 0 or, ddof 1, sqrt(1/2) = 0.707; ddof 0, 1/2. "0.3" no.
    argv = ["--fold-sizes", "1/2,2/1", "--no-ties", "--auc-roc-mean", "0.5", "--auc-roc-sd", "0.3"]
    document = _certificate(tmp_path, *argv)
    assert document["decisions"][0]["exclusions"][0]["stage"] == "aggregate-sd-enumerated"
    assert check_certificate(document).status == "valid"
    moved = json.loads(json.dumps(document))
    moved["question"]["claims"]["auc_roc_sd"] = "0.5"  # ddof 0 prints it
    assert check_certificate(moved).status == "invalid"
    narrowed = json.loads(json.dumps(document))
    narrowed["decisions"][0]["exclusions"][0]["data"]["ddof"] = [1]  # the claim says either
    assert check_certificate(narrowed).status == "invalid"
    out, status = invoke(*argv[:-1], "0.5", "--sd-ddof", "0")
    assert status == 0 and json.loads(out)["sd_ddof"] == 0


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (
            ["--positives", "5", "--negatives", "5", "--folds", "1", "--auc-roc-mean", "0.5"],
            "--folds must be at least 2",
        ),
        (
            ["--positives", "3", "--negatives", "9", "--folds", "4", "--auc-roc-mean", "0.5"],
            "--folds is 4, more than the 3 positives",
        ),
        (["--folds", "2", "--auc-roc-mean", "0.5"], "give both"),
        (["--fold-sizes", "2/2,2/2", "--folds", "2", "--auc-roc-mean", "0.5"], "--fold-sizes"),
        (["--fold-sizes", "2/2,2/2", "--auc-roc-mean", "0.5", "--sd-ddof", "1"], "--auc-roc-sd"),
        (["--class-counts", "1,2,3", "--macro-auc-roc", "0.5", "--auc-roc-sd", "0.1"], "fold AUCs"),
        (["--fold-sizes", "2/2,2/2"], "go with --auc-roc-mean"),
        (["--class-counts", "1,2,x", "--macro-auc-roc", "0.5"], "--class-counts are"),
        (["--class-counts", "3,4", "--macro-auc-roc", "0.5"], "--class-counts need at least 3"),
        (["--class-counts", "3,0,4", "--macro-auc-roc", "0.5"], "--class-counts: each class"),
        (["--fold-sizes", "2/2,0/3", "--auc-roc-mean", "0.5"], "--fold-sizes: each fold needs"),
        (["--fold-sizes", "2/2", "--auc-roc-mean", "0.5"], "--fold-sizes need at least 2"),
    ],
)
def test_bad_cli_input_is_one_line_exit_2(argv, words, capsys) -> None:  # type: ignore[no-untyped-def]
    from rocpr_exact.cli.app import main

    assert main(["consistent", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err


def test_large_folds_get_a_certified_mean_and_sd_at_once() -> None:
    # 10 folds of 1000/9000 (P + N = 100,000 in all): the spread pairs reach any SD quickly;
    # the witness is certified by decide (each fold's AUC recomputed); checked here again.
    from rocpr_exact.consistency.aggregate_sd import Spread, decide_spread, variance

    tasks = stratified_fold_sizes(10_000, 90_000, 10)
    query = Aggregate(tasks, (Fraction(1, 10),) * 10, reported_interval("0.873"), True)
    for sd_text in ("0.021", "0.0005", "0.1", "0.2"):
        outcome = decide_spread(Spread(query, reported_interval(sd_text), (1,)))
        assert outcome.verdict == "possible" and outcome.witness is not None
        aucs = [query.mean_of(i, outcome.witness.witness) for i in range(10)]
        assert sum(aucs, Fraction(0)) / 10 in reported_interval("0.873")
        sd = reported_interval(sd_text)
        assert sd.low**2 <= variance(aucs, 1) < sd.high**2
    # SD 0.4 ([0.35, 0.45)) is past the greatest SD a mean of 0.873 allows (0.3185 with ddof
    # 1: 8 AUCs of 1, one of 0.725, one of 0; tests/consistency/test_aggregate_spread.py): the
    # enumeration's root cut proves it, even with a small budget.  With none: undecided, said.
    with limits.using(max_interval_work=20_000):
        outcome = decide_spread(Spread(query, reported_interval("0.4"), (1,)))
    assert outcome.verdict == "impossible"
    with limits.using(max_interval_work=0):
        outcome = decide_spread(Spread(query, reported_interval("0.4"), (1,)))
    assert outcome.verdict == "undecided" and outcome.ran_out == "max_interval_work"
