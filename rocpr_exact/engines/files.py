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

Paths are literal unless ``glob=True``: DuckDB would expand ``*``, ``?``,
``[`` or ``{`` in a path and read other files, so such a path is read through a
symlink with a plain name in a temporary folder (and refused where no symlink
can be made).  The ``max_examples`` limit is checked from the Parquet metadata before
any row is read (for CSV, from the total count of the aggregation).
"""

from __future__ import annotations

import contextlib
import glob as globbing
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from rocpr_exact.engines.histogram import Histogram, from_labelled_counts
from rocpr_exact.errors import InvalidInputError, MissingDependencyError
from rocpr_exact.limits import check_examples

__all__ = ["file_histogram"]

FileFormat = Literal["csv", "parquet"]
_GLOB_CHARACTERS = "*?[{"
_INTEGER_TYPES = ("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT",
                  "UINTEGER", "UBIGINT", "UHUGEINT")  # fmt: skip


def _duckdb() -> Any:
    try:
        import duckdb
    except ImportError:
        raise MissingDependencyError(
            "the duckdb engine needs the optional duckdb package: "
            "pip install '.[parquet]' in rocpr-exact's source tree"
        ) from None
    return duckdb


def _sql_string(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _sql_identifier(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _format_of(path: str, file_format: FileFormat | None) -> FileFormat:
    if file_format is not None:
        if file_format not in ("csv", "parquet"):
            raise InvalidInputError(f"file_format must be 'csv' or 'parquet', got {file_format!r}")
        return file_format
    suffix = path.lower().rsplit(".", 1)[-1] if "." in path else ""
    if suffix in ("parquet", "pq"):
        return "parquet"
    if suffix in ("csv", "txt", "tsv"):
        return "csv"
    raise InvalidInputError(
        f"{path}: cannot tell CSV from Parquet by the name; pass file_format='csv' or 'parquet'"
    )


def _check_path(path: str, glob: bool) -> None:
    if glob:
        if not globbing.glob(path, recursive=True):
            raise InvalidInputError(f"{path}: the pattern matches no file")
        return
    if not Path(path).is_file():
        hint = (
            " (the path is taken literally; pass glob=True to read the files a pattern matches)"
            if any(c in path for c in _GLOB_CHARACTERS)
            else ""
        )
        raise InvalidInputError(f"cannot read {path}: no such file{hint}")


@contextlib.contextmanager
def _literal(path: str, glob: bool) -> Iterator[str]:
    """A name DuckDB reads as exactly ``path``: a path with pattern characters (and
    ``glob=False``) is read through a symlink with a plain name in a temporary folder."""
    if glob or not any(c in path for c in _GLOB_CHARACTERS):
        yield path
        return
    with tempfile.TemporaryDirectory(prefix="rocpr-exact-") as folder:
        link = Path(folder) / ("data" + "".join(Path(path).suffixes[-1:]))
        try:
            link.symlink_to(Path(path).resolve())
        except OSError:
            raise InvalidInputError(
                f"{path}: the path contains one of {_GLOB_CHARACTERS!r}, which DuckDB would "
                "expand as a pattern, and no plain-named link to it can be made here; "
                "rename the file, or pass glob=True if a pattern is what you mean"
            ) from None
        yield str(link)


def _grouped_rows(
    duckdb: Any,
    readable: str,
    name: str,
    kind: FileFormat,
    score_column: str,
    label_column: str,
    weight_column: str | None,
) -> list[Any]:
    """(score, label, count) per distinct pair, computed by DuckDB from the file ``readable``."""
    if kind == "parquet":
        source = f"read_parquet({_sql_string(readable)})"
    else:
        source = (
            f"read_csv({_sql_string(readable)}, header = true, all_varchar = true, "
            "delim = ',', quote = '\"', escape = '\"')"
        )
    con = duckdb.connect()
    try:
        con.execute("SET enable_progress_bar = false")
        if kind == "parquet":
            meta = con.execute(
                f"SELECT SUM(num_rows) FROM parquet_file_metadata({_sql_string(readable)})"
            ).fetchone()
            check_examples(int(meta[0] or 0), name)
        types = {
            row[0]: row[1] for row in con.execute(f"DESCRIBE SELECT * FROM {source}").fetchall()
        }
        wanted = [score_column, label_column, *([weight_column] if weight_column else [])]
        missing = [c for c in wanted if c not in types]
        if missing:
            raise InvalidInputError(
                f"{name}: no column {missing[0]!r} in {list(types)}; "
                "name the columns with score_column, label_column and weight_column"
            )
        s, y = _sql_identifier(score_column), _sql_identifier(label_column)
        if weight_column is None:
            count = "COUNT(*)"
        else:
            w = _sql_identifier(weight_column)
            weight_type = str(types[weight_column])
            if weight_type in _INTEGER_TYPES:
                whole = f"{w}::HUGEINT"
            elif kind == "csv" or weight_type == "VARCHAR":
                # digits only: DuckDB would round the text "1.5" to an integer
                whole = (
                    f"(CASE WHEN regexp_full_match(trim({w}), '[0-9]{{1,38}}') "
                    f"THEN trim({w})::HUGEINT END)"
                )
            else:
                raise InvalidInputError(
                    f"{name}: weight column {weight_column!r} has type {weight_type}; "
                    "weights must be integer counts (an integer column)"
                )
            bad = con.execute(
                f"SELECT COUNT(*) FROM {source} WHERE {whole} IS NULL OR {whole} < 0"
            ).fetchone()
            if bad[0]:
                raise InvalidInputError(
                    f"{name}: {bad[0]} weights are NULL, negative or not integers; "
                    "a weight is a non-negative integer count"
                )
            count = f"SUM({whole})"
        score = f"trim({s})" if kind == "csv" else s
        label = f"lower(trim({y}))" if kind == "csv" else y
        rows = con.execute(
            f"SELECT {score}, {label}, {count}, COUNT(*) FROM {source} GROUP BY ALL"
        ).fetchall()
        if kind == "csv":  # no metadata: the rows are counted by the aggregation
            check_examples(sum(row[3] for row in rows), name)
    except duckdb.Error as exc:
        raise InvalidInputError(f"{name}: cannot read as {kind} ({exc})") from None
    finally:
        con.close()
    return [row[:3] for row in rows]


def file_histogram(
    path: str | Path,
    score_column: str = "score",
    label_column: str = "label",
    weight_column: str | None = None,
    *,
    file_format: FileFormat | None = None,
    glob: bool = False,
) -> Histogram:
    """The exact histogram of a CSV or Parquet file (or, with ``glob=True``, of files).

    ``weight_column`` names a column of non-negative integer weights (an
    example of weight w counts w times); NULL, negative or fractional weights
    are refused.  CSV files need a header row; every CSV value is read as text.

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "s.csv")
    ...     _ = open(p, "w").write("score,label\\n0.5,1\\n0.50,0\\n1/3,true\\n")
    ...     file_histogram(p).groups
    ((Decimal('0.5'), 1, 1), (Fraction(1, 3), 1, 0))
    """
    duckdb = _duckdb()
    name = str(path)
    kind = _format_of(name, file_format)
    _check_path(name, glob)
    with _literal(name, glob) as readable:
        rows = _grouped_rows(
            duckdb, readable, name, kind, score_column, label_column, weight_column
        )
    return from_labelled_counts(rows, name)
