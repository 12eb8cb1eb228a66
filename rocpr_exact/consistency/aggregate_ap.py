"""Aggregated average-precision claims: a weighted mean of binary APs, decided exactly.

A cross-validated mean of AP over K folds (weights 1/K) and a one-vs-rest multiclass average
(macro 1/K; weighted n_k/n, scikit-learn's ``average="weighted"``) are ``sum_i w_i AP_i`` over
binary tasks (P_i, N_i) that share no ranking (each fold its own ranking; under the *free
per-class scores* model each class's column its own ranking), as for AUC-ROC
(:mod:`~rocpr_exact.consistency.aggregate`, whose :class:`~.aggregate.Aggregate` is the question
here too).  AP_i (sklearn's ``average_precision_score``, ``auc_pr(curve, "step")``) is a
rational; the values a task reaches are not a grid, so the stages (:func:`decide_ap_mean`) are:

* ``aggregate-ap-range``: every AP_i lies in [least_i, 1], least_i = (1/P) sum_t t/(t + N)
  (:func:`~rocpr_exact.areas.least.min_average_precision`, every negative first; AP 1 every
  positive first), so the mean lies in [sum w_i least_i, 1]: "impossible" when the printed
  interval misses it.  O(sum P_i).
* ``aggregate-ap-walk``: each task but the last takes the ranking of its chain
  (:mod:`~rocpr_exact.consistency.chain`, AP non-increasing along it) nearest the AP that the
  tasks left would need each; the last task's needed interval is then searched on its chain
  (:func:`~.chain.chain_range`); a few targets in the interval are tried.  Witnesses only.
  O(K log(P N)) chain evaluations of O(P + N) each a target.
* ``aggregate-ap-enumerated`` (small tasks): every AP value of every task, listed by a programme
  over (TP, FP) tie groups with one ranking kept per value (:func:`ap_values`, each group adds
  (a / P) (TP + a) / (TP + a + FP + b), :func:`~.search.group_terms`), then every reachable
  weighted sum, task by task, kept only while the tasks left can still bring it into the
  interval.  It finds a witness or proves that no mean lies in the interval; one work unit a
  transition and a sum, within ``max_interval_work``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from rocpr_exact.areas.auc import auc_pr
from rocpr_exact.areas.least import min_average_precision
from rocpr_exact.consistency.aggregate import Aggregate, work_budget
from rocpr_exact.consistency.apbounds import shown_down
from rocpr_exact.consistency.chain import chain_groups, chain_range
from rocpr_exact.consistency.engine.protocol import (
    Budget,
    Candidates,
    Certificate,
    Excluded,
    Found,
    Nothing,
    Outcome,
    Stage,
    decide,
)
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.consistency.search import RANKING_METRICS, group_terms
from rocpr_exact.consistency.searchsize import searchable
from rocpr_exact.consistency.witness import Group
from rocpr_exact.core.curve import Curve
from rocpr_exact.exact.logalgebra import gcd

__all__ = ["Rankings", "ap_values", "decide_ap_mean", "least_mean", "ranking_ap"]

#: A witness: one ranking (tie groups (positives, negatives), highest score first) per task.
Rankings = tuple[tuple[Group, ...], ...]

_AP = (RANKING_METRICS.index("average_precision"),)


def ranking_ap(groups: Sequence[Group]) -> Fraction:
    """The AP (``auc_pr(curve, "step")``) of a ranking given as tie groups, highest first.

    >>> ranking_ap([(1, 0), (0, 1), (1, 0)])    # (1/2)(1 + 2/3)
    Fraction(5, 6)
    """
    runs = tuple((len(groups) - i, a, b) for i, (a, b) in enumerate(groups))
    value = auc_pr(Curve.from_groups(runs), "step")
    assert isinstance(value, Fraction)  # the step area is rational
    return value


def least_mean(query: Aggregate) -> Fraction:
    """sum_i w_i least_i: the least mean of the tasks' AP (module notes).

    >>> least_mean(Aggregate(((1, 1), (1, 2)), (Fraction(1, 2),) * 2, Interval(0, 1), True))
    Fraction(5, 12)
    """
    return sum(
        (
            w * min_average_precision(p, n)
            for w, (p, n) in zip(query.weights, query.tasks, strict=True)
        ),
        Fraction(0),
    )


class _Range:
    name = "aggregate-ap-range"

    def fits(self, query: Aggregate) -> bool:
        return True

    def run(self, query: Aggregate, candidates: Candidates, budget: Budget) -> Excluded | Nothing:
        least = least_mean(query)
        if query.interval.meets(least, Fraction(1)):
            return Nothing(f"the interval meets the range of the mean, [{shown_down(least)}.., 1]")
        return Excluded(Certificate(self.name, candidates.values, {"least": str(least)}))


def _compact(groups: Sequence[Group]) -> list[Group]:
    """Runs of negatives joined into one tie group: the same AP (no positive between them)."""
    out: list[Group] = []
    for a, b in groups:
        if out and a == 0 and out[-1][0] == 0:
            out[-1] = (0, out[-1][1] + b)
        else:
            out.append((a, b))
    return out


class _Chains:
    """Each task's chain of rankings (:mod:`~.chain`), its AP at an index cached."""

    def __init__(self, query: Aggregate) -> None:
        self.query = query
        self.cache: dict[tuple[int, int], Fraction] = {}

    def ap(self, i: int, s: int) -> Fraction:
        if (i, s) not in self.cache:
            p, n = self.query.tasks[i]
            self.cache[i, s] = ranking_ap(_compact(chain_groups(p, n, s)))
        return self.cache[i, s]

    def nearest(self, i: int, x: Fraction) -> int:
        """The chain index of task i whose AP is nearest x (AP non-increasing in s)."""
        p, n = self.query.tasks[i]
        found = chain_range(p, n, {"average_precision": Interval(x, Fraction(1))})
        s = 0 if found is None else found[1]  # the greatest s with AP >= x
        if s < p * n and abs(self.ap(i, s + 1) - x) < abs(self.ap(i, s) - x):
            return s + 1
        return s


