"""Brute force over every ranking of P positives and N negatives, for the consistency tests.

A ranking up to score values is a sequence of tie groups (a, b), a positives
and b negatives sharing one score, highest first.  This module lists them all
(its own recursion, sharing nothing with rocpr_exact.consistency.search),
turns each into scores and labels, and computes every metric with the
package's public functions (Curve.from_scores, auc_roc, auc_pr) and the
operating-point metrics from the confusion matrix at each threshold.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from rocpr_exact.areas.auc import auc_pr, auc_roc
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.core.curve import Curve
from rocpr_exact.exact.closedform import ClosedForm

RANKING = ("auc_roc", "average_precision", "auc_pr_dg", "auc_pr_linear", "auc_pr_continuous")
POINT = ("precision", "recall", "f1", "accuracy", "specificity")


def rankings(p: int, n: int, ties: bool) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every sequence of tie groups with sum (p, n) (groups of one example when not ties)."""
    if p == 0 and n == 0:
        yield ()
        return
    for a in range(p + 1):
        for b in range(n + 1):
            if a + b == 0 or (not ties and a + b > 1):
                continue
            for rest in rankings(p - a, n - b, ties):
                yield ((a, b), *rest)


def scored(groups: tuple[tuple[int, int], ...]) -> tuple[list[int], list[int]]:
    scores: list[int] = []
    labels: list[int] = []
    for i, (a, b) in enumerate(groups):
        scores += [len(groups) - i] * (a + b)
        labels += [1] * a + [0] * b
    return scores, labels


def point_metrics(tp: int, fp: int, p: int, n: int) -> dict[str, Fraction]:
    """The five metrics of Figure 2 style at one confusion matrix, by their definitions."""
    fn, tn = p - tp, n - fp
    out = {
        "recall": Fraction(tp, tp + fn),
        "f1": Fraction(2 * tp, 2 * tp + fp + fn),
        "accuracy": Fraction(tp + tn, p + n),
        "specificity": Fraction(tn, fp + tn),
    }
    if tp + fp > 0:
        out["precision"] = Fraction(tp, tp + fp)
    return out


@dataclass(frozen=True)
class Row:
    groups: tuple[tuple[int, int], ...]
    ranking: dict[str, Fraction | ClosedForm]
    points: tuple[dict[str, Fraction], ...]


@cache
def table(p: int, n: int, ties: bool) -> tuple[Row, ...]:
    rows = []
    for groups in rankings(p, n, ties):
        curve = Curve.from_scores(*scored(groups))
        values: dict[str, Fraction | ClosedForm] = {"auc_roc": auc_roc(curve)}
        values["auc_pr_continuous"] = auc_pr(curve, "continuous")
        for name, method in (
            ("average_precision", "step"),
            ("auc_pr_dg", "davis-goadrich"),
            ("auc_pr_linear", "linear"),
        ):
            area = auc_pr(curve, method)  # type: ignore[arg-type]
            assert isinstance(area, Fraction)
            values[name] = area
        points = tuple(point_metrics(m.tp, m.fp, p, n) for m in curve.points)
        rows.append(Row(groups, values, points))
    return tuple(rows)


def possible(p: int, n: int, intervals: Mapping[str, Interval], ties: bool) -> bool:
    """Whether some ranking has every reported metric in its interval (brute force)."""
    wanted_points = [k for k in POINT if k in intervals]
    for row in table(p, n, ties):
        if not all(row.ranking[k] in intervals[k] for k in RANKING if k in intervals):
            continue
        if not wanted_points or any(
            all(k in at and at[k] in intervals[k] for k in wanted_points) for at in row.points
        ):
            return True
    return False


def delong_s(p: int, n: int, m: int, variance: Fraction) -> int:
    """The integer S of consistency.delong_extremes' notes for a ranking with 2U = m and this
    DeLong variance: var = (S - (P + N - 2) m^2) / (4 P^2 N^2 (P - 1)(N - 1))."""
    s = variance * 4 * p * p * n * n * (p - 1) * (n - 1) + (p + n - 2) * m * m
    assert s.denominator == 1
    return int(s)
