"""Reading datasets from CSV files, exactly (no float parsing).

Scores are parsed as ``Decimal`` (so "0.1000000000000000055511151231257827" keeps
every digit) or as a fraction "p/q"; labels are 0/1 or true/false.  Every
problem is an :class:`InvalidInputError` that names the line and the fix; a file
beyond the limits of :mod:`rocpr_exact.limits` (too many rows, a line or a score
too long) is a :class:`ResourceLimitError`, raised before it fills the memory.
"""

from __future__ import annotations

import codecs
import csv
import re
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import IO, Any, TypeVar

from rocpr_exact.core.data import check_roles
from rocpr_exact.errors import InvalidInputError, ResourceLimitError
from rocpr_exact.exact.numbers import parse_number
from rocpr_exact.io.dialect import DEFAULT_DIALECT, CsvDialect, parse_label
from rocpr_exact.io.files import READ_ERRORS, open_input, unreadable
from rocpr_exact.io.formats import sniffed
from rocpr_exact.limits import check_examples, current, exceeded

__all__ = [
    "CsvRow",
    "ScoredData",
    "WeightedData",
    "check_header",
    "csv_examples",
    "first_defect",
    "parse_label",
    "parse_score",
    "parse_weight",
    "read_csv",
    "read_csv_header",
    "read_scored_csv",
    "read_weighted_csv",
]

ScoredData = tuple[list[Decimal | Fraction], list[int]]
#: Scores, labels and exact weights (:func:`read_weighted_csv`).
WeightedData = tuple[list[Decimal | Fraction], list[int], list[Decimal | Fraction]]
#: One non-blank CSV row as read: where it is ("FILE: line 3"), the line it ends on, its cells.
CsvRow = tuple[str, int, list[str]]
_T = TypeVar("_T")


def parse_score(text: str, where: str) -> Decimal | Fraction:
    """Parse one score exactly: a decimal number, "inf"/"-inf", or a fraction "p/q".

    The grammar and the size bounds are those of :func:`rocpr_exact.exact.numbers.parse_number`;
    NaN is refused with its own message.

    >>> parse_score("1e-3", "line 2")
    Decimal('0.001')
    >>> parse_score("2/3", "line 2")
    Fraction(2, 3)
    """
    value = parse_number(text, "score", where=where, infinities=True, nan=True)
    if isinstance(value, Decimal) and value.is_nan():
        raise InvalidInputError(
            f"{where}: score {text!r} is NaN; every example needs a real score "
            "(remove the row or give it a score; infinities are allowed)"
        )
    return value


def parse_weight(text: str, where: str) -> Decimal | Fraction:
    """Parse one example weight exactly: a finite non-negative decimal or fraction "p/q".

    >>> parse_weight("0.25", "line 2"), parse_weight("1/3", "line 2")
    (Decimal('0.25'), Fraction(1, 3))
    """
    value = parse_number(text, "weight", where=where)
    if value < 0:
        raise InvalidInputError(f"{where}: weight {text!r} is negative; weights must be >= 0")
    return value


# A line and its end, split as text mode with newline="" splits: "\r\n", "\r" or "\n".
_PIECE = re.compile(r"[^\r\n]*(?:\r\n?|\n)|[^\r\n]+")


def _too_long(name: str, number: int, limit: int) -> ResourceLimitError:
    return exceeded(
        "max_line_chars",
        f"{name}: line {number} is longer than {limit:,} characters, which",
        "is this a CSV file? ",
    )


def _decoded(raw: bytes, name: str, number: int) -> str:
    """One line of a binary stream as text: UTF-8, with a byte order mark allowed on line 1."""
    if number == 1 and raw.startswith(codecs.BOM_UTF8):
        raw = raw[len(codecs.BOM_UTF8) :]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        hint = ""
        if number == 1 and raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            hint = " (it starts with a UTF-16 byte order mark)"
        raise InvalidInputError(
            f"{name}: line {number}: the file is not UTF-8 text{hint}: byte "
            f"0x{raw[exc.start]:02x} at byte {exc.start + 1} of the line ({exc.reason}); "
            "save it as UTF-8 CSV"
        ) from None


