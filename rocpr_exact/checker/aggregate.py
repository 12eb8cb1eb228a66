"""The checker's own view of an aggregated AUC-ROC claim (a mean of fold or class AUCs).

Re-derived from the question's claims alone, apart from the decider
(:mod:`rocpr_exact.consistency.aggregate`): the binary tasks (``fold_sizes`` P/N,...; or
``folds`` K with the question's positives and negatives, dealt as scikit-learn's
StratifiedKFold deals them; or ``class_counts`` one-vs-rest), their weights (1/K, or n_k/n
for ``weighted_auc_roc``) and the mean's printed span.  Task i's AUC is g_i / D_i with g_i any
whole number in 0..D_i (D_i = 2 P_i N_i with ties, P_i N_i without), so a mean is
``sum_i (w_i / D_i) g_i``.  Its stages:

* ``aggregate-grid`` (data ``step``): every w_i / D_i is a whole multiple of the step, and no
  multiple of the step lies in the span.
* ``aggregate-sd-enumerated`` (data ``ddof``, the ddofs the SD may use, among 0 and 1):
  the checker's own programme lists every reachable (sum of the fold AUCs, sum of their
  squares), fold by fold, and none has its mean in the mean's span (when one is printed) and, for
  some ddof, its variance (sum a^2 - (sum a)^2 / K) / (K - ddof) in the squares of the SD's span.
* ``aggregate-enumerated``: the checker lists every reachable mean itself, as the set of sums
  task by task (not the decider's branch and bound), and none lies in the span; its work is
  charged to ``max_interval_work``.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import isqrt
from typing import Any

from rocpr_exact.checker.failure import Invalid
from rocpr_exact.checker.printed import Span, printed
from rocpr_exact.limits import check_interval_work

__all__ = ["AGGREGATE_CLAIMS", "check_aggregate", "task_sizes"]

#: The claims of an aggregate: a mean of binary AUCs, or the SD of fold AUCs.
AGGREGATE_CLAIMS = ("auc_roc_mean", "macro_auc_roc", "weighted_auc_roc", "auc_roc_sd")
_MEANS = AGGREGATE_CLAIMS[:3]


def _whole(text: str, what: str) -> int:
    body = text.strip()
    if not body or not body.isascii() or not body.isdigit() or len(body) > 30:
        raise Invalid(f"{what} {text!r} is not a whole number")
    return int(body)


def _tasks(question: Mapping[str, Any], claims: Mapping[str, Any]) -> list[tuple[int, int]]:
    if "fold_sizes" in claims:
        tasks = []
        for part in str(claims["fold_sizes"]).split(","):
            p, _, n = part.partition("/")
            tasks.append((_whole(p, "a fold's positives"), _whole(n, "a fold's negatives")))
        return tasks
    if "folds" in claims:
        k = _whole(str(claims["folds"]), "folds")
        pos, neg = question.get("positives"), question.get("negatives")
        if not isinstance(pos, int) or not isinstance(neg, int) or not 2 <= k <= min(pos, neg):
            raise Invalid(f"folds {k} does not split {pos} positives and {neg} negatives")
        labels = [0] * neg + [1] * pos  # sorted, dealt round robin
        return [(sum(labels[i::k]), len(labels[i::k]) - sum(labels[i::k])) for i in range(k)]
    if "class_counts" in claims:
        counts = [_whole(c, "a class count") for c in str(claims["class_counts"]).split(",")]
        return [(c, sum(counts) - c) for c in counts]
    raise Invalid("an aggregate claim needs fold_sizes, folds or class_counts")


def task_sizes(question: Mapping[str, Any], claims: Mapping[str, Any]) -> list[tuple[int, int]]:
    """The binary tasks (P_i, N_i) of the question's fold or class claims (module notes)."""
    return _tasks(question, claims)


def _coefficients(
    question: Mapping[str, Any], claims: Mapping[str, Any], claim: str, ties: bool
) -> list[tuple[Fraction, int]]:
    """(w_i / D_i, D_i) per task."""
    tasks = _tasks(question, claims)
    if len(tasks) < 2 or any(p < 1 or n < 1 for p, n in tasks):
        raise Invalid("an aggregate needs two tasks or more, each with a positive and a negative")
    check_interval_work(sum(p + n for p, n in tasks), "the checker's tasks")
    total = sum(p for p, _ in tasks)
    out = []
    for p, n in tasks:
        w = Fraction(p, total) if claim == "weighted_auc_roc" else Fraction(1, len(tasks))
        d = (2 if ties else 1) * p * n
        out.append((w / d, d))
    return out


