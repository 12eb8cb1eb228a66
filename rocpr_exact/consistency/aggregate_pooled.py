"""The pooled AUC-ROC over every fold beside the folds' mean: a merge of the fold rankings.

A paper that prints the mean of the folds' AUC-ROC (or AP) and the AUC-ROC of the pooled
predictions (every fold's test scores together) claims a ranking of P = sum P_i positives and
N = sum N_i negatives that, cut into the folds, gives each fold's ranking.  The folds' scores
are free, so the pooled ranking is any merge (interleaving, ties allowed when they are) of the
fold rankings, and every ranking of P and N is a merge of some fold rankings.  So:

* "impossible" when the pooled claim alone is (the binary claim at P, N,
  :func:`~rocpr_exact.consistency.check.check_consistency`) or the mean alone is
  (:func:`~.aggregate.decide_mean`, :func:`~.aggregate_ap.decide_ap_mean`); each certificate
  is that part's;
* "possible" with the mean's witness fold rankings and a merge of them whose pooled AUC-ROC
  prints (:func:`pooled_merge`: fold i shifted against the others, its shift found by
  bisection; certified by recomputing the pooled AUC-ROC with ``auc_roc``);
* "undecided" otherwise, said: the merges tried missed the interval, although other fold
  rankings with the same mean might not.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from rocpr_exact import limits
from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.consistency.aggregate import Aggregate, decide_mean, task_rankings, work_budget
from rocpr_exact.consistency.aggregate_ap import decide_ap_mean, ranking_ap
from rocpr_exact.consistency.check import check_consistency
from rocpr_exact.consistency.engine.protocol import Budget, Certificate, Group
from rocpr_exact.consistency.reported import Interval, Rounding
from rocpr_exact.consistency.search import RANKING_METRICS, group_terms
from rocpr_exact.core.curve import Curve

__all__ = ["Pooled", "PooledAnswer", "decide_pooled", "pooled_auc", "pooled_merge"]

#: Each fold's groups with their pooled scores (integers, higher = more positive).
Scored = tuple[tuple[tuple[int, int, int], ...], ...]


@dataclass(frozen=True, slots=True)
class Pooled:
    """A merge found: each fold's groups as (pooled score, positives, negatives), highest
    first, and the pooled AUC-ROC."""

    folds: Scored
    auc: Fraction


def pooled_auc(folds: Scored) -> Fraction:
    """The AUC-ROC of every fold's scored groups together (the same score: one tie group).

    >>> pooled_auc((((3, 1, 0), (1, 0, 1)), ((2, 1, 0), (0, 0, 1))))   # 3 2 | 1 0
    Fraction(1, 1)
    """
    merged: dict[int, tuple[int, int]] = {}
    for groups in folds:
        for score, a, b in groups:
            old = merged.get(score, (0, 0))
            merged[score] = (old[0] + a, old[1] + b)
    runs = tuple((s, a, b) for s, (a, b) in sorted(merged.items(), reverse=True))
    return auc_roc(Curve.from_groups(runs))


def _split(groups: Sequence[Group], positives_too: bool) -> list[Group]:
    """Negative-only groups (and positive-only ones when ``positives_too``) as single examples:
    the fold's AUC-ROC is the same (no pair within such a group), and so is its AP for the
    negatives (no positive between them; a tied run of positives is one AP threshold)."""
    out: list[Group] = []
    for a, b in groups:
        if a == 0 or (b == 0 and positives_too):
            out += [(1, 0)] * a + [(0, 1)] * b
        else:
            out.append((a, b))
    return out


def _arrange(
    rankings: Sequence[Sequence[Group]], fold: int, moved: int, passed: int, tied: bool
) -> Scored:
    """Fold ``fold``'s groups before ``moved`` above the others' merge (the others dealt by
    their relative places), group ``moved`` above the others' last ``passed`` groups (tied with
    the next when ``tied``), the rest below; scores counted down from the top."""
    others = sorted(
        (
            (Fraction(t, len(groups)), j, group)
            for j, groups in enumerate(rankings)
            if j != fold
            for t, group in enumerate(groups)
        ),
    )
    own = list(rankings[fold])
    cut = len(others) - passed
    above = [[(fold, g)] for g in own[:moved]] + [[(j, g)] for _, j, g in others[:cut]]
    if tied:
        above[-1].append((fold, own[moved]))
    else:
        above.append([(fold, own[moved])])
    below = [[(j, g)] for _, j, g in others[cut:]] + [[(fold, g)] for g in own[moved + 1 :]]
    order = above + below
    out: list[list[tuple[int, int, int]]] = [[] for _ in rankings]
    for place, items in enumerate(order):
        for j, (a, b) in items:
            out[j].append((len(order) - place, a, b))
    return tuple(tuple(groups) for groups in out)


def pooled_merge(
    rankings: Sequence[Sequence[Group]], interval: Interval, ties: bool, work: int
) -> Pooled | None:
    """A merge of the fold ``rankings`` whose pooled AUC-ROC lies in ``interval``, or None.

    For each fold in turn: the others merged by their groups' relative places, the fold placed
    wholly below them, then its groups, top first, each moved up past the others' groups one
    at a time (tied with each on the way when ``ties``).  Passing a group (a', b') moves 2U by
    2 (a b' - a' b) (a, b the moved group's), a tie by half of it, so with single examples the
    pooled 2U steps by at most 2 (1 with ties) from the fold wholly below to wholly above: every
    2U between is met.  O(1) a step, at most ``work`` steps.
    """
    p = sum(a for groups in rankings for a, _ in groups)
    n = sum(b for groups in rankings for _, b in groups)
    for fold in range(len(rankings)):
        start = _arrange(rankings, fold, 0, 0, False)
        two_u = pooled_auc(start) * 2 * p * n
        others = [groups for j, g in enumerate(start) if j != fold for groups in g]
        others.sort(key=lambda group: -group[0])
        own = rankings[fold]
        for moved, (a, b) in enumerate(own):
            for passed in range(len(others)):
                _, a_o, b_o = others[len(others) - 1 - passed]
                half = a * b_o - a_o * b
                for tied in (True, False) if ties else (False,):
                    work -= 1
                    if work < 0:
                        return None
                    two_u += half if ties else 2 * half
                    value = Fraction(two_u, 2 * p * n)
                    if value in interval:
                        done = passed + (0 if tied else 1)
                        return Pooled(_arrange(rankings, fold, moved, done, tied), value)
    return None


@dataclass(frozen=True, slots=True)
class PooledAnswer:
    """The verdict on a pooled AUC-ROC beside a fold mean: ``part`` names the claim whose
    certificates prove an "impossible" ("pooled" or "mean"); ``merge`` is a certified witness."""

    verdict: Literal["possible", "impossible", "undecided"]
    reasons: tuple[str, ...]
    certificates: tuple[Certificate, ...] = ()
    part: Literal["pooled", "mean", "both"] | None = None
    merge: Pooled | None = None


def decide_pooled(
    query: Aggregate,
    mean: Literal["auc_roc", "average_precision"],
    pooled: Interval,
    pooled_text: str,
    rounding: Rounding,
) -> PooledAnswer:
    """Can the folds' mean (of ``mean``, printed in ``query.interval``) and the pooled AUC-ROC
    (``pooled_text`` as printed, its interval ``pooled``) both hold?  (module notes)"""
    p, n = sum(a for a, _ in query.tasks), sum(b for _, b in query.tasks)
    alone = check_consistency(p, n, {"auc_roc": pooled_text}, rounding, ties=query.ties)
    if alone.verdict == "impossible":
        return PooledAnswer("impossible", alone.reasons, alone.certificates, "pooled")
    rankings: list[list[Group]] = []
    if mean == "auc_roc":
        auc = decide_mean(query)
        verdict, reasons, certificates = auc.verdict, auc.reasons, auc.certificates
        if auc.witness is not None:
            rankings = [_split(g, True) for g in task_rankings(query, auc.witness.witness)]
    else:
        ap = decide_ap_mean(query)
        verdict, reasons, certificates = ap.verdict, ap.reasons, ap.certificates
        if ap.witness is not None:
            rankings = [_split(g, False) for g in ap.witness.witness]
    if verdict == "impossible":
        return PooledAnswer("impossible", reasons, certificates, "mean")
    if verdict == "undecided":
        return PooledAnswer("undecided", ("the mean alone is undecided", *reasons))
    work = limits.current().max_interval_work
    merge = pooled_merge(rankings, pooled, query.ties, work if work is not None else 1 << 62)
    if merge is not None and _certified(query, mean, merge, pooled):
        return PooledAnswer("possible", (), merge=merge)
    said = (
        "the pooled AUC-ROC alone and the mean alone are possible, but no merge of the mean's "
        "witness fold rankings tried (each fold moved up through the others one group at a "
        "time) gives the pooled value"
    )
    if _states(query) > ENUMERATED_UP_TO:
        return PooledAnswer("undecided", (f"{said}; the folds are past the enumeration",))
    found = _enumerated(query, mean, pooled, work_budget())
    if found is None:
        return PooledAnswer("undecided", (f"{said}; the enumeration stopped at its budget",))
    if isinstance(found, Pooled) and _certified(query, mean, found, pooled):
        return PooledAnswer("possible", (), merge=found)
    if isinstance(found, Pooled):
        return PooledAnswer("undecided", (f"{said}; the enumeration's witness did not certify",))
    why = (
        "every pooled ranking of the folds (tie groups holding each fold's part) enumerated: "
        f"none has the mean in {query.interval} and the pooled AUC-ROC in {pooled}"
    )
    return PooledAnswer("impossible", (why,), (found,), "both")


#: The exact enumeration's size test: the product of (P_i + 1)(N_i + 1), the counts' states.
ENUMERATED_UP_TO = 5_000


def _states(query: Aggregate) -> int:
    total = 1
    for p, n in query.tasks:
        total *= (p + 1) * (n + 1)
    return total


def _enumerated(
    query: Aggregate, mean: str, pooled: Interval, budget: Budget
) -> Pooled | Certificate | None:
    """Every pooled ranking as tie groups, each holding (a_i, b_i) of every fold i, by a
    programme over the folds' counts (TP_i, FP_i) above a group with the pairs (mean so far,
    pooled 2U so far): both only grow (every term is >= 0), so a pair past the interval's high
    end is dropped.  A witness (one ranking kept per pair), the certificate that none prints,
    or None when ``budget`` runs out (a unit a pair and a group tried)."""
    tasks, weights, k = query.tasks, query.weights, len(query.tasks)
    p, n = sum(a for a, _ in tasks), sum(b for _, b in tasks)
    top = 2 * p * n
    _, high = pooled.integers_scaled(top)
    start = tuple((0, 0) for _ in tasks)
    states: dict[tuple[Group, ...], dict[tuple[Fraction, int], tuple[tuple[Group, ...], ...]]]
    states = {start: {(Fraction(0), 0): ()}}
    for size in range(p + n):
        for counts in [c for c in states if sum(a + b for a, b in c) == size]:
            here = states.pop(counts)
            spans = [range(t[0] - c[0] + 1) for t, c in zip(tasks, counts, strict=True)]
            negs = [range(t[1] - c[1] + 1) for t, c in zip(tasks, counts, strict=True)]
            for parts in itertools.product(
                *(itertools.product(a, b) for a, b in zip(spans, negs, strict=True))
            ):
                added = sum(a + b for a, b in parts)
                if added == 0 or (not query.ties and added != 1):
                    continue
                if not budget.spend(len(here)):
                    return None
                tp = sum(c[0] for c in counts)
                big_a, big_b = sum(a for a, _ in parts), sum(b for _, b in parts)
                gain = big_b * (2 * tp + big_a)
                term = Fraction(0)
                for i, ((a, b), (c_tp, c_fp)) in enumerate(zip(parts, counts, strict=True)):
                    if a + b:
                        metric = (RANKING_METRICS.index(mean),)
                        term += weights[i] * group_terms(c_tp, c_fp, a, b, *tasks[i], metric)[0]
                child = tuple((c[0] + a, c[1] + b) for c, (a, b) in zip(counts, parts, strict=True))
                into = states.setdefault(child, {})
                for (m, u), path in here.items():
                    key = (m + term, u + gain)
                    if key[1] > high or key[0] > query.interval.high or key in into:
                        continue
                    into[key] = (*path, parts)
    for (m, u), path in states.get(tuple(tasks), {}).items():
        if m in query.interval and Fraction(u, top) in pooled:
            folds = tuple(
                tuple(
                    (len(path) - g, parts[i][0], parts[i][1])
                    for g, parts in enumerate(path)
                    if sum(parts[i])
                )
                for i in range(k)
            )
            return Pooled(folds, Fraction(u, top))
    return Certificate("aggregate-pooled-enumerated", (), {"metric": mean})


def _certified(query: Aggregate, mean: str, merge: Pooled, pooled: Interval) -> bool:
    """Each fold's ranking (the merge's groups) has its sizes and, recomputed, the mean prints;
    the pooled AUC-ROC recomputed prints."""
    folds = [tuple((a, b) for _, a, b in groups) for groups in merge.folds]
    if [(sum(a for a, _ in g), sum(b for _, b in g)) for g in folds] != list(query.tasks):
        return False
    if not query.ties and any(a + b != 1 for g in folds for a, b in g):
        return False
    values = [ranking_ap(g) if mean == "average_precision" else auc_roc(_curve(g)) for g in folds]
    total = sum((w * v for w, v in zip(query.weights, values, strict=True)), Fraction(0))
    return total in query.interval and pooled_auc(merge.folds) in pooled


def _curve(groups: Sequence[Group]) -> Curve:
    return Curve.from_groups(tuple((len(groups) - i, a, b) for i, (a, b) in enumerate(groups)))