def _lines(stream: IO[str] | IO[bytes], name: str) -> Iterator[str]:
    """The text lines of ``stream``, none longer than ``max_line_chars`` (checked before reading).

    A binary stream is decoded line by line, so a bad byte is reported with its
    line, and its limit counts bytes.  Line ends are "\\r\\n", "\\n" or "\\r".
    """
    limit = current().max_line_chars
    size = -1 if limit is None else limit + 2  # room for the line end "\r\n"
    number = 0
    pending = b""  # the unfinished last line of a read cut short in a file of lone "\r" ends
    while True:
        chunk = stream.readline(size)
        if isinstance(chunk, str):
            if not chunk:
                return
            number += 1
            if limit is not None and len(chunk.rstrip("\r\n")) > limit:
                raise _too_long(name, number, limit)
            yield chunk
            continue
        data, pending = pending + chunk, b""
        if not data:
            return
        number += 1
        if chunk and not chunk.endswith(b"\n"):
            # A read stops at a "\n" or after ``size`` bytes: in a file whose lines end with a
            # lone "\r" it holds many lines, the last of which may go on in the next read.
            cut = data.rfind(b"\r")
            if 0 <= cut < len(data) - 1:
                data, pending = data[: cut + 1], data[cut + 1 :]
        lines = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
        if limit is not None and max(len(line) for line in lines) > limit:
            raise _too_long(name, number, limit)
        text = _decoded(data, name, number)
        if "\r" in text[:-2]:  # lone "\r" line ends inside the chunk
            yield from _PIECE.findall(text)
        else:
            yield text


def _rows(stream: IO[str] | IO[bytes], name: str, delimiter: str = ",") -> Iterator[CsvRow]:
    """The non-blank CSV rows: where they are ("FILE: line 3", or "FILE: lines 3-5" for a quoted
    line break), the line they end on, and their cells.

    Strict quoting: ``"0.5"3`` is an error rather than the silent ``0.53``.
    """
    reader = csv.reader(_lines(stream, name), delimiter=delimiter, strict=True)
    last = 0
    try:
        for row in reader:
            first, last = last + 1, reader.line_num
            if not row or (len(row) == 1 and not row[0].strip()):
                continue  # a blank line holds nothing
            lines = f"line {last}" if first == last else f"lines {first}-{last}"
            yield f"{name}: {lines}", last, row
    except UnicodeDecodeError as exc:  # a text stream opened with a strict encoding
        raise InvalidInputError(
            f"{name}: near line {reader.line_num + 1}: the text cannot be decoded "
            f"({exc.encoding}: {exc.reason}); save it as UTF-8 CSV"
        ) from None
    except csv.Error as exc:
        hint = "; is a closing quote missing?" if "end of data" in str(exc) else ""
        if "field limit" in str(exc):  # Python's csv module: at most 131,072 characters a field
            hint = (
                "; a field of a CSV file holds at most 131,072 characters (a score that long "
                "carries no more order than a shorter one: round it, or give p/q)"
            )
        raise InvalidInputError(
            f"{name}: line {reader.line_num}: malformed CSV ({exc}){hint}"
        ) from None


