"""A scored CSV file to its exact curve in one vectorised pass (numpy), or the python reader.

:func:`scored_csv_curve` is what ``rocpr-exact report file.csv`` reads with.  It reads the
file in blocks of bytes with numpy and takes the vectorised path when every data row is in
the *plain subset* of CSV that it reads exactly:

* ASCII text (a UTF-8 byte order mark before the header is fine), no double quote, no control
  byte but the tab, line ends ``\\n`` or ``\\r\\n``, no line longer than ``max_line_chars``;
* every line after the header blank (spaces and tabs only: skipped, as the python reader
  skips it) or holding exactly as many fields as the header, separated by the dialect's
  delimiter (:class:`~rocpr_exact.io.dialect.CsvDialect`; a comma by default);
* every score and label in the subsets of :mod:`rocpr_exact.io.decimals` (decimal numerals
  of at most 36 significant digits: every decimal a float64 writer prints, ``repr``,
  ``np.savetxt``'s ``%.18e``, ``%.20g``; infinities; 0/1/true/false), or with named labels a
  label field that is one of the names, or (one name against the rest) any field without
  spaces at its ends.

A file named ``.gz``, ``.bz2`` or ``.xz``, or whose first bytes are gzip's, bzip2's or xz's, is
decompressed as it is read (:func:`rocpr_exact.io.files.open_input`).

Otherwise (a quoted field, a fraction ``p/q``, a malformed row, a score the python reader
refuses...) the whole file is read by :func:`rocpr_exact.io.readers.read_scored_csv`, which
accepts it or names its first defect.  The header is always read by the python reader's
:func:`~rocpr_exact.io.readers.read_csv_header` (the same checks and messages).  So both paths
accept the same files, refuse them with the same one line, and give the same curve
(``tests/io/test_fastcsv.py`` compares them on generated files).  When the python reader
reads a file of :data:`NOTE_BYTES` or more that the vectorised path gave up on, one notice
(:mod:`rocpr_exact.io.notices`: a line on standard error from the command line) names the
file, the line and why.

Bounds: lines are checked against ``max_line_chars`` and rows against ``max_examples`` as the
blocks come (a row past the limit is refused with the python reader's message without reading
further), and no block is larger than 8 MiB plus one line.  Memory: 14 bytes per row
(name and label), 8 more when a score has more than 18 significant digits (kept with the keys
for the thresholds), and the sort's arrays; a 10**7-row file stays far below 2 GiB.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, NamedTuple

from rocpr_exact.core.arraycounts import curve_arrays
from rocpr_exact.core.curve import Curve
from rocpr_exact.core.views import MappedView
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.dialect import DEFAULT_DIALECT, CsvDialect
from rocpr_exact.io.files import READ_ERRORS, open_input, unreadable
from rocpr_exact.io.notices import notice
from rocpr_exact.io.readers import read_csv_header, read_scored_csv
from rocpr_exact.limits import check_examples, current

try:
    import numpy as np

    from rocpr_exact.io import decimals, scorekeys
except ImportError:  # pragma: no cover - numpy is optional
    np = None  # type: ignore[assignment]

__all__ = ["NOTE_BYTES", "plain_csv_curve", "plain_csv_keys", "scored_csv_curve"]

_BLOCK = 1 << 23
#: Files from this size on that the python reader reads after the vectorised path gave up get
#: a notice; a smaller one takes it well under a second (no word about it).
NOTE_BYTES = 1 << 18
_NEWLINE, _RETURN, _SPACE, _TAB = 10, 13, 32, 9
_LF = b"\n"
#: Bytes outside the plain subset: control bytes (but tab, LF, CR), the quote, non-ASCII.
_REFUSED = [b for b in range(256) if (b < 32 and b not in (9, 10, 13)) or b == 34 or b >= 127]
_REFUSED_BYTE = np.isin(np.arange(256), _REFUSED) if np is not None else None
_NOT_READ = {
    "score": "is not a decimal numeral of at most 36 significant digits and 40 characters",
    "label": "is not one of the labels the fast reader knows",
}


class _Defect(NamedTuple):
    """What makes a block not plain: its first byte's offset in the block, and why."""

    at: int
    why: str


