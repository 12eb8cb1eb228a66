"""Record xgboost's ``auc`` and ``aucpr`` on fixed inputs (tests/data/xgboost_recorded.json).

The default test suite checks the exact twins (rocpr_exact.profiles.xgboost) against these
recorded floats without importing xgboost (tests/profiles/test_xgboost_spark_recorded.py).
Run, after ``pip install -e ".[test,xgboost]"``:

    python scripts/record_xgboost.py

How a metric is read on given predictions: a Booster with no trees and the identity link
(``reg:squarederror``) predicts the DMatrix's ``base_margin`` itself, as float32, so
``Booster.eval`` evaluates ``auc`` / ``aucpr`` on exactly those predictions; xgboost prints
the value with 17 decimals (``max_digits10``, fixed).  Inputs are written as ``repr``
strings of the float64 values passed (xgboost rounds them to float32); nan as "nan".
"""

from __future__ import annotations

import random
import warnings
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np
import xgboost
from recording import save

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "xgboost_recorded.json"


def evaluate(y_true: list[int], y_score: list[float], weight: list[float] | None) -> dict[str, str]:
    """xgboost's binary ``auc`` and ``aucpr`` on the predictions ``y_score`` (float32)."""
    n = len(y_true)
    matrix = xgboost.DMatrix(
        np.zeros((n, 1)),
        label=np.array(y_true, dtype=np.float64),
        base_margin=np.array(y_score, dtype=np.float64),
        weight=None if weight is None else np.array(weight, dtype=np.float64),
    )
    booster = xgboost.Booster(
        {"objective": "reg:squarederror", "eval_metric": ["auc", "aucpr"], "nthread": 1},
        [matrix],
    )
    fields = booster.eval(matrix, "data").split("\t")[1:]
    return {key.split("-")[1]: value for key, value in (f.split(":") for f in fields)}


def one_class_warning(y_true: list[int], y_score: list[float], weight: list[float] | None) -> str:
    """The text of the warning xgboost gives on this input, after its "[time] WARNING: file:line:"
    prefix ("Dataset is empty, or contains only positive or negative samples." for one class)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        evaluate(y_true, y_score, weight)
    said = [str(w.message) for w in caught]
    assert said, "xgboost gave no warning"
    return said[0].rsplit(": ", 1)[-1].strip()


def cases() -> list[dict[str, Any]]:
    """Hand cases, random data with ties, extreme imbalance, weights, float32 collisions."""
    rng = random.Random(2006)
    out: list[dict[str, Any]] = []

    def add(y_true: list[int], y_score: list[float], weight: list[float] | None = None) -> None:
        out.append(
            {
                "y_true": y_true,
                "y_score": [repr(float(s)) for s in y_score],
                "sample_weight": None if weight is None else [repr(float(w)) for w in weight],
            }
        )

    add([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    add([1, 0, 1], [0.8, 0.4, 0.35])
    add([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.8, 0.2])
    add([1, 1, 0, 0], [0.5, 0.5, 0.5, 0.5])  # one tie group
    add([1, 1], [0.1, 0.2])  # no negative: nan
    add([0, 0, 0], [0.1, 0.2, 0.3])  # no positive: nan
    add([0, 1, 1], [0.1, 0.2, 0.3], [1.0, 0.0, 0.0])  # positives of weight 0: nan
    # float32 collisions: distinct doubles, one float32 (ties to xgboost)
    add([1, 0, 1, 0], [0.5, 0.5 + 2.0**-30, 0.5 - 2.0**-40, 0.25])
    add([0, 1, 0, 1, 1], [1e-46, 1e-45, 3e-45, 1e38, 1.00000001e38])  # subnormals, large
    add([1, 0, 0, 1], [1 / 3, 0.333333343, 0.33333334, 0.1])
    for n, prevalence, digits in [
        (20, 0.5, 1),
        (50, 0.3, 1),
        (200, 0.3, 2),
        (300, 0.5, 6),
        (1000, 0.1, 2),
        (500, 0.002, 3),  # one positive or so
        (500, 0.998, 3),  # one negative or so
        (2000, 0.4, 9),  # float32 collisions among 9-digit scores
    ]:
        y = [int(rng.random() < prevalence) for _ in range(n)]
        y[0], y[1] = 0, 1
        s = [round(rng.random(), digits) for _ in range(n)]
        add(y, s)
        w = [rng.choice([1.0, 2.0, 0.5, 0.1, 3.7, 0.0, 12.25]) for _ in range(n)]
        add(y, s, w)
    for n in (30, 400):  # margins: scores outside [0, 1], negative
        y = [int(rng.random() < 0.4) for _ in range(n)]
        y[0], y[1] = 0, 1
        add(y, [rng.gauss(0, 3) for _ in range(n)])
    return out


def main() -> None:
    recorded = []
    for case in cases():
        weight = case["sample_weight"]
        results = evaluate(
            case["y_true"],
            [float(s) for s in case["y_score"]],
            None if weight is None else [float(w) for w in weight],
        )
        recorded.append({**case, "results": results})
    save(
        OUT,
        "python scripts/record_xgboost.py",
        {name: version(name) for name in ("xgboost-cpu", "numpy")},
        recorded,
    )


if __name__ == "__main__":
    main()
