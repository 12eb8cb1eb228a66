"""The one parser of exact numbers written as text: scores, rates, tolerances, vector values.

Every number the package reads from text (a CSV score, an operating point's rate, a value in a
results file or a vector file, ``--rtol``, ``--recall-step``, ``--digits``, a figure size) goes
through :func:`parse_number`, so that every reader accepts the same spellings and refuses the
same ones:

* a decimal numeral: an optional sign, ASCII digits with at most one point, an optional
  exponent (``-1.5e-3``, ``.5``, ``7.``); it becomes the exactly equal :class:`~decimal.Decimal`;
* a fraction ``p/q`` of two integers (sign on ``p`` only, ``q > 0``); it becomes a
  :class:`~fractions.Fraction`;
* where the caller allows them: ``inf``/``infinity`` with an optional sign, and ``nan``.

Python's own extras are refused: digit separators (``0_5`` is not 5), inner spaces
(``1 / 3``), hexadecimal, non-ASCII digits.  Surrounding blanks are ignored.

Size is bounded *before* any big number is built (:mod:`rocpr_exact.limits`,
``max_score_digits``): the text's length, then the number of digits of the exact value
(significant digits plus the size of the exponent: ``1e-999999999`` is a fraction with a
billion-digit denominator, refused at once).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.limits import check_score, check_score_text

__all__ = ["parse_integer", "parse_number"]

_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", re.ASCII)
_FRACTION = re.compile(r"([+-]?[0-9]+)/([0-9]+)", re.ASCII)
_INFINITY = re.compile(r"([+-]?)inf(?:inity)?", re.ASCII | re.IGNORECASE)
_NAN = re.compile(r"[+-]?s?nan", re.ASCII | re.IGNORECASE)
#: Blanks around a number that are ignored (a CSV field " 0.5 ").
_BLANKS = " \t"


def _forms(fractions: bool, infinities: bool) -> str:
    forms = ["a decimal such as 0.75", "an integer"]
    if infinities:
        forms.append("inf/-inf")
    if fractions:
        forms.append("a fraction p/q")
    return ", ".join(forms[:-1]) + ", or " + forms[-1]


def parse_number(
    text: str,
    what: str,
    *,
    where: str | None = None,
    fractions: bool = True,
    infinities: bool = False,
    nan: bool = False,
) -> Decimal | Fraction:
    """The exact number written in ``text`` (see the module docstring for the grammar).

    ``what`` names the number in messages ("score", "rtol"), ``where`` locates it ("line 3").
    ``nan=True`` returns ``Decimal('NaN')`` for a NaN spelling (the caller decides what NaN
    means); otherwise NaN is "not a number".  Raises :class:`InvalidInputError` for anything
    else and :class:`~rocpr_exact.errors.ResourceLimitError` for a number too big to build.
    O(len(text)) before the final conversion.

    >>> parse_number("1e-3", "x"), parse_number(" -2/6 ", "x"), parse_number(".5", "x")
    (Decimal('0.001'), Fraction(-1, 3), Decimal('0.5'))
    >>> parse_number("-Infinity", "x", infinities=True)
    Decimal('-Infinity')
    >>> parse_number("0_5", "score")
    Traceback (most recent call last):
    ...
    rocpr_exact.errors.InvalidInputError: score '0_5' is not a number; write a decimal such as ...
    """
    lead = f"{where}: " if where else ""
    if not isinstance(text, str):
        raise InvalidInputError(f"{lead}{what} must be text, got {type(text).__name__}")
    check_score_text(text, where, what)
    cleaned = text.strip(_BLANKS)
    if _DECIMAL.fullmatch(cleaned):
        try:
            value = Decimal(cleaned)
        except InvalidOperation:  # an exponent beyond what Decimal can hold at all
            raise InvalidInputError(
                f"{lead}{what} {text!r} is not a number that can be held exactly: "
                "its exponent is too large"
            ) from None
        check_score(value, where, what)
        return value
    if fractions:
        match = _FRACTION.fullmatch(cleaned)
        if match:
            denominator = int(match.group(2))
            if denominator == 0:
                raise InvalidInputError(f"{lead}{what} {text!r} is not a number: it divides by 0")
            return Fraction(int(match.group(1)), denominator)
    if infinities:
        match = _INFINITY.fullmatch(cleaned)
        if match:
            return Decimal(f"{match.group(1)}Infinity")
    if nan and _NAN.fullmatch(cleaned):
        return Decimal("NaN")
    raise InvalidInputError(
        f"{lead}{what} {text!r} is not a number; write {_forms(fractions, infinities)}"
    )


def parse_integer(text: str, what: str, *, minimum: int | None = None) -> int:
    """A whole number written in ``text`` (digits with an optional sign, at most 40 of them).

    Every integer flag (``--digits``, ``--positives``, ``--negatives``, ``--max-steps``,
    ``--dpi``, the values of ``--limit``) is read here.

    >>> parse_integer(" 30 ", "digits"), parse_integer("-2", "offset")
    (30, -2)
    >>> parse_integer("1.5", "digits")
    Traceback (most recent call last):
    ...
    rocpr_exact.errors.InvalidInputError: digits takes a whole number, got '1.5'
    """
    cleaned = text.strip(_BLANKS) if isinstance(text, str) else ""
    if not re.fullmatch(r"[+-]?[0-9]{1,40}", cleaned, re.ASCII):
        if re.fullmatch(r"[+-]?[0-9]{41,}", cleaned, re.ASCII):
            raise InvalidInputError(
                f"{what} takes a whole number of at most 40 digits, got one of "
                f"{len(cleaned.lstrip('+-')):,} digits"
            )
        raise InvalidInputError(f"{what} takes a whole number, got {text!r}")
    value = int(cleaned)
    if minimum is not None and value < minimum:
        raise InvalidInputError(f"{what} must be >= {minimum}, got {value}")
    return value
