"""Exact twins of torchmetrics 1.9.0's operating-point searches (docs/profiles/torchmetrics.md).

``binary_recall_at_fixed_precision``, ``binary_precision_at_fixed_recall``,
``binary_specificity_at_sensitivity`` and ``binary_sensitivity_at_specificity``: the best
point of torchmetrics' PR or ROC curve (:mod:`rocpr_exact.profiles.torchmetrics`, inputs read
as torch holds them) among those meeting a minimum, chosen as torchmetrics chooses it.

torchmetrics decides on its float32 rates: which points qualify (``rate >= minimum``, the
minimum a Python float that torch compares in the rate's dtype) and which is best (a maximum,
ties broken as below).  Each of those rates is one correctly rounded float32 operation on exact
counts, so the twin rounds it exactly (:func:`~rocpr_exact.profiles.ieee.round_binary`) to
decide, and picks the point torchmetrics picks; it returns that point's exact rate and its
threshold (the exact float value torch holds).  torch is never imported.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, TypeAlias

import numpy as np

from rocpr_exact.core.grid import counts_at_thresholds
from rocpr_exact.errors import InvalidInputError, NoNegativesError, NoPositivesError, ToolIndexError
from rocpr_exact.profiles.ieee import FLOAT32, FLOAT64, round_binary
from rocpr_exact.profiles.torchmetrics.binary import pr_curve
from rocpr_exact.profiles.torchmetrics.multiclass import Columns, class_input, read_multiclass
from rocpr_exact.profiles.torchmetrics.view import VERSION, Input, is_array, read_binary

__all__ = [
    "binary_precision_at_fixed_recall",
    "binary_recall_at_fixed_precision",
    "binary_sensitivity_at_specificity",
    "binary_specificity_at_sensitivity",
    "multiclass_precision_at_fixed_recall",
    "multiclass_recall_at_fixed_precision",
    "multiclass_sensitivity_at_specificity",
    "multiclass_specificity_at_sensitivity",
]

#: (the exact rate, the threshold; None where torch returns nan)
Found: TypeAlias = tuple[Fraction | None, Fraction | None]
#: one (rate, threshold) per class, as two tuples (torchmetrics stacks them into two tensors)
PerClass: TypeAlias = tuple[tuple[Fraction | None, ...], tuple[Fraction | None, ...]]
#: torchmetrics' threshold when no point of the ROC curve qualifies
NOT_FOUND = Fraction(1_000_000)


def _fl32(x: Fraction) -> Fraction:
    """A rate as torch holds it: the exact value rounded once to float32."""
    return round_binary(x, FLOAT32)


def _minimum(value: Any, name: str) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, float | int) or not 0 <= value <= 1:
        raise InvalidInputError(f"{name} must be a float in [0, 1], got {value!r}")
    return Fraction(value)


def _read(
    preds: Any, target: Any, thresholds: Any, ignore_index: Any, function: str, roc: bool
) -> Input:
    data = read_binary(preds, target, thresholds, ignore_index, thresholds is None)
    positives = sum(data[1])
    if positives == 0:
        raise NoPositivesError(f"{function} needs a positive example: {VERSION} warns")
    if roc and positives == len(data[1]):
        raise NoNegativesError(f"{function} needs a negative example: {VERSION} warns")
    return data


def _holds_float64(preds: Any, thresholds: Any) -> bool:
    """Whether torch's thresholds are float64: float64 preds unbinned, a float64 array binned."""
    given = preds if thresholds is None else thresholds
    return is_array(given) and np.asarray(given).dtype == np.float64


def _recall_search(data: Input, bar: Fraction) -> Found:
    """``_recall_at_precision`` on the PR curve of ``data`` (positives needed)."""
    precision, recall, cuts = pr_curve(data)
    best: tuple[Fraction, Fraction, Fraction] | None = None
    found: Found = (Fraction(0), None)
    for p, r, t in zip(precision, recall, cuts, strict=False):  # drops the last point (1, 0)
        if p is None or _fl32(p) < bar:
            continue
        key = (_fl32(r), _fl32(p), t)
        if best is None or key > best:
            best, found = key, (r, t)
    return found if found[0] else (Fraction(0), None)


