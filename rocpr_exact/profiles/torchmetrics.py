"""Exact twins of torchmetrics 1.9.0's binary ranking metrics (docs/profiles/torchmetrics.md).

``binary_precision_recall_curve``, ``binary_roc``, ``binary_auroc`` and
``binary_average_precision`` with torchmetrics' parameters, computed on the inputs as torch
holds them (each value exact) and returning the exact value of torchmetrics' formula:
Fractions where torch divides and sums in float32.  torch itself is never imported.

As torch sees the input: ``preds`` from a numpy array or a tensor keeps its float dtype
(float16/32/64); from a Python list it is float32 (``torch.tensor``'s default dtype); integer
preds are refused (torchmetrics raises).  ``target`` holds 0 and 1 (and ``ignore_index``).
Logits: when a pred lies outside [0, 1] after ``ignore_index``, torchmetrics applies
``preds.sigmoid()`` in preds' dtype; the twin does too (:mod:`rocpr_exact.profiles.sigmoid`:
exact up to torch's exp, within 1 ulp, and a ToolRoundingWarning where that could matter).
Refused: NaN, float16 logits, and a class missing where
torchmetrics warns and returns a conventional value (``NoPositivesError`` /
``NoNegativesError``).  ``thresholds``: None (every distinct score), an int n (the float32
grid of ``torch.linspace(0, 1, n)``, :func:`linspace_grid`), a list of Python floats in
[0, 1] (float32) or a 1-D array (its dtype); a binned precision with tp + fp = 0 is torch's
nan, returned as None.

Every torchmetrics function with a twin is importable from this module, as every one is from
``torchmetrics.functional``: the operating-point searches (``binary_recall_at_fixed_precision``
and its kin, :mod:`rocpr_exact.profiles.torchmetrics_fixed`) and the multiclass areas
(``multiclass_auroc``, ``multiclass_average_precision``,
:mod:`rocpr_exact.profiles.torchmetrics_multiclass`) are imported from their modules on first
use.
"""

from __future__ import annotations

from fractions import Fraction
from importlib import import_module
from itertools import pairwise
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np

from rocpr_exact.core.grid import counts_at_thresholds
from rocpr_exact.errors import InvalidInputError, NoNegativesError, NoPositivesError
from rocpr_exact.limits import check_grid_points
from rocpr_exact.profiles.ieee import FLOAT32, exact_values, round_binary
from rocpr_exact.profiles.sigmoid import sigmoid_view

if TYPE_CHECKING:  # the names of the two other modules, for type checkers and editors
    from rocpr_exact.profiles.torchmetrics_fixed import (
        binary_precision_at_fixed_recall,
        binary_recall_at_fixed_precision,
        binary_sensitivity_at_specificity,
        binary_specificity_at_sensitivity,
        multiclass_precision_at_fixed_recall,
        multiclass_recall_at_fixed_precision,
        multiclass_sensitivity_at_specificity,
        multiclass_specificity_at_sensitivity,
    )
    from rocpr_exact.profiles.torchmetrics_multiclass import (
        multiclass_auroc,
        multiclass_average_precision,
    )

#: The twins defined in the other two modules (they import this one): name -> module.
_ELSEWHERE = {
    **dict.fromkeys(
        [
            "binary_precision_at_fixed_recall",
            "binary_recall_at_fixed_precision",
            "binary_sensitivity_at_specificity",
            "binary_specificity_at_sensitivity",
            "multiclass_precision_at_fixed_recall",
            "multiclass_recall_at_fixed_precision",
            "multiclass_sensitivity_at_specificity",
            "multiclass_specificity_at_sensitivity",
        ],
        "rocpr_exact.profiles.torchmetrics_fixed",
    ),
    **dict.fromkeys(
        ["multiclass_auroc", "multiclass_average_precision"],
        "rocpr_exact.profiles.torchmetrics_multiclass",
    ),
}

__all__ = [
    "binary_auroc",
    "binary_average_precision",
    "binary_precision_at_fixed_recall",
    "binary_precision_recall_curve",
    "binary_recall_at_fixed_precision",
    "binary_roc",
    "binary_sensitivity_at_specificity",
    "binary_specificity_at_sensitivity",
    "linspace_grid",
    "multiclass_auroc",
    "multiclass_average_precision",
    "multiclass_precision_at_fixed_recall",
    "multiclass_recall_at_fixed_precision",
    "multiclass_sensitivity_at_specificity",
    "multiclass_specificity_at_sensitivity",
]


