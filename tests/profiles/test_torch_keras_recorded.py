"""The torchmetrics and keras twins against the tools' recorded outputs (no torch, no keras).

tests/data/torch_keras_recorded.json holds what torchmetrics 1.9.0 and keras 3.15.1 (torch
backend) returned on fixed inputs (scripts/record_torch_keras.py).  Each twin's exact value is
compared with the recorded float within a bound derived from the tools' float32 arithmetic,
u = 2**-24 (float32's unit roundoff):

- thresholds are exact input values (or the float32 grid of ``torch.linspace``): equal bit
  for bit; curve lengths: equal; a binned nan precision is the twin's None.
- a rate tp / P, fp / N or tp / (tp + fp) is one float32 division of exact integer counts
  (exact below 2**24): within u relative, so within u absolutely (rates are in [0, 1]).
- a score is a sum of n terms, each a product of at most three rounded rates (differences of
  rates in [0, 1] lose at most u absolutely), summed in float32 (at most (n - 1) u of the sum
  of |terms| <= 1 for monotone curves); keras' weighted counts tn = N - fp add u of the total
  weight.  Altogether at most (n + 8) u absolutely, n the number of curve points.  McClish's
  correction divides the partial area's error by (m - m**2/2) >= m/2, so it is multiplied by
  2/m.  keras' PR interpolation adds float32 logarithms c ln r: their rounding and
  cancellation scale with S = sum |a| + sum |c ln r| of its increments a + c ln r, so its
  bound is (n + 8) u S.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from rocpr_exact.profiles import keras as exact_keras
from rocpr_exact.profiles import torchmetrics as exact_tm

DATA = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "torch_keras_recorded.json").read_text()
)
U = 2.0**-24


def _preds(case: dict[str, Any]) -> Any:
    values = [float(p) for p in case["preds"]]
    return values if case["dtype"] == "list" else np.array(values, dtype=np.float64)


def _options(case: dict[str, Any]) -> dict[str, Any]:
    return {"thresholds": case["thresholds"], "ignore_index": case["ignore_index"]}


def _close(exact: Any, recorded: str, bound: float) -> None:
    assert abs(float(exact) - float(recorded)) <= bound, (float(exact), recorded, bound)


TORCH = DATA["torchmetrics"]


@pytest.mark.parametrize("case", TORCH, ids=[f"tm{i}" for i in range(len(TORCH))])
def test_torchmetrics_curves(case: dict[str, Any]) -> None:
    for name in ("binary_roc", "binary_precision_recall_curve"):
        twin = getattr(exact_tm, name)(_preds(case), case["target"], **_options(case))
        recorded = case["results"][name]
        assert [len(part) for part in twin] == [len(part) for part in recorded]
        for values, floats in zip(twin[:2], recorded[:2], strict=True):
            for value, text in zip(values, floats, strict=True):
                if value is None:
                    assert text == "nan"
                else:
                    _close(value, text, U)
        assert [float(t) for t in twin[2]] == [float(t) for t in recorded[2]]


@pytest.mark.parametrize("case", TORCH, ids=[f"tm{i}" for i in range(len(TORCH))])
def test_torchmetrics_scores(case: dict[str, Any]) -> None:
    n = len(case["results"]["binary_roc"][0])
    m = case["max_fpr"]
    value = exact_tm.binary_auroc(_preds(case), case["target"], max_fpr=m, **_options(case))
    _close(value, case["results"]["binary_auroc"], (n + 8) * U * (2 / m if m else 1))
    value = exact_tm.binary_average_precision(_preds(case), case["target"], **_options(case))
    _close(value, case["results"]["binary_average_precision"], (n + 8) * U)


KERAS = DATA["keras"]


@pytest.mark.parametrize("case", KERAS, ids=[f"keras{i}" for i in range(len(KERAS))])
def test_keras_auc(case: dict[str, Any]) -> None:
    weights = case["sample_weight"]
    inputs: dict[str, Any] = {
        "y_true": case["y_true"],
        "y_pred": [float(p) for p in case["y_pred"]],
        "sample_weight": None if weights is None else [float(w) for w in weights],
        **case["options"],
    }
    n = len(exact_keras.keras_thresholds(**case["options"])[0])
    for key, recorded in case["results"].items():
        curve, method = key.split("/")
        value = exact_keras.auc(**inputs, curve=curve, summation_method=method)
        scale = 1.0
        if key == "PR/interpolation":
            terms = exact_keras.pr_interpolation_terms(**inputs)
            scale += sum(abs(float(a)) + abs(float(c) * math.log(r)) for a, c, r in terms)
        _close(value, recorded, (n + 8) * U * scale)


def test_the_record_names_its_tools() -> None:
    assert {"torch", "torchmetrics", "keras"} <= set(DATA["versions"])
    assert len(TORCH) + len(KERAS) >= 36
    assert Fraction(1) == 1  # the twins' values are Fractions; the record holds floats
