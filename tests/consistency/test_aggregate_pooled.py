"""The pooled AUC-ROC beside a fold mean (issue 41): sound against a brute force, certified."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from functools import cache

import pytest

from rocpr_exact.checker import check_certificate
from rocpr_exact.consistency.aggregate import Aggregate
from rocpr_exact.consistency.aggregate_pooled import decide_pooled, pooled_auc
from rocpr_exact.consistency.reported import reported_interval
from tests.cli.test_consistent import invoke
from tests.consistency.test_aggregate_ap import _ap


def _auc(pos: tuple[int, ...], neg: tuple[int, ...]) -> Fraction:
    return Fraction(
        sum(2 if a > b else 1 if a == b else 0 for a in pos for b in neg), 2 * len(pos) * len(neg)
    )


@cache
def brute_pairs(
    tasks: tuple[tuple[int, int], ...], metric: str
) -> frozenset[tuple[Fraction, Fraction]]:
    """Every (mean of the fold metric, pooled AUC-ROC) of every scoring of every example (ties
    allowed): scores from 0..n-1 for the n examples, folds as given."""
    labels = [(i, 1) for i, (p, _) in enumerate(tasks) for _ in range(p)]
    labels += [(i, 0) for i, (_, n) in enumerate(tasks) for _ in range(n)]
    size, k = len(labels), len(tasks)
    fold = _auc if metric == "auc_roc" else _ap
    out = set()
    for scores in itertools.product(range(size), repeat=size):
        pos = [
            [s for s, (f, y) in zip(scores, labels, strict=True) if f == i and y] for i in range(k)
        ]
        neg = [
            [s for s, (f, y) in zip(scores, labels, strict=True) if f == i and not y]
            for i in range(k)
        ]
        mean = (
            sum((fold(tuple(a), tuple(b)) for a, b in zip(pos, neg, strict=True)), Fraction(0)) / k
        )
        pooled = _auc(tuple(itertools.chain(*pos)), tuple(itertools.chain(*neg)))
        out.add((mean, pooled))
    return frozenset(out)


@pytest.mark.parametrize("tasks", [((1, 1), (1, 2)), ((1, 1), (2, 1))])
@pytest.mark.parametrize("metric", ["auc_roc", "average_precision"])
def test_every_verdict_equals_the_brute_force(metric: str, tasks) -> None:  # type: ignore[no-untyped-def]
    pairs = brute_pairs(tasks, metric)
    decided = undecided = missed = 0
    for mean_text in [f"{k / 10:.1f}" for k in range(3, 11)]:
        for pooled_text in [f"{k / 10:.1f}" for k in range(0, 11)]:
            mean, pooled = reported_interval(mean_text), reported_interval(pooled_text)
            query = Aggregate(tasks, (Fraction(1, 2),) * 2, mean, True)
            answer = decide_pooled(query, metric, pooled, pooled_text, "nearest")  # type: ignore[arg-type]
            expected = any(m in mean and q in pooled for m, q in pairs)
            if answer.verdict == "undecided":
                undecided += 1
                missed += expected
                continue
            decided += 1
            assert answer.verdict == ("possible" if expected else "impossible"), (
                mean_text,
                pooled_text,
            )
            if answer.merge is not None:
                assert pooled_auc(answer.merge.folds) in pooled
    assert undecided == missed == 0  # the merges, then the enumeration, decide every one


def test_the_cli_and_both_parts_certificates(tmp_path) -> None:  # type: ignore[no-untyped-def]
    base = ["--positives", "20", "--negatives", "30", "--folds", "5", "--auc-roc-mean"]
    out, status = invoke(*base, "0.85", "--auc-roc", "0.84")
    assert status == 0 and Fraction(
        json.loads(out)["pooled_auc_roc"]["exact"]
    ) in reported_interval("0.84")
    for mean, pooled, part in (("0.85", "0.8731", "pooled"), ("0.873", "0.84", "mean")):
        target = tmp_path / f"{part}.json"
        out, status = invoke(*base, mean, "--auc-roc", pooled, "--certificate", str(target))
        assert status == 1 and json.loads(out)["impossible_part"] == part
        assert check_certificate(json.loads(target.read_text())).status == "valid"


def test_the_enumerated_certificate_checks_and_a_mutated_one_does_not(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # Folds 1/1 and 1/2: a mean of the fold AUC-ROCs 1.0 needs both folds perfect, which
    # leaves the pooled AUC-ROC at least 4/6 (brute force); pooled "0.3" then cannot print.
    pairs = brute_pairs(((1, 1), (1, 2)), "auc_roc")
    assert not any(m == 1 and q in reported_interval("0.3") for m, q in pairs)
    assert any(m == 1 for m, _ in pairs) and any(q in reported_interval("0.3") for _, q in pairs)
    target = tmp_path / "c.json"
    argv = ["--fold-sizes", "1/1,1/2", "--auc-roc-mean", "1.0", "--auc-roc", "0.3"]
    out, status = invoke(*argv, "--certificate", str(target))
    assert status == 1 and json.loads(out)["impossible_part"] == "both"
    document = json.loads(target.read_text())
    assert document["decisions"][0]["exclusions"][0]["stage"] == "aggregate-pooled-enumerated"
    assert check_certificate(document).status == "valid"
    moved = json.loads(json.dumps(document))
    moved["question"]["claims"]["pooled_auc_roc"] = "0.7"  # both perfect, the 1/1 fold on top
    assert check_certificate(moved).status == "invalid"
