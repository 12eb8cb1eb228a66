"""Aggregated AUC-ROC claims: a weighted mean of independent binary AUCs, decided exactly.

A cross-validated mean over K folds (weights 1/K) and a one-vs-rest multiclass average
(macro: 1/K; weighted: n_k/n, as scikit-learn's ``average="weighted"``) are both
``sum_i w_i AUC_i`` over binary tasks (P_i, N_i) that share no ranking: each fold is its own
ranking, and under the *free per-class scores* model each class's score column is its own
ranking.  ``AUC_i = g_i / D_i`` where, with ties, g_i = 2U_i takes every integer in
0..D_i = 2 P_i N_i, and without ties g_i = U_i every integer in 0..D_i = P_i N_i
(:func:`~rocpr_exact.consistency.witness.runs_with_auc` and ``ranking_with_auc`` build them;
the tests check both ranges by brute force).  So the question "can the mean print as X?" is:
are there integers 0 <= g_i <= D_i with ``sum_i c_i g_i`` in the printed interval, c_i = w_i / D_i?

Tasks with the same coefficient c merge: the sum of their g takes every integer in
0..(sum of their D) (a *term* (c, M)).  Every mean is then a multiple of the *step*, the gcd
of the terms' c; on the unit 1/b (b the lcm of the c's denominators) each mean is an integer
T = sum_j a_j G_j, a_j = c_j b.  The stages (:func:`decide_mean`):

* ``aggregate-grid`` (before the engine): no multiple of the step lies in the interval.
* ``aggregate-walk``: raise the terms one by one, each from 0 to M_j; the walk's means climb
  from 0 to 1 in steps of at most c_j, so the first one at or above the interval's low end is
  in the interval whenever the interval is wider than the step it jumps.  O(terms).
* ``aggregate-enumerated``: every G of the terms but the last (the last solved by division),
  pruned by the range the other terms can still add; one work unit a node, within
  ``max_interval_work``.  It finds a witness or proves that no mean lies in the interval.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import reduce

from rocpr_exact import limits
from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.consistency.engine.protocol import (
    Budget,
    Candidates,
    Certificate,
    Excluded,
    Found,
    Group,
    Json,
    Nothing,
    Outcome,
    decide,
)
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.consistency.witness import ranking_with_auc, runs_with_auc
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.logalgebra import gcd

__all__ = [
    "Aggregate",
    "class_tasks",
    "decide_mean",
    "parse_class_counts",
    "parse_fold_sizes",
    "stratified_fold_sizes",
    "task_rankings",
    "work_budget",
]

Task = tuple[int, int]


def stratified_fold_sizes(positives: int, negatives: int, folds: int) -> tuple[Task, ...]:
    """The test folds' (positives, negatives) of scikit-learn's ``StratifiedKFold(folds)``.

    sklearn sorts the labels by order of appearance and deals them round robin: fold i gets
    the sorted positions i, i + K, i + 2K, ...  With the negatives first (labels 0 then 1),
    fold i holds ceil((N - i) / K) negatives and ceil((N + P - i) / K) of both; the multiset of
    sizes is the same with the positives first (tested), and only it matters to a mean.

    >>> stratified_fold_sizes(20, 30, 5)
    ((4, 6), (4, 6), (4, 6), (4, 6), (4, 6))
    >>> stratified_fold_sizes(7, 5, 3)
    ((2, 2), (2, 2), (3, 1))
    """
    for value, name in ((positives, "positives"), (negatives, "negatives"), (folds, "folds")):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidInputError(f"{name} must be a whole number, got {value!r}")
    if folds < 2:
        raise InvalidInputError(f"folds must be at least 2, got {folds}")
    if folds > min(positives, negatives):
        raise InvalidInputError(
            f"folds is {folds}, more than the {min(positives, negatives)} "
            f"{'positives' if positives <= negatives else 'negatives'}: a fold would have no "
            "example of that class and no AUC-ROC"
        )
    sizes = []
    for i in range(folds):
        neg = -(-(negatives - i) // folds)
        both = -(-(negatives + positives - i) // folds)
        sizes.append((both - neg, neg))
    return tuple(sizes)


def parse_fold_sizes(text: str) -> tuple[Task, ...]:
    """Folds written ``P1/N1,P2/N2,...`` (each fold's positives and negatives).

    >>> parse_fold_sizes("4/6, 3/7")
    ((4, 6), (3, 7))
    """
    limits.check_score_text(text, None, "fold sizes")
    sizes = []
    for part in text.split(","):
        p, slash, n = part.strip().partition("/")
        if not slash or not (p.isascii() and p.isdigit() and n.isascii() and n.isdigit()):
            raise InvalidInputError(f"fold sizes are P/N,P/N,... (e.g. 4/6,4/6), got {part!r}")
        if int(p) < 1 or int(n) < 1:
            raise InvalidInputError(f"each fold needs a positive and a negative, got {part!r}")
        sizes.append((int(p), int(n)))
    if len(sizes) < 2:
        raise InvalidInputError(f"fold sizes need at least 2 folds, got {text!r}")
    return tuple(sizes)


def parse_class_counts(text: str) -> tuple[int, ...]:
    """Class counts written ``n1,n2,...``.

    >>> parse_class_counts("10, 20,30")
    (10, 20, 30)
    """
    limits.check_score_text(text, None, "class counts")
    parts = [part.strip() for part in text.split(",")]
    if not all(part.isascii() and part.isdigit() for part in parts):
        raise InvalidInputError(f"class counts are n1,n2,... (e.g. 10,20,30), got {text!r}")
    return tuple(int(part) for part in parts)


def class_tasks(
    counts: Sequence[int], weighted: bool
) -> tuple[tuple[Task, ...], tuple[Fraction, ...]]:
    """One-vs-rest tasks (n_k, n - n_k) of class counts and their weights (1/K, or n_k/n).

    >>> class_tasks([2, 3, 5], True)
    (((2, 8), (3, 7), (5, 5)), (Fraction(1, 5), Fraction(3, 10), Fraction(1, 2)))
    """
    if len(counts) < 3:
        raise InvalidInputError(
            "class counts need at least 3 classes (2 classes are one binary AUC), got "
            f"{len(counts)}"
        )
    if any(isinstance(c, bool) or not isinstance(c, int) or c < 1 for c in counts):
        raise InvalidInputError(f"each class count must be a whole number >= 1, got {list(counts)}")
    total = sum(counts)
    tasks = tuple((c, total - c) for c in counts)
    weights = tuple(Fraction(c, total) if weighted else Fraction(1, len(counts)) for c in counts)
    return tasks, weights


@dataclass(frozen=True, slots=True)
class Aggregate:
    """A question: binary ``tasks`` (P_i, N_i), ``weights`` summing to 1, the printed
    ``interval`` of the mean, and whether scores may tie."""

    tasks: tuple[Task, ...]
    weights: tuple[Fraction, ...]
    interval: Interval
    ties: bool
    _terms: tuple[tuple[Fraction, int, tuple[int, ...]], ...] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if len(self.tasks) != len(self.weights) or sum(self.weights) != 1:
            raise InvalidInputError(
                "an aggregate needs one weight per task, the weights summing to 1"
            )
        limits.check_examples(sum(p + n for p, n in self.tasks), "the tasks' examples")
        merged: dict[Fraction, list[int]] = {}
        for i, w in enumerate(self.weights):
            merged.setdefault(w / self.scale(i), []).append(i)
        terms = [
            (c, sum(self.scale(i) for i in group), tuple(group)) for c, group in merged.items()
        ]
        object.__setattr__(self, "_terms", tuple(sorted(terms, key=lambda term: term[1])))

    def scale(self, index: int) -> int:
        """D_i: 2 P_i N_i with ties (g = 2U), P_i N_i without (g = U)."""
        p, n = self.tasks[index]
        return (2 if self.ties else 1) * p * n

    def terms(self) -> tuple[tuple[Fraction, int, tuple[int, ...]], ...]:
        """(c, M, the tasks merged) per distinct coefficient c = w_i / D_i, M ascending."""
        return self._terms

    def unit(self) -> int:
        """b: every mean is an integer multiple of 1 / b."""
        return reduce(lambda x, y: x * y // gcd(x, y), (c.denominator for c, _, _ in self.terms()))

    def step(self) -> Fraction:
        """The gcd of the terms' coefficients: every mean is a multiple of it."""
        b = self.unit()
        return Fraction(reduce(gcd, (int(c * b) for c, _, _ in self.terms())), b)

    def split(self, totals: Sequence[int]) -> tuple[int, ...]:
        """Each task's g from the terms' G (filled task by task)."""
        g = [0] * len(self.tasks)
        for (_, _, members), total in zip(self.terms(), totals, strict=True):
            for i in members:
                g[i] = min(total, self.scale(i))
                total -= g[i]
        return tuple(g)

    def mean_of(self, index: int, g: Sequence[int]) -> Fraction:
        """Task ``index``'s AUC-ROC, g_i / D_i."""
        return Fraction(g[index], self.scale(index))

    def mean(self, g: Sequence[int]) -> Fraction:
        """The weighted mean of the tasks' AUC-ROC."""
        return sum((w * self.mean_of(i, g) for i, w in enumerate(self.weights)), Fraction(0))


def _bounds(query: Aggregate) -> tuple[int, int]:
    """The least and greatest T (unit 1/b) in the interval, within [0, b]."""
    b = query.unit()
    lo, hi = query.interval.integers_scaled(b)
    return max(lo, 0), min(hi, b)


class _Walk:
    name = "aggregate-walk"

    def fits(self, query: Aggregate) -> bool:
        return True

    def run(
        self, query: Aggregate, candidates: Candidates, budget: Budget
    ) -> Found[tuple[int, ...]] | Nothing:
        b = query.unit()
        lo, hi = _bounds(query)
        totals, reached = [], 0
        for c, m, _ in query.terms():
            a = int(c * b)
            need = max(0, -(-(lo - reached) // a))
            take = min(m, need)
            totals.append(take)
            reached += a * take
        if lo <= reached <= hi:
            return Found(query.split(totals), reached)
        return Nothing("the walk of the terms steps over the interval")


class _Enumerated:
    name = "aggregate-enumerated"

    def fits(self, query: Aggregate) -> bool:
        return True

    def run(
        self, query: Aggregate, candidates: Candidates, budget: Budget
    ) -> Found[tuple[int, ...]] | Excluded | Nothing:
        b = query.unit()
        lo, hi = _bounds(query)
        terms = [(int(c * b), m) for c, m, _ in query.terms()]
        # rest[j]: the most the terms j.. can add
        rest = [0] * (len(terms) + 1)
        for j in range(len(terms) - 1, -1, -1):
            rest[j] = rest[j + 1] + terms[j][0] * terms[j][1]
        chosen: list[int] = []

        def search(j: int, reached: int) -> bool | None:
            if not budget.spend(1):
                return None
            a, m = terms[j]
            if j == len(terms) - 1:
                first = max(0, -(-(lo - reached) // a))
                if first <= m and reached + a * first <= hi:
                    chosen.append(first)
                    return True
                return False
            # only the G whose partial sum can still reach [lo, hi]
            first = max(0, -(-(lo - reached - rest[j + 1]) // a))
            last = min(m, (hi - reached) // a)
            for x in range(first, last + 1):
                chosen.append(x)
                found = search(j + 1, reached + a * x)
                if found is not False:
                    return found
                chosen.pop()
            return False

        found = search(0, 0)
        if found is None:
            return Nothing(
                f"the exact search of the folds' sums stopped at its budget ({budget.limit})",
                ran_out=True,
            )
        if found:
            return Found(
                query.split(chosen), sum(a * x for (a, _), x in zip(terms, chosen, strict=True))
            )
        data: dict[str, Json] = {"unit": b, "terms": [[str(c), m] for c, m, _ in query.terms()]}
        return Excluded(
            Certificate(self.name, candidates.values, data), Candidates((), candidates.complete)
        )


STAGES = (_Walk(), _Enumerated())


def task_rankings(query: Aggregate, g: Sequence[int]) -> tuple[list[Group], ...]:
    """One ranking (tie groups, highest first) per task with its g (2U with ties, U without)."""
    build = runs_with_auc if query.ties else ranking_with_auc
    return tuple(
        build(p, n, x if query.ties else 2 * x) for (p, n), x in zip(query.tasks, g, strict=True)
    )


def certify(query: Aggregate, found: Found[tuple[int, ...]]) -> bool:
    """Each task's AUC recomputed from its ranking with the package's ``auc_roc``; the mean in
    the interval."""
    total = Fraction(0)
    for w, groups in zip(query.weights, task_rankings(query, found.witness), strict=True):
        runs = tuple((len(groups) - i, a, b) for i, (a, b) in enumerate(groups))
        if not query.ties and any(a + b > 1 for _, a, b in runs if a and b):
            return False
        total += w * auc_roc(Curve.from_groups(runs))
    return total in query.interval


def work_budget() -> Budget:
    """The search's budget: ``max_interval_work`` units (one a node or a move)."""
    work = limits.current().max_interval_work
    return Budget(work if work is not None else 1 << 62, "max_interval_work")


def decide_mean(query: Aggregate) -> Outcome[tuple[int, ...]]:
    """Is there a g per task whose weighted mean of AUC_i = g_i / D_i lies in the interval?
    (module notes).  "possible" carries the g per task (:func:`task_rankings` builds the
    rankings); "impossible" the certificates; "undecided" when ``max_interval_work`` stops the
    search.  O(terms) for the walk, one work unit per node of the search."""
    lo, hi = _bounds(query)
    step = query.step()
    a = int(step * query.unit())
    first, last = -(-lo // a), hi // a
    if first > last:
        grid = Certificate("aggregate-grid", (), {"step": str(step)})
        return Outcome(
            "impossible", None, (grid,), (f"no multiple of {step} lies in the interval",)
        )
    # the multiples of the step in the interval, listed up to max_grid_points (a weighted
    # average's unit can hold 10^12 of them: they are counted, never all listed)
    cap = limits.current().max_grid_points
    complete = cap is None or last - first < cap
    count = last - first + 1 if complete or cap is None else cap
    listed = Candidates(tuple((first + k) * a for k in range(count)), complete)
    return decide(STAGES, query, listed, work_budget(), certify)
