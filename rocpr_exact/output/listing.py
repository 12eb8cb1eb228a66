"""The exact curve as lists: ROC points, PR points and the PR curve on a recall grid.

AUCCalculator writes ``.roc``, ``.pr`` and ``.spr`` files: the ROC points, the
interpolated PR points, and the PR curve sampled at fixed recalls.  Here the
same information is exact: every ROC point (FPR, TPR), every PR point
(recall, precision) of a threshold that predicts something positive, and the
precision of the PR curve (:meth:`Curve.precision_at`, the upper value at a
vertical drop, the limit at recall 0) at recall 0, h, 2h, ... and 1 for a step h.
The schema of the JSON form is ``rocpr_exact/schemas/curve.schema.json``.
"""

from __future__ import annotations

import json
from fractions import Fraction
from importlib import resources
from typing import Any

from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.display import number
from rocpr_exact.limits import check_grid_points

__all__ = ["curve_listing", "curve_schema", "format_listing", "recall_grid"]


def recall_grid(step: Fraction) -> list[Fraction]:
    """Recalls 0, step, 2 step, ... up to 1, with 1 added when the step does not reach it.

    >>> recall_grid(Fraction(1, 4))
    [Fraction(0, 1), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1, 1)]
    >>> recall_grid(Fraction(2, 5))[-2:]
    [Fraction(4, 5), Fraction(1, 1)]
    """
    if isinstance(step, bool) or not isinstance(step, int | Fraction) or not 0 < step <= 1:
        raise InvalidInputError(f"the recall step must be an exact number in (0, 1], got {step}")
    count = int(1 // step)
    check_grid_points(
        count + 2,
        f"a recall step of {step} gives {count + 1:,} or more grid points, which",
        "a larger step gives fewer; ",
    )
    grid = [step * k for k in range(count + 1)]
    if grid[-1] != 1:
        grid.append(Fraction(1))
    return grid


def curve_listing(curve: Curve, recall_step: Fraction, digits: int) -> dict[str, Any]:
    """ROC points, PR points and the PR curve on a recall grid, each number exact and decimal.

    Needs P > 0 and N > 0.  O(points + grid points x log points).

    >>> listing = curve_listing(Curve.from_scores([3, 2, 1], [1, 0, 1]), Fraction(1, 2), 3)
    >>> [(p["tp"], p["fp"], p["precision"]["exact"]) for p in listing["pr"]]
    [(1, 0, '1'), (1, 1, '1/2'), (2, 1, '2/3')]
    >>> [(g["recall"]["exact"], g["precision"]["decimal"]) for g in listing["pr_grid"]]
    [('0', '1.000'), ('1/2', '1.000'), ('1', '0.667')]
    """
    roc = [
        {
            "tp": c.tp,
            "fp": c.fp,
            "fpr": number(c.fpr, digits),
            "tpr": number(c.tpr, digits),
        }
        for c in curve.points
    ]
    pr = [
        {
            "tp": c.tp,
            "fp": c.fp,
            "recall": number(c.recall, digits),
            "precision": number(c.precision, digits),
        }
        for c in curve.points
        if c.tp + c.fp > 0
    ]
    grid = [
        {"recall": number(r, digits), "precision": number(curve.precision_at(r), digits)}
        for r in recall_grid(recall_step)
    ]
    return {
        "positives": curve.positives,
        "negatives": curve.negatives,
        "digits": digits,
        "recall_step": str(recall_step),
        "roc": roc,
        "pr": pr,
        "pr_grid": grid,
    }


def format_listing(listing: dict[str, Any]) -> str:
    """A text form: three tables of decimals (the exact values are in the JSON form)."""
    lines = [f"positives {listing['positives']}  negatives {listing['negatives']}", "", "ROC"]
    lines += ["TP FP FPR TPR"]
    lines += [
        f"{p['tp']} {p['fp']} {p['fpr']['decimal']} {p['tpr']['decimal']}" for p in listing["roc"]
    ]
    lines += ["", "PR", "TP FP recall precision"]
    lines += [
        f"{p['tp']} {p['fp']} {p['recall']['decimal']} {p['precision']['decimal']}"
        for p in listing["pr"]
    ]
    lines += ["", f"PR curve, recall step {listing['recall_step']}", "recall precision"]
    lines += [f"{g['recall']['decimal']} {g['precision']['decimal']}" for g in listing["pr_grid"]]
    return "\n".join(lines)


def curve_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :func:`curve_listing` output."""
    text = resources.files("rocpr_exact").joinpath("schemas/curve.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema
