"""Exact reports through the engines against a float peer, measured in the same run.

DuckDB: our exact report of a Parquet file (DuckDB reduces it to the histogram, the
driver computes every area exactly) against DuckDB reading the two columns into numpy
plus scikit-learn's roc_auc_score and average_precision_score (floats).
Spark (``--spark``, local mode): our exact report of a DataFrame against Spark's own
BinaryClassificationMetrics (areaUnderROC, areaUnderPR) on the same DataFrame.

Prints the times, their ratio and the driver's peak memory (ru_maxrss of this Python
process so far: ours runs before its peer; the JVM is another process; use --spark-only
for a Spark peak that the DuckDB peer has not raised).

    python benchmarks/bench_engines.py --rows 10000000 --distinct 100000 [--spark]
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

from rocpr_exact.engines import report
from rocpr_exact.limits import using


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _write_parquet(path: Path, rows: int, distinct: int, rate: float) -> None:
    import duckdb

    con = duckdb.connect()
    # scores on a grid of `distinct` doubles; P(label = 1) = rate * (0.5 + score)
    con.execute(
        f"""COPY (
            SELECT s AS score, (random() < {rate} * (0.5 + s))::INTEGER AS label
            FROM (SELECT (hash(i) % {distinct})::DOUBLE / {distinct} AS s FROM range({rows}) t(i))
        ) TO '{path}' (FORMAT parquet)"""
    )
    con.close()


def _timed(label: str, run: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    value = run()
    seconds = time.perf_counter() - start
    print(f"  {label:<52} {seconds:9.2f} s   peak RSS {_peak_mb():8.0f} MB", flush=True)
    return seconds, value


def bench_duckdb(path: Path, digits: int, peer_too: bool = True) -> None:
    import duckdb
    from sklearn.metrics import average_precision_score, roc_auc_score

    print("DuckDB (Parquet):")

    def ours() -> dict[str, Any]:
        with using(max_examples=None):
            return report(path, "duckdb", digits=digits)

    def peer() -> tuple[float, float]:
        con = duckdb.connect()
        table = con.execute(f"SELECT score, label FROM read_parquet('{path}')").fetchnumpy()
        con.close()
        y, s = table["label"], table["score"]
        return roc_auc_score(y, s), average_precision_score(y, s)

    t_ours, r = _timed("rocpr-exact report (exact, 4 AUC-PR + hull)", ours)
    if not peer_too:
        print(f"  auc_roc exact {r['auc_roc']['decimal'][:22]} (peer skipped)")
        return
    t_peer, (roc, ap) = _timed("duckdb -> numpy + sklearn roc_auc + average_precision", peer)
    print(f"  ratio ours / peer: {t_ours / t_peer:.2f}")
    print(f"  auc_roc exact {r['auc_roc']['decimal'][:22]}  sklearn {roc!r}")
    print(f"  step    exact {r['auc_pr']['step']['decimal'][:22]}  sklearn {ap!r}")


def bench_spark(path: Path, digits: int, partitions: int) -> None:
    from rocpr_exact.engines import spark as engine

    print("Spark (local mode):")
    session = engine.local_session(
        cores=2, **{"spark.driver.memory": "2g", "spark.ui.showConsoleProgress": "false"}
    )
    session.sparkContext.setLogLevel("ERROR")
    df = session.read.parquet(str(path)).repartition(partitions).cache()
    df.count()

    def ours() -> dict[str, Any]:
        return engine.report(df, "score", "label", digits=digits)

    def ours_distributed() -> dict[str, Any]:
        return engine.report(df, "score", "label", digits=digits, distributed=True)

    def peer() -> tuple[float, float]:
        from pyspark.mllib.evaluation import BinaryClassificationMetrics

        pairs = df.select("score", df["label"].cast("double")).rdd.map(tuple)
        metrics = BinaryClassificationMetrics(pairs)
        return metrics.areaUnderROC, metrics.areaUnderPR

    t_ours, r = _timed("rocpr-exact spark.report (histogram to driver)", ours)
    t_dist, _ = _timed("rocpr-exact spark.report(distributed=True)", ours_distributed)
    t_peer, (roc, pr) = _timed("BinaryClassificationMetrics areaUnderROC/PR", peer)
    print(f"  ratio ours / peer: {t_ours / t_peer:.2f} (distributed: {t_dist / t_peer:.2f})")
    print(f"  auc_roc exact {r['auc_roc']['decimal'][:22]}  spark {roc!r}")
    print(f"  linear  exact {r['auc_pr']['linear']['decimal'][:22]}  spark areaUnderPR {pr!r}")
    session.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--distinct", type=int, default=10_000, help="distinct scores")
    parser.add_argument("--digits", type=int, default=30)
    parser.add_argument(
        "--positive-rate",
        type=float,
        default=0.01,
        help="share of positives (the exact davis-goadrich area costs O(P) terms)",
    )
    parser.add_argument("--spark", action="store_true", help="also run the Spark comparison")
    parser.add_argument(
        "--spark-only", action="store_true", help="skip DuckDB (a clean peak RSS for Spark)"
    )
    parser.add_argument(
        "--skip-peer", action="store_true", help="time only our DuckDB report (for 10**8 rows)"
    )
    parser.add_argument("--spark-rows", type=int, default=None, help="rows for Spark")
    parser.add_argument("--partitions", type=int, default=16)
    args = parser.parse_args()
    args.rows, args.distinct = smoke.size(args.rows, 2_000), smoke.size(args.distinct, 100)
    if args.spark_rows is not None:
        args.spark_rows = smoke.size(args.spark_rows, 2_000)
    args.partitions = smoke.size(args.partitions, 2)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.parquet"
        start = time.perf_counter()
        _write_parquet(path, args.rows, args.distinct, args.positive_rate)
        size = os.path.getsize(path) / 2**20
        print(
            f"{args.rows:,} rows, {args.distinct:,} distinct scores, positive rate "
            f"~{args.positive_rate}, Parquet {size:.0f} MB "
            f"(written in {time.perf_counter() - start:.1f} s)"
        )
        if not args.spark_only:
            bench_duckdb(path, args.digits, not args.skip_peer)
        if args.spark or args.spark_only:
            spark_path = path
            if args.spark_rows is not None and args.spark_rows != args.rows:
                spark_path = Path(folder) / "spark.parquet"
                _write_parquet(spark_path, args.spark_rows, args.distinct, args.positive_rate)
                print(f"Spark data: {args.spark_rows:,} rows")
            bench_spark(spark_path, args.digits, args.partitions)


if __name__ == "__main__":
    main()