def read_csv(
    source: str | Path | IO[str] | IO[bytes],
    read: Callable[[Iterator[CsvRow], str], _T],
    *,
    name: str | None = None,
    delimiter: str = ",",
) -> _T:
    """``read(rows, name)`` on the non-blank rows of the CSV ``source``: the one bounded reader.

    ``source`` is a path (opened by :func:`rocpr_exact.io.files.open_input`: a directory or
    a pipe with no writer is an error at once), a text stream, or a binary stream of UTF-8
    (a byte order mark is allowed); gzip, bzip2 or xz bytes are decompressed whatever the name,
    Parquet refused (:func:`~rocpr_exact.io.formats.sniffed`).  No line longer than
    ``max_line_chars`` is read into memory; ``read`` bounds the number of rows it takes.
    Messages name the file as ``name`` (default: the path, or the stream's ``name``).
    """
    if isinstance(source, str | Path):
        name = name or str(source)
        try:
            with open_input(source, name) as stream:
                return read(_rows(stream, name, delimiter), name)
        except READ_ERRORS as exc:
            raise unreadable(name, exc) from None
    name = name or str(getattr(source, "name", "<stream>"))
    try:
        with sniffed(source, name) as stream:  # a text stream as it is
            return read(_rows(stream, name, delimiter), name)
    except READ_ERRORS as exc:
        raise unreadable(name, exc) from None


def _separated(delimiter: str) -> str:
    return "comma-separated" if delimiter == "," else f"separated by {delimiter!r}"


def check_header(
    row: list[str] | None, name: str, columns: Sequence[str], delimiter: str = ","
) -> list[str]:
    """The header ``row`` (its cells stripped), checked: present, no name twice, ``columns`` in it.

    Refusals name the fix: an empty file, duplicate names, a missing column (with a hint
    when the file is separated by ``;``, a tab or ``|``), one column for two roles.
    """
    check_roles(columns)
    if row is None:
        raise InvalidInputError(f"{name}: the file is empty; expected a header such as score,label")
    header = [cell.strip() for cell in row]
    header[0] = header[0].removeprefix("\ufeff")  # a BOM left in a text stream
    counts = Counter(header)  # one pass: a header of 10**5 columns must not take minutes
    duplicates = sorted(c for c, k in counts.items() if k > 1)
    if duplicates:
        raise InvalidInputError(f"{name}: duplicate column names {duplicates} in the header")
    missing = [c for c in columns if c not in counts]
    if missing:
        seps = [sep for sep in (",", ";", "\t", "|") if sep != delimiter]
        separator = next((sep for sep in seps if sep in "".join(header)), None)
        hint = (
            f" (the header contains {separator!r}: the file must be {_separated(delimiter)}, "
            "or name the delimiter with the delimiter parameter)"
            if len(header) == 1 and separator
            else ""
        )
        shown = header if len(header) <= 10 else [*header[:10], f"... {len(header):,} columns"]
        raise InvalidInputError(
            f"{name}: no column {missing[0]!r} in the header {shown}{hint}; "
            "name the columns with score_column and label_column"
            + (" (weights: weight_column)" if len(columns) > 2 else "")
        )
    return header


