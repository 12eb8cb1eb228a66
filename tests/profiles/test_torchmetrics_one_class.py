"""One class in target: the torchmetrics twins return torchmetrics' values with its warnings.

torchmetrics 1.9.0 (``_binary_roc_compute``, ``_binary_precision_recall_curve_compute``,
``_binary_average_precision_compute``): unbinned, a missing class's rate is all zeros (ROC)
or recall all ones (PR, no positive) with a UserWarning; binned, ``_safe_divide`` gives 0 for
the ROC's 0/0 and nan for the PR curve's, without a warning.  The values below are derived by
hand from that source (each in a comment) for preds [0.2, 0.6, 0.6, 0.9]: distinct scores
0.9 > 0.6 > 0.2 with cumulative counts 1, 3, 4.  ``test_the_twins_agree_with_torchmetrics``
(-m torch) compares them with torchmetrics itself, warnings included.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction as F
from typing import Any

import numpy as np
import pytest

from rocpr_exact.errors import OneClassWarning
from rocpr_exact.profiles import torchmetrics as tm

PREDS = [0.2, 0.6, 0.6, 0.9]
#: the float32 scores torch holds
S2, S6, S9 = (F(float(np.float32(v))) for v in (0.2, 0.6, 0.9))
NO_POSITIVE = "No positive samples in targets"
NO_NEGATIVE = "No negative samples in targets"
RECALL_ONE = "No positive samples found in target, recall is undefined"


def _run(name: str, target: list[int], **options: Any) -> tuple[Any, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = getattr(tm, name)(PREDS, target, **options)
    assert all(issubclass(w.category, OneClassWarning) for w in caught)
    return value, [str(w.message) for w in caught]


def test_roc_without_positives() -> None:
    # fps 0, 1, 3, 4 (after the prepended 0) over N = 4; tpr zeros, warned
    (fpr, tpr, cuts), said = _run("binary_roc", [0, 0, 0, 0])
    assert fpr == (0, F(1, 4), F(3, 4), 1) and tpr == (0, 0, 0, 0)
    assert cuts == (1, S9, S6, S2)
    assert len(said) == 1 and NO_POSITIVE in said[0] and "torchmetrics 1.9.0" in said[0]


def test_roc_without_negatives() -> None:
    (fpr, tpr, _), said = _run("binary_roc", [1, 1, 1, 1])
    assert fpr == (0, 0, 0, 0) and tpr == (0, F(1, 4), F(3, 4), 1)
    assert len(said) == 1 and NO_NEGATIVE in said[0]


def test_binned_roc_is_zero_without_a_warning() -> None:
    # thresholds [0.1, 0.6] reversed: fps at 0.6 and 0.1 are 3 and 4; tps / 0 -> 0 (_safe_divide)
    (fpr, tpr, _), said = _run("binary_roc", [0, 0, 0, 0], thresholds=[0.1, 0.6])
    assert fpr == (F(3, 4), 1) and tpr == (0, 0) and said == []


@pytest.mark.parametrize("target", [[0, 0, 0, 0], [1, 1, 1, 1]])
@pytest.mark.parametrize("max_fpr", [None, 0.5])
def test_auroc_is_zero(target: list[int], max_fpr: float | None) -> None:
    # one rate is all zeros: trapz gives 0; with max_fpr, sum(fpr) or sum(tpr) is 0: the full area
    value, said = _run("binary_auroc", target, max_fpr=max_fpr)
    assert value == 0 and len(said) == 1


def test_pr_curve_without_positives() -> None:
    # precision tp / (tp + fp) = 0 at each score, recall set to ones (warned); then (1, 0)
    (precision, recall, cuts), said = _run("binary_precision_recall_curve", [0, 0, 0, 0])
    assert precision == (0, 0, 0, 1) and recall == (1, 1, 1, 0) and cuts == (S2, S6, S9)
    assert len(said) == 1 and RECALL_ONE in said[0]


def test_binned_pr_curve_without_positives_is_nan() -> None:
    # thresholds 0.1, 0.6, 0.95: fp 4, 3, 0; recall 0/0 = nan; precision 0, 0, nan; no warning
    curve, said = _run("binary_precision_recall_curve", [0, 0, 0, 0], thresholds=[0.1, 0.6, 0.95])
    assert curve[0] == (0, 0, None, 1) and curve[1] == (None, None, None, 0) and said == []


@pytest.mark.parametrize("thresholds", [None, 5])
def test_average_precision_without_positives_is_zero(thresholds: int | None) -> None:
    # unbinned: -((0 - 1) * 0) = 0 (the last real precision is 0); binned: nan recall -> 0
    value, said = _run("binary_average_precision", [0, 0, 0, 0], thresholds=thresholds)
    assert value == 0 and len(said) == (1 if thresholds is None else 0)


@pytest.mark.torch
@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("target", [[0, 0, 0, 0], [1, 1, 1, 1], [0, -1, 0, 0]])
@pytest.mark.parametrize("thresholds", [None, 5, [0.1, 0.6]])
def test_the_twins_agree_with_torchmetrics(target: list[int], thresholds: Any) -> None:
    torch = pytest.importorskip("torch")
    functional = pytest.importorskip("torchmetrics.functional.classification")
    for name in FUNCTIONS:
        with warnings.catch_warnings(record=True) as tool_said:
            warnings.simplefilter("always")
            tool = getattr(functional, name)(
                torch.tensor(PREDS), torch.tensor(target), thresholds=thresholds, ignore_index=-1
            )
        twin, said = _run(name, target, thresholds=thresholds, ignore_index=-1)
        assert [s.split(": ", 1)[1] for s in said] == [str(w.message) for w in tool_said]
        assert _close(_floats(tool), _floats(twin)), name


FUNCTIONS = (
    "binary_roc",
    "binary_precision_recall_curve",
    "binary_auroc",
    "binary_average_precision",
)


def _floats(value: Any) -> Any:
    if isinstance(value, tuple) or (hasattr(value, "tolist") and getattr(value, "ndim", 0)):
        return [_floats(v) for v in (value.tolist() if hasattr(value, "tolist") else value)]
    return math.nan if value is None else float(value)


def _close(a: Any, b: Any) -> bool:
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(map(_close, a, b))
    return (math.isnan(a) and math.isnan(b)) or abs(a - b) <= 2**-24
