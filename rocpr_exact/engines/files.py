"""The ``duckdb`` engine: CSV and Parquet files reduced to an exact histogram inside DuckDB.

DuckDB runs one aggregation,

    SELECT score, label, COUNT(*)            -- or SUM(weight::HUGEINT)
    FROM file GROUP BY score, label

and only its result (one row per distinct (score, label) pair) reaches Python,
where :func:`rocpr_exact.engines.histogram.from_labelled_counts` checks every
distinct value once.  Exactness:

* counts are ``COUNT(*)`` (BIGINT) or a sum of integer weights cast to HUGEINT
  (128-bit): integer sums, never rounded;
* scores are grouped by their exact value.  A Parquet DOUBLE/FLOAT column is
  grouped by the binary value itself and read back as a Python float (exact);
  DECIMAL as ``Decimal``; integers as ``int``; a text column, and every CSV
  score, is grouped by its text and parsed exactly by the CSV reader's
  :func:`parse_score` (so "0.1000000000000000055511151231257827" and "0.1" are
  two scores, and "0.5" and "0.50" one), never through a double;
* NULL or NaN scores and labels other than 0/1/true/false are refused with an
  :class:`InvalidInputError`.

A CSV is read as the python engine reads it, never as DuckDB's sniffer guesses: its
header is read and checked by :func:`rocpr_exact.io.readers.read_csv_header` (the same
messages), and DuckDB reads the rows after it with that header, comma-separated,
double-quoted, without comment lines or skipped rows.  Every refusal is one line in this
package's words (:mod:`rocpr_exact.engines.filecheck`): a CSV that DuckDB cannot read is
read again by the python engine's bounded reader, which names the first defect.

Paths are literal unless ``glob=True``: DuckDB would expand ``*``, ``?``, ``[`` or ``{`` in
a path and read other files, so such a path is read through a symlink with a plain name in
a temporary folder (and refused where no symlink can be made).  The ``max_examples`` limit
is checked before the aggregation: from the Parquet metadata, and for CSV by a ``LIMIT``
of ``max_examples + 1`` rows under it (no second pass over the file).
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from rocpr_exact.core.curve import Curve
from rocpr_exact.core.data import check_roles
from rocpr_exact.engines import filecheck
from rocpr_exact.engines.columns import (
    csv_columns,
    file_list,
    parquet_columns,
    sql_identifier,
)
from rocpr_exact.engines.decompressed import checked_inputs, mixed_line_ends
from rocpr_exact.engines.filecheck import FileFormat
from rocpr_exact.engines.histogram import (
    LONG_WEIGHT_DIGITS,
    Histogram,
    from_labelled_counts,
    weighed_rows,
)
from rocpr_exact.errors import InvalidInputError, MissingDependencyError, RocPrError
from rocpr_exact.io.dialect import DEFAULT_DIALECT, CsvDialect
from rocpr_exact.limits import check_examples, current

__all__ = ["file_curve", "file_histogram"]

#: Parquet column types read straight into numpy: the values are exact there (a float64 is its
#: own exact binary value; float32 and integers up to 64 bits convert exactly).
_ARRAY_TYPES = ("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER",
                "FLOAT", "DOUBLE")  # fmt: skip
_ARRAY_LABELS = (*_ARRAY_TYPES, "BOOLEAN")
#: CSV compressions DuckDB cannot read, read through a plain copy (engines.decompressed).
_COPIED = (".bz2", ".xz")


def _duckdb() -> Any:
    try:
        import duckdb
    except ImportError:
        raise MissingDependencyError(
            "the duckdb engine needs the optional duckdb package: "
            "pip install '.[parquet]' in rocpr-exact's source tree"
        ) from None
    return duckdb


def _format_of(path: str, file_format: FileFormat | None) -> FileFormat:
    if file_format is not None:
        if file_format not in ("csv", "parquet"):
            raise InvalidInputError(f"file_format must be 'csv' or 'parquet', got {file_format!r}")
        return file_format
    plain = filecheck.uncompressed_name(path)
    suffix = plain.rsplit(".", 1)[-1] if "." in plain else ""
    if suffix in ("parquet", "pq"):
        return "parquet"
    if suffix in ("csv", "txt", "tsv"):
        return "csv"
    raise InvalidInputError(
        f"{path}: cannot tell CSV from Parquet by the name; pass file_format='csv' or 'parquet'"
    )


@contextlib.contextmanager
def _readable(files: Sequence[str]) -> Iterator[list[str]]:
    """Names DuckDB reads as exactly ``files``: a name with a pattern character is read
    through a symlink with a plain name in a temporary folder (DuckDB would expand it)."""
    if not any(filecheck.has_pattern(file) for file in files):
        yield list(files)
        return
    with tempfile.TemporaryDirectory(prefix="rocpr-exact-") as folder:
        names = []
        for number, file in enumerate(files):
            if not filecheck.has_pattern(file):
                names.append(file)
                continue
            link = Path(folder) / (f"data{number}" + "".join(Path(file).suffixes[-1:]))
            try:
                link.symlink_to(Path(file).resolve())
            except OSError:
                raise InvalidInputError(
                    f"{file}: the path contains one of {filecheck.PATTERN_CHARACTERS!r}, which "
                    "DuckDB would expand as a pattern, and no plain-named link to it can be made "
                    "here; rename the file, or pass glob=True if a pattern is what you mean"
                ) from None
            names.append(str(link))
        yield names


def _count_expression(
    con: Any, source: str, name: str, weight: str | None, kind: str
) -> tuple[str, str | None]:
    """``COUNT(*)``, or the exact sum of the integer weights ``w`` of ``source`` (checked), and
    for text weights the condition of the rows whose weight is too long for that sum."""
    if weight is None:
        return "COUNT(*)", None
    long = None
    if kind in filecheck.INTEGER_TYPES:
        whole = "w::HUGEINT"
        valid = f"{whole} >= 0"
    elif kind == "VARCHAR":  # digits only: DuckDB would round the text "1.5" to an integer
        valid = "regexp_full_match(trim(w), '[0-9]+')"
        long = f"length(trim(w)) > {LONG_WEIGHT_DIGITS}"
        whole = f"(CASE WHEN {long} THEN 0 ELSE trim(w)::HUGEINT END)"
    else:
        raise InvalidInputError(
            f"{name}: weight column {weight!r} has type {filecheck.shown_type(kind)}; "
            "weights must be integer counts (an integer column)"
        )
    bad = con.execute(f"SELECT COUNT(*) FROM {source} WHERE w IS NULL OR NOT ({valid})")
    (count,) = bad.fetchone()
    if count:
        raise InvalidInputError(
            f"{name}: {count} weights are NULL, negative or not integers; "
            "a weight is a non-negative integer count"
        )
    return f"SUM({whole})", long


def _grouped_rows(
    con: Any,
    names: list[str],
    name: str,
    kind: FileFormat,
    columns: tuple[str, str, str | None],
    header: tuple[list[str], int] | None,
    dialect: CsvDialect,
) -> list[Any]:
    """(score, label, count) per distinct pair, computed by DuckDB from the files ``names``."""
    files = file_list(names)
    if header is not None:  # a CSV: text
        reader, picked = csv_columns(name, files, header, columns, dialect.delimiter)
        types = {column: "VARCHAR" for column in picked}
    else:
        found = parquet_columns(con, name, names, columns)
        types = {column: kind for column, (_, kind) in found.items()}
        reader = f"read_parquet({files})"
        picked = {column: sql_identifier(read) for column, (read, _) in found.items()}
    filecheck.check_types(name, types, columns[0], columns[1])
    aliases = [
        f"{picked[c]} AS {alias}" for c, alias in zip(columns, "syw", strict=True) if c is not None
    ]
    source = f"(SELECT {', '.join(aliases)} FROM {reader}"
    limit = current().max_examples
    if header is not None and limit is not None:  # no metadata: read one row past the limit
        source += f" LIMIT {limit + 1}"
    source += ")"
    weight = columns[2]
    count, long = _count_expression(con, source, name, weight, types[weight] if weight else "")
    score, label = ("trim(s)", "lower(trim(y))") if kind == "csv" else ("s", "y")
    if kind == "csv" and dialect.named_labels:
        label = "trim(y)"  # named labels are compared exactly (io.dialect)
    rows = con.execute(
        f"SELECT {score}, {label}, {count}, COUNT(*) FROM {source} GROUP BY ALL"
    ).fetchall()
    check_examples(sum(row[3] for row in rows), name)
    if not rows and kind == "csv":
        raise InvalidInputError(f"{name}: the file has a header but no data rows")
    grouped = [row[:3] for row in rows]
    if long is not None:
        long_rows = con.execute(
            f"SELECT {score}, {label}, trim(w), COUNT(*) FROM {source} WHERE {long} GROUP BY ALL"
        ).fetchall()
        grouped += weighed_rows(long_rows, name)
    return grouped


def file_histogram(
    path: str | Path,
    score_column: str = "score",
    label_column: str = "label",
    weight_column: str | None = None,
    *,
    file_format: FileFormat | None = None,
    glob: bool = False,
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> Histogram:
    """The exact histogram of a CSV or Parquet file (or, with ``glob=True``, of files).

    ``weight_column`` names a column of non-negative integer weights (an
    example of weight w counts w times); NULL, negative or fractional weights
    are refused.  CSV files need a header row; every CSV value is read as text.
    A CSV is read in ``dialect`` (delimiter, label names: :class:`CsvDialect`), compressed
    with gzip (``.gz``) or zstd (``.zst``), which DuckDB reads, bzip2 (``.bz2``) or xz
    (``.xz``), read through a bounded plain copy (:mod:`rocpr_exact.engines.decompressed`),
    or not.
    Every file that cannot be used is refused with one line that says why
    (an :class:`InvalidInputError`, or a ``ResourceLimitError`` for a limit).

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "s.csv")
    ...     _ = open(p, "w").write("score,label\\n0.5,1\\n0.50,0\\n1/3,true\\n")
    ...     file_histogram(p).groups
    ((Decimal('0.5'), 1, 1), (Fraction(1, 3), 1, 0))
    """
    columns = (score_column, label_column, weight_column)
    check_roles(columns)
    duckdb = _duckdb()
    name = str(path)
    kind = _format_of(name, file_format)
    con = duckdb.connect()
    try:
        con.execute("SET enable_progress_bar = false")
        # Rows are only counted and grouped: without an order to keep, the LIMIT under the
        # aggregation runs in parallel (with it, 10**7 CSV rows took 1.5 s instead of 0.8 s).
        con.execute("SET preserve_insertion_order = false")
        try:
            files = filecheck.matched_files(con, name, glob)
        except duckdb.Error as exc:
            raise filecheck.explained(exc, name, kind, [], columns) from None
        header = None
        if kind == "csv":
            header = filecheck.csv_header(files, columns, dialect)
        else:
            for file in files:
                filecheck.check_parquet_markers(file)
        read = (con, name, kind, columns, header, dialect)
        try:
            rows = _copied_rows(files, read)
        except duckdb.Error as exc:
            if header is None or not mixed_line_ends(files):
                raise filecheck.explained(exc, name, kind, files, columns) from None
            try:  # DuckDB refuses "\n" and "\r\n" in one file: a copy with one line end
                rows = _copied_rows(files, read, line_ends=True)
            except duckdb.Error as again:
                raise filecheck.explained(again, name, kind, files, columns) from None
    finally:
        con.close()
    try:
        return from_labelled_counts(rows, name, dialect=dialect)
    except RocPrError as exc:
        if kind != "csv":
            raise
        # the same message as the python engine, with the line of the first defect
        raise filecheck.csv_defect(files, columns, dialect) or exc from None


def _copied_rows(files: list[str], read: tuple[Any, ...], line_ends: bool = False) -> Any:
    """:func:`_grouped_rows` of ``files``, read through plain copies where DuckDB needs one.

    Every byte of a CSV passes once through the python engine's decoders first
    (:func:`checked_inputs`): a damaged ``.gz`` or ``.zst``, which DuckDB reads without
    checking its trailer, is refused as the python engine refuses it; a line that ends after
    the delimiter (DuckDB drops its empty last fields) has the python reader name the defect.
    """
    con, name, kind, columns, header, dialect = read
    if header is None:
        with _readable(files) as names:
            return _grouped_rows(con, names, name, kind, columns, header, dialect)
    checked = checked_inputs(files, _COPIED, header[1], dialect.delimiter, line_ends)
    with checked as (plain, scan), _readable(plain) as names:
        defect = filecheck.csv_defect(files, columns, dialect) if scan.trailing else None
        if defect is not None:
            raise defect
        return _grouped_rows(con, names, name, kind, columns, header, dialect)


#: The rows sampled by :func:`_few_distinct`.
_SAMPLE = 1 << 16


def _few_distinct(con: Any, files: str, score: str) -> bool:
    """Whether the first 65,536 scores (all there) hold under 1 distinct value in 8 (ties).

    Only the speed depends on it: with few distinct scores, DuckDB's parallel ``GROUP BY``
    and the histogram beat sorting every row in numpy (measured in bench_files.py).
    """
    sample = f"(SELECT {score} AS s FROM read_parquet({files}) LIMIT {_SAMPLE})"
    rows, distinct = con.execute(f"SELECT COUNT(*), COUNT(DISTINCT s) FROM {sample}").fetchone()
    return bool(rows >= _SAMPLE and distinct * 8 < rows)


def _parquet_arrays(path: str, score_column: str, label_column: str) -> tuple[Any, Any] | None:
    """The score and label columns of one Parquet file as numpy arrays, when they are clean.

    Clean: the types of :data:`_ARRAY_TYPES` (labels also BOOLEAN), no NULL, no NaN score, every
    label 0 or 1, and not heavy ties (:func:`_few_distinct`).  Anything else is None: the
    histogram path reads it (and words any refusal).
    The row limit is checked from the metadata before any row is read.
    """
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - numpy is optional
        return None
    duckdb = _duckdb()
    con = duckdb.connect()
    try:
        con.execute("SET enable_progress_bar = false")
        filecheck.check_literal_path(path, "duckdb")
        filecheck.check_parquet_markers(path)
        with _readable([path]) as names:
            files = file_list(names)
            columns = (score_column, label_column, None)
            found = parquet_columns(con, path, names, columns)
            (score_read, score_type), (label_read, label_type) = found.values()
            if score_type not in _ARRAY_TYPES or label_type not in _ARRAY_LABELS:
                return None
            score = sql_identifier(score_read)
            if _few_distinct(con, files, score):
                return None  # DuckDB's GROUP BY is faster on heavy ties
            picked = f"{score} AS s, {sql_identifier(label_read)} AS y"
            arrays = con.execute(f"SELECT {picked} FROM read_parquet({files})").fetchnumpy()
    except duckdb.Error:
        return None  # the histogram path reads it again and words the refusal
    finally:
        con.close()
    scores, labels = arrays["s"], arrays["y"]
    if np.ma.isMaskedArray(scores) or np.ma.isMaskedArray(labels) or scores.shape[0] == 0:
        return None
    if scores.dtype.kind == "f" and np.isnan(scores).any():
        return None
    if labels.dtype.kind != "b" and ((labels != 0) & (labels != 1)).any():
        return None
    return scores, labels


def file_curve(
    path: str | Path,
    score_column: str = "score",
    label_column: str = "label",
    weight_column: str | None = None,
    *,
    file_format: FileFormat | None = None,
    glob: bool = False,
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> Curve:
    """The curve of :func:`file_histogram`'s histogram, read in one vectorised pass when it can.

    A single Parquet file (no weights, no pattern) whose score column is a float or integer
    column and whose label column a boolean or numeric one, without NULL, NaN or labels
    other than 0/1, is read by DuckDB into two numpy arrays and sorted once
    (:meth:`Curve.from_scores`: doubles compared as doubles, which is exact).  Every other
    file goes through :func:`file_histogram`, which also words every refusal; both give the
    same curve.

    >>> import tempfile, os, duckdb
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "s.parquet")
    ...     _ = duckdb.execute(f"COPY (SELECT * FROM (VALUES (0.5::DOUBLE, 1), (0.25, 0),"
    ...                        f" (0.5, 0)) t(score, label)) TO '{p}' (FORMAT parquet)")
    ...     file_curve(p).tps, file_curve(p).fps
    ((0, 1, 1), (0, 1, 2))
    """
    name = str(path)
    check_roles((score_column, label_column, weight_column))
    if weight_column is None and not glob and _format_of(name, file_format) == "parquet":
        arrays = _parquet_arrays(name, score_column, label_column)
        if arrays is not None:
            return Curve.from_scores(*arrays)
    columns = (score_column, label_column, weight_column)
    return file_histogram(
        path, *columns, file_format=file_format, glob=glob, dialect=dialect
    ).curve()
