"""Exact reports beyond one process: engines that reduce data to an exact histogram or summary.

Every engine reduces its rows, where they live, to the sorted tie groups
(score, positives, negatives) of the data (:class:`Histogram`), with exact
integer counts and scores grouped by their exact values; the driver then
computes the report from the histogram alone, so its memory depends on the
number of distinct scores, not on the number of rows.  The mergeable summary
(:class:`Share`, :mod:`~rocpr_exact.engines.shares`) goes further: each score range
computes its share of every reported value (certified enclosures, or the exact values
of :mod:`~rocpr_exact.engines.summary`), and shares merge by one function.

* ``duckdb``: CSV and Parquet files (:func:`~rocpr_exact.engines.files.file_histogram`;
  :func:`~rocpr_exact.engines.files.file_curve` reads a Parquet file of float or integer
  scores into numpy in one pass, as ``rocpr-exact report FILE.parquet`` does);
* ``numpy``: in-process arrays or sequences (:func:`~rocpr_exact.engines.arrays.array_histogram`);
* ``spark``: a pyspark DataFrame (:mod:`rocpr_exact.engines.spark`).

>>> histogram(([0.9, 0.8, 0.8], [1, 1, 0]), engine="numpy").groups
((0.9, 1, 0), (0.8, 1, 1))
>>> report(([0.9, 0.8, 0.8], [1, 1, 0]), engine="numpy", digits=3)["auc_roc"]
{'exact': '3/4', 'decimal': '0.750'}
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from rocpr_exact.engines.arrays import array_histogram
from rocpr_exact.engines.files import file_histogram
from rocpr_exact.engines.histogram import Histogram, merge_histograms
from rocpr_exact.engines.shares import Share
from rocpr_exact.engines.summary import histogram_report, summarize, summary_report
from rocpr_exact.errors import InvalidInputError

__all__ = [
    "ENGINES",
    "Histogram",
    "Share",
    "histogram",
    "merge_histograms",
    "report",
    "summarize",
    "summary_report",
]

Engine = Literal["duckdb", "numpy", "spark"]
ENGINES: tuple[Engine, ...] = ("duckdb", "numpy", "spark")


def histogram(
    source: Any,
    engine: Engine = "duckdb",
    score_column: str = "score",
    label_column: str = "label",
    weight_column: str | None = None,
    *,
    glob: bool = False,
    file_format: Literal["csv", "parquet"] | None = None,
) -> Histogram:
    """The exact histogram of ``source`` computed by ``engine``.

    ``source`` is a path (``duckdb``; a pattern only with ``glob=True``), a
    pair ``(scores, labels)`` or a triple ``(scores, labels, weights)``
    (``numpy``), or a pyspark DataFrame (``spark``).  The column arguments name
    the file's or DataFrame's columns.
    """
    if engine == "duckdb":
        if not isinstance(source, str | Path):
            raise InvalidInputError(
                f"the duckdb engine reads files: give a path, not {type(source).__name__}"
            )
        return file_histogram(
            source,
            score_column,
            label_column,
            weight_column,
            file_format=file_format,
            glob=glob,
        )
    if engine == "numpy":
        if not isinstance(source, tuple | list) or len(source) not in (2, 3):
            raise InvalidInputError(
                "the numpy engine takes (scores, labels) or (scores, labels, weights)"
            )
        return array_histogram(*source)
    if engine == "spark":
        from rocpr_exact.engines import spark

        return spark.histogram(source, score_column, label_column, weight_column)
    raise InvalidInputError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")


def report(
    source: Any,
    engine: Engine = "duckdb",
    score_column: str = "score",
    label_column: str = "label",
    weight_column: str | None = None,
    *,
    digits: int = 30,
    glob: bool = False,
    file_format: Literal["csv", "parquet"] | None = None,
) -> dict[str, Any]:
    """The exact report of ``source`` (the shape of ``rocpr-exact report``), by ``engine``.

    The same data gives the same report in every engine.
    """
    hist = histogram(
        source,
        engine,
        score_column,
        label_column,
        weight_column,
        glob=glob,
        file_format=file_format,
    )
    return histogram_report(hist, digits)
