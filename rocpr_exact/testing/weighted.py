"""``explain`` on weighted examples: the exact metrics of the weighted curve and every twin
whose tool takes weights, called with them.

The twins that take example weights: scikit-learn ``roc_auc_score`` and
``average_precision_score`` (``sample_weight``), PRROC ``roc.curve`` and ``pr.curve``
(``weights.class0`` for the positives, ``weights.class1`` for the negatives), keras ``AUC``
(``sample_weight``) and xgboost ``auc`` and ``aucpr`` (``sample_weight``).  The other tools'
functions (torchmetrics' binary AUROC and AP, pROC, ROCR, precrec, AUCCalculator) take no
weights, so their metrics are not on a weighted table.  The exact metrics are computed on the
curve of the weights as given (exact: decimals, fractions, floats at their binary value); the
twins receive each weight as the tool does from Python, a double (as the scores).

Soft labels (a label in [0, 1] other than 0 and 1) and a negative weight are data the exact
metrics do not take (they are undefined, with the reason); the tools that take them are
answered by their twins (:func:`unusual_twins`): xgboost (soft labels) and PRROC (soft labels
as ``weights.class0``; a negative weight in ``roc.curve``).

A weighted table is not remembered (:func:`~rocpr_exact.testing.calls.cached` keys on the
scores and labels only).  This is a display module: floats only as the tools' inputs.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rocpr_exact.errors import InvalidInputError, RocPrError

__all__ = [
    "NEGATIVE_WEIGHT",
    "SOFT_LABELS",
    "WEIGHTED_TWINS",
    "read_labels",
    "unusual_twins",
    "unusual_values",
    "weighted_twins",
]

#: The tool metrics of explain's table that a weighted table holds (the twins that take weights).
WEIGHTED_TWINS = (
    "sklearn.roc_auc_score",
    "sklearn.average_precision_score",
    "prroc.roc_auc",
    "prroc.auc_integral",
    "prroc.auc_davis_goadrich",
    "keras.auc_roc",
    "keras.auc_pr",
    "xgboost.auc",
    "xgboost.aucpr",
)

Twin = Callable[[list[float], list[Any], list[float]], Any]


def _prroc_vectors(
    scores: Sequence[float], labels: Sequence[int], weights: Sequence[float]
) -> tuple[list[float], list[float], list[float], list[float]]:
    """PRROC's four vectors, in its order: ``scores.class0`` (the positives' scores),
    ``scores.class1`` (the negatives'), ``weights.class0``, ``weights.class1``."""
    rows = list(zip(scores, labels, weights, strict=True))
    return (
        [s for s, y, _ in rows if y],
        [s for s, y, _ in rows if not y],
        [w for _, y, w in rows if y],
        [w for _, y, w in rows if not y],
    )


def weighted_twins() -> dict[str, Twin]:
    """Metric -> its twin called on (scores, labels, weights), for :data:`WEIGHTED_TWINS`
    (imports the twins)."""
    from rocpr_exact.profiles import keras, prroc, sklearn, xgboost

    twins: dict[str, Twin] = {
        "sklearn.roc_auc_score": lambda s, y, w: sklearn.roc_auc_score(y, s, sample_weight=w),
        "sklearn.average_precision_score": lambda s, y, w: sklearn.average_precision_score(
            y, s, sample_weight=w
        ),
        "prroc.roc_auc": lambda s, y, w: prroc.roc_curve(*_prroc_vectors(s, y, w)).auc,
        "prroc.auc_integral": lambda s, y, w: prroc.pr_curve(*_prroc_vectors(s, y, w)).auc_integral,
        "prroc.auc_davis_goadrich": lambda s, y, w: (
            prroc.pr_curve(*_prroc_vectors(s, y, w)).auc_davis_goadrich
        ),
        "keras.auc_roc": lambda s, y, w: keras.auc(y, s, sample_weight=w),
        "keras.auc_pr": lambda s, y, w: keras.auc(y, s, curve="PR", sample_weight=w),
        "xgboost.auc": lambda s, y, w: xgboost.auc(y, s, sample_weight=w),
        "xgboost.aucpr": lambda s, y, w: xgboost.aucpr(y, s, sample_weight=w),
    }
    assert tuple(twins) == WEIGHTED_TWINS
    return twins


#: Why the exact metrics are undefined on soft labels, and on a negative weight.
SOFT_LABELS = (
    "soft labels (a label in [0, 1] other than 0 and 1): the exact metrics count positives and "
    "negatives (Davis & Goadrich 2006, Section 2); xgboost and PRROC take them"
)
NEGATIVE_WEIGHT = (
    "a negative weight: the exact metrics need non-negative weights (a curve of counts); "
    "PRROC's roc.curve takes it"
)


def _soft_vectors(
    scores: Sequence[float], labels: Sequence[float], weights: Sequence[float]
) -> tuple[list[float], list[float], list[float], list[float]]:
    """PRROC's soft-label call: every score once in each vector, ``weights.class0`` the label
    (times the weight), ``weights.class1`` 1 - the label (times the weight), as R computes
    them in doubles."""
    w0 = [y * w for y, w in zip(labels, weights, strict=True)]
    w1 = [(1 - y) * w for y, w in zip(labels, weights, strict=True)]
    return list(scores), list(scores), w0, w1


def unusual_twins(soft: bool) -> dict[str, Twin]:
    """Metric -> its twin called on (scores, labels, weights) for data the exact metrics do not
    take: soft labels (``soft``: xgboost's ``auc`` and ``aucpr``, whose BinaryAUC reads any
    label in [0, 1], and PRROC's soft-label call) or a negative weight (PRROC's ``roc.curve``,
    which does not check; every other weighted twin refuses it, as its tool, or is shown
    undefined)."""
    from rocpr_exact.profiles import prroc, xgboost

    if not soft:
        twins = weighted_twins()
        return {name: twins[name] for name in WEIGHTED_TWINS}
    return {
        "prroc.roc_auc": lambda s, y, w: prroc.roc_curve(*_soft_vectors(s, y, w)).auc,
        "prroc.auc_integral": lambda s, y, w: prroc.pr_curve(*_soft_vectors(s, y, w)).auc_integral,
        "prroc.auc_davis_goadrich": lambda s, y, w: (
            prroc.pr_curve(*_soft_vectors(s, y, w)).auc_davis_goadrich
        ),
        "xgboost.auc": lambda s, y, w: xgboost.auc(y, s, sample_weight=w),
        "xgboost.aucpr": lambda s, y, w: xgboost.aucpr(y, s, sample_weight=w),
    }


def read_labels(labels: Iterable[Any]) -> tuple[list[Any], bool]:
    """The labels as ints 0 and 1, or (soft labels, any in [0, 1]) as given; and whether soft.
    Raises InvalidInputError for anything else (a label outside [0, 1], NaN, text)."""
    given = list(labels)
    if all(y in (0, 1) for y in given):
        return [int(y) for y in given], False
    for y in given:
        if isinstance(y, str | bytes) or not 0 <= y <= 1:
            raise InvalidInputError(
                f"labels must be 0 or 1, or soft labels in [0, 1] (xgboost's, PRROC's "
                f"weights.class0), got {y!r}"
            )
    return given, True


def unusual_values(
    scores: list[Any], labels: list[Any], weights: list[Any] | None, soft: bool
) -> tuple[dict[str, Any], dict[str, str]]:
    """Soft labels or a negative weight: every exact metric undefined (the reason), and the
    twins of the tools that take such data (:func:`~rocpr_exact.testing.weighted.unusual_twins`),
    each value or, where the twin refuses, its refusal as the reason."""
    from rocpr_exact.oracle.metrics import RECORDS

    exact = [record.name for record in RECORDS if "." not in record.name]  # explain's EXACT
    values: dict[str, Any] = dict.fromkeys(exact)
    reasons = dict.fromkeys(exact, SOFT_LABELS if soft else NEGATIVE_WEIGHT)
    doubles = [float(s) for s in scores]
    ws = [1.0] * len(scores) if weights is None else [float(w) for w in weights]
    given = [float(y) for y in labels]
    with warnings.catch_warnings():  # a twin's warnings on one class: "undefined" says it
        warnings.simplefilter("ignore")
        for name, twin in unusual_twins(soft).items():
            try:
                value = twin(doubles, given, ws)
            except RocPrError as exc:
                values[name], reasons[name] = None, str(exc).splitlines()[0]
                continue
            values[name] = None if isinstance(value, float) else value  # a tool's nan
    return values, reasons
