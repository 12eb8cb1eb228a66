"""Certified questions about printed intervals: is a real number in the values a text stands for?

The helpers :mod:`rocpr_exact.consistency.intervals` and :mod:`rocpr_exact.consistency.delong_p`
share: :func:`real_in` decides membership of a real number given as an Arb expression
(:func:`rocpr_exact.exact.normal.decide_real`, the Ziv loop), :func:`relation` reads an
enclosure over a whole range of candidates (inside, outside, or unknown: split the range),
:func:`ends_in` checks both ends of a normal interval, :func:`hm_variance_ball` is Hanley &
McNeil's variance of a ball of AUCs (an interval extension of
:func:`rocpr_exact.areas.variance.hanley_mcneil`).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from rocpr_exact.consistency.reported import Interval
from rocpr_exact.exact.normal import ball, decide_real

__all__ = ["Real", "ends_in", "halves", "hm_variance_ball", "real_in", "relation"]

Rectangle = tuple[int, int, int, int]

#: A real number given as a function that evaluates it as an Arb ball.
Real = Callable[[], Any]


def real_in(interval: Interval, value: Real) -> bool:
    """Whether the real ``value()`` lies in ``interval`` (certified)."""

    def decide(lo: Fraction, hi: Fraction) -> bool | None:
        if lo in interval and hi in interval:
            return True
        return False if not interval.meets(lo, hi) else None

    return decide_real(value, decide, "an interval end")


def ends_in(a: Fraction, variance: Fraction, z: Real, low: Interval, high: Interval) -> bool:
    """Whether A - z sqrt(var) is in ``low`` and A + z sqrt(var) in ``high`` (certified)."""
    if variance == 0:
        return a in low and a in high
    lower = real_in(low, lambda: ball(a) - z() * ball(variance).sqrt())
    return lower and real_in(high, lambda: ball(a) + z() * ball(variance).sqrt())


def hm_variance_ball(x: Any, p: int, n: int) -> Any:
    """Hanley-McNeil's variance of an Arb ball of AUCs: an enclosure of its range over the ball."""
    q1, q2 = x / (2 - x), 2 * x * x / (1 + x)
    return (x * (1 - x) + (p - 1) * (q1 - x * x) + (n - 1) * (q2 - x * x)) / (p * n)


def relation(bounds: tuple[Fraction, Fraction] | None, interval: Interval) -> str:
    """ "inside", "outside" or "unknown": where the enclosure ``bounds`` lies (None: unknown)."""
    if bounds is None:
        return "unknown"
    lo, hi = bounds
    if not interval.meets(lo, hi):
        return "outside"
    return "inside" if lo in interval and hi in interval else "unknown"


def halves(a1: int, a2: int, b1: int, b2: int) -> list[Rectangle]:
    """A rectangle [a1, a2] x [b1, b2] of integer pairs split across its longer side, the
    lower half last (popped first from a stack)."""
    if a2 - a1 >= b2 - b1:
        middle = (a1 + a2) // 2
        return [(middle + 1, a2, b1, b2), (a1, middle, b1, b2)]
    middle = (b1 + b2) // 2
    return [(a1, a2, middle + 1, b2), (a1, a2, b1, middle)]
