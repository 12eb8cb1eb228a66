"""The CSV ``explain`` reads: besides 0/1 labels and non-negative weights, soft labels and
negative weights, which some tools take (xgboost's labels in [0, 1], PRROC's signed weights in
``roc.curve``; :mod:`rocpr_exact.testing.weighted`).

A label is read as the dialect reads it (0/1, true/false, the named labels); a number in
[0, 1] other than 0 and 1 is a soft label, kept exact.  A weight is any finite exact number
(decimal or p/q), negative ones too.  Everything else is refused in one line, as the other
readers refuse it (:func:`rocpr_exact.io.readers.read_weighted_csv`).
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import IO, Any

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.numbers import parse_number
from rocpr_exact.io.dialect import DEFAULT_DIALECT, CsvDialect
from rocpr_exact.io.readers import CsvRow, csv_examples, read_csv

__all__ = ["read_explain_csv"]

Exact = Decimal | Fraction
ExplainData = tuple[list[Exact], list[Any], list[Exact] | None]


def read_explain_csv(
    source: str | Path | IO[str] | IO[bytes],
    score_column: str = "score",
    label_column: str = "label",
    weight_column: str | None = None,
    *,
    name: str | None = None,
    dialect: CsvDialect = DEFAULT_DIALECT,
) -> ExplainData:
    """(scores, labels, weights or None): labels 0/1 or soft (exact, in [0, 1]), weights exact
    of any sign.

    >>> import io
    >>> text = io.StringIO("score,label,w\\n0.3,0.5,-1/2\\n0.2,0,1\\n")
    >>> read_explain_csv(text, weight_column="w")
    ([Decimal('0.3'), Decimal('0.2')], [Decimal('0.5'), 0], [Fraction(-1, 2), Decimal('1')])
    """

    def label(text: str, where: str) -> Any:
        try:
            return dialect.label(text, where)
        except InvalidInputError as refused:
            if dialect.named_labels:
                raise
            try:
                value = parse_number(text, "label", where=where)
            except InvalidInputError:
                raise refused from None
            if not 0 <= value <= 1:
                raise InvalidInputError(
                    f"{where}: label {text!r} is not in [0, 1] (0 and 1, or a soft label)"
                ) from None
            return value

    def weight(text: str, where: str) -> Exact:
        return parse_number(text, "weight", where=where)

    def read(rows: Iterator[CsvRow], name: str) -> ExplainData:
        scores, labels, weights = [], [], []
        examples = csv_examples(rows, name, score_column, label_column, weight_column, dialect,
                             (label, weight))  # fmt: skip
        for score, y, w in examples:
            scores.append(score)
            labels.append(y)
            weights.append(w)
        return scores, labels, weights if weight_column is not None else None

    return read_csv(source, read, name=name, delimiter=dialect.delimiter)
