"""Spark at scale: our certified report of a cached DataFrame against Spark's own metrics.

For each positive rate, the same cached DataFrame of ``--rows`` distinct float scores
(``uniform + 0.3 * label``; written to Parquet once, read by Spark and cached) is measured:

* ours: ``rocpr_exact.engines.spark.report(df, "score", "label")`` (the default path: an
  estimate finds many distinct scores, so certified range shares, nothing O(n) on the
  driver);
* BCM: ``pyspark.mllib.evaluation.BinaryClassificationMetrics``, areaUnderROC + areaUnderPR;
* ml: ``BinaryClassificationEvaluator(numBins=0)``, areaUnderROC + areaUnderPR (exact curves
  in Spark, floats).

Then the single-process report of the same arrays (``build_report``) checks that every printed
field is equal.  Printed: times, the ratios ours/BCM and ours/ml, the machine's load
(``os.getloadavg``), the peak JVM heap (the driver and, in local mode, the executors) and the
peak RSS of this Python driver before the single-process check.  Default driver memory
(Spark's 1g) unless ``--driver-memory``.

With ``--in-spark`` the data is made by Spark itself (``spark.range`` with ``rand(seed)``, the
same formula, written to Parquet by Spark and read back, not cached), so no array of n rows
exists on the driver: the size where only the driver's memory for our summaries is measured
(10^8 rows).  Only ours is timed there (the peers were timed at 10^7) and no single-process
check is made (it would need the n rows in one process); the report's P and N are checked
against Spark's own count.

    python benchmarks/bench_spark_scale.py --rows 10000000 --rates 0.5 0.01
    python benchmarks/bench_spark_scale.py --rows 100000000 --rates 0.5 --in-spark
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import smoke

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from rocpr_exact.core.curve import Curve
from rocpr_exact.engines import spark as engine
from rocpr_exact.output.report import build_report


def _data(rows: int, rate: float, seed: int) -> tuple[Any, Any]:
    rng = np.random.default_rng(seed)
    labels = rng.random(rows) < rate
    scores = rng.random(rows) + 0.3 * labels
    return scores, labels


def _heap_peaks(session: Any, reset: bool) -> float:
    """The sum of the heap pools' peak use, in MB (reset first when asked)."""
    factory = session.sparkContext._jvm.java.lang.management.ManagementFactory
    total = 0
    for pool in factory.getMemoryPoolMXBeans():
        if pool.getType().toString() == "Heap memory":
            if reset:
                pool.resetPeakUsage()
            else:
                total += pool.getPeakUsage().getUsed()
    return total / 2**20


def _timed(label: str, run: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    value = run()
    elapsed = time.perf_counter() - start
    print(f"  {label:<46} {elapsed:8.2f} s", flush=True)
    return elapsed, value


def bcm_of(df: Any) -> tuple[float, float]:
    """Spark's BinaryClassificationMetrics: areaUnderROC and areaUnderPR of one curve."""
    from pyspark.mllib.evaluation import BinaryClassificationMetrics

    pairs = df.select("score", df["label"].cast("double")).rdd.map(tuple)
    metrics = BinaryClassificationMetrics(pairs)
    return metrics.areaUnderROC, metrics.areaUnderPR


def ml_of(df: Any) -> tuple[float, float]:
    """Spark ml's BinaryClassificationEvaluator with numBins=0 (no down-sampling), both areas."""
    from pyspark.ml.evaluation import BinaryClassificationEvaluator

    evaluator = BinaryClassificationEvaluator(rawPredictionCol="score", labelCol="label", numBins=0)
    frame = df.select("score", df["label"].cast("double").alias("label"))
    return (
        evaluator.evaluate(frame, {evaluator.metricName: "areaUnderROC"}),
        evaluator.evaluate(frame, {evaluator.metricName: "areaUnderPR"}),
    )


def _warm_up(session: Any, *peers: Any) -> None:
    """Each contender once on 2,000 rows first: the JVM's JIT and the Python workers (with
    their imports) are warm for all three, so none pays them in its timed run."""
    scores, labels = _data(2000, 0.5, 7)
    small = session.createDataFrame(
        list(zip(scores.tolist(), labels.astype(int).tolist(), strict=True)),
        "score double, label int",
    )
    engine.report(small, "score", "label", distributed=True)
    for peer in peers:
        peer(small)


def _ours(session: Any, df: Any, digits: int) -> tuple[float, Any, float, float]:
    """Ours, timed (the load printed first): seconds, report, JVM heap peak and driver RSS."""
    print(f"  load average before: {os.getloadavg()}", flush=True)
    _heap_peaks(session, reset=True)
    t_ours, ours = _timed(
        "rocpr-exact spark.report (range shares)",
        lambda: engine.report(df, "score", "label", digits=digits),
    )
    heap = _heap_peaks(session, reset=False)
    return t_ours, ours, heap, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench(
    session: Any, folder: Path, rows: int, rate: float, digits: int, peers: list[str]
) -> None:
    scores, labels = _data(rows, rate, 31)
    path = folder / f"data-{rate}.parquet"
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"score": scores, "label": labels.astype(np.int32)}), path)
    print(
        f"{rows:,} rows, {int(labels.sum()):,} positives (rate {rate}), "
        f"{np.unique(scores).shape[0]:,} distinct scores",
        flush=True,
    )
    df = session.read.parquet(str(path)).cache()
    df.count()
    _warm_up(session, *[{"bcm": bcm_of, "ml": ml_of}[name] for name in peers])
    t_ours, ours, heap, rss = _ours(session, df, digits)

    times, values = {}, {}
    for name, label, peer in (
        ("bcm", "BinaryClassificationMetrics ROC + PR", bcm_of),
        ("ml", "ml BinaryClassificationEvaluator numBins=0", ml_of),
    ):
        if name in peers:
            times[name], values[name] = _timed(label, lambda peer=peer: peer(df))
    print(f"  load average after: {os.getloadavg()}", flush=True)
    df.unpersist()
    t_single, single = _timed(
        "single-process build_report (check)",
        lambda: build_report(Curve.from_scores(scores, labels), digits),
    )
    for name, elapsed in times.items():
        print(f"  ours / {name} = {t_ours / elapsed:.2f}")
    print(f"  JVM heap peak during ours: {heap:.0f} MB; Python driver peak RSS: {rss:.0f} MB")
    print(f"  report equal to the single-process report: {ours == single}")
    print(f"  auc_roc {ours['auc_roc']['decimal']}  peers {[v[0] for v in values.values()]}")
    print(
        f"  linear  {ours['auc_pr']['linear']['decimal']}  peers {[v[1] for v in values.values()]}"
    )
    del t_single


