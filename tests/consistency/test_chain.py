"""The chain of rankings used to find witnesses quickly: monotone, and its witnesses hold."""

from __future__ import annotations

import itertools

import pytest

from rocpr_exact.consistency import (
    chain_groups,
    check_consistency,
    min_auc_pr_dg,
    min_average_precision,
)
from rocpr_exact.consistency.chain import _curve
from rocpr_exact.core.curve import Curve
from tests.consistency.brute import RANKING, table
from tests.consistency.test_check import recheck


def metrics_of(groups: list[tuple[int, int]]) -> dict[str, object]:
    by_groups = {row.groups: row.ranking for row in table(*totals(groups), False)}
    return by_groups[tuple(groups)]


def totals(groups: list[tuple[int, int]]) -> tuple[int, int]:
    return sum(a for a, _ in groups), sum(b for _, b in groups)


@pytest.mark.parametrize(("p", "n"), [(p, n) for p in range(1, 5) for n in range(1, 5)])
def test_chain_is_adjacent_swaps_with_non_increasing_metrics(p: int, n: int) -> None:
    chain = [chain_groups(p, n, s) for s in range(p * n + 1)]
    # R_0: every positive first; R_PN: every negative first.
    assert chain[0] == [(1, 0)] * p + [(0, 1)] * n
    assert chain[-1] == [(0, 1)] * n + [(1, 0)] * p
    for before, after in itertools.pairwise(chain):
        diff = [i for i in range(p + n) if before[i] != after[i]]
        assert len(diff) == 2 and diff[1] == diff[0] + 1  # one adjacent swap
        assert before[diff[0]] == (1, 0) and after[diff[0]] == (0, 1)
    values = [metrics_of(groups) for groups in chain]  # brute-force table (package functions)
    for name in RANKING:
        series = [v[name] for v in values]
        assert all(a >= b for a, b in itertools.pairwise(series)), name  # type: ignore[operator]
    assert values[-1]["average_precision"] == min_average_precision(p, n)
    assert values[-1]["auc_pr_dg"] == min_auc_pr_dg(p, n)
    # The cheap curve of R_s (negative runs as one point) has the same ROC polyline.
    for s, groups in enumerate(chain):
        scores = [len(groups) - i for i in range(len(groups))]
        labels = [a for a, _ in groups]
        full = Curve.from_scores(scores, labels)
        assert _curve(p, n, s).corners() == full.corners()


def test_large_counts_average_precision_and_areas() -> None:
    # P = 100, N = 1000 is far beyond the exhaustive search; the chain finds witnesses.
    for reported in (
        {"average_precision": "0.3"},
        {"auc_pr_dg": "0.412"},
        {"auc_pr_linear": "0.2"},
        {"average_precision": "0.9", "auc_roc": "0.99"},
        {"average_precision": "0.5", "auc_roc": "0.9"},  # 35 negatives first, then the chain
        {"average_precision": "0.3", "auc_roc": "0.9", "auc_pr_dg": "0.3"},
    ):
        v = check_consistency(100, 1000, reported)
        assert v.verdict == "possible", (reported, v.reasons)
        recheck(100, 1000, reported, "nearest", v)
    # With an operating point: a ranking of the chains that fits the areas and has a threshold
    # with TP = 100 (recall 0.5) and precision in [0.55, 0.65).
    for reported in (
        {"average_precision": "0.5", "precision": "0.6", "recall": "0.5"},
        {"auc_roc": "0.9", "average_precision": "0.5", "precision": "0.6", "recall": "0.5"},
    ):
        v = check_consistency(200, 2000, reported)
        assert v.verdict == "possible", (reported, v.reasons)
        recheck(200, 2000, reported, "nearest", v)
    # Off both chains and below every ranking without ties (0.090031): once out of reach of
    # the exhaustive search, now refuted by the Lagrangian bound over tie groups.
    v = check_consistency(100, 1000, {"average_precision": "0.05", "auc_roc": "0.6"})
    assert v.verdict == "impossible" and ">= 0.086029" in v.reasons[0]
    assert "consistency.tiedbound" in v.reasons[0]
    # The least AP for P = 100, N = 1000 is about 0.0481 > 0.04: impossible.
    assert check_consistency(100, 1000, {"average_precision": "0.04"}).verdict == "impossible"
