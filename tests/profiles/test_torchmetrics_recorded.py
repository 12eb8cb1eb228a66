"""The multiclass and operating-point torchmetrics twins against torchmetrics' recorded outputs.

tests/data/torchmetrics_recorded.json holds what torchmetrics 1.9.0 returned on fixed inputs
(scripts/record_torchmetrics_twins.py); no torch here.  Bounds, u = 2**-24 (float32's unit
roundoff):

- a search's rate is one float32 division of exact counts (within u), a specificity
  fl32(1 - fl32(fpr)) two roundings (within 2u); its threshold is an input value, the float32
  grid or torchmetrics' 1e6, equal bit for bit, and nan is the twin's None.  The twin decides
  on torchmetrics' float32 rates, so it picks the same point: a different pick would differ
  by a whole step of the curve, far above u, or in the threshold.
- a class's AUROC or AP is within (n + 8) u, n its curve's length (tests/profiles/
  test_torch_keras_recorded.py); macro averages them in float32 (C - 1 more roundings of a
  sum at most C, then a division), weighted multiplies each by a float32 weight n_c / N:
  (n + 2C + 10) u bounds both, n the longest curve (examples + 1, or thresholds + 1).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from rocpr_exact.profiles.torchmetrics import fixed, multiclass

DATA = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "torchmetrics_recorded.json").read_text()
)
U = 2.0**-24
MULTICLASS = DATA["multiclass"]
SEARCHES = DATA["searches"]


def _floats(nested: Any) -> Any:
    return [_floats(v) for v in nested] if isinstance(nested, list) else float(nested)


def _preds(case: dict[str, Any]) -> Any:
    values = _floats(case["preds"])
    return values if case["dtype"] == "list" else np.array(values, dtype=np.float64)


def _same(exact: Any, recorded: str, bound: float) -> None:
    if exact is None:
        assert recorded == "nan"
    else:
        assert abs(float(exact) - float(recorded)) <= bound, (float(exact), recorded, bound)


def _longest(case: dict[str, Any]) -> int:
    cuts = case["thresholds"]
    if cuts is None:
        return len(np.ravel(case["target"])) + 1
    return (cuts if isinstance(cuts, int) else len(cuts)) + 1


@pytest.mark.parametrize("case", MULTICLASS, ids=[f"mc{i}" for i in range(len(MULTICLASS))])
def test_multiclass(case: dict[str, Any]) -> None:
    classes = case["num_classes"]
    bound = (_longest(case) + 2 * classes + 10) * U
    for key, recorded in case["results"].items():
        if "/" not in key:  # a search: below
            continue
        name, average = key.split("/")
        got = getattr(multiclass, name)(
            _preds(case),
            case["target"],
            classes,
            average=None if average == "None" else average,
            thresholds=case["thresholds"],
            ignore_index=case["ignore_index"],
        )
        values = got if isinstance(got, tuple) else (got,)
        assert len(values) == len(recorded)
        for value, text in zip(values, recorded, strict=True):
            _same(value, text, bound)


@pytest.mark.parametrize("case", MULTICLASS, ids=[f"mc{i}" for i in range(len(MULTICLASS))])
def test_multiclass_searches(case: dict[str, Any]) -> None:
    searches = {k: v for k, v in case["results"].items() if "/" not in k}
    assert len(searches) == 4
    for name, (values, thresholds) in searches.items():
        got, cuts = getattr(fixed, name)(
            _preds(case),
            case["target"],
            case["num_classes"],
            case["minimum"],
            thresholds=case["thresholds"],
            ignore_index=case["ignore_index"],
        )
        for value, text in zip(got, values, strict=True):
            _same(value, text, 2 * U if "specificity_at" in name else U)
        assert [math.nan if t is None else float(t) for t in cuts] == pytest.approx(
            [float(t) for t in thresholds], rel=0, abs=0, nan_ok=True
        )


@pytest.mark.parametrize("case", SEARCHES, ids=[f"search{i}" for i in range(len(SEARCHES))])
def test_searches(case: dict[str, Any]) -> None:
    for name, (value, threshold) in case["results"].items():
        got = getattr(fixed, name)(
            _preds(case),
            case["target"],
            case["minimum"],
            thresholds=case["thresholds"],
            ignore_index=case["ignore_index"],
        )
        _same(got[0], value, 2 * U if "specificity_at" in name else U)
        assert (threshold == "nan") if got[1] is None else float(got[1]) == float(threshold)


def test_the_record_covers_the_edges() -> None:
    assert {"torch", "torchmetrics"} <= set(DATA["versions"])
    options = [case["thresholds"] for case in MULTICLASS + SEARCHES]
    assert {type(t).__name__ for t in options} == {"NoneType", "int", "list"}
    absent = [c for c in MULTICLASS if len(set(np.ravel(c["target"]))) < c["num_classes"]]
    assert len(absent) >= 5
    none_found = [
        c for c in SEARCHES for v in c["results"].values() if v[1] in ("nan", "1000000.0")
    ]
    assert none_found
