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
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, TypeVar

from rocpr_exact.limits import check_sum

try:  # optional speed-up, see README "Dependencies"
    import gmpy2

    _mpz: Any = gmpy2.mpz
except ImportError:  # pragma: no cover - exercised when gmpy2 is absent
    gmpy2 = None
    _mpz = int

__all__ = [
    "binary_split",
    "coprime_fraction",
    "sum_fractions",
    "sum_ratios",
    "unreduced_sum",
]

_T = TypeVar("_T")


def binary_split(items: Sequence[_T], add: Callable[[_T, _T], _T], zero: _T) -> _T:
    """Combine ``items`` with ``add`` along a balanced tree (binary splitting); ``zero`` if empty.

    The one binary-splitting routine of the package.  Adding n fractions with distinct
    denominators one after the other redoes the work on a growing D-digit denominator n times:
    O(n D^2) with a quadratic gcd or product.  Pairing them keeps the operands of every level
    balanced; level j has n/2^j operands of about D 2^j/n digits, so even a quadratic operation
    costs O(D^2) in all (sum over j of D^2 2^j/n), and O(M(D) log n) with fast multiplication.
    ``add`` must be associative (the grouping differs from left to right).

    >>> binary_split([1, 2, 3, 4, 5], lambda a, b: a + b, 0)
    15
    >>> binary_split(["a", "b", "c"], lambda a, b: f"({a}{b})", "")
    '((ab)c)'

    Complexity: n - 1 calls of ``add``, O(log n) levels.
    """
    if not items:
        return zero
    level = list(items)
    while len(level) > 1:
        paired = [add(level[i], level[i + 1]) for i in range(0, len(level) - 1, 2)]
        if len(level) % 2:
            paired.append(level[-1])
        level = paired
    return level[0]


def _add_pairs(left: tuple[Any, Any], right: tuple[Any, Any]) -> tuple[Any, Any]:
    """``n1/d1 + n2/d2 = (n1 d2 + n2 d1) / (d1 d2)``, unreduced (no gcd at all)."""
    return left[0] * right[1] + right[0] * left[1], left[1] * right[1]


def unreduced_sum(pairs: Sequence[tuple[Any, Any]]) -> tuple[Any, Any]:
    """The sum of numerator/denominator pairs as one unreduced pair, by :func:`binary_split`.

    The sum is zero iff the returned numerator is (denominators are positive).

    >>> unreduced_sum([(1, 2), (-1, 3), (-1, 6)])
    (0, 36)
    >>> unreduced_sum([])
    (0, 1)
    """
    return binary_split(pairs, _add_pairs, (0, 1))


def sum_fractions(values: Sequence[Fraction]) -> Fraction:
    """Exact sum of Fractions by :func:`binary_split`, each partial sum reduced.

    Reducing at every level keeps the operands small when denominators share factors (the
    coefficients of a closed form); :func:`sum_ratios` instead reduces once, for denominators
    that are mostly coprime.

    >>> sum_fractions([Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)])
    Fraction(1, 1)
    >>> sum_fractions([])
    Fraction(0, 1)
    """
    return binary_split(values, _add_fractions, Fraction(0))


def _add_fractions(left: Fraction, right: Fraction) -> Fraction:
    return left + right


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
    numerator, denominator = unreduced_sum(items)
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
