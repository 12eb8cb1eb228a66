"""Aggregated average-precision claims (issue 41): the exact decider of a mean of APs, its checker.

Every expected verdict comes from a brute force written here: each task's AP values are listed
from every assignment of scores to its positives and negatives (scikit-learn's definition, a
sum over the distinct thresholds of the recall step times the precision, counted by hand), and
every choice of one value per task is weighed.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from functools import cache

import pytest

from rocpr_exact import limits
from rocpr_exact.checker import check_certificate
from rocpr_exact.consistency.aggregate import Aggregate, class_tasks, stratified_fold_sizes
from rocpr_exact.consistency.aggregate_ap import ap_values, decide_ap_mean
from rocpr_exact.consistency.engine.protocol import Budget
from rocpr_exact.consistency.reported import reported_interval
from tests.cli.test_consistent import invoke


def _ap(pos: tuple[int, ...], neg: tuple[int, ...]) -> Fraction:
    """sklearn's average_precision_score by hand: at each distinct score, highest first, the
    positives newly above it over P times the precision of "score >= it"."""
    total, before = Fraction(0), 0
    for cut in sorted(set(pos) | set(neg), reverse=True):
        tp = sum(1 for s in pos if s >= cut)
        fp = sum(1 for s in neg if s >= cut)
        total += Fraction(tp - before, len(pos)) * Fraction(tp, tp + fp)
        before = tp
    return total


@cache
def brute_aps(p: int, n: int, ties: bool) -> frozenset[Fraction]:
    """Every AP of p positives and n negatives: scores from 0..p+n-1, distinct without ties."""
    values = set()
    if ties:
        for pos in itertools.combinations_with_replacement(range(p + n), p):
            for neg in itertools.combinations_with_replacement(range(p + n), n):
                values.add(_ap(pos, neg))
    else:
        for pos in itertools.combinations(range(p + n), p):
            values.add(_ap(pos, tuple(s for s in range(p + n) if s not in pos)))
    return frozenset(values)


def brute_means(
    tasks: tuple[tuple[int, int], ...], weights: tuple[Fraction, ...], ties: bool
) -> set[Fraction]:
    return {
        sum((w * a for w, a in zip(weights, choice, strict=True)), Fraction(0))
        for choice in itertools.product(*(sorted(brute_aps(p, n, ties)) for p, n in tasks))
    }


@pytest.mark.parametrize("ties", [True, False])
def test_each_tasks_values_are_the_brute_forces(ties: bool) -> None:
    for p in range(1, 6):
        for n in range(1, 7 - p):
            assert set(ap_values(p, n, ties, Budget(10**6, "x")) or ()) == brute_aps(p, n, ties)


FOLDS = [
    ((1, 1), (1, 2)),
    ((2, 3), (3, 2)),
    ((1, 4), (2, 2), (3, 3)),
    ((2, 1), (1, 2), (3, 2)),
    ((1, 2), (1, 2), (2, 2)),
]
CLASSES = [(1, 2, 3), (2, 2, 2), (1, 1, 4)]


def _cases() -> list[tuple[tuple[tuple[int, int], ...], tuple[Fraction, ...]]]:
    cases = [(tasks, tuple(Fraction(1, len(tasks)) for _ in tasks)) for tasks in FOLDS]
    for counts in CLASSES:
        cases += [class_tasks(counts, False), class_tasks(counts, True)]
    return cases


@pytest.mark.parametrize("ties", [True, False])
@pytest.mark.parametrize(("tasks", "weights"), _cases())
def test_every_verdict_equals_the_brute_force(tasks, weights, ties) -> None:  # type: ignore[no-untyped-def]
    means = brute_means(tasks, weights, ties)
    texts = [f"{k / 100:.2f}" for k in range(0, 101, 2)] + [
        f"{k / 1000:.3f}" for k in range(300, 1001, 23)
    ]
    for text in texts:
        for rounding in ("nearest", "truncate"):
            interval = reported_interval(text, rounding)
            outcome = decide_ap_mean(Aggregate(tasks, weights, interval, ties))
            expected = any(m in interval for m in means)
            assert outcome.verdict == ("possible" if expected else "impossible"), (text, rounding)
            if outcome.witness is not None:  # its rankings, recomputed here by hand
                mean = Fraction(0)
                for w, groups, (p, n) in zip(weights, outcome.witness.witness, tasks, strict=True):
                    pos = tuple(-i for i, (a, _) in enumerate(groups) for _ in range(a))
                    neg = tuple(-i for i, (_, b) in enumerate(groups) for _ in range(b))
                    assert (len(pos), len(neg)) == (p, n)
                    assert ties or all(a + b == 1 for a, b in groups)
                    mean += w * _ap(pos, neg)
                assert mean in interval


def test_large_folds_get_a_certified_witness_quickly() -> None:
    # 10 stratified folds of 200/800 and 5 of 400/600: the chain walk, each fold's AP
    # recomputed by decide's certify and here by hand on the curve's thresholds.
    for (p, n, k), text in [((2000, 8000, 10), "0.7345"), ((2000, 3000, 5), "0.9012")]:
        tasks = stratified_fold_sizes(p, n, k)
        query = Aggregate(tasks, (Fraction(1, k),) * k, reported_interval(text), True)
        outcome = decide_ap_mean(query)
        assert outcome.verdict == "possible" and outcome.witness is not None
        mean = Fraction(0)
        for groups in outcome.witness.witness:
            assert all(a + b == 1 for a, b in groups)  # the chains' rankings have no ties
            flat = [a for a, _ in groups]  # 1 positive, 0 negative
            hits = 0
            ap = Fraction(0)
            for seen, label in enumerate(flat, start=1):  # no ties: a threshold per example
                if label:
                    hits += 1
                    ap += Fraction(hits, seen)
            mean += ap / hits / k
        assert mean in reported_interval(text)


def test_a_budget_stops_the_enumeration_with_its_reason() -> None:
    query = Aggregate(((1, 1), (1, 2)), (Fraction(1, 2),) * 2, reported_interval("0.68"), False)
    with limits.using(max_interval_work=0):
        outcome = decide_ap_mean(query)
    assert outcome.verdict == "undecided" and outcome.ran_out == "max_interval_work"
    assert any("budget" in reason for reason in outcome.reasons)


def _certificate(tmp_path, *argv: str) -> dict:  # type: ignore[no-untyped-def,type-arg]
    target = tmp_path / "c.json"
    _, status = invoke(*argv, "--certificate", str(target))
    assert status == 1
    return json.loads(target.read_text())  # type: ignore[no-any-return]


def test_the_range_certificate_checks_and_a_mutated_one_does_not(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # Folds 1/1 and 1/2: least APs 1/2 and 1/3, the least mean 5/12 = 0.41666..; 0.41 misses.
    document = _certificate(tmp_path, "--fold-sizes", "1/1,1/2", "--average-precision-mean", "0.41")
    exclusion = document["decisions"][0]["exclusions"][0]
    assert exclusion["stage"] == "aggregate-ap-range" and exclusion["data"] == {"least": "5/12"}
    assert check_certificate(document).status == "valid"
    moved = json.loads(json.dumps(document))
    moved["question"]["claims"]["average_precision_mean"] = "0.42"  # holds 5/12
    assert check_certificate(moved).status == "invalid"
    lowered = json.loads(json.dumps(document))
    lowered["decisions"][0]["exclusions"][0]["data"]["least"] = "1/2"
    assert check_certificate(lowered).status == "invalid"


def test_the_enumerated_certificate_checks_and_a_mutated_one_does_not(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # Without ties fold 1/2 has AP 1, 1/2, 1/3 and fold 2/1 AP 1, 5/6, 7/12: the means nearest
    # 1/2 are 11/24 and 13/24, so "0.50" = [0.495, 0.505) holds none; with ties (the positive
    # of 1/2 tied with one negative, 2/1 tied in one group: 1/2 and 2/3) it holds 1/2.
    tasks, weights, text = ((1, 2), (2, 1)), (Fraction(1, 2),) * 2, "0.50"
    assert not any(m in reported_interval(text) for m in brute_means(tasks, weights, False))
    assert Fraction(1, 2) in brute_means(tasks, weights, True)
    argv = ["--fold-sizes", "1/2,2/1", "--no-ties", "--average-precision-mean", text]
    document = _certificate(tmp_path, *argv)
    exclusion = document["decisions"][0]["exclusions"][0]
    assert exclusion["stage"] == "aggregate-ap-enumerated"
    assert exclusion["data"] == {"ap_values": [3, 3]}
    assert check_certificate(document).status == "valid"
    tied = json.loads(json.dumps(document))
    tied["question"]["ties"] = True
    assert check_certificate(tied).status == "invalid"
    counted = json.loads(json.dumps(document))
    counted["decisions"][0]["exclusions"][0]["data"]["ap_values"] = [3, 2]
    assert check_certificate(counted).status == "invalid"
    renamed = json.loads(json.dumps(document))
    renamed["decisions"][0]["exclusions"][0]["stage"] = "aggregate-ap-guess"
    assert check_certificate(renamed).status == "invalid"


def test_the_cli_answers_folds_and_classes() -> None:
    out, status = invoke(
        "--positives", "20", "--negatives", "30", "--folds", "5", "--average-precision-mean", "0.81"
    )
    answer = json.loads(out)
    assert status == 0 and Fraction(answer["mean"]["exact"]) in reported_interval("0.81")
    out, status = invoke(
        "--class-counts", "1,2,3", "--weighted-average-precision", "0.77", "--format", "text"
    )
    assert status == 0 and "free per-class scores" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--class-counts", "1,2,3", "--average-precision-mean", "0.5"], "needs the folds"),
        (["--fold-sizes", "2/2,2/2", "--macro-average-precision", "0.5"], "--class-counts"),
        (
            ["--fold-sizes", "2/2,2/2", "--average-precision-mean", "0.5", "--auc-roc-mean", "0.5"],
            "one aggregate claim",
        ),
        (["--fold-sizes", "2/2,2/2", "--average-precision-mean", "0.5±0.1"], "one printed number"),
        (["--folds", "2", "--average-precision-mean", "0.5"], "give both"),
        (["--fold-sizes", "2/2,0/3", "--average-precision-mean", "0.5"], "--fold-sizes: each"),
    ],
)
def test_bad_cli_input_is_one_line_exit_2(argv, words, capsys) -> None:  # type: ignore[no-untyped-def]
    from rocpr_exact.cli.app import main

    assert main(["consistent", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err


def _square(values: tuple[Fraction, ...], ddof: int) -> Fraction:
    mean = sum(values, Fraction(0)) / len(values)
    return sum(((v - mean) ** 2 for v in values), Fraction(0)) / (len(values) - ddof)


def _sd_prints(square: Fraction, text: str) -> bool:
    # sqrt(square) in [x - h, x + h) (nearest): compare squares, the low end clipped at 0
    interval = reported_interval(text)
    low = max(interval.low, Fraction(0))
    return square >= low * low and square < interval.high * interval.high


SD_FOLDS = [((1, 2), (2, 1)), ((1, 1), (1, 2), (2, 2)), ((2, 2), (2, 3))]


@pytest.mark.parametrize("ties", [True, False])
@pytest.mark.parametrize("tasks", SD_FOLDS)
def test_every_mean_and_sd_verdict_equals_the_brute_force(tasks, ties) -> None:  # type: ignore[no-untyped-def]
    from rocpr_exact.consistency.aggregate_ap_sd import ApSpread, decide_ap_spread
    from rocpr_exact.consistency.aggregate_sd import DDOFS

    weights = tuple(Fraction(1, len(tasks)) for _ in tasks)
    choices = {  # each distinct (mean, variance ddof 0, variance ddof 1) of a choice of APs
        (sum(c, Fraction(0)) / len(c), _square(c, 0), _square(c, 1))
        for c in itertools.product(*(sorted(brute_aps(p, n, ties)) for p, n in tasks))
    }
    for mean_text in [f"{k / 10:.1f}" for k in range(3, 11)]:
        near = [c for c in choices if c[0] in reported_interval(mean_text)]
        for sd_text in [f"{k / 100:.2f}" for k in range(0, 50, 7)]:
            for ddofs in DDOFS.values():
                expected = any(any(_sd_prints(c[1 + d], sd_text) for d in ddofs) for c in near)
                query = Aggregate(tasks, weights, reported_interval(mean_text), ties)
                outcome = decide_ap_spread(ApSpread(query, reported_interval(sd_text), ddofs))
                assert outcome.verdict == ("possible" if expected else "impossible"), (
                    mean_text,
                    sd_text,
                    ddofs,
                )


def test_the_sd_certificate_checks_and_a_mutated_one_does_not(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # Folds 1/2 and 2/1 without ties: APs {1/3, 1/2, 1} and {7/12, 5/6, 1}.  Of the nine means
    # only 3/4 = (1/2 + 1)/2 lies in 0.75 = [0.745, 0.755): the APs 1/2, 1 have the squared
    # deviations 1/16 + 1/16 = 1/8, so the SD sqrt(1/8) = 0.354 (ddof 1) or 1/4 (ddof 0);
    # "0.30" is neither.
    argv = ["--fold-sizes", "1/2,2/1", "--no-ties", "--average-precision-mean", "0.75"]
    document = _certificate(tmp_path, *argv, "--average-precision-sd", "0.30")
    exclusion = document["decisions"][0]["exclusions"][0]
    assert exclusion["stage"] == "aggregate-ap-sd-enumerated"
    assert check_certificate(document).status == "valid"
    moved = json.loads(json.dumps(document))
    moved["question"]["claims"]["average_precision_sd"] = "0.25"  # ddof 0 prints it
    assert check_certificate(moved).status == "invalid"
    narrowed = json.loads(json.dumps(document))
    narrowed["decisions"][0]["exclusions"][0]["data"]["ddof"] = [1]  # the claim says either
    assert check_certificate(narrowed).status == "invalid"
    out, status = invoke(*argv, "--average-precision-sd", "0.25", "--sd-ddof", "0")
    assert status == 0 and json.loads(out)["sd_ddof"] == 0
    out, status = invoke(*argv, "--average-precision-sd", "0.354", "--sd-ddof", "1")
    assert status == 0 and json.loads(out)["variance"]["exact"] == "1/8"


def test_large_folds_get_a_certified_mean_and_sd() -> None:
    # 10 folds of 100/300: the moves from spread starts reach the SD; checked here again.
    from rocpr_exact.consistency.aggregate_ap_sd import ApSpread, decide_ap_spread
    from rocpr_exact.consistency.aggregate_ap_values import ranking_ap
    from rocpr_exact.consistency.aggregate_sd import variance

    tasks = stratified_fold_sizes(1000, 3000, 10)
    query = Aggregate(tasks, (Fraction(1, 10),) * 10, reported_interval("0.712"), True)
    outcome = decide_ap_spread(ApSpread(query, reported_interval("0.021"), (1, 0)))
    assert outcome.verdict == "possible" and outcome.witness is not None
    values = [ranking_ap(groups) for groups in outcome.witness.witness]
    assert sum(values, Fraction(0)) / 10 in reported_interval("0.712")
    sd = reported_interval("0.021")
    assert any(sd.low**2 <= variance(values, d) < sd.high**2 for d in (0, 1))
