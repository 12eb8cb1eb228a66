"""Opening input files without hanging, and writing output files atomically.

:func:`open_input` opens every file the package reads (CSV, operating points, JSON): it
never blocks in ``open`` (a named pipe with no writer is refused at once, not waited for
forever) and refuses a directory by name; the readers then bound what they read.

Every file the package writes (plots, vector files) is written into a temporary file in the
target's directory and renamed over the target only when complete (``os.replace`` is atomic
on POSIX and Windows).  A failure at any point (a full disk, a killed process, an error in the
writer) leaves the target as it was and no temporary file behind; an ``OSError`` becomes an
:class:`~rocpr_exact.errors.InvalidInputError` that names the file.
"""

from __future__ import annotations

import contextlib
import errno
import io
import lzma
import os
import stat
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from pathlib import Path
from typing import Any, BinaryIO

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.zstd import open_zstd

__all__ = [
    "BYTES_READ",
    "COMPRESSIONS",
    "READ_ERRORS",
    "check_not_an_input",
    "make_directory",
    "open_input",
    "unreadable",
    "write_atomically",
]


def _gzip(raw: BinaryIO) -> Any:
    import gzip  # imported when a file needs it: a command that reads none starts sooner

    return gzip.GzipFile(fileobj=raw, mode="rb")


def _bzip2(raw: BinaryIO) -> Any:
    import bz2

    return bz2.BZ2File(raw, mode="rb")


#: Compressed input, recognised by the file name's last suffix, and its reader (opened and
#: closed by :func:`open_input`).
COMPRESSIONS: dict[str, Callable[[BinaryIO], Any]] = {
    ".gz": _gzip,
    ".bz2": _bzip2,
    ".xz": lambda raw: lzma.LZMAFile(raw, mode="rb"),  # noqa: SIM115
    ".zst": open_zstd,
}

#: What reading an input may raise besides InvalidInputError: an OSError, and for a damaged
#: compressed file ``EOFError`` (cut short), ``zlib.error`` (a damaged gzip block) or
#: ``lzma.LZMAError``; a reader names the file.
READ_ERRORS: tuple[type[Exception], ...] = (OSError, EOFError, zlib.error, lzma.LZMAError)


def unreadable(name: str, error: Exception) -> InvalidInputError:
    """The one line for a file that cannot be read (one of :data:`READ_ERRORS`)."""
    return InvalidInputError(f"cannot read {name}: {getattr(error, 'strerror', None) or error}")


#: When set, called with the number of bytes of each read of an input file from the disk (a
#: compressed file: its compressed bytes): progress of reading, ``output.progress``.
BYTES_READ: ContextVar[Callable[[int], None] | None] = ContextVar("bytes_read", default=None)


class _Counted(io.RawIOBase):
    """A raw stream that tells :data:`BYTES_READ`'s callback how many bytes each read took."""

    def __init__(self, inner: io.RawIOBase, count: Callable[[int], None]) -> None:
        super().__init__()
        self._inner, self._count = inner, count

    def readable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._inner.fileno()

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        read = self._inner.readinto(buffer) or 0
        self._count(read)
        return read

    def close(self) -> None:
        self._inner.close()
        super().close()


class _Replayed(io.RawIOBase):
    """A pipe read from its first byte again: the byte read to learn that it has a writer."""

    def __init__(self, descriptor: int, first: bytes) -> None:
        super().__init__()
        self._descriptor, self._first = descriptor, first

    def readable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._descriptor

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        data, self._first = (self._first or os.read(self._descriptor, len(buffer))), b""
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        if not self.closed:
            os.close(self._descriptor)
        super().close()


def _writer_check(descriptor: int, name: str) -> bytes:
    """The first byte of a named pipe, or b"" if its writer is there but has written nothing yet.

    Opened without blocking, a pipe that no program has open for writing reads as empty at
    once; reading it normally would wait for a writer that may never come.
    """
    try:
        first = os.read(descriptor, 1)
    except BlockingIOError:  # a writer is there and has not written yet
        return b""
    if not first:
        raise InvalidInputError(
            f"cannot read {name}: it is a named pipe (FIFO) with no data and no program writing "
            "to it; start the program that writes it first, or pipe the data to '-'"
        )
    return first


