"""ROC points' boxes alone, or with an operating point and no AUC: against every ranking.

The brute force asks of each ranking (tests/consistency/brute.rankings, ties or not) whether
its thresholds (the prefix counts at its group ends, (0, 0) included) meet every box, and for
an operating point whether one threshold also has every reported metric in its interval.
"""

from __future__ import annotations

import itertools
import random

import pytest

from rocpr_exact.consistency import check_consistency, reported_interval
from rocpr_exact.consistency.boxchain import check_boxes
from rocpr_exact.consistency.through import (
    Box,
    BoxChainTooLong,
    box_chain,
    chain_groups,
    has_thresholds,
)
from tests.consistency.brute import point_metrics, rankings


def _thresholds(groups: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    at = [(0, 0)]
    for a, b in groups:
        at.append((at[-1][0] + a, at[-1][1] + b))
    return at


def _meets(at: list[tuple[int, int]], box: Box) -> bool:
    (tlo, thi), (flo, fhi) = box
    return any(tlo <= tp <= thi and flo <= fp <= fhi for tp, fp in at)


def brute(p: int, n: int, boxes: list[Box], ties: bool, point: dict[str, str] | None) -> bool:
    intervals = {k: reported_interval(v) for k, v in (point or {}).items()}
    for groups in rankings(p, n, ties):
        at = _thresholds(groups)
        if not all(_meets(at, box) for box in boxes):
            continue
        if not intervals:
            return True
        for tp, fp in at:
            values = point_metrics(tp, fp, p, n)
            if all(k in values and values[k] in i for k, i in intervals.items()):
                return True
    return False


def _every_box(p: int, n: int) -> list[Box]:
    tps = [(a, b) for a in range(p + 1) for b in range(a, p + 1)]
    fps = [(a, b) for a in range(n + 1) for b in range(a, n + 1)]
    return [(t, f) for t in tps for f in fps]


def _check(p: int, n: int, boxes: list[Box], ties: bool) -> None:
    verdict = check_boxes(p, n, boxes, ties=ties, max_steps=10**6)
    assert verdict.verdict == ("possible" if brute(p, n, boxes, ties, None) else "impossible")
    if verdict.witness is not None:  # the witness's own thresholds meet every box
        runs = verdict.witness.runs
        assert sum(a for _, a, _ in runs) == p and sum(b for _, _, b in runs) == n
        assert ties or all(a + b == 1 for _, a, b in runs)
        at = _thresholds(tuple((a, b) for _, a, b in runs))
        assert all(_meets(at, box) for box in boxes)


@pytest.mark.parametrize("ties", [True, False])
def test_every_pair_of_boxes_at_p_n_2(ties: bool) -> None:
    boxes = _every_box(2, 2)  # 36 boxes, 1,296 ordered pairs
    for pair in itertools.product(boxes, repeat=2):
        _check(2, 2, list(pair), ties)


def test_triples_of_boxes_at_p_3_n_2() -> None:
    boxes = _every_box(3, 2)
    rng = random.Random(38)  # a fixed sample: the same triples every run
    for _ in range(400):
        _check(3, 2, rng.sample(boxes, 3), ties=True)


def test_an_order_the_lower_corners_miss_is_found() -> None:
    # A: TP 0..5 at FP 3; B: TP 1 at FP 0..1.  By lower corners A comes first, at (0, 3),
    # and B's FP <= 1 then fails; B first, at (1, 0), then A at (1, 3): a chain.
    boxes: list[Box] = [((0, 5), (3, 3)), ((1, 1), (0, 1))]
    assert box_chain(boxes, 100) == [(1, 3), (1, 0)]
    with pytest.raises(BoxChainTooLong):  # 2 x 2 pair checks > 3 allowed
        box_chain(boxes, 3)
    verdict = check_boxes(5, 5, boxes, ties=True, max_steps=3)
    assert verdict.verdict == "undecided" and "max_steps = 3" in verdict.reasons[0]
    assert check_boxes(5, 5, boxes, ties=True, max_steps=100).verdict == "possible"


def test_crossed_boxes_are_impossible() -> None:
    # (TP, FP) = (9, 1) and (2, 5): neither is below the other, no ranking meets both.
    verdict = check_boxes(10, 10, [((9, 9), (1, 1)), ((2, 2), (5, 5))], ties=True, max_steps=100)
    assert verdict.verdict == "impossible" and "one order" in verdict.reasons[0]


def test_chain_groups_have_every_point_as_a_threshold() -> None:
    points = [(0, 0), (2, 1), (2, 1), (3, 3)]
    for ties in (True, False):
        groups = chain_groups(4, 5, points, ties)
        assert sum(a for a, _ in groups) == 4 and sum(b for _, b in groups) == 5
        assert has_thresholds(groups, points)
    assert not has_thresholds([(2, 1)], [(1, 0)])  # inside a tied group: not a threshold


@pytest.mark.parametrize(("p", "n"), [(2, 3), (3, 2)])
def test_an_operating_point_with_boxes_and_no_auc(p: int, n: int) -> None:
    reported_sets = [
        {"recall": "0.5"},
        {"precision": "0.5"},
        {"recall": "0.67", "precision": "0.67"},
        {"specificity": "0.5", "recall": "1"},
    ]
    boxes = _every_box(p, n)
    rng = random.Random(p * 10 + n)
    for reported in reported_sets:
        for chosen in [[box] for box in boxes] + [rng.sample(boxes, 2) for _ in range(40)]:
            for ties in (True, False):
                got = check_consistency(p, n, reported, ties=ties, through=chosen)
                expected = brute(p, n, chosen, ties, reported)
                assert got.verdict == ("possible" if expected else "impossible"), (
                    reported,
                    chosen,
                    got.reasons,
                )


def test_the_issues_example_is_decided() -> None:
    # recall 0.5 and precision 0.5 of 10 and 10: TP = 5, FP = 5, exactly the ROC point
    # (0.5, 0.5); the ranking "5 + 5 tied, then 5 + 5 tied" has that threshold.
    verdict = check_consistency(
        10, 10, {"recall": "0.5", "precision": "0.5"}, through=[((5, 5), (5, 5))]
    )
    assert verdict.verdict == "possible"
    assert "auc_roc" not in verdict.reasons[0]
    assert verdict.witness is not None and verdict.witness.runs == ((2, 5, 5), (1, 5, 5))
    # ROC point (0.1, 0.9): TP = 9, FP = 1 is crossed with (5, 5)
    crossed = check_consistency(
        10, 10, {"recall": "0.5", "precision": "0.5"}, through=[((9, 9), (1, 1))]
    )
    assert crossed.verdict == "impossible" and "auc_roc" not in crossed.reasons[0]
