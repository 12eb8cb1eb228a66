"""Choosing thresholds on a tuning set (Davis & Goadrich 2006, end of Section 3).

"Building the convex hull can be seen as constructing a new classifier ...
Therefore it would be methodologically incorrect to construct a convex hull or
achievable PR curve by looking at performance on the test data."  Instead, find
the thresholds on tuning data, keep those of its convex hull, and apply them to
the test data: "While this test-data curve is not guaranteed to be a convex
hull, it preserves the split between training data and testing data."
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from rocpr_exact.core.counts import counts_at, tie_groups
from rocpr_exact.core.curve import Curve, require_curve
from rocpr_exact.core.data import Score, normalize_scores
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.geometry.hull import hull_vertex_indices

__all__ = ["EVERYTHING_POSITIVE", "apply_thresholds", "tuned_thresholds"]

#: The threshold recorded for an added end point (P, N): "score >= -infinity" calls
#: every example positive.
EVERYTHING_POSITIVE = Decimal("-Infinity")


def tuned_thresholds(tuning_curve: Curve) -> tuple[Score, ...]:
    """The score thresholds of the tuning curve's ROC hull vertices, strictest first.

    The threshold of curve point ``i + 1`` is ``tuning_curve.thresholds[i]``;
    the vertex (0, 0) has none, so the result has one threshold per hull vertex
    after (0, 0), ending with the loosest (everything positive on the tuning
    set).  Raises :class:`InvalidInputError` for a curve without thresholds
    (one built from counts), and the hull's errors unless P > 0 and N > 0.
    O(number of thresholds).

    >>> from rocpr_exact.geometry.hull import roc_convex_hull
    >>> tuning = Curve.from_scores([8, 7, 6, 5, 4, 3, 2, 1], [1, 0, 1, 0, 0, 1, 1, 0])
    >>> [(p.tp, p.fp) for p in roc_convex_hull(tuning).points]
    [(0, 0), (1, 0), (4, 3), (4, 4)]
    >>> tuned_thresholds(tuning)
    (8, 2, 1)
    """
    require_curve(tuning_curve, "tuning_curve")
    if tuning_curve.thresholds is None:
        raise InvalidInputError(
            "tuned_thresholds needs a curve built from scores (Curve.from_scores), which knows "
            "the score threshold of each point; this curve was built from counts"
        )
    cuts = tuning_curve.thresholds
    return tuple(cuts[i - 1] for i in hull_vertex_indices(tuning_curve, "tuned_thresholds")[1:])


def apply_thresholds(
    thresholds: Iterable[Any], scores: Iterable[Any], labels: Iterable[Any]
) -> Curve:
    """The test-set curve of the classifiers "score >= t", one for each given threshold t.

    The curve is reported as it is, not re-hulled: it runs from (0, 0) through
    the (TP, FP) of each classifier on the test data, strictest first, to
    (P, N).  Thresholds that give the same counts on the test data are one
    point (recorded with the strictest of them); one that calls nothing
    positive gives (0, 0); (P, N) is added when no threshold reaches it, with
    threshold :data:`EVERYTHING_POSITIVE`.  Scores and thresholds are taken
    exactly as in :meth:`Curve.from_scores` (the thresholds may be a set); bad input raises
    :class:`InvalidInputError`.  O((n + m) log n) for n examples, m thresholds.

    >>> test_scores = [9, 8, 7, 3, 2, 1]
    >>> test_labels = [1, 1, 0, 1, 0, 0]
    >>> c = apply_thresholds((8, 2, 1), test_scores, test_labels)
    >>> [(p.tp, p.fp) for p in c.points], c.thresholds
    ([(0, 0), (2, 0), (3, 2), (3, 3)], (8, 2, 1))
    """
    if isinstance(thresholds, (set, frozenset)):  # a set of thresholds: no order to keep
        thresholds = list(thresholds)
    cuts = sorted(set(normalize_scores(thresholds)), reverse=True)
    groups = tie_groups(scores, labels)
    tps, fps, kept = [0], [0], []
    for t, (tp, fp) in zip(cuts, counts_at(groups, cuts), strict=True):
        if (tp, fp) != (tps[-1], fps[-1]):
            tps.append(tp)
            fps.append(fp)
            kept.append(t)
    positives = sum(group[1] for group in groups)
    n = positives + sum(group[2] for group in groups)
    if (tps[-1], fps[-1]) != (positives, n - positives):
        tps.append(positives)
        fps.append(n - positives)
        kept.append(EVERYTHING_POSITIVE)
    return Curve(positives, n - positives, tuple(tps), tuple(fps), tuple(kept))
