"""Files read by the ``spark`` engine (``--engine spark``): the path and header checked first.

:func:`on_file` gives a CSV or Parquet file's DataFrame to a piece of work
(:mod:`rocpr_exact.engines.spark`'s histogram or report), with the same checks and
one-line messages as the duckdb engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from rocpr_exact.core.data import check_roles
from rocpr_exact.engines.decompressed import readable_copies
from rocpr_exact.engines.filecheck import (
    check_literal_path,
    check_parquet_markers,
    csv_defect,
    has_pattern,
    sentence,
)
from rocpr_exact.engines.sparksession import local_session
from rocpr_exact.errors import InvalidInputError, RocPrError
from rocpr_exact.io.dialect import DEFAULT_DIALECT, CsvDialect
from rocpr_exact.io.readers import read_csv_header

__all__ = ["on_file"]

_T = TypeVar("_T")


def on_file(
    path: str,
    glob: bool,
    session: Any,
    work: Callable[[Any], _T],
    columns: tuple[str, str, str | None] | None = None,
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> _T:
    """``work`` on the DataFrame of a CSV or Parquet file read by Spark (``--engine spark``).

    The path is checked first, as the duckdb engine checks it: Spark takes ``* ? [ ] { }``
    as patterns, so a path with them is refused unless ``glob`` (never other files); a
    missing file, a directory or a file that is not Parquet is one line, never Spark's Java
    text; any other error of Spark's is cut to its first sentence.  ``session`` defaults to
    :func:`local_session`, started only once the path has passed.  A CSV is split at
    ``dialect.delimiter`` (Spark's ``sep``); its labels are ``work``'s to read.
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
    header, line = None, 0
    if columns is not None:
        check_roles(columns)
        if not glob and not path.lower().endswith(".parquet"):
            # read and checked as the python engine reads it, before Spark starts: Spark
            # would rename clashing names ("Score" and "score" become "Score0" and "score2")
            header, line = read_csv_header(path, columns[:2], dialect=dialect)
    if session is None:
        session = local_session()
    # Spark reads .gz and .bz2 itself; an .xz file through a plain copy (engines.decompressed)
    with readable_copies([path], (".xz",) if header else (), line) as (readable,):
        try:
            frame = (
                session.read.parquet(path)
                if path.lower().endswith(".parquet")
                else session.read.csv(
                    readable, header=True, inferSchema=False, mode="FAILFAST", sep=dialect.delimiter
                )
            )
            if header is not None and len(header) == len(frame.columns):
                frame = frame.toDF(*header)  # the names as written (Spark renames clashes)
            return work(frame)
        except RocPrError as exc:
            if header is None or columns is None or not isinstance(exc, InvalidInputError):
                raise
            # a score or label refused on the driver: the python engine's line names its row
            raise csv_defect([path], columns, dialect) or exc from None
        except Exception as exc:  # pyspark's AnalysisException, Py4JJavaError, ...
            if not path.lower().endswith(".parquet") and not glob and columns is not None:
                defect = csv_defect([path], columns, dialect)
                if defect is not None:  # the python engine's own line for the same file
                    raise defect from None
            raise InvalidInputError(f"{path}: Spark cannot read it ({sentence(exc)})") from None
