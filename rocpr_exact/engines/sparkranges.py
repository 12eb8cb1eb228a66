"""The spark engine at scale: score ranges from quantiles, certified shares on the executors.

Nothing of size n reaches the driver.  Three Spark jobs, each O(n) on the executors:

1. one aggregation: the number of rows and of positives, the NULL/NaN scores and bad labels,
   an estimate of the number of distinct scores (``approx_count_distinct``; with few of
   them the caller takes the histogram path instead, :data:`HISTOGRAM_DISTINCT`) and
   ``QUANTILE_GRID`` quantiles of the score (``percentile_approx``), among which the cuts
   of the ranges are chosen.  A row's range is the number of cuts at or above its score (a
   binary search written as nested CASE WHEN), so equal scores always fall in one range: no
   tie group is split;
2. pass 1, the (positives, negatives) of every range (a JVM aggregation);
3. pass 2, ``groupBy(range).applyInArrow``: each range's rows reach one Python worker as
   Arrow columns and come back as one pickled :class:`~rocpr_exact.engines.shares.Share`
   (:func:`~rocpr_exact.engines.shares.share_of_range`, with its start broadcast in the
   function's closure, and the driver's limits: :func:`~rocpr_exact.engines.protocol.on_executor`).

Integer weights (a column of ``WEIGHT_TYPES``) take the same path: a row of weight w counts as
w rows (its range's counts are exact sums of the weights, DECIMAL(38, 0) in Spark), a weight
0 drops it, as in one process (:func:`rocpr_exact.core.data.weighted_rows`).

The driver keeps O(ranges + hull vertices) and decides the digits
(:func:`rocpr_exact.engines.protocol.protocol_report`); pass 2 runs again, at more bits,
only for an undecided rounding.  The executors need rocpr-exact, numpy, pyarrow and
pandas:
:func:`check_executors` runs one tiny job first and turns a missing module into one
:class:`~rocpr_exact.errors.MissingDependencyError` that names the fix
(``python -m rocpr_exact.engines.ship``).
"""

from __future__ import annotations

import os
import pickle
import re
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rocpr_exact.core.data import ZERO_WEIGHTS
from rocpr_exact.engines.histogram import from_labelled_counts
from rocpr_exact.engines.protocol import on_executor, protocol_report, refused
from rocpr_exact.engines.shares import Point, Share, collect_limit, share_of_range
from rocpr_exact.engines.sparksession import FRAME
from rocpr_exact.errors import InvalidInputError, MissingDependencyError
from rocpr_exact.exact.closedform import ClosedForm

__all__ = [
    "HISTOGRAM_DISTINCT",
    "LABEL_TYPES",
    "QUANTILE_GRID",
    "SCORE_TYPES",
    "WEIGHT_TYPES",
    "check_executors",
    "distinct_estimate",
    "ranged_report",
    "use_driver_python",
]

#: Up to about this many distinct scores the histogram (one row per score) is collected.
HISTOGRAM_DISTINCT = 1 << 16

#: Score column types that reach the workers as exact numpy values.
SCORE_TYPES = ("double", "float", "bigint", "int", "smallint", "tinyint")

#: Label column types compared with 1 and 0 in Spark.
LABEL_TYPES = ("boolean", "double", "float", "bigint", "int", "smallint", "tinyint")

#: Weight column types taken by the range shares (others take the histogram path).
WEIGHT_TYPES = ("bigint", "int", "smallint", "tinyint")

#: The number of quantiles job 1 computes (the ranges' cuts are chosen among them).
QUANTILE_GRID = 1024

#: Rows per range aimed at: a range's rows are one worker's numpy arrays.
ROWS_PER_RANGE = 1 << 20

_FIX = (
    "install rocpr-exact (with numpy, pyarrow and pandas) on the executors, or ship it: "
    "python -m rocpr_exact.engines.ship builds a zip for spark-submit --py-files "
    "(README, section Spark)"
)


def use_driver_python(session: Any) -> None:
    """In local mode, let the Python workers run this interpreter (unless the user chose one).

    pyspark starts workers with ``PYSPARK_PYTHON`` (default ``python3`` from PATH), read when
    the context starts; a session made from a virtual environment that is not activated
    would start a Python that cannot import rocpr-exact.
    """
    sc = session.sparkContext
    chosen = "PYSPARK_PYTHON" in os.environ or sc.getConf().get("spark.pyspark.python")
    if sc.master.startswith("local") and not chosen:
        sc.pythonExec = sys.executable


