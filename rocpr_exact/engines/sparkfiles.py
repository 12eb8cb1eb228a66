"""Files read by the ``spark`` engine (``--engine spark``): the path and header checked first.

:func:`on_file` gives a CSV or Parquet file's DataFrame to a piece of work
(:mod:`rocpr_exact.engines.spark`'s histogram or report), with the same checks and
one-line messages as the duckdb engine.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, TypeVar

from rocpr_exact.core.data import check_roles
from rocpr_exact.engines.decompressed import checked_inputs
from rocpr_exact.engines.filecheck import (
    check_literal_path,
    check_parquet_markers,
    csv_defect,
    has_pattern,
    sentence,
)
from rocpr_exact.engines.sparksession import FRAME, local_session, pyspark_sql
from rocpr_exact.errors import InvalidInputError, RocPrError
from rocpr_exact.io.dialect import DEFAULT_DIALECT, CsvDialect
from rocpr_exact.io.readers import read_csv_header

__all__ = ["on_file"]

_T = TypeVar("_T")
#: CSV compressions Spark cannot read, read through a plain copy (engines.decompressed).
_COPIED = (".xz", ".zst")
#: Spark's text for NULL in a CSV (its default, "", would make an empty field NULL): no field
#: of a CSV a person writes holds it.
_NO_NULL = "\x00rocpr-exact: a missing field\x00"


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
    ``dialect.delimiter`` (Spark's ``sep``); its labels are ``work``'s to read.  A CSV is read
    as the python engine reads it (docs/engines.md, "One corpus, every engine"): every byte
    first passes once through the python engine's decoders (a damaged file is refused there),
    a quoted field may hold a line end (``multiLine`` when the file has a quote), and a row
    with more or fewer fields than the header is refused with the python reader's line.
    A refusal that names "the DataFrame" names the file instead.
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
    # Spark reads .gz and .bz2 itself (after one pass of the python engine's decoders over
    # every byte, which refuses a damaged file); .xz and .zst through a plain copy
    checked = checked_inputs([path], _COPIED, line, dialect.delimiter) if header else None
    with checked or contextlib.nullcontext(([path], None)) as ((readable,), scan):
        if scan is not None and scan.trailing and columns is not None:
            defect = csv_defect([path], columns, dialect)
            if defect is not None:  # a line ending after the delimiter: more fields than the header
                raise defect
        try:
            frame = (
                session.read.parquet(path)
                if path.lower().endswith(".parquet")
                else session.read.csv(
                    readable,
                    header=True,
                    inferSchema=False,
                    mode="FAILFAST",
                    sep=dialect.delimiter,
                    # the python reader's quoting: "" is a quote inside a quoted field, a quoted
                    # field may hold a line end (multiLine: read when the file has a quote)
                    escape='"',
                    multiLine=bool(scan and scan.quoted),
                    nullValue=_NO_NULL,
                )
            )
            if header is not None and columns is not None and len(header) == len(frame.columns):
                frame = _short_rows_unlabelled(frame, header, columns[1])
            return work(frame)
        except RocPrError as exc:
            if header is None or columns is None or not isinstance(exc, InvalidInputError):
                raise _named(exc, path) from None
            # a score or label refused on the driver: the python engine's line names its row
            raise csv_defect([path], columns, dialect) or _named(exc, path) from None
        except Exception as exc:  # pyspark's AnalysisException, Py4JJavaError, ...
            if not path.lower().endswith(".parquet") and not glob and columns is not None:
                defect = csv_defect([path], columns, dialect)
                if defect is not None:  # the python engine's own line for the same file
                    raise defect from None
            raise InvalidInputError(f"{path}: Spark cannot read it ({sentence(exc)})") from None


def _short_rows_unlabelled(frame: Any, header: list[str], label_column: str) -> Any:
    """``frame`` with its columns named as the header writes them, and no label on a row
    shorter than the header.

    Spark fills the missing last fields of a short row with NULL, even in FAILFAST mode, where
    the python engine refuses the row.  Read with :data:`_NO_NULL` as its NULL text, an empty
    field is ``""``, so NULL in the last column means a short row: its label becomes NULL,
    which the driver refuses, and the python reader then names the row.
    """
    functions = pyspark_sql().functions
    positional = frame.toDF(*(f"c{i}" for i in range(len(header))))
    last = functions.col(f"c{len(header) - 1}")
    at = header.index(label_column)
    picked = [
        (functions.when(last.isNull(), None).otherwise(functions.col(f"c{i}")) if i == at
         else functions.col(f"c{i}")).alias(name)
        for i, name in enumerate(header)
    ]  # fmt: skip
    return positional.select(*picked)


def _named(error: RocPrError, path: str) -> RocPrError:
    """``error`` with the file's name where a DataFrame's message says :data:`FRAME`."""
    text = str(error)
    if text.startswith(FRAME):
        error.args = (path + text[len(FRAME) :], *error.args[1:])
    return error
