"""Record what torchmetrics and keras return on fixed inputs (tests/data/torch_keras_recorded.json).

The default test suite checks the exact twins (rocpr_exact.profiles.torchmetrics and .keras)
against these recorded floats without importing torch or keras
(tests/profiles/test_torch_keras_recorded.py).  Run, after ``pip install -e ".[test,torch,keras]"``:

    KERAS_BACKEND=torch python scripts/record_torch_keras.py

Floats are written as ``repr`` strings (exact round trip); nan as "nan".
"""

from __future__ import annotations

import datetime
import json
import os
import random
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

os.environ.setdefault("KERAS_BACKEND", "torch")

import keras
import numpy as np
import torch
from torchmetrics.functional.classification import (
    binary_auroc,
    binary_average_precision,
    binary_precision_recall_curve,
    binary_roc,
)

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "torch_keras_recorded.json"


def text(x: float) -> str:
    return repr(float(x))


def torch_inputs() -> list[dict[str, Any]]:
    """Each case: preds, target, dtype, thresholds, ignore_index, max_fpr."""
    rng = random.Random(2006)
    cases: list[dict[str, Any]] = []

    def add(preds: list[float], target: list[int], **options: Any) -> None:
        cases.append(
            {
                "preds": [text(p) for p in preds],
                "target": target,
                "dtype": options.get("dtype", "list"),
                "thresholds": options.get("thresholds"),
                "ignore_index": options.get("ignore_index"),
                "max_fpr": options.get("max_fpr"),
            }
        )

    add([0, 0.5, 0.7, 0.8], [0, 1, 1, 0])  # torchmetrics' own example
    add([0, 0.5, 0.7, 0.8], [0, 1, 1, 0], thresholds=5)
    add([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1], max_fpr=0.5)
    add([0.5] * 10, [0, 1] * 5)  # all tied
    add([0.5] * 10, [0, 1] * 5, thresholds=11)
    ties = [rng.choice([0.1, 0.3, 0.3, 0.6, 0.9]) for _ in range(40)]
    add(ties, [rng.randint(0, 1) for _ in range(40)])
    add(ties, [rng.randint(0, 1) for _ in range(40)], thresholds=[0.05, 0.3, 0.6, 0.95])
    grid = [i / 4 for i in range(5)] * 6  # scores exactly on the grid of thresholds=5
    add(grid, [rng.randint(0, 1) for _ in range(30)], thresholds=5)
    add(grid, [rng.randint(0, 1) for _ in range(30)], thresholds=[0.25, 0.5, 0.75])
    skew = [rng.random() for _ in range(60)]
    add(skew, [1] + [0] * 59)  # one positive in sixty
    add(skew, [1] + [0] * 59, thresholds=100)
    add(skew, [0] + [1] * 59, max_fpr=0.3)
    add(skew, [int(p > 0.7) ^ (i % 7 == 0) for i, p in enumerate(skew)], max_fpr=0.1)
    add(skew, [int(p > 0.5) for p in skew], dtype="float64")
    add(
        skew,
        [int(p > 0.4) ^ (i % 5 == 0) for i, p in enumerate(skew)],
        dtype="float64",
        thresholds=37,
    )
    add([0.1, 0.2, 0.3, 0.4, 0.5, 0.6], [0, -1, 1, 0, -1, 1], ignore_index=-1)
    add([0.1, 0.2, 0.3, 0.4, 0.5, 0.6], [0, 1, 1, 0, 0, 1], thresholds=[0.9, 0.1, 0.5])  # unsorted
    for size, n in ((8, None), (25, 7), (50, 200), (15, None)):
        preds = [round(rng.random(), rng.choice([1, 2, 8])) for _ in range(size)]
        target = [rng.randint(0, 1) for _ in range(size)]
        target[0], target[1] = 0, 1
        add(preds, target, thresholds=n)
    return cases


def torch_record(case: dict[str, Any]) -> dict[str, Any]:
    values = [float(p) for p in case["preds"]]
    preds = (
        torch.tensor(values)
        if case["dtype"] == "list"
        else torch.tensor(values, dtype=torch.float64)
    )
    target = torch.tensor(case["target"])
    options = {"thresholds": case["thresholds"], "ignore_index": case["ignore_index"]}
    out: dict[str, Any] = {
        "binary_auroc": text(binary_auroc(preds, target, max_fpr=case["max_fpr"], **options)),
        "binary_average_precision": text(binary_average_precision(preds, target, **options)),
    }
    for name, function in (
        ("binary_roc", binary_roc),
        ("binary_precision_recall_curve", binary_precision_recall_curve),
    ):
        out[name] = [
            [text(v) for v in part.tolist()] for part in function(preds, target, **options)
        ]
    return {**case, "results": out}


