"""Counts at thresholds: the one place where data becomes (TP, FP) at each threshold.

Davis & Goadrich (2006), Section 3 (docs/design.md, section 1): the classifiers are
"positive iff score >= t", one per distinct score t, strictest first.  Tied scores form one
*tie group* with ``positives`` and ``negatives`` examples; the curve's points are the cumulative
counts after each group, preceded by (0, 0).  Every construction of a curve goes through here:

* :func:`tie_groups` sorts Python data and groups ties; :func:`histogram_groups` merges
  pre-aggregated rows; :func:`cumulative_counts` turns groups into the points (with the
  Section 3 "paper thresholds" filter, :func:`same_pure_class`).
* :mod:`rocpr_exact.core.arraycounts` is the same pipeline vectorised for numpy arrays: a
  sort per class and a linear merge, int64 cumulative sums, the same filter and the same
  corner rule on whole arrays.
* :func:`counts_at` gives the counts at arbitrary thresholds (the tuning-set method).
* :func:`corner_index` and :func:`rising_index` locate the corners of the ROC polyline and the
  steps that add positives, for both paths, by one rule each (:func:`cross`).

The two rules are written once and applied to Python ints and to numpy arrays alike (they use
only ``==``, ``&``, ``|``, ``*`` and ``-``, which both support elementwise).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import accumulate, pairwise
from typing import Any

from rocpr_exact.core.confusion import ConfusionMatrix, tp_fp
from rocpr_exact.core.data import (
    ZERO_WEIGHTS,
    Score,
    check_lengths,
    normalize_labels,
    normalize_scores,
)
from rocpr_exact.errors import InvalidInputError

__all__ = [
    "INT64_CROSS",
    "Group",
    "chain_of_points",
    "check_points",
    "corner_index",
    "counts_at",
    "cross",
    "cumulative_counts",
    "histogram_groups",
    "rising_index",
    "same_pure_class",
    "tie_groups",
]

#: A tie group: (score, positives, negatives).
Group = tuple[Score, int, int]

#: Below this many examples, products of two counts fit in int64 (n**2 < 2**63).
INT64_CROSS = 3_000_000_000


# -- the two rules ---------------------------------------------------------------------------------


def same_pure_class(pos_a: Any, neg_a: Any, pos_b: Any, neg_b: Any) -> Any:
    """Whether two consecutive tie groups are pure and of the same class (Section 3).

    The paper keeps a threshold only where the class changes between distinct scores, so the
    cut between two such groups is dropped; it is an interior point of a straight ROC run, and
    dropping it changes neither the ROC polyline nor its PR image.  Works elementwise on numpy
    arrays.

    >>> same_pure_class(2, 0, 1, 0), same_pure_class(2, 0, 0, 1), same_pure_class(1, 1, 1, 1)
    (True, False, False)
    """
    return ((neg_a == 0) & (neg_b == 0)) | ((pos_a == 0) & (pos_b == 0))


def cross(dtp_a: Any, dfp_a: Any, dtp_b: Any, dfp_b: Any) -> Any:
    """The cross product dTP_a dFP_b - dTP_b dFP_a of two steps in ROC space.

    Zero iff the steps are parallel (a point between them is not a corner); positive iff step b
    turns right of step a in (FP, TP) coordinates, i.e. the polyline is concave there (the
    hull's test).  Works elementwise on numpy arrays.

    >>> cross(1, 0, 1, 0), cross(1, 0, 0, 1), cross(0, 1, 1, 0)
    (0, 1, -1)
    """
    return dtp_a * dfp_b - dtp_b * dfp_a


# -- Python data -----------------------------------------------------------------------------------


def tie_groups(scores: Iterable[Any], labels: Iterable[Any]) -> list[Group]:
    """The tie groups of a scored dataset, highest score first. O(n log n).

    Scores and labels are read exactly (:mod:`rocpr_exact.core.data`); bad input raises
    :class:`InvalidInputError`.

    >>> tie_groups([0.3, 0.8, 0.9, 0.8], [0, 0, 1, 1])
    [(0.9, 1, 0), (0.8, 1, 1), (0.3, 0, 1)]
    """
    xs, ys = normalize_scores(scores), normalize_labels(labels)
    check_lengths(xs, ys)
    order = sorted(range(len(xs)), key=xs.__getitem__, reverse=True)
    groups: list[Group] = []
    for i in order:
        x, y = xs[i], ys[i]
        if groups and groups[-1][0] == x:
            score, pos, neg = groups[-1]
            groups[-1] = (score, pos + y, neg + 1 - y)
        else:
            groups.append((x, y, 1 - y))
    return groups


def histogram_groups(rows: Iterable[tuple[Any, int, int]]) -> list[Group]:
    """Tie groups from (score, positives, negatives) rows in any order. O(k log k) for k rows.

    A repeated score adds its counts; rows without examples add nothing.

    >>> histogram_groups([(0.2, 1, 3), (0.9, 2, 0), (0.2, 0, 1)])
    [(0.9, 2, 0), (0.2, 1, 4)]
    """
    merged: dict[Score, list[int]] = {}
    for i, row in enumerate(rows):
        if not isinstance(row, tuple | list) or len(row) != 3:
            raise InvalidInputError(
                f"histogram row {i} must be (score, positives, negatives), got {row!r}"
            )
        score = normalize_scores([row[0]])[0]
        counts = merged.setdefault(score, [0, 0])
        for j, name in ((1, "positives"), (2, "negatives")):
            value = row[j]
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise InvalidInputError(
                    f"histogram row {i}: {name} must be a non-negative int, got {value!r}"
                )
            counts[j - 1] += value
    groups = [(x, pos, neg) for x, (pos, neg) in merged.items() if pos + neg > 0]
    if not groups:
        if merged:  # rows, each of count (weight) 0
            raise InvalidInputError(ZERO_WEIGHTS)
        raise InvalidInputError("the histogram holds no examples")
    groups.sort(key=lambda group: group[0], reverse=True)
    return groups


def cumulative_counts(
    groups: Sequence[Group], paper: bool = False
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[Score, ...]]:
    """TP and FP at (0, 0) and after each group (highest score first), and the thresholds.

    With ``paper=True`` the cut after a group is dropped when it and the next group are pure of
    the same class (:func:`same_pure_class`).

    >>> cumulative_counts([(3, 0, 1), (2, 1, 0), (1, 1, 0)], paper=True)
    ((0, 0, 2), (0, 1, 1), (3, 1))
    """
    tps, fps, cuts = [0], [0], []
    tp = fp = 0
    last = len(groups) - 1
    for i, (score, pos, neg) in enumerate(groups):
        tp, fp = tp + pos, fp + neg
        if paper and i < last and same_pure_class(pos, neg, groups[i + 1][1], groups[i + 1][2]):
            continue
        tps.append(tp)
        fps.append(fp)
        cuts.append(score)
    return tuple(tps), tuple(fps), tuple(cuts)


def counts_at(groups: Sequence[Group], thresholds: Iterable[Score]) -> list[tuple[int, int]]:
    """(TP, FP) of "score >= t" for each threshold t, from tie groups (highest first).

    O((k + m) log k) for k groups and m thresholds.

    >>> counts_at([(9, 1, 0), (5, 0, 2), (1, 1, 1)], [10, 9, 6, 1, 0])
    [(0, 0), (1, 0), (1, 0), (2, 3), (2, 3)]
    """
    ascending = [-group[0] for group in groups]  # bisect needs ascending keys
    tps = [0, *accumulate(group[1] for group in groups)]
    fps = [0, *accumulate(group[2] for group in groups)]
    out = []
    for t in thresholds:
        called = bisect_right(ascending, -t)  # groups with score >= t
        out.append((tps[called], fps[called]))
    return out


def corner_index(tps: Sequence[int], fps: Sequence[int]) -> tuple[int, ...]:
    """Indices of the corners of the polyline through the points (first and last included).

    A point strictly inside a straight run (the steps before and after it are parallel,
    :func:`cross` = 0) is not a corner.  O(n).

    >>> corner_index((0, 1, 2, 2, 2), (0, 0, 0, 1, 2))
    (0, 2, 4)
    """
    keep = [0]
    for i in range(1, len(tps) - 1):
        before = (tps[i] - tps[i - 1], fps[i] - fps[i - 1])
        after = (tps[i + 1] - tps[i], fps[i + 1] - fps[i])
        if cross(*before, *after) != 0:
            keep.append(i)
    keep.append(len(tps) - 1)
    return tuple(keep)


def rising_index(tps: Sequence[int]) -> tuple[int, ...]:
    """Indices i >= 1 of the points where TP increases (TP_i > TP_{i-1}). O(n).

    >>> rising_index((0, 0, 1, 1, 3))
    (2, 4)
    """
    return tuple(i for i in range(1, len(tps)) if tps[i] > tps[i - 1])


def check_points(
    tps: Sequence[int],
    fps: Sequence[int],
    positives: int,
    negatives: int,
    thresholds: Sequence[Score] | None = None,
) -> None:
    """Raise :class:`InvalidInputError` unless the points form a curve.

    A curve runs from (0, 0) to (P, N), both counts non-decreasing, every step advancing, with
    one threshold per point after (0, 0) when thresholds are given.  O(n).
    """
    if len(tps) != len(fps) or len(tps) < 2:
        raise InvalidInputError("a curve needs matching TP and FP lists of at least 2 points")
    if (tps[0], fps[0]) != (0, 0) or (tps[-1], fps[-1]) != (positives, negatives):
        raise InvalidInputError(
            f"a curve runs from (TP, FP) = (0, 0) to (P, N) = ({positives}, {negatives}), "
            f"got {tps[0], fps[0]} to {tps[-1], fps[-1]}"
        )
    for i in range(1, len(tps)):
        dtp, dfp = tps[i] - tps[i - 1], fps[i] - fps[i - 1]
        if dtp < 0 or dfp < 0 or dtp + dfp == 0:
            raise InvalidInputError(
                f"curve points must strictly advance: point {i - 1} "
                f"{tps[i - 1], fps[i - 1]} -> point {i} {tps[i], fps[i]}"
            )
    if thresholds is not None and len(thresholds) != len(tps) - 1:
        raise InvalidInputError("a curve needs one threshold per point after (0, 0)")


def chain_of_points(
    points: Iterable[ConfusionMatrix | tuple[int, int]], positives: int, negatives: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """TP and FP of the operating points sorted into one chain, with (0, 0) and (P, N).

    Repeated points are kept once; points that cannot lie on one ranking (one has more TP but
    fewer FP) raise :class:`InvalidInputError`.  O(m log m) for m points.

    >>> chain_of_points([(10, 30), (5, 5), (5, 5)], 20, 2000)
    ((0, 5, 10, 20), (0, 5, 30, 2000))
    """
    for name, total in (("positives", positives), ("negatives", negatives)):
        if isinstance(total, bool) or not isinstance(total, int) or total < 0:
            raise InvalidInputError(f"{name} must be a non-negative int, got {total!r}")
    pairs = {(0, 0), (positives, negatives)}
    for point in points:
        if isinstance(point, ConfusionMatrix) and (point.positives, point.negatives) != (
            positives,
            negatives,
        ):
            raise InvalidInputError(f"{point} does not have P = {positives}, N = {negatives}")
        c = ConfusionMatrix.from_counts(*tp_fp(point), positives, negatives)
        pairs.add((c.tp, c.fp))
    chain = sorted(pairs)
    for (tp_a, fp_a), (tp_b, fp_b) in pairwise(chain):
        if fp_b < fp_a:
            raise InvalidInputError(
                f"points (TP, FP) = {(tp_a, fp_a)} and {(tp_b, fp_b)} cannot both lie on one "
                "curve: one has more TP but fewer FP; give the thresholds of one ranking"
            )
    return tuple(t for t, _ in chain), tuple(f for _, f in chain)
