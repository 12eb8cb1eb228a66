r"""Compressed CSV files an engine cannot read itself, read through a bounded plain copy.

DuckDB reads a CSV compressed with gzip (``.gz``) or zstd (``.zst``) itself, and Spark one
compressed with gzip or bzip2 (``.bz2``, Hadoop's codecs); DuckDB reads no ``.bz2``, Spark no
``.zst`` here (Hadoop's zstd codec needs its native library), and neither reads ``.xz``.
Such a file is decompressed by the python engine's opener
(:func:`rocpr_exact.io.files.open_input`, the same codecs and the same one-line errors for
a damaged file) into a temporary folder, and the engine reads the copy, which the folder's
removal deletes when the engine is done.

DuckDB also refuses a CSV whose lines end in both ``\n`` and ``\r\n`` ("the CSV Parser
state machine reached an invalid state"), which the python engine reads.  When DuckDB refused
a file, :func:`mixed_line_ends` says whether that is why, and ``readable_copies(...,
line_ends=True)`` copies every file with each ``\r\n`` and lone ``\r`` written as ``\n``
(the line ends the python reader reads; inside a quoted field too, where only a text column
other than the score and label can hold one), so DuckDB reads the copy.

The copy is bounded by the limits the readers check (:mod:`rocpr_exact.limits`): a file of
more than ``max_examples + 1`` lines after its header is refused while it is decompressed
(the engines refuse more than ``max_examples`` rows; blank lines and quoted line ends count
as lines here, so a file of that many lines and fewer rows is refused, never cut short), and
a line longer than ``max_line_chars`` bytes is refused as the python engine refuses it.  So
a copy never takes more than about ``(max_examples + 2) * max_line_chars`` bytes of disk,
and in practice the file's decompressed size.  A full disk is one line that names the
temporary folder (``TMPDIR`` chooses another).

Every engine reads the same bytes the same way (docs/engines.md, "One corpus, every engine"):
:func:`checked_inputs` passes every byte of every CSV file once through the python engine's
decoders before an engine reads it.  So a damaged compressed file (a bad gzip CRC or length,
a cut-short bzip2, xz or zstd stream) is refused with the python engine's line, although
DuckDB does not check a gzip trailer; and a line that ends right after the delimiter
(``0.5,1,``), whose empty last fields DuckDB drops without a word, is found: the python
engine's reader then reads the file and names the defect (a row with more fields than the
header), or finds none (the delimiter ended a line inside a quoted field) and the engine reads
the file.
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.files import READ_ERRORS, open_input, unreadable
from rocpr_exact.limits import current, exceeded

__all__ = ["InputScan", "checked_inputs", "mixed_line_ends", "readable_copies"]

#: Decompressed bytes copied per read.
_CHUNK = 1 << 20


class InputScan:
    """What a look at every byte of CSV files (read in chunks, one file after the other) found:
    ``trailing``, a line that ends right after ``delimiter``; ``quoted``, a double quote (a
    field that may hold a line end: Spark then reads the file with ``multiLine``)."""

    def __init__(self, delimiter: str) -> None:
        self._delimiter = delimiter.encode()
        self._ends = (self._delimiter + b"\n", self._delimiter + b"\r")
        self.trailing, self.quoted, self._tail = False, False, b""

    def add(self, chunk: bytes) -> None:
        """Look at the next ``chunk``; ``b""`` ends a file (its last line may have no end)."""
        self.quoted = self.quoted or b'"' in chunk
        if not self.trailing:
            data = self._tail + chunk
            self.trailing = any(end in data for end in self._ends) or (
                not chunk and data == self._delimiter
            )
            self._tail = data[-len(self._delimiter) :] if chunk else b""


class _Lines:
    """Counts the line ends of a byte stream read in chunks and bounds the longest line.

    "\r\n", "\n" and a lone "\r" end a line, as the python reader reads them; a "\r" that
    ends a chunk waits for the next one (it may be the first half of "\r\n").
    """

    def __init__(self, name: str) -> None:
        self.name, self.ends, self._run, self._held = name, 0, 0, b""

    def add(self, chunk: bytes) -> None:
        data, self._held = self._held + chunk, b""
        if data.endswith(b"\r") and chunk:
            data, self._held = data[:-1], b"\r"
        lines = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
        self.ends += len(lines) - 1
        lengths = [self._run + len(lines[0]), *map(len, lines[1:])]
        self._run = lengths[-1]  # the unfinished last line
        longest = current().max_line_chars
        if longest is not None and max(lengths) > longest:
            raise exceeded(
                "max_line_chars",
                f"{self.name}: a line is longer than {longest:,} characters, which",
                "is this a CSV file? ",
            )


def _line_ends(data: bytes) -> set[bytes]:
    r"""The kinds of line end in ``data`` (whole: a final "\r" may be half of "\r\n")."""
    crlf = data.count(b"\r\n")
    return {
        kind
        for kind, count in ((b"\r\n", crlf), (b"\n", data.count(b"\n") - crlf),
                            (b"\r", data.count(b"\r") - crlf))
        if count
    }  # fmt: skip


def mixed_line_ends(files: Sequence[str]) -> bool:
    r"""Whether a file of ``files`` ends its lines in more than one way (``\n``, ``\r\n``,
    lone ``\r``).  Reads each file once, in chunks (decompressed as the python engine does).

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "s.csv")
    ...     _ = open(p, "wb").write(b"score,label\n0.5,1\r\n0.2,0\r\n")
    ...     mixed_line_ends([p])
    True
    """
    for file in files:
        kinds: set[bytes] = set()
        held = b""
        try:
            with open_input(file) as source:
                while chunk := source.read(_CHUNK):
                    data, held = held + chunk, b""
                    if data.endswith(b"\r"):
                        data, held = data[:-1], b"\r"
                    kinds |= _line_ends(data)
                    if len(kinds) > 1:
                        return True
        except READ_ERRORS as exc:
            raise unreadable(file, exc) from None
        if len(kinds | _line_ends(held)) > 1:
            return True
    return False


def _copy(
    source: BinaryIO,
    target: BinaryIO,
    name: str,
    folder: str,
    header_line: int,
    line_ends: bool = False,
    scan: InputScan | None = None,
) -> None:
    """``source`` into ``target`` while it holds at most ``header_line + max_examples + 1``
    line ends (more is refused: blank lines and quoted line ends count here, so a file of
    that many lines and fewer rows is refused, never cut short), each line at most
    ``max_line_chars`` bytes; ``scan`` looks at every chunk."""
    most = current().max_examples
    lines = _Lines(name)
    held = b""
    while chunk := source.read(_CHUNK):
        lines.add(chunk)
        if scan is not None:
            scan.add(chunk)
        if line_ends:  # every line end as "\n"; a final "\r" waits for the next chunk
            chunk, held = held + chunk, b""
            if chunk.endswith(b"\r"):
                chunk, held = chunk[:-1], b"\r"
            chunk = chunk.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        if most is not None and lines.ends - header_line > most + 1:
            raise exceeded(
                "max_examples",
                f"{name}: more than {most + 1:,} lines after the header (counted while "
                "decompressing it, blank lines included), which",
            )
        _write(target, chunk, name, folder)
    _write(target, held and b"\n", name, folder)
    lines.add(b"")
    if scan is not None:
        scan.add(b"")


def _write(target: BinaryIO, data: bytes, name: str, folder: str) -> None:
    """``data`` to the copy; a full disk is one line that names the folder."""
    try:
        target.write(data)
    except OSError as exc:
        raise InvalidInputError(
            f"cannot copy {name} into the temporary folder {folder}: "
            f"{exc.strerror or exc}; free space there or set TMPDIR to another folder"
        ) from None


@contextlib.contextmanager
def readable_copies(
    files: Sequence[str], compressions: tuple[str, ...], header_line: int, line_ends: bool = False
) -> Iterator[list[str]]:
    r"""``files``, each one whose name ends in one of ``compressions`` (every one, with
    ``line_ends``: its line ends written as ``\n``) replaced by the name of its bounded plain
    copy (module docstring) in a temporary folder, deleted on exit.

    ``header_line`` is the line the CSV header ends on (the copy's line bound counts from it).
    """
    with _copies(files, compressions, header_line, line_ends, None) as (names, _):
        yield names


@contextlib.contextmanager
def checked_inputs(
    files: Sequence[str],
    compressions: tuple[str, ...],
    header_line: int,
    delimiter: str,
    line_ends: bool = False,
) -> Iterator[tuple[list[str], InputScan]]:
    r""":func:`readable_copies`, and every other file read once through the python engine's
    decoders (a damaged compressed file is refused with its line, ``cannot read FILE: ...``);
    also what a look at every byte found (:class:`InputScan`: the python engine's reader
    decides a line that ends after the delimiter, module docstring).

    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "s.csv")
    ...     _ = open(p, "wb").write(b"score,label\n0.5,1,\n0.2,0\n")
    ...     with checked_inputs([p], (), 1, ",") as (names, scan):
    ...         names == [p], scan.trailing, scan.quoted
    (True, True, False)
    """
    scan = InputScan(delimiter)
    with _copies(files, compressions, header_line, line_ends, scan) as (names, copied):
        for file in (file for file, copy in zip(files, copied, strict=True) if not copy):
            _check(file, scan)
        yield names, scan


def _check(file: str, scan: InputScan) -> None:
    """Read ``file`` once, decompressed as the python engine reads it, looking at every chunk."""
    try:
        with open_input(file) as source:
            while chunk := source.read(_CHUNK):
                scan.add(chunk)
    except READ_ERRORS as exc:
        raise unreadable(file, exc) from None
    scan.add(b"")


@contextlib.contextmanager
def _copies(
    files: Sequence[str],
    compressions: tuple[str, ...],
    header_line: int,
    line_ends: bool,
    scan: InputScan | None,
) -> Iterator[tuple[list[str], list[bool]]]:
    """:func:`readable_copies`' names, and which files were copied."""
    copied = [line_ends or file.lower().endswith(compressions) for file in files]
    if not any(copied):
        yield list(files), copied
        return
    with tempfile.TemporaryDirectory(prefix="rocpr-exact-") as folder:
        names = []
        for number, file in enumerate(files):
            if not copied[number]:
                names.append(file)
                continue
            copy = Path(folder) / f"data{number}.csv"
            try:
                with open_input(file) as source, open(copy, "wb") as target:
                    _copy(source, target, file, folder, header_line, line_ends, scan)
            except READ_ERRORS as exc:
                raise unreadable(file, exc) from None
            names.append(str(copy))
        yield names, copied
