"""Record what Spark returns on one-class input (tests/data/spark_one_class_recorded.json).

    pip install -e ".[test,spark]" && python scripts/record_spark_one_class.py

Per case (one class by labels, by a label <= 0.5, or by weights of 0): pyspark's
``BinaryClassificationMetrics`` (numBins 1000) ``areaUnderROC``, ``areaUnderPR`` and the
Scala ``roc()`` and ``pr()`` curves (read through ``_java_model``), and
``BinaryClassificationEvaluator`` for each of the case's ``num_bins``; every input on one
partition; doubles as ``repr`` strings.  Spark raises nothing and warns nothing here: run
with ``setLogLevel("WARN")`` and ``local_session(quiet=False)`` it logs no line for these
inputs (checked 2026-11-26, pyspark 4.3.0).  tests/profiles/test_spark_one_class.py checks
the twins (rocpr_exact.profiles.spark.mllib) against this file without Spark.
"""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path
from typing import Any

from record_spark_mllib import evaluate, session
from recording import save

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "spark_one_class_recorded.json"
S = [0.2, 0.6, 0.6, 0.9, 0.4, 0.1]


def cases() -> list[dict[str, Any]]:
    """One class of nonzero weight, with ties, with and without down-sampling."""
    out: list[dict[str, Any]] = []

    def add(labels: list[float], weights: list[float] | None = None) -> None:
        out.append(
            {
                "scores": [repr(float(s)) for s in S],
                "labels": [repr(float(y)) for y in labels],
                "weights": None if weights is None else [repr(float(w)) for w in weights],
                "num_bins": [0, 1, 2, 1000],
            }
        )

    add([0, 0, 0, 0, 0, 0])
    add([1, 1, 1, 1, 1, 1])
    add([0.5, 0.25, -1, 0, 0.5, 0])  # labels <= 0.5: all negatives
    add([0, 1, 0, 1, 1, 0], [1, 0, 2, 0, 0, 0.5])  # positives of weight 0
    add([0, 1, 0, 1, 1, 0], [0, 1, 0, 2, 0.5, 0])  # negatives of weight 0
    return out


def curves(spark: Any, rows: list[tuple[float, ...]]) -> dict[str, list[list[str]]]:
    """The Scala ``roc()`` and ``pr()`` of pyspark's BinaryClassificationMetrics."""
    from pyspark.mllib.evaluation import BinaryClassificationMetrics

    metrics = BinaryClassificationMetrics(spark.sparkContext.parallelize(rows, 1))
    java = metrics._java_model
    out = {
        name: [[repr(float(p._1())), repr(float(p._2()))] for p in getattr(java, name)().collect()]
        for name in ("roc", "pr")
    }
    metrics.unpersist()
    return out


def main() -> None:
    spark = session()
    recorded = []
    for case in cases():
        scores = [float(s) for s in case["scores"]]
        labels = [float(y) for y in case["labels"]]
        weights = None if case["weights"] is None else [float(w) for w in case["weights"]]
        results = evaluate(spark, scores, labels, weights, case["num_bins"])
        columns = [scores, labels] if weights is None else [scores, labels, weights]
        results["curves"] = curves(spark, list(zip(*columns, strict=True)))
        recorded.append({**case, "results": results})
    spark.stop()
    save(OUT, "python scripts/record_spark_one_class.py", {"pyspark": version("pyspark")}, recorded)


if __name__ == "__main__":
    main()
