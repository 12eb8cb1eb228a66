"""Exact twins of torchmetrics 1.9.0's binary curves and areas (see the package's docstring).

``binary_precision_recall_curve``, ``binary_roc``, ``binary_auroc`` and
``binary_average_precision`` on :mod:`rocpr_exact.profiles.torchmetrics.view`'s view of the
input, and the metric table; the curves (:func:`pr_curve`, :func:`roc_curve`) and
:func:`trapezoid` are shared with the multiclass areas and the searches.
"""

from __future__ import annotations

import warnings
from fractions import Fraction
from itertools import pairwise
from typing import Any

import numpy as np

from rocpr_exact.core.grid import counts_at_thresholds
from rocpr_exact.errors import (
    InvalidInputError,
    NoPositivesError,
    OneClassWarning,
    ToolIndexError,
)
from rocpr_exact.profiles.examples import twin_metric
from rocpr_exact.profiles.ieee import double_seen
from rocpr_exact.profiles.model import ToolMetrics
from rocpr_exact.profiles.torchmetrics.view import (
    VERSION,
    Input,
    Precisions,
    Rates,
    read_binary,
)

__all__ = [
    "binary_auroc",
    "binary_average_precision",
    "binary_precision_recall_curve",
    "binary_roc",
]


def _clf_curve(scores: list[Fraction], labels: list[int]) -> tuple[list[int], list[int], Rates]:
    """``_binary_clf_curve``: fps, tps at each distinct score, strict to loose."""
    groups: dict[Fraction, list[int]] = {}
    for s, y in zip(scores, labels, strict=True):
        groups.setdefault(s, [0, 0])[y] += 1
    fps, tps, cuts, fp, tp = [], [], [], 0, 0
    for s in sorted(groups, reverse=True):
        fp, tp = fp + groups[s][0], tp + groups[s][1]
        fps.append(fp)
        tps.append(tp)
        cuts.append(s)
    return fps, tps, tuple(cuts)


def _binned(data: Input) -> tuple[list[int], list[int]]:
    """fps, tps at each given threshold (``preds >= threshold``), in the given order."""
    scores, labels, cuts = data
    assert cuts is not None
    tps, fps = counts_at_thresholds(scores, labels, cuts, inclusive=True)
    return [int(v) for v in fps], [int(v) for v in tps]


def _one_class(message: str) -> None:
    """torchmetrics' ``rank_zero_warn`` for a missing class, as :class:`OneClassWarning`."""
    warnings.warn(f"{VERSION}: {message}", OneClassWarning, stacklevel=4)


def _positives(labels: list[int], function: str) -> int:
    positives = sum(labels)
    if positives == 0:
        raise NoPositivesError(f"{function} needs a positive example: {VERSION} warns or gives 0")
    return positives


def pr_curve(data: Input) -> tuple[Precisions, Rates, Rates]:
    """``_binary_precision_recall_curve_compute`` on read input with a positive example."""
    scores, labels, cuts = data
    positives = _positives(labels, "binary_precision_recall_curve")
    if cuts is None:
        fps, tps, kept = _clf_curve(scores, labels)
        precision = [Fraction(tp, tp + fp) for tp, fp in zip(tps, fps, strict=True)]
        recall = [Fraction(tp, positives) for tp in tps]
        return (
            (*precision[::-1], Fraction(1)),
            (*recall[::-1], Fraction(0)),
            kept[::-1],
        )
    fps, tps = _binned(data)
    binned = tuple(
        Fraction(tp, tp + fp) if tp + fp else None for tp, fp in zip(tps, fps, strict=True)
    )
    return (
        (*binned, Fraction(1)),
        (*(Fraction(tp, positives) for tp in tps), Fraction(0)),
        tuple(cuts),
    )


def any_pr_curve(data: Input) -> tuple[Precisions, Precisions, Rates]:
    """:func:`pr_curve`, and torchmetrics' curve when target holds no 1.

    Then precision is 0 (or nan, None, for an empty bin); recall is 1 at every distinct score
    with torchmetrics' warning, or nan (0/0, None) at every threshold when binned, no warning.
    """
    scores, labels, cuts = data
    if any(labels):
        return pr_curve(data)
    if cuts is None:
        _one_class(
            "No positive samples found in target, recall is undefined. "
            "Setting recall to one for all thresholds."
        )
        kept = tuple(sorted(set(scores)))
        return (
            (*(Fraction(0) for _ in kept), Fraction(1)),
            (*(Fraction(1) for _ in kept), Fraction(0)),
            kept,
        )
    fps, _ = _binned(data)
    precision = (*(Fraction(0) if fp else None for fp in fps), Fraction(1))
    return precision, (*(None for _ in fps), Fraction(0)), tuple(cuts)


