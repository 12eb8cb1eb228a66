"""Twin vector cases for precrec 0.14.4 (:mod:`rocpr_exact.profiles.precrec`).

``evalmod`` is the pair (ROC AUC, PRC AUC) of ``auc(evalmod(scores=, labels=, ...))``
(a small adapter: the twin returns an object); scripts/record_r_twin_vectors.R runs precrec
itself on every case.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rocpr_exact.profiles import precrec as TWINS
from rocpr_exact.profiles.case import TwinCase, floats

__all__ = ["ADAPTERS", "CASES", "NOTES", "TOOL", "TWINS", "VERSION"]

TOOL = "precrec"
VERSION = "precrec 0.14.4"

NOTES: dict[str, str] = {
    "Ties": "Tied scores with both classes: the rows spread evenly along the segment.",
    "Grid": "x_bins given: the PR curve gets a point at every recall multiple of 1/x_bins.",
    "NoGrid": "interpolate=False (or x_bins=0, which precrec reads as 1).",
    "MissingClass": "A single class: precrec stops; the twin raises.",
}


def _evalmod(**arguments: Any) -> tuple[Fraction, Fraction]:
    """(ROC AUC, PRC AUC) of ``auc(evalmod(...))``."""
    result = TWINS.evalmod(**arguments)
    return result.roc, result.prc


ADAPTERS = {"evalmod": _evalmod}

DATA8 = {
    "scores": floats("0.4", "0.8", "0.6", "0.4", "0.1", "1.3", "0.6", "0.4"),
    "labels": [1, 0, 0, 1, 0, 1, 1, 0],
}
FOUR = {"scores": floats("0.9", "0.8", "0.8", "0.1"), "labels": [1, 0, 1, 0]}


def _case(comment: str, inputs: dict[str, Any], *flags: str, **parameters: Any) -> TwinCase:
    return TwinCase(comment, "evalmod", inputs, parameters, flags)


CASES: tuple[TwinCase, ...] = (
    _case("four examples, one tie", FOUR, "Ties"),
    _case("four examples, no grid", FOUR, "Ties", "NoGrid", interpolate=False),
    _case("four examples, x_bins 3", FOUR, "Ties", "Grid", x_bins=3),
    _case("eight examples", DATA8, "Ties"),
    _case("eight examples, x_bins 0", DATA8, "Ties", "NoGrid", x_bins=0),
    _case("eight examples, x_bins 7", DATA8, "Ties", "Grid", x_bins=7),
    _case("eight examples, no grid", DATA8, "Ties", "NoGrid", interpolate=False),
    _case(
        "labels 'n'/'p', posclass 'n'",
        {"scores": floats("0.3", "0.7", "0.2", "0.9", "0.5"), "labels": ["p", "n", "p", "n", "p"]},
        "Grid",
        posclass="n",
        x_bins=4,
    ),
    _case(
        "every score tied",
        {"scores": floats("0.5", "0.5", "0.5", "0.5", "0.5"), "labels": [1, 0, 1, 1, 0]},
        "Ties",
        x_bins=10,
    ),
    _case("a single class", {"scores": floats("0.5", "0.2"), "labels": [1, 1]}, "MissingClass"),
)
