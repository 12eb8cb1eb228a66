"""Reading a zstd-compressed input (``.zst``): Python 3.14's ``compression.zstd``, else the
``backports.zstd`` package (the ``zstd`` extra; also in the ``duckdb``, ``parquet``, ``spark`` and
``test`` extras).

The decoder checks the frame's checksum, when the frame has one (the ``zstd`` tool writes it),
at its end; a damaged stream raises ``OSError`` (one of ``io.files.READ_ERRORS``: the readers
name the file in one line), a cut-short one ``EOFError``.  Without a decoder, a ``.zst`` file is
one line that says what to install.
"""

from __future__ import annotations

import io
from typing import Any, BinaryIO

from rocpr_exact.errors import MissingDependencyError

__all__ = ["open_zstd"]


class _ZstdReader(io.RawIOBase):
    """A zstd stream whose damaged data raises ``OSError``, not the decoder's own
    ``ZstdError``, which the readers would not know."""

    def __init__(self, inner: Any, error: type[Exception]) -> None:
        super().__init__()
        self._inner, self._error = inner, error

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        try:
            return int(self._inner.readinto(buffer))
        except self._error as exc:
            raise OSError(str(exc)) from None

    def close(self) -> None:
        self._inner.close()
        super().close()


def open_zstd(raw: BinaryIO) -> Any:
    """The decompressed stream of the zstd stream ``raw`` (module docstring)."""
    try:
        from compression import zstd  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        try:
            from backports import zstd  # type: ignore[import-not-found,no-redef,unused-ignore]
        except ImportError:
            raise MissingDependencyError(
                "reading a .zst file needs Python 3.14 or the backports.zstd package: "
                "pip install backports.zstd (or install rocpr-exact's 'zstd' extra)"
            ) from None
    return io.BufferedReader(_ZstdReader(zstd.ZstdFile(raw, mode="rb"), zstd.ZstdError))
