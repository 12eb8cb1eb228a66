"""Record Spark's areaUnderROC and areaUnderPR on fixed inputs (tests/data/spark_recorded.json).

The default test suite checks the exact twins (rocpr_exact.profiles.spark.mllib) against
these recorded floats without starting Spark (tests/profiles/test_spark_mllib.py).  Run,
after ``pip install -e ".[test,spark]"``:

    python scripts/record_spark_mllib.py

Two routes into the one Scala implementation, both on input with one partition:
``pyspark.mllib.evaluation.BinaryClassificationMetrics`` on ``sc.parallelize(rows, 1)``
(which always down-samples to numBins = 1000) and ``pyspark.ml.evaluation.
BinaryClassificationEvaluator(numBins=k, weightCol=...)`` on a DataFrame coalesced to one
partition, for each k in the case's ``num_bins``.  Inputs and results are ``repr``
strings of doubles (exact round trip).
"""

from __future__ import annotations

import random
from importlib.metadata import version
from pathlib import Path
from typing import Any

from recording import save

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "spark_recorded.json"
METRICS = ("areaUnderROC", "areaUnderPR")


def session() -> Any:
    from rocpr_exact.engines.spark import local_session

    spark = local_session(cores=2)
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def evaluate(
    spark: Any,
    scores: list[float],
    labels: list[float],
    weights: list[float] | None,
    num_bins: list[int],
) -> dict[str, Any]:
    """{"mllib": {metric: value}, "evaluator": {numBins: {metric: value}}} as repr strings."""
    from pyspark.ml.evaluation import BinaryClassificationEvaluator
    from pyspark.mllib.evaluation import BinaryClassificationMetrics

    columns = [scores, labels] if weights is None else [scores, labels, weights]
    rows = list(zip(*columns, strict=True))
    metrics = BinaryClassificationMetrics(spark.sparkContext.parallelize(rows, 1))
    mllib = {name: repr(float(getattr(metrics, name))) for name in METRICS}
    metrics.unpersist()
    names = ["score", "label", "weight"][: len(columns)]
    frame = spark.createDataFrame(rows, names).coalesce(1)
    evaluator: dict[str, dict[str, str]] = {}
    for bins in num_bins:
        options = {"rawPredictionCol": "score", "labelCol": "label", "numBins": bins}
        if weights is not None:
            options["weightCol"] = "weight"
        evaluator[str(bins)] = {
            name: repr(
                float(BinaryClassificationEvaluator(metricName=name, **options).evaluate(frame))
            )
            for name in METRICS
        }
    return {"mllib": mllib, "evaluator": evaluator}


def cases() -> list[dict[str, Any]]:
    """Hand cases, ties, one class, odd labels, weights, imbalance, small and large numBins."""
    rng = random.Random(2006)
    out: list[dict[str, Any]] = []

    def add(
        scores: list[float],
        labels: list[float],
        weights: list[float] | None = None,
        num_bins: tuple[int, ...] = (0, 1000),
    ) -> None:
        out.append(
            {
                "scores": [repr(float(s)) for s in scores],
                "labels": [repr(float(y)) for y in labels],
                "weights": None if weights is None else [repr(float(w)) for w in weights],
                "num_bins": list(num_bins),
            }
        )

    example = [0.1, 0.1, 0.4, 0.6, 0.6, 0.6, 0.8]  # pyspark's docstring example
    add(example, [0, 1, 0, 0, 1, 1, 1], num_bins=(0, 1, 2, 3, 1000))
    add(example, [0, 1, 0, 0, 1, 1, 1], [1.0, 0.375, 0.25, 0.625, 0.875, 0.5, 0.75])
    add([0.5, 0.5, 0.5], [1, 0, 1])  # one tie group
    add([0.1, 0.2, 0.3], [1, 1, 1], num_bins=(0, 1))  # no negative
    add([0.1, 0.2, 0.3], [0, 0, 0], num_bins=(0, 1))  # no positive
    add([0.9, 0.2, 0.3, 0.4], [-1, 1, 0.5, 0.7])  # label > 0.5 is positive
    add([0.9, 0.8, 0.7, 0.6], [1, 0, 1, 0], [0.0, 0.0, 1.0, 2.0])  # zero weights first
    add([-1e300, 1e-300, 5e-324, 2.0**60, -0.0], [1, 0, 1, 0, 1], num_bins=(0, 2))
    rounded = [(60, 0.5, 1), (300, 0.3, 2), (2200, 0.3, 5), (3300, 0.5, 5), (1500, 0.001, 4)]
    for n, prevalence, digits in rounded:
        labels = [int(rng.random() < prevalence) for _ in range(n)]
        labels[0], labels[1] = 0, 1
        scores = [round(rng.random(), digits) for _ in range(n)]
        bins = (0, 1, 2, 3, 7, 100, 1000, n // 2, n)
        add(scores, labels, num_bins=bins)
        if n > 2500:
            continue
        weights = [rng.choice([0.0, 0.125, 0.5, 1.0, 2.0, 3.75, 12.25]) for _ in range(n)]
        add(scores, labels, weights, num_bins=(0, 3, 1000))
    return out


def main() -> None:
    spark = session()
    recorded = []
    for case in cases():
        weights = case["weights"]
        results = evaluate(
            spark,
            [float(s) for s in case["scores"]],
            [float(y) for y in case["labels"]],
            None if weights is None else [float(w) for w in weights],
            case["num_bins"],
        )
        recorded.append({**case, "results": results})
    spark.stop()
    save(OUT, "python scripts/record_spark_mllib.py", {"pyspark": version("pyspark")}, recorded)


if __name__ == "__main__":
    main()