def keras_inputs() -> list[dict[str, Any]]:
    rng = random.Random(2026)
    cases: list[dict[str, Any]] = []

    def add(y_true: list[int], y_pred: list[float], **options: Any) -> None:
        weights = options.pop("sample_weight", None)
        cases.append(
            {
                "y_true": y_true,
                "y_pred": [text(p) for p in y_pred],
                "sample_weight": None if weights is None else [text(w) for w in weights],
                "options": options,
            }
        )

    add([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    add([0, 1] * 6, [0.5] * 12)  # all tied
    on_grid = [i / 199 for i in range(0, 200, 9)]  # exactly on the default grid
    add([rng.randint(0, 1) for _ in on_grid[:-2]] + [0, 1], on_grid)
    add(
        [0, 1, 0, 1, 1, 0, 1, 0, 1, 1],
        [i / 4 for i in (0, 1, 1, 2, 2, 3, 3, 4, 4, 4)],
        num_thresholds=5,
    )
    skew = [rng.random() for _ in range(60)]
    add([1] + [0] * 59, skew)
    add([0] * 55 + [1] * 5, skew, num_thresholds=1000)
    add([int(p > 0.6) ^ (i % 6 == 0) for i, p in enumerate(skew)], skew, num_thresholds=7)
    add(
        [int(p > 0.5) ^ (i % 4 == 0) for i, p in enumerate(skew)],
        skew,
        thresholds=[0.25, 0.5, 0.75],
    )
    add(
        [int(p > 0.3) ^ (i % 3 == 0) for i, p in enumerate(skew)],
        skew,
        thresholds=[0.1, 0.15, 0.6, 0.62],
    )
    add([int(p > 0.5) for p in skew], skew, sample_weight=[rng.randint(0, 4) for _ in skew])
    add(
        [int(p > 0.4) ^ (i % 5 == 0) for i, p in enumerate(skew)],
        skew,
        sample_weight=[rng.random() for _ in skew],
    )
    add([0, 1, 1, 0, 1], [-0.5, 0.2, 1.7, 0.9, 0.9])  # outside [0, 1]: clipped on the even grid
    add([0, 1, 1, 0, 1], [0.05, 0.2, 0.7, 0.9, 0.9], thresholds=[0.5, 0.1])  # unsorted
    for size in (6, 20, 45):
        y_pred = [round(rng.random(), rng.choice([1, 2, 8])) for _ in range(size)]
        y_true = [rng.randint(0, 1) for _ in range(size)]
        y_true[0], y_true[1] = 0, 1
        add(y_true, y_pred, num_thresholds=rng.choice([2, 3, 50, 200]))
    return cases


def keras_record(case: dict[str, Any]) -> dict[str, Any]:
    results = {}
    for curve in ("ROC", "PR"):
        for method in ("interpolation", "minoring", "majoring"):
            metric = keras.metrics.AUC(curve=curve, summation_method=method, **case["options"])
            weights = case["sample_weight"]
            metric.update_state(
                np.array(case["y_true"]),
                np.array([float(p) for p in case["y_pred"]]),
                sample_weight=None if weights is None else np.array([float(w) for w in weights]),
            )
            results[f"{curve}/{method}"] = text(metric.result())
    return {**case, "results": results}


def main() -> None:
    record = {
        "command": "KERAS_BACKEND=torch python scripts/record_torch_keras.py",
        "date": datetime.date.today().isoformat(),
        "versions": {name: version(name) for name in ("torch", "torchmetrics", "keras", "numpy")}
        | {"python": sys.version.split()[0]},
        "torchmetrics": [torch_record(case) for case in torch_inputs()],
        "keras": [keras_record(case) for case in keras_inputs()],
    }
    OUT.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    print(
        f"{OUT}: {len(record['torchmetrics'])} torchmetrics and {len(record['keras'])} keras cases"
    )


if __name__ == "__main__":
    main()
