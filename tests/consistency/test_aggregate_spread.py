"""The mean and SD of fold AUCs over folds of different sizes (issue 41): the spread climb, the
enumeration's bounds (decider and checker), and the listing of a mean's grid.

Every expected verdict comes from a brute force written here: each fold's AUCs from every
ranking of its positives and negatives (``brute_aucs`` of test_aggregate.py, Mann-Whitney
counted by pairs), every choice of one AUC per fold.
"""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import pytest

from rocpr_exact.checker import check_certificate
from rocpr_exact.checker.aggregate import _may_print
from rocpr_exact.checker.printed import printed
from rocpr_exact.consistency.aggregate import Aggregate, class_tasks, decide_mean, work_budget
from rocpr_exact.consistency.aggregate_climb import SpreadClimb, ranges
from rocpr_exact.consistency.aggregate_sd import (
    DDOFS,
    STAGES,
    Spread,
    _certify,
    _open,
    decide_spread,
    variance,
)
from rocpr_exact.consistency.engine.protocol import Candidates, decide
from rocpr_exact.consistency.reported import reported_interval
from tests.cli.test_consistent import invoke
from tests.consistency.test_aggregate import brute_aucs


def _choices(tasks: tuple[tuple[int, int], ...], ties: bool) -> set[tuple[Fraction, ...]]:
    """(mean, variance ddof 0, variance ddof 1) of every choice of one AUC per fold."""
    out = set()
    for c in itertools.product(*(sorted(brute_aucs(p, n, ties)) for p, n in tasks)):
        out.add((sum(c, Fraction(0)) / len(c), variance(c, 0), variance(c, 1)))
    return out


def _sd_prints(square: Fraction, text: str) -> bool:
    interval = reported_interval(text)  # nearest: [x - h, x + h), the low end clipped at 0
    low = max(interval.low, Fraction(0))
    return square >= low * low and square < interval.high * interval.high


MIXED = [
    ((1, 2), (2, 2), (1, 3)),
    ((2, 3), (1, 4), (2, 2)),
    ((1, 1), (2, 1), (1, 2), (1, 3)),
]


@pytest.mark.parametrize("ties", [True, False])
@pytest.mark.parametrize("tasks", MIXED)
def test_mixed_fold_verdicts_equal_the_brute_force(tasks, ties) -> None:  # type: ignore[no-untyped-def]
    choices = _choices(tasks, ties)
    weights = tuple(Fraction(1, len(tasks)) for _ in tasks)
    for mean_text in ("0.2", "0.5", "0.63", "0.9"):
        near = [c for c in choices if c[0] in reported_interval(mean_text)]
        for sd_text in [f"{k / 100:.2f}" for k in range(0, 50, 5)] + ["0.123", "0.301"]:
            for name, ddofs in DDOFS.items():
                expected = any(any(_sd_prints(c[1 + d], sd_text) for d in ddofs) for c in near)
                query = Aggregate(tasks, weights, reported_interval(mean_text), ties)
                outcome = decide_spread(Spread(query, reported_interval(sd_text), ddofs))
                want = "possible" if expected else "impossible"
                assert outcome.verdict == want, (mean_text, sd_text, name)


def _completions(scales: list[int], units: list[int], fixed: list[int]) -> set[tuple[int, int]]:
    """Every (s1, s2) of the fixed g and any g of the folds after them (whole numbers)."""
    out = set()
    rest = scales[len(fixed) :]
    for tail in itertools.product(*(range(d + 1) for d in rest)):
        a = [x * u for x, u in zip([*fixed, *tail], units, strict=True)]
        out.add((sum(a), sum(x * x for x in a)))
    return out


def test_the_enumerations_cut_never_drops_a_completion_that_prints() -> None:
    # _open(prefix) False must mean: no completion of the prefix has s1 in the mean's range
    # and W = K s2 - s1^2 in a spread range (checked over every completion).
    rng = random.Random(41)
    tasks = ((1, 2), (1, 3), (2, 2), (2, 3))
    query = Aggregate(tasks, (Fraction(1, 4),) * 4, reported_interval("0.6"), False)
    cut = 0
    for sd_text in ("0.05", "0.2", "0.35", "0.123", "0.45", "0.52"):
        spread = Spread(query, reported_interval(sd_text), (1, 0))
        units, mean, _ = ranges(spread, 1)
        spreads = [ranges(spread, d)[2] for d in (1, 0)]
        scales = [query.scale(i) for i in range(4)]
        common = units[0] * scales[0]
        for _ in range(40):
            j = rng.randrange(4)
            fixed = [rng.randrange(d + 1) for d in scales[:j]]
            a = [x * u for x, u in zip(fixed, units[:j], strict=True)]
            s1, s2 = sum(a), sum(x * x for x in a)
            reach = any(
                mean[0] <= t1 <= mean[1] and any(lo <= 4 * t2 - t1 * t1 <= hi for lo, hi in spreads)
                for t1, t2 in _completions(scales, units, fixed)
            )
            opened = _open(4, (4 - j, 0), common, s1, s2, mean, spreads)
            assert opened or not reach, (sd_text, fixed)
            cut += not opened
    assert cut > 0  # the cut does cut


