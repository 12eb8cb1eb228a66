"""Reading a table of claims (``rocpr-exact consistent --claims FILE.csv``), bounded.

One row per claim set: a ``name`` column, then columns named by the caller (the command's
flags without ``--``).  A header cell is read stripped and lower-cased, ``_`` as ``-``
(``auc_roc`` is ``auc-roc``); a header cell that is no column, a column twice or no ``name``
column refuses the whole file in one line.  A row is kept with its cells; a row whose number
of fields is not the header's is kept with its defect, for the caller to refuse that row
alone.

Bounds, each checked before the work it saves: ``max_claim_bytes`` (a regular file by its
size before it is read, anything else read no further: :func:`rocpr_exact.io.files.read_bounded`),
``max_line_chars`` per line (:func:`rocpr_exact.io.readers.read_csv`), ``max_claim_rows`` rows,
counted as they are read (before any is decided).
"""

from __future__ import annotations

import difflib
import io
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.files import read_bounded
from rocpr_exact.io.readers import CsvRow, read_csv
from rocpr_exact.limits import current, exceeded

__all__ = ["ClaimRow", "ClaimTable", "column_name", "read_claims_csv"]


@dataclass(frozen=True, slots=True)
class ClaimRow:
    """One row of a claims table: its number (1 = the first after the header), where it is
    ("FILE: line 3"), its name, its non-empty cells as (column, text), and its defect (the
    reason the row cannot be read, or None)."""

    number: int
    where: str
    name: str
    cells: tuple[tuple[str, str], ...]
    defect: str | None = None

    def __post_init__(self) -> None:
        if self.number < 1:
            raise InvalidInputError(f"a claim row's number is >= 1, got {self.number}")


@dataclass(frozen=True, slots=True)
class ClaimTable:
    """A claims table: its columns (normalised, ``name`` first as in the file) and rows."""

    columns: tuple[str, ...]
    rows: tuple[ClaimRow, ...]


def column_name(cell: str) -> str:
    """A header cell as a column name: stripped, lower case, ``_`` read as ``-``.

    >>> column_name(" AUC_roc "), column_name("\\ufeffname")
    ('auc-roc', 'name')
    """
    return cell.strip().removeprefix("\ufeff").lower().replace("_", "-")


def _header(cells: list[str], name: str, columns: Collection[str]) -> list[str]:
    header = [column_name(cell) for cell in cells]
    for raw, column in zip(cells, header, strict=True):
        if column != "name" and column not in columns:
            near = difflib.get_close_matches(column, [*columns, "name"], n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise InvalidInputError(
                f"{name}: unknown column {raw.strip()!r} in the header{hint}; the columns are "
                f"name and {', '.join(columns)} ('_' may stand for '-')"
            )
    twice = sorted({c for c in header if header.count(c) > 1})
    if twice:
        raise InvalidInputError(f"{name}: the column {twice[0]!r} is given twice in the header")
    if "name" not in header:
        raise InvalidInputError(f"{name}: no column 'name' in the header; each row needs a name")
    return header


def _table(rows: Iterator[CsvRow], name: str, columns: Collection[str]) -> ClaimTable:
    first = next(rows, None)
    if first is None:
        raise InvalidInputError(f"{name}: the file is empty; expected a header such as name,...")
    header = _header(first[2], name, columns)
    i_name = header.index("name")
    cap = current().max_claim_rows
    kept: list[ClaimRow] = []
    for where, _, cells in rows:
        number = len(kept) + 1
        if cap is not None and number > cap:
            raise exceeded("max_claim_rows", f"{name}: a table of more than {cap:,} claim rows")
        label = cells[i_name].strip() if i_name < len(cells) else ""
        defect = None
        if len(cells) != len(header):
            defect = f"{len(cells)} fields where the header has {len(header)}"
        given = tuple(
            (column, text.strip())
            for column, text in zip(header, cells, strict=False)
            if column != "name" and text.strip()
        )
        kept.append(ClaimRow(number, where, label, given, defect))
    if not kept:
        raise InvalidInputError(f"{name}: the file has a header but no claim rows")
    return ClaimTable(tuple(header), tuple(kept))


def read_claims_csv(path: str | Path, columns: Collection[str]) -> ClaimTable:
    """The claims table in the CSV file ``path``, whose columns are ``name`` and ``columns``.

    O(bytes of the file).

    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = os.path.join(folder, "claims.csv")
    ...     with open(path, "w") as f:
    ...         _ = f.write("name,positives,auc_roc\\na,10,0.5\\nb,10,\\n")
    ...     table = read_claims_csv(path, ["positives", "auc-roc"])
    >>> table.columns
    ('name', 'positives', 'auc-roc')
    >>> [(row.name, row.cells) for row in table.rows]
    [('a', (('positives', '10'), ('auc-roc', '0.5'))), ('b', (('positives', '10'),))]
    """
    described = f"the claims file {path}"
    raw = read_bounded(path, described, "max_claim_bytes")
    return read_csv(io.BytesIO(raw), lambda rows, name: _table(rows, name, columns), name=str(path))
