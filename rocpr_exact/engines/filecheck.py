"""What the duckdb engine checks in Python, and how it words what DuckDB refuses.

DuckDB's own error messages are written for SQL users: a CSV it cannot parse gets a
1,500-character "Error when sniffing file ... Possible fixes: ..." and a query echo
(``LINE 1: ... ^^^^``).  Here every refusal becomes one line in this package's words that
says what to fix:

* before DuckDB runs: the path (missing, a directory, a pipe or a device), a Parquet
  file's markers (``PAR1`` at both ends: a 0-byte, cut-short or non-Parquet file), a CSV's
  header (read by the python engine's reader: the same messages), the column types;
* after DuckDB refused (:func:`explained`): for a CSV, the python engine's bounded reader
  reads the file again and its first defect is the message (``FILE: line 3: 1 fields where
  the header has 2``); otherwise one sentence of DuckDB's text, without its lists of fixes
  or query echoes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from rocpr_exact.errors import InvalidInputError, ResourceLimitError, RocPrError
from rocpr_exact.io.dialect import DEFAULT_DIALECT, CsvDialect
from rocpr_exact.io.readers import first_defect, read_csv_header

__all__ = [
    "INTEGER_TYPES",
    "PATTERN_CHARACTERS",
    "FileFormat",
    "check_literal_path",
    "check_parquet_markers",
    "check_types",
    "csv_defect",
    "csv_header",
    "explained",
    "has_pattern",
    "matched_files",
    "parquet_names",
    "sentence",
    "shown_columns",
    "shown_type",
]

FileFormat = Literal["csv", "parquet"]
#: Characters DuckDB expands in a path (a glob pattern).
PATTERN_CHARACTERS = "*?[{"
INTEGER_TYPES = ("TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT",
                 "UINTEGER", "UBIGINT", "UHUGEINT")  # fmt: skip
#: Column types whose values are exact numbers (or text parsed exactly), as DuckDB names them.
_NUMBER_TYPES = (*INTEGER_TYPES, "FLOAT", "DOUBLE", "BOOLEAN", "VARCHAR")
#: A DuckDB message's class prefix ("Invalid Input Error: ") and its lists of fixes.
_PREFIX = re.compile(r"^(?:[A-Za-z]+ )*(?:Error|Exception): ")
_LONGEST_SENTENCE = 160


def has_pattern(path: str) -> bool:
    return any(c in path for c in PATTERN_CHARACTERS)


def _check_path(path: str) -> None:
    """A literal path DuckDB can read: an existing regular file."""
    check_literal_path(path, "duckdb")


def check_literal_path(path: str, engine: str) -> None:
    """A literal path an engine can read: an existing regular file (one line otherwise)."""
    where = Path(path)
    if where.is_file():
        return
    if where.is_dir():
        raise InvalidInputError(f"cannot read {path}: Is a directory")
    if where.exists():
        raise InvalidInputError(
            f"cannot read {path}: it is not a regular file (a pipe or a device), and the {engine} "
            "engine reads files; save the data to a file (the python engine reads a CSV from a "
            "pipe)"
        )
    hint = (
        " (the path is taken literally; pass glob=True to read the files a pattern matches)"
        if has_pattern(path)
        else ""
    )
    raise InvalidInputError(f"cannot read {path}: no such file{hint}")


def matched_files(con: Any, path: str, glob: bool) -> list[str]:
    """The files to read: ``path`` itself, or (``glob=True``) the files DuckDB's glob matches."""
    if not glob:
        _check_path(path)
        return [path]
    files = sorted(row[0] for row in con.execute("SELECT file FROM glob(?)", [path]).fetchall())
    if not files:
        raise InvalidInputError(f"{path}: the pattern matches no file")
    return files