def check_executors(session: Any) -> None:
    """Run one tiny job that imports rocpr-exact, numpy, pyarrow and pandas on an executor.

    Raises :class:`MissingDependencyError` naming the missing module and the fix.
    """
    use_driver_python(session)
    probe = session.sparkContext.parallelize([0], 1)
    try:
        probe.map(
            lambda _: [__import__(m) for m in ("rocpr_exact", "numpy", "pyarrow", "pandas")] and 0
        ).collect()
    except Exception as exc:  # Py4JJavaError or PythonException, with the worker's traceback
        missing = re.search(r"No module named '([\w.]+)'", str(exc))
        if missing is None:
            raise
        raise MissingDependencyError(
            f"the Spark executors cannot import {missing.group(1)}: {_FIX}"
        ) from None


def distinct_estimate(
    df: Any, score_col: str, label_col: str, weight_col: str | None = None
) -> dict[str, Any]:
    """Job 1: rows, positives, bad values, the estimated number of distinct scores, and the
    score's quantiles at 1/G, ..., (G - 1)/G (``grid``, G = ``QUANTILE_GRID``).  A weight
    column (of ``WEIGHT_TYPES``) is checked too: NULL and negative weights are refused."""
    from pyspark.sql import functions as F

    score, label = F.col(score_col), F.col(label_col)
    weight = F.col(weight_col) if weight_col is not None else F.lit(1)
    types = dict(df.dtypes)
    bad_score = score.isNull()
    if types[score_col] in ("double", "float"):
        bad_score = bad_score | F.isnan(score)
    good_label = label.cast("double").isin(0, 1)  # numeric labels (LABEL_TYPES)
    row = df.agg(
        F.count(F.lit(1)).alias("rows"),
        F.count(F.when(label.cast("double") == 1, 1)).alias("positives"),
        F.count(F.when(bad_score, 1)).alias("bad_scores"),
        F.count(F.when(label.isNull() | ~good_label, 1)).alias("bad_labels"),
        F.approx_count_distinct(score).alias("distinct"),
        F.percentile_approx(score, _grid_fractions()).alias("grid"),
        F.count(F.when(weight.isNull() | (weight < 0), 1)).alias("bad_weights"),
    ).first()
    stats: dict[str, Any] = {
        key: int(row[key])
        for key in ("rows", "positives", "bad_scores", "bad_labels", "distinct", "bad_weights")
    }
    stats["grid"] = list(row["grid"] or [])
    if stats["bad_labels"]:
        value = df.filter(label.isNull() | ~good_label).select(label).first()[0]
        from_labelled_counts([(0, value, 1)], FRAME)  # raises the label's message
    if stats["bad_scores"]:
        raise InvalidInputError(
            f"{FRAME}: NULL or NaN score; every example needs a real score "
            "(remove the row or give it a score; infinities are allowed)"
        )
    if stats["bad_weights"]:
        raise InvalidInputError(
            f"weight column {weight_col!r} holds NULL or negative weights; "
            "a weight is a non-negative integer count"
        )
    return stats


def _grid_fractions() -> Any:
    """The probabilities 1/G, ..., (G - 1)/G as a Spark array (divided by Spark), parsed from
    one SQL expression: built from G - 1 ``lit(i) / lit(G)`` columns, the same array took some
    3,000 calls into the JVM, seconds of each report."""
    from pyspark.sql import functions as F

    terms = ", ".join(f"{i} / {QUANTILE_GRID}" for i in range(1, QUANTILE_GRID))
    return F.expr(f"array({terms})")


def _range_column(score: Any, cuts: list[Any]) -> Any:
    """The number of cuts >= score (cuts highest first), as nested CASE WHEN: O(log k) a row."""
    from pyspark.sql import functions as F

    def search(lo: int, hi: int) -> Any:  # the answer lies in [lo, hi]
        if lo == hi:
            return F.lit(lo)
        mid = (lo + hi + 1) // 2  # cuts[mid - 1] >= score  <=>  answer >= mid
        return F.when(score <= F.lit(cuts[mid - 1]), search(mid, hi)).otherwise(search(lo, mid - 1))

    return search(0, len(cuts))


