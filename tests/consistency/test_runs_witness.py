"""Witnesses in runs: AUC-ROC with an operating point at any size, checked from O(1) runs."""

from __future__ import annotations

from fractions import Fraction

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.consistency import check_consistency, reported_interval
from rocpr_exact.consistency.witness import ranking_with_auc, runs_with_auc
from rocpr_exact.core.curve import Curve


def _auc2(groups: list[tuple[int, int]], p: int, n: int) -> Fraction:
    runs = [(len(groups) - i, a, b) for i, (a, b) in enumerate(groups)]
    return auc_roc(Curve.from_groups(runs)) * 2 * p * n


def test_runs_with_auc_has_every_2u_in_at_most_five_groups() -> None:
    # Every 2U in [0, 2PN] for P, N <= 6: the same 2U as the one-example-per-group ranking
    # (recomputed from the curve), every count accounted for, at most 5 groups.
    for p in range(1, 7):
        for n in range(1, 7):
            for u2 in range(2 * p * n + 1):
                groups = runs_with_auc(p, n, u2)
                assert sum(a for a, _ in groups) == p and sum(b for _, b in groups) == n
                assert len(groups) <= 5 and (0, 0) not in groups
                assert _auc2(groups, p, n) == u2 == _auc2(ranking_with_auc(p, n, u2), p, n)


def test_auc_with_an_operating_point_at_pooled_size_has_a_witness_of_few_runs() -> None:
    # The pooled DRIVE size: P = 577,945, N = 6,021,255.  TP = 424,414 (recall 0.7344),
    # FP = 114,403 (specificity 0.98100, accuracy 6,331,266/6,599,200 = 0.95940), AUC-ROC 0.97.
    p, n, tp, fp = 577_945, 6_021_255, 424_414, 114_403
    reported = {
        "auc_roc": "0.97",
        "recall": "0.7344",
        "specificity": "0.9810",
        "accuracy": "0.9594",
    }
    exact = {
        "recall": Fraction(tp, p),
        "specificity": Fraction(n - fp, n),
        "accuracy": Fraction(tp + n - fp, p + n),
    }
    for name, value in exact.items():  # these counts print as reported (round half up)
        assert value in reported_interval(reported[name])
    verdict = check_consistency(p, n, reported)
    assert verdict.verdict == "possible" and verdict.witness is not None
    assert len(verdict.witness.runs) <= 10
    curve = Curve.from_groups(verdict.witness.runs)  # recomputed here, from the runs
    assert auc_roc(curve) in reported_interval("0.97")
    cut = verdict.witness.threshold
    tp_w = sum(a for score, a, _ in verdict.witness.runs if score >= cut)
    fp_w = sum(b for score, _, b in verdict.witness.runs if score >= cut)
    assert Fraction(tp_w, p) in reported_interval("0.7344")
    assert Fraction(n - fp_w, n) in reported_interval("0.9810")
    assert Fraction(tp_w + n - fp_w, p + n) in reported_interval("0.9594")
