"""Agreement of the torchmetrics and keras twins with the tools on random cases.

For each function: the largest relative and absolute difference between the twin's exact value
and the tool's float, over N random binary cases (ties, grid values, uniform scores; for
torchmetrics thresholds None / int / list, max_fpr half of the time; for keras every curve and
summation method, num_thresholds or explicit thresholds, integer or float weights).  Curves are
compared point by point (rates) and thresholds bit for bit.

    KERAS_BACKEND=torch python scripts/measure_torch_keras_twins.py [--seed 0] [--cases 1000]
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
from collections import defaultdict
from pathlib import Path

os.environ.setdefault("KERAS_BACKEND", "torch")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import keras
import numpy as np
import torch
from torchmetrics.functional import classification as tm

from rocpr_exact.errors import RocPrError
from rocpr_exact.profiles import keras as exact_keras
from rocpr_exact.profiles import torchmetrics as exact_tm

GRID = [0.0, 0.25, 0.5, 0.75, 1.0, 0.1, 0.3, 0.7]


def data(rng: random.Random) -> tuple[list[float], list[int]]:
    n = rng.randint(2, 60)
    kind = rng.choice(["grid", "uniform", "rounded"])
    preds = [
        rng.choice(GRID) if kind == "grid" else round(rng.random(), 2 if kind == "rounded" else 17)
        for _ in range(n)
    ]
    target = [rng.randint(0, 1) for _ in range(n)]
    target[0], target[1] = 0, 1
    return preds, target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cases", type=int, default=1000)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    worst: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])

    def note(name: str, exact: object, got: float) -> None:
        value = float(exact)  # type: ignore[arg-type]
        entry = worst[name]
        entry[0] = max(entry[0], abs(value - got) / abs(value) if value else abs(got))
        entry[1] = max(entry[1], abs(value - got))
        entry[2] += 1

    for _ in range(args.cases):
        preds, target = data(rng)
        thresholds = rng.choice([None, rng.randint(2, 300), sorted(rng.random() for _ in range(5))])
        max_fpr = rng.choice([None, rng.uniform(0.05, 0.95)])
        tensors = torch.tensor(preds), torch.tensor(target)
        try:
            twin = exact_tm.binary_auroc(preds, target, max_fpr=max_fpr, thresholds=thresholds)
            note("binary_auroc", twin, tm.binary_auroc(*tensors, max_fpr, thresholds).item())
        except RocPrError:
            worst["binary_auroc refused"][2] += 1
        twin = exact_tm.binary_average_precision(preds, target, thresholds=thresholds)
        note(
            "binary_average_precision",
            twin,
            tm.binary_average_precision(*tensors, thresholds).item(),
        )
        for name in ("binary_roc", "binary_precision_recall_curve"):
            got = getattr(tm, name)(*tensors, thresholds=thresholds)
            mine = getattr(exact_tm, name)(preds, target, thresholds=thresholds)
            assert [len(p) for p in mine] == [len(p) for p in got], name
            assert [float(t) for t in mine[2]] == got[2].tolist(), name
            for values, floats in zip(mine[:2], got[:2], strict=True):
                for value, x in zip(values, floats.tolist(), strict=True):
                    if value is None:
                        assert math.isnan(x)
                    else:
                        note(name + " (points)", value, x)
        y_pred, y_true = data(rng)
        options = rng.choice(
            [
                {},
                {"num_thresholds": rng.randint(2, 300)},
                {"thresholds": [rng.random() for _ in range(6)]},
            ]
        )
        weight = rng.choice([None, "int", "float"])
        sample_weight = None
        if weight:
            sample_weight = [rng.randint(0, 3) if weight == "int" else rng.random() for _ in y_true]
            sample_weight[0] = sample_weight[1] = 1
        for curve in ("ROC", "PR"):
            for method in ("interpolation", "minoring", "majoring"):
                metric = keras.metrics.AUC(curve=curve, summation_method=method, **options)
                metric.update_state(
                    np.array(y_true),
                    np.array(y_pred),
                    sample_weight=None if sample_weight is None else np.array(sample_weight),
                )
                twin_value = exact_keras.auc(
                    y_true,
                    y_pred,
                    curve=curve,
                    summation_method=method,
                    sample_weight=sample_weight,
                    **options,
                )
                note(f"AUC {curve}/{method}", twin_value, float(metric.result()))
    for name, (relative, absolute, count) in sorted(worst.items()):
        print(f"{name:40} {count:6} cases  max rel {relative:.3g}  max abs {absolute:.3g}")


if __name__ == "__main__":
    main()
