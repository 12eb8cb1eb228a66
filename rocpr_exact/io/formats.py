"""What a file holds, told by its first bytes (its magic number), whatever its name.

The readers of text (CSV, JSON) open every file through :func:`rocpr_exact.io.files.open_input`
and read standard input through :func:`sniffed`, which asks :func:`sniff` about the first
bytes: a file compressed with gzip, bzip2 or xz is
decompressed as it is read (``scores.csv`` that is gzip inside, gzip on standard input), and a
file the text readers cannot read (Parquet, zstd, zip) is refused in one line that names what
it is and what to do, instead of "not UTF-8 text".  :func:`is_parquet` is the one test of "this
is a Parquet file" (the name ``.parquet``, ``.parq`` or ``.pq``, or the magic ``PAR1``) for the
code that chooses a reader.

>>> sniff(b"\\x1f\\x8b\\x08\\x00"), sniff(b"PAR1\\x15\\x04"), sniff(b"score,label\\n")
('gzip', 'parquet', None)
"""

from __future__ import annotations

import contextlib
import io
import lzma
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

from rocpr_exact.errors import InvalidInputError

__all__ = [
    "COMPRESSIONS",
    "HEAD_BYTES",
    "PARQUET_SUFFIXES",
    "Prefixed",
    "is_parquet",
    "refusal",
    "sniff",
    "sniff_file",
    "sniffed",
]

#: The magic numbers recognised, by format (each file format's specification).
MAGIC: dict[str, bytes] = {
    "gzip": b"\x1f\x8b",  # RFC 1952
    "bzip2": b"BZh",
    "xz": b"\xfd7zXZ\x00",
    "zstd": b"\x28\xb5\x2f\xfd",  # RFC 8878
    "parquet": b"PAR1",
    "zip": b"PK\x03\x04",
}
#: bzip2: the block size digit after ``BZh``, then the magic of a block or of the stream's end.
_BLOCK_SIZES = {str(k).encode() for k in range(1, 10)}
_BZIP2_BLOCKS = (b"1AY&SY", b"\x17rE8P\x90")
#: Bytes no text file holds (control bytes but tab and line ends, and 0x7f).
_NOT_TEXT = frozenset(b for b in range(128) if (b < 32 and b not in (9, 10, 13)) or b == 127)
#: The bytes :func:`sniff` needs to tell every format above.
HEAD_BYTES = 10
#: File names that say Parquet.
PARQUET_SUFFIXES = (".parquet", ".parq", ".pq")

#: What to do with a file the text readers refuse, by format.
_ADVICE = {
    "parquet": "a Parquet file, not text; read it with the duckdb engine (a file whose name "
    "ends in .parquet or .parq is read so by default)",
    "zstd": "compressed with zstd, which the python engine does not read; decompress it first "
    "(zstd -d), or name it .zst for the duckdb engine",
    "zip": "a zip archive, not text; extract the file from it first (unzip)",
}


def sniff(head: bytes) -> str | None:
    """The format whose magic number ``head`` starts with (a key of :data:`MAGIC`), or None
    (text, or a format not listed).

    Two magic numbers are text (``BZh``, ``PAR1``): bzip2's needs its block size digit and
    the magic of its first block (or of an empty stream) after it, Parquet's a byte that no
    text has after it (Thrift's first field header), so a CSV file whose header starts
    ``PAR1,`` is still CSV.
    """
    for name, magic in MAGIC.items():
        if head.startswith(magic):
            rest = head[len(magic) :]
            if name == "bzip2" and not (rest[:1] in _BLOCK_SIZES and rest[1:7] in _BZIP2_BLOCKS):
                continue
            if name == "parquet" and not (rest[:1] and rest[0] in _NOT_TEXT):
                continue
            return name
    return None


def sniff_file(path: str | Path) -> str | None:
    """:func:`sniff` on the first bytes of the regular file ``path``; None for anything else
    (standard input, a pipe: not read here, so nothing of them is consumed) or a file that
    cannot be read (its reader says why)."""
    try:
        if not os.path.isfile(path):
            return None
        with open(path, "rb") as stream:
            return sniff(stream.read(HEAD_BYTES))
    except OSError:
        return None


def is_parquet(path: str | Path) -> bool:
    """Whether ``path`` is a Parquet file: by its name, or by its magic number ``PAR1``.

    >>> is_parquet("scores.PARQ"), is_parquet("-")
    (True, False)
    """
    name = str(path)
    return name.lower().endswith(PARQUET_SUFFIXES) or sniff_file(name) == "parquet"


