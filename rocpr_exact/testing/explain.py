"""What is this number?  Every exact metric and tool twin on the data, and the ones a value is.

``explain(scores, labels, value)`` computes every metric of :mod:`rocpr_exact.oracle.metrics`
(the exact areas and every tool's table, as ``report --profile`` gives them), and for a given
value says which of them it equals within float rounding (``rtol``), naming the tool's function;
the range of AUC-ROC and of average precision over all orderings of tied examples, with the
values for ties broken in input order and in reverse input order; and the same metrics on the
scores as float32 and float16 see them.  ``rocpr-exact explain DATA --value V`` prints it.
A value that is a float32 (as torchmetrics, keras and xgboost compute) also matches a metric
within float32's rounding of an area, (n + 8) 2**-24 for n examples, said as "(within float32
rounding)"; a tool's one-class answer (scikit-learn's AP 0 without a positive) is its value.
A tool's call with parameters is also tried, each documented parameter on a grid
(:mod:`rocpr_exact.testing.calls`: ``max_fpr``, ``fpr_stop``, pROC's partial areas and
direction, numbers of thresholds and bins, keras' summation methods, the other class positive):
a matching call whose value differs from the tool's default call's is listed as the call,
``sklearn.roc_auc_score(max_fpr=0.1)``, at most :data:`SHOWN_CALLS` per function and curve (the rest
counted), and every one is in ``Explanation.calls``.  Weighted examples (``weights``,
``--weight-column``): the exact metrics of the weighted curve and the twins whose tools take
weights (:mod:`rocpr_exact.testing.weighted`).  A list of thresholds a tool was given
(``thresholds``, ``--thresholds``) is tried with torchmetrics' and keras' calls.

The extremes over tie orderings (each tie group ordered any way):

* AUC-ROC is the Mann-Whitney count with each tied (positive, negative) pair counted 1 or 0
  instead of 1/2, so its minimum orders the negatives first in every tie group and its maximum
  the positives first.
* Average precision of a total order is (1/P) sum_i i / r_i, r_i the rank of the i-th positive.
  Ordering the positives first in every tie group makes every r_i as small as it can be over all
  orders at once (only the negatives of higher groups, and none of its own, precede the i-th
  positive), so each term and the sum are largest; negatives first makes every r_i largest.
  ``tests/testing/test_explain.py`` checks both against every order of small datasets.

This is a display module (floats only as the given value and in messages).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Any

import numpy as np

from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import RocPrError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.display import number
from rocpr_exact.oracle.conformance import ExactValue, within
from rocpr_exact.oracle.metrics import METRICS, RECORDS, compute_metric
from rocpr_exact.testing.calls import GRID_EXAMPLES, Setting, cached, grid_values
from rocpr_exact.testing.weighted import read_labels, unusual_values, weighted_twins

__all__ = ["Explanation", "exact_target", "explain", "tie_order_curve", "tie_order_values"]

Value = Fraction | ClosedForm

#: Each metric's explanation line (the namespace's notes; the other tools by name).
NOTES = {record.name: record.note for record in RECORDS}
#: The metrics whose range over tie orderings is given (min and max proved in the docstring).
TIE_METRICS = ("auc_roc", "auc_pr_step")
#: The tie orders of :func:`tie_order_curve`.
ORDERS = ("index", "reverse_index", "negatives_first", "positives_first")
#: The float widths a value is also compared on: the scores cast to each, as numpy casts.
CASTS: dict[str, type[np.floating[Any]]] = {
    "float64": np.float64,
    "float32": np.float32,
    "float16": np.float16,
}
#: float32's unit roundoff: a value that is a float32 may carry a float32 tool's error.
FLOAT32_U = Fraction(1, 2**24)
#: The exact metrics (not a tool's): the ones computed again on the cast scores.
EXACT = tuple(record.name for record in RECORDS if "." not in record.name)


def exact_target(value: Value) -> ExactValue:
    """A metric value as :func:`~rocpr_exact.oracle.conformance.within` takes it."""
    if isinstance(value, Fraction):
        return value
    exact = number(value, 20)["exact"]
    return exact if isinstance(exact, dict) else Fraction(exact)


def _float32_error(value: float, examples: int) -> Fraction:
    """The error a float32 computation of an area of ``examples`` examples may carry, where
    ``value`` is a float32 (else 0): (n + 8) u, u = 2**-24, for float32 rates and sums
    (the bound tests/profiles/test_torch_keras_recorded.py derives for torchmetrics and keras)."""
    if value != float(np.float32(value)):
        return Fraction(0)
    return (examples + 8) * FLOAT32_U


def _close(given: float, value: Value, rtol: Fraction) -> bool:
    return within(Fraction(given), exact_target(value), rtol, Fraction(0))


def tie_order_curve(scores: Sequence[Any], labels: Sequence[int], order: str) -> Curve:
    """The curve of one total order of the examples: by score (descending), ties broken by
    ``order``: ``"positives_first"``, ``"negatives_first"``, ``"index"`` (input order) or
    ``"reverse_index"``; each example becomes its own threshold."""
    keys: dict[str, Callable[[int], int]] = {
        "positives_first": lambda i: -labels[i],
        "negatives_first": lambda i: labels[i],
        "index": lambda i: i,
        "reverse_index": lambda i: -i,
    }
    key = keys[order]
    ranked = sorted(range(len(labels)), key=lambda i: (-scores[i], key(i)))
    rank_scores = [0] * len(labels)
    for position, i in enumerate(ranked):
        rank_scores[i] = len(labels) - position
    return Curve.from_scores(rank_scores, [int(labels[i]) for i in range(len(labels))])


def tie_order_values(
    scores: Sequence[Any], labels: Sequence[int]
) -> dict[str, dict[str, Value | None]]:
    """Order -> metric -> value, for each tie order of :func:`tie_order_curve` and each of
    :data:`TIE_METRICS` (None where undefined)."""
    out = {}
    for order in ORDERS:
        ordered = tie_order_curve(scores, labels, order)
        out[order] = {name: _or_none(METRICS[name], ordered) for name in TIE_METRICS}
    return out


def _values(curve: Curve, names: Iterable[str] = METRICS) -> dict[str, Value | None]:
    """Each metric by :func:`compute_metric` (a tool's one-class answer included; its nan and
    an exact metric's refusal are None, "undefined")."""
    with warnings.catch_warnings():  # a twin's warnings on one class: "undefined" says it
        warnings.simplefilter("ignore")
        return {name: _or_none(partial(compute_metric, name), curve) for name in names}


@dataclass
class Explanation:
    """The metrics of one dataset and, for a given value, what it matches."""

    values: dict[str, Value | None]
    tie_orders: dict[str, dict[str, Value | None]]
    casts: dict[str, dict[str, Value | None]]
    value: float | None = None
    rtol: Fraction = Fraction(1, 10**9)
    matches: list[str] = field(default_factory=list)
    in_tie_range: list[str] = field(default_factory=list)
    #: The calls with parameters the value is: (function, its setting), as :mod:`.calls` tries.
    calls: list[tuple[str, Setting]] = field(default_factory=list)
    #: Why a metric is undefined on data the exact metrics do not take (soft labels, a
    #: negative weight): metric -> reason (the twin's refusal for a tool's).
    reasons: dict[str, str] = field(default_factory=dict)

    def ranges(self) -> dict[str, tuple[Value, Value]]:
        """Metric -> (min, max) over every order of the tied examples."""
        out = {}
        for name in TIE_METRICS:
            low, high = (self.tie_orders[o][name] for o in ("negatives_first", "positives_first"))
            if low is not None and high is not None:
                out[name] = (low, high)
        return out

    def summary(self) -> str:
        """What the value is (matches, tie ranges) and the ranges over tie orders."""
        lines = []
        if self.value is not None:
            if self.matches:
                lines.append(f"{self.value!r} is (within rtol={float(self.rtol):g}):")
                lines += [f"  {m}" for m in self.matches]
            else:
                lines.append(f"{self.value!r} matches no metric here (rtol={float(self.rtol):g})")
            lines += [
                f"  within the range of {name} over the orders of tied examples "
                "(ties broken by some order)"
                for name in self.in_tie_range
            ]
        for name, (low, high) in self.ranges().items():
            shown = f"[{_shown(low)}, {_shown(high)}]"
            lines.append(f"{name} over the orders of tied examples: {shown}")
        return "\n".join(lines)

    def text(self) -> str:
        """The explanation for people: the summary, then every value, exact and as cast."""
        lines, said = [self.summary(), "metrics on the data:"], None
        for name, v in self.values.items():
            reason = self.reasons.get(name)  # why undefined: said once for a run of metrics
            why = "" if reason is None else " (as above)" if reason == said else f" ({reason})"
            lines.append(f"  {name:38} {_shown(v)}{why}")
            said = reason
        for cast, found in self.casts.items():
            lines.append(f"on the scores cast to {cast}:")
            lines += [f"  {name:38} {_shown(v)}" for name, v in found.items()]
        return "\n".join(lines)


def _shown(value: Value | None) -> str:
    if value is None:
        return "undefined"
    shown = number(value, 17)
    exact = shown["exact"]
    if isinstance(exact, str) and len(exact) <= 30 and exact != shown["decimal"]:
        return f"{shown['decimal']} ({exact})"
    return str(shown["decimal"])


def _name(metric: str, note: str | None = None) -> str:
    return f"{metric} -- {note}" if note else metric


def _analysis(
    scores: Sequence[Any], labels: Sequence[int], weights: Sequence[Any] | None = None
) -> tuple[Any, Any, Any]:
    """The value-free part of :func:`explain`: the table, the tie orders, the casts.  With
    ``weights``: the exact metrics of the weighted curve and the twins that take weights
    (:mod:`rocpr_exact.testing.weighted`); no tie orders (their extremes are for counts)."""
    scores, labels = list(scores), list(labels)
    # exactly as given (floats, decimals, fractions)
    curve = Curve.from_scores(scores, labels, weights=weights)
    casts = {}
    for cast, dtype in CASTS.items():
        top = float(np.finfo(dtype).max)  # beyond the width's range: its largest finite value
        wide = np.clip(np.asarray([float(v) for v in scores], dtype=np.float64), -top, top)
        seen = wide.astype(dtype).astype(np.float64)
        casts[cast] = _values(Curve.from_scores(seen, labels, weights=weights), EXACT)
    if weights is None:
        return _values(curve), tie_order_values(scores, labels), casts
    values = _values(curve, EXACT)
    doubles, ws = [float(s) for s in scores], [float(w) for w in weights]
    with warnings.catch_warnings():  # a twin's warnings on one class: "undefined" says it
        warnings.simplefilter("ignore")
        for name, twin in weighted_twins().items():
            values[name] = _or_none(lambda _, t=twin: t(doubles, labels, ws), curve)
    return values, {order: dict.fromkeys(TIE_METRICS) for order in ORDERS}, casts


def explain(
    scores: Iterable[Any],
    labels: Iterable[Any],
    value: float | None = None,
    *,
    rtol: float | Fraction = Fraction(1, 10**9),
    weights: Iterable[Any] | None = None,
    thresholds: Iterable[float] | None = None,
) -> Explanation:
    """Every metric on (scores, labels) and, given ``value``, which of them it is.

    ``weights``: one non-negative weight per example (exact: decimals, fractions or floats):
    the exact metrics of the weighted curve and the twins of the tools that take weights
    (:mod:`rocpr_exact.testing.weighted`), with the calls of the grid that take them; no
    range over tie orders.  ``thresholds``: a list of thresholds a tool was given
    (torchmetrics' and keras' ``thresholds``), tried with those tools' calls.

    >>> e = explain([0.9, 0.8, 0.8, 0.3], [1, 0, 1, 0], 0.75)
    >>> e.matches[0]
    'auc_roc, ties broken in input order'
    >>> e.in_tie_range
    ['auc_roc']
    """
    scores, (labels, soft) = list(scores), read_labels(labels)
    given_weights = None if weights is None else list(weights)
    unusual = soft or any(w < 0 for w in given_weights or ())
    reasons: dict[str, str] = {}
    casts: dict[str, dict[str, Value | None]] = {}  # no casts on such data
    if unusual:
        values, reasons = unusual_values(scores, labels, given_weights, soft)
        tie_orders = {order: dict.fromkeys(TIE_METRICS) for order in ORDERS}
    elif given_weights is None:
        values, tie_orders, casts = cached(_analysis, scores, labels)
    else:
        values, tie_orders, casts = _analysis(scores, labels, given_weights)
    result = Explanation(dict(values), tie_orders, casts, rtol=Fraction(rtol), reasons=reasons)
    if value is None or not isinstance(value, float | int) or not math.isfinite(value):
        result.value = value if isinstance(value, float) else None
        return result
    given = result.value = float(value)
    float32_error = _float32_error(given, len(labels))

    def matched(exact: Value) -> str | None:
        """ "" for a match within rtol, the float32 words, or None for no match."""
        if _close(given, exact, result.rtol):
            return ""
        target = exact_target(exact)
        if float32_error and within(Fraction(given), target, Fraction(0), float32_error):
            return " (within float32 rounding)"
        return None

    for name, exact in result.values.items():
        how = None if exact is None else matched(exact)
        if how is not None:
            result.matches.append(f"{_name(name, NOTES.get(name))}{how}")
    words = {"index": "ties broken in input order", "reverse_index": "ties broken in reverse "
             "input order", "negatives_first": "ties broken negatives first (the minimum)",
             "positives_first": "ties broken positives first (the maximum)"}  # fmt: skip
    for order, found in tie_orders.items():
        for name, exact in found.items():
            if exact is not None and _close(result.value, exact, result.rtol):
                result.matches.append(f"{name}, {words[order]}")
    for cast, found in casts.items():
        for name, exact in found.items():
            differs = exact != result.values.get(name)  # else the match is the metric's own
            if exact is not None and differs and _close(result.value, exact, result.rtol):
                result.matches.append(f"{name} on the scores cast to {cast}")
    if not unusual and len(set(labels)) == 2 and len(labels) <= GRID_EXAMPLES:  # rarer: last
        given_thresholds = None if thresholds is None else [float(t) for t in thresholds]
        _match_calls(result, scores, labels, matched, given_weights, given_thresholds)
    for name, (low, high) in result.ranges().items():
        exact_low, exact_high = exact_target(low), exact_target(high)
        assert isinstance(exact_low, Fraction) and isinstance(exact_high, Fraction)
        if exact_low <= Fraction(result.value) <= exact_high and low != high:
            result.in_tie_range.append(name)
    return result


#: The matches of one function's settings listed; the rest are counted ("and N more").
SHOWN_CALLS = 3


def _match_calls(
    result: Explanation,
    scores: list[Any],
    labels: list[int],
    matched: Callable[[Value], str | None],
    weights: list[Any] | None = None,
    thresholds: list[float] | None = None,
) -> None:
    """The tools' calls with parameters (:func:`~rocpr_exact.testing.calls.families`) whose
    value matches and differs from the tool's default call's on the data (with ``weights``:
    the families whose tool takes weights, called with them)."""
    doubles = [float(s) for s in scores]  # as the tools receive them (a CSV's text: nearest)
    if weights is None and thresholds is None:
        grid = cached(grid_values, doubles, labels)
    else:
        ws = None if weights is None else [float(w) for w in weights]
        grid = grid_values(doubles, labels, ws, thresholds)
    for family, found in grid:
        default, lines = result.values.get(family.default), []
        for setting, exact in found:
            if isinstance(exact, float) or exact == default:
                continue  # the tool's NaN, or the default call's value (its match names it)
            how = matched(exact)
            if how is not None:
                result.calls.append((family.function, setting))
                lines.append(f"{family.label(setting)}{how}")
        result.matches += lines[:SHOWN_CALLS]
        if len(lines) > SHOWN_CALLS:
            more = len(lines) - SHOWN_CALLS
            result.matches.append(f"(and {more} more settings of {family.function})")


def _or_none(compute: Any, curve: Curve) -> Value | None:
    try:
        value: Value | float = compute(curve)
    except RocPrError:
        return None
    return None if isinstance(value, float) else value  # a tool's nan: undefined
