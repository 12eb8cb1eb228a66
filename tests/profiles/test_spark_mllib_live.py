"""The Spark twins against a local Spark session (``-m spark``).

Run: ``pip install -e ".[test,spark]" && pytest -m spark tests/profiles``.  pyspark is
imported inside the tests only.  Spark is asked as scripts/record_spark_mllib.py asks it
(one partition; the mllib class and the ml evaluator); bounds from
tests/profiles/xgbspark_bounds.py.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rocpr_exact.profiles.spark import mllib as twin
from tests.profiles.test_spark_mllib import CASES, _inputs
from tests.profiles.xgbspark_bounds import check_exact_sums, spark_bound

pytestmark = pytest.mark.spark
SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "record_spark_mllib.py"


@pytest.fixture(scope="module")
def recorder() -> Iterator[tuple[Any, Any]]:
    pytest.importorskip("pyspark", reason="pyspark is not installed (extra: spark)")
    if str(SCRIPT.parent) not in sys.path:  # the script imports scripts/recording.py
        sys.path.insert(0, str(SCRIPT.parent))
    spec = importlib.util.spec_from_file_location("record_spark_mllib", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    session = module.session()
    yield module, session
    session.stop()


@pytest.mark.parametrize("case", CASES, ids=[f"spark{i}" for i in range(len(CASES))])
def test_the_record_is_what_spark_returns(recorder: tuple[Any, Any], case: dict[str, Any]) -> None:
    module, session = recorder
    assert module.evaluate(session, *_inputs(case), case["num_bins"]) == case["results"]


def _random_cases() -> list[tuple[list[float], list[float], list[float] | None]]:
    rng = random.Random(16)
    out: list[tuple[list[float], list[float], list[float] | None]] = [
        ([0.0, -0.0], [1.0, 0.0], None),  # -0.0 and 0.0 are one score to Spark
        ([-0.0, 0.0, 0.5], [1.0, 0.0, 1.0], [0.5, 2.0, 0.0]),
    ]
    for _ in range(12):
        n = rng.randint(2, 80)
        scores = [rng.choice([0.0, 0.25, 0.5, 1.0, rng.uniform(-5, 5)]) for _ in range(n)]
        labels = [rng.choice([0.0, 1.0, 1.0, -1.0, 0.75]) for _ in range(n)]
        weights = [rng.choice([0.0, 0.125, 1.0, 3.75]) for _ in range(n)] if n % 2 else None
        out.append((scores, labels, weights))
    return out


@pytest.mark.parametrize("case", _random_cases())
def test_twins_match_spark_on_random_data(recorder: tuple[Any, Any], case: Any) -> None:
    module, session = recorder
    scores, labels, weights = case
    check_exact_sums(weights)
    bins = [0, 1, 2, 3, 5, 1000]
    got = module.evaluate(session, scores, labels, weights, bins)
    for key, results in [("1000", got["mllib"]), *got["evaluator"].items()]:
        points = len(twin.binned_counts(scores, labels, weights=weights, num_bins=int(key)))
        for name, area in [
            ("areaUnderROC", twin.area_under_roc),
            ("areaUnderPR", twin.area_under_pr),
        ]:
            value = area(scores, labels, weights=weights, num_bins=int(key))
            assert abs(float(value) - float(results[name])) <= spark_bound(points + 2), (key, name)
