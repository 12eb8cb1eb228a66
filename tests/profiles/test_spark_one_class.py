"""One class of nonzero weight: the Spark twins against Spark's record, value and warning.

tests/data/spark_one_class_recorded.json is pyspark 4.3.0's own output (areas of the mllib
class and of the ml evaluator for several numBins, and the Scala ``roc()`` / ``pr()``
curves), recorded by scripts/record_spark_one_class.py; this test needs no Spark.  Spark
returns numbers silently (recall or FPR 0 by convention); the twin returns the same numbers
with an OneClassWarning.  Every recorded double is one division of exact counts (weights 0,
0.5, 1, 2), so the twin's exact value rounds to it exactly.
"""

from __future__ import annotations

import json
import warnings
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rocpr_exact.errors import OneClassWarning
from rocpr_exact.profiles import spark as twin

RECORD = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "spark_one_class_recorded.json").read_text()
)
CASES: list[dict[str, Any]] = RECORD["cases"]
AREAS = {"areaUnderROC": twin.area_under_roc, "areaUnderPR": twin.area_under_pr}


def _inputs(case: dict[str, Any]) -> dict[str, Any]:
    weights = case["weights"]
    return {
        "scores": [float(s) for s in case["scores"]],
        "labels": [float(y) for y in case["labels"]],
        "weights": None if weights is None else [float(w) for w in weights],
    }


def _warned(function: Any, **arguments: Any) -> tuple[Any, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = function(**arguments)
    return value, [str(w.message) for w in caught if issubclass(w.category, OneClassWarning)]


def _no_positive(case: dict[str, Any]) -> bool:
    data = _inputs(case)
    weights = data["weights"] or [1.0] * len(data["labels"])
    return not any(w for y, w in zip(data["labels"], weights, strict=True) if y > 0.5)


def test_the_record_has_both_missing_classes() -> None:
    assert RECORD["versions"]["pyspark"] == "4.3.0"
    assert sum(_no_positive(c) for c in CASES) == 3 and len(CASES) == 5
    areas = {v for c in CASES for v in c["results"]["mllib"].values()}
    assert areas == {"0.0", "1.0"}


@pytest.mark.parametrize("case", CASES, ids=[f"spark-one-class{i}" for i in range(len(CASES))])
def test_twin_gives_what_spark_gave_and_warns(case: dict[str, Any]) -> None:
    data = _inputs(case)
    runs = [(1000, case["results"]["mllib"])]
    runs += [(int(bins), results) for bins, results in case["results"]["evaluator"].items()]
    for bins, results in runs:
        for name, area in AREAS.items():
            value, said = _warned(area, **data, num_bins=bins)
            assert isinstance(value, Fraction) and value == Fraction(results[name]), (name, bins)
            warns = name == "areaUnderROC" or _no_positive(case)
            assert len(said) == int(warns), (name, said)
            assert all(s.startswith(f"{twin.VERSION}: no ") for s in said)
    for name in ("roc", "pr"):
        curve, said = _warned(getattr(twin, name), **data)
        assert [[float(x), float(y)] for x, y in curve] == [
            [float(x), float(y)] for x, y in case["results"]["curves"][name]
        ], name
        assert len(said) == int(name == "roc" or _no_positive(case))


def test_two_classes_do_not_warn() -> None:
    value, said = _warned(twin.area_under_roc, scores=[0.1, 0.2], labels=[0, 1], num_bins=0)
    assert value == 1 and said == []