def binary_precision_recall_curve(
    preds: Any, target: Any, thresholds: Any = None, ignore_index: int | None = None
) -> tuple[Precisions, Precisions, Rates]:
    """(precision, recall, thresholds) as torchmetrics returns them, exact.

    Unbinned: thresholds increasing (each distinct score), precision tp / (tp + fp) and
    recall tp / P there, then the point (1, 0).  Binned: the given thresholds in their
    order, ``preds >= t``; a precision with tp + fp = 0 is None (torch's nan).  No positive
    example: :func:`any_pr_curve` (a value and, unbinned, an OneClassWarning).

    >>> p, r, t = binary_precision_recall_curve([0, 0.5, 0.7, 0.8], [0, 1, 1, 0])
    >>> [str(x) for x in p], [str(x) for x in r]
    (['1/2', '2/3', '1/2', '0', '1'], ['1', '1', '1/2', '0', '0'])
    >>> binary_precision_recall_curve([0, 0.5, 0.7, 0.8], [0, 1, 1, 0], thresholds=5)[0][4] is None
    True
    """
    return any_pr_curve(read_binary(preds, target, thresholds, ignore_index, thresholds is None))


def _rates(counts: list[int], total: int, unbinned: bool, message: str) -> Rates:
    """count / total; torchmetrics' zeros when total is 0 (warned unbinned, ``_safe_divide``)."""
    if total:
        return tuple(Fraction(c, total) for c in counts)
    if unbinned:
        _one_class(message)
    return tuple(Fraction(0) for _ in counts)


def roc_curve(data: Input) -> tuple[Rates, Rates, Rates]:
    """``_binary_roc_compute`` on read input (see the public twin)."""
    scores, labels, cuts = data
    positives = sum(labels)
    if cuts is None:
        fps, tps, kept = _clf_curve(scores, labels)
        fps, tps, out = [0, *fps], [0, *tps], (Fraction(1), *kept)
    else:
        fps, tps = _binned(data)
        fps, tps, out = fps[::-1], tps[::-1], tuple(cuts[::-1])
    tail = " should be meaningless. Returning zero tensor in {} score"
    fpr = _rates(
        fps,
        len(labels) - positives,
        cuts is None,
        "No negative samples in targets, false positive value" + tail.format("false positive"),
    )
    tpr = _rates(
        tps,
        positives,
        cuts is None,
        "No positive samples in targets, true positive value" + tail.format("true positive"),
    )
    return fpr, tpr, out


def binary_roc(
    preds: Any, target: Any, thresholds: Any = None, ignore_index: int | None = None
) -> tuple[Rates, Rates, Rates]:
    """(fpr, tpr, thresholds) as torchmetrics returns them, exact.

    Unbinned: (0, 0) at threshold 1 first (torchmetrics prepends ``torch.ones``), then each
    distinct score, decreasing; no point is dropped.  Binned: the thresholds reversed.

    >>> fpr, tpr, t = binary_roc([0, 0.5, 0.7, 0.8], [0, 1, 1, 0])
    >>> [str(x) for x in fpr], [str(x) for x in tpr], str(t[0])
    (['0', '1/2', '1/2', '1/2', '1'], ['0', '0', '1/2', '1', '1'], '1')
    """
    return roc_curve(read_binary(preds, target, thresholds, ignore_index, thresholds is None))


def trapezoid(x: Rates, y: Rates) -> Fraction:
    """``torch.trapz(y, x)``, exact: sum of (x[i+1] - x[i]) (y[i+1] + y[i]) / 2."""
    pairs = range(len(x) - 1)
    return sum(((x[i + 1] - x[i]) * (y[i + 1] + y[i]) / 2 for i in pairs), Fraction(0))


def _max_fpr(max_fpr: Any) -> Fraction | None:
    if max_fpr is None:
        return None
    if not isinstance(max_fpr, float) or not 0 < max_fpr <= 1:
        raise InvalidInputError(f"max_fpr must be a float in (0, 1], got {max_fpr!r}")
    if max_fpr == 1:
        return None
    m = Fraction(np.float32(max_fpr).item())
    if m == 0:  # torchmetrics divides by max_fpr - max_fpr**2 / 2 in float32: 0/0
        raise InvalidInputError(
            f"max_fpr {max_fpr!r} is 0 as a float32, where torchmetrics computes: it gives nan"
        )
    return m


