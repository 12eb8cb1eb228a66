"""The checks of the metrics path's stages: each one re-derives its fact from the question alone.

Each check refutes the claims it names for every ranking of P positives and N negatives:

* ``grid``: the metric's every value is k/d (d one of its denominators: 2PN for AUC-ROC with
  ties, PN without; P for recall, N for specificity, P + N for accuracy), and no k/d in [0, 1]
  lies in the printed span;
* ``operating-point``: at no whole TP in [0, P] and FP in [0, N] do the named rates of one
  threshold all lie in their spans (each rate is (c0 + c1 FP) / (d0 + d1 FP) at a given TP,
  from :mod:`rocpr_exact.core.rates`, so each span is a whole range of FP: solved exactly);
* ``threshold-auc``: every ranking with a threshold at (TP, FP) has 2U in
  [2 TP (N - FP), 2 TP N + 2 (P - TP)(N - FP)]; over every (TP, FP) the threshold allows
  (the operating point's rates, or a ROC point's box of the question) that range meets no 2U
  of the printed AUC-ROC (even ones only without ties);
* ``area-least``: the area's least value over every ranking (its record's ``least``, in
  :mod:`rocpr_exact.areas`) is the one written, and [least, 1] misses the printed span.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from math import isqrt
from typing import Any

from rocpr_exact.areas.records import published_area
from rocpr_exact.checker.failure import Invalid
from rocpr_exact.checker.printed import Span, fraction
from rocpr_exact.core.rates import rate, rate_names

__all__ = ["AREA_LEAST_UP_TO", "Question", "check_metric_stage"]

#: ``area-least-enclosure`` is checked up to this P (the least value summed exactly by its
#: record: about a second at 10^5); past it, "unverified".
AREA_LEAST_UP_TO = 100_000
#: The rates of one threshold a question may claim.
RATES = rate_names(consistent=True)

#: (P, N, ties, the spans of the claims by name, the ROC points' boxes).
Question = tuple[int, int, bool, Mapping[str, Span], list[tuple[tuple[int, int], tuple[int, int]]]]


def _denominators(metric: str, p: int, n: int, ties: bool) -> list[int]:
    table = {"auc_roc": 2 * p * n if ties else p * n, "recall": p, "specificity": n}
    table["accuracy"] = p + n
    if metric not in table:
        raise Invalid(f"grid: {metric!r} is not a metric of one grid")
    return [table[metric]]


def _at_least(a: int, b: int, lo: int, hi: int) -> tuple[int, int]:
    """[lo, hi] cut to the whole x with a + b x >= 0."""
    if b == 0:
        return (lo, hi) if a >= 0 else (1, 0)
    if b > 0:
        return max(lo, -(a // b)), hi
    return lo, min(hi, a // (-b))


def _fp_window(tp: int, p: int, n: int, spans: Mapping[str, Span]) -> tuple[int, int]:
    """The whole FP in [0, N] at which every rate of ``spans`` is defined and in its span."""
    lo, hi = 0, n
    for name, span in spans.items():
        c0, c1, d0, d1 = rate(name).at_tp(tp, p, n)
        lo, hi = _at_least(d0 - 1, d1, lo, hi)  # a defined rate: its denominator >= 1
        ends = ((span.low, span.low_closed, 1), (span.high, span.high_closed, -1))
        for bound, closed, sign in ends:
            if bound is None:
                continue
            u, v = bound.numerator, bound.denominator  # sign (v c - u d) >= 0 (> 0 if open)
            a, b = sign * (v * c0 - u * d0), sign * (v * c1 - u * d1)
            lo, hi = _at_least(a if closed else a - 1, b, lo, hi)
    return lo, hi


def _windows(question: Question, data: Mapping[str, Any]) -> Iterator[tuple[int, int, int]]:
    """(TP, least FP, greatest FP) of each TP the stage's threshold allows."""
    p, n, _, spans, through = question
    if "metrics" in data:
        names = _names(data["metrics"], spans)
        for tp in range(p + 1):
            yield tp, *_fp_window(tp, p, n, {name: spans[name] for name in names})
        return
    index = data.get("roc_point")
    if index is None:
        yield 0, 0, 0
        return
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(through):
        raise Invalid(f"threshold-auc: roc_point {index!r} is not a box of the question")
    (tlo, thi), (flo, fhi) = through[index]
    for tp in range(max(tlo, 0), min(thi, p) + 1):
        yield tp, max(flo, 0), min(fhi, n)


def _names(listed: Any, spans: Mapping[str, Span]) -> list[str]:
    if not isinstance(listed, list) or not listed:
        raise Invalid("operating-point: metrics must be a list of the claimed rates")
    for name in listed:
        if name not in RATES or name not in spans:
            raise Invalid(f"operating-point: {name!r} is not a claimed rate of one threshold")
    return listed


def _exact_text(value: Any) -> str:
    if isinstance(value, Fraction) and value.denominator == 1:
        return str(value.numerator)
    return str(value)


#: The lower bound's terms are rounded down to multiples of 2^-64 (a bound stays a bound).
_ONE = 1 << 64


