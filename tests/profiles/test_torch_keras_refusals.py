"""What the torchmetrics and keras twins refuse, and what they compute by hand (no torch).

Every refusal is a RocPrError subclass with a one-line message naming the parameter.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from rocpr_exact.errors import InvalidInputError, OneClassWarning, RocPrError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.profiles import keras as exact_keras
from rocpr_exact.profiles import torchmetrics as exact_tm
from rocpr_exact.profiles.ieee import FLOAT32, FLOAT64, round_binary

F = Fraction
TM = [
    exact_tm.binary_auroc,
    exact_tm.binary_average_precision,
    exact_tm.binary_roc,
    exact_tm.binary_precision_recall_curve,
]


def _refuses(error: type[RocPrError], word: str, call: Any, *args: Any, **kwargs: Any) -> None:
    with pytest.raises(error) as caught:
        call(*args, **kwargs)
    message = str(caught.value)
    assert "\n" not in message and word in message, message


@pytest.mark.parametrize("function", TM, ids=lambda f: f.__name__)
def test_torchmetrics_refusals(function: Any) -> None:
    half = np.array([-0.5, 1.5], dtype=np.float16)  # float16 logits: torch's sigmoid not modelled
    _refuses(InvalidInputError, "preds", function, half, [0, 1])
    _refuses(InvalidInputError, "preds", function, [0, 1], [0, 1])  # int preds
    _refuses(InvalidInputError, "preds", function, [math.nan, 0.5], [0, 1])
    _refuses(InvalidInputError, "target", function, [0.2, 0.4], [0.0, 1.0])
    _refuses(InvalidInputError, "target", function, [0.2, 0.4], [0, 2])
    _refuses(InvalidInputError, "shape", function, [0.2, 0.4, 0.5], [0, 1])
    _refuses(InvalidInputError, "thresholds", function, [0.2, 0.4], [0, 1], thresholds=1)
    _refuses(InvalidInputError, "thresholds", function, [0.2, 0.4], [0, 1], thresholds=[1])
    _refuses(InvalidInputError, "thresholds", function, [0.2, 0.4], [0, 1], thresholds="5")
    _refuses(InvalidInputError, "ignore_index", function, [0.2], [0], ignore_index=0)
    _refuses(InvalidInputError, "ignore_index", function, [0.2], [0], ignore_index=1.5)


def test_torchmetrics_class_and_max_fpr_refusals() -> None:
    # one class: values and warnings in tests/profiles/test_torchmetrics_one_class.py
    assert exact_tm.binary_average_precision([0.2, 0.4], [1, 1]) == 1  # PR needs no negative
    for bad in (0.0, 1.5, 1, "0.5"):
        _refuses(InvalidInputError, "max_fpr", exact_tm.binary_auroc, [0.2, 0.4], [0, 1], bad)
    _refuses(  # torch.bucketize needs increasing fpr
        InvalidInputError,
        "max_fpr",
        exact_tm.binary_auroc,
        [0.2, 0.4, 0.6],
        [0, 1, 0],
        0.5,
        thresholds=[0.5, 0.1, 0.9],
    )


def test_torchmetrics_hand_cases() -> None:
    # ignore_index drops the -1 rows; preds 0.9 at the ignored row would be out of range: fine
    assert exact_tm.binary_auroc([0.1, 7.0, 0.8], [0, -1, 1], ignore_index=-1) == 1
    # float32: 0.1 and 0.1 + 1e-9 tie in float32, not in float64
    tie = [0.1, 0.1 + 1e-9]
    assert len(exact_tm.binary_roc(tie, [0, 1])[0]) == 2
    assert len(exact_tm.binary_roc(np.array(tie), [0, 1])[0]) == 3
    # binned: scores on the grid count (preds >= t); above every score precision is nan (None)
    p, r, t = exact_tm.binary_precision_recall_curve([0.5, 0.25], [1, 0], thresholds=3)
    assert p == (F(1, 2), F(1), None, F(1)) and r == (F(1), F(1), F(0), F(0))
    assert t == (F(0), F(1, 2), F(1))
    # max_fpr = 1/2 (float32 exact): partial area 1/4 of a perfect ranking -> McClish 1
    assert exact_tm.binary_auroc([0.1, 0.9], [0, 1], max_fpr=0.5) == 1
    assert exact_tm.linspace_grid(2) == [0, 1]


def test_keras_refusals() -> None:
    auc = exact_keras.auc
    _refuses(InvalidInputError, "curve", auc, [0, 1], [0.2, 0.4], curve="PRGAIN")
    _refuses(InvalidInputError, "summation_method", auc, [0, 1], [0.2, 0.4], summation_method="x")
    _refuses(InvalidInputError, "y_true", auc, [0, 2], [0.2, 0.4])
    _refuses(InvalidInputError, "y_true", auc, [[0, 1]], [[0.2, 0.4]])
    _refuses(InvalidInputError, "y_pred", auc, [0, 1], [0.2, math.nan])
    _refuses(InvalidInputError, "y_pred", auc, [0, 1], [0.2])
    _refuses(InvalidInputError, "sample_weight", auc, [0, 1], [0.2, 0.4], sample_weight=[1, -1])
    _refuses(InvalidInputError, "sample_weight", auc, [0, 1], [0.2, 0.4], sample_weight=[1])
    _refuses(InvalidInputError, "num_thresholds", auc, [0, 1], [0.2, 0.4], num_thresholds=1)
    _refuses(InvalidInputError, "num_thresholds", auc, [0, 1], [0.2, 0.4], num_thresholds=2.5)

    # Both PR areas divide by P = 0 with divide_no_nan (0); every ROC rate on the missing
    # class's axis is divide_no_nan(0, 0) = 0, so no step has width or height: 0.0, silently
    # in keras, with an OneClassWarning here.
    for curve in ("ROC", "PR"):
        for method in ("interpolation", "minoring", "majoring"):
            options = {"curve": curve, "summation_method": method}
            for y, w in (([0, 0], None), ([0, 1], [1, 0])):
                with pytest.warns(OneClassWarning, match="no positive.*keras returns 0.0"):
                    assert auc(y, [0.2, 0.4], sample_weight=w, **options) == 0
    with pytest.warns(OneClassWarning, match="no negative"):
        assert auc([1, 1], [0.2, 0.4]) == 0
    # PR needs no negative; at 1 + eps precision is divide_no_nan(0, 0) = 0, so minoring
    # gives the last recall step (1/2 to 0) height 0: 1/2 * 1 + 1/2 * 0
    assert auc([1, 1], [0.2, 0.4], curve="PR", summation_method="minoring") == F(1, 2)


def test_keras_hand_cases() -> None:
    # 0.5 is on the grid of num_thresholds=3: keras' bucket puts it at index 0 (p > t fails)
    assert exact_keras.confusion_at_thresholds([1], [0.5], num_thresholds=3)[0] == (1, 0, 0)
    # explicit thresholds [0.5] are evenly spaced: the same buckets as num_thresholds=3
    assert exact_keras.keras_thresholds(thresholds=[0.5])[1]
    assert not exact_keras.keras_thresholds(thresholds=[0.4])[1]
    # outside [0, 1]: clipped on the even grid, compared raw otherwise
    assert exact_keras.confusion_at_thresholds([1], [1.7], num_thresholds=3)[0] == (1, 1, 0)
    assert exact_keras.confusion_at_thresholds([1], [1.7], thresholds=[0.4])[0] == (1, 1, 1)
    # PR interpolation: P = 1 positive at 0.75, a negative at 0.25, T = 3: the interval from
    # (tp, p) = (1, 2) to (1, 1) has slope 0 (no area); from (1, 1) to (0, 0): p_B = 0, so the
    # ratio is 1 and the area is slope * dtp / P = 1.  A rational ClosedForm.
    value = exact_keras.auc([0, 1], [0.25, 0.75], curve="PR", num_thresholds=3)
    assert isinstance(value, ClosedForm) and value == 1
    # a log term, by hand: positives at 0.9 and 0.3, negatives at 0.6, 0.55 and 0.2,
    # thresholds -eps, 0.5, 1 + eps: (tp, p) = (2, 5), (1, 3), (0, 0).  First interval: slope
    # dtp/dp = 1/2, intercept 1 - 3/2 = -1/2, ratio 5/3: (1/2)(1 - (1/2) ln(5/3)) / 2.  Second:
    # slope 1/3, p_B = 0 so ratio 1: (1/3)(1) / 2.  Total 5/12 - (1/8) ln(5/3).
    value = exact_keras.auc(
        [1, 0, 0, 1, 0], [0.9, 0.6, 0.55, 0.3, 0.2], curve="PR", thresholds=[0.5]
    )
    assert isinstance(value, ClosedForm) and not value.is_rational
    assert value == ClosedForm.log(F(5, 3), F(-1, 8)) + F(5, 12)


def test_round_binary() -> None:
    assert round_binary(F(1, 3), FLOAT64) == F(1 / 3)
    assert round_binary(F(1, 3), FLOAT32) == F(float(np.float32(1 / 3)))
    assert round_binary(F(2**-150), FLOAT32) == 0  # a tie below the least subnormal: to even
    assert round_binary(F(3, 2**151), FLOAT32) == F(2**-149)
    assert round_binary(-F(1, 3), FLOAT32) == -round_binary(F(1, 3), FLOAT32)


def test_the_package_never_imports_the_tools() -> None:
    """The twins reproduce formulas from the tools' source: no module imports them."""
    import ast
    from pathlib import Path

    package = Path(exact_tm.__file__).resolve().parents[2]  # rocpr_exact/
    tools = {"torch", "torchmetrics", "keras", "tensorflow", "jax"}
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not {name.split(".")[0] for name in names} & tools, path