def binary_auroc(
    preds: Any,
    target: Any,
    max_fpr: float | None = None,
    thresholds: Any = None,
    ignore_index: int | None = None,
) -> Fraction:
    """torchmetrics' ``binary_auroc``: ``torch.trapz(tpr, fpr)`` over :func:`binary_roc`, exact.

    ``max_fpr`` (a float; m = its float32 value): the curve cut at m (the points with
    fpr <= m, then m with tpr linearly interpolated; none when binned fpr starts above m, so
    A = 0), its trapezoid area A, and McClish's
    (1 + (A - m**2/2) / (m - m**2/2)) / 2.  Unless sum(fpr) or sum(tpr) is 0: then the full
    area, as torchmetrics does.

    >>> binary_auroc([0, 0.5, 0.7, 0.8], [0, 1, 1, 0])
    Fraction(1, 2)
    """
    m = _max_fpr(max_fpr)
    data = read_binary(preds, target, thresholds, ignore_index)
    fpr, tpr, _ = roc_curve(data)
    if m is None or sum(fpr) == 0 or sum(tpr) == 0:
        return trapezoid(fpr, tpr)
    if any(b < a for a, b in pairwise(fpr)):
        raise InvalidInputError("max_fpr needs increasing thresholds (torch.bucketize on fpr)")
    stop = sum(1 for x in fpr if x <= m)
    if stop == len(fpr):
        raise ToolIndexError(f"max_fpr {m} is not below the last fpr: torch raises IndexError")
    area = Fraction(0)  # stop = 0 (binned fpr above m): one point, whatever torch's fpr[-1]
    if stop:
        weight = (m - fpr[stop - 1]) / (fpr[stop] - fpr[stop - 1])
        cut = tpr[stop - 1] + weight * (tpr[stop] - tpr[stop - 1])
        area = trapezoid((*fpr[:stop], m), (*tpr[:stop], cut))
    least = m * m / 2
    return (1 + (area - least) / (m - least)) / 2


def binary_average_precision(
    preds: Any, target: Any, thresholds: Any = None, ignore_index: int | None = None
) -> Fraction:
    """``-sum((recall[1:] - recall[:-1]) * precision[:-1])`` on torchmetrics' PR curve, exact.

    A binned nan precision or recall counts 0 (torchmetrics' ``torch.where(isnan, 0, ...)``);
    no positive example gives 0 (:func:`any_pr_curve`).  Unbinned
    it is sklearn's average precision; binned, the sum runs over the grid, so ties with a
    threshold and empty bins change it.

    >>> binary_average_precision([0, 0.5, 0.7, 0.8], [0, 1, 1, 0])
    Fraction(7, 12)
    """
    precision, recall, _ = any_pr_curve(read_binary(preds, target, thresholds, ignore_index))
    heights = [p if p is not None else Fraction(0) for p in precision]
    widths = [r if r is not None else Fraction(0) for r in recall]
    steps = range(len(widths) - 1)
    return -sum(((widths[i + 1] - widths[i]) * heights[i] for i in steps), Fraction(0))


# -- the metric table (report --profile torchmetrics, compute_metric("torchmetrics.<metric>")) -


#: torchmetrics 1.9's unbinned binary areas of a curve, each the twin called on the curve's
#: examples as a list of Python floats (``torch.tensor`` makes them float32; logits go through
#: the sigmoid) (docs/profiles/torchmetrics.md, "The metric table").
CURVE_METRICS = ToolMetrics(
    "torchmetrics",
    double_seen,
    {
        "binary_auroc": twin_metric(
            "torchmetrics",
            binary_auroc,
            both="torchmetrics binary_auroc (which returns 0 here, with a warning)",
        ),
        "binary_average_precision": twin_metric(
            "torchmetrics",
            binary_average_precision,
            positives="torchmetrics binary_average_precision (which returns 0 here, warned)",
        ),
    },
    description=(
        "torchmetrics 1.9: binary_auroc and binary_average_precision, unbinned, of the scores as "
        "a list of Python floats (float32 in torch; logits through the sigmoid)."
    ),
)
