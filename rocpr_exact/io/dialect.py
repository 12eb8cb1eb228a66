"""How a CSV file of scored examples is written: its delimiter and the names of its labels.

A :class:`CsvDialect` is what every CSV reader of the package takes (the python reader,
the vectorised one of :mod:`rocpr_exact.io.fastcsv`, and the duckdb engine), so one file is
read the same way by each:

* ``delimiter``: one character between fields (``,`` by default; ``;``, a tab, ``|``...).
  Never a double quote, a line end, or a character of a number (digits, letters, ``.``,
  ``+``, ``-``, ``/``), which would make a score ambiguous.
* ``positive_label`` / ``negative_label``: the label text of a positive and of a negative
  example, compared exactly after stripping spaces (case matters: ``Yes`` is not ``yes``).
  Both given: every label must be one of the two.  Only ``positive_label`` given: every
  other label is negative (one class against the rest, as scikit-learn's ``pos_label``);
  only ``negative_label`` given: every other label is positive.  A file in which no label
  names the given class is refused (a misspelt label would otherwise make every example
  one class).  Neither given: the labels are 0/1 or true/false
  (:func:`rocpr_exact.io.readers.parse_label`).

Compressed files are read by :func:`rocpr_exact.io.files.open_input` (``.gz``, ``.bz2``,
``.xz``); the dialect is about the text inside.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from rocpr_exact.errors import InvalidInputError

__all__ = ["DEFAULT_DIALECT", "CsvDialect", "parse_label"]

_TRUE = {"1", "true"}
_FALSE = {"0", "false"}
#: A decimal numeral as a float column writes a label ("1.0", "0.00", "1e0"): ASCII digits only.
_NUMERAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[+-]?[0-9]+)?", re.ASCII)


def parse_label(text: str, where: str) -> int:
    """Parse one label: 1/true = positive, 0/false = negative (case-insensitive).

    A decimal numeral of at most 40 characters equal to 0 or 1 ("1.0", "0.00",
    as written for a float column) is that label, as ``1.0`` is in the Python API.

    >>> parse_label(" True ", "line 2"), parse_label("0", "line 3"), parse_label("1.0", "line 4")
    (1, 0, 1)
    """
    cleaned = text.strip().lower()
    if cleaned in _TRUE:
        return 1
    if cleaned in _FALSE:
        return 0
    if len(cleaned) <= 40 and _NUMERAL.fullmatch(cleaned):  # ASCII: Decimal takes "0_1", "١"
        try:
            number = Decimal(cleaned)
        except InvalidOperation:
            pass
        else:
            if number.is_finite() and number in (0, 1):
                return 1 if number else 0
    raise InvalidInputError(
        f"{where}: label {text!r} is not 0/1 or true/false (1 = positive, 0 = negative)"
    )


#: Characters that cannot separate fields: they occur in scores, quote fields or end lines.
_NOT_DELIMITERS = set("0123456789.+-/\"'\r\n eE") | set("abcdefghijklmnopqrstuvwxyz")


@dataclass(frozen=True, slots=True)
class CsvDialect:
    """The delimiter and the label names of a scored CSV file (module docstring).

    >>> CsvDialect(positive_label="yes").label(" yes ", "line 2")
    1
    >>> CsvDialect(positive_label="yes").label("no", "line 3")
    0
    >>> CsvDialect(";").label("true", "line 2")
    1
    """

    delimiter: str = ","
    positive_label: str | None = None
    negative_label: str | None = None

    def __post_init__(self) -> None:
        if (
            not isinstance(self.delimiter, str)
            or len(self.delimiter) != 1
            or self.delimiter.lower() in _NOT_DELIMITERS
        ):
            raise InvalidInputError(
                "the delimiter parameter must be one character that is not part of a number, "
                f"a quote or a space (such as ',', ';', '|' or a tab), got {self.delimiter!r}"
            )
        named = (("positive_label", self.positive_label), ("negative_label", self.negative_label))
        for role, name in named:
            if name is None:
                continue
            if not isinstance(name, str) or not name.strip() or name != name.strip():
                raise InvalidInputError(
                    f"{role} must be non-empty text without surrounding spaces, got {name!r}"
                )
            if self.delimiter in name or '"' in name or "\n" in name or "\r" in name:
                raise InvalidInputError(
                    f"{role} {name!r} contains the delimiter, a quote or a line end"
                )
        if self.positive_label is not None and self.positive_label == self.negative_label:
            raise InvalidInputError(
                f"positive_label and negative_label are both {self.positive_label!r}"
            )

    @property
    def named_labels(self) -> bool:
        """Whether labels are named here rather than written 0/1 or true/false."""
        return self.positive_label is not None or self.negative_label is not None

    def label(self, text: str, where: str) -> int:
        """1 for a positive example, 0 for a negative one (module docstring); else refused."""
        if not self.named_labels:
            return parse_label(text, where)
        cleaned = text.strip()
        if cleaned and cleaned == self.positive_label:
            return 1
        if cleaned and cleaned == self.negative_label:
            return 0
        if cleaned and (self.positive_label is None or self.negative_label is None):
            self._check_case(cleaned, where)
            return 0 if self.negative_label is None else 1
        raise InvalidInputError(f"{where}: label {text!r} is not {self._expected()}")

    def _check_case(self, cleaned: str, where: str) -> None:
        """Refuse a label that differs from the one named label only in case (``TRUE`` beside
        ``positive_label="True"``): read as the other class, it would be counted silently."""
        role, name = (
            ("positive_label", self.positive_label)
            if self.negative_label is None
            else ("negative_label", self.negative_label)
        )
        assert name is not None
        if cleaned.casefold() == name.casefold():
            raise InvalidInputError(
                f"{where}: label {cleaned!r} differs from {role} {name!r} only in case: labels "
                "are compared exactly, so it would count as the other class; name the other "
                "label too or write the labels in one case"
            )

    def _expected(self) -> str:
        names = [repr(n) for n in (self.positive_label, self.negative_label) if n is not None]
        if len(names) == 2:
            return f"{names[0]} (positive) or {names[1]} (negative)"
        return f"a label: labels are {names[0]} and any other non-empty text"

    def check_found(self, positives: int, negatives: int, name: str) -> None:
        """Refuse a file in which no label names the class given alone (a misspelt label)."""
        if self.positive_label is not None and self.negative_label is None and not positives:
            raise InvalidInputError(
                f"{name}: no label is {self.positive_label!r} (positive_label): every example "
                "would be negative; labels are compared exactly (case matters)"
            )
        if self.negative_label is not None and self.positive_label is None and not negatives:
            raise InvalidInputError(
                f"{name}: no label is {self.negative_label!r} (negative_label): every example "
                "would be positive; labels are compared exactly (case matters)"
            )


#: Comma-separated, labels 0/1 or true/false.
DEFAULT_DIALECT = CsvDialect()
