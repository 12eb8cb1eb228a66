"""Record what torchmetrics returns for its multiclass and operating-point functions.

Writes tests/data/torchmetrics_recorded.json: ``multiclass_auroc`` and
``multiclass_average_precision`` (every average), the four multiclass searches, and the four
binary searches
(``binary_recall_at_fixed_precision``, ``binary_precision_at_fixed_recall``,
``binary_specificity_at_sensitivity``, ``binary_sensitivity_at_specificity``) on fixed inputs:
random data with ties, extreme imbalance, classes missing from target, scores that collide in
float32, float64 preds, ``ignore_index`` and ``thresholds`` None / an int / a list.  The
default suite checks the exact twins against it without torch
(tests/profiles/test_torchmetrics_recorded.py).
Run, after ``pip install torch==2.13.0 && pip install -e ".[test,torch]"``:

    python scripts/record_torchmetrics_twins.py

Floats are written as ``repr`` strings (exact round trip); nan as "nan".  (The binary curves
and scores are recorded by scripts/record_torch_keras.py.)
"""

from __future__ import annotations

import datetime
import json
import random
import sys
import warnings
from importlib.metadata import version
from pathlib import Path
from typing import Any

import torch
from torchmetrics.functional import classification as tm

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "torchmetrics_recorded.json"
SEARCHES = {
    "binary_recall_at_fixed_precision": "min_precision",
    "binary_precision_at_fixed_recall": "min_recall",
    "binary_specificity_at_sensitivity": "min_sensitivity",
    "binary_sensitivity_at_specificity": "min_specificity",
}
GRID = [0.0, 0.05, 0.1, 0.25, 0.3, 0.5, 0.7, 0.75, 1.0]
#: the multiclass searches' minimum, in turn (0 with an absent class makes torchmetrics fail)
MINIMA = [0.5, 0.1, 0.9, 1 / 3, 0.75, 1.0, 0.25]


def text(x: float) -> str:
    return repr(float(x))


def score(rng: random.Random, kind: str) -> float:
    if kind == "grid":
        return rng.choice(GRID)
    if kind == "collide":  # distinct doubles, one float32 value
        return rng.choice([0.1, 0.1 + 1e-9, 0.1 - 1e-9, 0.7, 0.7 + 3e-9])
    return round(rng.random(), 2 if kind == "rounded" else 17)


def thresholds(rng: random.Random) -> Any:
    grid = sorted(rng.choice(GRID) for _ in range(4))
    drawn = [rng.random() for _ in range(rng.randint(1, 7))]
    return rng.choice([None, None, rng.randint(2, 60), grid, drawn])


def multiclass_inputs() -> list[dict[str, Any]]:
    rng = random.Random(2006)
    cases: list[dict[str, Any]] = []

    def add(preds: Any, target: Any, num_classes: int, **options: Any) -> None:
        cases.append(
            {
                "preds": _texts(preds),
                "target": target,
                "num_classes": num_classes,
                "minimum": MINIMA[len(cases) % len(MINIMA)],
                "dtype": options.get("dtype", "list"),
                "thresholds": options.get("thresholds"),
                "ignore_index": options.get("ignore_index"),
            }
        )

    eye = [[0.75 if i == j else 0.05 for j in range(5)] for i in range(4)]
    add(eye, [0, 1, 3, 2], 5)  # torchmetrics' docstring example: class 4 absent
    add(eye, [0, 1, 3, 2], 5, thresholds=5)
    add([[0.5, 0.5]] * 6, [0, 1, 0, 1, 1, 0], 2)  # all tied
    add([[0.2, 0.3, 0.5]] * 4, [0, 0, 0, 0], 3)  # every target 0: absent classes' AP is 0
    add([[0.2, 0.3, 0.5]] * 4, [0, 0, 0, 0], 3, thresholds=[0.1, 0.4])
    for size, classes, kind in (
        (30, 3, "grid"),
        (40, 4, "rounded"),
        (25, 3, "collide"),
        (60, 5, "uniform"),
        (12, 6, "grid"),  # some classes absent
        (50, 3, "uniform"),
    ):
        preds = [[score(rng, kind) for _ in range(classes)] for _ in range(size)]
        target = [rng.randrange(classes) for _ in range(size)]
        for option in (None, rng.randint(2, 40), [0.05, 0.3, 0.5, 0.7]):
            add(preds, target, classes, thresholds=option)
    skew = [[rng.random() for _ in range(3)] for _ in range(80)]
    add(skew, [2] + [0] * 79, 3)  # one example of class 2, none of class 1
    add(skew, [2] + [0] * 79, 3, thresholds=100)
    add(skew, [rng.choice([0, 1, -1]) for _ in skew], 3, ignore_index=-1)
    add(skew, [rng.randrange(3) for _ in skew], 3, dtype="float64")
    add(skew, [rng.randrange(3) for _ in skew], 3, dtype="float64", thresholds=[0.2, 0.6])
    cube = [[[rng.choice(GRID) for _ in range(2)] for _ in range(3)] for _ in range(10)]
    add(cube, [[rng.randrange(3) for _ in range(2)] for _ in range(10)], 3)  # (N, C, d)
    return cases


