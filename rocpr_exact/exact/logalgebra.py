"""Exact algebra of logarithms: coprime bases, prime factors, the exact zero test of a log part.

Exact questions about a closed form ``rational + sum(c * ln a)`` (is it rational? are two values
equal?) are answered here by algebra, not by numerics.  Two facts from number theory are used;
both are stated where they are relied on:

* (Independence) If ``b_1, ..., b_m > 1`` are pairwise coprime integers and ``sum n_j ln b_j = 0``
  with integers ``n_j``, then ``prod b_j^n_j = 1``; the factors with positive and with negative
  exponents are coprime products that are equal, hence both are 1, hence every ``n_j = 0``.
  (Rational coefficients reduce to this by clearing denominators.)  So a log part is zero iff,
  written over a pairwise coprime basis, every basis element's coefficient is zero
  (:func:`log_part_is_zero`), and two forms are equal iff their prime rewrites
  (:func:`prime_exponents`, :func:`rewrite_terms`) are identical.
* (Hermite-Lindemann) ``e^q`` is transcendental for every rational ``q != 0``.  So a non-zero
  log part ``L = sum c_j ln b_j`` (over a coprime basis) is never rational: ``L = q != 0`` would
  make ``e^q = prod b_j^c_j`` algebraic.  Consequently the rational part of a closed form is an
  invariant of its *value*, and a form with a non-zero log part is irrational (never a rounding
  tie); :mod:`rocpr_exact.exact.certify` and :class:`~rocpr_exact.exact.closedform.ClosedForm`
  rely on this.
"""

from __future__ import annotations

from fractions import Fraction

from rocpr_exact import limits
from rocpr_exact.exact import logsum
from rocpr_exact.exact.logsum import Term, log_sum_fixed
from rocpr_exact.exact.sums import sum_fractions, unreduced_sum

__all__ = [
    "FACTOR_BITS",
    "coprime_exponents",
    "gcd",
    "integers_of",
    "log_part_is_zero",
    "prime_exponents",
    "prime_factors",
    "rewrite_terms",
]

#: Integers of at most this many bits are split into primes (about 150 us each with sympy on
#: average at 40 bits) when deciding whether a log part is zero; larger ones enter a coprime basis
#: by gcd refinement, which needs no factoring at all.
FACTOR_BITS = 40


def gcd(a: int, b: int) -> int:
    """Greatest common divisor of ``a`` and ``b > 0``.

    ``Fraction(a, b)`` divides both by their gcd (in C), so ``b`` over the reduced denominator is
    it. (The exact room avoids the ``math`` module so that it provably contains no float
    arithmetic.)

    >>> gcd(12, 18), gcd(0, 5), gcd(-4, 6)
    (6, 5, 2)
    """
    return b // Fraction(a, b).denominator


def integers_of(terms: tuple[Term, ...]) -> set[int]:
    """The numerators and denominators > 1 of the arguments.

    >>> sorted(integers_of(((Fraction(1), Fraction(4, 3)), (Fraction(2), Fraction(7)))))
    [3, 4, 7]
    """
    found: set[int] = set()
    for _, argument in terms:
        found.add(argument.numerator)
        found.add(argument.denominator)
    found.discard(1)
    return found


def prime_factors(n: int) -> dict[int, int]:
    """Prime factorisation of ``n >= 2``: FLINT's ``fmpz_factor`` if installed, else sympy.

    Both return primes, deterministically (only integers of at most ``FACTOR_BITS`` bits come here,
    far below 2^64, where the primality tests used are proved exact).

    >>> prime_factors(360) == {2: 3, 3: 2, 5: 1}
    True
    """
    if logsum.flint is not None:
        return {int(p): int(e) for p, e in logsum.flint.fmpz(n).factor()}
    from sympy import factorint

    return {int(p): int(e) for p, e in factorint(n).items()}


