"""Confusion counts on a fixed threshold grid: tp and fp at every threshold, from one sort.

Tools that bin (torchmetrics with ``thresholds=``, keras' ``AUC``) count, at each threshold t
of a grid fixed in advance, the examples whose score reaches t: ``score >= t`` (torchmetrics,
*inclusive*) or ``score > t`` (keras, *exclusive*).  At a threshold t the counts are the
paper's (section 2) confusion counts of the classifier "positive when the score reaches t":

    tp(t) = sum of w_i over positives i with s_i >= t   (or s_i > t)
    fp(t) = sum of w_i over negatives i with s_i >= t   (or s_i > t)

with w_i = 1 unweighted (integers) or the exact weights given.  Scores, thresholds and
weights are exact numbers (int or Fraction); nothing is rounded.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from fractions import Fraction
from typing import TypeAlias

from rocpr_exact.errors import InvalidInputError

__all__ = ["GridCounts", "counts_at_thresholds"]

Weight: TypeAlias = int | Fraction
#: (tp, fp) at each threshold, in the order the thresholds were given
GridCounts: TypeAlias = tuple[tuple[Weight, ...], tuple[Weight, ...]]


def _suffix_sums(values: list[Weight]) -> list[Weight]:
    """sums[k] = values[k] + ... + values[-1]; sums[len(values)] = 0."""
    sums: list[Weight] = [0] * (len(values) + 1)
    for k in reversed(range(len(values))):
        sums[k] = sums[k + 1] + values[k]
    return sums


def counts_at_thresholds(
    scores: Sequence[Fraction | int],
    labels: Sequence[int],
    thresholds: Sequence[Fraction | int],
    *,
    inclusive: bool,
    weights: Sequence[Fraction | int] | None = None,
) -> GridCounts:
    """(tp, fp) at each threshold: the weight of positives and negatives scored at or above it.

    tp(t) = sum of w_i over labels_i = 1 with s_i >= t (``inclusive``) or s_i > t (not
    ``inclusive``); fp(t) the same over labels_i = 0.  The thresholds may come in any order
    and repeat; each answer is at its threshold's position.  Unweighted counts are ints.

    Hand check: scores 1/4, 1/2, 1/2, 3/4 with labels 0, 1, 0, 1 at t = 1/2 count
    {1/2, 1/2, 3/4} inclusive (tp 2, fp 1) and {3/4} exclusive (tp 1, fp 0).

    >>> s = [Fraction(1, 4), Fraction(1, 2), Fraction(1, 2), Fraction(3, 4)]
    >>> counts_at_thresholds(s, [0, 1, 0, 1], [Fraction(1, 2), 0, 1], inclusive=True)
    ((2, 2, 0), (1, 2, 0))
    >>> counts_at_thresholds(s, [0, 1, 0, 1], [Fraction(1, 2)], inclusive=False)
    ((1,), (0,))

    Raises InvalidInputError when the lengths differ or a label is not 0 or 1.
    Complexity: O((n + T) log n) for n scores and T thresholds (one sort, one bisection each).
    """
    n = len(scores)
    if len(labels) != n or (weights is not None and len(weights) != n):
        raise InvalidInputError("scores, labels and weights must have one value per example")
    if any(y not in (0, 1) for y in labels):
        raise InvalidInputError("labels must be 0 or 1")
    order = sorted(range(n), key=scores.__getitem__)
    ranked = [scores[i] for i in order]
    weight: list[Weight] = [1] * n if weights is None else list(weights)
    tp_after = _suffix_sums([weight[i] if labels[i] else 0 for i in order])
    fp_after = _suffix_sums([0 if labels[i] else weight[i] for i in order])
    find = bisect_left if inclusive else bisect_right  # first rank with s >= t (or s > t)
    first = [find(ranked, t) for t in thresholds]
    return tuple(tp_after[k] for k in first), tuple(fp_after[k] for k in first)
