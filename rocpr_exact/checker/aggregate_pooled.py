"""The checker's own view of a pooled AUC-ROC beside a fold mean (``pooled_auc_roc``).

Re-derived from the question's claims alone, apart from the decider
(:mod:`rocpr_exact.consistency.aggregate_pooled`): the folds (as for AUC-ROC,
:func:`rocpr_exact.checker.aggregate.task_sizes`), the mean's printed span (of the folds'
AUC-ROC, ``auc_roc_mean``, or AP, ``average_precision_mean``) and the pooled AUC-ROC's.  The
stage ``aggregate-pooled-enumerated``: the checker walks every pooled ranking as tie groups
(each holding a_i positives and b_i negatives of fold i), keeping per counts (TP_i, FP_i) of
every fold the set of (mean so far, pooled 2U so far); a group adds to the pooled 2U its
negatives times twice the positives above plus the group's own positives, and to fold i's
AUC-ROC b_i (2 TP_i + a_i) / (2 P_i N_i) (or to its AP (a_i / P_i)(TP_i + a_i) / (TP_i + a_i +
FP_i + b_i)), weighted 1/K.  No complete ranking has both in their spans.  Its work is charged
to ``max_interval_work``.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rocpr_exact.checker.aggregate import task_sizes
from rocpr_exact.checker.failure import Invalid
from rocpr_exact.checker.printed import Span, printed
from rocpr_exact.limits import check_interval_work

__all__ = ["check_pooled"]

_MEANS = ("auc_roc_mean", "average_precision_mean")


def _gain(metric: str, p: int, n: int, tp: int, fp: int, a: int, b: int) -> Fraction:
    if metric == "auc_roc_mean":
        return Fraction(b * (2 * tp + a), 2 * p * n)
    return Fraction(a * (tp + a), p * (tp + a + fp + b)) if a else Fraction(0)


def check_pooled(
    question: Mapping[str, Any], claims: Mapping[str, Any], decisions: list[Any]
) -> None:
    """Raise :class:`Invalid` unless the decision's exclusion is re-verified (module notes)."""
    ties, rounding = question.get("ties"), question.get("rounding", "nearest")
    if not isinstance(ties, bool):
        raise Invalid("question: ties must be a boolean")
    asked = [name for name in _MEANS if name in claims]
    if len(asked) != 1:
        raise Invalid("a pooled AUC-ROC goes with one of " + ", ".join(_MEANS))
    metric = asked[0]
    span, pooled = (
        printed(claims[metric], rounding, metric),
        printed(claims["pooled_auc_roc"], rounding, "pooled_auc_roc"),
    )
    tasks = task_sizes(question, claims)
    if len(tasks) < 2 or any(p < 1 or n < 1 for p, n in tasks):
        raise Invalid("folds: two or more, each with a positive and a negative")
    if len(decisions) != 1 or not isinstance(decisions[0], dict):
        raise Invalid("a pooled certificate has one decision")
    exclusions = decisions[0].get("exclusions")
    if (
        not isinstance(exclusions, list)
        or len(exclusions) != 1
        or not isinstance(exclusions[0], dict)
    ):
        raise Invalid("a pooled decision has one exclusion")
    if exclusions[0].get("stage") != "aggregate-pooled-enumerated":
        raise Invalid(f"a pooled decision has no stage {exclusions[0].get('stage')!r}")
    _none_prints(tasks, metric, span, pooled, ties)


def _none_prints(
    tasks: list[tuple[int, int]], metric: str, span: Span, pooled: Span, ties: bool
) -> None:
    k = len(tasks)
    big_p, big_n = sum(p for p, _ in tasks), sum(n for _, n in tasks)
    reach: dict[tuple[tuple[int, int], ...], set[tuple[Fraction, Fraction]]] = {
        tuple((0, 0) for _ in tasks): {(Fraction(0), Fraction(0))}
    }
    for placed in range(big_p + big_n):
        for counts in [c for c in reach if sum(x + y for x, y in c) == placed]:
            pairs = reach.pop(counts)
            choices = [
                [(a, b) for a in range(p - c[0] + 1) for b in range(n - c[1] + 1)]
                for (p, n), c in zip(tasks, counts, strict=True)
            ]
            tp = sum(c[0] for c in counts)
            for parts in itertools.product(*choices):
                size = sum(a + b for a, b in parts)
                if size == 0 or (not ties and size != 1):
                    continue
                check_interval_work(len(pairs), "the checker's pooled rankings")
                big_a, big_b = sum(a for a, _ in parts), sum(b for _, b in parts)
                pool = Fraction(big_b * (2 * tp + big_a), 2 * big_p * big_n)
                mean = sum(
                    (
                        _gain(metric, p, n, c[0], c[1], a, b) / k
                        for (p, n), c, (a, b) in zip(tasks, counts, parts, strict=True)
                    ),
                    Fraction(0),
                )
                child = tuple((c[0] + a, c[1] + b) for c, (a, b) in zip(counts, parts, strict=True))
                reach.setdefault(child, set()).update(
                    (m + mean, u + pool)
                    for m, u in pairs
                    # both only grow, to at most 1: the final values lie in [so far, 1]
                    if span.meets(m + mean, Fraction(1)) and pooled.meets(u + pool, Fraction(1))
                )
    for m, u in reach.get(tuple(tasks), set()):
        if span.holds(m) and pooled.holds(u):
            raise Invalid(f"aggregate-pooled-enumerated: the mean {m} and pooled AUC-ROC {u} print")