def test_threshold_grids_are_bounded_by_max_grid_points() -> None:
    # A 2**24-point keras grid or a 2**20-point torchmetrics linspace ran for minutes (each point
    # an exact Fraction); past max_grid_points they are refused at once, and the limit lifts.
    from rocpr_exact import limits
    from rocpr_exact.errors import ResourceLimitError

    with pytest.raises(ResourceLimitError, match="keras' num_thresholds: 16,777,216 grid points"):
        exact_keras.auc([1, 0, 1], [0.5, 0.2, 0.7], num_thresholds=2**24)
    with pytest.raises(ResourceLimitError, match="torchmetrics' thresholds: 1,048,576 grid"):
        exact_tm.binary_precision_recall_curve([0.5, 0.2, 0.7], [1, 0, 1], thresholds=2**20)
    with limits.using(max_grid_points=50):
        with pytest.raises(ResourceLimitError, match="max_grid_points = 50"):
            exact_keras.auc([1, 0, 1], [0.5, 0.2, 0.7], num_thresholds=51)
        exact_keras.auc([1, 0, 1], [0.5, 0.2, 0.7], num_thresholds=50)


def test_where_torch_fails_with_index_error_the_twin_does_too() -> None:
    # binned at (0.3, 0.6): FP counts 1 and 0 of N = 2, so the last fpr is 1/2 = max_fpr and
    # torch's bucketize indexes past the end (the live tests check torch's IndexError)
    with pytest.raises(IndexError, match="not below the last fpr") as refused:
        preds, target = [0.1, 0.9, 0.4, 0.8], [0, 1, 0, 1]
        exact_tm.binary_auroc(preds, target, max_fpr=0.5, thresholds=[0.3, 0.6])
    assert isinstance(refused.value, RocPrError)
