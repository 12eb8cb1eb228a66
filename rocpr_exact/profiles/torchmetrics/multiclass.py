"""Exact twins of torchmetrics 1.9.0's multiclass AUROC and AP (docs/profiles/torchmetrics.md).

``multiclass_auroc`` and ``multiclass_average_precision``: one-vs-rest, class c's binary
curve on column c of ``preds`` with target == c as the positives
(:mod:`rocpr_exact.profiles.torchmetrics`), then torchmetrics' average.  Inputs as torch holds
them: ``preds`` of shape (N, C, ...) (a list: float32; an array: its float dtype),
``target`` (N, ...) of class indices, extra dimensions flattened into examples.  torch is
never imported.

A class absent from ``target`` (after ``ignore_index``) gets torchmetrics' value, with no
error (torchmetrics warns): AUROC 0 (its tpr is all zeros), and AUROC 0 too for a class that
is the only one present (fpr all zeros); AP nan (None; 0/0 recall) unbinned, except when
every target is 0 (torchmetrics then sets recall to 1, AP 0), and AP 0 binned (its nan
recall and precision read as 0).  ``average="macro"`` is the mean over the classes whose
value is not None, ``"weighted"`` the mean weighted by each class's support (its count in
``target``) over those classes, ``None`` or ``"none"`` the tuple of per-class values.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, TypeAlias

import numpy as np

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.profiles.arguments import is_one_of
from rocpr_exact.profiles.ieee import exact_values
from rocpr_exact.profiles.torchmetrics.binary import pr_curve, roc_curve, trapezoid
from rocpr_exact.profiles.torchmetrics.view import VERSION, is_array, read_thresholds

__all__ = ["multiclass_auroc", "multiclass_average_precision"]

AVERAGES = ("macro", "weighted", "none", None)
#: a per-class value; None where torchmetrics' is nan
Score: TypeAlias = Fraction | None
#: (one column of scores per class, the class of each example, the thresholds or None)
Columns: TypeAlias = tuple[list[list[Fraction]], list[int], list[Fraction] | None]


def _check_average(average: Any) -> None:
    if not is_one_of(average, AVERAGES):
        raise InvalidInputError(f"average must be one of {AVERAGES}, got {average!r}")


def read_multiclass(
    preds: Any, target: Any, num_classes: Any, thresholds: Any, ignore_index: Any
) -> Columns:
    """(one column of scores per class, classes, thresholds) as torch holds them, checked.

    Rows whose target is ``ignore_index`` dropped; refused as the multiclass twins say.
    """
    if isinstance(num_classes, bool) or not isinstance(num_classes, int) or num_classes < 2:
        raise InvalidInputError(f"num_classes must be an int larger than 1, got {num_classes!r}")
    if ignore_index is not None and (
        not isinstance(ignore_index, int) or isinstance(ignore_index, bool)
    ):
        raise InvalidInputError(f"ignore_index must be None or an int, got {ignore_index!r}")
    scores, classes = np.asarray(preds), np.asarray(target)
    if scores.dtype.kind != "f":
        raise InvalidInputError(f"preds must hold floats, got dtype {scores.dtype}")
    if classes.dtype.kind not in "biu":
        raise InvalidInputError(f"target must hold class indices, got dtype {classes.dtype}")
    shape, wanted = scores.shape, classes.shape
    if scores.ndim != classes.ndim + 1 or shape[:1] + shape[2:] != wanted:
        raise InvalidInputError(
            f"preds must have shape (N, C, ...) and target (N, ...), got {shape} and {wanted}"
        )
    if shape[1] != num_classes:
        raise InvalidInputError(f"preds has {shape[1]} columns, num_classes is {num_classes}")
    cuts = read_thresholds(thresholds)
    dtype = str(scores.dtype) if is_array(preds) else "float32"
    columns = [
        exact_values(np.moveaxis(scores, 1, 0)[c].ravel(), dtype, "preds")
        for c in range(num_classes)
    ]
    labels = [int(v) for v in classes.ravel().tolist()]
    kept = [i for i, y in enumerate(labels) if y != ignore_index]
    if any(not 0 <= labels[i] < num_classes for i in kept):
        raise InvalidInputError(f"target holds a class outside 0..{num_classes - 1}")
    if not kept:
        raise InvalidInputError("no example left after ignore_index")
    columns = [[column[i] for i in kept] for column in columns]
    if any(not 0 <= s <= 1 for column in columns for s in column):
        raise InvalidInputError(
            f"preds holds values outside [0, 1]: {VERSION} would apply a float32 softmax "
            "(not rational); pass probabilities (apply the softmax yourself)"
        )
    return columns, [labels[i] for i in kept], cuts


def _average(values: list[Score], support: list[int], average: Any) -> Score | tuple[Score, ...]:
    """torchmetrics' ``_reduce_auroc`` / ``_reduce_average_precision``: nan classes left out."""
    if average in (None, "none"):
        return tuple(values)
    pairs = [(v, n) for v, n in zip(values, support, strict=True) if v is not None]
    if average == "macro":
        return sum((v for v, _ in pairs), Fraction(0)) / len(pairs) if pairs else None
    total = sum(n for _, n in pairs)
    return sum((v * n for v, n in pairs), Fraction(0)) / total if total else Fraction(0)


