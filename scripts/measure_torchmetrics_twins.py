"""Agreement of the torchmetrics multiclass and search twins with torchmetrics on random cases.

For each function: the largest absolute difference between the twin's exact value and the
tool's float over N random cases (ties, grid values, float32 collisions, classes missing,
thresholds None / int / list, float32 or float64 preds, minima at 0, 1, 1/3, 0.1 and random),
and the number of cases whose threshold (searches) differs bit for bit (expected: 0).

    python scripts/measure_torchmetrics_twins.py [--seed 0] [--cases 1000]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import warnings
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np
import torch
from torchmetrics.functional import classification as tm

from rocpr_exact.errors import RocPrError
from rocpr_exact.profiles.torchmetrics import fixed, multiclass

GRID = [0.0, 0.25, 0.5, 0.75, 1.0, 0.1, 0.3, 0.7]
COLLIDE = [0.1, 0.1 + 1e-9, 0.1 - 1e-9, 0.7, 0.7 + 3e-9]


def score(rng: random.Random, kind: str) -> float:
    if kind == "grid":
        return rng.choice(GRID)
    if kind == "collide":
        return rng.choice(COLLIDE)
    return round(rng.random(), 2 if kind == "rounded" else 17)


def thresholds(rng: random.Random) -> Any:
    drawn = [rng.choice([rng.random(), rng.choice(GRID)]) for _ in range(rng.randint(1, 8))]
    return rng.choice([None, None, rng.randint(2, 100), drawn])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cases", type=int, default=1000)
    args = parser.parse_args()
    warnings.filterwarnings("ignore")
    rng = random.Random(args.seed)
    worst: dict[str, float] = {}
    counts: dict[str, int] = {}
    moved: dict[str, int] = {}
    refused: dict[str, int] = {}

    def note(name: str, exact: Any, got: float) -> None:
        counts[name] = counts.get(name, 0) + 1
        if exact is None or math.isnan(got):
            assert exact is None and math.isnan(got), (name, exact, got)
            return
        worst[name] = max(worst.get(name, 0.0), abs(float(exact) - got))

    for _ in range(args.cases):
        kind = rng.choice(["grid", "rounded", "uniform", "collide"])
        wide = rng.random() < 0.25
        dtype = torch.float64 if wide else torch.float32
        cuts = thresholds(rng)
        classes, n = rng.randint(2, 6), rng.randint(1, 60)
        preds = [[score(rng, kind) for _ in range(classes)] for _ in range(n)]
        target = [rng.randrange(classes) for _ in range(n)]
        given: Any = np.array(preds) if wide else preds
        for name in multiclass.__all__:
            for average in ("macro", "weighted", None):
                got = getattr(tm, name)(
                    torch.tensor(preds, dtype=dtype),
                    torch.tensor(target),
                    classes,
                    average=average,
                    thresholds=cuts,
                )
                twin = getattr(multiclass, name)(
                    given, target, classes, average=average, thresholds=cuts
                )
                values = twin if isinstance(twin, tuple) else (twin,)
                for value, x in zip(values, got.reshape(-1).tolist(), strict=True):
                    note(f"{name} ({average})", value, x)
        minimum = rng.choice([0.0, 0.1, 1 / 3, 0.5, 0.9, 1.0, rng.random()])
        for name in [n for n in fixed.__all__ if n.startswith("multiclass_")]:
            try:
                values, found = getattr(fixed, name)(
                    given, target, classes, minimum, thresholds=cuts
                )
            except RocPrError:  # an absent class with min_precision 0: torch fails
                refused[name] = refused.get(name, 0) + 1
                continue
            got = getattr(tm, name)(
                torch.tensor(preds, dtype=dtype),
                torch.tensor(target),
                classes,
                minimum,
                thresholds=cuts,
            )
            for value, x in zip(values, got[0].tolist(), strict=True):
                note(name, value, x)
            for t, x in zip(found, got[1].tolist(), strict=True):
                same = math.isnan(x) if t is None else float(t) == x
                moved[name] = moved.get(name, 0) + (not same)
        binary = [score(rng, kind) for _ in range(n + 2)]
        share = rng.choice([0.02, 0.5, 0.98])
        labels = [int(rng.random() < share) for _ in binary]
        labels[0], labels[1] = 0, 1
        minimum = rng.choice([0.0, 0.1, 1 / 3, 0.5, 0.9, 1.0, rng.random()])
        given = np.array(binary) if wide else binary
        for name in [n for n in fixed.__all__ if n.startswith("binary_")]:
            got = getattr(tm, name)(
                torch.tensor(binary, dtype=dtype), torch.tensor(labels), minimum, thresholds=cuts
            )
            twin = getattr(fixed, name)(given, labels, minimum, thresholds=cuts)
            note(name, twin[0], got[0].item())
            t = got[1].item()
            same = math.isnan(t) if twin[1] is None else float(twin[1]) == t
            moved[name] = moved.get(name, 0) + (not same)
    print(f"seed {args.seed}, {args.cases} random cases")
    print("| function | values compared | max absolute difference | thresholds that differ |")
    print("|---|---|---|---|")
    for name in sorted(counts):
        base = name.split(" ")[0]
        other = f"{moved.get(base, 0)} of {counts[name]:,}" if base in fixed.__all__ else "-"
        print(f"| `{name}` | {counts[name]:,} | {worst.get(name, 0.0):.3g} | {other} |")
    for name, count in sorted(refused.items()):
        print(f"{name}: {count} cases refused (an absent class with min_precision 0)")


if __name__ == "__main__":
    main()
