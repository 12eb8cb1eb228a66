"""Correctly rounded decimal strings for exact rationals (display only).

The one place where an exact :class:`~fractions.Fraction` becomes a decimal
string.  Rounding is to nearest with ties to even, done in integers, so every
printed digit is exact.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["fraction_scientific", "fraction_to_decimal", "int_to_text", "scaled_to_decimal"]

# Python limits int -> str conversion to 4300 digits by default
# (sys.set_int_max_str_digits); longer integers are written in chunks this long.
_CHUNK = 4000
_BASE = 10**_CHUNK


def int_to_text(n: int) -> str:
    """``str(n)`` for an integer of any length, whatever ``sys.get_int_max_str_digits()`` is.

    >>> len(int_to_text(10**5000)), int_to_text(-(10**4000) - 7)[-5:]
    (5001, '00007')
    """
    try:
        return str(n)
    except ValueError:  # longer than the interpreter's int -> str limit
        pass
    sign, n = ("-", -n) if n < 0 else ("", n)
    chunks = []
    while n >= _BASE:
        n, low = divmod(n, _BASE)
        chunks.append(str(low).rjust(_CHUNK, "0"))
    chunks.append(str(n))
    return sign + "".join(reversed(chunks))


def scaled_to_decimal(scaled: int, digits: int) -> str:
    """Write the integer ``scaled`` = value x 10**digits as a decimal with ``digits`` places.

    >>> scaled_to_decimal(-1205, 3)
    '-1.205'
    >>> scaled_to_decimal(7, 0)
    '7'
    """
    sign = "-" if scaled < 0 else ""
    text = int_to_text(abs(scaled)).rjust(digits + 1, "0")
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


def fraction_scientific(value: Fraction | int, significant: int) -> str:
    """A positive ``value`` with ``significant`` significant digits (ties to even): ``'1.2e-340'``.

    The exponent e is the one with 10^e <= rounded value < 10^(e + 1), written with a sign and
    at least two digits, as Python's ``format(x, "e")`` writes it.

    >>> fraction_scientific(Fraction(1, 3), 3)
    '3.33e-01'
    >>> fraction_scientific(Fraction(9996), 3)   # rounds up to the next power of ten
    '1.00e+04'
    >>> fraction_scientific(Fraction(1, 10**400), 2)
    '1.0e-400'
    """
    value = Fraction(value)
    if value <= 0 or significant < 1:
        raise ValueError(f"needs a positive value and significant >= 1, got {value}, {significant}")
    bits = value.numerator.bit_length() - value.denominator.bit_length()
    exponent = bits * 30103 // 100000  # within one of floor(log10(value))
    while value >= Fraction(10) ** (exponent + 1):
        exponent += 1
    while value < Fraction(10) ** exponent:
        exponent -= 1
    scaled = value * Fraction(10) ** (significant - 1 - exponent)
    quotient, remainder = divmod(scaled.numerator, scaled.denominator)
    twice = 2 * remainder
    if twice > scaled.denominator or (twice == scaled.denominator and quotient % 2 == 1):
        quotient += 1
    if quotient == 10**significant:  # 9.99... rounded up
        quotient, exponent = quotient // 10, exponent + 1
    text = str(quotient)
    mantissa = text[0] + ("." + text[1:] if significant > 1 else "")
    return f"{mantissa}e{exponent:+03d}"
