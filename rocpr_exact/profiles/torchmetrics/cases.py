"""Twin vector cases for torchmetrics (:mod:`rocpr_exact.profiles.torchmetrics`).

Each input is given to the four binary functions; ``preds`` is a Python list, which torch
holds as float32.  Most inputs are those of ``tests/data/torch_keras_recorded.json``, so the
outputs torchmetrics recorded there can be checked against these vectors.  The multiclass
areas and the operating-point searches are in
:mod:`rocpr_exact.profiles.torchmetrics.more_cases`.
"""

from __future__ import annotations

from typing import Any

from rocpr_exact.profiles import torchmetrics as TWINS
from rocpr_exact.profiles.case import TwinCase, floats
from rocpr_exact.profiles.torchmetrics import more_cases as torchmetrics_more

__all__ = ["ADAPTERS", "CASES", "NOTES", "TOOL", "TWINS", "VERSION"]

TOOL = "torchmetrics"
VERSION = "torchmetrics 1.9.0"

NOTES: dict[str, str] = {
    "Ties": "Tied scores with both classes.",
    "Float32": "preds from a Python list are float32: distinct doubles may become one score.",
    "Binned": "thresholds given (an int: torch.linspace(0, 1, n) in float32; a list: those "
    "values): counts at each threshold, 'positive iff pred >= threshold'.",
    "MaxFpr": "max_fpr (float32): McClish-corrected partial AUROC.",
    "IgnoreIndex": "ignore_index: examples with that target are left out.",
    "MissingClass": "One class missing: torchmetrics warns and returns a conventional value "
    "(zero rates, recall one, AUROC 0, AP 0); the twin returns it with an OneClassWarning "
    "(the searches still raise).",
    "Logits": "A pred outside [0, 1]: torchmetrics applies preds.sigmoid() (float32 here) to "
    "every pred; the twin too (rocpr_exact.profiles.sigmoid: torch's exp is within 1 ulp, so "
    "a threshold may be one float32 away, with a ToolRoundingWarning).",
    **torchmetrics_more.NOTES,
}
#: the multiclass areas and the searches (their twins are in other profile modules)
ADAPTERS = torchmetrics_more.ADAPTERS

FUNCTIONS = (
    "binary_auroc",
    "binary_average_precision",
    "binary_roc",
    "binary_precision_recall_curve",
)


def _all(
    comment: str, preds: list[str], target: list[int], *flags: str, **options: Any
) -> list[TwinCase]:
    """The four functions on one input (max_fpr only for binary_auroc)."""
    inputs = {"preds": preds, "target": target}
    cases = []
    for function in FUNCTIONS:
        parameters = {
            k: v for k, v in options.items() if k != "max_fpr" or function == "binary_auroc"
        }
        cases.append(TwinCase(comment, function, inputs, parameters, flags))
    return cases


GRID30 = floats(*["0.0", "0.25", "0.5", "0.75", "1.0"] * 6)
SIX = floats("0.1", "0.2", "0.3", "0.4", "0.5", "0.6")

CASES: tuple[TwinCase, ...] = (
    *_all("four examples", floats("0.0", "0.5", "0.7", "0.8"), [0, 1, 1, 0]),
    *_all(
        "four examples, 5 thresholds",
        floats("0.0", "0.5", "0.7", "0.8"),
        [0, 1, 1, 0],
        "Binned",
        thresholds=5,
    ),
    *_all(
        "max_fpr 0.5", floats("0.1", "0.4", "0.35", "0.8"), [0, 0, 1, 1], "MaxFpr", max_fpr="0.5"
    ),
    *_all("every score tied", floats(*["0.5"] * 10), [0, 1] * 5, "Ties"),
    *_all(
        "30 examples on 5 values, 5 thresholds",
        GRID30,
        [0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1, 1, 0, 1, 0],
        "Ties",
        "Binned",
        thresholds=5,
    ),
    *_all(
        "30 examples, thresholds [0.25, 0.5, 0.75]",
        GRID30,
        [0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 1, 1, 0, 0],
        "Ties",
        "Binned",
        thresholds=floats("0.25", "0.5", "0.75"),
    ),
    *_all("ignore_index -1", SIX, [0, -1, 1, 0, -1, 1], "IgnoreIndex", ignore_index=-1),
    *_all(
        "unsorted thresholds [0.9, 0.1, 0.5]",
        SIX,
        [0, 1, 1, 0, 0, 1],
        "Binned",
        thresholds=floats("0.9", "0.1", "0.5"),
    ),
    *_all(
        "eight examples, float32 scores",
        floats("0.48614171", "0.77", "0.22", "0.18", "0.26", "0.82", "0.0", "0.2"),
        [0, 1, 0, 0, 1, 1, 1, 1],
    ),
    *_all(
        "0.1 and 0.100000001 are one float32",
        floats("0.1", "0.100000001", "0.7", "0.3"),
        [0, 1, 1, 0],
        "Float32",
        "Ties",
    ),
    *_all("no positive", floats("0.1", "0.2"), [0, 0], "MissingClass"),
    *_all("logits: preds outside [0, 1]", floats("-0.5", "2.0"), [0, 1], "Logits"),
    *torchmetrics_more.CASES,
)
