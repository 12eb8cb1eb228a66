"""The ``spark`` engine: a pyspark DataFrame reduced to an exact histogram inside Spark.

Spark runs one aggregation on the executors,

    df.groupBy(score, label).agg(count(*))      -- or sum(weight) as DECIMAL(38, 0)

(a partial aggregation per partition, then a shuffle by key: per-partition
exact integer sums), and only its result, one row per distinct (score, label)
pair, is collected to the driver, where
:func:`rocpr_exact.engines.histogram.from_labelled_counts` checks each distinct
value once.  Spark groups a DOUBLE column by its binary value (it normalises
-0.0 to 0.0 and every NaN to one NaN, which is refused), so a score reaches the
driver as the exact Python float; DECIMAL arrives as ``Decimal``, integers as
``int``, strings are parsed exactly as the CSV reader does.  Memory on the
driver depends on the number of distinct scores, not on ``n``.

:func:`summary` runs the exact shares of
:mod:`rocpr_exact.engines.summary` on the executors instead: the histogram is
range-partitioned by score (equal scores stay in one partition), each partition
computes its counts, then its exact shares, and the driver merges one small
summary per partition.  It needs rocpr-exact installed on the executors.

Java and the local session: :mod:`rocpr_exact.engines.sparksession`; files:
:mod:`rocpr_exact.engines.sparkfiles`.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from rocpr_exact.areas.records import area_record, area_records
from rocpr_exact.core.data import check_roles
from rocpr_exact.engines.histogram import (
    LONG_WEIGHT_DIGITS,
    Group,
    Histogram,
    from_labelled_counts,
    weighed_rows,
)
from rocpr_exact.engines.protocol import on_executor, refused
from rocpr_exact.engines.shares import Share, merge_all_shares, offsets
from rocpr_exact.engines.sparkfiles import on_file
from rocpr_exact.engines.sparkranges import (
    HISTOGRAM_DISTINCT,
    LABEL_TYPES,
    SCORE_TYPES,
    WEIGHT_TYPES,
    check_executors,
    distinct_estimate,
    ranged_report,
)
from rocpr_exact.engines.sparksession import (
    DROPPED_FLAG,
    FRAME,
    ensure_java,
    local_session,
    pyspark_sql,
)
from rocpr_exact.engines.summary import histogram_report, summarize_range, summary_report
from rocpr_exact.errors import (
    InvalidInputError,
    NoNegativesError,
    NoPositivesError,
    RocPrError,
)
from rocpr_exact.io.dialect import DEFAULT_DIALECT, CsvDialect

__all__ = [
    "DROPPED_FLAG",
    "ensure_java",
    "file_histogram",
    "file_report",
    "histogram",
    "local_session",
    "on_file",
    "report",
    "summary",
]


def _columns(df: Any, score_col: str, label_col: str, weight_col: str | None) -> Any:
    """``df`` with its columns renamed by position (``c0``, ``c1``...): the named columns are
    found by their exact names, never by Spark's case-insensitive resolution (``score`` would
    be ambiguous beside ``Score``).  Duplicate names and one column for two roles are refused.
    """
    wanted = (score_col, label_col, weight_col)
    check_roles(wanted)
    names = list(df.columns)
    duplicates = sorted(c for c, k in Counter(names).items() if k > 1)
    if duplicates:
        raise InvalidInputError(f"{FRAME}: duplicate column names {duplicates}")
    missing = [c for c in wanted if c is not None and c not in names]
    if missing:
        raise InvalidInputError(
            f"{FRAME} has no column {missing[0]!r} (columns: {names}); "
            "name them with score_col, label_col and weight_col"
        )
    return df.toDF(*(f"c{i}" for i in range(len(names))))


def _exact_columns(
    df: Any, score_col: str, label_col: str, weight_col: str | None
) -> tuple[Any, str, str, str | None]:
    """The named columns alone, found by their exact names (:func:`_columns`), and their names
    in the new frame: their own, or ``score``, ``label``, ``weight`` when two of them differ
    only in case (Spark resolves names case-insensitively)."""
    functions = pyspark_sql().functions
    frame = _columns(df, score_col, label_col, weight_col)
    place = {name: f"c{i}" for i, name in enumerate(df.columns)}
    wanted = [c for c in (score_col, label_col, weight_col) if c is not None]
    own = len({c.lower() for c in wanted}) == len(wanted)
    names = wanted if own else ["score", "label", "weight"][: len(wanted)]
    frame = frame.select(
        *(functions.col(place[c]).alias(n) for c, n in zip(wanted, names, strict=True))
    )
    return frame, names[0], names[1], (names[2] if weight_col is not None else None)


def _weight_sum(frame: Any, weight: Any, dtype: str, weight_col: str) -> tuple[Any, Any]:
    """The exact sum of the weights (checked: NULL, negative and fractional ones refused), and
    for text weights (a CSV's) the text of a weight too long for that sum, else None."""
    functions = pyspark_sql().functions
    decimal = "decimal(38,0)"
    if dtype == "string":  # a CSV's text: digits only, as the duckdb engine reads it
        text = functions.trim(weight)
        short = functions.length(text) <= LONG_WEIGHT_DIGITS
        bad = weight.isNull() | ~text.rlike("^[0-9]+$")
        checked = frame.agg(
            functions.count(functions.when(bad, 1)), functions.max(functions.length(text))
        ).first()
        whole = functions.when(short, text.cast(decimal)).otherwise(functions.lit(0).cast(decimal))
        invalid, long = checked[0] > 0, text if (checked[1] or 0) > LONG_WEIGHT_DIGITS else None
    elif dtype in ("tinyint", "smallint", "int", "bigint") or dtype.startswith("decimal("):
        whole, long = weight.cast(decimal), None
        bad = weight.isNull() | (weight < 0) | (whole != weight)
        invalid = bool(frame.filter(bad).limit(1).count())
    else:
        raise InvalidInputError(
            f"weight column {weight_col!r} has type {dtype}; weights must be integer counts"
        )
    if invalid:
        raise InvalidInputError(
            f"weight column {weight_col!r} holds NULL, negative or fractional weights; "
            "a weight is a non-negative integer count"
        )
    return functions.sum(whole), long


def _counted(
    df: Any, score_col: str, label_col: str, weight_col: str | None
) -> tuple[Any, Any | None]:
    """The DataFrame of (score, label, count) groups, built in Spark; with text weights longer
    than ``LONG_WEIGHT_DIGITS`` digits, also the (score, label, weight text, count) groups of
    those rows (summed on the driver: :func:`weighed_rows`), else None."""
    functions = pyspark_sql().functions
    frame = _columns(df, score_col, label_col, weight_col)
    place = {name: f"c{i}" for i, name in enumerate(df.columns)}
    score = functions.col(place[score_col]).alias(score_col)
    label = functions.col(place[label_col]).alias(label_col)
    if weight_col is None:
        return frame.groupBy(score, label).agg(functions.count(functions.lit(1))), None
    weight = functions.col(place[weight_col])
    total, long = _weight_sum(frame, weight, dict(df.dtypes)[weight_col], weight_col)
    grouped = frame.groupBy(score, label).agg(total)
    if long is None:
        return grouped, None
    rows = frame.filter(functions.length(long) > LONG_WEIGHT_DIGITS)
    return grouped, rows.groupBy(score, label, long).agg(functions.count(functions.lit(1)))


def histogram(
    df: Any,
    score_col: str,
    label_col: str,
    weight_col: str | None = None,
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> Histogram:
    """The exact histogram of a pyspark DataFrame; only the grouped rows reach the driver
    (text labels read there by ``dialect``'s label names, :class:`CsvDialect`)."""
    grouped, long = _counted(df, score_col, label_col, weight_col)
    rows = [tuple(row) for row in grouped.collect()]
    if long is not None:
        rows += weighed_rows([tuple(row) for row in long.collect()], FRAME)
    return from_labelled_counts(rows, FRAME, dialect=dialect)


def file_histogram(
    path: str,
    score_col: str,
    label_col: str,
    weight_col: str | None = None,
    glob: bool = False,
    session: Any = None,
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> Histogram:
    """The exact histogram of a CSV or Parquet file read by Spark (:func:`on_file`), a CSV
    in ``dialect`` (its delimiter and label names)."""
    columns = (score_col, label_col, weight_col)
    work = functools.partial(histogram, score_col=score_col, label_col=label_col,
                             weight_col=weight_col, dialect=dialect)  # fmt: skip
    return on_file(path, glob, session, work, columns, dialect)


def file_report(
    path: str,
    score_col: str,
    label_col: str,
    weight_col: str | None = None,
    glob: bool = False,
    *,
    digits: int = 30,
    exact: bool = False,
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> dict[str, Any]:
    """The report of a file read by Spark (``rocpr-exact report FILE --engine spark``).

    :func:`report` of the file's DataFrame: a Parquet file of many distinct numeric scores
    takes the range shares, so its rows never reach the driver; a CSV file is read as text
    (parsed exactly) and takes the histogram path, its labels read by ``dialect``'s names.
    Checks and messages of :func:`on_file`.
    """
    columns = (score_col, label_col, weight_col)

    def work(frame: Any) -> dict[str, Any]:
        positive, negative = dialect.positive_label, dialect.negative_label
        return report(
            frame, *columns, digits=digits, exact=exact, positive_label=positive,
            negative_label=negative,
        )  # fmt: skip

    return on_file(path, glob, None, work, columns, dialect)


def _range_groups(rows: Any) -> tuple[Group, ...]:
    """One partition's (score, label, count) rows as its sorted tie groups (checked here)."""
    return from_labelled_counts([tuple(row) for row in rows], FRAME, True).groups


def _range_counts(groups: Any) -> Any:
    """A range's (positives, negatives), or the error its groups' check returned."""
    if isinstance(groups, RocPrError):
        return groups
    return sum(g[1] for g in groups), sum(g[2] for g in groups)


def _check_values(grouped: Any, score_col: str, label_col: str) -> None:
    """Refuse NULL/NaN scores and bad labels on the driver, before any range is summarized."""
    functions = pyspark_sql().functions
    labels = grouped.select(label_col).distinct().limit(16).collect()
    from_labelled_counts([(0, row[0], 0) for row in labels], FRAME, allow_empty=True)
    score = functions.col(score_col)
    bad = score.isNull()
    if dict(grouped.dtypes)[score_col] in ("double", "float"):
        bad = bad | functions.isnan(score)
    if grouped.filter(bad).limit(1).count():
        raise InvalidInputError(
            f"{FRAME}: NULL or NaN score; every example needs a real score "
            "(remove the row or give it a score; infinities are allowed)"
        )


def summary(
    df: Any,
    score_col: str,
    label_col: str,
    weight_col: str | None = None,
    partitions: int | None = None,
) -> Share:
    """The exact summary of a DataFrame, computed range by range on the executors.

    The grouped rows stay in Spark, range-partitioned by score, highest first,
    into ``partitions`` ranges (equal scores fall in one range); pass 1 collects
    one (positives, negatives) pair per range, pass 2 one exact :class:`Share`
    per range, which the driver merges exactly.  Needs rocpr-exact on the executors; the work
    there runs under the driver's limits (:func:`~rocpr_exact.engines.protocol.on_executor`).
    """
    functions = pyspark_sql().functions
    check_executors(df.sparkSession)
    df, score_col, label_col, weight_col = _exact_columns(df, score_col, label_col, weight_col)
    grouped, long = _counted(df, score_col, label_col, weight_col)
    if long is not None:
        raise InvalidInputError(
            f"{FRAME}: weights of more than {LONG_WEIGHT_DIGITS} digits are summed exactly on the "
            "driver: use distributed=False"
        )
    grouped = grouped.persist()
    try:
        _check_values(grouped, score_col, label_col)
        n = partitions or df.sparkSession.sparkContext.defaultParallelism
        groups_of, summarize = on_executor(_range_groups), on_executor(summarize_range)
        ranged = (
            grouped.repartitionByRange(n, functions.col(score_col).desc())
            .rdd.mapPartitions(lambda rows: [groups_of(rows)])
            .persist()
        )
        counts = refused(ranged.map(_range_counts).collect())
        starts, positives, negatives = offsets(counts)
        if positives + negatives == 0:
            raise InvalidInputError(f"{FRAME}: no data rows; give at least one example")
        shares = refused(
            ranged.zipWithIndex()
            .map(lambda item: summarize(item[0], starts[item[1]], positives, negatives))
            .collect()
        )
        ranged.unpersist()
    finally:
        grouped.unpersist()
    return merge_all_shares(shares)


def report(
    df: Any,
    score_col: str,
    label_col: str,
    weight_col: str | None = None,
    *,
    digits: int = 30,
    exact: bool = False,
    distributed: bool | None = None,
    partitions: int | None = None,
    positive_label: str | None = None,
    negative_label: str | None = None,
) -> dict[str, Any]:
    """The report of a pyspark DataFrame: ``build_report``'s digits, nothing O(n) on the driver.

    With a numeric score and label, and integer weights or none, one aggregation counts the
    rows and estimates the distinct scores; up to ``HISTOGRAM_DISTINCT`` of them (or with
    ``distributed=False``) the histogram is collected and reported as in one process;
    otherwise (or with ``distributed=True``) the certified range shares of
    :mod:`rocpr_exact.engines.sparkranges` give the report, in ``partitions`` ranges.
    ``exact=True`` writes every exact value (the exact shares of :func:`summary` on the
    executors).  DECIMAL weights, DECIMAL and text columns take the histogram path (or, with
    ``distributed=True``, the exact shares).  The limits in force (``limits.using``) apply
    to the work on the executors too.  ``positive_label`` and ``negative_label`` name the
    labels of a text label column as the CLI's ``--positive-label`` and ``--negative-label``
    do (:class:`CsvDialect`; the histogram path reads them).
    """
    if positive_label is not None or negative_label is not None:
        dialect = CsvDialect(positive_label=positive_label, negative_label=negative_label)
        hist = histogram(df, score_col, label_col, weight_col, dialect)
        return histogram_report(hist, digits, exact)
    df, score_col, label_col, weight_col = _exact_columns(df, score_col, label_col, weight_col)
    sql_types = dict(df.dtypes)
    rangeable = (
        (weight_col is None or sql_types.get(weight_col) in WEIGHT_TYPES)
        and sql_types.get(score_col) in SCORE_TYPES
        and sql_types.get(label_col) in LABEL_TYPES
    )
    if rangeable and distributed is not False:
        stats = distinct_estimate(df, score_col, label_col, weight_col)
        if stats["rows"] and (distributed or stats["distinct"] > HISTOGRAM_DISTINCT):
            if exact:
                return _exact_shares_report(
                    df, score_col, label_col, weight_col, digits, partitions
                )
            exact_shares: list[Share] = []

            def exact_area(method: str) -> Any:  # only for a value on a rounding boundary
                if not exact_shares:
                    exact_shares.append(summary(df, score_col, label_col, weight_col, partitions))
                return exact_shares[0].auc_pr[area_records().index(area_record(method))]

            return ranged_report(
                df, score_col, label_col, stats, digits, exact_area, partitions, None, weight_col
            )
    elif distributed:
        return _exact_shares_report(df, score_col, label_col, weight_col, digits, partitions)
    return histogram_report(histogram(df, score_col, label_col, weight_col), digits, exact)


def _exact_shares_report(
    df: Any,
    score_col: str,
    label_col: str,
    weight_col: str | None,
    digits: int,
    partitions: int | None,
) -> dict[str, Any]:
    try:
        return summary_report(summary(df, score_col, label_col, weight_col, partitions), digits)
    except (NoPositivesError, NoNegativesError):
        # one class: no ROC to summarise; the histogram report says what is defined
        return histogram_report(histogram(df, score_col, label_col, weight_col), digits, True)