def multiclass_record(case: dict[str, Any]) -> dict[str, Any]:
    dtype = torch.float32 if case["dtype"] == "list" else torch.float64
    preds = torch.tensor(_floats(case["preds"]), dtype=dtype)
    target = torch.tensor(case["target"])
    options = {"thresholds": case["thresholds"], "ignore_index": case["ignore_index"]}
    results = {}
    for name in ("multiclass_auroc", "multiclass_average_precision"):
        for average in ("macro", "weighted", None):
            got = getattr(tm, name)(preds, target, case["num_classes"], average=average, **options)
            results[f"{name}/{average}"] = [text(v) for v in got.reshape(-1).tolist()]
    for name in SEARCHES:
        function = getattr(tm, name.replace("binary_", "multiclass_"))
        values, cuts = function(preds, target, case["num_classes"], case["minimum"], **options)
        results[name.replace("binary_", "multiclass_")] = [
            [text(v) for v in values.tolist()],
            [text(t) for t in cuts.tolist()],
        ]
    return {**case, "results": results}


def _texts(nested: Any) -> Any:
    return [_texts(v) for v in nested] if isinstance(nested, list) else text(nested)


def _floats(nested: Any) -> Any:
    return [_floats(v) for v in nested] if isinstance(nested, list) else float(nested)


def search_inputs() -> list[dict[str, Any]]:
    rng = random.Random(2026)
    cases: list[dict[str, Any]] = []

    def add(preds: list[float], target: list[int], minimum: float, **options: Any) -> None:
        cases.append(
            {
                "preds": [text(p) for p in preds],
                "target": target,
                "minimum": minimum,
                "dtype": options.get("dtype", "list"),
                "thresholds": options.get("thresholds"),
                "ignore_index": options.get("ignore_index"),
            }
        )

    example = [0.0, 0.5, 0.7, 0.8], [0, 1, 1, 0]  # torchmetrics' docstring example
    for minimum in (0.0, 0.5, 1.0):
        add(*example, minimum)
        add(*example, minimum, thresholds=5)
    # precision 1/10 at 0.5 decides: float32 fl(1/10) >= fl32(0.1000000015) = fl(1/10), while
    # float64 preds compare in float64, fl(1/10) < 0.1000000015
    tenth = [0.9] + [0.5] * 19, [1, 1] + [0] * 18
    add(*tenth, 0.1)
    add(*tenth, 0.1000000015)
    add(*tenth, 0.1000000015, dtype="float64")
    third = [0.9] + [0.6] * 5, [1, 0, 0, 1, 0, 0]  # precision 1/3 at 0.6, recall 1
    add(*third, 1 / 3)
    add(*third, 0.33333334)  # above 1/3, but float32 1/3 is 0.3333333432...: qualifies
    add([0.9, 0.8, 0.7, 0.6, 0.5], [1, 0, 1, 0, 1], 0.33333334)  # tpr 1/3 at 0.9, likewise
    add([0.5] * 8, [0, 1] * 4, 0.5)  # all tied
    add([0.5] * 8, [0, 1] * 4, 0.5, thresholds=3)
    add([0.2, 0.4, 0.6], [0, 1, 0], 0.0, thresholds=[0.9, 0.1, 0.5])  # nan precision first
    add([0.2, 0.4, 0.6], [0, 1, 0], 0.75, thresholds=[0.9, 0.1, 0.5])
    for _ in range(24):
        n = rng.randint(2, 50)
        kind = rng.choice(["grid", "rounded", "uniform", "collide"])
        preds = [score(rng, kind) for _ in range(n)]
        rate = rng.choice([0.05, 0.5, 0.95])  # the share of positives
        target = [int(rng.random() < rate) for _ in range(n)]
        target[0], target[1] = 0, 1
        minimum = rng.choice([0.0, 0.1, 0.25, 0.5, 0.8, 0.95, 1.0, rng.random()])
        add(preds, target, minimum, thresholds=thresholds(rng))
    skew = [rng.random() for _ in range(100)]
    add(skew, [1] + [0] * 99, 0.9)
    add(skew, [0] + [1] * 99, 0.9, thresholds=50)
    add(skew, [int(p > 0.6) for p in skew], 0.7, dtype="float64")
    add(skew, [int(p > 0.3) ^ (i % 4 == 0) for i, p in enumerate(skew)], 0.6, dtype="float64")
    add([0.1, 0.2, 0.3, 0.4, 0.5, 0.6], [0, -1, 1, 0, -1, 1], 0.5, ignore_index=-1)
    return cases


def search_record(case: dict[str, Any]) -> dict[str, Any]:
    dtype = torch.float32 if case["dtype"] == "list" else torch.float64
    preds = torch.tensor([float(p) for p in case["preds"]], dtype=dtype)
    target = torch.tensor(case["target"])
    options = {"thresholds": case["thresholds"], "ignore_index": case["ignore_index"]}
    results = {}
    for name in SEARCHES:
        value, threshold = getattr(tm, name)(preds, target, case["minimum"], **options)
        results[name] = [text(value), text(threshold)]
    return {**case, "results": results}


def main() -> None:
    warnings.filterwarnings("ignore")  # torchmetrics warns for absent classes
    record = {
        "command": "python scripts/record_torchmetrics_twins.py",
        "date": datetime.date.today().isoformat(),
        "versions": {name: version(name) for name in ("torch", "torchmetrics", "numpy")}
        | {"python": sys.version.split()[0]},
        "multiclass": [multiclass_record(case) for case in multiclass_inputs()],
        "searches": [search_record(case) for case in search_inputs()],
    }
    OUT.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(record['multiclass'])} multiclass and {len(record['searches'])} searches")


if __name__ == "__main__":
    main()
