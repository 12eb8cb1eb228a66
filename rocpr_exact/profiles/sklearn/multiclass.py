"""scikit-learn 1.9.1's averages of binary scores, exactly (``sklearn/metrics/_base.py``).

* :func:`average_binary_score` is ``_average_binary_score``: one binary score per column of a
  label-indicator matrix (``macro``, ``weighted``, ``None``), per row (``samples``), or one
  score of the raveled matrix (``micro``, each sample weight repeated once per column).
  ``weighted`` weighs column c by sum_i y[i, c] w_i (the raw label values: a -1/1 column
  counts its -1s negatively, as in sklearn) and returns 0 when those weights sum to 0;
  ``samples`` weighs rows by ``sample_weight``.  An entry of weight 0 counts as 0, as sklearn
  forces it (so a class without positives does not make a weighted average nan).
* :func:`average_ovo` is ``_average_multiclass_ovo_score`` (Hand & Till 2001): over each pair
  of classes present in ``y_true``, the mean of the two binary AUCs restricted to the pair's
  examples; ``weighted`` weighs a pair by its share of the examples.
* :func:`multiclass_roc_auc` is ``_multiclass_roc_auc_score``: its checks, then ``ovr`` (the
  indicator matrix of the classes) or ``ovo``.

A binary metric returns a Fraction, or sklearn's nan (:data:`~rocpr_exact.profiles.one_class.NAN`,
with sklearn's warning as an OneClassWarning) for a column or row with one class; a nan
entry makes the average nan, as in sklearn, unless sklearn's average forces the entry to 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any, TypeAlias

from rocpr_exact.core.data import Score
from rocpr_exact.errors import (
    InvalidInputError,
    MissingDependencyError,
    NotSupportedError,
    ZeroDenominatorError,
)
from rocpr_exact.profiles.sklearn.view import (
    check_consistent_length,
    exact_column,
    one_class,
    require_probabilities,
    weights_of,
)

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy comes with every scikit-learn install
    raise MissingDependencyError("the sklearn twins need numpy, as scikit-learn does") from None

__all__ = [
    "AVERAGES",
    "BinaryMetric",
    "Outcome",
    "average_binary_score",
    "average_ovo",
    "indicator",
    "multiclass_roc_auc",
]

#: The ``average`` values ``_average_binary_score`` accepts.
AVERAGES = (None, "micro", "macro", "weighted", "samples")

#: A binary score, or sklearn's nan (``nan`` (:data:`~rocpr_exact.profiles.one_class.NAN`), warned).
Outcome: TypeAlias = Fraction | float
#: (labels of one column, exact scores, integer weights or None) -> outcome.
BinaryMetric: TypeAlias = Callable[[list[Any], list[Score], list[int] | None], Outcome]
Average: TypeAlias = Outcome | tuple[Outcome, ...]


def indicator(labels: Any, classes: Sequence[Any]) -> list[list[int]]:
    """``label_binarize(labels, classes=classes)`` for three or more classes: 0/1 rows."""
    return [[int(label == c) for c in classes] for label in labels.tolist()]


def average_binary_score(
    metric: BinaryMetric,
    y_true: Sequence[Sequence[Any]],
    y_score: Any,
    average: str | None,
    weights: list[int] | None,
) -> Average:
    """``_average_binary_score`` on a 2-D label matrix and a 2-D score array of one shape."""
    if average not in AVERAGES:
        raise InvalidInputError(f"average has to be one of {AVERAGES}, got {average!r}")
    if hasattr(y_true, "tolist"):
        y_true = y_true.tolist()
    rows, columns = len(y_true), len(y_true[0])
    check_consistent_length(y_true, y_score, weights)
    if y_score.shape != (rows, columns):
        raise InvalidInputError(
            f"y_score must have the shape of y_true {(rows, columns)}, got {y_score.shape}"
        )
    if average == "micro":
        flat = [v for row in y_true for v in row]
        repeated = None if weights is None else [w for w in weights for _ in range(columns)]
        return metric(flat, exact_column(y_score.ravel()), repeated)
    entries: list[Outcome] = []
    entry_weights: Sequence[Fraction | int] | None = None
    if average == "samples":
        entry_weights = weights
        for i, row in enumerate(y_true):
            entries.append(metric(list(row), exact_column(y_score[i, :]), None))
    else:
        if average == "weighted":
            w = weights or [1] * rows
            entry_weights = [
                sum((Fraction(y_true[i][c]) * w[i] for i in range(rows)), Fraction(0))
                for c in range(columns)
            ]
            if sum(entry_weights) == 0:
                return Fraction(0)  # sklearn returns 0 when no class has support
        for c in range(columns):
            column = [y_true[i][c] for i in range(rows)]
            entries.append(metric(column, exact_column(y_score[:, c]), weights))
    if average is None:
        return tuple(entries)
    if entry_weights is None:
        return sum(entries, Fraction(0)) / len(entries)
    total = sum(entry_weights, Fraction(0))
    if total == 0:
        raise ZeroDenominatorError(
            f"Weights sum to zero, can't be normalized (the {average} average's weights)"
        )
    weighted = [e * a if a else Fraction(0) for e, a in zip(entries, entry_weights, strict=True)]
    return sum(weighted, Fraction(0)) / total


def average_ovo(metric: BinaryMetric, codes: list[int], y_score: Any, average: str) -> Outcome:
    """Hand & Till's one-vs-one average over the pairs of classes present in ``codes``."""
    present = sorted(set(codes))
    pairs = list(combinations(present, 2))
    if not pairs and average == "weighted":
        raise ZeroDenominatorError(
            "Weights sum to zero, can't be normalized (the weighted one-vs-one average needs "
            "two classes present in y_true)"
        )
    if not pairs:  # numpy's mean of no pair: nan, with RuntimeWarnings
        return one_class("Mean of empty slice (no pair of classes in y_true)", 5, RuntimeWarning)
    values: list[Outcome] = []
    prevalence: list[Fraction] = []
    for a, b in pairs:
        rows = [i for i, code in enumerate(codes) if code in (a, b)]
        pair: Outcome = Fraction(0)
        for cls in (a, b):
            truth = [codes[i] == cls for i in rows]
            pair += metric(truth, exact_column(y_score[rows, cls]), None)
        values.append(pair / 2)
        prevalence.append(Fraction(len(rows), len(codes)))
    if average == "weighted":
        return sum((v * p for v, p in zip(values, prevalence, strict=True)), Fraction(0)) / sum(
            prevalence, Fraction(0)
        )
    return sum(values, Fraction(0)) / len(values)


