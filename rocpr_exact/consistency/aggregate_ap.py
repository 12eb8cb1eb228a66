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
from itertools import pairwise

from rocpr_exact.areas.auc import auc_pr
from rocpr_exact.areas.least import min_average_precision
from rocpr_exact.consistency.aggregate import Aggregate, Task, work_budget
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
from rocpr_exact.consistency.walk import errors_groups
from rocpr_exact.consistency.witness import Group
from rocpr_exact.core.curve import Curve
from rocpr_exact.exact.logalgebra import gcd

__all__ = [
    "Rankings",
    "ap_values",
    "certify",
    "decide_ap_mean",
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


#: The moves stage's size test: sum of the tasks' P up to this (each round costs O(sum P)).
MOVES_UP_TO = 4_000


def _errors(groups: Sequence[Group]) -> list[int]:
    """e_k: the negatives above positive k of a ranking without ties."""
    e, above = [], 0
    for a, b in groups:
        above += b
        e += [above] * a
    return e


class _Moves:
    """Every ranking without ties as e (e_k negatives above positive k, non-decreasing): AP is
    (1/P) sum_k k / (k + e_k), so one e_k moved by one changes the mean by a known amount.
    From the chain rankings nearest the middle, the move of one e_k, or of two (the second
    found by bisection among the changes sorted), that brings the mean nearest the middle,
    while one helps."""

    name = "aggregate-ap-moves"

    def fits(self, query: Aggregate) -> bool:
        return sum(p for p, _ in query.tasks) <= MOVES_UP_TO

    def run(
        self, query: Aggregate, candidates: Candidates, budget: Budget
    ) -> Found[Rankings] | Nothing:
        interval = query.interval
        low = max(interval.low, least_mean(query))
        high = min(interval.high, Fraction(1))
        if low > high:
            return Nothing("no mean of the range lies in the interval")
        target = (low + high) / 2
        for spread in _SPREADS:  # starts spread about the middle, alternately above and below
            e = [
                _spread_errors(p, n, _clip(target + (-1) ** i * spread))
                for i, (p, n) in enumerate(query.tasks)
            ]
            found = _descend(query, e, target, budget)
            if found is not None:
                return found
        return Nothing("the moves of single positives found no mean in the interval")


#: The starts of :class:`_Moves`: each task's AP this far above (even tasks) or below the middle.
_SPREADS = (Fraction(0), Fraction(1, 50), Fraction(1, 20), Fraction(1, 10), Fraction(1, 5))


def _spread_errors(p: int, n: int, x: Fraction) -> list[int]:
    """e of the ranking e_k = min(N, floor(m (2k - 1) / (2P))) with the greatest m whose AP is
    at least x (m = 0: AP 1; m = 2PN: AP least): positives spread through the negatives, so
    that single moves have room.  AP falls as m grows (every e_k grows); bisection."""

    def errors(m: int) -> list[int]:
        return [min(n, m * (2 * k - 1) // (2 * p)) for k in range(1, p + 1)]

    def ap(m: int) -> Fraction:
        return sum((Fraction(k, k + x) for k, x in enumerate(errors(m), start=1)), Fraction(0)) / p

    low, high = 0, 2 * p * n  # ap(low) >= x
    while low < high:
        middle = (low + high + 1) // 2
        if ap(middle) >= x:
            low = middle
        else:
            high = middle - 1
    return errors(low)


def _clip(x: Fraction) -> Fraction:
    return min(max(x, Fraction(0)), Fraction(1))


def _descend(
    query: Aggregate, e: list[list[int]], target: Fraction, budget: Budget
) -> Found[Rankings] | Nothing | None:
    """The moves of :class:`_Moves` from ``e`` (changed in place); None: none helps."""
    interval = query.interval
    coefficient = [w / p for w, (p, _) in zip(query.weights, query.tasks, strict=True)]
    mean = sum(
        (
            c * Fraction(k, k + x)
            for c, row in zip(coefficient, e, strict=True)
            for k, x in enumerate(row, start=1)
        ),
        Fraction(0),
    )
    size = sum(p for p, _ in query.tasks)
    for _ in range(16 * len(query.tasks) + 64):
        if mean in interval:
            return Found(
                tuple(
                    tuple(errors_groups(row, n)) for row, (_, n) in zip(e, query.tasks, strict=True)
                ),
                0,
            )
        if not budget.spend(4 * size):
            return Nothing("the moves stopped at their budget", ran_out=True)
        moves = []  # (change of the mean, task, position, new e)
        for i, row in enumerate(e):
            n = query.tasks[i][1]
            for j, x in enumerate(row):
                k = j + 1
                if x > (row[j - 1] if j else 0):
                    moves.append((coefficient[i] * Fraction(k, (k + x - 1) * (k + x)), i, j, x - 1))
                if x < (row[j + 1] if j + 1 < len(row) else n):
                    moves.append(
                        (-coefficient[i] * Fraction(k, (k + x) * (k + x + 1)), i, j, x + 1)
                    )
        moves.sort()
        changes = [m[0] for m in moves]
        gap = target - mean
        best: tuple[Fraction, tuple[tuple[Fraction, int, int, int], ...]] = (abs(gap), ())
        for move in moves:
            if abs(gap - move[0]) < best[0]:
                best = (abs(gap - move[0]), (move,))
            at = bisect_left(changes, gap - move[0])
            for other in moves[max(at - 1, 0) : at + 1]:
                if (other[1], other[2]) != (move[1], move[2]):
                    left = abs(gap - move[0] - other[0])
                    if left < best[0] and _allowed(e, query.tasks, (move, other)):
                        best = (left, (move, other))
        if not best[1]:
            return None
        for change, i, j, x in best[1]:
            e[i][j] = x
            mean += change
    return None


def _allowed(
    e: list[list[int]], tasks: Sequence[Task], moves: Sequence[tuple[Fraction, int, int, int]]
) -> bool:
    """Whether e stays non-decreasing within 0..N with both moves made."""
    rows = {i: list(e[i]) for _, i, _, _ in moves}
    for _, i, j, x in moves:
        rows[i][j] = x
    return all(
        row[0] >= 0 and row[-1] <= tasks[i][1] and all(a <= b for a, b in pairwise(row))
        for i, row in rows.items()
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


def _combine(
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
                found = None if listed is None else _combine(query, listed, share)
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
        found = None if listed is None else _combine(query, listed, budget)
        if listed is None or found is None:
            return Nothing(
                f"the enumeration of the tasks' AP values stopped at its budget ({budget.limit})",
                ran_out=True,
            )
        if isinstance(found, Found):
            return found
        data = {"ap_values": [len(listed[t]) for t in query.tasks]}
        return Excluded(Certificate(self.name, candidates.values, data))


STAGES = (_Range(), _Walk(), _Moves(), _Window(), _Enumerated())


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
