"""Exact sums of many rationals, without quadratic blow-up.

``statistics._sum`` adds fractions one by one; with many distinct denominators
that is quadratic, because every partial sum carries the product of all the
denominators seen so far.  Here terms are first grouped by denominator, then the
groups are added by binary splitting (a balanced tree of additions), so the
big multiplications happen O(log n) times on numbers of balanced size, and the
single gcd that reduces the result is done once at the end.  With gmpy2
installed the big integers are GMP integers (subquadratic multiplication and
gcd); the result is always a :class:`fractions.Fraction`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from rocpr_exact.limits import check_sum

try:  # optional speed-up, see README "Dependencies"
    import gmpy2

    _mpz: Any = gmpy2.mpz
except ImportError:  # pragma: no cover - exercised when gmpy2 is absent
    gmpy2 = None
    _mpz = int

__all__ = ["coprime_fraction", "sum_ratios"]


def _split(items: Sequence[tuple[Any, Any]], lo: int, hi: int) -> tuple[Any, Any]:
    """Sum of items[lo:hi] as an unreduced (numerator, denominator) pair."""
    if hi - lo == 1:
        return items[lo]
    mid = (lo + hi) // 2
    n1, d1 = _split(items, lo, mid)
    n2, d2 = _split(items, mid, hi)
    return n1 * d2 + n2 * d1, d1 * d2


def sum_ratios(pairs: Iterable[tuple[int, int]], what: str = "sum_ratios") -> Fraction:
    """Exact sum of numerator/denominator pairs (denominators > 0). O(M(n) log n).

    Raises :class:`~rocpr_exact.errors.ResourceLimitError` (naming ``what``)
    before any big-integer work when the product of the distinct denominators
    (of the groups that do not cancel to 0) exceeds ``max_sum_digits`` digits
    (:mod:`rocpr_exact.limits`).

    >>> sum_ratios([(1, 2), (1, 3), (1, 6), (1, 3)])
    Fraction(4, 3)
    >>> sum_ratios([])
    Fraction(0, 1)
    """
    groups: defaultdict[int, int] = defaultdict(int)
    for numerator, denominator in pairs:
        groups[denominator] += numerator
    nonzero = {d: n for d, n in groups.items() if n}
    check_sum(nonzero, what)
    items = [(_mpz(n), _mpz(d)) for d, n in nonzero.items()]
    if not items:
        return Fraction(0)
    numerator, denominator = _split(items, 0, len(items))
    if gmpy2 is not None:
        g = gmpy2.gcd(numerator, denominator)
        return coprime_fraction(int(numerator // g), int(denominator // g))
    return Fraction(int(numerator), int(denominator))


def coprime_fraction(numerator: int, denominator: int) -> Fraction:
    """A Fraction from coprime integers (denominator > 0) without a second gcd.

    Python's own gcd is quadratic on huge integers; when the reduction was done
    with GMP there is no need to redo it.
    """
    make = getattr(Fraction, "_from_coprime_ints", None)  # Python >= 3.12
    if make is not None:
        return make(numerator, denominator)  # type: ignore[no-any-return]
    return Fraction(numerator, denominator, _normalize=False)  # type: ignore[call-overload,no-any-return]
