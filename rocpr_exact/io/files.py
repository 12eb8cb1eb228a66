"""Writing output files atomically: all of the file or nothing, never a partial file.

Every file the package writes (plots, vector files) is written into a temporary file in the
target's directory and renamed over the target only when complete (``os.replace`` is atomic
on POSIX and Windows).  A failure at any point (a full disk, a killed process, an error in the
writer) leaves the target as it was and no temporary file behind; an ``OSError`` becomes an
:class:`~rocpr_exact.errors.InvalidInputError` that names the file.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from rocpr_exact.errors import InvalidInputError

__all__ = ["write_atomically"]


def _umask() -> int:
    """The process's file mode creation mask (read by setting it and back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomically(path: str | Path, write: Callable[[BinaryIO], object]) -> Path:
    """Call ``write(stream)`` on a temporary file beside ``path``, then rename it to ``path``.

    The file gets the permissions of a newly created one (0666 less the umask).  Returns the
    path written.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
    >>> write_atomically(target, lambda stream: stream.write(b"done")).read_text()
    'done'
    """
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