class _Walk:
    """From each task's chain ranking nearest the interval's middle, moves of one index of one
    task, or of two tasks in opposite directions (a change as small as the difference of two
    steps), each the one that brings the mean nearest the middle, while one helps."""

    name = "aggregate-ap-walk"

    def fits(self, query: Aggregate) -> bool:
        return all(searchable(p, n) for p, n in query.tasks)

    def run(
        self, query: Aggregate, candidates: Candidates, budget: Budget
    ) -> Found[Rankings] | Nothing:
        interval = query.interval
        low = max(interval.low, least_mean(query))
        high = min(interval.high, Fraction(1))
        if low > high:
            return Nothing("no mean of the range lies in the interval")
        target = (low + high) / 2
        chains = _Chains(query)
        k = len(query.tasks)
        cost = sum(p + n for p, n in query.tasks)
        if not budget.spend(cost * 16):
            return Nothing("the chain walk stopped at its budget", ran_out=True)
        s = [chains.nearest(i, target) for i in range(k)]
        top = [p * n for p, n in query.tasks]
        mean = sum((w * chains.ap(i, s[i]) for i, w in enumerate(query.weights)), Fraction(0))
        for _ in range(8 * k + 32):
            if mean in interval:
                rankings = tuple(
                    tuple(chain_groups(p, n, s[i])) for i, (p, n) in enumerate(query.tasks)
                )
                return Found(rankings, 0)
            if not budget.spend(cost * 2):
                return Nothing("the chain walk stopped at its budget", ran_out=True)
            steps: list[tuple[Fraction, int, int]] = []  # (change of the mean, task, new index)
            for i, w in enumerate(query.weights):
                for t in (s[i] - 1, s[i] + 1):
                    if 0 <= t <= top[i]:
                        steps.append((w * (chains.ap(i, t) - chains.ap(i, s[i])), i, t))
            best: tuple[Fraction, list[tuple[int, int]]] = (abs(target - mean), [])
            for change, i, t in steps:
                best = min(best, (abs(target - mean - change), [(i, t)]), key=lambda b: b[0])
            for change, i, t in steps:
                for other, j, u in steps:
                    if j > i and (change > 0) != (other > 0):
                        gap = abs(target - mean - change - other)
                        if gap < best[0]:
                            best = (gap, [(i, t), (j, u)])
            if not best[1]:
                break
            for i, t in best[1]:
                mean += query.weights[i] * (chains.ap(i, t) - chains.ap(i, s[i]))
                s[i] = t
        return Nothing("the chain walk found no mean in the interval near its middle")


def _lcm(values: Sequence[int]) -> int:
    out = 1
    for v in values:
        out = out * v // gcd(out, v)
    return out


def ap_values(
    p: int, n: int, ties: bool, budget: Budget
) -> dict[Fraction, tuple[Group, ...]] | None:
    """Every AP of P positives and N negatives (rankings with ties, or without), each with one
    ranking that has it; None when ``budget`` runs out (one unit a transition).

    A programme over the counts (TP, FP) above a group: two prefixes with the same counts have
    the same futures, and a group's AP term (a / P) (TP + a) / (TP + a + FP + b)
    (:func:`~.search.group_terms`) depends on them alone.  The sums are kept as integers times
    1 / (P L), L = lcm(1..P + N), every term's denominator dividing P L.

    >>> sorted(ap_values(1, 1, True, Budget(100, "x")))    # below, tied, above the negative
    [Fraction(1, 2), Fraction(1, 1)]
    """
    scale = p * _lcm(range(1, p + n + 1))
    states: dict[tuple[int, int], dict[int, tuple[Group, ...]]] = {(0, 0): {0: ()}}
    for size in range(p + n):
        for tp in range(max(0, size - n), min(p, size) + 1):
            here = states.pop((tp, size - tp), None)
            if here is None:
                continue
            fp = size - tp
            for a in range(p - tp + 1):
                for b in range(n - fp + 1):
                    if a + b == 0 or (not ties and a + b > 1):
                        continue
                    term = group_terms(tp, fp, a, b, p, n, _AP)[0] * scale
                    assert term.denominator == 1
                    step = term.numerator
                    child = states.setdefault((tp + a, fp + b), {})
                    if not budget.spend(len(here)):
                        return None
                    for value, groups in here.items():
                        if value + step not in child:
                            child[value + step] = (*groups, (a, b))
    return {Fraction(v, scale): groups for v, groups in states[(p, n)].items()}


