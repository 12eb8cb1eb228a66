"""Every twin answers hostile scores with a RocPrError (one clear line), never a crash.

Numbers beyond the double range are the case that used to escape as OverflowError: numpy-based
tools refuse them (as numpy does), R and Java read them as +-Inf (as their parsers do).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

import rocpr_exact as rx
from rocpr_exact.profiles import (
    auccalculator,
    coco,
    keras,
    precrec,
    proc,
    prroc,
    registry,
    rocr,
    sklearn,
    torchmetrics,
    voc,
    xgboost,
)
from rocpr_exact.profiles.sklearn import curves as sklearn_curves
from rocpr_exact.profiles.spark import mllib as spark_mllib

HOSTILE: list[Any] = [
    [10**400, 1],
    [Fraction(10**400), 1],
    [Decimal("1e999999"), 1],
    ["x", 1],
    [None, 1],
    [float("nan"), 1],
    [float("inf"), 1],
    [],
    [[1, 2], [3, 4]],
    [1e308, -1e308],
    [2**64, 1],
    [5e-324, 0.0],
]

CALLS: dict[str, Callable[[Any], object]] = {
    "sklearn.roc_auc_score": lambda s: sklearn.roc_auc_score([1, 0], s),
    "sklearn.average_precision_score": lambda s: sklearn.average_precision_score([1, 0], s),
    "sklearn.roc_curve": lambda s: sklearn_curves.roc_curve([1, 0], s),
    "torchmetrics.binary_auroc": lambda s: torchmetrics.binary_auroc(s, [1, 0]),
    "torchmetrics.binary_recall_at_fixed_precision": lambda s: (
        torchmetrics.binary_recall_at_fixed_precision(s, [1, 0], 0.5)
    ),
    "keras.auc": lambda s: keras.auc([1, 0], s),
    "xgboost.auc": lambda s: xgboost.auc([1, 0], s),
    "xgboost.aucpr": lambda s: xgboost.aucpr([1, 0], s),
    "spark_mllib.area_under_roc": lambda s: spark_mllib.area_under_roc(s, [1, 0]),
    "prroc.pr_curve": lambda s: prroc.pr_curve(s[:1], s[1:]),
    "proc.auc": lambda s: proc.auc([1, 0], s),
    "rocr.performance": lambda s: rocr.performance(rocr.prediction(s, [1, 0]), "auc"),
    "precrec.evalmod": lambda s: precrec.evalmod(s, [1, 0]),
    "auccalculator.auc_roc": lambda s: auccalculator.auc_roc(s, [1, 0]),
    "voc.average_precision": lambda s: voc.average_precision(s, [1, 0]),
    "coco.average_precision": lambda s: coco.average_precision(s, [True, False], 2),
    "profile prroc": lambda s: registry.profile("prroc", (s, [1, 0])),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_hostile_scores_are_answered_or_refused(name: str) -> None:
    for scores in HOSTILE:
        try:
            CALLS[name](scores)
        except rx.RocPrError as error:
            assert "\n" not in str(error)


def test_beyond_the_double_range_is_infinity_for_r_and_java() -> None:
    # R's as.numeric("1e400") and Java's Double.parseDouble("1e400") are +Inf: a positive
    # scored 10**400 ranks above the negative scored 1, so every area is 1.
    values = registry.profile("prroc", ([10**400, 1], [1, 0]))
    assert values["roc_auc"] == 1 and values["auc_davis_goadrich"] == 1
    with pytest.raises(rx.InvalidInputError, match="infinite predictor value: pROC returns NaN"):
        proc.auc([1, 0], [Fraction(10**400), 1])  # pROC turns the Inf into a NaN area


def test_beyond_the_double_range_is_refused_where_numpy_refuses_it() -> None:
    with pytest.raises(rx.InvalidInputError, match="too large for float64"):
        sklearn_curves.roc_curve([1, 0], [10**400, 1])


def test_scores_must_be_one_number_per_detection() -> None:
    with pytest.raises(rx.InvalidInputError, match="one number per detection"):
        voc.average_precision([[1, 2], [3, 4]], [1, 0])
