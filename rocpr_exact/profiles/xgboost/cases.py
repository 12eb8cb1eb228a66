"""Twin vector cases for xgboost (:mod:`rocpr_exact.profiles.xgboost`): ``auc`` and ``aucpr``.

Each input is given to both metrics.  The first inputs are those of
``tests/data/xgboost_recorded.json``; ``scripts/record_xgboost_twin_vectors.py`` runs
xgboost itself on every case (tests/data/xgboost_vector_results.json).
"""

from __future__ import annotations

from typing import Any

from rocpr_exact.profiles import xgboost as TWINS
from rocpr_exact.profiles.case import TwinCase, floats

__all__ = ["CASES", "NOTES", "TOOL", "TWINS", "VERSION"]

TOOL = "xgboost"
VERSION = TWINS.VERSION

NOTES: dict[str, str] = {
    "Ties": "Tied predictions with both classes: one segment (ties count 1/2 in auc).",
    "Float32": "xgboost holds predictions as float32: distinct doubles may become one score.",
    "Weights": "sample_weight (float32): weighted counts.",
    "ZeroWeight": "Some weights are 0: those examples count for nothing.",
    "MissingClass": "No positive or no negative of nonzero weight: xgboost returns nan with a "
    "warning; the twin returns nan (null) with that warning as a OneClassWarning.",
    "Refused": "The twin refuses the input (soft labels, negative weights: see the profile).",
    "Extreme": "Subnormal or huge float32 predictions.",
}


def _both(
    comment: str, y_true: list[Any], y_score: list[str], *flags: str, **options: Any
) -> list[TwinCase]:
    """Both metrics on one input (options: sample_weight)."""
    inputs: dict[str, Any] = {"y_true": y_true, "y_score": y_score}
    inputs.update(options)
    return [TwinCase(comment, f, inputs, {}, flags) for f in ("auc", "aucpr")]


CASES: tuple[TwinCase, ...] = (
    *_both("four examples", [0, 0, 1, 1], floats("0.1", "0.4", "0.35", "0.8")),
    *_both("three examples", [1, 0, 1], floats("0.8", "0.4", "0.35")),
    *_both(
        "six examples, one tie across classes",
        [0, 0, 1, 1, 0, 1],
        floats("0.1", "0.4", "0.35", "0.8", "0.8", "0.2"),
        "Ties",
    ),
    *_both("every score tied", [1, 1, 0, 0], floats("0.5", "0.5", "0.5", "0.5"), "Ties"),
    *_both(
        "three doubles that are one float32",
        [1, 0, 1, 0],
        floats("0.5", "0.5000000009313226", "0.4999999999990905", "0.25"),
        "Float32",
        "Ties",
    ),
    *_both(
        "1/3 as float32 and its neighbours",
        [1, 0, 0, 1],
        floats("0.3333333333333333", "0.333333343", "0.33333334", "0.1"),
        "Float32",
        "Ties",
    ),
    *_both(
        "subnormal and huge scores",
        [0, 1, 0, 1, 1],
        floats("1e-46", "1e-45", "3e-45", "1e+38", "1.00000001e+38"),
        "Extreme",
        "Float32",
    ),
    *_both(
        "weights",
        [0, 1, 1, 0, 1, 0],
        floats("0.9", "0.8", "0.7", "0.6", "0.5", "0.4"),
        "Weights",
        sample_weight=floats("0.5", "2.0", "1.0", "0.25", "3.0", "1.0"),
    ),
    *_both(
        "weights with ties and a zero weight",
        [1, 0, 1, 0, 1],
        floats("0.7", "0.7", "0.2", "0.2", "0.9"),
        "Weights",
        "ZeroWeight",
        "Ties",
        sample_weight=floats("0.1", "0.3", "1.0", "0.0", "2.0"),
    ),
    *_both("no negative", [1, 1], floats("0.1", "0.2"), "MissingClass"),
    *_both("no positive", [0, 0, 0], floats("0.1", "0.2", "0.3"), "MissingClass"),
    *_both(
        "positives of weight 0 only",
        [0, 1, 1],
        floats("0.1", "0.2", "0.3"),
        "MissingClass",
        "ZeroWeight",
        sample_weight=floats("1.0", "0.0", "0.0"),
    ),
    *_both("soft labels", floats("0.0", "0.5"), floats("0.2", "0.3"), "Refused"),
    *_both(
        "a negative weight",
        [0, 1],
        floats("0.2", "0.3"),
        "Refused",
        sample_weight=floats("1.0", "-1.0"),
    ),
)
