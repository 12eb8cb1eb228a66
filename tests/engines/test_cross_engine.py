"""The same data gives the same report in every engine, and the report of ``build_report``.

Data: float scores with ties, written to CSV (as the shortest repr of each double, which
parses back to the same double) and to Parquet (DOUBLE); numpy arrays; a Spark DataFrame
(under the ``spark`` marker).  The expected report is the single-process one,
``build_report(Curve.from_scores(...))`` on Python floats.
"""

from __future__ import annotations

import random

import pytest

from rocpr_exact.core.curve import Curve
from rocpr_exact.engines import histogram, report
from rocpr_exact.output.report import build_report

np = pytest.importorskip("numpy")
duckdb = pytest.importorskip("duckdb")


def _data(seed: int, n: int = 400) -> tuple[list[float], list[int]]:
    rnd = random.Random(seed)
    values = [rnd.random() for _ in range(25)] + [0.1, 0.2, 0.30000000000000004, 0.3]
    scores = [rnd.choice(values) for _ in range(n)]
    labels = [1 if rnd.random() < 0.3 + 0.4 * s else 0 for s in scores]
    return scores, labels


@pytest.fixture(scope="module", params=[1, 2])
def data(request, tmp_path_factory):
    scores, labels = _data(request.param)
    folder = tmp_path_factory.mktemp("cross")
    csv = folder / "d.csv"
    csv.write_text(
        "score,label\n" + "".join(f"{s!r},{y}\n" for s, y in zip(scores, labels, strict=True))
    )
    parquet = folder / "d.parquet"
    con = duckdb.connect()
    con.execute("CREATE TABLE t (score DOUBLE, label INTEGER)")
    con.executemany("INSERT INTO t VALUES (?, ?)", list(zip(scores, labels, strict=True)))
    con.execute(f"COPY t TO '{parquet}' (FORMAT parquet)")
    con.close()
    expected = build_report(Curve.from_scores(scores, labels), 40)
    return scores, labels, csv, parquet, expected


def test_every_local_engine_gives_the_single_process_report(data):
    scores, labels, csv, parquet, expected = data
    assert report(parquet, "duckdb", digits=40) == expected
    assert report((np.array(scores), np.array(labels)), "numpy", digits=40) == expected
    assert report((scores, labels), "numpy", digits=40) == expected
    # CSV scores are exact decimals: the shortest repr of a double is another number, but in
    # the same order, so every count and area is the same.
    assert report(csv, "duckdb", digits=40) == expected


def test_histograms_agree_on_float_scores(data):
    scores, labels, _, parquet, _ = data
    assert histogram(parquet) == histogram((np.array(scores), np.array(labels)), "numpy")


@pytest.mark.spark
def test_spark_gives_the_same_report(data, spark):
    from rocpr_exact.engines import spark as engine

    scores, labels, _, parquet, expected = data
    df = spark.createDataFrame(list(zip(scores, labels, strict=True)), "score double, label int")
    df = df.repartition(9)
    assert engine.report(df, "score", "label", digits=40) == expected
    assert (
        engine.report(df, "score", "label", digits=40, distributed=True, partitions=5) == expected
    )
    assert report(df, "spark", digits=40) == expected
    assert engine.report(spark.read.parquet(str(parquet)), "score", "label", digits=40) == expected