def binary_recall_at_fixed_precision(
    preds: Any,
    target: Any,
    min_precision: float,
    thresholds: Any = None,
    ignore_index: int | None = None,
) -> Found:
    """(recall, threshold): the highest recall of a PR point with precision >= min_precision.

    On :func:`~rocpr_exact.profiles.torchmetrics.binary_precision_recall_curve` without its
    last point (1, 0): the points with fl(precision) >= fl(min_precision) (a nan precision
    never qualifies), the lexicographic maximum of (recall, precision, threshold) (torchmetrics'
    ``_lexargmax``).  fl is float32, float64 when the thresholds are float64 (torch stacks the
    three into one tensor).  No point qualifies, or the best recall is 0: (0, None), torch's
    (0, nan).

    >>> binary_recall_at_fixed_precision([0, 0.5, 0.7, 0.8], [0, 1, 1, 0], min_precision=0.5)
    (Fraction(1, 1), Fraction(1, 2))

    Raises InvalidInputError (as the curve), NoPositivesError.  O(n log n).
    """
    floor = _minimum(min_precision, "min_precision")
    data = _read(preds, target, thresholds, ignore_index, "binary_recall_at_fixed_precision", False)
    wide = _holds_float64(preds, thresholds)
    return _recall_search(data, round_binary(floor, FLOAT64 if wide else FLOAT32))


def _greater(a: tuple[Fraction | None, ...], b: tuple[Fraction | None, ...]) -> bool:
    """Python's ``a > b`` on tuples of float tensors, None standing for nan."""
    for x, y in zip(a, b, strict=True):
        if x is None or y is None:  # nan == y is False, and nan > y is False
            return False
        if x != y:
            return x > y
    return False


def _precision_search(data: Input, bar: Fraction) -> Found:
    """``_precision_at_recall`` on the PR curve of ``data`` (positives needed)."""
    precision, recall, cuts = pr_curve(data)
    best: tuple[Fraction | None, ...] | None = None
    found: Found = (Fraction(0), None)
    for p, r, t in zip(precision, recall, cuts, strict=False):  # drops the last point (1, 0)
        if _fl32(r) < bar:
            continue
        item = (None if p is None else _fl32(p), _fl32(r), t)
        if best is None or _greater(item, best):
            best, found = item, (p, t)
    return (Fraction(0), None) if found[0] == 0 else found


def binary_precision_at_fixed_recall(
    preds: Any,
    target: Any,
    min_recall: float,
    thresholds: Any = None,
    ignore_index: int | None = None,
) -> Found:
    """(precision, threshold): the highest precision of a PR point with recall >= min_recall.

    torchmetrics' ``max((p, r, t) for p, r, t in zip(precision, recall, thresholds) if r >=
    min_recall)`` on the PR curve without its last point, on float32 values: the first
    lexicographic maximum of (precision, recall, threshold) in curve order, where a binned nan
    precision (None) compares neither equal nor greater (so a first qualifying nan stays the
    maximum: (None, its threshold)).  No point qualifies, or the best precision is 0: (0, None).

    >>> binary_precision_at_fixed_recall([0, 0.5, 0.7, 0.8], [0, 1, 1, 0], min_recall=0.5)
    (Fraction(2, 3), Fraction(1, 2))

    Raises InvalidInputError (as the curve), NoPositivesError.  O(n log n).
    """
    bar = _fl32(_minimum(min_recall, "min_recall"))
    data = _read(preds, target, thresholds, ignore_index, "binary_precision_at_fixed_recall", False)
    return _precision_search(data, bar)