def _ap_range(p: int, n: int, lo: int, hi: int, m: int, ties: bool) -> tuple[Fraction, Fraction]:
    """Sound bounds on the average precision of every ranking with 2U in [lo, hi].

    F = PN - U is the negative mass above the positives.  Upper (at the least F): positive i
    has precision T / (T + F_i) <= P / (P + h_i), h_i its negatives above (ties 1/2), sum h_i =
    F, each <= N; the concave penalty's least sum is at a vertex: k = floor(F / N) of them N,
    one r = F - kN.  Lower (at the greatest F): precision >= i / (i + e_i), e_i <= N the
    negatives at or above i's group, sum e_i <= B (F without ties, 2F with them); by weak
    duality for the multiplier 1/m, sum_i min_e [i / (i + e) + e / m] - B / m bounds the least
    sum below; each inner minimum is at the floor or the ceiling of sqrt(i m) - i (convex)."""
    least_f = Fraction(2 * p * n - hi, 2)
    k, r = divmod(least_f, n)
    high = min(Fraction(1), 1 - (k * Fraction(n, p + n) + r / (p + r)) / p)
    budget = 2 * p * n - lo if ties else (2 * p * n - lo) // 2
    if budget <= 0:
        return Fraction(1), high
    total = 0  # m 2^64 times the dual, rounded down
    for i in range(1, p + 1):
        if i >= m:  # the minimum is at e = 0: the term is 1
            total += (p - i + 1) * m * _ONE
            break
        e0 = min(max(isqrt(i * m) - i, 0), n)
        total += min((m * _ONE * i) // (i + e) + _ONE * e for e in {e0, min(e0 + 1, n)})
    low = Fraction(total - _ONE * budget, m * _ONE * p)
    return max(low, Fraction(0)), high


def check_metric_stage(stage: str, data: Mapping[str, Any], question: Question) -> bool:
    """Verify one exclusion of the metrics path: True, Invalid, or False (no check here)."""
    p, n, ties, spans, _ = question
    if stage == "grid":
        metric = data.get("metric")
        if not isinstance(metric, str) or metric not in spans:
            raise Invalid(f"grid: the metric {metric!r} is not claimed")
        if data.get("denominators") != _denominators(metric, p, n, ties):
            raise Invalid(f"grid: {metric}'s denominators are not {data.get('denominators')!r}")
        for d in data["denominators"]:
            lo, hi = spans[metric].whole(d)
            if lo <= hi:
                raise Invalid(f"grid: {metric} = {lo}/{d} lies in the printed span")
        return True
    if stage == "operating-point":
        names = _names(data.get("metrics"), spans)
        for tp in range(p + 1):
            lo, hi = _fp_window(tp, p, n, {name: spans[name] for name in names})
            if lo <= hi:
                raise Invalid(f"operating-point: TP = {tp}, FP = {lo} gives {', '.join(names)}")
        return True
    if stage == "threshold-auc":
        if "auc_roc" not in spans:
            raise Invalid("threshold-auc: no auc_roc is claimed")
        first, last = spans["auc_roc"].whole(2 * p * n)
        for tp, lo, hi in _windows(question, data):
            if lo > hi:
                continue
            low = max(first, 2 * tp * (n - hi))
            high = min(last, 2 * tp * n + 2 * (p - tp) * (n - lo))
            if not ties:
                low += low % 2
            if low <= high:
                raise Invalid(f"threshold-auc: a threshold at TP = {tp} allows 2U = {low}")
        return True
    if stage == "ap-bounds":
        m = data.get("multiplier")
        if not isinstance(m, int) or isinstance(m, bool) or m < 1:
            raise Invalid("ap-bounds: the multiplier 1/m needs a whole m >= 1")
        if "auc_roc" not in spans or "average_precision" not in spans:
            raise Invalid("ap-bounds: auc_roc and average_precision must both be claimed")
        lo, hi = spans["auc_roc"].whole(2 * p * n)
        if not ties:
            lo, hi = lo + lo % 2, hi - hi % 2
        if lo > hi:
            raise Invalid("ap-bounds: no 2U of the printed auc_roc")
        ap_low, ap_high = _ap_range(p, n, lo, hi, m, ties)
        if spans["average_precision"].meets(ap_low, ap_high):
            raise Invalid(f"ap-bounds: [{ap_low}, {ap_high}] meets the printed average_precision")
        return True
    if stage == "area-least-enclosure" and p > AREA_LEAST_UP_TO:
        return False
    if stage == "area-least-enclosure":
        name = str(data.get("metric"))
        record = published_area(name)
        if record is None or record.least is None or name not in spans:
            raise Invalid(f"{stage}: {name!r} is not a claimed area with a least value")
        bound = fraction(data.get("at_least"), f"{stage}: at_least")
        least = record.least(p, n, ties)
        if least < bound:
            raise Invalid(f"{stage}: the least {name} is {least}, below {bound}")
        if spans[name].meets(bound, Fraction(1)):
            raise Invalid(f"{stage}: [{bound}, 1] meets the printed {name}")
        return True
    if stage == "area-least":
        metric = data.get("metric")
        record = published_area(metric) if isinstance(metric, str) else None
        if not isinstance(metric, str) or metric not in spans or record is None:
            raise Invalid(f"area-least: {metric!r} is not a claimed area with a least value")
        if record.least is None:
            raise Invalid(f"area-least: {metric!r} is not a claimed area with a least value")
        least = record.least(p, n, ties)
        if _exact_text(least) != data.get("least"):
            raise Invalid(f"area-least: the least {metric} is {least}, not {data.get('least')}")
        if spans[metric].meets(least, Fraction(1)):
            raise Invalid(f"area-least: [{least}, 1] meets the printed {metric}")
        return True
    return False
