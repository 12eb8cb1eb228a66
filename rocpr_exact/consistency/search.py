"""Exact search over rankings: is there one whose metrics all lie in given intervals?

A ranking of P positives and N negatives, up to the values of its scores, is a
sequence of tie groups (a_i, b_i) (a_i positives and b_i negatives share one
score, a_i + b_i >= 1), highest score first.  Every metric the consistency
checker knows is a sum over the groups of a term that depends only on the
counts (TP, FP) before the group and the group itself:

* 2 P N AUC-ROC: a group (a, b) after TP positives adds b (2 TP + a)
  (each negative beats the positives above it, ties count 1/2);
* average precision (``auc_pr(curve, "step")``, sklearn's
  ``average_precision_score``): adds (a / P) (TP + a) / (TP + a + FP + b);
* ``davis-goadrich`` and ``linear`` areas: the trapezoids of the PR points on
  the segment (TP, FP) -> (TP + a, FP + b); the precision they start from is
  the previous threshold's, or at (0, 0) the limit precision a / (a + b), or
  0 after negatives only (docs/design.md, recall 0).

So a dynamic programme over states (TP, FP, partial sums, whether the
operating point was passed) is exact: two prefixes with the same state have
the same possible futures.  A state is dropped as soon as a metric's partial
sum plus the most and least its remaining groups can add (bounds below) misses
the metric's interval.  The work is bounded by ``max_steps`` (one step =
one group tried from one state, a few exact rational operations); past it
the search stops with :class:`SearchLimitReached`.

Complexity: O(states x (P + 1)(N + 1)) steps.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.reported import Interval

__all__ = ["RANKING_METRICS", "SearchLimitReached", "find_ranking", "group_terms"]

#: Metrics that depend on the whole ranking, in the order of the partial sums of a state.
RANKING_METRICS = ("auc_roc", "average_precision", "auc_pr_dg", "auc_pr_linear")

_State = tuple[int, int, bool, tuple[Fraction, ...]]


class SearchLimitReached(Exception):
    """The exhaustive search would take more than ``max_steps`` steps."""

    def __init__(self, steps: int) -> None:
        super().__init__(f"the exact search passed {steps:,} steps")
        self.steps = steps


def _precision_before(tp: int, fp: int, a: int, b: int) -> Fraction:
    """The PR precision at the start (TP, FP) of the group (a, b) with a > 0."""
    if tp == 0:
        return Fraction(a, a + b) if fp == 0 else Fraction(0)
    return Fraction(tp, tp + fp)


def group_terms(
    tp: int,
    fp: int,
    a: int,
    b: int,
    positives: int,
    negatives: int,
    metrics: tuple[int, ...] = (0, 1, 2, 3),
) -> tuple[Fraction, ...]:
    """What the group (a, b) after (TP, FP) adds to each metric (indices into ``RANKING_METRICS``).

    >>> group_terms(0, 0, 1, 1, 2, 2)    # one positive tied with one negative, first
    (Fraction(1, 8), Fraction(1, 4), Fraction(1, 4), Fraction(1, 4))
    """
    out = []
    for metric in metrics:
        if metric == 0:
            out.append(Fraction(b * (2 * tp + a), 2 * positives * negatives))
        elif a == 0:
            out.append(Fraction(0))
        elif metric == 1:
            out.append(Fraction(a * (tp + a), (tp + a + fp + b) * positives))
        elif metric == 3:
            start = _precision_before(tp, fp, a, b)
            end = Fraction(tp + a, tp + a + fp + b)
            out.append(a * (start + end) / (2 * positives))
        else:
            # Davis-Goadrich: TP = t on the segment has FP = fp + (t - tp) b / a, so
            # precision t a / (t a + fp a + (t - tp) b); trapezoids of width 1/P.
            twice = Fraction(0)
            previous = _precision_before(tp, fp, a, b)
            for t in range(tp + 1, tp + a + 1):
                current = Fraction(t * a, t * a + fp * a + (t - tp) * b)
                twice += previous + current
                previous = current
            out.append(twice / (2 * positives))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class _Bounds:
    """Least and greatest amount the remaining groups can add to a metric, from (TP, FP).

    With g(t) = t / (t + N): every later threshold or interpolated point at
    TP = t has precision >= g(t) (at most N negatives above it) and
    <= P / (P + FP) (at most P positives, at least FP negatives), and the
    current precision lies between the same bounds.
    """

    positives: int
    negatives: int
    ap_tail: tuple[Fraction, ...]  # ap_tail[tp]: (1/P) sum_{t > tp} g(t)
    dg_tail: tuple[Fraction, ...]  # dg_tail[tp]: (1/2P) sum_{t > tp} (g(t - 1) + g(t))

    @classmethod
    def build(cls, positives: int, negatives: int) -> _Bounds:
        g = [Fraction(t, t + negatives) for t in range(positives + 1)]
        ap = [Fraction(0)] * (positives + 1)
        dg = [Fraction(0)] * (positives + 1)
        for t in range(positives, 0, -1):
            ap[t - 1] = ap[t] + g[t] / positives
            dg[t - 1] = dg[t] + (g[t - 1] + g[t]) / (2 * positives)
        return cls(positives, negatives, tuple(ap), tuple(dg))

    def remaining(self, metric: int, tp: int, fp: int) -> tuple[Fraction, Fraction]:
        p, n = self.positives, self.negatives
        left_p, left_n = p - tp, n - fp
        if metric == 0:
            # Negatives still to come lose to the TP positives above them; among
            # themselves the rest give anything from 0 to every pair.
            sure = Fraction(tp * left_n, p * n)
            return sure, sure + Fraction(left_p * left_n, p * n)
        high = Fraction(left_p, p + fp)  # width (P - TP)/P times precision <= P/(P + FP)
        if metric == 1:
            return self.ap_tail[tp], high
        if metric == 2:
            return self.dg_tail[tp], high
        # linear: each rising step's trapezoid is >= the chord of the concave g over
        # it, and chords over a partition of [TP, P] are >= the chord from TP to P.
        chord = Fraction(left_p, 2 * p) * (Fraction(tp, tp + n) + Fraction(p, p + n))
        return chord, high


def find_ranking(
    positives: int,
    negatives: int,
    intervals: Mapping[str, Interval],
    operating_points: frozenset[tuple[int, int]] | None,
    *,
    ties: bool = True,
    max_steps: int = 100_000,
) -> tuple[Group, ...] | None:
    """A sequence of tie groups whose metrics lie in ``intervals``, or ``None`` if none exists.

    ``intervals`` maps names from ``RANKING_METRICS`` to intervals.
    ``operating_points``: when given, the ranking must have a threshold (a point
    of its curve, (0, 0) included) with (TP, FP) in this set.  ``ties=False``
    allows only groups of one example.  Depth first, each state expanded at
    most once; a step is one group tried from one state.  Raises
    :class:`SearchLimitReached` after ``max_steps`` steps.

    >>> from rocpr_exact.consistency.reported import reported_interval
    >>> find_ranking(2, 2, {"auc_roc": reported_interval("0.75", "exact")}, None)
    ((2, 1), (0, 1))
    >>> find_ranking(2, 2, {"auc_roc": reported_interval("0.6", "exact")}, None) is None
    True
    """
    p, n = positives, negatives
    chosen = tuple(
        (i, intervals[name]) for i, name in enumerate(RANKING_METRICS) if name in intervals
    )
    metrics = tuple(i for i, _ in chosen)
    bounds = _Bounds.build(p, n)
    points = operating_points

    def alive(tp: int, fp: int, passed: bool, sums: tuple[Fraction, ...]) -> bool:
        for (metric, interval), partial in zip(chosen, sums, strict=True):
            low, high = bounds.remaining(metric, tp, fp)
            if not interval.meets(partial + low, partial + high):
                return False
        if points is not None and not passed:
            return any(t >= tp and f >= fp for t, f in points)
        return True

    start_passed = points is None or (0, 0) in points
    start: _State = (0, 0, start_passed, tuple(Fraction(0) for _ in chosen))
    if not alive(*start):
        return None
    parent: dict[_State, tuple[_State, Group] | None] = {start: None}
    stack = [start]
    steps = 0
    while stack:
        state = stack.pop()
        tp, fp, passed, sums = state
        if (tp, fp) == (p, n):
            if passed:
                return _groups_to(state, parent)
            continue
        for a in range(p - tp + 1):
            for b in range(n - fp + 1):
                if a + b == 0 or (not ties and a + b > 1):
                    continue
                steps += 1
                if steps > max_steps:
                    raise SearchLimitReached(steps)
                terms = group_terms(tp, fp, a, b, p, n, metrics)
                child_sums = tuple(x + y for x, y in zip(sums, terms, strict=True))
                t2, f2 = tp + a, fp + b
                child_passed = passed or (points is not None and (t2, f2) in points)
                child: _State = (t2, f2, child_passed, child_sums)
                if child in parent or not alive(*child):
                    continue
                parent[child] = (state, (a, b))
                stack.append(child)
    return None


def _groups_to(
    state: _State, parent: Mapping[_State, tuple[_State, Group] | None]
) -> tuple[Group, ...]:
    groups: list[Group] = []
    link = parent[state]
    while link is not None:
        state, group = link
        groups.append(group)
        link = parent[state]
    return tuple(reversed(groups))