def _roc_rates(data: Input) -> tuple[list[Fraction], list[Fraction], list[Fraction]]:
    """``_binary_roc_compute``: (fpr, tpr, thresholds), a rate 0 where its class is absent."""
    scores, labels, cuts = data
    positives = sum(labels)
    negatives = len(labels) - positives
    if cuts is None:  # (0, 0) at threshold 1, then every distinct score, decreasing
        order = sorted(set(scores), reverse=True)
        tps, fps = counts_at_thresholds(scores, labels, order, inclusive=True)
        tps, fps, order = (0, *tps), (0, *fps), [Fraction(1), *order]
    else:  # the thresholds reversed
        order = cuts[::-1]
        tps, fps = counts_at_thresholds(scores, labels, order, inclusive=True)
    fpr = [Fraction(fp, negatives) if negatives else Fraction(0) for fp in fps]
    tpr = [Fraction(tp, positives) if positives else Fraction(0) for tp in tps]
    return fpr, tpr, order


def _first_best(values: list[Fraction], keep: list[bool]) -> int | None:
    """``torch.argmax`` over the kept values: the first index of the largest."""
    best = None
    for i, (value, kept) in enumerate(zip(values, keep, strict=True)):
        if kept and (best is None or value > values[best]):
            best = i
    return best


def _specificity_search(data: Input, floor: Fraction, wide: bool) -> tuple[Fraction, Fraction]:
    """torch compares tpr >= minimum in tpr's dtype: float32, but float64 zeros (zeros_like of
    float64 thresholds, ``wide``) where the class is absent unbinned: 0 >= 2**-200 there."""
    fpr, tpr, cuts = _roc_rates(data)
    bar = round_binary(floor, FLOAT64 if wide and data[2] is None and not any(data[1]) else FLOAT32)
    specificity = [_fl32(1 - _fl32(x)) for x in fpr]
    best = _first_best(specificity, [_fl32(y) >= bar for y in tpr])
    return (Fraction(0), NOT_FOUND) if best is None else (1 - fpr[best], cuts[best])


def _sensitivity_search(data: Input, bar: Fraction) -> tuple[Fraction, Fraction]:
    fpr, tpr, cuts = _roc_rates(data)
    keep = [_fl32(1 - _fl32(x)) >= bar for x in fpr]
    best = _first_best([_fl32(y) for y in tpr], keep)
    return (Fraction(0), NOT_FOUND) if best is None else (tpr[best], cuts[best])


def binary_specificity_at_sensitivity(
    preds: Any,
    target: Any,
    min_sensitivity: float,
    thresholds: Any = None,
    ignore_index: int | None = None,
) -> tuple[Fraction, Fraction]:
    """(specificity, threshold): the highest 1 - fpr of a ROC point with tpr >= min_sensitivity.

    On :func:`~rocpr_exact.profiles.torchmetrics.binary_roc` (every point, threshold 1 first
    unbinned): the points with fl32(tpr) >= fl32(min_sensitivity), the first (in curve order)
    of the largest fl32(1 - fl32(fpr)) (``torch.argmax``).  None qualifies: (0, 1000000),
    torchmetrics' values.

    >>> binary_specificity_at_sensitivity([0, 0.5, 0.7, 0.8], [0, 1, 1, 0], min_sensitivity=0.5)
    (Fraction(1, 2), Fraction(11744051, 16777216))

    (the threshold is float32 0.7.)  Raises InvalidInputError (as the curve),
    NoPositivesError, NoNegativesError.  O(n log n).
    """
    minimum = _minimum(min_sensitivity, "min_sensitivity")
    data = _read(preds, target, thresholds, ignore_index, "binary_specificity_at_sensitivity", True)
    return _specificity_search(data, minimum, False)


