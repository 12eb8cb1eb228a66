"""Twin vector cases for scikit-learn (:mod:`rocpr_exact.profiles.sklearn`).

Each case is a call of sklearn's own function with sklearn's keyword parameters; the
conventions exercised are named by the flags (:data:`NOTES`).
"""

from __future__ import annotations

from typing import Any

from rocpr_exact.profiles import sklearn as TWINS
from rocpr_exact.profiles.case import TwinCase, floats

__all__ = ["CASES", "NOTES", "TOOL", "TWINS", "VERSION"]

TOOL = "sklearn"
VERSION = "scikit-learn 1.9.1"

NOTES: dict[str, str] = {
    "Ties": "Tied scores with both classes: one threshold, a diagonal ROC segment.",
    "Int64Scores": "Integer scores stay int64: 2**53 + 1 and 2**53 are distinct (as floats "
    "they would tie).",
    "Weights": "sample_weight: an integer weight w counts as w rows; float weights at their "
    "binary value (sklearn's float sums may round).",
    "ZeroWeight": "A weight of 0: sklearn drops the example before it picks thresholds.",
    "MaxFpr": "max_fpr: the partial area up to fpr = max_fpr (its float64 value), with "
    "McClish's correction.",
    "PosLabel": "The positive label is not 1, or is chosen by pos_label.",
    "MissingClass": "Only one class: sklearn warns and returns nan (roc_auc_score, roc_curve "
    "rates: null) or a conventional value (average_precision_score 0.0, precision_recall_curve "
    "recall 1); the twin returns the same, with sklearn's warning as a OneClassWarning.",
    "Refused": "sklearn raises ValueError.",
    "Multiclass": "Multiclass y_true with probabilities: multi_class 'ovr' or 'ovo' (Hand & "
    "Till), and an average.",
    "Multilabel": "Multilabel indicator y_true: one binary score per column, averaged.",
    "DropIntermediate": "drop_intermediate: thresholds that are not corners are dropped.",
}

Y4 = [0, 0, 1, 1]
S4 = floats("0.1", "0.4", "0.35", "0.8")
Y_TIES = [1, 1, 0, 0, 1, 0, 1, 0]
S_TIES = floats("0.9", "0.7", "0.7", "0.7", "0.3", "0.3", "0.2", "0.1")
Y3 = [0, 1, 2, 2, 1, 0, 2, 1]
P3 = [
    floats("0.5", "0.25", "0.25"),
    floats("0.25", "0.5", "0.25"),
    floats("0.125", "0.125", "0.75"),
    floats("0.25", "0.25", "0.5"),
    floats("0.5", "0.25", "0.25"),
    floats("0.25", "0.5", "0.25"),
    floats("0.375", "0.125", "0.5"),
    floats("0.125", "0.375", "0.5"),
]
YML = [[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 1], [1, 0, 0]]
SML = [
    floats("0.9", "0.2", "0.6"),
    floats("0.6", "0.8", "0.7"),
    floats("0.6", "0.6", "0.65"),
    floats("0.2", "0.1", "0.9"),
    floats("0.3", "0.7", "0.3"),
]
W8 = floats("0.5", "1.25", "2.0", "0.1", "3.0", "0.75", "1.0", "0.3")


def _roc(
    comment: str, inputs: dict[str, Any], parameters: dict[str, Any] | None = None, *flags: str
) -> TwinCase:
    return TwinCase(comment, "roc_auc_score", inputs, parameters or {}, flags)


def _ap(
    comment: str, inputs: dict[str, Any], parameters: dict[str, Any] | None = None, *flags: str
) -> TwinCase:
    return TwinCase(comment, "average_precision_score", inputs, parameters or {}, flags)


def _curves(
    comment: str, inputs: dict[str, Any], parameters: dict[str, Any] | None, *flags: str
) -> list[TwinCase]:
    return [
        TwinCase(comment, name, inputs, parameters or {}, flags)
        for name in ("roc_curve", "precision_recall_curve", "det_curve")
    ]


