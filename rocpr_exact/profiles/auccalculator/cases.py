"""Twin vector cases for AUCCalculator 0.2 (:mod:`rocpr_exact.profiles.auccalculator`).

``auc_roc`` and ``auc_pr`` of a scored list (score, label 0/1), as the paper's Java tool
reads it; the cases show its known deviation (negatives ranked above every positive).
"""

from __future__ import annotations

from typing import Any

from rocpr_exact.profiles import auccalculator as TWINS
from rocpr_exact.profiles.case import TwinCase, floats

__all__ = ["CASES", "NOTES", "TOOL", "TWINS", "VERSION"]

TOOL = "auccalculator"
VERSION = "AUCCalculator 0.2"

NOTES: dict[str, str] = {
    "Ties": "Tied scores with both classes: one point.",
    "TopNegatives": "Negatives ranked above every positive: AUCCalculator drops the points "
    "with TP = 0 and overstates both areas (the profile's known deviation).",
    "Interpolation": "Positives several at a time: the Davis-Goadrich interpolation at every "
    "integer TP.",
    "MissingClass": "No positive or no negative: AUCCalculator 0.2 defaults both counts to 1 "
    "(a line on stderr) and then stops with an exception (a point above them), except for "
    "one positive and no negative: both areas 1.0, which the twin returns with an "
    "OneClassWarning; elsewhere the twin raises.",
}


def _both(comment: str, scores: list[Any], labels: list[int], *flags: str) -> list[TwinCase]:
    inputs = {"scores": scores, "labels": labels}
    return [TwinCase(comment, f, inputs, {}, flags) for f in ("auc_roc", "auc_pr")]


CASES: tuple[TwinCase, ...] = (
    *_both("a negative on top", [4, 3, 2, 1], [0, 1, 0, 1], "TopNegatives"),
    *_both("a positive on top", [4, 3, 2, 1], [1, 0, 1, 0]),
    *_both("perfect ranking", floats("0.9", "0.8", "0.2", "0.1"), [1, 1, 0, 0]),
    *_both(
        "eight examples with ties",
        floats("0.4", "0.8", "0.6", "0.4", "0.1", "1.3", "0.6", "0.4"),
        [1, 0, 0, 1, 0, 1, 1, 0],
        "Ties",
        "TopNegatives",
    ),
    *_both(
        "a tie group of three positives and two negatives",
        floats("0.9", "0.5", "0.5", "0.5", "0.5", "0.5", "0.1"),
        [1, 1, 0, 1, 0, 1, 0],
        "Ties",
        "Interpolation",
    ),
    *_both(
        "two negatives, then four positives tied",
        floats("0.9", "0.8", "0.3", "0.3", "0.3", "0.3", "0.1"),
        [0, 0, 1, 1, 1, 1, 0],
        "Ties",
        "TopNegatives",
        "Interpolation",
    ),
    *_both("every score tied", floats("0.5", "0.5", "0.5", "0.5"), [1, 0, 1, 0], "Ties"),
    *_both("no negative", floats("0.5", "0.2"), [1, 1], "MissingClass"),
    *_both("no positive", floats("0.5", "0.2"), [0, 0], "MissingClass"),
    *_both("one positive, no negative", floats("0.5"), [1], "MissingClass"),
)
