"""Record xgboost's ``auc`` / ``aucpr`` on every case of vectors/twins/xgboost.json.

Writes tests/data/xgboost_vector_results.json, a RESULTS file for
``rocpr-exact check --profile xgboost``: per tcId the value xgboost prints (17 decimals, as a
string, read exactly), ``null`` where it gives nan, ``{"error": ...}`` where it raises.
Predictions are read as in scripts/record_xgboost.py (a Booster without trees predicts the
DMatrix's base_margin, as float32).  Run, after ``pip install -e ".[test,xgboost]"``:

    python scripts/record_xgboost_twin_vectors.py
"""

from __future__ import annotations

import json
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np
import xgboost

from rocpr_exact.profiles.case import decode

ROOT = Path(__file__).resolve().parents[1]
VECTORS = ROOT / "vectors" / "twins" / "xgboost.json"
OUT = ROOT / "tests" / "data" / "xgboost_vector_results.json"


def evaluate(function: str, y_true: Any, y_score: Any, sample_weight: Any = None) -> Any:
    """xgboost's value of ``function`` on the predictions (text), None for nan."""
    n = len(y_true)
    try:
        matrix = xgboost.DMatrix(
            np.zeros((n, 1)),
            label=np.array(y_true, dtype=np.float64),
            base_margin=np.array(y_score, dtype=np.float64),
            weight=None if sample_weight is None else np.array(sample_weight, dtype=np.float64),
        )
        booster = xgboost.Booster(
            {"objective": "reg:squarederror", "eval_metric": [function], "nthread": 1},
            [matrix],
        )
        text = booster.eval(matrix, "data").split("\t")[1].split(":")[1]
    except xgboost.core.XGBoostError as exc:
        reason = str(exc).splitlines()[0].split("] ", 1)[-1].split(": ", 1)[-1]  # no time, path
        return {"error": f"XGBoostError: {reason[:200]}"}
    return None if text == "nan" else text


def main() -> int:
    vectors = json.loads(VECTORS.read_text())
    results = {
        str(case["tcId"]): evaluate(case["function"], **decode(case["input"]))
        for group in vectors["testGroups"]
        for case in group["tests"]
    }
    data = {
        "implementation": f"xgboost-cpu {version('xgboost-cpu')} (numpy {np.__version__}), "
        "recorded by scripts/record_xgboost_twin_vectors.py",
        "results": results,
    }
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"{len(results)} results written to {OUT}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