def csv_header(
    files: Sequence[str],
    columns: tuple[str, str, str | None],
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> tuple[list[str], int]:
    """The header every CSV file shares, and its line, read by the python engine's reader."""
    required = columns[:2]
    first, line = read_csv_header(files[0], required, dialect=dialect)
    for file in files[1:]:
        other, other_line = read_csv_header(file, required, dialect=dialect)
        if (other, other_line) != (first, line):
            raise InvalidInputError(
                f"{file}: its header {shown_columns(other)} (line {other_line}) is not the header "
                f"{shown_columns(first)} (line {line}) of {files[0]}; the files of one pattern "
                "must share one header"
            )
    return first, line


def uncompressed_name(path: str) -> str:
    """``path`` in lower case without a ``.gz``, ``.zst``, ``.bz2`` or ``.xz`` suffix (DuckDB
    reads the first two; the engine reads the others through a plain copy)."""
    plain = path.lower()
    for suffix in (".gz", ".zst", ".bz2", ".xz"):
        plain = plain.removesuffix(suffix)
    return plain


def check_parquet_markers(file: str) -> None:
    """Refuse a file that is not Parquet: one starts and ends with the 4 bytes ``PAR1``."""
    try:
        with open(file, "rb") as stream:  # a regular file (checked): this never waits
            head = stream.read(4)
            size = stream.seek(0, 2)
            stream.seek(max(size - 4, 0))
            tail = stream.read(4)
    except OSError as exc:
        raise InvalidInputError(f"cannot read {file}: {exc.strerror or exc}") from None
    if size < 12:  # the two markers and the length of the footer
        reason = "it is empty" if size == 0 else f"it is only {size} bytes long"
    elif head != b"PAR1":
        reason = "it does not start with the Parquet marker PAR1"
    elif tail != b"PAR1":
        reason = "it does not end with the Parquet marker PAR1: is it cut short?"
    else:
        return
    raise InvalidInputError(f"{file} is not a Parquet file ({reason})")


def _stored_names(con: Any, file: str) -> list[str]:
    """The top-level column names of the Parquet file ``file`` exactly as stored.

    DuckDB renames clashing names when it reads (``score`` after ``Score`` becomes
    ``score_1``), so the names are read from the schema itself: a depth-first list whose
    first element is the root, each element followed by its ``num_children`` children.
    """
    query = "SELECT name, num_children FROM parquet_schema(?)"
    elements = con.execute(query, [file]).fetchall()
    names: list[str] = []
    open_children = [elements[0][1] or 0] if elements else []
    for column, children in elements[1:]:
        if len(open_children) == 1:
            names.append(column)
        open_children[-1] -= 1
        if children:
            open_children.append(children)
        while len(open_children) > 1 and open_children[-1] <= 0:
            open_children.pop()
    return names


def parquet_names(con: Any, name: str, files: Sequence[str]) -> list[str]:
    """The column names the Parquet ``files`` store (:func:`_stored_names`), checked.

    A name stored twice is refused with the names listed (no reader can tell the two
    apart), and every file of a pattern must store the same names in the same order.
    """
    stored = _stored_names(con, files[0])
    for file in files[1:]:
        if _stored_names(con, file) != stored:
            raise InvalidInputError(
                f"{name}: the files of one pattern must store the same columns, in the same "
                f"order; {file} differs from the first file's {shown_columns(stored)}"
            )
    duplicates = sorted(c for c, k in Counter(stored).items() if k > 1)
    if duplicates:
        raise InvalidInputError(f"{name}: duplicate column names {duplicates} in the file")
    return stored


def shown_type(type_name: str) -> str:
    return type_name if len(type_name) <= 60 else type_name[:57] + "..."


def shown_columns(columns: list[str]) -> list[str]:
    return columns if len(columns) <= 10 else [*columns[:10], f"... {len(columns):,} columns"]


def check_types(name: str, types: dict[str, str], score_column: str, label_column: str) -> None:
    """Refuse a score or label column whose type holds no exact number (a date, a list...)."""
    for column, what, allowed in (
        (score_column, "scores must be numbers", "an integer, DECIMAL, FLOAT, DOUBLE or BOOLEAN"),
        (label_column, "labels must be 0/1 or true/false", "a BOOLEAN, integer or numeric"),
    ):
        kind = types[column]
        if kind not in _NUMBER_TYPES and not re.fullmatch(r"DECIMAL\(\d+,\d+\)", kind):
            raise InvalidInputError(
                f"{name}: column {column!r} has type {shown_type(kind)}; {what}: {allowed} "
                "column, or text"
            )


def sentence(error: Exception) -> str:
    """The first sentence of an engine's message, on one line, at most 160 characters."""
    text = _PREFIX.sub("", str(error).strip())
    line = " ".join(text.split("\n", 1)[0].split())
    line = line.split(" Possible fixes")[0].split("LINE 1:")[0].strip()
    if len(line) > _LONGEST_SENTENCE:
        line = line[: _LONGEST_SENTENCE - 3] + "..."
    return line or type(error).__name__


def csv_defect(
    files: Sequence[str],
    columns: tuple[str, str, str | None],
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> RocPrError | None:
    """The first defect the python engine's reader finds in ``files`` (None: it finds none).

    The message is the python engine's, with the line (``FILE: line 3: ...``).  Memory
    stays flat; the reader stops at the first defect or after ``max_examples`` rows.
    """
    for file in files:
        try:
            first_defect(file, columns[0], columns[1], dialect)
        except RocPrError as exc:
            return exc
    return None


def explained(
    error: Exception,
    name: str,
    kind: FileFormat,
    files: Sequence[str],
    columns: tuple[str, str, str | None],
) -> RocPrError:
    """The error to raise, in this package's words, for a DuckDB error reading ``files``."""
    what = type(error).__name__
    if what == "InterruptException":
        raise KeyboardInterrupt
    if what == "OutOfMemoryException":
        return ResourceLimitError(
            f"{name}: DuckDB ran out of memory ({sentence(error)}); use a smaller file, or a "
            "machine with more memory"
        )
    if kind == "csv" and files:
        defect = csv_defect(files, columns)
        if defect is not None:
            return defect
        return InvalidInputError(
            f"{name}: DuckDB cannot read this CSV ({sentence(error)}); the python engine reads it"
        )
    if kind == "parquet" and files:
        return InvalidInputError(
            f"{name} cannot be read as Parquet: is it damaged? ({sentence(error)})"
        )
    return InvalidInputError(f"{name}: DuckDB cannot read it ({sentence(error)})")