def _classes(y_true: Any, y_score: Any, labels: Any) -> list[Any]:
    if labels is None:
        classes = np.unique(y_true).tolist()
        if len(classes) != y_score.shape[1]:
            raise InvalidInputError(
                "Number of classes in y_true not equal to the number of columns in 'y_score'"
            )
        return list(classes)
    given = np.asarray(labels).ravel()
    classes = np.unique(given).tolist()
    if len(classes) != len(given):
        raise InvalidInputError("Parameter 'labels' must be unique")
    if classes != given.tolist():
        raise InvalidInputError("Parameter 'labels' must be ordered")
    if len(classes) != y_score.shape[1]:
        raise InvalidInputError(
            f"Number of given labels, {len(classes)}, not equal to the number of columns in "
            f"'y_score', {y_score.shape[1]}"
        )
    if set(y_true.tolist()) - set(classes):
        raise InvalidInputError("'y_true' contains labels not in parameter 'labels'")
    return list(classes)


def multiclass_roc_auc(
    metric: BinaryMetric,
    y_true: Any,
    y_score: Any,
    labels: Any,
    multi_class: str,
    average: str | None,
    sample_weight: Any,
) -> Average:
    """``_multiclass_roc_auc_score``: sklearn's checks in sklearn's order, then ovr or ovo.

    Rows of ``y_score`` must sum to 1 (:func:`require_probabilities`); ``ovr`` takes
    ``micro``, ``macro``, ``weighted`` and None, ``ovo`` ``macro`` and ``weighted`` and no
    ``sample_weight``.
    """
    if y_score.ndim != 2:
        raise InvalidInputError(
            "`y_score` needs to be of shape `(n_samples, n_classes)`, since `y_true` contains "
            f"multiple classes. Got `y_score.shape={y_score.shape}`."
        )
    check_consistent_length(y_true, y_score)
    require_probabilities(y_score)
    options: tuple[str | None, ...] = ("macro", "weighted", None)
    if multi_class == "ovr":
        options = ("micro", *options)
    if average not in options:
        raise InvalidInputError(f"average must be one of {options} for multiclass problems")
    if multi_class not in ("ovo", "ovr"):
        raise InvalidInputError(f"multi_class must be 'ovo' or 'ovr', got {multi_class!r}")
    if average is None and multi_class == "ovo":
        raise NotSupportedError("average=None is not implemented for multi_class='ovo'.")
    classes = _classes(y_true, y_score, labels)
    if multi_class == "ovo":
        if sample_weight is not None:
            raise InvalidInputError(
                "sample_weight is not supported for multiclass one-vs-one ROC AUC, "
                "'sample_weight' must be None in this case."
            )
        codes = [classes.index(label) for label in y_true.tolist()]
        assert average is not None
        return average_ovo(metric, codes, y_score, average)
    weights = weights_of(sample_weight, len(y_true))
    return average_binary_score(metric, indicator(y_true, classes), y_score, average, weights)
