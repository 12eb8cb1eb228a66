"""Reading datasets from CSV files, exactly (no float parsing).

Scores are parsed as ``Decimal`` (so "0.1000000000000000055511151231257827" keeps
every digit) or as a fraction "p/q"; labels are 0/1 or true/false.  Every
problem is an :class:`InvalidInputError` that names the line and the fix.
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path
from typing import IO, Any

from .errors import InvalidInputError

__all__ = ["ScoredData", "parse_label", "parse_score", "read_parquet_histogram", "read_scored_csv"]

ScoredData = tuple[list[Decimal | Fraction], list[int]]

_TRUE = {"1", "true"}
_FALSE = {"0", "false"}


def parse_score(text: str, where: str) -> Decimal | Fraction:
    """Parse one score exactly: a decimal number, "inf"/"-inf", or a fraction "p/q".

    >>> parse_score("1e-3", "line 2")
    Decimal('0.001')
    >>> parse_score("2/3", "line 2")
    Fraction(2, 3)
    """
    cleaned = text.strip()
    try:
        value: Decimal | Fraction = Fraction(cleaned) if "/" in cleaned else Decimal(cleaned)
    except (InvalidOperation, ValueError, ZeroDivisionError):
        raise InvalidInputError(
            f"{where}: score {text!r} is not a number; write a decimal such as 0.75, "
            "an integer, inf/-inf, or a fraction p/q"
        ) from None
    if isinstance(value, Decimal) and value.is_nan():
        raise InvalidInputError(
            f"{where}: score {text!r} is NaN; every example needs a real score "
            "(remove the row or give it a score; infinities are allowed)"
        )
    return value


def parse_label(text: str, where: str) -> int:
    """Parse one label: 1/true = positive, 0/false = negative (case-insensitive).

    >>> parse_label(" True ", "line 2"), parse_label("0", "line 3")
    (1, 0)
    """
    cleaned = text.strip().lower()
    if cleaned in _TRUE:
        return 1
    if cleaned in _FALSE:
        return 0
    raise InvalidInputError(
        f"{where}: label {text!r} is not 0/1 or true/false (1 = positive, 0 = negative)"
    )


def _rows(stream: IO[str], name: str) -> Iterator[tuple[int, list[str]]]:
    reader = csv.reader(stream)
    try:
        for row in reader:
            yield reader.line_num, row
    except UnicodeDecodeError as exc:
        raise InvalidInputError(
            f"{name}: the file is not UTF-8 text ({exc.reason} at byte {exc.start}); "
            "save it as UTF-8 CSV"
        ) from None
    except csv.Error as exc:
        raise InvalidInputError(f"{name}: line {reader.line_num}: malformed CSV ({exc})") from None


def read_scored_csv(
    source: str | Path | IO[str],
    score_column: str = "score",
    label_column: str = "label",
) -> ScoredData:
    """Read a CSV with a header row and (at least) a score and a label column.

    >>> import io
    >>> read_scored_csv(io.StringIO("score,label\\n0.5,1\\n1/4,0\\n"))
    ([Decimal('0.5'), Fraction(1, 4)], [1, 0])
    """
    if isinstance(source, str | Path):
        name = str(source)
        try:
            with open(source, encoding="utf-8-sig", newline="") as stream:
                return _read(stream, name, score_column, label_column)
        except OSError as exc:
            raise InvalidInputError(f"cannot read {name}: {exc.strerror or exc}") from None
    return _read(source, getattr(source, "name", "<stream>"), score_column, label_column)


def _read(stream: IO[str], name: str, score_column: str, label_column: str) -> ScoredData:
    rows = _rows(stream, name)
    header: list[str] | None = None
    for _, row in rows:
        if row:
            header = [cell.strip() for cell in row]
            break
    if header is None:
        raise InvalidInputError(f"{name}: the file is empty; expected a header such as score,label")
    duplicates = sorted({c for c in header if header.count(c) > 1})
    if duplicates:
        raise InvalidInputError(f"{name}: duplicate column names {duplicates} in the header")
    missing = [c for c in (score_column, label_column) if c not in header]
    if missing:
        raise InvalidInputError(
            f"{name}: no column {missing[0]!r} in the header {header}; "
            "name the columns with --score-column and --label-column"
        )
    i_score, i_label = header.index(score_column), header.index(label_column)
    scores: list[Decimal | Fraction] = []
    labels: list[int] = []
    for line, row in rows:
        if not row:
            continue  # a blank line holds no example
        where = f"{name}: line {line}"
        if len(row) != len(header):
            raise InvalidInputError(
                f"{where}: {len(row)} fields where the header has {len(header)}"
            )
        scores.append(parse_score(row[i_score], where))
        labels.append(parse_label(row[i_label], where))
    if not scores:
        raise InvalidInputError(f"{name}: the file has a header but no data rows")
    return scores, labels


def read_parquet_histogram(
    path: str | Path, score_column: str = "score", label_column: str = "label"
) -> list[tuple[Any, int, int]]:
    """Reduce a Parquet file to (score, positives, negatives) rows inside DuckDB.

    The rows never pass through Python one by one: DuckDB runs

        SELECT score, SUM(label), COUNT(*) - SUM(label) FROM file GROUP BY score

    (the same reduction any SQL engine can run; see the README), after checking
    that no score or label is NULL or NaN and every label is 0 or 1.  DOUBLE
    scores arrive as Python floats (exact binary values), DECIMAL scores as
    ``Decimal``.  Needs the optional ``duckdb`` package (extra ``parquet``).
    """
    try:
        import duckdb
    except ImportError:
        raise InvalidInputError(
            "reading Parquet needs the optional duckdb package: pip install 'rocpr-exact[parquet]'"
        ) from None
    name = str(path)
    if not Path(name).is_file():
        raise InvalidInputError(f"cannot read {name}: no such file")
    con = duckdb.connect()
    try:
        columns = [
            row[0]
            for row in con.execute(
                "SELECT name FROM parquet_schema(?) WHERE name IS NOT NULL", [name]
            ).fetchall()
        ]
        missing = [c for c in (score_column, label_column) if c not in columns]
        if missing:
            raise InvalidInputError(
                f"{name}: no column {missing[0]!r} in {columns}; "
                "name the columns with --score-column and --label-column"
            )
        source = f"read_parquet({_sql_string(name)})"
        s, y = _sql_identifier(score_column), _sql_identifier(label_column)
        bad = con.execute(
            f"SELECT COUNT(*) FILTER (WHERE {s} IS NULL), "
            f"COUNT(*) FILTER (WHERE {y} IS NULL OR ({y})::DOUBLE NOT IN (0, 1)), "
            f"COUNT(*) FILTER (WHERE isnan(({s})::DOUBLE)) FROM {source}"
        ).fetchone()
        assert bad is not None
        if bad[0] or bad[2]:
            raise InvalidInputError(
                f"{name}: {bad[0]} NULL and {bad[2]} NaN scores; every example needs a real score"
            )
        if bad[1]:
            raise InvalidInputError(
                f"{name}: {bad[1]} labels are NULL or not 0/1 (1 = positive, 0 = negative)"
            )
        rows = con.execute(
            f"SELECT {s}, SUM(({y})::BIGINT), COUNT(*) - SUM(({y})::BIGINT) "
            f"FROM {source} GROUP BY {s}"
        ).fetchall()
    except duckdb.Error as exc:
        raise InvalidInputError(f"{name}: cannot read as Parquet ({exc})") from None
    finally:
        con.close()
    return [(score, int(pos), int(neg)) for score, pos, neg in rows]


def _sql_string(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _sql_identifier(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'
