"""Reported numbers: the printed text of a metric and the exact interval it stands for.

A paper prints "0.873"; the true value is any number that prints that way.
The text is read as an exact decimal (never through ``float``) and turned into
an :class:`Interval` by the rounding rule:

* ``"nearest"`` (default): round half up, the half-open interval
  [x - h, x + h) with h = 5 * 10**-(d+1) for d digits after the point;
  "0.873" is [0.8725, 0.8735).  A true value of exactly 0.8735 prints "0.874".
* ``"nearest-even"``: round half to even (Python's ``round``, numpy, the
  project's own decimals): the tie x + h belongs to x when the last printed
  digit of x is even, so the interval is closed at both ends for an even last
  digit and open at both ends for an odd one.
* ``"truncate"``: digits cut off, [x, x + 10**-d).
* ``"exact"``: the text is the exact value, [x, x].

Only the two endpoints differ between ``nearest`` and ``nearest-even``;
a verdict can change only when a metric can equal an endpoint exactly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Literal

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.limits import check_score, check_score_text

__all__ = ["ROUNDINGS", "Interval", "Rounding", "reported_interval"]

Rounding = Literal["nearest", "nearest-even", "truncate", "exact"]
ROUNDINGS: tuple[Rounding, ...] = ("nearest", "nearest-even", "truncate", "exact")

_NUMBER = re.compile(r"([0-9]*)(?:\.([0-9]*))?", re.ASCII)


@dataclass(frozen=True, slots=True)
class Interval:
    """An interval of exact rationals with each end open or closed.

    >>> i = Interval(Fraction(8725, 10000), Fraction(8735, 10000), True, False)
    >>> Fraction(873, 1000) in i, Fraction(8735, 10000) in i
    (True, False)
    >>> str(i)
    '[349/400, 1747/2000)'
    """

    low: Fraction
    high: Fraction
    low_closed: bool = True
    high_closed: bool = True

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise InvalidInputError(f"an interval needs low <= high, got {self.low} > {self.high}")

    def __contains__(self, value: object) -> bool:
        if not isinstance(value, int | Fraction | ClosedForm):
            return False
        above = value >= self.low if self.low_closed else value > self.low
        below = value <= self.high if self.high_closed else value < self.high
        return above and below

    def meets(self, low: Fraction | ClosedForm, high: Fraction | ClosedForm) -> bool:
        """Whether the closed interval [low, high] has a point in this interval."""
        if high < low:
            return False
        left_ok = high >= self.low if self.low_closed else high > self.low
        right_ok = low <= self.high if self.high_closed else low < self.high
        return left_ok and right_ok

    def integers_scaled(self, scale: int) -> tuple[int, int]:
        """The least and greatest integer k with k / scale in the interval (empty: lo > hi).

        >>> Interval(Fraction(1, 4), Fraction(1, 2), True, False).integers_scaled(4)
        (1, 1)
        """
        lo_f, hi_f = self.low * scale, self.high * scale
        lo = -((-lo_f.numerator) // lo_f.denominator)  # ceiling
        if not self.low_closed and lo == lo_f:
            lo += 1
        hi = hi_f.numerator // hi_f.denominator  # floor
        if not self.high_closed and hi == hi_f:
            hi -= 1
        return lo, hi

    def __str__(self) -> str:
        return (
            f"{'[' if self.low_closed else '('}{self.low}, {self.high}"
            f"{']' if self.high_closed else ')'}"
        )


def reported_interval(text: str | Decimal | int, rounding: Rounding = "nearest") -> Interval:
    """The exact interval of true values that print as ``text`` under ``rounding``.

    ``text`` is the number as printed ("0.873", "1", ".5"; a ``Decimal`` keeps
    its trailing zeros, an ``int`` has no digits after the point).  Signs,
    exponents and floats are refused: a float has lost the printed digits.

    >>> str(reported_interval("0.873"))
    '[349/400, 1747/2000)'
    >>> str(reported_interval("0.873", "truncate"))
    '[873/1000, 437/500)'
    >>> [str(reported_interval(x, "nearest-even")) for x in ("0.12", "0.13")]
    ['[23/200, 1/8]', '(1/8, 27/200)']
    >>> str(reported_interval("0.5", "exact"))
    '[1/2, 1/2]'
    >>> reported_interval(0.873)
    Traceback (most recent call last):
    ...
    rocpr_exact.errors.InvalidInputError: a reported number must be its printed text ...
    """
    if isinstance(text, bool) or not isinstance(text, str | Decimal | int):
        raise InvalidInputError(
            "a reported number must be its printed text (a str such as '0.873', a Decimal "
            f"or an int), got {text!r}; a float has lost the digits that were printed"
        )
    if isinstance(text, Decimal):
        if not text.is_finite() or text < 0:
            raise InvalidInputError(f"a reported number must be finite and >= 0, got {text}")
        check_score(text, None, "reported number")  # 1e999999999 would print a billion digits
        written = format(text, "f")
    elif isinstance(text, int):
        check_score(Decimal(text), None, "reported number")  # before str() writes it
        written = str(text)
    else:
        written = text.strip()
    check_score_text(written, None, "reported number")  # bounded before int() reads it
    match = _NUMBER.fullmatch(written)
    if match is None or not (match.group(1) or match.group(2)):
        raise InvalidInputError(
            f"a reported number must be written as digits with an optional decimal point "
            f"(e.g. '0.873'), got {written!r}"
        )
    whole, decimals = match.group(1) or "0", match.group(2) or ""
    digits = len(decimals)
    value = Fraction(int(whole + decimals), 10**digits)
    unit = Fraction(1, 10**digits)
    if rounding == "nearest":
        return Interval(value - unit / 2, value + unit / 2, True, False)
    if rounding == "nearest-even":
        last = int((whole + decimals)[-1])
        closed = last % 2 == 0
        return Interval(value - unit / 2, value + unit / 2, closed, closed)
    if rounding == "truncate":
        return Interval(value, value + unit, True, False)
    if rounding == "exact":
        return Interval(value, value, True, True)
    raise InvalidInputError(f"unknown rounding {rounding!r}; choose one of {', '.join(ROUNDINGS)}")