def binary_sensitivity_at_specificity(
    preds: Any,
    target: Any,
    min_specificity: float,
    thresholds: Any = None,
    ignore_index: int | None = None,
) -> tuple[Fraction, Fraction]:
    """(sensitivity, threshold): the highest tpr of a ROC point with 1 - fpr >= min_specificity.

    On :func:`~rocpr_exact.profiles.torchmetrics.binary_roc`: the points with
    fl32(1 - fl32(fpr)) >= fl32(min_specificity), the first (in curve order) of the largest
    fl32(tpr) (``torch.argmax``).  None qualifies: (0, 1000000), torchmetrics' values.

    >>> binary_sensitivity_at_specificity([0, 0.5, 0.7, 0.8], [0, 1, 1, 0], min_specificity=0.5)
    (Fraction(1, 1), Fraction(1, 2))

    Raises InvalidInputError (as the curve), NoPositivesError, NoNegativesError.  O(n log n).
    """
    bar = _fl32(_minimum(min_specificity, "min_specificity"))
    data = _read(preds, target, thresholds, ignore_index, "binary_sensitivity_at_specificity", True)
    return _sensitivity_search(data, bar)


def _stack(found: list[Any]) -> PerClass:
    return tuple(f[0] for f in found), tuple(f[1] for f in found)


def multiclass_recall_at_fixed_precision(
    preds: Any,
    target: Any,
    num_classes: int,
    min_precision: float,
    thresholds: Any = None,
    ignore_index: int | None = None,
) -> PerClass:
    """Per class (one-vs-rest), :func:`binary_recall_at_fixed_precision`: (recalls, thresholds).

    Input as :func:`~rocpr_exact.profiles.torchmetrics.multiclass.multiclass_auroc` reads it.
    A class absent from target: (0, None) (its precisions are 0 or nan); with
    ``min_precision`` 0 see :func:`_pr_classes` (refused where torchmetrics fails).

    Class 0 (positives 0.7, 0.2): precision 1 at 0.7 (recall 1/2); class 1 (positive 0.6)
    never reaches precision 0.9.

    >>> preds, target = [[0.7, 0.3], [0.4, 0.6], [0.2, 0.8]], [0, 1, 0]
    >>> values, cuts = multiclass_recall_at_fixed_precision(preds, target, 2, 0.9)
    >>> [str(v) for v in values], [float(t) if t is not None else None for t in cuts]
    (['1/2', '0'], [0.699999988079071, None])

    Raises InvalidInputError (as the multiclass twins).  O(C n log n).
    """
    floor = _minimum(min_precision, "min_precision")
    columns = read_multiclass(preds, target, num_classes, thresholds, ignore_index)
    bar = round_binary(floor, FLOAT64 if _holds_float64(preds, thresholds) else FLOAT32)
    return _pr_classes(columns, bar, True)


def _pr_classes(columns: Columns, bar: Fraction, recall: bool) -> PerClass:
    """Each class's recall (or precision) search, with torchmetrics' absent-class values.

    An absent class's precisions are 0 or nan: (0, None), but for the recall search at
    ``bar`` 0, where its recalls are nan and ``_lexargmax`` fails (refused), unless binned
    with no score reaching a threshold (no point: (0, None)).  Unbinned with every target 0,
    torchmetrics sets every recall to 1: class 0 (precision 1) gives (1, its highest score),
    and so do the absent classes in the recall search at ``bar`` 0.
    """
    found: list[Found] = []
    for c in range(len(columns[0])):
        data, positives = class_input(columns, c)
        scores, _, cuts = data
        if cuts is None and not any(columns[1]) and (c == 0 or (recall and bar == 0)):
            found.append((Fraction(1), max(scores)))
        elif positives:
            found.append(_recall_search(data, bar) if recall else _precision_search(data, bar))
        elif recall and bar == 0 and not (cuts and all(t > max(scores) for t in cuts)):
            raise ToolIndexError(f"class {c} is absent and min_precision is 0: {VERSION} fails")
        else:
            found.append((Fraction(0), None))
    return _stack(found)