def refusal(name: str, kind: str | None) -> str | None:
    """The one line refusing ``name`` of format ``kind`` to the text readers, or None when they
    read it (text, or gzip, bzip2, xz: decompressed)."""
    advice = _ADVICE.get(kind or "")
    return None if advice is None else f"{name} is {advice}"


def _gzip(raw: BinaryIO) -> Any:
    import gzip  # imported when a file needs it: a command that reads none starts sooner

    return gzip.GzipFile(fileobj=raw, mode="rb")


def _bzip2(raw: BinaryIO) -> Any:
    import bz2

    return bz2.BZ2File(raw, mode="rb")


#: Compressed input, by the file name's usual suffix, and its reader (opened and closed by
#: :func:`open_input`, which tells the compression by the file's first bytes, not its name).
COMPRESSIONS: dict[str, Callable[[BinaryIO], Any]] = {
    ".gz": _gzip,
    ".bz2": _bzip2,
    ".xz": lambda raw: lzma.LZMAFile(raw, mode="rb"),  # noqa: SIM115
}


#: The compressions :func:`sniffed` decompresses, by the format :func:`sniff` names.
_DECOMPRESS: dict[str, Callable[[BinaryIO], Any]] = {
    "gzip": COMPRESSIONS[".gz"],
    "bzip2": COMPRESSIONS[".bz2"],
    "xz": COMPRESSIONS[".xz"],
}


class Prefixed(io.RawIOBase):
    """``head`` (bytes already read from ``inner``), then the rest of ``inner``; ``inner`` is
    closed with it only when ``owned``."""

    def __init__(self, head: bytes, inner: Any, owned: bool = False) -> None:
        super().__init__()
        self._head, self._inner, self._owned = head, inner, owned

    def readable(self) -> bool:
        return True

    def fileno(self) -> int:
        return int(self._inner.fileno())

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if self._head:
            size = min(len(buffer), len(self._head))
            buffer[:size], self._head = self._head[:size], self._head[size:]
            return size
        if hasattr(self._inner, "readinto"):
            return int(self._inner.readinto(buffer) or 0)
        data = self._inner.read(len(buffer)) or b""
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        if self._owned and not self.closed:
            self._inner.close()
        super().close()


def _head(stream: Any) -> tuple[bytes, Any]:
    """The first :data:`HEAD_BYTES` bytes of ``stream`` (fewer if it is shorter), and a stream
    that still starts with them: ``stream`` itself when it can peek them (a buffered file or
    pipe) or seek back; else ``stream`` behind :class:`Prefixed`."""
    peek = getattr(stream, "peek", None)
    head = peek(HEAD_BYTES)[:HEAD_BYTES] if peek is not None else b""
    if len(head) == HEAD_BYTES:
        return head, stream
    seekable = getattr(stream, "seekable", None)
    if seekable is not None and seekable():
        start = stream.tell()
        head = stream.read(HEAD_BYTES)
        stream.seek(start)
        return head, stream
    head = b""  # a pipe that gave fewer bytes so far: read them, then read them again
    while len(head) < HEAD_BYTES and (more := stream.read(HEAD_BYTES - len(head))):
        head += more
    return head, io.BufferedReader(Prefixed(head, stream))


@contextlib.contextmanager
def sniffed(stream: Any, name: str, suffix: str = "") -> Iterator[Any]:
    """``stream`` as text bytes: decompressed as its name's ``suffix`` says (``.gz``, ``.bz2``,
    ``.xz``: :data:`COMPRESSIONS`; a damaged one raises as it is read) or else when its first
    bytes are gzip's, bzip2's or xz's; refused in one line when they are Parquet's, zstd's or
    zip's; else as it is.  Nothing is lost: the bytes read to look are read again.  The stream
    is not closed here; a text stream is given back as it is."""
    if isinstance(stream, io.TextIOBase):
        yield stream
        return
    named = COMPRESSIONS.get(suffix.lower())
    if named is not None:
        with named(stream) as text:
            yield text
        return
    try:
        head, stream = _head(stream)
    except (NotImplementedError, io.UnsupportedOperation):  # a stream read by lines only
        yield stream
        return
    kind = sniff(head)
    message = refusal(name, kind)
    if message is not None:
        raise InvalidInputError(message)
    decompress = _DECOMPRESS.get(kind or "")
    if decompress is None:
        yield stream
        return
    with decompress(stream) as text:
        yield text