def coprime_exponents(integers: set[int]) -> dict[int, dict[int, int]]:
    """Write every integer > 1 as a product of powers of one pairwise coprime basis.

    Integers of at most ``FACTOR_BITS`` bits are factored into primes (:func:`prime_factors`).  The
    others are inserted by gcd refinement: an element ``x`` that shares a factor
    ``g = gcd(x, b) > 1`` with a basis element ``b`` replaces ``b`` by ``g, b/g`` and itself by
    ``x/g`` (dropping ones).  The product of all pending and basis elements drops by the factor
    ``g >= 2`` at each split, so the loop terminates; every input stays a product of powers of
    elements, and an element enters the basis only when coprime to all of it.  Primes are never
    split, so the factorisations stay valid.

    >>> p = 2**61 - 1   # a Mersenne prime, above FACTOR_BITS
    >>> coprime_exponents({6 * p, p * p}) == {6 * p: {6 * p // p: 1, p: 1}, p * p: {p: 2}}
    True

    Complexity: one factorisation per small integer, O(m (m + k)) gcds for m large integers and k
    basis elements.
    """
    result: dict[int, dict[int, int]] = {}
    basis: set[int] = set()
    large: list[int] = []
    for n in integers:
        if n.bit_length() <= FACTOR_BITS:
            factors = prime_factors(n)
            result[n] = factors
            basis.update(factors)
        else:
            large.append(n)
    pending = list(large)
    while pending:
        x = pending.pop()
        if x == 1 or x in basis:
            continue
        for b in basis:
            g = gcd(x, b)
            if g > 1:
                basis.discard(b)
                pending.extend(v for v in (g, b // g, x // g) if v > 1)
                break
        else:
            basis.add(x)
    for n in large:
        rest = n
        exponents: dict[int, int] = {}
        for b in basis:
            if rest % b == 0:
                count = 0
                while rest % b == 0:
                    rest //= b
                    count += 1
                exponents[b] = count
        assert rest == 1, "coprime refinement must express every input"
        result[n] = exponents
    return result


def log_part_is_zero(terms: tuple[Term, ...]) -> bool:
    """Decide exactly whether ``sum c ln a`` is zero.

    A cheap enclosure first (if it excludes 0 the answer is no); otherwise the terms are rewritten
    over a pairwise coprime basis, where the log part is zero iff every basis element's coefficient
    is zero (Independence, module docstring).  Those coefficients are sums of ``u/v * power``; they
    are added in integers, grouped by denominator, then over the distinct denominators by unreduced
    binary splitting (:func:`~rocpr_exact.exact.sums.unreduced_sum`): a sum is zero iff its
    numerator is.

    >>> log_part_is_zero(((Fraction(1), Fraction(4)), (Fraction(-2), Fraction(2))))  # ln 4 - 2 ln 2
    True
    >>> log_part_is_zero(((Fraction(1), Fraction(2)),))
    False

    Complexity: one factorisation per distinct integer of at most 40 bits (about 5 us with
    python-flint, 15-30 us with sympy), gcd refinement for larger ones, O(M(D) log n) sums.
    """
    if not terms:
        return True
    scaled, error = log_sum_fixed(terms, 64)
    if abs(scaled) > error:
        return False
    exponents = coprime_exponents(integers_of(terms))
    by_base: dict[int, dict[int, int]] = {}
    for coefficient, argument in terms:
        u, v = coefficient.as_integer_ratio()
        p, q = argument.as_integer_ratio()
        for n, sign in ((p, u), (q, -u)):
            if n == 1:
                continue
            for base, power in exponents[n].items():
                numerators = by_base.setdefault(base, {})
                numerators[v] = numerators.get(v, 0) + sign * power
    return all(
        unreduced_sum([(n, d) for d, n in numerators.items() if n != 0])[0] == 0
        for numerators in by_base.values()
    )


def prime_exponents(terms: tuple[Term, ...]) -> dict[int, dict[int, int]]:
    """The prime factorisation (``sympy.factorint``) of every integer > 1 of the arguments.

    >>> prime_exponents(((Fraction(1), Fraction(12, 5)),)) == {12: {2: 2, 3: 1}, 5: {5: 1}}
    True

    Raises ResourceLimitError when an integer has more than ``max_factor_bits`` bits
    (:mod:`rocpr_exact.limits`; factoring could take arbitrarily long; a 128-bit semiprime with two
    64-bit factors takes about half a second).  Complexity: one factorint per distinct integer.
    """
    from sympy import factorint

    integers = integers_of(terms)
    cap = limits.current().max_factor_bits
    for n in integers:
        if cap is not None and n.bit_length() > cap:
            raise limits.exceeded(
                "max_factor_bits",
                f"canonical_primes: factoring an integer of {n.bit_length()} bits",
                "factoring takes time exponential in the size; ",
            )
    return {n: {int(p): int(e) for p, e in factorint(n).items()} for n in integers}


def rewrite_terms(
    terms: tuple[Term, ...], exponents: dict[int, dict[int, int]]
) -> dict[Fraction, Fraction]:
    """Re-express ``terms`` over the integer bases of ``exponents``: {base: coefficient}.

    ``c ln(p/q) = sum_b c (e_b(p) - e_b(q)) ln b``; coefficients of one base are added exactly
    (:func:`~rocpr_exact.exact.sums.sum_fractions`); zero coefficients are kept.

    >>> terms = ((Fraction(1), Fraction(12)), (Fraction(-1), Fraction(3)))   # ln 12 - ln 3
    >>> rewrite_terms(terms, prime_exponents(terms)) == {2: 2, 3: 0}
    True
    """
    collected: dict[int, list[Fraction]] = {}
    for coefficient, argument in terms:
        for n, sign in ((argument.numerator, 1), (argument.denominator, -1)):
            if n == 1:
                continue
            for base, power in exponents[n].items():
                collected.setdefault(base, []).append(coefficient * (sign * power))
    return {Fraction(base): sum_fractions(parts) for base, parts in collected.items()}
