"""The shared corpus every engine reads (tests/engines/test_corpus.py, docs/engines.md).

Each case is a file's bytes, the CLI flags it is read with, and its expected answer worked
out by hand here: ``(P, N, AUC-ROC)`` for a file every engine must read, or ``None`` for one
every engine must refuse (exit 2, one line).  ``python -m tests.engines.corpus DIR`` writes
the files into DIR, to try them by hand (``rocpr-exact report DIR/FILE --engine ENGINE``).
"""

from __future__ import annotations

import bz2
import gzip
import lzma
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

__all__ = ["BASE", "CASES", "GZIPPED", "LARGE", "Case", "flipped", "large_expected", "write"]

#: Six rows, P = 3, N = 3.  AUC-ROC by hand: the positive at 0.9 is above the three negatives
#: (3 pairs), the one at 0.7 above 0.6 and 0.5 (2), the one at 0.4 above none: 5/9.
BASE = b"score,label\n0.9,1\n0.8,0\n0.7,1\n0.6,0\n0.5,0\n0.4,1\n"
BASE_ANSWER = (3, 3, Fraction(5, 9))

#: A larger file (400 rows, so that a gzip stream has a real deflate body): score i/400 for
#: row i, positive when i % 3 == 0 (large_expected counts its pairs).
LARGE = b"score,label\n" + b"".join(
    b"%d/400,%d\n" % (i, 1 if i % 3 == 0 else 0) for i in range(400)
)


def large_expected() -> tuple[int, int, Fraction]:
    """P, N and AUC-ROC of :data:`LARGE` by counting its pairs (all scores are distinct)."""
    labels = [1 if i % 3 == 0 else 0 for i in range(400)]
    positives = sum(labels)
    negatives = len(labels) - positives
    above = sum(1 for i in range(400) for j in range(i) if labels[i] and not labels[j])
    return positives, negatives, Fraction(above, positives * negatives)


@dataclass(frozen=True)
class Case:
    data: bytes
    answer: tuple[int, int, Fraction] | None  # None: every engine refuses the file
    flags: tuple[str, ...] = field(default=())


def _zstd(data: bytes) -> bytes:
    try:
        from compression import zstd  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        from backports import zstd  # type: ignore[import-not-found,no-redef,unused-ignore]
    return bytes(zstd.compress(data))


def flipped(data: bytes, offset: int, bit: int = 0) -> bytes:
    """``data`` with one bit flipped."""
    changed = bytearray(data)
    changed[offset] ^= 1 << bit
    return bytes(changed)


_GZ = gzip.compress(LARGE, 9, mtime=0)
_W = 123456789012345678901234567890123456789  # 39 digits: past DuckDB's HUGEINT (38)
_NINES = 10**18 - 1  # 18 digits: the longest weight an engine sums itself
# Weights: P = 2 W + 10^18 (0.9 twice, 0.7), N = (10^18 - 1) + 7 (0.8, 0.6; "007" is 7).
# Pairs: the weight 2W at 0.9 is above both negatives; 10^18 at 0.7 is above the 7 at 0.6.
_WP, _WN = 2 * _W + 10**18, _NINES + 7
_WEIGHTED = b"score,label,w\n0.9,1,%d\n0.9,1,%d\n0.8,0,%d\n0.7,1,%d\n0.6,0,007\n" % (
    _W, _W, _NINES, 10**18
)  # fmt: skip
# numpy's savetxt default (%.18e, 19 significant digits): 9.000000000000000222e-01 is the
# double nearest 0.9 written out, 9.000000000000000000e-01 is 0.9 itself, another number.
# Exact: P = 2 (rows 2, 4), N = 3; the positive at 0.9...0222 is above the negatives at 0.9 and
# 0.8...0444 (2 pairs), the one at 0.8...0444 ties the negative there (1/2): (2 + 1/2)/6 = 5/12
# (read as doubles the first two would tie: 1/3).
_E18 = (
    b"score,label\n1.000000000000000000e+00,0\n9.000000000000000222e-01,1\n"
    b"9.000000000000000000e-01,0\n8.000000000000000444e-01,1\n8.000000000000000444e-01,0\n"
)

