"""Opening input files without hanging, and writing output files atomically.

:func:`open_input` opens every file the package reads (CSV, operating points, JSON): it
never blocks in ``open`` (a named pipe with no writer is refused at once, not waited for
forever) and refuses a directory by name; the readers then bound what they read.

Every regular file the package writes (plots, vector files, witnesses) is written into a
temporary file in the target's directory and renamed over the target only when complete
(``os.replace`` is atomic on POSIX and Windows).  A failure at any point (a full disk, a killed
process, an error in the writer) leaves the target as it was and no temporary file behind; an
``OSError`` becomes an :class:`~rocpr_exact.errors.InvalidInputError` that names the file.  A
named pipe or a device (``/dev/null``) is written through, never replaced; a symbolic link's
target is written; ``-`` is standard output (:func:`write_atomically`).
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
from typing import BinaryIO

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.formats import COMPRESSIONS, Prefixed, sniffed
from rocpr_exact.limits import current, exceeded

__all__ = [
    "BYTES_READ",
    "COMPRESSIONS",
    "READ_ERRORS",
    "check_not_an_input",
    "make_directory",
    "open_input",
    "read_bounded",
    "sniffed",
    "unreadable",
    "write_atomically",
]


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
    (a missing or unreadable file) is left to the caller, which names the file.  A file
    named ``.gz``, ``.bz2``, ``.xz`` or ``.zst`` (:data:`COMPRESSIONS`), or whose first bytes
    are gzip's, bzip2's, xz's or zstd's (:func:`sniffed`), is decompressed as it is read; a
    damaged one raises one of :data:`READ_ERRORS`; a Parquet or zip file is refused in one
    line that says so.
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
        raw: io.RawIOBase = io.FileIO(descriptor)
        if first:  # the byte read to learn that the pipe has a writer, read again
            raw = Prefixed(first, raw, owned=True)
        count = BYTES_READ.get()
        if count is not None:
            raw = _Counted(raw, count)
    except BaseException:
        os.close(descriptor)
        raise
    with io.BufferedReader(raw) as stream, sniffed(stream, name, Path(path).suffix) as text:
        yield text


def read_bounded(path: str | Path, described: str, limit_name: str) -> bytes:
    """The bytes of the file ``path`` (decompressed), at most the limit ``limit_name`` of them.

    A regular file is refused by its size before it is read; anything else (a pipe,
    ``/dev/zero``) is read no further than the limit.  ``described`` names the file in messages
    ("the results file F"); an ``OSError`` is one line that names it.
    """
    limit = getattr(current(), limit_name)
    try:
        with open_input(path, described) as stream:
            info = os.fstat(stream.fileno())
            size = info.st_size if stat.S_ISREG(info.st_mode) else 0
            if limit is not None and size > limit:
                raise exceeded(
                    limit_name,
                    f"{described} ({size:,} bytes) is longer than {limit:,} bytes, which",
                )
            raw = stream.read(-1 if limit is None else limit + 1)
    except OSError as exc:
        raise InvalidInputError(f"cannot read {described}: {exc.strerror or exc}") from None
    if limit is not None and len(raw) > limit:
        raise exceeded(limit_name, f"{described} is longer than {limit:,} bytes, which")
    return raw


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


def _cannot_write(name: str, error: OSError) -> InvalidInputError:
    return InvalidInputError(f"cannot write {name!r}: {error.strerror or error}")


def write_atomically(path: str | Path, write: Callable[[BinaryIO], object]) -> Path:
    """Write the file ``path`` with ``write(stream)``: a regular file atomically, a named pipe
    or a character device through, ``-`` to standard output.

    * a regular file (or a new one): ``write`` fills a temporary file in the same directory,
      which is then renamed over ``path`` (``os.replace``, atomic): on any failure ``path`` is
      as it was and the temporary file is removed.  The file gets the permissions of a newly
      created one (0666 less the umask);
    * a symbolic link: the file it leads to is written so (the link stays a link);
    * a named pipe (FIFO) or a character device (``/dev/null``, ``/dev/stdout``, a terminal):
      opened and written, never replaced (a FIFO that no program reads is refused at once:
      writing it would wait forever); what was written before a failure stays written;
    * ``-``: standard output.

    An empty name, a directory, a block device or a socket is refused, and every ``OSError``
    (a full disk, no permission) is an :class:`InvalidInputError` naming the file (exit 2 on
    the command line).  Returns ``path``.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> write_atomically(target, lambda stream: stream.write(b"done")).read_text()
    'done'
    >>> write_atomically("/dev/full", lambda stream: stream.write(b"done"))
    Traceback (most recent call last):
    rocpr_exact.errors.InvalidInputError: cannot write '/dev/full': No space left on device
    """
    name = os.fspath(path)
    if name == "":
        raise InvalidInputError("cannot write '': the file name is empty; give a file name")
    if name == "-":
        _write_stdout(write)
        return Path(name)
    real = Path(os.path.realpath(name))  # a link's target, written in its own directory
    try:
        mode = real.stat().st_mode
    except FileNotFoundError:
        mode = stat.S_IFREG  # a new file
    except OSError as exc:
        raise _cannot_write(name, exc) from None
    if stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
        _write_through(real, name, write, stat.S_ISFIFO(mode))
    elif stat.S_ISREG(mode):
        _replace(real, name, write)
    else:
        what = "a directory" if stat.S_ISDIR(mode) else "neither a file nor a pipe nor a device"
        raise InvalidInputError(f"cannot write {name!r}: it is {what}; give a file name")
    return Path(path)


def _replace(real: Path, name: str, write: Callable[[BinaryIO], object]) -> None:
    """Write a temporary file beside ``real``, then rename it over ``real``."""
    import tempfile  # imported by the commands that write a file

    try:
        descriptor, temporary = tempfile.mkstemp(
            dir=real.parent, prefix=f".{real.name}.", suffix=".tmp"
        )
    except OSError as exc:
        raise _cannot_write(name, exc) from None
    try:
        with os.fdopen(descriptor, "wb") as stream:
            write(stream)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes it private (0600)
        os.replace(temporary, real)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise _cannot_write(name, exc) from None
        raise


def _write_through(real: Path, name: str, write: Callable[[BinaryIO], object], fifo: bool) -> None:
    """Open the pipe or device ``real`` and write it (a pipe no program reads is refused)."""
    nonblocking = getattr(os, "O_NONBLOCK", 0) if fifo else 0
    try:
        descriptor = os.open(real, os.O_WRONLY | nonblocking)
    except OSError as exc:
        if fifo and exc.errno == errno.ENXIO:
            raise InvalidInputError(
                f"cannot write {name!r}: it is a named pipe (FIFO) that no program reads; "
                "start the program that reads it first"
            ) from None
        raise _cannot_write(name, exc) from None
    try:
        if nonblocking:
            os.set_blocking(descriptor, True)
        with os.fdopen(descriptor, "wb") as stream:
            write(stream)
            stream.flush()
    except OSError as exc:
        raise _cannot_write(name, exc) from None


def _write_stdout(write: Callable[[BinaryIO], object]) -> None:
    """``write`` to standard output (a closed pipe stays a BrokenPipeError: status 141)."""
    import sys

    if sys.stdout is None:
        raise InvalidInputError("cannot write '-': standard output is closed")
    try:
        sys.stdout.flush()
        write(sys.stdout.buffer)
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise _cannot_write("-", exc) from None