def class_input(columns: Columns, c: int) -> tuple[tuple[list[Fraction], list[int], Any], int]:
    """Class c one-vs-rest: (column c, target == c as 0/1, thresholds), and its positives."""
    scores, classes, cuts = columns
    labels = [int(y == c) for y in classes]
    return (scores[c], labels, cuts), sum(labels)


def multiclass_auroc(
    preds: Any,
    target: Any,
    num_classes: int,
    average: str | None = "macro",
    thresholds: Any = None,
    ignore_index: int | None = None,
) -> Score | tuple[Score, ...]:
    """torchmetrics' ``multiclass_auroc``: one-vs-rest trapezoid areas, averaged, exact.

    Class c: ``torch.trapz(tpr, fpr)`` on the binary ROC curve of column c against
    target == c (0 when class c is absent, or is every example).  macro: their mean;
    weighted: sum of AUROC_c n_c / sum of n_c (n_c the support of class c).

    By hand: class 0 (positives 0.7, 0.2; negative 0.4) wins one pair of two, class 1
    (positive 0.6; negatives 0.3, 0.8) one of two: (1/2 + 1/2) / 2.

    >>> multiclass_auroc([[0.7, 0.3], [0.4, 0.6], [0.2, 0.8]], [0, 1, 0], num_classes=2)
    Fraction(1, 2)

    Raises InvalidInputError (shapes, dtypes, classes outside 0..C-1, preds outside [0, 1]
    (torchmetrics' softmax), thresholds as in the binary twins).  O(C n log n).
    """
    _check_average(average)
    columns = read_multiclass(preds, target, num_classes, thresholds, ignore_index)
    values: list[Score] = []
    support = []
    for c in range(num_classes):
        data, positives = class_input(columns, c)
        support.append(positives)
        if positives in (0, len(data[1])):
            values.append(Fraction(0))
        else:
            fpr, tpr, _ = roc_curve(data)
            values.append(trapezoid(fpr, tpr))
    return _average(values, support, average)


def multiclass_average_precision(
    preds: Any,
    target: Any,
    num_classes: int,
    average: str | None = "macro",
    thresholds: Any = None,
    ignore_index: int | None = None,
) -> Score | tuple[Score, ...]:
    """torchmetrics' ``multiclass_average_precision``: one-vs-rest APs, averaged, exact.

    Class c: -sum((recall[i+1] - recall[i]) precision[i]) on the binary PR curve of column c
    against target == c (a binned nan precision counts 0).  Absent class: None (nan) unbinned,
    0 when every target is 0 or binned.  macro: the mean of the values that are not None;
    weighted: sum of AP_c n_c / sum of n_c over them.

    By hand: class 0 ranks 0.7 (+), 0.4, 0.2 (+): AP 1/2 * 1 + 1/2 * 2/3 = 5/6; class 1 ranks
    0.8, 0.6 (+), 0.3: AP 1/2; macro (5/6 + 1/2) / 2 = 2/3.

    >>> multiclass_average_precision([[0.7, 0.3], [0.4, 0.6], [0.2, 0.8]], [0, 1, 0], 2)
    Fraction(2, 3)

    Raises InvalidInputError as :func:`multiclass_auroc`.  O(C n log n).
    """
    _check_average(average)
    columns = read_multiclass(preds, target, num_classes, thresholds, ignore_index)
    all_zero = not any(columns[1])
    values: list[Score] = []
    support = []
    for c in range(num_classes):
        data, positives = class_input(columns, c)
        support.append(positives)
        if positives == 0:
            values.append(Fraction(0) if data[2] is not None or all_zero else None)
            continue
        precision, recall, _ = pr_curve(data)
        heights = [p if p is not None else Fraction(0) for p in precision]
        steps = range(len(recall) - 1)
        values.append(-sum(((recall[i + 1] - recall[i]) * heights[i] for i in steps), Fraction(0)))
    return _average(values, support, average)