CASES: dict[str, Case] = {
    # a quoted field across lines (LF, and CRLF after a comma: a line that ends after the
    # delimiter inside quotes) and a doubled quote.  P = 2, N = 2: the positive at 0.9 is
    # above 0.8 and 0.6, the one at 0.7 above 0.6: 3/4 (Spark split it: 2 negatives more).
    "quoted_multiline.csv": Case(
        b'score,label,note\n0.9,1,"a\nb"\n0.8,0,x\n0.7,1,"c,\r\nd"\n0.6,0,"say ""hi"""\n',
        (2, 2, Fraction(3, 4)),
    ),
    "crlf.csv": Case(BASE.replace(b"\n", b"\r\n"), BASE_ANSWER),
    "bom.csv": Case(b"\xef\xbb\xbf" + BASE, BASE_ANSWER),
    "bom_crlf_quoted.csv": Case(
        b'\xef\xbb\xbf"score","label"\r\n"0.9",1\r\n0.8,"0"\r\n'
        + BASE[24:].replace(b"\n", b"\r\n"),
        BASE_ANSWER,
    ),
    "empty_lines.csv": Case(
        b"score,label\n\n" + BASE[12:].replace(b"0.6,0\n", b"0.6,0\n\n\n") + b"\n", BASE_ANSWER
    ),
    # refused by the python engine (a row with more or fewer fields than the header): by all
    "trailing_delimiter_some_rows.csv": Case(BASE.replace(b"0.8,0\n", b"0.8,0,\n"), None),
    "trailing_delimiters_twice.csv": Case(BASE.replace(b"0.6,0\n", b"0.6,0,,\n"), None),
    "trailing_delimiter_last_line.csv": Case(BASE[:-1] + b",", None),
    "trailing_tab.tsv": Case(
        BASE.replace(b",", b"\t").replace(b"0.5\t0\n", b"0.5\t0\t\n"), None, ("--delimiter", "tab")
    ),
    "short_row.csv": Case(b"score,label,note\n0.9,1,a\n0.8,0\n0.7,1,b\n", None),
    "short_row_no_label.csv": Case(b"score,label\n0.9,1\n0.8\n0.7,0\n", None),
    "extra_column.csv": Case(BASE.replace(b"0.7,1\n", b"0.7,1,5\n"), None),
    # compressed, whole: read by every engine
    "large.csv.gz": Case(_GZ, large_expected()),
    "base.csv.bz2": Case(bz2.compress(BASE), BASE_ANSWER),
    "base.csv.xz": Case(lzma.compress(BASE), BASE_ANSWER),
    "base.csv.zst": Case(_zstd(BASE), BASE_ANSWER),
    # the gzip header's MTIME is not checked by any reader: the same data, read
    "mtime_flipped.csv.gz": Case(flipped(_GZ, 5), large_expected()),
    # damaged: refused by every engine (DuckDB read a bad CRC or length without a word)
    "body_flipped.csv.gz": Case(flipped(_GZ, len(_GZ) // 2, 3), None),
    "crc_flipped.csv.gz": Case(flipped(_GZ, len(_GZ) - 7), None),
    "length_flipped.csv.gz": Case(flipped(_GZ, len(_GZ) - 2), None),
    "truncated.csv.gz": Case(_GZ[:-9], None),
    "truncated.csv.bz2": Case(bz2.compress(LARGE)[:-10], None),
    "truncated.csv.xz": Case(lzma.compress(LARGE)[:-10], None),
    "truncated.csv.zst": Case(_zstd(LARGE)[:-6], None),
    "checksum_flipped.csv.zst": Case(flipped(_zstd(LARGE), -1), None),
    # exact numbers past a fixed width
    "weights_39_digits.csv": Case(
        _WEIGHTED, (_WP, _WN, Fraction(2 * _W * _WN + 10**18 * 7, _WP * _WN)),
        ("--weight-column", "w"),
    ),
    "numpy_e18.csv": Case(_E18, (2, 3, Fraction(5, 12))),
}

#: The gzip stream of :data:`LARGE` (the single-bit flips of test_corpus start from it).
GZIPPED = _GZ


def write(folder: Path) -> dict[str, Path]:
    """Write every case into ``folder``; their paths by name."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = {}
    for name, case in CASES.items():
        paths[name] = folder / name
        paths[name].write_bytes(case.data)
    return paths


if __name__ == "__main__":  # pragma: no cover - a convenience for trying the files by hand
    for path in write(Path(sys.argv[1])).values():
        print(path)
