"""Certified digits of normal-theory intervals and tests: quantiles, square roots, p-values.

An interval ``theta -+ z sqrt(v)`` (z = Phi^-1((1 + level) / 2), v an exact variance) and a
two-sided p-value ``erfc(sqrt(z^2 / 2))`` (z^2 an exact rational) are real numbers that are, in
general, irrational.  Their digits are decided here the way every other digit of the package is
(:func:`rocpr_exact.exact.certify.ziv`): python-flint's Arb evaluates the expression as a ball
that provably contains the value (Johansson 2017; ``erfcinv``, ``erfc``, ``sqrt``, ``exp``,
``log`` and the regularized incomplete beta function are all rigorous in Arb), the ball becomes
a fixed-point enclosure (:func:`rocpr_exact.exact.logsum.arb_fixed`), and the loop adds bits
until both ends of the enclosure round to the same string.

The quantile: Phi(z) = 1 - erfc(z / sqrt 2) / 2, so z_(1 - alpha/2) = sqrt(2) erfcinv(alpha) with
alpha = 1 - level.  A p-value far in the tail (z^2 = 1600 gives about 1e-349) is written in
scientific notation with certified significant digits: Arb's balls carry their own exponent, so
nothing underflows; the value is rescaled by a power of two before the fixed-point loop.

Boundaries: a value exactly on a rounding boundary never leaves it, so the loop would refine
for ever; the callers answer the rational cases exactly first (a zero variance, z = 0), and
past ``max_refinement_bits`` the loop raises :class:`~rocpr_exact.errors.ResourceLimitError`
rather than print an unproved digit.  Needs python-flint (a core dependency).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

from rocpr_exact.errors import InvalidInputError, MissingDependencyError
from rocpr_exact.exact import logsum
from rocpr_exact.exact.certify import ziv
from rocpr_exact.exact.text import fraction_scientific, fraction_to_decimal

__all__ = [
    "Real",
    "ball",
    "ball_bounds",
    "check_level",
    "decide_real",
    "interval_decimals",
    "logit_interval_decimals",
    "quantile",
    "real_decimal",
    "real_scientific",
    "student_two_sided_p",
    "two_sided_p",
    "z_decimal",
]

_T = TypeVar("_T")

#: A real number given as a function that evaluates it as an Arb ball at the current precision.
Real = Callable[[], Any]


def _flint() -> Any:
    if logsum.flint is None:
        raise MissingDependencyError(
            "certified intervals and p-values need python-flint (pip install python-flint)"
        )
    return logsum.flint


def ball(value: Fraction | int) -> Any:
    """The exact rational as an Arb ball (exact when it is dyadic, else a tight ball)."""
    flint = _flint()
    value = Fraction(value)
    return flint.arb(flint.fmpq(value.numerator, value.denominator))


def check_level(level: Fraction) -> Fraction:
    """``level`` as a Fraction strictly between 0 and 1, else InvalidInputError."""
    if isinstance(level, bool) or not isinstance(level, int | Fraction):
        raise InvalidInputError(
            f"level must be an exact Fraction in (0, 1) such as Fraction(95, 100), got {level!r}"
        )
    if not 0 < level < 1:
        raise InvalidInputError(f"level must lie strictly between 0 and 1, got {level}")
    return Fraction(level)


def quantile(level: Fraction) -> Real:
    """z with Phi(z) = (1 + level) / 2: ``sqrt(2) erfcinv(1 - level)``.

    >>> real_decimal(quantile(Fraction(95, 100)), 10)
    '1.9599639845'
    """
    alpha = 1 - check_level(level)

    def build() -> Any:
        return ball(2).sqrt() * ball(alpha).erfcinv()

    return build


def real_decimal(value: Real, digits: int, purpose: str = "decimal") -> str:
    """The value with ``digits`` places, correctly rounded (ties to even), every digit certified.

    >>> real_decimal(lambda: ball(2).sqrt(), 20)
    '1.41421356237309504880'
    """
    _flint()

    def enclose(frac_bits: int) -> tuple[int, int]:
        scaled, error = logsum.arb_fixed(value, 1, frac_bits)
        return scaled - error, scaled + error

    def decide(lo: int, hi: int, frac_bits: int) -> str | None:
        low = fraction_to_decimal(Fraction(lo, 1 << frac_bits), digits)
        return low if low == fraction_to_decimal(Fraction(hi, 1 << frac_bits), digits) else None

    return ziv(enclose, decide, lambda: None, purpose, (10 * digits + 2) // 3 + 8)


def decide_real(value: Real, decide: Callable[[Fraction, Fraction], _T | None], purpose: str) -> _T:
    """Answer a question about a real number of moderate size (|value| < 2^64): ``decide(lo,
    hi)`` must answer for every number of [lo, hi] or return None; the Ziv loop refines.

    >>> decide_real(lambda: ball(2).sqrt(), lambda lo, hi: lo > Fraction(141, 100) or None, "x")
    True
    """
    _flint()

    def enclose(frac_bits: int) -> tuple[int, int]:
        scaled, error = logsum.arb_fixed(value, 1, frac_bits)
        return scaled - error, scaled + error

    def decide_fixed(lo: int, hi: int, frac_bits: int) -> _T | None:
        return decide(Fraction(lo, 1 << frac_bits), Fraction(hi, 1 << frac_bits))

    return ziv(enclose, decide_fixed, lambda: None, purpose, 64)


def ball_bounds(value: Real, precision: int = 128) -> tuple[Fraction, Fraction] | None:
    """Exact rational bounds of the ball ``value()`` at ``precision`` bits; None when the ball is
    not finite (a square root of a ball reaching below 0, say).

    >>> lo, hi = ball_bounds(lambda: ball(2).sqrt())
    >>> lo * lo < 2 < hi * hi and hi - lo < Fraction(1, 2**120)
    True
    """
    flint = _flint()
    saved = flint.ctx.prec
    try:
        flint.ctx.prec = precision
        found = value()
        if not found.is_finite():
            return None
        mid_man, mid_exp = (int(v) for v in found.mid().man_exp())
        rad_man, rad_exp = (int(v) for v in found.rad().man_exp())
    finally:
        flint.ctx.prec = saved
    mid = Fraction(mid_man) * Fraction(2) ** mid_exp
    rad = Fraction(rad_man) * Fraction(2) ** rad_exp
    return mid - rad, mid + rad


def _magnitude(value: Real) -> int:
    """e with |value| < 2^e, from a first ball that excludes 0 (refined until it does)."""
    flint = _flint()
    saved = flint.ctx.prec
    try:
        for precision in (64, 256, 1024, 4096):
            flint.ctx.prec = precision
            found = value()
            if not found.contains(0):
                upper = abs(found).upper()
                mantissa, exponent = (int(v) for v in upper.man_exp())
                return mantissa.bit_length() + exponent
    finally:
        flint.ctx.prec = saved
    raise InvalidInputError(  # pragma: no cover - callers pass values that are not 0
        "a value written in scientific notation must not be zero"
    )


def real_scientific(value: Real, significant: int, purpose: str = "decimal") -> str:
    """The non-zero value with ``significant`` certified significant digits: ``'1.2e-340'``.

    >>> real_scientific(lambda: ball(10).sqrt().erfc(), 3)   # erfc(sqrt 10)
    '7.74e-06'
    """
    shift = _magnitude(value)

    def scaled() -> Any:
        return value() * ball(Fraction(1, 1 << shift) if shift >= 0 else 1 << -shift)

    def enclose(frac_bits: int) -> tuple[int, int]:
        centre, error = logsum.arb_fixed(scaled, 1, frac_bits)
        return centre - error, centre + error

    unit = Fraction(1 << shift) if shift >= 0 else Fraction(1, 1 << -shift)

    def decide(lo: int, hi: int, frac_bits: int) -> str | None:
        low, high = Fraction(lo, 1 << frac_bits) * unit, Fraction(hi, 1 << frac_bits) * unit
        if (low > 0) != (high > 0) or low == 0:
            return None
        text = fraction_scientific(low, significant)
        return text if text == fraction_scientific(high, significant) else None

    return ziv(enclose, decide, lambda: None, purpose, (10 * significant + 2) // 3 + 8)


def interval_decimals(
    centre: Fraction, variance: Fraction, level: Fraction, digits: int
) -> tuple[str, str]:
    """``centre -+ z sqrt(variance)`` with ``digits`` certified places (z = :func:`quantile`).

    A zero variance gives the exact centre twice.

    >>> interval_decimals(Fraction(7, 8), Fraction(1, 32), Fraction(95, 100), 6)
    ('0.528524', '1.221476')
    """
    if variance < 0:
        raise InvalidInputError(f"a variance must be >= 0, got {variance}")
    if variance == 0:
        check_level(level)
        exact = fraction_to_decimal(centre, digits)
        return exact, exact
    z = quantile(level)

    def bound(sign: int) -> Real:
        return lambda: ball(centre) + sign * z() * ball(variance).sqrt()

    return real_decimal(bound(-1), digits, "interval"), real_decimal(bound(1), digits, "interval")


def logit_interval_decimals(
    theta: Fraction, count: int, level: Fraction, digits: int
) -> tuple[str, str]:
    """Boyd, Eng & Page (2013), section 4, the logit interval of an area theta.

    expit(logit(theta) -+ z tau) with tau = 1 / sqrt(count theta (1 - theta)).

    Needs 0 < theta < 1 (the logit is infinite at 0 and 1).

    >>> logit_interval_decimals(Fraction(1, 2), 4, Fraction(95, 100), 4)   # expit(-+ 1.96)
    ('0.1235', '0.8765')
    """
    if not 0 < theta < 1:
        raise InvalidInputError(f"the logit interval needs 0 < theta < 1, got {theta}")
    z = quantile(level)

    def bound(sign: int) -> Real:
        def build() -> Any:
            eta = (ball(theta) / ball(1 - theta)).log()
            tau = ball(count * theta * (1 - theta)).rsqrt()
            return 1 / (1 + (-(eta + sign * z() * tau)).exp())

        return build

    return real_decimal(bound(-1), digits, "interval"), real_decimal(bound(1), digits, "interval")


def z_decimal(z_squared: Fraction, negative: bool, digits: int) -> str:
    """z = -+ sqrt(z^2) with ``digits`` certified places.

    >>> z_decimal(Fraction(2), True, 5)
    '-1.41421'
    """
    if z_squared == 0:
        return fraction_to_decimal(Fraction(0), digits)
    sign = -1 if negative else 1
    return real_decimal(lambda: sign * ball(z_squared).sqrt(), digits, "z")


def two_sided_p(z_squared: Fraction, significant: int) -> str:
    """The two-sided normal p-value 2 (1 - Phi(|z|)) = erfc(sqrt(z^2 / 2)), scientific notation.

    z = 0 gives exactly 1.

    >>> two_sided_p(Fraction(1600), 2)   # z = 40: far below the smallest double
    '7.3e-350'
    >>> two_sided_p(Fraction(0), 3)
    '1.00e+00'
    """
    if z_squared < 0:
        raise InvalidInputError(f"z^2 must be >= 0, got {z_squared}")
    if z_squared == 0:
        return fraction_scientific(Fraction(1), significant)
    return real_scientific(lambda: (ball(z_squared / 2)).sqrt().erfc(), significant, "p-value")


def student_two_sided_p(t_squared: Fraction, df: Fraction, significant: int) -> str:
    """The two-sided Student t p-value 2 P(T_df > |t|) = I_(df / (df + t^2))(df / 2, 1 / 2).

    >>> student_two_sided_p(Fraction(1), Fraction(1), 4)   # Cauchy: 2 (1/2 - atan(1) / pi)
    '5.000e-01'
    """
    if df <= 0:
        raise InvalidInputError(f"degrees of freedom must be > 0, got {df}")
    if t_squared == 0:
        return fraction_scientific(Fraction(1), significant)
    x = df / (df + t_squared)

    def build() -> Any:
        return ball(x).beta_lower(ball(df / 2), ball(Fraction(1, 2)), 1)

    return real_scientific(build, significant, "p-value")