class _Enumerated:
    name = "aggregate-ap-enumerated"

    def fits(self, query: Aggregate) -> bool:
        return True

    def run(
        self, query: Aggregate, candidates: Candidates, budget: Budget
    ) -> Found[Rankings] | Excluded | Nothing:
        stopped = Nothing(
            f"the enumeration of the tasks' AP values stopped at its budget ({budget.limit})",
            ran_out=True,
        )
        listed: dict[tuple[int, int], dict[Fraction, tuple[Group, ...]]] = {}
        for task in query.tasks:
            if task not in listed:
                values = ap_values(*task, query.ties, budget)
                if values is None:
                    return stopped
                listed[task] = values
        # On the unit 1/b each weighted AP w_i AP_i is an integer: sums of integers.
        b = _lcm(
            [
                (w * v).denominator
                for w, t in zip(query.weights, query.tasks, strict=True)
                for v in listed[t]
            ]
        )
        sets = [
            sorted(int(w * v * b) for v in listed[t])
            for w, t in zip(query.weights, query.tasks, strict=True)
        ]
        lo, hi = query.interval.integers_scaled(b)
        k = len(sets)
        rest = [(0, 0)] * (k + 1)  # the least and the most the tasks j.. can add
        for j in range(k - 1, -1, -1):
            rest[j] = (rest[j + 1][0] + sets[j][0], rest[j + 1][1] + sets[j][-1])
        sums: dict[int, tuple[int, ...]] = {0: ()}
        for j in range(k - 1):
            grown: dict[int, tuple[int, ...]] = {}
            least, most = rest[j + 1]
            for total, chosen in sums.items():
                if not budget.spend(len(sets[j])):
                    return stopped
                for value in sets[j]:
                    new = total + value
                    if new + most >= lo and new + least <= hi and new not in grown:
                        grown[new] = (*chosen, value)
            sums = grown
        last = sets[-1]
        for total, chosen in sums.items():
            if not budget.spend(1):
                return stopped
            at = bisect_left(last, lo - total)
            if at < len(last) and total + last[at] <= hi:
                picked = (*chosen, last[at])
                rankings = tuple(
                    listed[t][Fraction(v, b) / w]
                    for t, w, v in zip(query.tasks, query.weights, picked, strict=True)
                )
                return Found(rankings, 0)
        data = {"ap_values": [len(values) for values in sets]}
        return Excluded(Certificate(self.name, candidates.values, data))


STAGES = (_Range(), _Walk(), _Enumerated())


def certify(query: Aggregate, found: Found[Rankings]) -> bool:
    """Each task's ranking has its sizes (no ties when none are allowed), its AP recomputed by
    ``auc_pr(curve, "step")``; the weighted mean in the interval."""
    total = Fraction(0)
    for w, (p, n), groups in zip(query.weights, query.tasks, found.witness, strict=True):
        if sum(a for a, _ in groups) != p or sum(b for _, b in groups) != n:
            return False
        if not query.ties and any(a + b != 1 for a, b in groups):
            return False
        total += w * ranking_ap(groups)
    return total in query.interval


def decide_ap_mean(
    query: Aggregate, stages: Sequence[Stage[Aggregate, Rankings]] = STAGES
) -> Outcome[Rankings]:
    """Is there a ranking per task whose weighted mean of AP lies in the interval?  (module
    notes).  "possible" carries the rankings, "impossible" the certificates and why each
    excludes, "undecided" the stages' reasons (``max_interval_work`` stops the walk and the
    enumeration)."""
    outcome = decide(stages, query, Candidates((0,)), work_budget(), certify)
    if outcome.verdict != "impossible":
        return outcome
    return replace(outcome, reasons=tuple(_why(query, c) for c in outcome.certificates))


def _why(query: Aggregate, certificate: Certificate) -> str:
    if certificate.stage == "aggregate-ap-range":
        least = Fraction(str(certificate.data["least"]))
        return (
            f"the interval {query.interval} misses [{shown_down(least)}.., 1], the range of the "
            "mean (each task's AP is at least its value with every negative first, at most 1)"
        )
    counts = certificate.data["ap_values"]
    assert isinstance(counts, list)
    return (
        f"every AP of every task listed ({', '.join(map(str, counts))} values; "
        f"{'ties allowed' if query.ties else 'no ties'}): no weighted mean of them lies in the "
        f"interval {query.interval}"
    )
