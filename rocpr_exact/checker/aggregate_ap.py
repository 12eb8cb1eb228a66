"""The checker's own view of an aggregated average-precision claim (a mean of fold or class AP).

Re-derived from the question's claims alone, apart from the decider
(:mod:`rocpr_exact.consistency.aggregate_ap`): the binary tasks as for AUC-ROC
(:func:`rocpr_exact.checker.aggregate.task_sizes`), their weights (1/K, or n_k/n for
``weighted_average_precision``) and the mean's printed span.  Average precision (scikit-learn's
``average_precision_score``) of a ranking is sum over its thresholds of (recall step) x
precision: a tie group of a positives and b negatives below TP positives and FP negatives adds
(a / P) (TP + a) / (TP + a + FP + b).  Its stages:

* ``aggregate-ap-range`` (data ``least``): the checker sums each task's least AP itself,
  (1/P) sum_{t=1..P} t / (t + N) (every negative above every positive, positives apart: the
  t-th positive sees at most N negatives above it), weighs them, finds the data's value, and
  no value of [least, 1] lies in the span.
* ``aggregate-ap-enumerated`` (data ``ap_values``, the count per task): the checker lists every
  AP of every task by its own programme over (TP, FP), finds the data's counts, and lists every
  reachable weighted sum task by task: none lies in the span.  Its work is charged to
  ``max_interval_work``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rocpr_exact.checker.aggregate import task_sizes
from rocpr_exact.checker.failure import Invalid
from rocpr_exact.checker.printed import Span, printed
from rocpr_exact.limits import check_interval_work

__all__ = ["AP_CLAIMS", "check_aggregate_ap"]

#: The claims of an AP aggregate: a mean of binary APs over folds or one-vs-rest classes, or
#: the SD of fold APs.
AP_CLAIMS = (
    "average_precision_mean",
    "macro_average_precision",
    "weighted_average_precision",
    "average_precision_sd",
)
_MEANS = AP_CLAIMS[:3]


def _weights(tasks: list[tuple[int, int]], claim: str) -> list[Fraction]:
    total = sum(p for p, _ in tasks)
    if claim == "weighted_average_precision":
        return [Fraction(p, total) for p, _ in tasks]
    return [Fraction(1, len(tasks))] * len(tasks)


def _least(p: int, n: int) -> Fraction:
    return sum((Fraction(t, t + n) for t in range(1, p + 1)), Fraction(0)) / p


def _values(p: int, n: int, ties: bool) -> set[Fraction]:
    """Every AP of a ranking of P positives and N negatives, by (TP, FP) above each group."""
    reach: dict[tuple[int, int], set[Fraction]] = {(0, 0): {Fraction(0)}}
    for done in range(p + n):  # examples ranked so far
        for tp in range(min(p, done) + 1):
            fp = done - tp
            sums = reach.pop((tp, fp), None)
            if sums is None or fp > n:
                continue
            for a in range(p - tp + 1):
                for b in range(n - fp + 1):
                    if (a, b) == (0, 0) or (not ties and a + b != 1):
                        continue
                    check_interval_work(len(sums), "the checker's list of AP values")
                    gain = Fraction(a * (tp + a), p * (tp + a + fp + b))
                    reach.setdefault((tp + a, fp + b), set()).update(x + gain for x in sums)
    return reach[(p, n)]


def check_aggregate_ap(
    question: Mapping[str, Any], claims: Mapping[str, Any], decisions: list[Any]
) -> None:
    """Raise :class:`Invalid` unless every decision's exclusion is re-verified (module notes)."""
    ties = question.get("ties")
    rounding = question.get("rounding", "nearest")
    if not isinstance(ties, bool):
        raise Invalid("question: ties must be a boolean")
    asked = [name for name in _MEANS if name in claims]
    if len(asked) > 1 or not (asked or "average_precision_sd" in claims):
        raise Invalid("an AP aggregate question holds one of " + ", ".join(AP_CLAIMS))
    claim = asked[0] if asked else "average_precision_mean"
    span = printed(claims[claim], rounding, claim) if asked else Span(None, None, True, True)
    tasks = task_sizes(question, claims)
    if len(tasks) < 2 or any(p < 1 or n < 1 for p, n in tasks):
        raise Invalid("an aggregate needs two tasks or more, each with a positive and a negative")
    check_interval_work(sum(p + n for p, n in tasks), "the checker's tasks")
    weights = _weights(tasks, claim)
    if len(decisions) != 1 or not isinstance(decisions[0], dict):
        raise Invalid("an aggregate certificate has one decision")
    exclusions = decisions[0].get("exclusions")
    if not isinstance(exclusions, list) or not exclusions:
        raise Invalid("an aggregate decision has no exclusion")
    for exclusion in exclusions:
        stage = exclusion.get("stage") if isinstance(exclusion, dict) else None
        data = exclusion.get("data") if isinstance(exclusion, dict) else None
        if not isinstance(data, dict):
            raise Invalid("an exclusion's data must be an object")
        if stage == "aggregate-ap-range":
            least = sum(
                (w * _least(p, n) for w, (p, n) in zip(weights, tasks, strict=True)), Fraction(0)
            )
            if data.get("least") != str(least):
                raise Invalid(f"aggregate-ap-range: data.least is not the least mean {least}")
            if span.meets(least, Fraction(1)):
                raise Invalid(f"aggregate-ap-range: the span meets [{least}, 1]")
        elif stage == "aggregate-ap-enumerated":
            sets = [sorted(_values(p, n, ties)) for p, n in tasks]
            if data.get("ap_values") != [len(values) for values in sets]:
                raise Invalid("aggregate-ap-enumerated: data.ap_values are not the tasks' counts")
            _none_in_span(sets, weights, span)
        elif stage == "aggregate-ap-sd-enumerated" and "average_precision_sd" in claims:
            sd = printed(claims["average_precision_sd"], rounding, "average_precision_sd")
            ddofs = {"1": [1], "0": [0], "either": [1, 0]}.get(str(claims.get("sd_ddof")))
            if ddofs is None or sorted(ddofs) != sorted(data.get("ddof", [])):
                raise Invalid("aggregate-ap-sd-enumerated: data.ddof is not the claim's sd_ddof")
            if claim != "average_precision_mean":
                raise Invalid("aggregate-ap-sd-enumerated: an SD is of folds")
            sets = [sorted(_values(p, n, ties)) for p, n in tasks]
            if data.get("ap_values") != [len(values) for values in sets]:
                raise Invalid("aggregate-ap-sd-enumerated: data.ap_values are not the counts")
            _no_spread_in_span(sets, span, sd, ddofs)
        else:
            raise Invalid(f"an AP aggregate decision has no stage {stage!r}")