def scored_csv_curve(
    path: str | Path,
    score_column: str = "score",
    label_column: str = "label",
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> Curve:
    """The curve of the scored CSV file ``path``: vectorised when the file is plain, else the
    python reader's (module docstring).  Identical curves, thresholds and refusals.

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "s.csv")
    ...     _ = open(p, "w").write("score,label\\n0.9,1\\n0.80,1\\n8e-1,0\\n1/3,0\\n")
    ...     scored_csv_curve(p).tps, scored_csv_curve(p).thresholds
    ((0, 1, 2, 2), (Decimal('0.9'), Decimal('0.80'), Fraction(1, 3)))
    """
    curve = _plain_curve(path, score_column, label_column, dialect)
    if curve is None or isinstance(curve, str):
        scores, labels = read_scored_csv(path, score_column, label_column, dialect=dialect)
        if curve is not None and os.path.getsize(path) >= NOTE_BYTES:
            # said once the file is read: a file the python reader refuses gets one line only
            notice(f"{path}: {curve}; the file was read row by row (slower)")
        return Curve.from_scores(scores, labels)
    return curve


def plain_csv_curve(
    path: str | Path,
    score_column: str = "score",
    label_column: str = "label",
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> Curve | None:
    """The curve of a plain CSV file read by the vectorised path; None when it is not plain.

    Raises what the python reader raises for a bad header, a file with no data rows, and the
    row after ``max_examples`` (its message, with its line).

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "s.csv")
    ...     _ = open(p, "w").write("id,score,label\\r\\n7,0.5,1\\r\\n\\r\\n8,-inf,false\\r\\n")
    ...     c = plain_csv_curve(p)
    >>> c.tps, c.fps, tuple(c.thresholds)
    ((0, 1, 1), (0, 0, 1), (Decimal('0.5'), Decimal('-Infinity')))
    """
    curve = _plain_curve(path, score_column, label_column, dialect)
    return None if isinstance(curve, str) else curve


def _plain_curve(
    path: str | Path, score_column: str, label_column: str, dialect: CsvDialect
) -> Curve | str | None:
    """:func:`plain_csv_curve`, or why the file is not plain (``line N: ...``)."""
    read = _plain_keys(path, score_column, label_column, dialect)
    if read is None or isinstance(read, str):
        return read
    keys, labels = read
    ordered, keys.keys = keys.keys, None  # the curve needs only the keys from here
    tps, fps, cuts, corners = curve_arrays(ordered, labels, False)
    # the exact Decimal of each threshold is made from its key on access (MappedView)
    return Curve.from_trusted_counts(tps, fps, MappedView(cuts, keys.value), corners)


def plain_csv_keys(
    path: str | Path,
    score_column: str = "score",
    label_column: str = "label",
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> tuple[Any, Any] | None:
    """The scores of a plain CSV file as order keys (:func:`scorekeys.sort_keys`: integers that
    compare and tie exactly as the scores) and the labels, in file order; None when not plain.

    What :func:`plain_csv_curve` reads, for work that needs the examples one by one (DeLong's
    paired covariance).  Raises as :func:`plain_csv_curve`.
    """
    read = _plain_keys(path, score_column, label_column, dialect)
    return None if isinstance(read, str) else read


def _plain_keys(
    path: str | Path, score_column: str, label_column: str, dialect: CsvDialect
) -> tuple[Any, Any] | str | None:
    """:func:`plain_csv_keys`, or why the file is not plain: None when the file was not
    looked at (standard input, no numpy), a reason ``line N: ...`` when a line is not."""
    if np is None or not os.path.isfile(path) or score_column == label_column:
        return None
    name = str(path)
    header, header_line = read_csv_header(path, (score_column, label_column), dialect=dialect)
    columns = (header.index(score_column), header.index(label_column))
    try:
        rows = _read_rows(name, header_line, len(header), columns, dialect)
    except READ_ERRORS as exc:  # a damaged compressed file (the header was fine)
        raise unreadable(name, exc) from None
    if rows is None or isinstance(rows, str):
        return rows
    keys = scorekeys.sort_keys(rows[0])
    labels = rows[1]
    positives = int(np.count_nonzero(labels))
    dialect.check_found(positives, labels.shape[0] - positives, name)
    return keys, labels


def _read_rows(
    name: str, header_line: int, width: int, columns: tuple[int, int], dialect: CsvDialect
) -> tuple[Any, Any] | str:
    """The exact names and labels of every data row, or why a line is not plain."""
    limits = current()
    longest = limits.max_line_chars
    digits = limits.max_score_digits
    longest_exponent = 10**9 if digits is None else digits - 2 * decimals.WIDEST
    most = limits.max_examples
    parts: list[tuple[Any, Any]] = []
    count = 0
    with open_input(name) as stream:
        line = _skip_header(stream, header_line)
        if line is None:
            return f"line {header_line}: a carriage return that ends no line"
        line_number, pending = line
        while True:
            chunk = stream.read(_BLOCK)
            block = pending + chunk
            end = len(block) if not chunk else block.rfind(b"\n") + 1
            if chunk and end == 0:  # one line longer than a block
                if longest is not None and len(block) > longest + 2:
                    return f"line {line_number}: a line longer than max_line_chars"
                pending = block
                continue
            block, pending = block[:end], block[end:]
            if not block:
                break
            read = _read_block(block, width, columns, longest, longest_exponent, dialect)
            if isinstance(read, _Defect):
                return f"line {line_number + block.count(_LF, 0, read.at)}: {read.why}"
            names, labels, lines = read
            rows = names.kind.shape[0]
            if most is not None and count + rows > most:
                # the python reader refuses row most + 1 before reading it
                check_examples(most + 1, f"{name}: line {line_number + int(lines[most - count])}")
            parts.append((names, labels))
            count += rows
            line_number += block.count(b"\n")
            if not chunk:
                break
    if not count:
        raise InvalidInputError(f"{name}: the file has a header but no data rows")
    return _joined(parts)


def _skip_header(stream: Any, header_line: int) -> tuple[int, bytes] | None:
    """Read past the header's ``header_line`` lines: (the next line's number, bytes read after)."""
    head = b""
    while head.count(b"\n") < header_line:
        chunk = stream.read(_BLOCK)
        if not chunk:
            break
        head += chunk
    cut = -1
    for _ in range(header_line):
        cut = head.find(b"\n", cut + 1)
        if cut < 0:  # the header is the last line, without a line end (or lines end in "\r")
            return None if head.count(b"\r") != head.count(b"\r\n") else (header_line + 1, b"")
    lead = head[: cut + 1]
    if lead.count(b"\r") != lead.count(b"\r\n"):  # a lone "\r" ends lines the python way
        return None
    return header_line + 1, head[cut + 1 :]


def _read_block(
    block: bytes,
    width: int,
    columns: tuple[int, int],
    longest: int | None,
    longest_exponent: int,
    dialect: CsvDialect,
) -> tuple[Any, Any, Any] | _Defect:
    """The names, labels and line offsets (from the block's first line) of a block's rows,
    or the first thing that is not plain."""
    padded = np.frombuffer(block + bytes(decimals.WIDEST), dtype=np.uint8)
    data = padded[: len(block)]
    tally = np.bincount(data, minlength=256)
    if tally[_REFUSED].any():
        at = int(np.argmax(_REFUSED_BYTE[data]))
        byte = block[at]
        why = "a double quote" if byte == 34 else "a non-ASCII byte" if byte >= 127 else ""
        return _Defect(at, why or f"the control byte {byte:#04x}")
    newlines = np.flatnonzero(data == _NEWLINE)
    if tally[_RETURN]:
        returns = np.flatnonzero(data == _RETURN)
        lone = data[np.minimum(returns + 1, data.shape[0] - 1)] != _NEWLINE
        if lone.any():
            return _Defect(int(returns[np.argmax(lone)]), "a carriage return that ends no line")
    if newlines.shape[0] == 0 or newlines[-1] != data.shape[0] - 1:
        newlines = np.append(newlines, data.shape[0])  # the last line has no line end
    starts = np.concatenate(([0], newlines[:-1] + 1))
    ends = newlines.copy()
    if tally[_RETURN]:
        ends -= data.take(np.maximum(ends - 1, 0)) == _RETURN
        ends = np.maximum(ends, starts)
    if longest is not None and int((ends - starts).max()) > longest:
        return _Defect(int(starts[np.argmax(ends - starts > longest)]), "a long line")
    commas = np.flatnonzero(data == ord(dialect.delimiter))
    per_line = np.diff(np.searchsorted(commas, ends), prepend=0)  # no comma ends a line
    blank = per_line == 0
    ragged = ~blank & (per_line != width - 1)
    if ragged.any():
        i = int(np.argmax(ragged))
        return _Defect(int(starts[i]), f"{per_line[i] + 1} fields where the header has {width}")
    for i in np.flatnonzero(blank & (ends > starts)).tolist():
        if block[starts[i] : ends[i]].strip(b" \t"):  # the python reader refuses it
            return _Defect(int(starts[i]), f"1 field where the header has {width}")
    rows = np.flatnonzero(~blank)
    cells = commas.reshape(-1, width - 1)
    line_starts, line_ends = starts[rows], ends[rows]

    def field(i: int) -> tuple[Any, Any]:
        first = line_starts if i == 0 else cells[:, i - 1] + 1
        last = line_ends if i == width - 1 else cells[:, i]
        return first, last

    names = decimals.read_scores(padded, *field(columns[0]), longest_exponent)
    if dialect.named_labels:
        labels, labelled = _named_labels(padded, *field(columns[1]), dialect)
    else:
        labels, labelled = decimals.read_labels(padded, *field(columns[1]))
    for column, read, what in ((0, names.read, "score"), (1, labelled, "label")):
        if not read.all():
            i = int(np.argmax(~read))
            first, last = (int(end[i]) for end in field(columns[column]))
            text = block[first:last].decode("ascii")
            return _Defect(first, f"{what} {text!r} {_NOT_READ[what]}")
    names.read = None  # 1 byte a row no longer needed
    return names, labels, rows


def _named_labels(padded: Any, starts: Any, ends: Any, dialect: CsvDialect) -> tuple[Any, Any]:
    """(labels as int8 0/1, read) for fields holding named labels (:class:`CsvDialect`).

    A field is read when it is exactly one of the names, or, when one name stands against
    the rest, any non-empty field without a space or tab at either end (the python reader,
    which strips them, reads the others).
    """
    lengths = ends - starts

    def named(label: str | None) -> Any:
        found = np.zeros(starts.shape[0], dtype=bool)
        if label is None:
            return found
        text = label.encode("utf-8")
        rows = np.flatnonzero(lengths == len(text))
        same = np.ones(rows.shape[0], dtype=bool)
        for k, byte in enumerate(text):
            same &= padded[starts[rows] + k] == byte
        found[rows[same]] = True
        return found

    positive, negative = named(dialect.positive_label), named(dialect.negative_label)
    if dialect.positive_label is not None and dialect.negative_label is not None:
        return positive.astype(np.int8), positive | negative
    first, last = padded[starts], padded[np.maximum(ends - 1, 0)]
    bare = (lengths > 0) & (first != _SPACE) & (first != _TAB) & (last != _SPACE) & (last != _TAB)
    labels = positive if dialect.negative_label is None else ~negative
    return labels.astype(np.int8), bare


def _joined(parts: list[tuple[Any, Any]]) -> tuple[Any, Any]:
    if len(parts) == 1:
        return parts[0]
    low = None
    if any(p[0].low is not None for p in parts):  # the low halves of 19 to 36 digits
        low = np.concatenate([_low(p[0]) for p in parts])
    names = decimals.ScoreNames(
        np.concatenate([p[0].kind for p in parts]),
        np.concatenate([p[0].h for p in parts]),
        np.concatenate([p[0].mantissa for p in parts]),
        low,
        None,
    )
    return names, np.concatenate([p[1] for p in parts])


def _low(names: Any) -> Any:
    return np.zeros_like(names.mantissa) if names.low is None else names.low
