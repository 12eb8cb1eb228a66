"""Record what torchmetrics returns for logits (preds outside [0, 1]: it applies a sigmoid).

Writes tests/data/torchmetrics_logits_recorded.json: the four binary functions
(``binary_roc``, ``binary_precision_recall_curve``, ``binary_auroc``,
``binary_average_precision``) on random logits: Gaussian and wide (saturating: many sigmoids
round to 0 or 1 and tie), a few logits among probabilities (one value outside [0, 1] turns
every pred into a sigmoid), float32 (a Python list) and float64 preds, lengths 3 to 160
(torch's vector loop and its scalar tail), thresholds None / an int / a list, ignore_index
and max_fpr.  tests/profiles/test_torchmetrics_logits.py checks the exact twins against it
without torch.  Run, after ``pip install -e ".[test,torch]"``:

    python scripts/record_torchmetrics_logits.py

Floats are written as ``repr`` strings (exact round trip); nan as "nan".
"""

from __future__ import annotations

import random
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import torch
from recording import save
from torchmetrics.functional.classification import (
    binary_auroc,
    binary_average_precision,
    binary_precision_recall_curve,
    binary_roc,
)

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "torchmetrics_logits_recorded.json"
CASES = 120


def logits(rng: random.Random, n: int) -> list[float]:
    kind = rng.choice(["gauss", "wide", "mixed", "small"])
    if kind == "gauss":
        return [rng.gauss(0, 2) for _ in range(n)]
    if kind == "wide":  # sigmoids saturate at 0 and 1 (float32 past about +-17)
        return [rng.uniform(-40, 40) for _ in range(n)]
    if kind == "small":  # near 0: the sigmoid's rounding decides ties
        return [rng.uniform(-1e-3, 1e-3) + rng.choice([0, 1.5]) for _ in range(n)]
    values = [round(rng.random(), 2) for _ in range(n)]
    values[rng.randrange(n)] = rng.choice([-0.5, 1.5, 3.0, -2.0])  # one logit: all sigmoids
    return values


def case(rng: random.Random) -> dict[str, Any]:
    n = rng.choice([3, 8, 15, 20, 31, 33, 64, 100, 160])
    target = [rng.randint(0, 1) for _ in range(n)]
    target[0], target[1] = 0, 1  # both classes
    ignore = rng.random() < 0.15
    if ignore:
        target[2] = -1
    drawn = sorted(rng.random() for _ in range(rng.randint(1, 6)))
    return {
        "preds": [repr(p) for p in logits(rng, n)],
        "target": target,
        "dtype": rng.choice(["list", "list", "float64"]),
        "thresholds": rng.choice([None, None, rng.randint(2, 50), drawn]),
        "ignore_index": -1 if ignore else None,
        "max_fpr": rng.choice([None, None, 0.5, 0.25]),
    }


def record(inputs: dict[str, Any]) -> dict[str, Any]:
    values = [float(p) for p in inputs["preds"]]
    dtype = torch.float32 if inputs["dtype"] == "list" else torch.float64
    preds, target = torch.tensor(values, dtype=dtype), torch.tensor(inputs["target"])
    options = {"thresholds": inputs["thresholds"], "ignore_index": inputs["ignore_index"]}
    calls = {
        "binary_auroc": lambda: binary_auroc(preds, target, max_fpr=inputs["max_fpr"], **options),
        "binary_average_precision": lambda: binary_average_precision(preds, target, **options),
        "binary_roc": lambda: binary_roc(preds, target, **options),
        "binary_precision_recall_curve": lambda: binary_precision_recall_curve(
            preds, target, **options
        ),
    }
    results: dict[str, Any] = {}
    for name, call in calls.items():
        try:
            out = call()
        except (IndexError, ValueError, RuntimeError) as error:  # recorded: the twin refuses
            results[name] = f"error: {type(error).__name__}"
            continue
        if isinstance(out, tuple):
            results[name] = [[repr(float(v)) for v in part.tolist()] for part in out]
        else:
            results[name] = repr(float(out))
    return {**inputs, "results": results}


def main() -> None:
    rng = random.Random(2026)
    cases = [record(case(rng)) for _ in range(CASES)]
    versions = {name: version(name) for name in ("torch", "torchmetrics", "numpy")}
    versions["cpu_capability"] = torch.backends.cpu.get_cpu_capability()
    save(OUT, "python scripts/record_torchmetrics_logits.py", versions, cases)


if __name__ == "__main__":
    main()
