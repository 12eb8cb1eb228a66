"""Certified decimals of a sum of ratios in linear time, by fixed-point integers.

A sum S = (sum of n_i / d_i) / divisor (integers, d_i > 0, divisor > 0) whose exact
rational may have a huge denominator is enclosed without building it: at scale 2^B
each term is floored, floor(n_i 2^B / d_i), so the integer sum F satisfies
F <= 2^B sum <= F + m, m = the number of terms (each floor loses less than 1).
So S lies in [F, F + m] / (2^B divisor).  The decimal rounded to nearest (ties to
even) at ``digits`` places is decided when that interval holds no rounding
boundary (an odd multiple of 10^-digits / 2); otherwise B is doubled (Ziv), and
after a few refinements (the value may be a boundary itself) the caller falls back
to the exact sum.  Every returned digit is certified.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rocpr_exact.exact.text import scaled_to_decimal

try:  # optional speed-up, see README "Dependencies"
    import gmpy2

    _mpz: Any = gmpy2.mpz
except ImportError:  # pragma: no cover - exercised when gmpy2 is absent
    _mpz = int

__all__ = ["certified_ratio_sum", "denominator_bits"]

#: Refinements (doublings of the scale) before giving up on the enclosure.
MAX_REFINEMENTS = 4


def denominator_bits(pairs: Sequence[tuple[int, int]], stop: int | None = None) -> int:
    """An upper bound on the bits of the exact sum's denominator: sum over distinct d_i.

    With ``stop``, the count ends as soon as it exceeds ``stop`` (a large sum is not
    counted to its end).

    >>> denominator_bits([(1, 3), (2, 3), (1, 5)])
    5
    >>> denominator_bits([(1, 3), (1, 5), (1, 7)], stop=3) > 3
    True
    """
    seen: set[int] = set()
    total = 0
    for _, d in pairs:
        if d not in seen:
            seen.add(d)
            total += d.bit_length()
            if stop is not None and total > stop:
                break
    return total


def _decide(low: int, high: int, denominator: int, digits: int) -> int | None:
    """The value x 10^digits rounded (ties to even) if the same on all of [low, high]/denominator.

    Boundaries are the half-integers of value x 10^digits: with a = 2 low 10^d / den and
    b = 2 high 10^d / den, undecided iff an odd integer lies in [a, b].
    """
    scale = 2 * 10**digits
    a_floor = low * scale // denominator
    a_exact = a_floor * denominator == low * scale
    b_floor = high * scale // denominator
    # odd integers in [a, b]: between ceil(a) and floor(b)
    a_ceil = a_floor if a_exact else a_floor + 1
    if a_ceil <= b_floor:
        first_odd = a_ceil if a_ceil % 2 else a_ceil + 1
        if first_odd <= b_floor:
            return None
    # no boundary: round(x) = floor((a + 1) / 2) for any x in the interval
    return int((a_floor + 1) // 2)


def certified_ratio_sum(pairs: Sequence[tuple[int, int]], divisor: int, digits: int) -> str | None:
    """The correctly rounded decimal of (sum of n/d) / divisor, or None if not decided.

    Linear in the number of terms (at a precision of about 3.4 ``digits`` + log2(terms)
    bits); None means the enclosure kept straddling a rounding boundary, and the
    exact sum must decide (the value may be exactly a tie).  Values must be >= 0.

    >>> certified_ratio_sum([(1, 3), (1, 6)], 1, 3)   # 1/2
    '0.500'
    >>> certified_ratio_sum([(1, 8)], 1, 2) is None   # 0.125 is a tie: the exact sum decides
    True
    """
    count = len(pairs)
    bits = 4 * digits + 2 * max(count, 1).bit_length() + 16
    for _ in range(MAX_REFINEMENTS):
        shift = _mpz(1) << bits
        total = _mpz(0)
        for numerator, denominator in pairs:
            total += (numerator * shift) // denominator
        den = shift * divisor
        scaled = _decide(total, total + count, den, digits)
        if scaled is not None and scaled >= 0:
            return scaled_to_decimal(scaled, digits)
        bits *= 2
    return None