def test_the_cut_with_a_floor_keeps_every_non_decreasing_completion() -> None:
    # Folds of one size taken in non-decreasing order: the folds left are at least the last g.
    tasks = ((2, 2),) * 4
    query = Aggregate(tasks, (Fraction(1, 4),) * 4, reported_interval("0.55"), True)
    spread = Spread(query, reported_interval("0.21"), (1,))
    units, mean, (lo, hi) = ranges(spread, 1)
    common, d = units[0] * 8, 8
    for fixed in itertools.combinations_with_replacement(range(d + 1), 2):
        a = [x * units[0] for x in fixed]
        s1, s2 = sum(a), sum(x * x for x in a)
        reach = any(
            mean[0] <= s1 + (x + y) * units[0] <= mean[1]
            and lo
            <= 4 * (s2 + (x * x + y * y) * units[0] ** 2) - (s1 + (x + y) * units[0]) ** 2
            <= hi
            for x in range(fixed[-1], d + 1)
            for y in range(x, d + 1)
        )
        opened = _open(4, (2, fixed[-1] * units[0]), common, s1, s2, mean, [(lo, hi)])
        assert opened or not reach, fixed


@pytest.mark.parametrize("sd_text", ["0.2", "0.05", "0.45"])
def test_the_checkers_cut_never_drops_a_state_that_prints(sd_text: str) -> None:
    rng = random.Random(7)
    span, sd = printed("0.6", "nearest", "m"), printed(sd_text, "nearest", "s")
    scales = [3, 4, 4]
    for _ in range(60):
        j = rng.randrange(4)
        fixed = [Fraction(rng.randrange(d + 1), d) for d in scales[:j]]
        state = (sum(fixed, Fraction(0)), sum((x * x for x in fixed), Fraction(0)))
        reach = False
        for tail in itertools.product(*(range(d + 1) for d in scales[j:])):
            values = fixed + [Fraction(x, d) for x, d in zip(tail, scales[j:], strict=True)]
            mean = sum(values, Fraction(0)) / 3
            if span.holds(mean) and any(_sd_prints(variance(values, d), sd_text) for d in (0, 1)):
                reach = True
        assert _may_print(state, 3 - j, 3, span, sd, [1, 0]) or not reach, fixed


@pytest.mark.parametrize("seed", range(6))
def test_the_climb_alone_finds_genuine_mixed_folds(seed: int) -> None:
    # Genuine AUCs of folds of different sizes (P = 31, N = 70 in 4 stratified-like folds):
    # their printed mean and SD (3 decimals) are found by the climb alone, certified.
    rng = random.Random(seed)
    tasks = ((8, 18), (8, 17), (8, 18), (7, 17))
    g = [rng.randrange(2 * p * n + 1) for p, n in tasks]
    aucs = [Fraction(x, 2 * p * n) for x, (p, n) in zip(g, tasks, strict=True)]
    mean = _three(sum(aucs, Fraction(0)) / 4)
    sd = _three_sd(variance(aucs, 1))
    query = Aggregate(tasks, (Fraction(1, 4),) * 4, reported_interval(mean), True)
    spread = Spread(query, reported_interval(sd), (1,))
    outcome = decide((SpreadClimb(),), spread, Candidates((0,)), work_budget(), _certify)
    assert outcome.verdict == "possible", (mean, sd, outcome.reasons)


def _three(x: Fraction) -> str:
    k = (x * 2000 + 1) // 2  # round half up to 3 decimals
    return f"{k // 1000}.{k % 1000:03d}"


def _three_sd(var: Fraction) -> str:
    from math import isqrt

    k = (isqrt(int(4 * var * 10**6)) + 1) // 2  # (k - 1/2)^2 <= var 10^6 < (k + 1/2)^2
    return f"{k // 1000}.{k % 1000:03d}"