def __getattr__(name: str) -> object:
    """A twin of :data:`_ELSEWHERE`, from its module on first use (PEP 562)."""
    module = _ELSEWHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(module), name)


VERSION = "torchmetrics 1.9.0"
Rates: TypeAlias = tuple[Fraction, ...]
Precisions: TypeAlias = tuple[Fraction | None, ...]
#: (scores, labels as 0/1) after ignore_index, and the thresholds (None: unbinned)
Input: TypeAlias = tuple[list[Fraction], list[int], list[Fraction] | None]


def linspace_grid(n: int) -> list[Fraction]:
    """``torch.linspace(0, 1, n)`` in float32, exactly (torch 2.13 CPU kernel).

    step = fl(1 / (n - 1)); index i < n // 2 gives fl(i * step), the others
    fl(1 - (n - 1 - i) * step), each rounded once (the kernel's fused multiply-add).
    Checked against torch 2.13.0 for every n in 2..5000 (AVX512 CPU).

    >>> [str(t) for t in linspace_grid(5)]
    ['0', '1/4', '1/2', '3/4', '1']
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise InvalidInputError(f"the number of thresholds must be an int larger than 1, got {n!r}")
    step = round_binary(Fraction(1, n - 1), FLOAT32)
    half = n // 2
    return [
        round_binary(step * i if i < half else 1 - step * (n - 1 - i), FLOAT32) for i in range(n)
    ]


def is_array(value: Any) -> bool:
    """Whether ``value`` is a numpy array or a torch tensor (which keep their own dtype)."""
    return isinstance(value, np.ndarray) or type(value).__module__.split(".")[0] == "torch"


def read_preds(preds: Any) -> list[Fraction]:
    """``preds`` as torch holds them, exact: a list as float32, an array in its float dtype."""
    array = np.asarray(preds)
    if array.dtype.kind != "f":
        raise InvalidInputError(
            f"preds must hold floats, got dtype {array.dtype}: {VERSION} raises ValueError"
        )
    dtype = str(array.dtype) if is_array(preds) else "float32"
    return exact_values(array.ravel(), dtype, "preds")


def _target(target: Any, ignore_index: int | None) -> list[int]:
    array = np.asarray(target)
    if array.dtype.kind not in "biu":
        raise InvalidInputError(
            f"target must hold integer labels, got dtype {array.dtype}: {VERSION} raises ValueError"
        )
    values = [int(v) for v in array.ravel().tolist()]
    allowed = {0, 1} if ignore_index is None else {0, 1, ignore_index}
    if not set(values) <= allowed:
        raise InvalidInputError(f"target holds {sorted(set(values) - allowed)}; it takes 0 and 1")
    return values


def read_thresholds(thresholds: Any) -> list[Fraction] | None:
    """``thresholds`` as torchmetrics makes them: None, the linspace grid, float32 list, array."""
    if thresholds is None:
        return None
    if isinstance(thresholds, int) and not isinstance(thresholds, bool):
        if thresholds < 2:
            raise InvalidInputError(f"thresholds must be an int larger than 1, got {thresholds}")
        if thresholds > 2**24:
            raise InvalidInputError(f"thresholds={thresholds} is past 2**24 (not modelled)")
        check_grid_points(
            thresholds,
            f"torchmetrics' thresholds: {thresholds:,} grid points, which",
            "fewer thresholds are faster; ",
        )
        return linspace_grid(thresholds)
    if isinstance(thresholds, list):
        if not all(isinstance(t, float) and 0 <= t <= 1 for t in thresholds):
            raise InvalidInputError("thresholds as a list must hold floats in [0, 1]")
        return exact_values(thresholds, "float32", "thresholds")
    if is_array(thresholds) and np.asarray(thresholds).ndim == 1:
        array = np.asarray(thresholds)
        if array.dtype.kind != "f":
            raise InvalidInputError("thresholds as an array must hold floats")
        return exact_values(array, str(array.dtype), "thresholds")
    raise InvalidInputError("thresholds must be None, an int, a list of floats or a 1-D array")


def read_binary(
    preds: Any, target: Any, thresholds: Any, ignore_index: Any, shown: bool = False
) -> Input:
    """(scores, labels, thresholds) after ``ignore_index`` and the sigmoid of logits.

    ``shown``: the scores are returned (an unbinned curve's thresholds), see
    :func:`~rocpr_exact.profiles.sigmoid.sigmoid_view`.
    """
    if ignore_index is not None and (
        not isinstance(ignore_index, int) or isinstance(ignore_index, bool)
    ):
        raise InvalidInputError(f"ignore_index must be None or an int, got {ignore_index!r}")
    if np.shape(preds) != np.shape(target):
        raise InvalidInputError(
            f"preds and target must have the same shape, got {np.shape(preds)} and "
            f"{np.shape(target)}"
        )
    cuts = read_thresholds(thresholds)
    scores, labels = read_preds(preds), _target(target, ignore_index)
    kept = [(s, y) for s, y in zip(scores, labels, strict=True) if y != ignore_index]
    if not kept:
        raise InvalidInputError("no example left after ignore_index")
    scores = [s for s, _ in kept]
    if any(not 0 <= s <= 1 for s in scores):  # logits: torchmetrics applies preds.sigmoid()
        dtype = str(np.asarray(preds).dtype) if is_array(preds) else "float32"
        scores = sigmoid_view(scores, dtype, cuts, shown, VERSION)
    return scores, [y for _, y in kept], cuts


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


def _classes(labels: list[int], need_negatives: bool, function: str) -> tuple[int, int]:
    positives = sum(labels)
    negatives = len(labels) - positives
    if positives == 0:
        raise NoPositivesError(f"{function} needs a positive example: {VERSION} warns or gives 0")
    if need_negatives and negatives == 0:
        raise NoNegativesError(f"{function} needs a negative example: {VERSION} warns or gives 0")
    return positives, negatives


def pr_curve(data: Input) -> tuple[Precisions, Rates, Rates]:
    """``_binary_precision_recall_curve_compute`` on read input (see the public twin)."""
    scores, labels, cuts = data
    positives, _ = _classes(labels, False, "binary_precision_recall_curve")
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


def binary_precision_recall_curve(
    preds: Any, target: Any, thresholds: Any = None, ignore_index: int | None = None
) -> tuple[Precisions, Rates, Rates]:
    """(precision, recall, thresholds) as torchmetrics returns them, exact.

    Unbinned: thresholds increasing (each distinct score), precision tp / (tp + fp) and
    recall tp / P there, then the point (1, 0).  Binned: the given thresholds in their
    order, ``preds >= t``; a precision with tp + fp = 0 is None (torch's nan).

    >>> p, r, t = binary_precision_recall_curve([0, 0.5, 0.7, 0.8], [0, 1, 1, 0])
    >>> [str(x) for x in p], [str(x) for x in r]
    (['1/2', '2/3', '1/2', '0', '1'], ['1', '1', '1/2', '0', '0'])
    >>> binary_precision_recall_curve([0, 0.5, 0.7, 0.8], [0, 1, 1, 0], thresholds=5)[0][4] is None
    True
    """
    return pr_curve(read_binary(preds, target, thresholds, ignore_index, thresholds is None))


def roc_curve(data: Input) -> tuple[Rates, Rates, Rates]:
    """``_binary_roc_compute`` on read input (see the public twin)."""
    scores, labels, cuts = data
    positives, negatives = _classes(labels, True, "binary_roc")
    if cuts is None:
        fps, tps, kept = _clf_curve(scores, labels)
        fps, tps, out = [0, *fps], [0, *tps], (Fraction(1), *kept)
    else:
        fps, tps = _binned(data)
        fps, tps, out = fps[::-1], tps[::-1], tuple(cuts[::-1])
    fpr = tuple(Fraction(fp, negatives) for fp in fps)
    tpr = tuple(Fraction(tp, positives) for tp in tps)
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
        raise InvalidInputError(f"max_fpr {m} is not below the last fpr: torch raises IndexError")
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

    A binned nan precision counts 0 (torchmetrics' ``torch.where(isnan, 0, ...)``).  Unbinned
    it is sklearn's average precision; binned, the sum runs over the grid, so ties with a
    threshold and empty bins change it.

    >>> binary_average_precision([0, 0.5, 0.7, 0.8], [0, 1, 1, 0])
    Fraction(7, 12)
    """
    precision, recall, _ = pr_curve(read_binary(preds, target, thresholds, ignore_index))
    heights = [p if p is not None else Fraction(0) for p in precision]
    steps = range(len(recall) - 1)
    return -sum(((recall[i + 1] - recall[i]) * heights[i] for i in steps), Fraction(0))