def multiclass_precision_at_fixed_recall(
    preds: Any,
    target: Any,
    num_classes: int,
    min_recall: float,
    thresholds: Any = None,
    ignore_index: int | None = None,
) -> PerClass:
    """Per class, :func:`binary_precision_at_fixed_recall`: (precisions, thresholds).

    A class absent from target: (0, None), as torchmetrics (its recall is nan, or 1 with
    precision 0 when every target is 0; :func:`_pr_classes`).

    Class 0: recall 1 only at 0.2 (precision 2/3); class 1: at 0.6 and below, best 1/2.

    >>> preds, target = [[0.7, 0.3], [0.4, 0.6], [0.2, 0.8]], [0, 1, 0]
    >>> values, cuts = multiclass_precision_at_fixed_recall(preds, target, 2, 0.9)
    >>> [str(v) for v in values], [float(t) for t in cuts]
    (['2/3', '1/2'], [0.20000000298023224, 0.6000000238418579])

    Raises InvalidInputError (as the multiclass twins).  O(C n log n).
    """
    bar = _fl32(_minimum(min_recall, "min_recall"))
    return _pr_classes(
        read_multiclass(preds, target, num_classes, thresholds, ignore_index), bar, False
    )


def multiclass_specificity_at_sensitivity(
    preds: Any,
    target: Any,
    num_classes: int,
    min_sensitivity: float,
    thresholds: Any = None,
    ignore_index: int | None = None,
) -> PerClass:
    """Per class, :func:`binary_specificity_at_sensitivity`: (specificities, thresholds).

    A class absent from target has tpr 0 everywhere, a class that is every example fpr 0
    (torchmetrics' values, with a warning); the search runs on those rates (an absent class's
    zeros are float64 for unbinned float64 preds: :func:`_specificity_search`).

    Class 0: tpr 1 only at 0.2 (fpr 1); class 1: tpr 1 at 0.6 (fpr 1/2).

    >>> preds, target = [[0.7, 0.3], [0.4, 0.6], [0.2, 0.8]], [0, 1, 0]
    >>> values, cuts = multiclass_specificity_at_sensitivity(preds, target, 2, 0.9)
    >>> [str(v) for v in values]
    ['0', '1/2']

    Raises InvalidInputError (as the multiclass twins).  O(C n log n).
    """
    minimum = _minimum(min_sensitivity, "min_sensitivity")
    columns = read_multiclass(preds, target, num_classes, thresholds, ignore_index)
    wide = _holds_float64(preds, thresholds)
    inputs = [class_input(columns, c)[0] for c in range(num_classes)]
    return _stack([_specificity_search(data, minimum, wide) for data in inputs])


def multiclass_sensitivity_at_specificity(
    preds: Any,
    target: Any,
    num_classes: int,
    min_specificity: float,
    thresholds: Any = None,
    ignore_index: int | None = None,
) -> PerClass:
    """Per class, :func:`binary_sensitivity_at_specificity`: (sensitivities, thresholds).

    Absent classes as in :func:`multiclass_specificity_at_sensitivity`.

    Class 0: fpr 0 down to 0.7 (tpr 1/2); class 1: fpr 0 only at threshold 1 (tpr 0).

    >>> preds, target = [[0.7, 0.3], [0.4, 0.6], [0.2, 0.8]], [0, 1, 0]
    >>> values, cuts = multiclass_sensitivity_at_specificity(preds, target, 2, 0.9)
    >>> [str(v) for v in values]
    ['1/2', '0']

    Raises InvalidInputError (as the multiclass twins).  O(C n log n).
    """
    bar = _fl32(_minimum(min_specificity, "min_specificity"))
    columns = read_multiclass(preds, target, num_classes, thresholds, ignore_index)
    return _stack(
        [_sensitivity_search(class_input(columns, c)[0], bar) for c in range(num_classes)]
    )
