"""IEEE 754 binary64 rounding, in integers: what a tool's float64 arithmetic stores.

A twin of another tool (:mod:`rocpr_exact.profiles`) sometimes has to know the
double a tool computes for an exact quantity, because the tool compares it with
another double (a recall with a threshold of a grid, for instance).  IEEE 754
makes every basic operation (+, -, *, /) return the exact result rounded to
the nearest double, ties to even; :func:`round_binary64` is that rounding,
done on the exact rational with integer arithmetic only, so ``fl(a / b)`` is
``round_binary64(Fraction(a, b))``.
"""

from __future__ import annotations

from fractions import Fraction

from rocpr_exact.errors import NotRepresentableError

__all__ = ["DOUBLE_EPSILON", "round_binary32", "round_binary64", "round_ieee"]

#: 2**-52, numpy's ``np.spacing(1)`` and ``np.finfo(np.float64).eps``.
DOUBLE_EPSILON = Fraction(1, 2**52)


def round_binary64(value: Fraction | int) -> Fraction:
    """The double nearest to ``value`` (ties to even), as an exact Fraction.

    >>> round_binary64(Fraction(1, 10)) == Fraction(0.1)
    True
    >>> round_binary64(Fraction(1, 1) + Fraction(1, 2**53))   # a tie: to the even 1
    Fraction(1, 1)
    >>> round_binary64(Fraction(1, 2**1075))                    # half the least subnormal: 0
    Fraction(0, 1)

    Raises :class:`~rocpr_exact.errors.NotRepresentableError` when the value
    rounds beyond the largest double (numpy would give an infinity).
    """
    return round_ieee(value, 53, -1074, 1024)


def round_binary32(value: Fraction | int) -> Fraction:
    """The float32 nearest to ``value`` (ties to even), as an exact Fraction (what numpy's and
    torch's float32 store).

    >>> round_binary32(Fraction(1, 10))
    Fraction(13421773, 134217728)
    """
    return round_ieee(value, 24, -149, 128)


def round_ieee(
    value: Fraction | int, precision: int, min_exponent: int, max_exponent: int
) -> Fraction:
    """Round to the nearest number with ``precision`` significant bits, ties to even.

    ``min_exponent`` is the weight of the least subnormal's bit (-1074 for binary64),
    ``max_exponent`` the first power of two that overflows (1024).  Integer arithmetic.
    """
    x = value if isinstance(value, Fraction) else Fraction(value)
    num, den = x.numerator, x.denominator
    if num == 0:
        return Fraction(0)
    negative = num < 0
    num = -num if negative else num
    # exponent e with 2**52 <= |x| / 2**e < 2**53, clamped to the subnormal range
    e = num.bit_length() - den.bit_length() - (precision - 1)
    if num << max(-e, 0) < (den << max(e, 0)) << (precision - 1):
        e -= 1
    e = max(e, min_exponent)
    scaled_num = num << max(-e, 0)
    scaled_den = den << max(e, 0)
    mantissa, rest = divmod(scaled_num, scaled_den)
    twice = 2 * rest
    if twice > scaled_den or (twice == scaled_den and mantissa % 2):
        mantissa += 1
    # |result| >= 2**max_exponent, read from the bits (a Fraction power of two is slow)
    if mantissa.bit_length() + e > max_exponent:
        raise NotRepresentableError(f"{x} rounds beyond the largest float of {precision} bits")
    result = Fraction(mantissa << e) if e >= 0 else Fraction(mantissa, 1 << -e)
    return -result if negative else result
