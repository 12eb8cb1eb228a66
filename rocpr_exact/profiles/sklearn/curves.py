"""Exact twins of scikit-learn 1.9.1's ``roc_curve``, ``precision_recall_curve``, ``det_curve``.

Each returns three tuples as sklearn returns three arrays, in sklearn's order and with sklearn's
points: rates as exact Fractions (sklearn divides float64 counts once: at most 0.5 ulp away,
and equal whenever the exact rate is a double, e.g. when the class total is a power of two),
thresholds as the exact values of the doubles sklearn returns, and sklearn's ``np.inf``
threshold as :data:`INF`.  Counts at thresholds are those of
``sklearn.metrics.confusion_matrix_at_thresholds``: one threshold per distinct score of nonzero
weight, cumulative integer counts (sklearn's float64 sums are exact below 2**53).

Where sklearn warns and fills a rate with ``nan`` (``roc_curve`` without positives or negatives
of nonzero weight) the twin's rate is all None (sklearn's nan), with sklearn's warning as an
:class:`~rocpr_exact.errors.OneClassWarning`; without positives ``precision_recall_curve`` sets
recall to 1 at every threshold, warned, as sklearn does.  ``det_curve`` refuses one class, as
sklearn does; with two labels but one class of nonzero weight, its 0/0 rate is None (numpy's
nan and RuntimeWarning, as an OneClassWarning).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, TypeAlias

from rocpr_exact.core.data import Score
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.profiles.arguments import flag
from rocpr_exact.profiles.sklearn.view import (
    INF,
    NO_NEGATIVE_RATE,
    NO_POSITIVE_RATE,
    RECALL_ONE,
    Infinity,
    as_float64,
    binary_curve,
    check_consistent_length,
    exact_column,
    one_class,
    pos_label_of,
    refuse_format,
    score_array,
    target_of,
    weights_of,
)

__all__ = [
    "Counts",
    "confusion_counts",
    "det_curve",
    "precision_recall_curve",
    "roc_curve",
]

#: (tps, fps, thresholds): cumulative integer counts at each distinct score, strict to loose.
Counts: TypeAlias = tuple[tuple[int, ...], tuple[int, ...], tuple[Score, ...]]
Threshold: TypeAlias = Fraction | Infinity
#: a rate, or None for sklearn's nan
Rate: TypeAlias = Fraction | None
Curves: TypeAlias = tuple[tuple[Rate, ...], tuple[Rate, ...], tuple[Threshold, ...]]


def confusion_counts(
    y_true: Any, y_score: Any, pos_label: Any = None, sample_weight: Any = None
) -> tuple[Counts, Any]:
    """``confusion_matrix_at_thresholds``'s tps, fps and thresholds, exactly, and ``y_true``.

    ``y_true`` must be binary, or multiclass with ``pos_label`` given (as in sklearn).
    """
    kind, labels = target_of(y_true)
    if not (kind == "binary" or (kind == "multiclass" and pos_label is not None)):
        refuse_format(kind, "y_true must hold two labels, or more with pos_label given")
    scores = score_array(y_score)
    if scores.ndim == 2 and scores.shape[1] == 1:
        scores = scores.ravel()
    if scores.ndim != 1:
        raise InvalidInputError(f"y_score must be 1-D (one score per label), got {scores.shape}")
    check_consistent_length(labels, scores, sample_weight)
    positive = (labels == pos_label_of(pos_label, labels)).tolist()
    weights = weights_of(sample_weight, len(labels))
    curve = binary_curve(positive, exact_column(scores), weights)
    assert curve.thresholds is not None
    counts = (tuple(curve.tps[1:]), tuple(curve.fps[1:]), tuple(curve.thresholds))
    return counts, labels


def _keep(index: Sequence[int], items: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(items[i] for i in index)


def roc_curve(
    y_true: Any,
    y_score: Any,
    *,
    pos_label: Any = None,
    sample_weight: Any = None,
    drop_intermediate: bool = True,
) -> Curves:
    """sklearn 1.9.1 ``roc_curve``: (fpr, tpr, thresholds), fpr and tpr exact.

    ``drop_intermediate`` drops a threshold whose second differences of fps and tps are both
    0 (sklearn's test: the steps before and after it are equal), never the first or last;
    then (0, 0) is prepended with threshold :data:`INF`.  Thresholds are the scores rounded
    to float64 (``astype``), so large int scores may print equal thresholds, as in sklearn.

    Hand-derived (sklearn's own example): y = [1, 1, 2, 2], scores [0.1, 0.4, 0.35, 0.8],
    pos_label 2: thresholds 0.8, 0.4, 0.35, 0.1 give (tp, fp) = (1, 0), (1, 1), (2, 1),
    (2, 2); none is dropped (at 0.4 the second difference of fps is 1 - 2 + 0 = -1, at 0.35
    it is 2 - 2 + 1 = 1); fpr = fps / 2 and tpr = tps / 2 after the prepended (0, 0).

    >>> fpr, tpr, thresholds = roc_curve([1, 1, 2, 2], [0.1, 0.4, 0.35, 0.8], pos_label=2)
    >>> [str(x) for x in fpr], [str(x) for x in tpr], thresholds[0]
    (['0', '0', '1/2', '1/2', '1'], ['0', '1/2', '1/2', '1', '1'], INF)
    """
    (tps, fps, cuts), _ = confusion_counts(y_true, y_score, pos_label, sample_weight)
    if flag(drop_intermediate, "drop_intermediate") and len(fps) > 2:
        index = [
            i
            for i in range(len(fps))
            if i in (0, len(fps) - 1)
            or fps[i + 1] - 2 * fps[i] + fps[i - 1]
            or tps[i + 1] - 2 * tps[i] + tps[i - 1]
        ]
        tps, fps, cuts = _keep(index, tps), _keep(index, fps), _keep(index, cuts)
    return (
        _rates(fps, NO_NEGATIVE_RATE),
        _rates(tps, NO_POSITIVE_RATE),
        (
            INF,
            *(as_float64(t) for t in cuts),
        ),
    )


def _rates(counts: Sequence[int], missing: str) -> tuple[Rate, ...]:
    """count / total after the prepended 0; all None (nan, warned ``missing``) if total is 0."""
    total = counts[-1]
    if total <= 0:
        one_class(missing, stacklevel=4)
        return (None,) * (len(counts) + 1)
    return tuple(Fraction(c, total) for c in (0, *counts))


def precision_recall_curve(
    y_true: Any,
    y_score: Any,
    *,
    pos_label: Any = None,
    sample_weight: Any = None,
    drop_intermediate: bool = False,
) -> Curves:
    """sklearn 1.9.1 ``precision_recall_curve``: (precision, recall, thresholds), exact.

    Loose to strict thresholds (increasing), then the point precision 1, recall 0 with no
    threshold.  ``drop_intermediate`` keeps, of each run of equal tps, only its first and last
    point (and the first and last overall).  Precision is tp / (tp + fp), 0 where tp + fp = 0
    (sklearn's rule; with non-negative weights every threshold has tp + fp > 0).  Thresholds
    keep the input's dtype in sklearn (ints stay ints), so they are the exact scores here.

    Hand-derived: y = [0, 0, 1, 1], scores [0.1, 0.4, 0.35, 0.8]: strict to loose
    (tp, fp) = (1, 0), (1, 1), (2, 1), (2, 2); precision 1, 1/2, 2/3, 1/2 and recall 1/2, 1/2,
    1, 1, reversed, then (1, 0).

    >>> p, r, t = precision_recall_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> [str(x) for x in p], [str(x) for x in r], [float(x) for x in t]
    (['1/2', '2/3', '1/2', '1', '1'], ['1', '1', '1/2', '1/2', '0'], [0.1, 0.35, 0.4, 0.8])
    """
    (tps, fps, cuts), _ = confusion_counts(y_true, y_score, pos_label, sample_weight)
    if flag(drop_intermediate, "drop_intermediate") and len(fps) > 2:
        last = len(tps) - 1
        index = [
            i
            for i in range(len(tps))
            if i in (0, last) or tps[i] != tps[i - 1] or tps[i + 1] != tps[i]
        ]
        tps, fps, cuts = _keep(index, tps), _keep(index, fps), _keep(index, cuts)
    positives = tps[-1]
    precision = tuple(
        Fraction(tp, tp + fp) if tp + fp else Fraction(0) for tp, fp in zip(tps, fps, strict=True)
    )
    if positives == 0:
        one_class(RECALL_ONE, category=UserWarning)
        recall = tuple(Fraction(1) for _ in tps)
    else:
        recall = tuple(Fraction(tp, positives) for tp in tps)
    thresholds = tuple(Fraction(t) for t in reversed(cuts))
    return (*precision[::-1], Fraction(1)), (*recall[::-1], Fraction(0)), thresholds


def det_curve(
    y_true: Any,
    y_score: Any,
    pos_label: Any = None,
    sample_weight: Any = None,
    drop_intermediate: bool = False,
) -> Curves:
    """sklearn 1.9.1 ``det_curve``: (fpr, fnr, thresholds), fpr and fnr exact.

    The counts get a first point (0, 0) at threshold :data:`INF`; ``drop_intermediate`` keeps,
    of each run of equal tps, only its first and last point; then the curve runs from the last
    point with fp = 0 to the first with tp = P, reversed (fpr decreasing, thresholds
    increasing, so :data:`INF` is last when it is kept).  ``y_true`` must hold exactly two
    distinct labels (sklearn's check, made on the labels before weights are applied).

    Hand-derived (sklearn's example): y = [0, 0, 1, 1], scores [0.1, 0.4, 0.35, 0.8]: with
    (0, 0) first, tps = 0, 1, 1, 2, 2 and fps = 0, 0, 1, 1, 2; the last fp = 0 is index 1,
    the first tp = 2 index 3; reversed: fpr 1/2, 1/2, 0 and fnr 0, 1/2, 1/2.

    >>> fpr, fnr, t = det_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> [str(x) for x in fpr], [str(x) for x in fnr], [float(x) for x in t]
    (['1/2', '1/2', '0'], ['0', '1/2', '1/2'], [0.35, 0.4, 0.8])
    """
    (tps, fps, cuts), labels = confusion_counts(y_true, y_score, pos_label, sample_weight)
    tps, fps = (0, *tps), (0, *fps)
    thresholds: tuple[Threshold, ...] = (INF, *(as_float64(t) for t in cuts))
    if flag(drop_intermediate, "drop_intermediate") and len(fps) > 2:
        last = len(tps) - 1
        index = [
            i
            for i in range(len(tps))
            if i in (0, last) or tps[i] != tps[i - 1] or tps[i + 1] != tps[i]
        ]
        tps, fps, thresholds = _keep(index, tps), _keep(index, fps), _keep(index, thresholds)
    if len(set(labels.tolist())) != 2:
        raise InvalidInputError(
            "Only one class is present in y_true. Detection error tradeoff curve is not defined "
            "in that case."
        )
    positives, negatives = tps[-1], fps[-1]
    first = bisect_right(fps, fps[0]) - 1
    stop = bisect_left(tps, positives) + 1
    fpr = _shares(fps[first:stop], negatives)
    fnr = _shares([positives - tp for tp in tps[first:stop]], positives)
    return fpr[::-1], fnr[::-1], thresholds[first:stop][::-1]


def _shares(counts: Sequence[int], total: int) -> tuple[Rate, ...]:
    """count / total; None (numpy's 0/0 nan, warned as numpy warns) when the total is 0."""
    if total == 0:
        one_class("invalid value encountered in divide", stacklevel=4, category=RuntimeWarning)
        return (None,) * len(counts)
    return tuple(Fraction(c, total) for c in counts)
