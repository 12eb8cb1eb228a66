"""Rigorous fixed-point enclosures of sums of digamma differences ``q (psi(u + k) - psi(u))``.

For a rational u > 0 and an integer k >= 0, the recurrence psi(x + 1) = psi(x) + 1/x gives

    psi(u + k) - psi(u) = sum_{j=0}^{k-1} 1 / (u + j),

a rational number whose exact denominator has up to about k log10(u + k) digits.  The
``davis-goadrich`` area is a rational plus one such term per long segment (docs/design.md,
section 1; :mod:`rocpr_exact.areas.dg`).  This module encloses ``sum q (psi(u + k) - psi(u))`` at
a scale ``2^F`` in time independent of k, with Arb's ``digamma`` (python-flint), for
:func:`rocpr_exact.exact.fixed.certified_ratio_sum`; the conversion of the Arb ball to a fixed-point
enclosure, and why it is rigorous, is :func:`rocpr_exact.exact.logsum.arb_fixed`.

Only python-flint is used: mpmath's ``digamma`` states no error bound that we could rely on, so
without python-flint (:func:`available` is False) the caller adds the k terms one by one instead.
Tests set :data:`rocpr_exact.exact.logsum.flint` to None to exercise that fallback.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact import logsum
from rocpr_exact.exact.sums import sum_ratios

__all__ = ["DigammaTerm", "available", "digamma_sum_exact", "digamma_sum_fixed"]

#: ``(q, u, k)`` meaning ``q * (psi(u + k) - psi(u)) = q * sum_{j<k} 1/(u + j)``: q rational, u > 0
#: rational, k >= 0 an integer.
DigammaTerm = tuple[Fraction, Fraction, int]


def available() -> bool:
    """True when python-flint (Arb) is installed, so that :func:`digamma_sum_fixed` works."""
    return logsum.flint is not None


def _check(terms: tuple[DigammaTerm, ...]) -> None:
    for q, u, k in terms:
        if not isinstance(q, Fraction) or not isinstance(u, Fraction) or u <= 0:
            raise InvalidInputError(f"a digamma term needs rational q and u > 0, got {(q, u, k)}")
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise InvalidInputError(f"a digamma term needs an integer k >= 0, got {k!r}")


def digamma_sum_fixed(terms: tuple[DigammaTerm, ...], frac_bits: int) -> tuple[int, int]:
    """``(S, E)`` with ``|sum q (psi(u + k) - psi(u)) - S / 2^F| <= E / 2^F`` (F = ``frac_bits``).

    u and u + k enter Arb as exact rationals (``fmpq``), whose conversion is a rigorous ball;
    ``digamma`` of a ball, the difference, the product by q and the sum are balls too.  ``E`` is a
    few units.  ``(0, 0)`` for no terms.  Needs python-flint (:func:`available`).

    >>> if available():   # psi(1/2 + 2) - psi(1/2) = 2 + 2/3 = 8/3; 8/3 * 2^10 = 2730.67
    ...     s, e = digamma_sum_fixed(((Fraction(1), Fraction(1, 2), 2),), 10)
    ...     assert s - e <= 2730 and 2731 <= s + e and e < 8

    Raises InvalidInputError for u <= 0 or k < 0.  Complexity: two digammas per term at about
    ``F`` bits (Arb's asymptotic series after a shift of the argument), whatever k is.
    """
    _check(terms)
    if not terms:
        return 0, 0
    flint = logsum.flint
    assert flint is not None, "digamma_sum_fixed needs python-flint; check available() first"
    arb, fmpq = flint.arb, flint.fmpq

    def total_at() -> Any:
        total = arb(0)
        for q, u, k in terms:
            p, d = u.as_integer_ratio()
            difference = arb(fmpq(p + k * d, d)).digamma() - arb(fmpq(p, d)).digamma()
            total += difference * fmpq(*q.as_integer_ratio())
        return total

    return logsum.arb_fixed(total_at, len(terms), frac_bits)


def digamma_sum_exact(terms: tuple[DigammaTerm, ...]) -> Fraction:
    """The exact value ``sum q sum_{j<k} 1/(u + j)``, term by term (for tests and checks).

    >>> digamma_sum_exact(((Fraction(3), Fraction(1, 2), 2),))   # 3 (2 + 2/3)
    Fraction(8, 1)

    Raises ResourceLimitError (``max_sum_digits``) as :func:`rocpr_exact.exact.sums.sum_ratios`.
    Complexity: O(sum of k) terms, summed by binary splitting.
    """
    _check(terms)
    pairs: list[tuple[int, int]] = []
    for q, u, k in terms:
        (a, b), (p, d) = q.as_integer_ratio(), u.as_integer_ratio()
        pairs += ((a * d, b * (p + j * d)) for j in range(k))  # q / (u + j)
    return sum_ratios(pairs, "an exact sum of digamma differences")
