"""Correctly rounded decimal strings for exact rationals (display only).

The one place where an exact :class:`~fractions.Fraction` becomes a decimal
string.  Rounding is to nearest with ties to even, done in integers, so every
printed digit is exact.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["fraction_to_decimal", "scaled_to_decimal"]


def scaled_to_decimal(scaled: int, digits: int) -> str:
    """Write the integer ``scaled`` = value x 10**digits as a decimal with ``digits`` places.

    >>> scaled_to_decimal(-1205, 3)
    '-1.205'
    >>> scaled_to_decimal(7, 0)
    '7'
    """
    sign = "-" if scaled < 0 else ""
    text = str(abs(scaled)).rjust(digits + 1, "0")
    if digits == 0:
        return sign + text
    return f"{sign}{text[:-digits]}.{text[-digits:]}"


def fraction_to_decimal(value: Fraction | int, digits: int) -> str:
    """Return ``value`` rounded to ``digits`` places after the point (ties to even).

    >>> fraction_to_decimal(Fraction(1, 3), 5)
    '0.33333'
    >>> fraction_to_decimal(Fraction(1, 8), 2)   # 0.125 is a tie: to even
    '0.12'
    >>> fraction_to_decimal(Fraction(3, 8), 2)   # 0.375 is a tie: to even
    '0.38'
    >>> fraction_to_decimal(Fraction(-2, 3), 3)
    '-0.667'
    """
    if digits < 0:
        raise ValueError(f"digits must be >= 0, got {digits}")
    value = Fraction(value)
    quotient, remainder = divmod(value.numerator * 10**digits, value.denominator)
    twice = 2 * remainder
    if twice > value.denominator or (twice == value.denominator and quotient % 2 == 1):
        quotient += 1
    return scaled_to_decimal(quotient, digits)