def test_six_folds_of_three_by_three_are_proved_and_checked(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # 6 folds of 3/3 without ties: g_i in 0..9.  Mean 0.611 = [0.6105, 0.6115) -> sum g = 33
    # (54 * 0.6105 = 32.97); SD 0.152 (ddof 1) -> sum g^2 - 33^2 / 6 in
    # 5 * 81 * [0.1515^2, 0.1525^2) = [9.2955.., 9.4188..), sum g^2 in [190.79, 190.92): no
    # whole number, impossible.  SD 0.153 gives [190.92, 191.04): 191, possible.
    argv = ["--fold-sizes", ",".join(["3/3"] * 6), "--no-ties", "--auc-roc-mean", "0.611"]
    target = tmp_path / "c.json"
    _, status = invoke(
        *argv, "--auc-roc-sd", "0.152", "--sd-ddof", "1", "--certificate", str(target)
    )
    assert status == 1
    document = json.loads(target.read_text())
    assert document["decisions"][0]["exclusions"][0]["stage"] == "aggregate-sd-enumerated"
    assert check_certificate(document).status == "valid"
    moved = json.loads(json.dumps(document))
    moved["question"]["claims"]["auc_roc_sd"] = "0.153"
    assert check_certificate(moved).status == "invalid"
    out, _ = invoke(*argv, "--auc-roc-sd", "0.153", "--sd-ddof", "1")
    assert json.loads(out)["verdict"] == "possible"


def test_an_sd_past_the_greatest_spread_is_impossible_at_any_fold_size(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # 10 folds of 1000/9000 (D = 1.8 * 10^7 each, far past any enumeration).  The mean 0.873 is
    # [0.8725, 0.8735), so the AUCs sum to S in [8.725, 8.735); AUCs in [0, 1] with that sum
    # have the greatest sum of squares at 8 AUCs of 1, one of S - 8 and one of 0: the spread
    # 8 + (S - 8)^2 - S^2 / 10 is at most 8 + 0.725^2 - 8.725^2 / 10 = 0.9130.., the SD at most
    # sqrt(0.9130 / 9) = 0.3185 (ddof 1) and sqrt(0.9130 / 10) = 0.3022 (ddof 0): "0.4" (one
    # decimal: [0.35, 0.45)) is impossible, proved at the enumeration's root and checked there.
    argv = ["--positives", "10000", "--negatives", "90000", "--folds", "10"]
    argv += ["--auc-roc-mean", "0.873", "--auc-roc-sd", "0.4"]
    target = tmp_path / "c.json"
    _, status = invoke(*argv, "--certificate", str(target))
    assert status == 1
    document = json.loads(target.read_text())
    assert document["decisions"][0]["exclusions"][0]["stage"] == "aggregate-sd-enumerated"
    assert check_certificate(document).status == "valid"
    narrowed = json.loads(json.dumps(document))
    narrowed["decisions"][0]["exclusions"][0]["data"]["ddof"] = [1]  # the claim says either
    assert check_certificate(narrowed).status == "invalid"


def test_the_climb_leaves_the_enumeration_its_budget() -> None:
    # 30 folds of 100/100, mean 0.9: the SD is at most sqrt(30 * 0.9005 * 0.0995 / 29) = 0.305
    # (the AUCs at 1 and 0, the continuous bound K m (1 - m)), so "0.5" is impossible.  The
    # climb (30 * 31 units a step) once spent the whole budget and left it undecided; it now
    # spends at most a quarter, and the enumeration's root cut proves it.
    tasks = ((100, 100),) * 30
    query = Aggregate(tasks, (Fraction(1, 30),) * 30, reported_interval("0.9"), True)
    outcome = decide_spread(Spread(query, reported_interval("0.5"), (1, 0)))
    assert outcome.verdict == "impossible", outcome.reasons
    assert outcome.certificates[0].stage == "aggregate-sd-enumerated"


def test_a_weighted_average_with_a_huge_unit_is_listed_only_to_the_cap() -> None:
    # Weighted one-vs-rest over 6001/7002/6997: the unit b is about 10^18, so 0.873 holds
    # about 10^15 multiples of the step; the decider lists at most max_grid_points of them
    # (before: the whole list, which ran out of memory) and finds a witness.
    tasks, weights = class_tasks([6001, 7002, 6997], True)
    query = Aggregate(tasks, weights, reported_interval("0.873"), True)
    assert query.unit() > 10**15
    outcome = decide_mean(query)
    assert outcome.verdict == "possible" and outcome.witness is not None
    assert query.mean(outcome.witness.witness) in reported_interval("0.873")


def test_the_stages_run_the_climb_before_the_walk_and_the_enumeration() -> None:
    names = [stage.name for stage in STAGES]
    assert names.index("aggregate-spread-climb") < names.index("aggregate-sd-enumerated")
