"""Metrics together with ROC points (``through``): against brute force over every ranking."""

from __future__ import annotations

import pytest

from rocpr_exact.consistency import check_consistency, reported_interval
from rocpr_exact.consistency.through import box_ranges, passes
from tests.consistency.brute import table


def brute(p: int, n: int, reported: dict[str, str], box: tuple[int, int], ties: bool) -> bool:
    """Some ranking has every metric in its interval and a threshold at (TP, FP) = ``box``."""
    intervals = {name: reported_interval(text) for name, text in reported.items()}
    tp, fp = box
    for row in table(p, n, ties):
        if not all(row.ranking[name] in interval for name, interval in intervals.items()):
            continue
        at, done = [(0, 0)], (0, 0)
        for a, b in row.groups:
            done = (done[0] + a, done[1] + b)
            at.append(done)
        if (tp, fp) in at:
            return True
    return False


def test_the_issues_example_is_impossible() -> None:
    # Every curve through (FPR, TPR) = (0, 1) ranks every positive first: AUC-ROC is 1.
    verdict = check_consistency(4, 4, {"auc_roc": "0.5"}, through=[((4, 4), (0, 0))])
    assert verdict.verdict == "impossible"
    assert check_consistency(4, 4, {"auc_roc": "1"}, through=[((4, 4), (0, 0))]).verdict == (
        "possible"
    )


@pytest.mark.parametrize("ties", [True, False])
@pytest.mark.parametrize(("p", "n"), [(2, 2), (2, 3), (3, 2)])
def test_auc_and_average_precision_through_a_point(p: int, n: int, ties: bool) -> None:
    for auc in ("0.5", "0.67", "0.75", "0.8", "1"):
        for ap in (None, "0.6", "0.8", "0.9"):
            reported = {"auc_roc": auc} if ap is None else {"auc_roc": auc, "average_precision": ap}
            for tp in range(p + 1):
                for fp in range(n + 1):
                    box = ((tp, tp), (fp, fp))
                    got = check_consistency(p, n, reported, ties=ties, through=[box])
                    expected = brute(p, n, reported, (tp, fp), ties)
                    assert got.verdict == ("possible" if expected else "impossible"), (
                        reported,
                        (tp, fp),
                        got.reasons,
                    )
                    if got.witness is not None:  # the witness passes through the point
                        w = got.witness
                        pairs = sorted(zip(w.scores, w.labels, strict=True), reverse=True)
                        tps = [sum(y for s, y in pairs if s >= c) for c, _ in pairs]
                        fps = [sum(1 - y for s, y in pairs if s >= c) for c, _ in pairs]
                        assert (tp, fp) in {(0, 0), *zip(tps, fps, strict=True)}


def test_passes_and_box_ranges() -> None:
    assert box_ranges(3, (1, 2), (0, 1)) == [(1, 0), (0, 1), (0, 1), (1, 0)]
    assert passes([(1, 0), (1, 1)], box_ranges(2, (1, 1), (0, 0)))
    assert not passes([(2, 1)], box_ranges(2, (1, 1), (0, 0)))
