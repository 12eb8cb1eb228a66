"""How far xgboost's and Spark's recorded floats are from the exact twins (docs/profiles).

Reads tests/data/xgboost_recorded.json and tests/data/spark_recorded.json (no xgboost, no
Spark needed) and prints, per metric, the number of comparisons, the largest absolute
difference and the largest ratio of a difference to its bound
(tests/profiles/xgbspark_bounds.py).  Run from the repository root:

    python scripts/measure_xgboost_spark_twins.py
"""

from __future__ import annotations

import json
import math
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rocpr_exact.errors import OneClassWarning  # noqa: E402
from rocpr_exact.profiles import xgboost  # noqa: E402
from rocpr_exact.profiles.spark import mllib as spark_mllib  # noqa: E402
from tests.profiles.xgbspark_bounds import (  # noqa: E402
    spark_bound,
    xgboost_auc_bound,
    xgboost_aucpr_bound,
)


def _floats(values: list[str] | None) -> list[float] | None:
    return None if values is None else [float(v) for v in values]


def main() -> None:
    rows: dict[str, list[tuple[float, float]]] = {}
    data = json.loads((ROOT / "tests" / "data" / "xgboost_recorded.json").read_text())
    for case in data["cases"]:
        args = (case["y_true"], _floats(case["y_score"]), _floats(case["sample_weight"]))
        if case["results"]["auc"] == "nan":
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", OneClassWarning)
                same = math.isnan(xgboost.auc(*args)) and math.isnan(xgboost.aucpr(*args))
            assert same, case
            rows.setdefault("xgboost nan (twin nan)", []).append((0.0, 1.0))
            continue
        parts = xgboost.segments(*args)
        for name, twin, bound in [
            ("xgboost auc", xgboost.auc, xgboost_auc_bound(parts)),
            ("xgboost aucpr", xgboost.aucpr, xgboost_aucpr_bound(parts)),
        ]:
            gap = abs(float(twin(*args)) - float(case["results"][name.split()[1]]))
            rows.setdefault(name, []).append((gap, bound))
    data = json.loads((ROOT / "tests" / "data" / "spark_recorded.json").read_text())
    for case in data["cases"]:
        scores, labels = _floats(case["scores"]), _floats(case["labels"])
        weights = _floats(case["weights"])
        runs = [("1000", case["results"]["mllib"]), *case["results"]["evaluator"].items()]
        for bins, results in runs:
            options = {"weights": weights, "num_bins": int(bins)}
            points = len(spark_mllib.binned_counts(scores, labels, **options)) + 2
            for name, twin in [
                ("areaUnderROC", spark_mllib.area_under_roc),
                ("areaUnderPR", spark_mllib.area_under_pr),
            ]:
                gap = abs(float(twin(scores, labels, **options)) - float(results[name]))
                rows.setdefault(f"Spark {name}", []).append((gap, spark_bound(points)))
    print("| metric | comparisons | max absolute difference | max difference / bound |")
    print("|---|---|---|---|")
    for name, pairs in rows.items():
        if name.endswith("twin nan)"):
            print(f"| {name} | {len(pairs)} | - | - |")
            continue
        worst = max(gap for gap, _ in pairs)
        ratio = max(gap / bound for gap, bound in pairs)
        print(f"| {name} | {len(pairs)} | {worst:.3g} | {ratio:.3g} |")


if __name__ == "__main__":
    main()
