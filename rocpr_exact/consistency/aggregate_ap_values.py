"""The AP values of small tasks and their sums: the exact part of the AP aggregates.

:func:`ap_values` lists every AP of P positives and N negatives (with one ranking each) by a
programme over tie groups; :func:`combine` finds a choice of one value per task whose weighted
mean prints, or proves there is none.  The stages ``aggregate-ap-window`` and
``aggregate-ap-enumerated`` of :func:`~rocpr_exact.consistency.aggregate_ap.decide_ap_mean`
(its module notes) are here, with :func:`ranking_ap` and :func:`least_mean`, which every stage
shares.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from fractions import Fraction

from rocpr_exact.areas.auc import auc_pr
from rocpr_exact.areas.least import min_average_precision
from rocpr_exact.consistency.aggregate import Aggregate, Task
from rocpr_exact.consistency.engine.protocol import (
    Budget,
    Candidates,
    Certificate,
    Excluded,
    Found,
    Group,
    Nothing,
)
from rocpr_exact.consistency.search import RANKING_METRICS, group_terms
from rocpr_exact.core.curve import Curve
from rocpr_exact.exact.logalgebra import gcd

__all__ = [
    "ENUMERATED",
    "WINDOW",
    "Rankings",
    "ap_values",
    "combine",
    "least_mean",
    "listed_values",
    "ranking_ap",
]

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

    >>> from rocpr_exact.consistency.reported import Interval
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


def _lcm(values: Sequence[int]) -> int:
    out = 1
    for v in values:
        out = out * v // gcd(out, v)
    return out


def ap_values(
    p: int, n: int, ties: bool, budget: Budget, window: tuple[Fraction, Fraction] | None = None
) -> dict[Fraction, tuple[Group, ...]] | None:
    """Every AP of P positives and N negatives (rankings with ties, or without), each with one
    ranking that has it, those in the closed ``window`` only when one is given; None when
    ``budget`` runs out (one unit a transition).

    A programme over the counts (TP, FP) above a group: two prefixes with the same counts have
    the same futures, and a group's AP term (a / P) (TP + a) / (TP + a + FP + b)
    (:func:`~.search.group_terms`) depends on them alone.  The sums are kept as integers times
    1 / (P L), L = lcm(1..P + N), every term's denominator dividing P L.  With a window a
    prefix is dropped when what the rest can add misses it: the t-th positive's precision is at
    least t / (t + N) (at most N negatives above it, :func:`min_average_precision`) and, below
    FP negatives, at most P / (P + FP) (x / (x + FP) grows with x <= P; ties included).

    >>> sorted(ap_values(1, 1, True, Budget(100, "x")))    # below, tied, above the negative
    [Fraction(1, 2), Fraction(1, 1)]
    """
    whole = _lcm(range(1, p + n + 1))
    scale = p * whole
    lo, hi = (
        (0, scale)
        if window is None
        else ((window[0] * scale).__ceil__(), (window[1] * scale).__floor__())
    )
    least = [0] * (p + 2)  # least[t]: the least the positives t.. add (scaled)
    for t in range(p, 0, -1):
        least[t] = least[t + 1] + t * whole // (t + n)
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
                    rest_low = least[tp + a + 1]
                    rest_high = (p - tp - a) * p * whole // (p + fp + b)
                    for value, groups in here.items():
                        new = value + step
                        if new not in child and new + rest_high >= lo and new + rest_low <= hi:
                            child[new] = (*groups, (a, b))
    return {Fraction(v, scale): groups for v, groups in states.get((p, n), {}).items()}


def combine(
    query: Aggregate, listed: dict[Task, dict[Fraction, tuple[Group, ...]]], budget: Budget
) -> Found[Rankings] | bool | None:
    """A choice of one listed AP per task whose weighted mean lies in the interval (False: none;
    None: the budget ran out).  On the unit 1/b each w_i AP_i is an integer; the sums of the
    tasks but the last are listed task by task, kept while the tasks left can still bring them
    into the interval, and the last task's value is found by bisection."""
    pairs = list(zip(query.weights, query.tasks, strict=True))
    if any(not listed[t] for _, t in pairs):
        return False
    b = _lcm([(w * v).denominator for w, t in pairs for v in listed[t]])
    sets = [sorted(int(w * v * b) for v in listed[t]) for w, t in pairs]
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
                return None
            for value in sets[j]:
                new = total + value
                if new + most >= lo and new + least <= hi and new not in grown:
                    grown[new] = (*chosen, value)
        sums = grown
    last = sets[-1]
    for total, chosen in sums.items():
        if not budget.spend(1):
            return None
        at = bisect_left(last, lo - total)
        if at < len(last) and total + last[at] <= hi:
            picked = (*chosen, last[at])
            rankings = tuple(
                listed[t][Fraction(v, b) / w] for (w, t), v in zip(pairs, picked, strict=True)
            )
            return Found(rankings, 0)
    return False


def listed_values(
    query: Aggregate, budget: Budget, window: tuple[Fraction, Fraction] | None = None
) -> dict[Task, dict[Fraction, tuple[Group, ...]]] | None:
    """:func:`ap_values` of each distinct task (None: the budget ran out)."""
    listed: dict[Task, dict[Fraction, tuple[Group, ...]]] = {}
    for task in query.tasks:
        if task not in listed:
            values = ap_values(*task, query.ties, budget, window)
            if values is None:
                return None
            listed[task] = values
    return listed


#: The window stage's size test (P + N of every task) and its share of the budget left.
WINDOW_UP_TO = 400
WINDOW_SHARE = 4


class _Window:
    """Each task's AP values near the interval's middle only (within 1/40, then 1/12, then
    1/4), listed by :func:`ap_values` with its window, and their sums (:func:`_combine`): a
    witness when one prints, within a quarter of the budget left."""

    name = "aggregate-ap-window"

    def fits(self, query: Aggregate) -> bool:
        return all(p + n <= WINDOW_UP_TO for p, n in query.tasks)

    def run(
        self, query: Aggregate, candidates: Candidates, budget: Budget
    ) -> Found[Rankings] | Nothing:
        share = Budget(max(budget.left, 0) // WINDOW_SHARE, budget.limit)
        start = share.left
        middle = (query.interval.low + query.interval.high) / 2
        try:
            for width in (Fraction(1, 40), Fraction(1, 12), Fraction(1, 4)):
                listed = listed_values(query, share, (middle - width, middle + width))
                found = None if listed is None else combine(query, listed, share)
                if found is None:
                    return Nothing("the window's values stopped at its share of the budget")
                if found:
                    assert isinstance(found, Found)
                    return found
            return Nothing("no mean of the values within 1/4 of the middle lies in the interval")
        finally:
            budget.spend(start - max(share.left, 0))


class _Enumerated:
    name = "aggregate-ap-enumerated"

    def fits(self, query: Aggregate) -> bool:
        return True

    def run(
        self, query: Aggregate, candidates: Candidates, budget: Budget
    ) -> Found[Rankings] | Excluded | Nothing:
        listed = listed_values(query, budget)
        found = None if listed is None else combine(query, listed, budget)
        if listed is None or found is None:
            return Nothing(
                f"the enumeration of the tasks' AP values stopped at its budget ({budget.limit})",
                ran_out=True,
            )
        if isinstance(found, Found):
            return found
        data = {"ap_values": [len(listed[t]) for t in query.tasks]}
        return Excluded(Certificate(self.name, candidates.values, data))


WINDOW = _Window()
ENUMERATED = _Enumerated()
