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
* ``aggregate-ap-walk``: each task takes the ranking of its chain
  (:mod:`~rocpr_exact.consistency.chain`, AP non-increasing along it) nearest the interval's
  middle (:func:`~.chain.chain_range`), then the move of one chain index (or of two, in opposite
  directions) that brings the mean nearest the middle, while one helps.  Witnesses only.
  O(K log(P N)) chain evaluations of O(P + N) each, and O(K) a move.
* ``aggregate-ap-moves`` (sum of P_i up to ``MOVES_UP_TO``): rankings without ties as e_k, the
  negatives above positive k (AP = (1/P) sum_k k / (k + e_k)), started with the positives spread
  through the negatives near the middle; the move of one e_k by one, or of two (the second by
  bisection among the sorted changes), that brings the mean nearest the middle, while one helps,
  from a few starts spread about it.  Witnesses only; O(sum P_i log) a move.
* ``aggregate-ap-window`` (every P_i + N_i up to ``WINDOW_UP_TO``): each task's AP values within
  1/40, 1/12, then 1/4 of the middle (:func:`ap_values` with its window) and their sums, within a
  quarter of the budget left.  Witnesses only.
* ``aggregate-ap-enumerated`` (small tasks): every AP value of every task, listed by a programme
  over (TP, FP) tie groups with one ranking kept per value (:func:`ap_values`, each group adds
  (a / P) (TP + a) / (TP + a + FP + b), :func:`~.search.group_terms`), then every reachable
  weighted sum, task by task, kept only while the tasks left can still bring it into the
  interval.  It finds a witness or proves that no mean lies in the interval; one work unit a
  transition and a sum, within ``max_interval_work``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from rocpr_exact.consistency.aggregate import Aggregate, work_budget
from rocpr_exact.consistency.aggregate_ap_values import (
    ENUMERATED,
    WINDOW,
    Rankings,
    ap_values,
    least_mean,
    listed_values,
    ranking_ap,
)
from rocpr_exact.consistency.aggregate_ap_walks import MOVES, WALK
from rocpr_exact.consistency.apbounds import shown_down
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

__all__ = [
    "STAGES",
    "Rankings",
    "ap_values",
    "certify",
    "decide_ap_mean",
    "least_mean",
    "listed_values",
    "ranking_ap",
]


class _Range:
    name = "aggregate-ap-range"

    def fits(self, query: Aggregate) -> bool:
        return True

    def run(self, query: Aggregate, candidates: Candidates, budget: Budget) -> Excluded | Nothing:
        least = least_mean(query)
        if query.interval.meets(least, Fraction(1)):
            return Nothing(f"the interval meets the range of the mean, [{shown_down(least)}.., 1]")
        return Excluded(Certificate(self.name, candidates.values, {"least": str(least)}))


STAGES = (_Range(), WALK, MOVES, WINDOW, ENUMERATED)


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