def _none_in_span(sets: list[list[Fraction]], weights: list[Fraction], span: Any) -> None:
    # low[j], high[j]: the least and the most the tasks j.. add to the mean
    k = len(sets)
    low, high = [Fraction(0)] * (k + 1), [Fraction(0)] * (k + 1)
    for j in range(k - 1, -1, -1):
        low[j] = low[j + 1] + weights[j] * sets[j][0]
        high[j] = high[j + 1] + weights[j] * sets[j][-1]
    sums = {Fraction(0)}
    for j, values in enumerate(sets):
        check_interval_work(len(sums) * len(values), "the checker's list of AP means")
        sums = {
            s + weights[j] * v
            for s in sums
            for v in values
            if span.meets(s + weights[j] * v + low[j + 1], s + weights[j] * v + high[j + 1])
        }
    hit = next((s for s in sorted(sums) if span.holds(s)), None)
    if hit is not None:
        raise Invalid(f"aggregate-ap-enumerated: the mean {hit} is reachable and lies in the span")


def _no_spread_in_span(sets: list[list[Fraction]], span: Span, sd: Span, ddofs: list[int]) -> None:
    """The checker's own list of every reachable (sum a, sum a^2) of the fold APs, kept while
    the mean sum a / K can still end in its span: none has its mean in the span and, for some
    ddof, its variance (sum a^2 - (sum a)^2 / K) / (K - ddof) in the squares of the SD's span."""
    k = len(sets)
    low, high = [Fraction(0)] * (k + 1), [Fraction(0)] * (k + 1)
    for j in range(k - 1, -1, -1):
        low[j], high[j] = low[j + 1] + sets[j][0], high[j + 1] + sets[j][-1]
    states = {(Fraction(0), Fraction(0))}
    for j, values in enumerate(sets):
        check_interval_work(len(states) * len(values), "the checker's list of fold AP sums")
        states = {
            (total + v, square + v * v)
            for total, square in states
            for v in values
            if span.meets((total + v + low[j + 1]) / k, (total + v + high[j + 1]) / k)
        }
    for total, square in states:
        if not span.holds(total / k):
            continue
        spread = square - total * total / k
        for ddof in ddofs:
            var = spread / (k - ddof)
            low_ok = (
                sd.low is None
                or sd.low < 0
                or (var >= sd.low**2 if sd.low_closed else var > sd.low**2)
            )
            high_ok = sd.high is None or (
                sd.high >= 0 and (var <= sd.high**2 if sd.high_closed else var < sd.high**2)
            )
            if low_ok and high_ok:
                raise Invalid(
                    f"aggregate-ap-sd-enumerated: the APs' sum {total} and sum of squares "
                    f"{square} print both"
                )
