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

A weighted table is not remembered (:func:`~rocpr_exact.testing.calls.cached` keys on the
scores and labels only).  This is a display module: floats only as the tools' inputs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["WEIGHTED_TWINS", "weighted_twins"]

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

Twin = Callable[[list[float], list[int], list[float]], Any]


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
        "prroc.auc_integral": lambda s, y, w: prroc.pr_curve(
            *_prroc_vectors(s, y, w)
        ).auc_integral,
        "prroc.auc_davis_goadrich": lambda s, y, w: prroc.pr_curve(
            *_prroc_vectors(s, y, w)
        ).auc_davis_goadrich,
        "keras.auc_roc": lambda s, y, w: keras.auc(y, s, sample_weight=w),
        "keras.auc_pr": lambda s, y, w: keras.auc(y, s, curve="PR", sample_weight=w),
        "xgboost.auc": lambda s, y, w: xgboost.auc(y, s, sample_weight=w),
        "xgboost.aucpr": lambda s, y, w: xgboost.aucpr(y, s, sample_weight=w),
    }
    assert tuple(twins) == WEIGHTED_TWINS
    return twins