def _grid(data: Mapping[str, Any], coefficients: list[tuple[Fraction, int]], span: Span) -> None:
    step_text = data.get("step")
    if not isinstance(step_text, str):
        raise Invalid("aggregate-grid: data.step must be text p/q")
    top, _, bottom = step_text.partition("/")
    denominator = _whole(bottom or "1", "the step")
    if denominator == 0:
        raise Invalid(f"aggregate-grid: the step {step_text!r} divides by 0")
    step = Fraction(_whole(top, "the step"), denominator)
    if step <= 0 or any((c / step).denominator != 1 for c, _ in coefficients):
        raise Invalid(f"aggregate-grid: {step} does not divide every task's w / D")
    # Span.whole lists k in [0, b] with k / b in the span: the means lie in [0, 1]
    lo, hi = span.whole(step.denominator)
    first = -(-lo // step.numerator) * step.numerator
    if first <= hi:
        raise Invalid(
            f"aggregate-grid: {Fraction(first, step.denominator)}, a multiple of {step}, "
            "lies in the interval"
        )


def _enumerated(coefficients: list[tuple[Fraction, int]], span: Span) -> None:
    sums = {Fraction(0)}
    for c, d in coefficients:
        check_interval_work(len(sums) * (d + 1), "the checker's list of means")
        sums = {s + c * g for s in sums for g in range(d + 1)}
    hit = next((s for s in sorted(sums) if span.holds(s)), None)
    if hit is not None:
        raise Invalid(f"aggregate-enumerated: the mean {hit} is reachable and lies in the interval")


def _in_sd(sd: Span, var: Fraction) -> bool:
    """Whether sqrt(var) lies in ``sd``: squares compared (both sides >= 0)."""
    low_ok = (
        sd.low is None or sd.low < 0 or (var >= sd.low**2 if sd.low_closed else var > sd.low**2)
    )
    high_ok = sd.high is None or (
        sd.high >= 0 and (var <= sd.high**2 if sd.high_closed else var < sd.high**2)
    )
    return low_ok and high_ok


def _may_print(
    state: tuple[Fraction, Fraction], free: int, k: int, span: Span, sd: Span, ddofs: list[int]
) -> bool:
    """Whether ``free`` fold AUCs more (each in [0, 1]) can still give the sum of AUCs ``t``
    and of their squares ``q`` a mean in ``span`` and, for a ddof, a variance in the squares of
    ``sd``.  With the final sum S in [t, t + free] and S / K in the span, the spread
    sum a^2 - S^2 / K lies between q + (S - t)^2 / free - S^2 / K (the free AUCs equal:
    Cauchy-Schwarz; convex in S as free <= K, least at S = K t / (K - free)) and
    q + h(S - t) - S^2 / K, h(F) = floor(F) + (F - floor(F))^2 the greatest sum of squares of
    AUCs in [0, 1] summing to F (a vertex of that polytope: floor(F) of them at 1, one at the
    rest); on each piece between whole F that is convex in S, so greatest at the range's ends
    or at S = t + a whole number."""
    t, q = state
    low, high = t, t + free
    if span.low is not None:
        low = max(low, span.low * k)
    if span.high is not None:
        high = min(high, span.high * k)
    if low > high:
        return False

    def most(s: Fraction) -> Fraction:
        whole = min(free, (s - t).numerator // (s - t).denominator)
        return q + whole + (s - t - whole) ** 2 - s * s / k

    ends = {low, high} | {t + n for n in range(free + 1) if low <= t + n <= high}
    top = max(most(s) for s in ends)
    if free == 0:
        least = q - t * t / k
    else:
        s = min(high, max(low, k * t / (k - free))) if free < k else low
        least = q + (s - t) ** 2 / free - s * s / k
    return any(sd.meets(_root_low(least / (k - d)), _root_high(top / (k - d))) for d in ddofs)


def _root_low(x: Fraction) -> Fraction:
    """A number r >= 0 with r^2 <= x (x >= 0: a lower bound of sqrt(x)), exact."""
    if x <= 0:
        return Fraction(0)
    whole = isqrt(x.numerator * x.denominator)  # sqrt(n d) / d = sqrt(n / d)
    return Fraction(whole, x.denominator)


def _root_high(x: Fraction) -> Fraction:
    """A number r >= 0 with r^2 >= x (an upper bound of sqrt(x)), exact."""
    if x <= 0:
        return Fraction(0)
    whole = isqrt(x.numerator * x.denominator)
    return Fraction(whole + 1, x.denominator)


def _sd_enumerated(
    coefficients: list[tuple[Fraction, int]], span: Span, sd: Span, data: Mapping[str, Any]
) -> None:
    ddofs = data.get("ddof")
    if not isinstance(ddofs, list) or not ddofs or any(d not in (0, 1) for d in ddofs):
        raise Invalid("aggregate-sd-enumerated: data.ddof must list 0 and/or 1")
    if len({c * d for c, d in coefficients}) != 1:
        raise Invalid("aggregate-sd-enumerated: an SD is of folds that weigh the same")
    # The checker's own programme: the set of reachable (sum a, sum a^2) fold by fold, kept
    # only while the sum can still end in the mean's span (the mean is sum a / K, the variance
    # (sum a^2 - (sum a)^2 / K) / (K - ddof)).
    k = len(coefficients)
    rest = [Fraction(0)] * (k + 1)
    for j in range(k - 1, -1, -1):
        rest[j] = rest[j + 1] + 1
    states = {(Fraction(0), Fraction(0))}
    for j, (_, d) in enumerate(coefficients):
        # a state none of whose completions can print is dropped before it is extended
        states = {s for s in states if _may_print(s, k - j, k, span, sd, ddofs)}
        check_interval_work(len(states) * (d + 1), "the checker's list of fold AUC sums")
        states = {
            (total + Fraction(x, d), square + Fraction(x, d) ** 2)
            for total, square in states
            for x in range(d + 1)
            if span.meets((total + Fraction(x, d)) / k, (total + Fraction(x, d) + rest[j + 1]) / k)
        }
    for total, square in states:
        if not span.holds(total / k):
            continue
        spread = square - total * total / k
        if any(_in_sd(sd, spread / (k - ddof)) for ddof in ddofs):
            raise Invalid(
                f"aggregate-sd-enumerated: the AUCs' sum {total} and sum of squares "
                f"{square} print both"
            )


def check_aggregate(
    question: Mapping[str, Any], claims: Mapping[str, Any], decisions: list[Any]
) -> None:
    """Raise :class:`Invalid` unless every decision's exclusion is re-verified (module notes)."""
    ties = question.get("ties")
    rounding = question.get("rounding", "nearest")
    if not isinstance(ties, bool):
        raise Invalid("question: ties must be a boolean")
    asked = [name for name in _MEANS if name in claims]
    if len(asked) > 1 or not (asked or "auc_roc_sd" in claims):
        raise Invalid("an aggregate question holds one of " + ", ".join(AGGREGATE_CLAIMS))
    claim = asked[0] if asked else "auc_roc_mean"
    span = printed(claims[claim], rounding, claim) if asked else Span(None, None, True, True)
    coefficients = _coefficients(question, claims, claim, ties)
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
        if stage == "aggregate-grid":
            _grid(data, coefficients, span)
        elif stage == "aggregate-enumerated":
            _enumerated(coefficients, span)
        elif stage == "aggregate-sd-enumerated" and "auc_roc_sd" in claims:
            sd = printed(claims["auc_roc_sd"], rounding, "auc_roc_sd")
            ddofs = {"1": [1], "0": [0], "either": [1, 0]}.get(str(claims.get("sd_ddof")))
            if ddofs is None or sorted(ddofs) != sorted(data.get("ddof", [])):
                raise Invalid("aggregate-sd-enumerated: data.ddof is not the claim's sd_ddof")
            _sd_enumerated(coefficients, span, sd, data)
        else:
            raise Invalid(f"an aggregate decision has no stage {stage!r}")
