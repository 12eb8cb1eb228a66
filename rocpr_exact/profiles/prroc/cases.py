"""Twin vector cases for PRROC 1.4 (:mod:`rocpr_exact.profiles.prroc`).

``roc_curve`` is ``roc.curve(...)$auc``; ``pr_curve`` is the pair
(``auc.integral``, ``auc.davis.goadrich``) of ``pr.curve(...)``, null where PRROC gives NA
(small adapters over the twins, whose results are objects).  Arguments are PRROC's, dots
as underscores; scripts/record_r_twin_vectors.R runs PRROC itself on every case.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.profiles import prroc as TWINS
from rocpr_exact.profiles.case import TwinCase, floats

__all__ = ["ADAPTERS", "CASES", "NOTES", "TOOL", "TWINS", "VERSION"]

TOOL = "prroc"
VERSION = "PRROC 1.4"

NOTES: dict[str, str] = {
    "TwoVectors": "scores_class0 (positives) and scores_class1 (negatives), unweighted.",
    "Ties": "Equal scores in both classes: one threshold.",
    "SameVector": "One vector (or two equal ones): each score counts once as a positive and "
    "once as a negative; auc.davis.goadrich is NA.",
    "SoftLabels": "weights_class0 in [0, 1] (weights_class1 defaults to 1 - weights_class0): "
    "auc.davis.goadrich is NA unless every weight is 0 or 1.",
    "Weights": "weights_class1 given explicitly.",
    "MissingClass": "No positive (or negative) weight: PRROC returns NaN, silently; the twin "
    "returns nan (null) with an OneClassWarning.",
    "Refused": "PRROC stops (a negative weight) or the twin refuses the input (NaN).",
}


def _roc(**arguments: Any) -> Fraction | float:
    """``roc.curve(...)$auc``."""
    return TWINS.roc_curve(**arguments).auc


def _pr(**arguments: Any) -> tuple[ClosedForm | Fraction | float, Fraction | float | None]:
    """(``auc.integral``, ``auc.davis.goadrich``) of ``pr.curve(...)``; None is NA."""
    result = TWINS.pr_curve(**arguments)
    return result.auc_integral, result.auc_davis_goadrich


ADAPTERS = {"roc_curve": _roc, "pr_curve": _pr}


def _both(comment: str, *flags: str, **inputs: Any) -> list[TwinCase]:
    return [TwinCase(comment, f, inputs, {}, flags) for f in ("roc_curve", "pr_curve")]


SCORES = floats("0.4", "0.8", "0.6", "0.4", "0.1", "1.3", "0.6", "0.4")

CASES: tuple[TwinCase, ...] = (
    *_both(
        "two vectors",
        "TwoVectors",
        scores_class0=floats("0.9", "0.4"),
        scores_class1=floats("0.5", "0.1"),
    ),
    *_both(
        "two vectors with ties across them",
        "TwoVectors",
        "Ties",
        scores_class0=floats("0.4", "0.4", "1.3", "0.6"),
        scores_class1=floats("0.8", "0.6", "0.1", "0.4"),
    ),
    *_both(
        "three positives, five negatives",
        "TwoVectors",
        scores_class0=floats("0.95", "0.3", "0.7"),
        scores_class1=floats("0.8", "0.2", "0.6", "0.1", "0.5"),
    ),
    *_both("one vector", "SameVector", scores_class0=SCORES),
    *_both(
        "two equal vectors",
        "SameVector",
        "Ties",
        scores_class0=floats("0.5", "0.5", "0.2"),
        scores_class1=floats("0.2", "0.5", "0.5"),
    ),
    *_both(
        "soft labels in eighths",
        "SoftLabels",
        "Ties",
        scores_class0=SCORES,
        weights_class0=floats("0.25", "0.25", "0.875", "0.125", "0.375", "1.0", "0.5", "0.375"),
    ),
    *_both(
        "0/1 weights: the Davis-Goadrich area is defined",
        "SoftLabels",
        "Ties",
        scores_class0=SCORES,
        weights_class0=[1, 0, 0, 1, 0, 1, 1, 0],
    ),
    *_both(
        "soft labels with two decimals",
        "SoftLabels",
        "Ties",
        scores_class0=SCORES,
        weights_class0=floats("0.71", "0.29", "0.58", "0.61", "0.61", "0.59", "0.09", "0.44"),
    ),
    *_both(
        "explicit weights_class1",
        "Weights",
        scores_class0=floats("0.9", "0.4", "0.5", "0.1"),
        weights_class0=floats("1.0", "0.5", "0.25", "0.0"),
        weights_class1=floats("0.5", "1.0", "2.0", "1.0"),
    ),
    *_both(
        "no positive weight",
        "MissingClass",
        scores_class0=floats("0.9", "0.4"),
        weights_class0=floats("0.0", "0.0"),
    ),
    *_both(
        "a negative weight",
        "Refused",
        scores_class0=floats("0.9", "0.4"),
        weights_class0=floats("1.0", "-0.5"),
    ),
)