def ranged_report(
    df: Any,
    score_col: str,
    label_col: str,
    stats: dict[str, Any],
    digits: int,
    exact_area: Callable[[str], Fraction | ClosedForm],
    ranges: int | None = None,
    collect: int | None = None,
    weight_col: str | None = None,
) -> dict[str, Any]:
    """The report of a DataFrame from certified range shares (jobs 2 to 4 above).

    ``stats`` comes from :func:`distinct_estimate`; ``ranges`` (at most ``QUANTILE_GRID``)
    defaults to about one per ``ROWS_PER_RANGE`` rows and at least twice the default
    parallelism; ``collect`` to :func:`~rocpr_exact.engines.shares.collect_limit`;
    ``weight_col`` names an integer weight column (checked by :func:`distinct_estimate`).
    """
    from pyspark.sql import functions as F

    session = df.sparkSession
    check_executors(session)
    parallel = session.sparkContext.defaultParallelism
    k = min(ranges or max(2 * parallel, -(-stats["rows"] // ROWS_PER_RANGE)), QUANTILE_GRID)
    grid = stats["grid"]
    cuts = sorted({grid[i * QUANTILE_GRID // k - 1] for i in range(1, k)}, reverse=True)
    score, label = F.col(score_col), F.col(label_col)
    columns = [
        _range_column(score, cuts).alias("range"),
        score.alias("score"),
        (label.cast("double") == 1).alias("positive"),
    ]
    if weight_col is None:
        ranged = df.select(*columns)
        p, n = F.count(F.when(F.col("positive"), 1)), F.count(F.lit(1))
    else:  # exact sums: DECIMAL(38, 0) never wraps as a sum of BIGINT would
        ranged = df.select(*columns, F.col(weight_col).cast("bigint").alias("weight"))
        whole = F.col("weight").cast("decimal(38,0)")
        p, n = F.sum(F.when(F.col("positive"), whole).otherwise(0)), F.sum(whole)
    counted = ranged.groupBy("range").agg(p.alias("p"), n.alias("n"))
    by_range = {
        int(r["range"]): (int(r["p"]), int(r["n"]) - int(r["p"])) for r in counted.collect()
    }
    counts = [by_range.get(r, (0, 0)) for r in range(len(cuts) + 1)]
    if weight_col is not None and not any(a + b for a, b in counts):
        raise InvalidInputError(f"{FRAME}: {ZERO_WEIGHTS}")
    limit = collect_limit(digits) if collect is None else collect

    def shares_at(starts: list[Point], totals: Point, frac_bits: int) -> list[Share]:
        summarize = _summarizer(starts, totals, frac_bits, digits, limit)
        rows_out = ranged.groupBy("range").applyInArrow(summarize, "range int, share binary")
        rows = rows_out.collect()
        found = dict(
            zip(
                (int(r["range"]) for r in rows),
                refused(pickle.loads(r["share"]) for r in rows),
                strict=True,
            )
        )
        return [
            found.get(r)
            or share_of_range(_empty(), _empty(), starts[r], totals, frac_bits, digits, limit)
            for r in range(len(starts))
        ]

    return protocol_report(counts, shares_at, digits, exact_area)


def _empty() -> Any:
    import numpy as np

    return np.zeros(0)


def _summarizer(
    starts: list[Point], totals: Point, frac_bits: int, digits: int, limit: int
) -> Callable[[Any, Any], Any]:
    """The function run on the executors for each range (its rows as a pyarrow Table), under
    the limits in force on the driver when it is built (:func:`on_executor`)."""
    share_of = on_executor(share_of_range)

    def summarize(key: Any, table: Any) -> Any:
        import pyarrow as pa

        r = int(key[0].as_py())
        weighted = "weight" in table.column_names
        share = share_of(
            table.column("score").to_numpy(),
            table.column("positive").to_numpy(zero_copy_only=False),
            starts[r],
            totals,
            frac_bits,
            digits,
            limit,
            table.column("weight").to_numpy() if weighted else None,
        )
        data = pickle.dumps(share, protocol=pickle.HIGHEST_PROTOCOL)
        return pa.table(
            {"range": pa.array([r], pa.int32()), "share": pa.array([data], pa.binary())}
        )

    return summarize