def read_csv_header(
    source: str | Path,
    columns: Sequence[str],
    *,
    name: str | None = None,
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> tuple[list[str], int]:
    """The checked header of a CSV file (:func:`check_header`) and the line it ends on.

    Reads one row (at most ``max_line_chars`` bytes per line); the duckdb engine reads the
    rest after it.
    """

    def header(rows: Iterator[CsvRow], name: str) -> tuple[list[str], int]:
        first = next(rows, None)
        return check_header(first[2] if first else None, name, columns, dialect.delimiter), first[
            1
        ] if first else 0

    return read_csv(source, header, name=name, delimiter=dialect.delimiter)


def read_scored_csv(
    source: str | Path | IO[str] | IO[bytes],
    score_column: str = "score",
    label_column: str = "label",
    *,
    name: str | None = None,
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> ScoredData:
    """Read a CSV with a header row and (at least) a score and a label column.

    ``source`` is a path (``.gz``, ``.bz2`` and ``.xz`` decompressed), a text stream, or a
    binary stream of UTF-8 (a byte order mark is allowed).  ``dialect`` names the delimiter
    and the labels (:class:`~rocpr_exact.io.dialect.CsvDialect`; default: commas, 0/1).
    Blank lines are skipped; quoted fields, CRLF line
    ends and other columns are fine.  Messages name the file as ``name``
    (default: the path, or the stream's ``name``).

    >>> import io
    >>> read_scored_csv(io.StringIO("score,label\\n0.5,1\\n1/4,0\\n"))
    ([Decimal('0.5'), Fraction(1, 4)], [1, 0])
    """

    def read(rows: Iterator[CsvRow], name: str) -> ScoredData:
        scores: list[Decimal | Fraction] = []
        labels: list[int] = []
        for score, label, _ in csv_examples(rows, name, score_column, label_column, None, dialect):
            scores.append(score)
            labels.append(label)
        return scores, labels

    return read_csv(source, read, name=name, delimiter=dialect.delimiter)


def read_weighted_csv(
    source: str | Path | IO[str] | IO[bytes],
    score_column: str = "score",
    label_column: str = "label",
    weight_column: str = "weight",
    *,
    name: str | None = None,
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> WeightedData:
    """:func:`read_scored_csv` with a column of exact non-negative weights (decimals or p/q).

    >>> import io
    >>> read_weighted_csv(io.StringIO("score,label,weight\\n0.5,1,2.5\\n1/4,0,1/3\\n"))
    ([Decimal('0.5'), Fraction(1, 4)], [1, 0], [Decimal('2.5'), Fraction(1, 3)])
    """

    def read(rows: Iterator[CsvRow], name: str) -> WeightedData:
        scores: list[Decimal | Fraction] = []
        labels: list[int] = []
        weights: list[Decimal | Fraction] = []
        for score, label, weight in csv_examples(
            rows, name, score_column, label_column, weight_column, dialect
        ):
            scores.append(score)
            labels.append(label)
            weights.append(weight)
        return scores, labels, weights

    return read_csv(source, read, name=name, delimiter=dialect.delimiter)


def first_defect(
    source: str | Path | IO[str] | IO[bytes],
    score_column: str = "score",
    label_column: str = "label",
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> None:
    """Read the CSV ``source`` as :func:`read_scored_csv` does, keeping nothing.

    Raises what :func:`read_scored_csv` raises, at the first defect (memory stays flat:
    the duckdb engine calls it to name the line of a defect it found).
    """

    def read(rows: Iterator[CsvRow], name: str) -> None:
        for _ in csv_examples(rows, name, score_column, label_column, None, dialect):
            pass

    read_csv(source, read, delimiter=dialect.delimiter)


def csv_examples(
    rows: Iterator[CsvRow],
    name: str,
    score_column: str,
    label_column: str,
    weight_column: str | None = None,
    dialect: CsvDialect = DEFAULT_DIALECT,
    parsers: tuple[Callable[[str, str], Any], Callable[[str, str], Any]] | None = None,
) -> Iterator[tuple[Decimal | Fraction, int, Decimal | Fraction]]:
    """The (score, label, weight) of every data row, each checked (weight 1 without a weight
    column; ``parsers``: of the label and weight, else the dialect's and :func:`parse_weight`)."""
    columns = (score_column, label_column) + ((weight_column,) if weight_column else ())
    first = next(rows, None)
    header = check_header(first[2] if first else None, name, columns, dialect.delimiter)
    i_score, i_label = header.index(score_column), header.index(label_column)
    i_weight = header.index(weight_column) if weight_column else None
    one = Decimal(1)
    count = positives = 0
    for where, _, row in rows:
        count += 1
        check_examples(count, where)
        if len(row) != len(header):
            hint = (
                " (a quoted field runs over several lines: is a closing quote missing?)"
                if any("\n" in cell or "\r" in cell for cell in row)
                else ""
            )
            raise InvalidInputError(
                f"{where}: {len(row)} fields where the header has {len(header)}{hint}"
            )
        read_label, read_weight = parsers or (dialect.label, parse_weight)
        weight = one if i_weight is None else read_weight(row[i_weight], where)
        label = read_label(row[i_label], where)
        positives += label
        yield parse_score(row[i_score], where), label, weight
    if not count:
        raise InvalidInputError(f"{name}: the file has a header but no data rows")
    dialect.check_found(positives, count - positives, name)
