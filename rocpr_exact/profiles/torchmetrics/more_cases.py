"""torchmetrics' multiclass areas and operating-point searches: cases of the torchmetrics vectors.

Twins in :mod:`rocpr_exact.profiles.torchmetrics.multiclass` and
:mod:`rocpr_exact.profiles.torchmetrics.fixed`, called through :data:`ADAPTERS` (the vector
file's ``twinModule`` is the binary one).  A search returns (rate, threshold), null where
torch returns nan; a multiclass search the two per-class tuples; ``average=None`` the
per-class areas.  The inputs are those of ``tests/data/torchmetrics_recorded.json``
(scripts/record_torchmetrics_twins.py), so the outputs torchmetrics recorded there can be
checked against the vectors; ``preds`` are Python lists, held as float32.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rocpr_exact.profiles.case import TwinCase, floats
from rocpr_exact.profiles.torchmetrics import fixed as torchmetrics_fixed
from rocpr_exact.profiles.torchmetrics import multiclass as torchmetrics_multiclass

#: Datasets used by more than one case.
ONE_CLASS4 = [
    ["0.2", "0.3", "0.5"],
    ["0.2", "0.3", "0.5"],
    ["0.2", "0.3", "0.5"],
    ["0.2", "0.3", "0.5"],
]
PREDS30 = [
    ["1.0", "0.7", "0.05"],
    ["0.0", "0.5", "1.0"],
    ["0.05", "0.25", "0.25"],
    ["0.75", "0.3", "0.25"],
    ["0.25", "1.0", "0.75"],
    ["0.25", "0.05", "0.25"],
    ["0.7", "0.5", "1.0"],
    ["0.5", "0.3", "0.0"],
    ["0.75", "0.3", "0.7"],
    ["0.1", "0.1", "0.7"],
    ["0.7", "0.25", "0.05"],
    ["0.05", "0.75", "0.1"],
    ["1.0", "0.7", "1.0"],
    ["0.0", "1.0", "0.75"],
    ["0.75", "0.0", "0.25"],
    ["1.0", "0.05", "0.75"],
    ["0.3", "0.7", "0.0"],
    ["0.75", "1.0", "0.1"],
    ["0.25", "0.25", "0.1"],
    ["0.5", "0.5", "1.0"],
    ["0.75", "1.0", "0.3"],
    ["1.0", "0.25", "0.05"],
    ["0.1", "0.0", "0.05"],
    ["0.05", "1.0", "0.5"],
    ["0.75", "0.05", "0.7"],
    ["0.0", "0.05", "0.75"],
    ["1.0", "0.7", "1.0"],
    ["0.5", "0.5", "0.3"],
    ["0.3", "1.0", "0.3"],
    ["0.0", "1.0", "0.5"],
]
TARGET30 = [
    0,
    2,
    0,
    2,
    2,
    1,
    2,
    2,
    2,
    0,
    1,
    0,
    0,
    1,
    2,
    1,
    1,
    2,
    2,
    1,
    0,
    0,
    1,
    1,
    2,
    1,
    1,
    1,
    2,
    0,
]
TIED20 = [
    "0.9",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
    "0.5",
]

__all__ = ["ADAPTERS", "CASES", "NOTES"]

#: function -> the keyword of its minimum
SEARCHES = {
    "binary_recall_at_fixed_precision": "min_precision",
    "binary_precision_at_fixed_recall": "min_recall",
    "binary_specificity_at_sensitivity": "min_sensitivity",
    "binary_sensitivity_at_specificity": "min_specificity",
}
AREAS = ("multiclass_auroc", "multiclass_average_precision")

ADAPTERS: dict[str, Callable[..., Any]] = {
    **{f: getattr(torchmetrics_fixed, f) for f in SEARCHES},
    **{
        f.replace("binary", "multiclass"): getattr(
            torchmetrics_fixed, f.replace("binary", "multiclass")
        )
        for f in SEARCHES
    },
    **{f: getattr(torchmetrics_multiclass, f) for f in AREAS},
}

NOTES: dict[str, str] = {
    "NothingQualifies": "No point meets the minimum: torchmetrics returns (0, nan), or for the "
    "ROC searches (0, 1e6).",
    "AbsentClass": "A class without examples: its area is 0 (AUROC) or nan (AP), and it is "
    "left out of the macro average (AP) or counted as 0 (AUROC).",
}


def _searches(
    comment: str, preds: list[str], target: list[int], minimum: str, *flags: str, **options: Any
) -> list[TwinCase]:
    """The four binary searches on one input, each with ``minimum`` as its minimum."""
    inputs = {"preds": floats(*preds), "target": target}
    return [
        TwinCase(comment, f, inputs, {key: minimum, **options}, flags)
        for f, key in SEARCHES.items()
    ]


def _multiclass(
    comment: str,
    preds: list[list[str]],
    target: list[int],
    num_classes: int,
    minimum: str,
    averages: tuple[str | None, ...],
    *flags: str,
    **options: Any,
) -> list[TwinCase]:
    """The two areas for each average, and the four multiclass searches, on one input."""
    inputs = {"preds": [floats(*row) for row in preds], "target": target}
    out = [
        TwinCase(comment, f, inputs, {"num_classes": num_classes, "average": a, **options}, flags)
        for f in AREAS
        for a in averages
    ]
    out += [
        TwinCase(
            comment,
            f.replace("binary", "multiclass"),
            inputs,
            {"num_classes": num_classes, key: minimum, **options},
            flags,
        )
        for f, key in SEARCHES.items()
    ]
    return out


CASES: tuple[TwinCase, ...] = (
    *_searches("four examples, minimum 0", ["0.0", "0.5", "0.7", "0.8"], [0, 1, 1, 0], "0.0"),
    *_searches(
        "four examples, 5 thresholds",
        ["0.0", "0.5", "0.7", "0.8"],
        [0, 1, 1, 0],
        "0.0",
        "Binned",
        thresholds=5,
    ),
    *_searches("four examples, minimum 0.5", ["0.0", "0.5", "0.7", "0.8"], [0, 1, 1, 0], "0.5"),
    *_searches(
        "four examples, minimum 1: few qualify",
        ["0.0", "0.5", "0.7", "0.8"],
        [0, 1, 1, 0],
        "1.0",
        "NothingQualifies",
    ),
    *_searches(
        "one score above 18 tied",
        TIED20,
        [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        "0.1",
        "Ties",
    ),
    *_searches(
        "minimum 0.1000000015: the float32 0.1",
        TIED20,
        [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        "0.1000000015",
        "Float32",
    ),
    *_searches(
        "minimum 1/3 (double), ties",
        ["0.9", "0.6", "0.6", "0.6", "0.6", "0.6"],
        [1, 0, 0, 1, 0, 0],
        "0.3333333333333333",
        "Ties",
        "Float32",
    ),
    *_searches(
        "minimum 0.33333334 (float32 of 1/3)",
        ["0.9", "0.6", "0.6", "0.6", "0.6", "0.6"],
        [1, 0, 0, 1, 0, 0],
        "0.33333334",
        "Ties",
        "Float32",
    ),
    *_searches(
        "every score tied",
        ["0.5", "0.5", "0.5", "0.5", "0.5", "0.5", "0.5", "0.5"],
        [0, 1, 0, 1, 0, 1, 0, 1],
        "0.5",
        "Ties",
    ),
    *_searches(
        "thresholds [0.9, 0.1, 0.5]",
        ["0.2", "0.4", "0.6"],
        [0, 1, 0],
        "0.0",
        "Binned",
        thresholds=["0.9", "0.1", "0.5"],
    ),
    *_searches(
        "thresholds [0.9, 0.1, 0.5], minimum 0.75",
        ["0.2", "0.4", "0.6"],
        [0, 1, 0],
        "0.75",
        "Binned",
        "NothingQualifies",
        thresholds=["0.9", "0.1", "0.5"],
    ),
    *_searches(
        "ignore_index -1",
        ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6"],
        [0, -1, 1, 0, -1, 1],
        "0.5",
        "IgnoreIndex",
        ignore_index=-1,
    ),
    *_searches("no positive", ["0.1", "0.2"], [0, 0], "0.5", "MissingClass"),
    *_multiclass(
        "five classes, class 4 absent",
        [
            ["0.75", "0.05", "0.05", "0.05", "0.05"],
            ["0.05", "0.75", "0.05", "0.05", "0.05"],
            ["0.05", "0.05", "0.75", "0.05", "0.05"],
            ["0.05", "0.05", "0.05", "0.75", "0.05"],
        ],
        [0, 1, 3, 2],
        5,
        "0.5",
        ("macro", "weighted", None),
        "AbsentClass",
    ),
    *_multiclass(
        "two classes, every score tied",
        [
            ["0.5", "0.5"],
            ["0.5", "0.5"],
            ["0.5", "0.5"],
            ["0.5", "0.5"],
            ["0.5", "0.5"],
            ["0.5", "0.5"],
        ],
        [0, 1, 0, 1, 1, 0],
        2,
        "0.9",
        ("macro",),
        "Ties",
    ),
    *_multiclass(
        "only class 0 present",
        ONE_CLASS4,
        [0, 0, 0, 0],
        3,
        "0.3333333333333333",
        ("macro", None),
        "AbsentClass",
    ),
    *_multiclass(
        "only class 0, thresholds [0.1, 0.4]",
        ONE_CLASS4,
        [0, 0, 0, 0],
        3,
        "0.75",
        ("macro",),
        "AbsentClass",
        "Binned",
        thresholds=["0.1", "0.4"],
    ),
    *_multiclass(
        "30 examples, three classes",
        PREDS30,
        TARGET30,
        3,
        "1.0",
        ("macro", "weighted", None),
    ),
    *_multiclass(
        "30 examples, 18 thresholds",
        PREDS30,
        TARGET30,
        3,
        "0.25",
        ("macro",),
        "Binned",
        thresholds=18,
    ),
    *_multiclass(
        "25 examples, float32 collisions",
        [
            ["0.7", "0.700000003", "0.099999999"],
            ["0.1", "0.099999999", "0.099999999"],
            ["0.7", "0.100000001", "0.700000003"],
            ["0.700000003", "0.700000003", "0.1"],
            ["0.099999999", "0.100000001", "0.7"],
            ["0.700000003", "0.1", "0.1"],
            ["0.7", "0.100000001", "0.1"],
            ["0.1", "0.700000003", "0.1"],
            ["0.100000001", "0.099999999", "0.1"],
            ["0.100000001", "0.700000003", "0.700000003"],
            ["0.100000001", "0.700000003", "0.700000003"],
            ["0.700000003", "0.100000001", "0.7"],
            ["0.100000001", "0.1", "0.1"],
            ["0.7", "0.700000003", "0.1"],
            ["0.7", "0.700000003", "0.700000003"],
            ["0.099999999", "0.099999999", "0.100000001"],
            ["0.700000003", "0.100000001", "0.700000003"],
            ["0.099999999", "0.700000003", "0.700000003"],
            ["0.100000001", "0.7", "0.100000001"],
            ["0.1", "0.7", "0.1"],
            ["0.100000001", "0.700000003", "0.700000003"],
            ["0.700000003", "0.7", "0.7"],
            ["0.700000003", "0.099999999", "0.100000001"],
            ["0.099999999", "0.7", "0.7"],
            ["0.100000001", "0.1", "0.100000001"],
        ],
        [2, 0, 0, 2, 2, 1, 2, 0, 1, 0, 0, 0, 2, 2, 2, 1, 2, 1, 2, 0, 0, 0, 2, 1, 2],
        3,
        "0.75",
        ("macro", "weighted", None),
        "Float32",
    ),
)
