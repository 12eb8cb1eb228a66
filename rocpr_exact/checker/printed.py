"""The checker's own reading of a printed number: the exact set of true values it stands for.

Written apart from :mod:`rocpr_exact.consistency.reported` (the checker shares no code with
the deciders), with the same rules: "0.873" rounded to nearest stands for [0.8725, 0.8735);
nearest-even for the closed interval when the last printed digit is even, the open one when
it is odd; truncate for [0.873, 0.874); exact for [0.873, 0.873].  A leading "-" (an interval's
lower end) mirrors the set about 0.  An end may be None: unbounded (a clipped interval's end).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rocpr_exact.checker.failure import Invalid

__all__ = ["ROUNDINGS", "Span", "fraction", "printed"]

ROUNDINGS = ("nearest", "nearest-even", "truncate", "exact")


@dataclass(frozen=True, slots=True)
class Span:
    """Exact values between ``low`` and ``high`` (None: unbounded), each end open or closed."""

    low: Fraction | None
    high: Fraction | None
    low_closed: bool
    high_closed: bool

    def holds(self, value: Any) -> bool:
        """Whether ``value`` (a Fraction, or an exact value that compares with one) is in it."""
        return self.meets(value, value)

    def meets(self, a: Any, b: Any) -> bool:
        """Whether the closed interval [a, b] (exact values) has a point in the span."""
        if b < a:
            return False
        left = self.low is None or (b >= self.low if self.low_closed else b > self.low)
        right = self.high is None or (a <= self.high if self.high_closed else a < self.high)
        return left and right

    def whole(self, scale: int) -> tuple[int, int]:
        """The least and greatest k in [0, scale] with k / scale in the span (none: lo > hi)."""
        lo, hi = 0, scale
        if self.low is not None:
            x = self.low * scale
            first = -((-x.numerator) // x.denominator)
            lo = max(lo, first + 1 if first == x and not self.low_closed else first)
        if self.high is not None:
            x = self.high * scale
            last = x.numerator // x.denominator
            hi = min(hi, last - 1 if last == x and not self.high_closed else last)
        return lo, hi


def printed(text: Any, rounding: str, what: str) -> Span:
    """The span of ``text`` (digits, an optional point, an optional leading "-")."""
    if not isinstance(text, str):
        raise Invalid(f"{what} must be printed text, got {text!r}")
    body = text.strip()
    negative = body.startswith("-")
    body = body[1:] if negative else body
    whole, _, decimals = body.partition(".")
    digits = whole + decimals
    if not digits or not digits.isascii() or not digits.isdigit() or len(digits) > 1000:
        raise Invalid(f"{what} {text!r} is not a printed number")
    value = Fraction(int(digits), 10 ** len(decimals))
    unit = Fraction(1, 10 ** len(decimals))
    if rounding == "nearest":
        span = Span(value - unit / 2, value + unit / 2, True, False)
    elif rounding == "nearest-even":
        even = int(digits[-1]) % 2 == 0
        span = Span(value - unit / 2, value + unit / 2, even, even)
    elif rounding == "truncate":
        span = Span(value, value + unit, True, False)
    elif rounding == "exact":
        span = Span(value, value, True, True)
    else:
        raise Invalid(f"unknown rounding {rounding!r}")
    if not negative:
        return span
    assert span.low is not None and span.high is not None
    return Span(-span.high, -span.low, span.high_closed, span.low_closed)


def fraction(text: Any, what: str) -> Fraction:
    """A number written as a decimal (0.95) or p/q (19/20), exactly."""
    if not isinstance(text, str):
        raise Invalid(f"{what} must be text, got {text!r}")
    top, slash, bottom = text.strip().partition("/")
    if not slash:
        low = printed(text, "exact", what).low
        assert low is not None
        return low
    if len(text) > 4000 or not all(x.isascii() and x.isdigit() for x in (top, bottom)):
        raise Invalid(f"{what} {text[:40]!r} is not a decimal or p/q of at most 4,000 characters")
    if int(bottom) == 0:
        raise Invalid(f"{what} {text!r} divides by 0")
    return Fraction(int(top), int(bottom))
