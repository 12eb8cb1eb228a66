"""Record MLstatkit's ``Delong_test`` on fixed inputs (tests/data/mlstatkit_recorded.json).

The default test suite checks the exact twin (rocpr_exact.profiles.mlstatkit) against these
recorded floats without importing MLstatkit (tests/profiles/test_mlstatkit.py).  Run, after
``pip install -e ".[test,mlstatkit]"``:

    python scripts/record_mlstatkit.py

Floats are written with ``repr`` (an exact round trip); cases where MLstatkit took its
bootstrap fallback are recorded with ``"method": "bootstrap"``.
"""

from __future__ import annotations

import random
import warnings
from importlib.metadata import version
from pathlib import Path
from typing import Any

from MLstatkit import Delong_test
from recording import save

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "mlstatkit_recorded.json"


def case(labels: list[int], first: list[float], second: list[float]) -> dict[str, Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        z, p, ci_a, ci_b, auc_a, auc_b, info = Delong_test(
            labels, first, second, random_state=0, n_boot=200
        )
    return {
        "labels": labels,
        "first": [repr(v) for v in first],
        "second": [repr(v) for v in second],
        "method": info["method"],
        "z": repr(z),
        "p": repr(p),
        "ci_a": [repr(v) for v in ci_a],
        "ci_b": [repr(v) for v in ci_b],
        "auc_a": repr(auc_a),
        "auc_b": repr(auc_b),
    }


def main() -> None:
    rng = random.Random(20250901)
    cases = []
    for n, prevalence, digits, separation in (
        (8, 0.5, 1, 0.3),
        (30, 0.5, 2, 0.3),
        (100, 0.1, 2, 0.5),
        (300, 0.5, 3, 0.2),
        (1000, 0.03, 3, 0.4),
        (60, 0.8, 1, 0.1),
        (500, 0.5, 8, 1.5),
        (40, 0.5, 12, 0.3),
    ):
        labels = [int(rng.random() < prevalence) for _ in range(n)]
        labels[:4] = [1, 1, 0, 0]
        first = [round(rng.random() + separation * y, digits) for y in labels]
        second = [round(0.5 * f + 0.5 * rng.random(), digits) for f in first]
        cases.append(case(labels, first, second))
    # the same ranking twice (var = 0) and one positive: MLstatkit's bootstrap fallback
    cases.append(case([1, 0, 1, 0, 0], [0.9, 0.1, 0.8, 0.3, 0.2], [0.9, 0.1, 0.8, 0.3, 0.2]))
    cases.append(case([1, 0, 0, 0], [0.9, 0.1, 0.8, 0.3], [0.2, 0.1, 0.8, 0.3]))
    save(OUT, "python scripts/record_mlstatkit.py", {"MLstatkit": version("MLstatkit")}, cases)


if __name__ == "__main__":
    main()