@contextlib.contextmanager
def open_input(path: str | Path, name: str | None = None) -> Iterator[BinaryIO]:
    """``path`` opened for reading bytes, without ever waiting in ``open``.

    A directory raises ``IsADirectoryError`` (as ``open`` does); a named pipe with no
    writer is an :class:`InvalidInputError` at once (``open`` would wait forever); a pipe
    with a writer, ``/dev/stdin`` or a device is read as it comes.  Any other ``OSError``
    (a missing or unreadable file) is left to the caller, which names the file.  A name
    ending in ``.gz``, ``.bz2``, ``.xz`` or ``.zst`` (:data:`COMPRESSIONS`) is decompressed as
    it is read; a damaged one raises one of :data:`READ_ERRORS`.
    """
    name = name or str(path)
    nonblocking = getattr(os, "O_NONBLOCK", 0)  # POSIX; Windows has no named pipes to wait on
    descriptor = os.open(path, os.O_RDONLY | nonblocking)
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        first = _writer_check(descriptor, name) if stat.S_ISFIFO(mode) else b""
        if nonblocking:
            os.set_blocking(descriptor, True)
        raw: io.RawIOBase = _Replayed(descriptor, first) if first else io.FileIO(descriptor)
        count = BYTES_READ.get()
        if count is not None:
            raw = _Counted(raw, count)
    except BaseException:
        os.close(descriptor)
        raise
    with io.BufferedReader(raw) as stream:
        decompress = COMPRESSIONS.get(Path(path).suffix.lower())
        if decompress is None:
            yield stream
            return
        with decompress(stream) as text:
            yield text


def _umask() -> int:
    """The process's file mode creation mask (read by setting it and back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def make_directory(directory: Path, what: str) -> None:
    """Create ``directory`` (and its parents) unless it exists; an ``OSError`` becomes an
    :class:`InvalidInputError` saying that ``what`` cannot be written there.

    >>> try:
    ...     make_directory(Path("/dev/null/sub"), "the vectors")
    ... except InvalidInputError as exc:
    ...     print(exc)
    cannot write the vectors into '/dev/null/sub': Not a directory
    """
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InvalidInputError(
            f"cannot write {what} into {str(directory)!r}: {exc.strerror or exc}"
        ) from None


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.samefile(b)  # the same file by any name (a link, a relative path)
    except OSError:  # one does not exist (yet): compare where the names lead
        return a.resolve() == b.resolve()


def check_not_an_input(output: str | Path, inputs: Iterable[str | Path], option: str) -> None:
    """Refuse to write ``output`` when it is one of the ``inputs`` (by any name).

    Writing it would destroy the data it is made from; ``option`` names what to change.

    >>> check_not_an_input("/dev/null", ["/dev/../dev/null"], "the output")
    Traceback (most recent call last):
    rocpr_exact.errors.InvalidInputError: /dev/null is also an input ...
    """
    for source in inputs:
        if str(source) != "-" and _same_file(Path(output), Path(source)):
            raise InvalidInputError(
                f"{output} is also an input ({source}): writing it would overwrite the data it "
                f"is made from; choose another {option}"
            )


def write_atomically(path: str | Path, write: Callable[[BinaryIO], object]) -> Path:
    """Call ``write(stream)`` on a temporary file beside ``path``, then rename it to ``path``.

    The file gets the permissions of a newly created one (0666 less the umask).  Returns the
    path written.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> write_atomically(target, lambda stream: stream.write(b"done")).read_text()
    'done'
    """
    import tempfile  # imported by the commands that write a file

    path = Path(path)
    try:
        descriptor, temporary = tempfile.mkstemp(
            dir=path.parent, prefix=f".{path.name}.", suffix=".tmp"
        )
    except OSError as exc:
        raise InvalidInputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(descriptor, "wb") as stream:
            write(stream)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes it private (0600)
        os.replace(temporary, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise InvalidInputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
        raise
    return path
