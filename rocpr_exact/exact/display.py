"""Decimal and exact-string views of exact values (display and JSON reports only).

Every value rocpr-exact computes is an ``int``, a :class:`~fractions.Fraction` or a
:class:`~rocpr_exact.exact.closedform.ClosedForm` (docs/design.md, section 3: "Exactness rules").
This module
turns them into the two strings a report shows: a decimal whose every digit is certified (correctly
rounded to nearest, ties to even) and an exact string, ``"p/q"`` or ``"p"``, never a JSON float.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from fractions import Fraction
from html import escape

try:  # optional: fast big-integer to decimal conversion
    import gmpy2
except ImportError:  # pragma: no cover
    gmpy2 = None
from typing import Any, TypedDict, overload

from rocpr_exact.errors import InvalidInputError, WrongTypeError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.text import fraction_to_decimal
from rocpr_exact.limits import check_decimal, check_digits, check_exact

__all__ = ["ClosedFormJSON", "decimal", "exact_string", "format_decimal", "html_table", "number"]


class ClosedFormJSON(TypedDict):
    """JSON view of a :class:`ClosedForm`: value = rational + sum(coef * ln(arg))."""

    rational: str
    log_terms: list[list[str]]


def _type_error(function: str, value: object) -> WrongTypeError:
    hint = (
        " (a float is an approximation: pass Fraction(x) for its exact binary value)"
        if isinstance(value, float)
        else ""
    )
    return WrongTypeError(
        f"{function} needs an exact value (int, Fraction or ClosedForm), "
        f"got {type(value).__name__}{hint}"
    )


def _is_exact_scalar(value: object) -> bool:
    return isinstance(value, Fraction) or (isinstance(value, int) and not isinstance(value, bool))


def format_decimal(value: int | Fraction | ClosedForm, digits: int = 30) -> str:
    """Write ``value`` with exactly ``digits`` digits after the point, correctly rounded.

    Rounding is to nearest with ties to even (``fraction_to_decimal`` for int and Fraction,
    :meth:`ClosedForm.decimal` for closed forms, whose digits are certified by interval refinement).

    >>> format_decimal(Fraction(2, 3), 5)
    '0.66667'
    >>> format_decimal(7, 2)
    '7.00'
    >>> format_decimal(ClosedForm.log(2), 10)
    '0.6931471806'

    Raises TypeError for any other type (floats included: they are not exact values), TypeError
    for a non-int ``digits``, InvalidInputError (a ValueError) for ``digits < 0`` and
    ResourceLimitError past ``max_digits`` (for a closed form, ``max_decimal_work``).
    Complexity: one integer division for a Fraction; see :meth:`ClosedForm.decimal` for a
    closed form.
    """
    if not isinstance(digits, int) or isinstance(digits, bool):
        raise WrongTypeError(f"decimal needs an int number of digits, got {type(digits).__name__}")
    if digits < 0:
        raise InvalidInputError(f"decimal needs digits >= 0, got {digits}")
    if isinstance(value, ClosedForm):
        check_decimal(value, digits, "decimal")
    elif _is_exact_scalar(value):
        check_digits(digits)
    return _certified(value, digits)


#: :func:`format_decimal` under the name the package's modules import (the public name is
#: ``rx.format_decimal``: ``rx.decimal`` shadowed the standard library's module).
decimal = format_decimal


def _certified(value: int | Fraction | ClosedForm, digits: int) -> str:
    """:func:`decimal` once its limits are checked."""
    if isinstance(value, ClosedForm):
        return value.decimal(digits)
    if _is_exact_scalar(value):
        return fraction_to_decimal(value, digits)
    raise _type_error("decimal", value)


def _ratio(value: Fraction | int) -> str:
    numerator, denominator = Fraction(value).as_integer_ratio()
    text = _int_string(numerator)
    return text if denominator == 1 else f"{text}/{_int_string(denominator)}"


def _int_string(n: int) -> str:
    """Decimal digits of an int of any size: GMP (subquadratic) when installed.

    Python's own ``str(int)`` is quadratic and refuses more than 4300 digits by
    default; exact denominators can have hundreds of thousands of digits.
    """
    if n.bit_length() < 4096:
        return str(n)
    if gmpy2 is not None:
        return str(gmpy2.mpz(n).digits(10))
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return str(n)
    finally:
        sys.set_int_max_str_digits(limit)


@overload
def exact_string(value: int | Fraction) -> str: ...


@overload
def exact_string(value: ClosedForm) -> ClosedFormJSON: ...


def exact_string(value: int | Fraction | ClosedForm) -> str | ClosedFormJSON:
    """The exact value for a JSON report: ``"p/q"`` (or ``"p"``), or a dict for a ClosedForm.

    A rational is written in lowest terms with the sign on the numerator, matching
    ``^-?\\d+(/\\d+)?$``.  A :class:`ClosedForm` becomes
    ``{"rational": "p/q", "log_terms": [["coef", "arg"], ...]}`` with its canonical terms
    (arguments ascending), meaning ``rational + sum(coef * ln(arg))``; it is a dict even without log
    terms, so a report's schema does not depend on the value.

    >>> exact_string(Fraction(-6, 4))
    '-3/2'
    >>> exact_string(5)
    '5'
    >>> exact_string(ClosedForm.from_parts(Fraction(1, 3), [(Fraction(-1, 2), 7)]))
    {'rational': '1/3', 'log_terms': [['-1/2', '7']]}

    Raises TypeError for any other type (floats included).  Complexity O(size of the value).
    """
    if isinstance(value, ClosedForm):
        return {
            "rational": _ratio(value.rational),
            "log_terms": [[_ratio(c), _ratio(a)] for c, a in value.terms],
        }
    if _is_exact_scalar(value):
        return _ratio(value)
    raise _type_error("exact_string", value)


def number(
    value: Fraction | int | ClosedForm, digits: int, what: str = "a value"
) -> dict[str, Any]:
    """The report's representation of one exact value: ``{"exact": ..., "decimal": ...}``.

    ``exact`` is :func:`exact_string`, ``decimal`` has ``digits`` certified digits
    (:func:`decimal`); docs/design.md, section 4.

    >>> number(Fraction(1, 3), 4)
    {'exact': '1/3', 'decimal': '0.3333'}

    Raises :class:`~rocpr_exact.errors.ResourceLimitError` (naming ``what``)
    before writing a value beyond ``max_exact_digits`` or certifying a decimal
    beyond ``max_decimal_work`` (:mod:`rocpr_exact.limits`).
    """
    check_exact(value, what)
    check_decimal(value, digits, what)
    return {"exact": exact_string(value), "decimal": _certified(value, digits)}


def html_table(caption: str, rows: Sequence[tuple[str, str]]) -> str:
    """A small HTML table (``name | value``) for Jupyter's ``_repr_html_``, text escaped.

    >>> table = html_table("curve", [("positives", "2"), ("AUC <ROC>", "3/4")])
    >>> table.startswith("<table><caption>curve</caption>"), "AUC &lt;ROC&gt;" in table
    (True, True)
    """
    cells = "".join(
        f'<tr><th style="text-align:left">{escape(name)}</th>'
        f'<td style="text-align:left">{escape(value)}</td></tr>'
        for name, value in rows
    )
    return f"<table><caption>{escape(caption)}</caption>{cells}</table>"
