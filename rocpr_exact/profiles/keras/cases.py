"""Twin vector cases for keras (:mod:`rocpr_exact.profiles.keras`): ``keras.metrics.AUC``.

Each input is given with the six (curve, summation_method) pairs.  Most inputs are those of
``tests/data/torch_keras_recorded.json``, so keras' recorded outputs can be checked.
"""

from __future__ import annotations

from typing import Any

from rocpr_exact.profiles import keras as TWINS
from rocpr_exact.profiles.case import TwinCase, floats

__all__ = ["CASES", "NOTES", "TOOL", "TWINS", "VERSION"]

TOOL = "keras"
VERSION = "keras 3.15.1"

NOTES: dict[str, str] = {
    "Ties": "Tied predictions with both classes.",
    "Grid": "num_thresholds T: the grid (i + 1) / (T - 1) with ends -1e-7 and 1 + 1e-7, "
    "float32; predictions are bucketed, not compared.",
    "Thresholds": "Explicit thresholds: sorted, with the two ends added.",
    "Clipped": "Predictions outside [0, 1] are clipped.",
    "Weights": "sample_weight (float32) multiplies each example's counts.",
    "PrInterpolation": "curve PR with summation_method interpolation: keras' "
    "interpolate_pr_auc, a rational plus logarithms (closed form).",
    "MissingClass": "One class missing: keras returns 0 (silently); the twin returns 0 with an "
    "OneClassWarning.",
    "Refused": "Not modelled: a negative sample_weight; the twin refuses it.",
}

METHODS = (
    ("ROC", "interpolation"),
    ("ROC", "minoring"),
    ("ROC", "majoring"),
    ("PR", "interpolation"),
    ("PR", "minoring"),
    ("PR", "majoring"),
)


def _all(comment: str, inputs: dict[str, Any], *flags: str, **options: Any) -> list[TwinCase]:
    cases = []
    for curve, method in METHODS:
        extra = ("PrInterpolation",) if (curve, method) == ("PR", "interpolation") else ()
        parameters = {"curve": curve, "summation_method": method, **options}
        cases.append(TwinCase(comment, "auc", inputs, parameters, (*flags, *extra)))
    return cases


CASES: tuple[TwinCase, ...] = (
    *_all(
        "four examples, 200 thresholds",
        {"y_true": [0, 0, 1, 1], "y_pred": floats("0.1", "0.4", "0.35", "0.8")},
        "Grid",
    ),
    *_all(
        "every prediction tied",
        {"y_true": [0, 1] * 6, "y_pred": floats(*["0.5"] * 12)},
        "Ties",
        "Grid",
    ),
    *_all(
        "predictions on the grid, 5 thresholds",
        {
            "y_true": [0, 1, 0, 1, 1, 0, 1, 0, 1, 1],
            "y_pred": floats(
                "0.0", "0.25", "0.25", "0.5", "0.5", "0.75", "0.75", "1.0", "1.0", "1.0"
            ),
        },
        "Ties",
        "Grid",
        num_thresholds=5,
    ),
    *_all(
        "predictions outside [0, 1]",
        {"y_true": [0, 1, 1, 0, 1], "y_pred": floats("-0.5", "0.2", "1.7", "0.9", "0.9")},
        "Clipped",
        "Ties",
        "Grid",
    ),
    *_all(
        "explicit thresholds [0.5, 0.1]",
        {"y_true": [0, 1, 1, 0, 1], "y_pred": floats("0.05", "0.2", "0.7", "0.9", "0.9")},
        "Thresholds",
        thresholds=floats("0.5", "0.1"),
    ),
    *_all(
        "six examples, 50 thresholds",
        {
            "y_true": [0, 1, 0, 0, 0, 1],
            "y_pred": floats("0.34", "0.46", "0.3", "0.33", "0.4445829", "0.8"),
        },
        "Grid",
        num_thresholds=50,
    ),
    *_all(
        "float weights, 10 thresholds",
        {
            "y_true": [0, 1, 1, 0, 1, 0],
            "y_pred": floats("0.15", "0.35", "0.8", "0.6", "0.6", "0.05"),
            "sample_weight": floats("0.5", "2.0", "1.25", "0.1", "3.0", "1.0"),
        },
        "Weights",
        "Grid",
        num_thresholds=10,
    ),
    *_all(
        "no positive",
        {"y_true": [0, 0], "y_pred": floats("0.1", "0.2")},
        "MissingClass",
        num_thresholds=3,
    ),
    TwinCase(
        "a negative weight",
        "auc",
        {"y_true": [0, 1], "y_pred": floats("0.1", "0.2"), "sample_weight": floats("1.0", "-1.0")},
        {"curve": "ROC", "summation_method": "interpolation"},
        ("Refused",),
    ),
)