def bench_in_spark(session: Any, folder: Path, rows: int, rate: float, digits: int) -> None:
    """Ours alone on ``rows`` rows generated and written to Parquet by Spark (``--in-spark``)."""
    from pyspark.sql import functions as F

    path = str(folder / f"spark-data-{rate}.parquet")
    label = (F.rand(31) < F.lit(rate)).cast("int")
    start = time.perf_counter()
    frame = session.range(rows).select(label.alias("label"), F.rand(32).alias("uniform"))
    frame.select((F.col("uniform") + 0.3 * F.col("label")).alias("score"), "label").write.parquet(
        path
    )
    df = session.read.parquet(path)
    counts = df.agg(F.count(F.lit(1)).alias("n"), F.sum("label").alias("p")).first()
    print(
        f"{int(counts['n']):,} rows, {int(counts['p']):,} positives (rate {rate}), generated and "
        f"written to Parquet by Spark in {time.perf_counter() - start:.2f} s; read from Parquet, "
        "not cached",
        flush=True,
    )
    _warm_up(session)
    t_ours, ours, heap, rss = _ours(session, df, digits)
    print(f"  load average after: {os.getloadavg()}", flush=True)
    print(f"  JVM heap peak during ours: {heap:.0f} MB; Python driver peak RSS: {rss:.0f} MB")
    same = (ours["positives"], ours["negatives"]) == (
        int(counts["p"]),
        int(counts["n"]) - int(counts["p"]),
    )
    print(f"  report's P and N equal to Spark's count: {same}; thresholds {ours['thresholds']:,}")
    print(f"  auc_roc {ours['auc_roc']['decimal']}")
    for method, value in ours["auc_pr"].items():
        print(f"  {method:<14} {value['decimal']}")
    print(f"  roc_hull vertices: {len(ours['roc_hull']):,}; seconds: {t_ours:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=10**7)
    parser.add_argument("--rates", type=float, nargs="+", default=[0.5, 0.01])
    parser.add_argument("--digits", type=int, default=30)
    parser.add_argument("--cores", type=int, default=2)
    parser.add_argument(
        "--peers", nargs="*", choices=("bcm", "ml"), default=["bcm", "ml"], help="peers to time"
    )
    parser.add_argument("--driver-memory", default=None, help="spark.driver.memory (default 1g)")
    parser.add_argument(
        "--in-spark", action="store_true", help="data made by Spark; ours only, no check"
    )
    args = parser.parse_args()
    args.rows = smoke.size(args.rows, 2_000)
    config = {"spark.driver.memory": args.driver_memory} if args.driver_memory else {}
    session = engine.local_session(cores=args.cores, **config)
    print(
        f"local[{args.cores}], driver memory {args.driver_memory or 'default (1g)'}; "
        f"load average at start: {os.getloadavg()}",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as folder:
        for rate in args.rates:
            if args.in_spark:
                bench_in_spark(session, Path(folder), args.rows, rate, args.digits)
            else:
                bench(session, Path(folder), args.rows, rate, args.digits, args.peers)
    session.stop()


if __name__ == "__main__":
    main()
