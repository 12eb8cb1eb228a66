"""Twin vector cases for ROCR 1.0-11 (:mod:`rocpr_exact.profiles.rocr`).

``auc`` is ``performance(prediction(predictions, labels), "auc", fpr.stop=...)@y.values``
and ``aucpr`` the same with measure "aucpr" (small adapters: the twin takes a prediction
object); scripts/record_r_twin_vectors.R runs ROCR itself on every case.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rocpr_exact.profiles import rocr as TWINS
from rocpr_exact.profiles.case import LABELS20, SCORES20, TwinCase, floats

__all__ = ["ADAPTERS", "CASES", "NOTES", "TOOL", "TWINS", "VERSION"]

TOOL = "rocr"
VERSION = "ROCR 1.0-11"

NOTES: dict[str, str] = {
    "Ties": "Tied predictions with both classes: one diagonal segment.",
    "FprStop": "fpr_stop < 1: the area over FPR in [0, fpr_stop], not standardised.",
    "Insertion": "Steps of more than two positives: ROCR inserts interpolated points at "
    "positions that shift (its aucpr is not the Davis-Goadrich area).",
    "Refused": "Not two classes: ROCR stops; the twin raises.",
}


def _auc(predictions: Any, labels: Any, label_ordering: Any = None, fpr_stop: Any = 1) -> Fraction:
    """``performance(prediction(...), "auc", fpr.stop)``."""
    return TWINS.performance(TWINS.prediction(predictions, labels, label_ordering), "auc", fpr_stop)


def _aucpr(predictions: Any, labels: Any, label_ordering: Any = None) -> Fraction:
    """``performance(prediction(...), "aucpr")``."""
    return TWINS.performance(TWINS.prediction(predictions, labels, label_ordering), "aucpr")


ADAPTERS = {"auc": _auc, "aucpr": _aucpr}

DATA8 = {
    "predictions": floats("0.4", "0.8", "0.6", "0.4", "0.1", "1.3", "0.6", "0.4"),
    "labels": [1, 0, 0, 1, 0, 1, 1, 0],
}
DATA20 = {"predictions": SCORES20, "labels": LABELS20}
#: four positives tied above, then six positives in a row: steps of more than two
STEPS = {
    "predictions": floats(*[str(k / 10) for k in range(10, 0, -1)], "0.95", "0.95", "0.95"),
    "labels": [1, 0, 1, 1, 1, 1, 0, 1, 1, 0, 1, 1, 0],
}
ONE_CLASS = {"predictions": floats("0.1", "0.2"), "labels": [1, 1]}

CASES: tuple[TwinCase, ...] = (
    TwinCase("eight examples", "auc", DATA8, {}, ("Ties",)),
    TwinCase(
        "eight examples, fpr_stop 0.1", "auc", DATA8, {"fpr_stop": "0.1"}, ("Ties", "FprStop")
    ),
    TwinCase(
        "eight examples, fpr_stop 0.25", "auc", DATA8, {"fpr_stop": "0.25"}, ("Ties", "FprStop")
    ),
    TwinCase(
        "eight examples, fpr_stop 0.5", "auc", DATA8, {"fpr_stop": "0.5"}, ("Ties", "FprStop")
    ),
    TwinCase("twenty examples", "auc", DATA20, {}, ("Ties",)),
    TwinCase(
        "twenty examples, fpr_stop 0.25", "auc", DATA20, {"fpr_stop": "0.25"}, ("Ties", "FprStop")
    ),
    TwinCase("long positive runs", "auc", STEPS, {}, ("Ties",)),
    TwinCase("label_ordering reversed", "auc", DATA8, {"label_ordering": [1, 0]}, ("Ties",)),
    TwinCase("one class", "auc", ONE_CLASS, {}, ("Refused",)),
    TwinCase("eight examples", "aucpr", DATA8, {}, ("Ties",)),
    TwinCase("twenty examples", "aucpr", DATA20, {}, ("Ties", "Insertion")),
    TwinCase("long positive runs", "aucpr", STEPS, {}, ("Ties", "Insertion")),
    TwinCase("label_ordering reversed", "aucpr", DATA8, {"label_ordering": [1, 0]}, ("Ties",)),
    TwinCase(
        "every prediction tied",
        "aucpr",
        {"predictions": floats("0.5", "0.5", "0.5", "0.5"), "labels": [1, 0, 1, 0]},
        {},
        ("Ties",),
    ),
    TwinCase(
        "two negatives on top, then six positives",
        "aucpr",
        {
            "predictions": floats(*[str(k / 10) for k in range(9, 0, -1)]),
            "labels": [0, 0, 1, 1, 1, 1, 1, 1, 0],
        },
        {},
        ("Insertion",),
    ),
    TwinCase("one class", "aucpr", ONE_CLASS, {}, ("Refused",)),
)
