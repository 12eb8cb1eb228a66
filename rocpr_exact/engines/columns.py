"""Which columns the ``duckdb`` engine reads: found by their exact names as written or stored.

DuckDB renames clashing column names on read (``score`` beside ``Score`` becomes ``score_1``)
and resolves names case-insensitively, so :mod:`rocpr_exact.engines.files` never names a
column to DuckDB by the user's name: a CSV's columns get positional names (``c0``, ``c1``...)
from the header the python reader checked, and a Parquet column is picked by its position
among the names the file stores (docs/engines.md).
"""

from __future__ import annotations

from typing import Any

from rocpr_exact.engines import filecheck
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.limits import check_examples, current

__all__ = ["csv_columns", "file_list", "parquet_columns", "sql_identifier", "sql_string"]


def sql_string(text: str) -> str:
    """``text`` as an SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


def sql_identifier(text: str) -> str:
    """``text`` as a quoted SQL identifier."""
    return '"' + text.replace('"', '""') + '"'


def file_list(names: list[str]) -> str:
    """The files ``names`` as a DuckDB list of string literals."""
    return "[" + ", ".join(sql_string(name) for name in names) + "]"


def csv_columns(
    name: str,
    files: str,
    header: tuple[list[str], int],
    columns: tuple[str, str, str | None],
    delimiter: str,
) -> tuple[str, dict[str, str]]:
    """The CSV rows after the checked header, and each wanted column's positional name.

    DuckDB gets the column count and positional names (``c0``, ``c1``...), never the header's
    names (an empty or quoted name would be SQL to parse), and no sniffing: no row is
    skipped, no ``#`` line is a comment, no dialect is guessed.
    """
    cells, line = header
    weight = columns[2]
    if weight is not None and weight not in cells:
        raise InvalidInputError(
            f"{name}: no column {weight!r} in the header {filecheck.shown_columns(cells)}; "
            "name the weight column with weight_column"
        )
    struct = "{" + ", ".join(f"'c{i}': 'VARCHAR'" for i in range(len(cells))) + "}"
    longest = current().max_line_chars
    reader = (
        f"read_csv({files}, auto_detect = false, header = false, skip = {line}, "
        f"columns = {struct}, delim = {sql_string(delimiter)}, quote = '\"', escape = '\"', "
        f"max_line_size = {2**31 - 1 if longest is None else longest + 2})"
    )
    return reader, {column: f"c{cells.index(column)}" for column in columns if column is not None}


def parquet_columns(
    con: Any, name: str, names: list[str], columns: tuple[str, str, str | None]
) -> dict[str, tuple[str, str]]:
    """Each wanted column of the Parquet files ``names``: (DuckDB's name for it, its type).

    Columns are found by their names as stored (:func:`filecheck.parquet_names`), never by
    DuckDB's renamed ones; a name stored twice is refused, and every file of a pattern must store
    the same names in the same order.  The row limit is checked first, from the metadata.
    """
    files = file_list(names)
    meta = con.execute(f"SELECT SUM(num_rows) FROM parquet_file_metadata({files})").fetchone()
    check_examples(int(meta[0] or 0), name)  # from the metadata, before any row is read
    stored = filecheck.parquet_names(con, name, names)
    described = con.execute(f"DESCRIBE SELECT * FROM read_parquet({files})").fetchall()
    if len(described) != len(stored):  # pragma: no cover - DuckDB reads every top-level column
        raise InvalidInputError(f"{name}: DuckDB reads other columns than the file stores")
    for column in (c for c in columns if c is not None):
        if column not in stored:
            parameters = (
                "the weight column with weight_column"
                if column == columns[2]
                else "the columns with score_column and label_column"
            )
            raise InvalidInputError(
                f"{name}: no column {column!r} in the columns "
                f"{filecheck.shown_columns(stored)}; name {parameters}"
            )
    read = {stored[i]: (str(row[0]), str(row[1])) for i, row in enumerate(described)}
    return {column: read[column] for column in columns if column is not None}
