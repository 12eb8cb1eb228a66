"""Certified decimals: exact rationals rounded exactly, interval enclosures rounded safely.

>>> rounded(Fraction(7, 22), 3)
'0.318'
>>> with working_precision(100):
...     third = mpmath.iv.mpf(1) / 3
>>> certified(third, 10)
'0.3333333333'
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction

import mpmath

__all__ = ["bounds", "certified", "rounded", "working_precision"]


def rounded(value: Fraction, places: int) -> str:
    """Exact ``value`` correctly rounded (ties to even, exact arithmetic) to ``places`` decimals.

    >>> rounded(Fraction(1, 8), 2), rounded(Fraction(-1, 3), 2)
    ('0.12', '-0.33')
    """
    scaled = round(value * 10**places)  # Fraction.__round__ is exact, ties to even
    sign = "-" if scaled < 0 else ""
    whole, frac = divmod(abs(scaled), 10**places)
    return f"{sign}{whole}.{frac:0{places}d}"


@contextmanager
def working_precision(bits: int) -> Iterator[None]:
    """Run mpmath interval arithmetic (``mpmath.iv``) with ``bits`` of working precision."""
    saved = mpmath.iv.prec
    mpmath.iv.prec = bits
    try:
        yield
    finally:
        mpmath.iv.prec = saved


def _fraction(raw: tuple[int, int, int, int]) -> Fraction:
    sign, man, exp, _ = raw
    magnitude = Fraction(int(man)) * Fraction(2) ** exp
    return -magnitude if sign else magnitude


def bounds(enclosure: mpmath.ctx_iv.ivmpf) -> tuple[Fraction, Fraction]:
    """The exact rational end points of an mpmath interval."""
    low, high = enclosure._mpi_
    return _fraction(low), _fraction(high)


def certified(enclosure: mpmath.ctx_iv.ivmpf, places: int) -> str:
    """The correctly rounded decimal of every number in ``enclosure``, if they all agree."""
    low, high = bounds(enclosure)
    text = rounded(low, places)
    if rounded(high, places) != text:
        raise AssertionError(f"interval too wide for {places} places: [{low}, {high}]")
    return text
