"""Operating points instead of scored examples, as AUCCalculator reads them.

AUCCalculator (the paper's Java tool) also accepts a file of PR points
(recall, precision) or ROC points (FPR, TPR) with the totals P and N.  Here the
file is a CSV whose header is ``recall,precision`` or ``fpr,tpr`` (either
order, case-insensitive); each value is an exact decimal ("0.35") or a fraction
("7/22").  By Theorem 3.1 each point with recall != 0 is one confusion matrix:
TP = recall P and FP = TP (1 - precision) / precision, or TP = TPR P and
FP = FPR N.  A point that is not a whole number of examples is an error that
names the nearest valid counts (:class:`NotRepresentableError`); nothing is
rounded.  A PR point with recall 0 has no unique matrix
(:class:`AmbiguousPointError`): give the ROC point or leave it out, since every
curve starts at (TP, FP) = (0, 0) anyway.  The curve is then
:meth:`Curve.from_counts` of the points: sorted, with (0, 0) and (P, N) added.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import IO, Literal

from rocpr_exact.core.confusion import ConfusionMatrix, confusion_from_pr, confusion_from_roc
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError, RocPrError
from rocpr_exact.exact.numbers import parse_number
from rocpr_exact.io.readers import CsvRow, read_csv
from rocpr_exact.limits import check_examples

__all__ = ["POINT_KINDS", "PointKind", "curve_from_points", "read_points_csv"]

PointKind = Literal["recall-precision", "fpr-tpr"]

#: The two headers, by kind: (x column, y column).
POINT_KINDS: dict[PointKind, tuple[str, str]] = {
    "recall-precision": ("recall", "precision"),
    "fpr-tpr": ("fpr", "tpr"),
}

#: One point as read: (where, first rate, second rate) in the kind's column order.
PointRow = tuple[str, Fraction, Fraction]


def _rate(text: str, where: str, column: str) -> Fraction:
    number = parse_number(text, column, where=where, infinities=True)
    if isinstance(number, Decimal) and not number.is_finite():
        raise InvalidInputError(f"{where}: {column} {text.strip()!r} must be finite")
    value = Fraction(number)
    if not 0 <= value <= 1:
        raise InvalidInputError(f"{where}: {column} = {text.strip()} must lie in [0, 1]")
    return value


def _read(rows: Iterator[CsvRow], name: str) -> tuple[PointKind, list[PointRow]]:
    first = next(rows, None)
    header = [cell.strip().lower() for cell in (first[2] if first else [])]
    header[:1] = [cell.removeprefix("\ufeff") for cell in header[:1]]  # a BOM in a text stream
    kind = next((k for k, cols in POINT_KINDS.items() if sorted(cols) == sorted(header)), None)
    if kind is None:
        shown = header if len(header) <= 10 else [*header[:10], f"... {len(header):,} columns"]
        raise InvalidInputError(
            f"{name}: the header {shown} is not 'recall,precision' or 'fpr,tpr'; "
            "operating points need exactly one of these two column pairs"
        )
    order = [header.index(column) for column in POINT_KINDS[kind]]
    points: list[PointRow] = []
    for where, _, row in rows:
        check_examples(len(points) + 1, where, "operating points")
        if len(row) != 2:
            raise InvalidInputError(f"{where}: {len(row)} fields where the header has 2")
        first_rate, second_rate = (
            _rate(row[i], where, column) for i, column in zip(order, POINT_KINDS[kind], strict=True)
        )
        points.append((where, first_rate, second_rate))
    if not points:
        raise InvalidInputError(f"{name}: no operating points after the header")
    return kind, points


def read_points_csv(
    source: str | Path | IO[str] | IO[bytes], *, name: str | None = None
) -> tuple[PointKind, list[PointRow]]:
    """Read a CSV of operating points; the kind comes from the header.

    Read by the CSV reader of :mod:`rocpr_exact.io.readers` (:func:`read_csv`), with its
    bounds: no line longer than ``max_line_chars``, no more than ``max_examples`` points.

    >>> import io
    >>> kind, rows = read_points_csv(io.StringIO("precision,recall\\n7/22,0.35\\n"))
    >>> kind, rows[0][1:]
    ('recall-precision', (Fraction(7, 20), Fraction(7, 22)))
    """
    return read_csv(source, _read, name=name)


def curve_from_points(
    kind: PointKind, rows: list[PointRow], positives: int, negatives: int
) -> Curve:
    """The curve through the operating points, for P positives and N negatives (Theorem 3.1).

    Errors name the line: :class:`NotRepresentableError` (with the nearest valid
    counts) for a point between whole numbers of examples, :class:`AmbiguousPointError`
    for a PR point at recall 0, :class:`InvalidInputError` for points that do not
    form one ranking's chain.  O(n log n).

    >>> a = ("line 2", Fraction(1, 4), Fraction(1, 2))   # Table 1's A: TP 5, FP 5
    >>> b = ("line 3", Fraction(1, 2), Fraction(1, 4))   # Table 1's B: TP 10, FP 30
    >>> rows = [a, b]
    >>> curve_from_points("recall-precision", rows, 20, 2000).fps
    (0, 5, 30, 2000)
    >>> curve_from_points("recall-precision", [("line 2", Fraction(1, 3), Fraction(1))], 20, 2000)
    Traceback (most recent call last):
    ...
    rocpr_exact.errors.NotRepresentableError: line 2: recall = 1/3 gives TP = 20/3, ... TP = 6 or 7
    """
    matrices: list[ConfusionMatrix] = []
    for where, first, second in rows:
        try:
            if kind == "recall-precision":
                matrix = confusion_from_pr(first, second, positives=positives, negatives=negatives)
            else:
                matrix = confusion_from_roc(first, second, positives=positives, negatives=negatives)
        except RocPrError as exc:
            raise type(exc)(f"{where}: {exc}") from None
        matrices.append(matrix)
    return Curve.from_counts(matrices, positives, negatives)