CASES: tuple[TwinCase, ...] = (
    _roc("scikit-learn documentation example", {"y_true": Y4, "y_score": S4}),
    _roc("ties within and across classes", {"y_true": Y_TIES, "y_score": S_TIES}, None, "Ties"),
    _roc(
        "int64 scores 2**53 + 1 > 2**53: a negative above a positive",
        {"y_true": [1, 0, 1], "y_score": [9007199254740992, 9007199254740993, 1]},
        None,
        "Int64Scores",
    ),
    _roc(
        "integer weights",
        {"y_true": Y_TIES, "y_score": S_TIES, "sample_weight": [2, 1, 3, 1, 1, 4, 2, 5]},
        None,
        "Ties",
        "Weights",
    ),
    _roc(
        "float weights, not dyadic",
        {"y_true": Y_TIES, "y_score": S_TIES, "sample_weight": W8},
        None,
        "Ties",
        "Weights",
    ),
    _roc(
        "a weight 0 removes the only negative at the top score",
        {
            "y_true": [0, 1, 0, 1],
            "y_score": floats("0.9", "0.8", "0.3", "0.2"),
            "sample_weight": [0, 1, 1, 1],
        },
        None,
        "Weights",
        "ZeroWeight",
    ),
    _roc("max_fpr 0.5", {"y_true": Y_TIES, "y_score": S_TIES}, {"max_fpr": "0.5"}, "MaxFpr"),
    _roc(
        "max_fpr 0.1, a cut inside a diagonal segment",
        {"y_true": Y_TIES, "y_score": S_TIES},
        {"max_fpr": "0.1"},
        "Ties",
        "MaxFpr",
    ),
    _roc(
        "max_fpr with weights",
        {"y_true": Y_TIES, "y_score": S_TIES, "sample_weight": W8},
        {"max_fpr": "0.3"},
        "Weights",
        "MaxFpr",
    ),
    _roc(
        "labels 1 and 2: the greater is positive",
        {"y_true": [1, 2, 2, 1, 2], "y_score": floats("0.2", "0.9", "0.4", "0.5", "0.1")},
        None,
        "PosLabel",
    ),
    _roc(
        "only negatives: sklearn returns nan",
        {"y_true": [0, 0], "y_score": floats("0.1", "0.2")},
        None,
        "MissingClass",
    ),
    _roc(
        "only positives: sklearn returns nan",
        {"y_true": [1, 1], "y_score": floats("0.1", "0.2")},
        None,
        "MissingClass",
    ),
    _roc("an infinite score", {"y_true": [0, 1], "y_score": floats("0.5", "inf")}, None, "Refused"),
    _roc(
        "multiclass ovr, macro", {"y_true": Y3, "y_score": P3}, {"multi_class": "ovr"}, "Multiclass"
    ),
    _roc(
        "multiclass ovr, weighted by prevalence",
        {"y_true": Y3, "y_score": P3},
        {"multi_class": "ovr", "average": "weighted"},
        "Multiclass",
    ),
    _roc(
        "multiclass ovr, one AUC per class",
        {"y_true": Y3, "y_score": P3},
        {"multi_class": "ovr", "average": None},
        "Multiclass",
    ),
    _roc(
        "multiclass ovo (Hand & Till), macro",
        {"y_true": Y3, "y_score": P3},
        {"multi_class": "ovo"},
        "Multiclass",
    ),
    _roc(
        "multiclass ovo, weighted",
        {"y_true": Y3, "y_score": P3},
        {"multi_class": "ovo", "average": "weighted"},
        "Multiclass",
    ),
    _roc(
        "multiclass ovr with sample weights",
        {"y_true": Y3, "y_score": P3, "sample_weight": W8},
        {"multi_class": "ovr"},
        "Multiclass",
        "Weights",
    ),
    _roc(
        "multiclass without multi_class",
        {"y_true": Y3, "y_score": P3},
        None,
        "Multiclass",
        "Refused",
    ),
    _roc("multilabel, macro", {"y_true": YML, "y_score": SML}, None, "Multilabel", "Ties"),
    _roc("multilabel, micro", {"y_true": YML, "y_score": SML}, {"average": "micro"}, "Multilabel"),
    _roc(
        "multilabel, samples", {"y_true": YML, "y_score": SML}, {"average": "samples"}, "Multilabel"
    ),
    _roc(
        "multilabel, per column", {"y_true": YML, "y_score": SML}, {"average": None}, "Multilabel"
    ),
    _ap("scikit-learn documentation example", {"y_true": Y4, "y_score": S4}),
    _ap("ties", {"y_true": Y_TIES, "y_score": S_TIES}, None, "Ties"),
    _ap("pos_label 0", {"y_true": Y_TIES, "y_score": S_TIES}, {"pos_label": 0}, "PosLabel"),
    _ap(
        "float weights",
        {"y_true": Y_TIES, "y_score": S_TIES, "sample_weight": W8},
        None,
        "Ties",
        "Weights",
    ),
    _ap(
        "no positive: sklearn warns and returns 0.0",
        {"y_true": [0, 0, 0], "y_score": floats("0.1", "0.2", "0.3")},
        None,
        "MissingClass",
    ),
    _ap("multilabel, macro", {"y_true": YML, "y_score": SML}, None, "Multilabel"),
    _ap("multilabel, micro", {"y_true": YML, "y_score": SML}, {"average": "micro"}, "Multilabel"),
    _ap(
        "multilabel, weighted",
        {"y_true": YML, "y_score": SML},
        {"average": "weighted"},
        "Multilabel",
    ),
    _ap(
        "multilabel, samples", {"y_true": YML, "y_score": SML}, {"average": "samples"}, "Multilabel"
    ),
    _ap(
        "multilabel, per column, weighted samples",
        {
            "y_true": YML,
            "y_score": SML,
            "sample_weight": floats("1.0", "0.5", "2.0", "0.25", "1.5"),
        },
        {"average": None},
        "Multilabel",
        "Weights",
    ),
    _ap(
        "multiclass, macro (one-vs-rest columns)", {"y_true": Y3, "y_score": P3}, None, "Multiclass"
    ),
    *_curves("scikit-learn documentation example", {"y_true": Y4, "y_score": S4}, None),
    *_curves(
        "ties, drop_intermediate False",
        {"y_true": Y_TIES, "y_score": S_TIES},
        {"drop_intermediate": False},
        "Ties",
    ),
    *_curves(
        "collinear thresholds, drop_intermediate True",
        {
            "y_true": [1, 1, 1, 0, 0, 1, 0, 0],
            "y_score": floats("0.9", "0.8", "0.7", "0.6", "0.5", "0.4", "0.3", "0.2"),
        },
        {"drop_intermediate": True},
        "DropIntermediate",
    ),
    *_curves(
        "float weights and a zero weight",
        {"y_true": Y_TIES, "y_score": S_TIES, "sample_weight": [*W8[:7], "0.0"]},
        None,
        "Ties",
        "Weights",
        "ZeroWeight",
    ),
    *_curves(
        "labels -1 and 1, pos_label -1",
        {"y_true": [-1, 1, 1, -1, 1], "y_score": floats("0.2", "0.9", "0.4", "0.5", "0.1")},
        {"pos_label": -1},
        "PosLabel",
    ),
    *_curves(
        "only negatives", {"y_true": [0, 0], "y_score": floats("0.1", "0.2")}, None, "MissingClass"
    ),
)
