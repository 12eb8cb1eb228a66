"""Exact closed forms ``rational + sum(coefficient * ln(argument))`` with certified decimals.

The "continuous" area under a precision-recall curve (Davis & Goadrich 2006, Section 4; DESIGN.md,
"Areas under the PR curve", ``continuous``) integrates precision along the hyperbolic PR segments.
On a segment from ``A`` to ``B`` it is ``(1/P) [t/k - (c/k^2) ln(k t + c)]`` evaluated from ``TP_A``
to ``TP_B``, so a total area is a rational number plus a sum of rational multiples of logarithms of
rationals.  :class:`ClosedForm` keeps exactly that: no digit is ever rounded inside the value.

Decimals are produced by a Ziv loop over rigorous enclosures (python-flint's ``arb`` ball arithmetic
when it is installed, otherwise mpmath with an explicit error bound), so every printed digit is
certified.  Exact questions (is the value rational? are two values equal?) are answered by algebra,
not by numerics: the logarithms of pairwise coprime integers > 1 are linearly independent over Q.

Two facts from number theory are used throughout; both are stated where they are relied on:

* (Independence) If ``b_1, ..., b_m > 1`` are pairwise coprime integers and ``sum n_j ln b_j = 0``
  with integers ``n_j``, then ``prod b_j^n_j = 1``; the factors with positive and with negative
  exponents are coprime products that are equal, hence both are 1, hence every ``n_j = 0``.
  (Rational coefficients reduce to this by clearing denominators.)
* (Hermite-Lindemann) ``e^q`` is transcendental for every rational ``q != 0``.  So a non-zero
  log part ``L = sum c_j ln b_j`` (over a coprime basis) is never rational: ``L = q != 0`` would
  make ``e^q = prod b_j^c_j`` algebraic.  Consequently the rational part of a :class:`ClosedForm` is
  an invariant of its *value*, and a form with a non-zero log part is irrational (never a rounding
  tie).
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeGuard, TypeVar

from rocpr_exact.errors import InvalidInputError, ResourceLimitError
from rocpr_exact.exact.text import fraction_to_decimal

_flint: types.ModuleType | None
try:  # optional: rigorous and fast ball arithmetic (Arb, via python-flint)
    import flint as _flint
except ImportError:  # pragma: no cover - exercised by monkeypatching ``_flint = None`` in the tests
    _flint = None

__all__ = [
    "PRIME_FACTOR_MAX_BITS",
    "ZIV_MAX_EXTRA_BITS",
    "ZIV_ZERO_TEST_BITS",
    "ClosedForm",
]

#: ``canonical_primes`` factors integers of at most this many bits (sympy.factorint; a 128-bit
#: semiprime with two 64-bit factors takes about half a second).  Larger ones raise
#: ResourceLimitError.
PRIME_FACTOR_MAX_BITS = 128

#: The Ziv loops run the exact zero test of the log part once they have added this many bits of
#: working precision beyond the first attempt without deciding.
ZIV_ZERO_TEST_BITS = 256

#: The Ziv loops give up (ResourceLimitError) after adding this many bits beyond the first attempt.
#: Only a non-rational value within about 2^-65536 of a rounding boundary can get there.
ZIV_MAX_EXTRA_BITS = 1 << 16

# Guard bits added to every working precision.
_GUARD_BITS = 16

# Integers of at most this many bits are split into primes by sympy.factorint (about 150 us each on
# average at 40 bits) when deciding whether a log part is zero; larger ones enter a coprime basis by
# gcd refinement, which needs no factoring at all.
_FACTOR_BITS = 40

_ZERO = Fraction(0)

Term = tuple[Fraction, Fraction]
_T = TypeVar("_T")


def _as_fraction(value: object, what: str) -> Fraction:
    """Return ``value`` as a Fraction, accepting only ints (not bools) and Fractions."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    raise InvalidInputError(
        f"ClosedForm {what} must be an int or a Fraction (exact values only), "
        f"got {type(value).__name__} {value!r}"
    )


def _is_scalar(value: object) -> TypeGuard[Fraction | int]:
    """True for the exact scalars a ClosedForm combines with: Fractions and ints (not bools)."""
    return isinstance(value, Fraction) or (isinstance(value, int) and not isinstance(value, bool))


def _sum_fractions(values: list[Fraction]) -> Fraction:
    """Exact sum by binary splitting (pairwise, divide and conquer).

    Adding n fractions with distinct denominators one after the other redoes a gcd on the growing
    D-digit denominator n times: O(n D^2).  Pairing them keeps the operands of every level
    balanced; level j has n/2^j operands of about D 2^j/n digits, so even CPython's quadratic gcd
    costs O(D^2) in all (sum over j of D^2 2^j/n), plus O(M(D) log n) for the products.
    """
    if not values:
        return _ZERO
    level = values
    while len(level) > 1:
        paired = [level[i] + level[i + 1] for i in range(0, len(level) - 1, 2)]
        if len(level) % 2:
            paired.append(level[-1])
        level = paired
    return level[0]


def _gcd(a: int, b: int) -> int:
    """Greatest common divisor of ``a`` and ``b > 0``.

    ``Fraction(a, b)`` divides both by their gcd (in C), so ``b`` over the reduced denominator is
    it. (This module avoids the ``math`` module so that it provably contains no float arithmetic.)
    """
    return b // Fraction(a, b).denominator


def _bits_for_digits(digits: int) -> int:
    """An upper bound of ``digits * log2(10)``, in integers (log2(10) = 3.3219... < 10/3)."""
    return (10 * digits + 2) // 3 + 1


# --------------------------------------------------------------------------------------------------
# Rigorous fixed-point enclosures of sum(c * ln a).
#
# Both back ends return integers (S, E) with  |sum c_i ln a_i - S / 2^F| <= E / 2^F.
# --------------------------------------------------------------------------------------------------


def _log_sum_fixed_flint(terms: tuple[Term, ...], frac_bits: int) -> tuple[int, int]:
    """Enclose the log part with Arb ball arithmetic (python-flint).

    Why the bound is rigorous: every Arb operation (conversion of a rational, ``log``, product, sum)
    returns a ball [mid +/- rad] that is *proved* to contain the exact result of the same operation
    applied to any points of the input balls (Johansson, "Arb: efficient arbitrary-precision
    midpoint-radius interval arithmetic", IEEE TC 2017).  The final ball therefore contains the
    exact sum; ``mid`` and ``rad`` are dyadic, read exactly with ``man_exp``.  Flooring
    ``mid * 2^F`` loses less than one unit, and rounding ``rad * 2^F`` up loses nothing, hence
    ``E = ceil(rad 2^F) + 1``.

    Arb's precision is relative, so the working precision must exceed ``F`` by the magnitude of the
    largest term.  Rather than bound that term by term (slow in Python), start 64 bits above and, if
    the radius shows that the terms were larger, redo the sum once with the missing bits (the radius
    is about ``2^-working * sum |terms|``, so it measures them).
    """
    assert _flint is not None
    arb, fmpq = _flint.arb, _flint.fmpq
    context = _flint.ctx
    count_bits = len(terms).bit_length()
    working = frac_bits + count_bits + _GUARD_BITS + 64
    saved = context.prec
    try:
        for _attempt in range(2):
            context.prec = working  # python-flint's precision is global: set, then restore
            total = arb(0)
            for coefficient, argument in terms:
                log = arb(fmpq(*argument.as_integer_ratio())).log()
                total += log * fmpq(*coefficient.as_integer_ratio())
            rad_man, rad_exp = (int(v) for v in total.rad().man_exp())
            excess = rad_man.bit_length() + rad_exp + frac_bits - count_bits - 4
            if excess <= 0:
                break
            working += excess + _GUARD_BITS
        mid_man, mid_exp = (int(v) for v in total.mid().man_exp())
    finally:
        context.prec = saved
    shift = mid_exp + frac_bits
    scaled = mid_man << shift if shift >= 0 else mid_man >> -shift  # floor
    shift = rad_exp + frac_bits
    error = rad_man << shift if shift >= 0 else -((-rad_man) >> -shift)  # ceil
    return scaled, error + 1


def _log_int_fixed_mpmath(n: int, precision: int, frac_bits: int) -> tuple[int, int]:
    """Enclose ``ln n`` for an integer ``n >= 2`` as ``(S, E)`` at scale ``2^frac_bits``.

    Why the bound is rigorous (an explicit, documented assumption on mpmath): ``libmp.mpf_log``
    evaluates the logarithm in fixed point with at least 20 guard bits beyond ``precision``
    (argument reduction by ln 2, then Taylor series or AGM, all in integers), whose error is a few
    units of the last guard bit, and then rounds once to ``precision`` bits.  The returned value is
    therefore within 1/2 ulp + 2^-18 ulp of ln n.  We widen by 2 ulps, a margin of more than 2^18
    over that analysis. ``ln n >= ln 2`` for integers ``n >= 2``, so the ulp is relative to a value
    far from zero (we never take the log of a rational near 1, where cancellation would make a
    relative bound delicate). Flooring to the fixed-point scale loses less than one more unit.
    """
    from mpmath.libmp import from_int, mpf_log, round_nearest

    sign, man, exp, bc = mpf_log(from_int(n), precision, round_nearest)
    value = -man if sign else man
    shift = exp + frac_bits
    scaled = value << shift if shift >= 0 else value >> -shift
    # 2 ulps at ``precision`` bits: ulp = 2^(exp + bc - precision).
    ulp_shift = exp + bc - precision + 1 + frac_bits
    error = 1 << ulp_shift if ulp_shift >= 0 else 1
    return scaled, error + 1


def _log_sum_fixed_mpmath(terms: tuple[Term, ...], frac_bits: int) -> tuple[int, int]:
    """Enclose the log part with mpmath logarithms and exact integer sums.

    ``ln(p/q) = ln p - ln q`` (two enclosures of logs of integers >= 2, see
    :func:`_log_int_fixed_mpmath`); the product by ``c = u/v`` is done as ``floor(u S / v)`` (error
    below one unit, plus ``|c| E`` rounded up), and the sum of the terms is exact in integers.
    """
    total = 0
    error = 0
    for coefficient, argument in terms:
        u, v = coefficient.as_integer_ratio()
        coefficient_bits = max(0, abs(u).bit_length() - v.bit_length() + 1)
        scaled = 0
        bound = 0
        p, q = argument.as_integer_ratio()
        for n, sign in ((p, 1), (q, -1)):
            if n == 1:
                continue
            precision = frac_bits + coefficient_bits + n.bit_length().bit_length() + _GUARD_BITS
            s, e = _log_int_fixed_mpmath(n, precision, frac_bits)
            scaled += sign * s
            bound += e
        total += (u * scaled) // v
        error += -((-abs(u) * bound) // v) + 1
    return total, error


def _log_sum_fixed(terms: tuple[Term, ...], frac_bits: int) -> tuple[int, int]:
    if not terms:
        return 0, 0
    if _flint is not None:
        return _log_sum_fixed_flint(terms, frac_bits)
    return _log_sum_fixed_mpmath(terms, frac_bits)


# --------------------------------------------------------------------------------------------------
# Exact algebra of logarithms: coprime bases and prime factorisations.
# --------------------------------------------------------------------------------------------------


def _integers_of(terms: tuple[Term, ...]) -> set[int]:
    found: set[int] = set()
    for _, argument in terms:
        found.add(argument.numerator)
        found.add(argument.denominator)
    found.discard(1)
    return found


def _prime_factors(n: int) -> dict[int, int]:
    """Prime factorisation of ``n >= 2``: FLINT's ``fmpz_factor`` if installed, else sympy.

    Both return primes, deterministically (only integers of at most ``_FACTOR_BITS`` bits come here,
    far below 2^64, where the primality tests used are proved exact).
    """
    if _flint is not None:
        return {int(p): int(e) for p, e in _flint.fmpz(n).factor()}
    from sympy import factorint

    return {int(p): int(e) for p, e in factorint(n).items()}


def _coprime_exponents(integers: set[int]) -> dict[int, dict[int, int]]:
    """Write every integer > 1 as a product of powers of one pairwise coprime basis.

    Integers of at most ``_FACTOR_BITS`` bits are factored into primes (``_prime_factors``).  The
    others are inserted by gcd refinement: an element ``x`` that shares a factor
    ``g = gcd(x, b) > 1`` with a basis element ``b`` replaces ``b`` by ``g, b/g`` and itself by
    ``x/g`` (dropping ones).  The product of all pending and basis elements drops by the factor
    ``g >= 2`` at each split, so the loop terminates; every input stays a product of powers of
    elements, and an element enters the basis only when coprime to all of it.  Primes are never
    split, so the factorisations stay valid.

    Complexity: one factorisation per small integer, O(m (m + k)) gcds for m large integers and k
    basis elements.
    """
    result: dict[int, dict[int, int]] = {}
    basis: set[int] = set()
    large: list[int] = []
    for n in integers:
        if n.bit_length() <= _FACTOR_BITS:
            factors = _prime_factors(n)
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
            g = _gcd(x, b)
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


def _ratio_sum_is_zero(numerators: dict[int, int]) -> bool:
    """Whether ``sum(n / d for d, n in numerators.items())`` is zero (denominators d > 0).

    Unreduced binary splitting ``n1/d1 + n2/d2 = (n1 d2 + n2 d1) / (d1 d2)``: no gcd at all, and
    the sum is zero iff the final numerator is.
    """
    level = [(n, d) for d, n in numerators.items() if n != 0]
    while len(level) > 1:
        paired = [
            (
                level[i][0] * level[i + 1][1] + level[i + 1][0] * level[i][1],
                level[i][1] * level[i + 1][1],
            )
            for i in range(0, len(level) - 1, 2)
        ]
        if len(level) % 2:
            paired.append(level[-1])
        level = paired
    return not level or level[0][0] == 0


def _rewrite(
    rational: Fraction, terms: tuple[Term, ...], exponents: dict[int, dict[int, int]]
) -> ClosedForm:
    """Re-express ``terms`` over integer arguments using per-integer exponent maps."""
    collected: dict[int, list[Fraction]] = {}
    for coefficient, argument in terms:
        for n, sign in ((argument.numerator, 1), (argument.denominator, -1)):
            if n == 1:
                continue
            for base, power in exponents[n].items():
                collected.setdefault(base, []).append(coefficient * (sign * power))
    merged = {Fraction(base): _sum_fractions(parts) for base, parts in collected.items()}
    return ClosedForm._make(rational, _sorted_terms(merged))


def _order_key(argument: Fraction) -> tuple[int, Fraction]:
    """Sort key equivalent to the order of the Fractions, but mostly compared as ints.

    ``floor(a 2^64)`` is non-decreasing in ``a``, and ties fall back to the exact Fraction;
    comparing Python ints is several times faster than comparing Fractions (cross products in Python
    code).
    """
    p, q = argument.as_integer_ratio()
    return (p << 64) // q, argument


def _sorted_terms(merged: dict[Fraction, Fraction]) -> tuple[Term, ...]:
    return tuple((merged[a], a) for a in sorted(merged, key=_order_key) if merged[a] != 0)


def _merge_terms(left: tuple[Term, ...], right: tuple[Term, ...]) -> tuple[Term, ...]:
    """Merge two canonical term tuples (sorted by argument), adding equal arguments. O(n + m)."""
    out: list[Term] = []
    i = j = 0
    while i < len(left) and j < len(right):
        (cl, al), (cr, ar) = left[i], right[j]
        if al < ar:
            out.append(left[i])
            i += 1
        elif ar < al:
            out.append(right[j])
            j += 1
        else:
            coefficient = cl + cr
            if coefficient != 0:
                out.append((coefficient, al))
            i += 1
            j += 1
    out.extend(left[i:])
    out.extend(right[j:])
    return tuple(out)


def _sign(value: Fraction | int) -> int:
    return (value > 0) - (value < 0)


# --------------------------------------------------------------------------------------------------
# The value type.
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class ClosedForm:
    """An exact real ``rational + sum(coefficient * ln(argument))`` with rational parts.

    The value type of the ``continuous`` area under a PR curve (Davis & Goadrich 2006, Section 4;
    DESIGN.md, "Areas under the PR curve").  Immutable and canonical: the arguments are positive
    Fractions other than 1, strictly ascending (equal arguments merged by adding their
    coefficients), and the coefficients are non-zero Fractions.  Build values with
    :meth:`from_parts`, :meth:`log`, arithmetic and :meth:`sum`; the constructor only checks
    canonicity.

    Equality is *mathematical*: ``ln 4 - 2 ln 2 + 1/3 == Fraction(1, 3)`` is True, decided exactly
    by linear independence of logarithms of coprime integers (module docstring).  Structural
    equality is ``(a.rational, a.terms) == (b.rational, b.terms)``; :meth:`canonical_primes` is
    structural for equal values.  The hash is ``hash(self.rational)``: the rational part is an
    invariant of the value (Hermite-Lindemann, module docstring), so equal values hash alike and a
    rational value hashes like the equal Fraction.  (A hash of the structural tuple would break
    ``ln 6 == ln 2 + ln 3``.)

    >>> x = ClosedForm.from_parts(Fraction(7, 5), [(Fraction(3, 2), Fraction(4, 3)),
    ...                                             (Fraction(-1, 2), 7)])
    >>> x
    ClosedForm(7/5 + 3/2*ln(4/3) - 1/2*ln(7))
    >>> x.decimal(20)
    '0.85856803415001473861'
    >>> ClosedForm.log(4) - 2 * ClosedForm.log(2) + Fraction(1, 3) == Fraction(1, 3)
    True

    Raises :class:`~rocpr_exact.errors.InvalidInputError` when the fields are not canonical.
    """

    rational: Fraction
    terms: tuple[Term, ...] = ()

    def __post_init__(self) -> None:
        problem = self._problem()
        if problem is not None:
            raise InvalidInputError(
                f"ClosedForm(rational, terms) needs canonical fields: {problem}; "
                "use ClosedForm.from_parts to normalise"
            )

    def _problem(self) -> str | None:
        """Describe the first violated invariant, or return None when the fields are canonical."""
        if not isinstance(self.rational, Fraction):
            return f"rational must be a Fraction, got {type(self.rational).__name__}"
        if not isinstance(self.terms, tuple):
            return f"terms must be a tuple, got {type(self.terms).__name__}"
        previous: Fraction | None = None
        for term in self.terms:
            if not (isinstance(term, tuple) and len(term) == 2):
                return f"each term must be a (coefficient, argument) pair, got {term!r}"
            coefficient, argument = term
            if not (isinstance(coefficient, Fraction) and isinstance(argument, Fraction)):
                return f"coefficient and argument must be Fractions, got {term!r}"
            if coefficient == 0:
                return f"coefficients must be non-zero, got {term!r}"
            if argument <= 0 or argument == 1:
                return f"arguments must be positive and not 1, got {argument}"
            if previous is not None and not previous < argument:
                return f"arguments must be strictly ascending, got {previous} then {argument}"
            previous = argument
        return None

    def _check(self) -> None:
        """Assert every structural invariant (called by the tests after each operation)."""
        problem = self._problem()
        assert problem is None, problem

    @classmethod
    def _make(cls, rational: Fraction, terms: tuple[Term, ...]) -> ClosedForm:
        """Build from fields already known to be canonical, skipping the O(n) check."""
        form = object.__new__(cls)
        object.__setattr__(form, "rational", rational)
        object.__setattr__(form, "terms", terms)
        return form

    # ---------------------------------------------------------------------------------- builders

    @classmethod
    def from_integer_logs(cls, rational: Fraction, coefficients: dict[int, Fraction]) -> ClosedForm:
        """``rational + sum(c * ln(n) for n, c in coefficients.items())`` for merged int arguments.

        The fast builder for areas, whose log arguments are counts TP + FP: the
        arguments are already distinct, so only zero terms and ln 1 are dropped
        and the ints are sorted.  O(n log n) int comparisons.

        >>> terms = {3: Fraction(2), 1: Fraction(5), 2: Fraction(0)}
        >>> ClosedForm.from_integer_logs(Fraction(1, 2), terms)
        ClosedForm(1/2 + 2*ln(3))
        """
        for argument in coefficients:
            if argument <= 0:
                raise InvalidInputError(
                    f"ClosedForm needs positive log arguments (ln is undefined at {argument})"
                )
        terms = tuple(
            (coefficients[n], Fraction(n))
            for n in sorted(coefficients)
            if n != 1 and coefficients[n] != 0
        )
        return cls._make(rational, terms)

    @classmethod
    def from_parts(
        cls,
        rational: Fraction | int = 0,
        terms: Iterable[tuple[Fraction | int, Fraction | int]] = (),
    ) -> ClosedForm:
        """Normalise ``rational + sum(c * ln(a) for c, a in terms)`` into a canonical form.

        Terms with ``a == 1`` or ``c == 0`` vanish; equal arguments are merged by adding their
        coefficients (only equal ones: ``ln 4`` and ``ln 2`` stay separate terms).

        >>> ClosedForm.from_parts(1, [(2, 3), (1, Fraction(1, 2)), (-2, 3), (5, 1)])
        ClosedForm(1 + ln(1/2))

        Raises InvalidInputError for an argument <= 0 (ln is undefined) or a value that is not an
        int or Fraction.  Complexity O(n log n) for n terms.
        """
        value = _as_fraction(rational, "rational part")
        collected: dict[Fraction, list[Fraction]] = {}
        for pair in terms:
            try:
                raw_coefficient, raw_argument = pair
            except (TypeError, ValueError):
                raise InvalidInputError(
                    f"ClosedForm terms must be (coefficient, argument) pairs, got {pair!r}"
                ) from None
            coefficient = _as_fraction(raw_coefficient, "coefficient")
            argument = _as_fraction(raw_argument, "argument")
            if argument <= 0:
                raise InvalidInputError(
                    f"ClosedForm needs positive log arguments (ln is undefined at {argument})"
                )
            if argument != 1 and coefficient != 0:
                collected.setdefault(argument, []).append(coefficient)
        merged = {a: _sum_fractions(cs) for a, cs in collected.items()}
        return cls._make(value, _sorted_terms(merged))

    @classmethod
    def log(cls, argument: Fraction | int, coefficient: Fraction | int = 1) -> ClosedForm:
        """Return ``coefficient * ln(argument)``.

        >>> ClosedForm.log(Fraction(3, 2), -2)
        ClosedForm(-2*ln(3/2))
        >>> ClosedForm.log(1)
        ClosedForm(0)

        Raises InvalidInputError when ``argument <= 0``.  O(1).
        """
        return cls.from_parts(0, [(coefficient, argument)])

    @classmethod
    def sum(cls, values: Iterable[ClosedForm | Fraction | int]) -> ClosedForm:
        """Exact sum of many forms, rationals and ints, independent of their order.

        Log terms are merged in a dict keyed by argument; the rational parts (and the coefficients
        collected for each argument) are added by binary splitting, so n summands with distinct
        denominators cost O(D^2) rather than O(n D^2) for a D-digit result denominator (10^5 forms
        with denominators up to 10^7: about 1.5 s).

        >>> ClosedForm.sum([ClosedForm.log(2), Fraction(1, 3), ClosedForm.log(2, -1), 1])
        ClosedForm(4/3)

        Raises TypeError for a summand of another type.  Complexity O(T log T) for T terms overall,
        plus the binary-splitting sums.
        """
        rationals: list[Fraction] = []
        collected: dict[Fraction, list[Fraction]] = {}
        for value in values:
            if isinstance(value, ClosedForm):
                rationals.append(value.rational)
                for coefficient, argument in value.terms:
                    collected.setdefault(argument, []).append(coefficient)
            elif _is_scalar(value):
                rationals.append(Fraction(value))
            else:
                raise TypeError(
                    "ClosedForm.sum adds ClosedForm, Fraction and int values, "
                    f"got {type(value).__name__}"
                )
        merged = {a: _sum_fractions(cs) for a, cs in collected.items()}
        return cls._make(_sum_fractions(rationals), _sorted_terms(merged))

    # -------------------------------------------------------------------------------- arithmetic

    def _coerce(self, other: object) -> ClosedForm | None:
        if isinstance(other, ClosedForm):
            return other
        if _is_scalar(other):
            return ClosedForm._make(Fraction(other), ())
        return None

    def __add__(self, other: ClosedForm | Fraction | int) -> ClosedForm:
        """Exact sum, O(n + m) (a merge of the sorted terms)."""
        right = self._coerce(other)
        if right is None:
            return NotImplemented
        terms = _merge_terms(self.terms, right.terms)
        return ClosedForm._make(self.rational + right.rational, terms)

    __radd__ = __add__

    def __neg__(self) -> ClosedForm:
        return ClosedForm._make(-self.rational, tuple((-c, a) for c, a in self.terms))

    def __pos__(self) -> ClosedForm:
        return self

    def __sub__(self, other: ClosedForm | Fraction | int) -> ClosedForm:
        right = self._coerce(other)
        if right is None:
            return NotImplemented
        return self + (-right)

    def __rsub__(self, other: Fraction | int) -> ClosedForm:
        left = self._coerce(other)
        if left is None:
            return NotImplemented
        return left + (-self)

    def __mul__(self, other: Fraction | int) -> ClosedForm:
        """Product by a rational scalar (a product of two forms is not a ClosedForm). O(n)."""
        if not _is_scalar(other):
            return NotImplemented
        factor = Fraction(other)
        if factor == 0:
            return ClosedForm._make(_ZERO, ())
        return ClosedForm._make(
            self.rational * factor, tuple((c * factor, a) for c, a in self.terms)
        )

    __rmul__ = __mul__

    def __truediv__(self, other: Fraction | int) -> ClosedForm:
        """Quotient by a non-zero rational scalar (ZeroDivisionError for 0, like Fraction)."""
        if not _is_scalar(other):
            return NotImplemented
        factor = Fraction(other)
        if factor == 0:
            raise ZeroDivisionError("ClosedForm division by zero")
        return self * (1 / factor)

    # ------------------------------------------------------------------------- exact questions

    def _log_part_is_zero(self) -> bool:
        """Decide exactly whether ``sum c ln a`` is zero.

        A cheap enclosure first (if it excludes 0 the answer is no); otherwise the terms are
        rewritten over a pairwise coprime basis, where the log part is zero iff every basis
        element's coefficient is zero (Independence, module docstring).  Those coefficients are
        sums of ``u/v * power``; they are added in integers, grouped by denominator, then over the
        distinct denominators by unreduced binary splitting: a sum is zero iff its numerator is.

        Complexity: one factorisation per distinct integer of at most 40 bits (about 5 us with
        python-flint, 15-30 us with sympy), gcd refinement for larger ones, O(M(D) log n) sums.
        """
        if not self.terms:
            return True
        scaled, error = _log_sum_fixed(self.terms, 64)
        if abs(scaled) > error:
            return False
        exponents = _coprime_exponents(_integers_of(self.terms))
        by_base: dict[int, dict[int, int]] = {}
        for coefficient, argument in self.terms:
            u, v = coefficient.as_integer_ratio()
            p, q = argument.as_integer_ratio()
            for n, sign in ((p, u), (q, -u)):
                if n == 1:
                    continue
                for base, power in exponents[n].items():
                    numerators = by_base.setdefault(base, {})
                    numerators[v] = numerators.get(v, 0) + sign * power
        return all(_ratio_sum_is_zero(numerators) for numerators in by_base.values())

    @property
    def is_rational(self) -> bool:
        """True when the value is a rational number (mathematically, not only structurally).

        >>> (ClosedForm.log(8) - 3 * ClosedForm.log(2)).is_rational
        True
        >>> ClosedForm.log(2).is_rational
        False

        Exact (coprime-basis algebra after a numeric pre-check); O(n) when the log part is visibly
        non-zero.
        """
        return self._log_part_is_zero()

    def canonical_primes(self) -> ClosedForm:
        """Return the equal form whose arguments are primes (the value's unique canonical form).

        Each numerator and denominator is factored with ``sympy.factorint``; by unique factorisation
        and Independence (module docstring) two forms are equal iff their ``canonical_primes()``
        are structurally identical, and the value is rational iff the result has no terms.

        >>> (ClosedForm.log(12) - ClosedForm.log(Fraction(1, 2))).canonical_primes()
        ClosedForm(3*ln(2) + ln(3))

        Equality, ``is_rational``, comparisons and decimals decide zero-ness with the same algebra
        over a pairwise *coprime* basis instead (``_coprime_exponents``: only integers of at most 40
        bits are factored, larger ones are split by gcds), which is as exact and has no size limit.

        Raises ResourceLimitError when an integer exceeds ``PRIME_FACTOR_MAX_BITS`` bits (factoring
        could take arbitrarily long).  Complexity: one factorint per distinct integer.
        """
        from sympy import factorint

        integers = _integers_of(self.terms)
        for n in integers:
            if n.bit_length() > PRIME_FACTOR_MAX_BITS:
                raise ResourceLimitError(
                    f"canonical_primes factors integers of at most {PRIME_FACTOR_MAX_BITS} bits, "
                    f"got one of {n.bit_length()} bits"
                )
        exponents = {n: {int(p): int(e) for p, e in factorint(n).items()} for n in integers}
        return _rewrite(self.rational, self.terms, exponents)

    # --------------------------------------------------------------------------------- numerics

    def _fixed_enclosure(self, frac_bits: int) -> tuple[int, int]:
        """Integers ``lo <= hi`` with ``lo / 2^F <= value <= hi / 2^F`` (F = ``frac_bits``)."""
        r = self.rational
        floor, remainder = divmod(r.numerator << frac_bits, r.denominator)
        scaled, error = _log_sum_fixed(self.terms, frac_bits)
        return floor + scaled - error, floor + (1 if remainder else 0) + scaled + error

    def enclosure(self, precision_bits: int) -> tuple[Fraction, Fraction]:
        """A rigorous lower and upper bound of the value.

        Both bounds are multiples of ``2^-precision_bits``; the width is a few units of
        ``2^-precision_bits`` (Arb), or a few units per term times its coefficient (mpmath).  A form
        without log terms returns its exact value twice.  The bounds are rigorous: Arb's proved
        ball arithmetic, or mpmath with the documented error bound of ``_log_int_fixed_mpmath``,
        and exact integer sums.

        >>> lo, hi = ClosedForm.log(2).enclosure(20)
        >>> lo <= Fraction(693147, 10**6) < hi and hi - lo < Fraction(1, 10**5)
        True

        Raises InvalidInputError when ``precision_bits`` is not a positive int.  Complexity: one
        logarithm per term at about ``precision_bits`` bits.
        """
        if (
            not isinstance(precision_bits, int)
            or isinstance(precision_bits, bool)
            or (precision_bits < 1)
        ):
            raise InvalidInputError(
                f"enclosure needs a positive int precision_bits, got {precision_bits!r}"
            )
        if not self.terms:
            return self.rational, self.rational
        lo, hi = self._fixed_enclosure(precision_bits)
        return Fraction(lo, 1 << precision_bits), Fraction(hi, 1 << precision_bits)

    def _refine(
        self,
        base_bits: int,
        decide: Callable[[int, int, int], _T | None],
        exact: Callable[[], _T],
        purpose: str,
    ) -> _T:
        """Ziv loop: enclose at rising precision until ``decide(lo, hi, F)`` answers.

        After ``ZIV_ZERO_TEST_BITS`` extra bits without an answer, test exactly whether the log part
        is zero (then ``exact()`` answers from the rational part); give up with ResourceLimitError
        after ``ZIV_MAX_EXTRA_BITS`` extra bits.  A non-zero log part makes the value irrational, so
        no rational boundary can stop the loop for ever; only the cap can.
        """
        extra = 8
        zero_tested = False
        while True:
            frac_bits = base_bits + extra
            lo, hi = self._fixed_enclosure(frac_bits)
            answer = decide(lo, hi, frac_bits)
            if answer is not None:
                return answer
            if not zero_tested and extra >= ZIV_ZERO_TEST_BITS:
                zero_tested = True
                if self._log_part_is_zero():
                    return exact()
            if extra >= ZIV_MAX_EXTRA_BITS:
                raise ResourceLimitError(
                    f"{purpose}: the value could not be separated from a rounding boundary "
                    f"with {frac_bits} bits (limit ZIV_MAX_EXTRA_BITS = {ZIV_MAX_EXTRA_BITS} "
                    "extra bits)"
                )
            extra *= 2

    def decimal(self, digits: int = 30) -> str:
        """The value with exactly ``digits`` digits after the point, correctly rounded to nearest.

        Every printed digit is certified.  Rounding to nearest is monotone, so when both ends of a
        rigorous enclosure round to the same string, so does every number between them, the value
        included; otherwise the precision is raised (Ziv's strategy).  A rational value is formatted
        exactly by ``fraction_to_decimal`` (ties to even); a non-zero log part makes the value
        irrational, so it is never a tie.

        >>> ClosedForm.log(2).decimal(30)
        '0.693147180559945309417232121458'
        >>> tie = ClosedForm.log(4) - 2 * ClosedForm.log(2) + Fraction(1, 8)  # exactly 0.125
        >>> tie.decimal(2)  # ties to even
        '0.12'

        Raises InvalidInputError for ``digits < 0``, TypeError for a non-int, ResourceLimitError
        past ``ZIV_MAX_EXTRA_BITS`` (see :meth:`_refine`).  Complexity: one enclosure (one log per
        term at about ``3.33 digits + log2(terms)`` bits) in all but near-tie cases.
        """
        if not isinstance(digits, int) or isinstance(digits, bool):
            raise TypeError(f"digits must be an int, got {type(digits).__name__}")
        if digits < 0:
            raise InvalidInputError(f"digits must be >= 0, got {digits}")
        if not self.terms:
            return fraction_to_decimal(self.rational, digits)

        def decide(lo: int, hi: int, frac_bits: int) -> str | None:
            low = fraction_to_decimal(Fraction(lo, 1 << frac_bits), digits)
            high = fraction_to_decimal(Fraction(hi, 1 << frac_bits), digits)
            return low if low == high else None

        base = _bits_for_digits(digits) + 2 * len(self.terms).bit_length() + _GUARD_BITS
        return self._refine(
            base, decide, lambda: fraction_to_decimal(self.rational, digits), "decimal"
        )

    def _sign(self) -> int:
        """-1, 0 or 1: the exact sign of the value (certified refinement, exact zero test)."""
        if not self.terms:
            return _sign(self.rational)

        def decide(lo: int, hi: int, frac_bits: int) -> int | None:
            if lo > 0:
                return 1
            if hi < 0:
                return -1
            return None

        base = 2 * len(self.terms).bit_length() + _GUARD_BITS + 24
        return self._refine(base, decide, lambda: _sign(self.rational), "comparison")

    def to_sympy(self) -> object:
        """A sympy expression ``Rational + sum(Rational * log(Rational))`` of the same value.

        Built with ``evaluate=False`` so it mirrors the terms one to one (sympy would otherwise
        rewrite ``log(1/2)`` as ``-log(2)`` and merge terms); ``sympy.N`` and ``simplify`` work on
        it.

        >>> import sympy
        >>> expression = ClosedForm.from_parts(Fraction(1, 3), [(2, Fraction(1, 2))]).to_sympy()
        >>> sympy.simplify(expression - (Fraction(1, 3) - 2 * sympy.log(2)))
        0

        Complexity O(n).
        """
        import sympy

        parts: list[object] = [sympy.Rational(self.rational.numerator, self.rational.denominator)]
        for coefficient, argument in self.terms:
            log = sympy.log(sympy.Rational(*argument.as_integer_ratio()), evaluate=False)
            factor = sympy.Rational(*coefficient.as_integer_ratio())
            parts.append(sympy.Mul(factor, log, evaluate=False))
        return sympy.Add(*parts, evaluate=False)

    def __float__(self) -> float:
        """The nearest float (a labelled approximation for display only, never used in computing).

        Refines a rigorous enclosure until both ends convert to the same float; after
        ``ZIV_ZERO_TEST_BITS`` extra bits a zero log part means the exact rational is converted, and
        past the cap the midpoint's float is returned (then possibly not the nearest).
        """
        if not self.terms:
            return float(self.rational)
        base = 2 * len(self.terms).bit_length() + _GUARD_BITS + 64
        extra = 8
        while extra <= ZIV_MAX_EXTRA_BITS:
            frac_bits = base + extra
            lo, hi = self._fixed_enclosure(frac_bits)
            low = float(Fraction(lo, 1 << frac_bits))
            if low == float(Fraction(hi, 1 << frac_bits)):
                return low
            if extra == ZIV_ZERO_TEST_BITS and self._log_part_is_zero():
                return float(self.rational)
            extra *= 2
        return float(Fraction(lo + hi, 2 << frac_bits))

    # ------------------------------------------------------------------------------ comparisons

    def __eq__(self, other: object) -> bool:
        """Mathematical equality with ClosedForm, Fraction and int values (exact, see the class)."""
        right = self._coerce(other)
        if right is None:
            return NotImplemented
        if self.rational != right.rational:
            return False  # the rational part is an invariant of the value (module docstring)
        if self.terms == right.terms:
            return True
        return ClosedForm._make(_ZERO, _merge_terms(self.terms, (-right).terms))._log_part_is_zero()

    def __hash__(self) -> int:
        return hash(self.rational)

    def __bool__(self) -> bool:
        return self != 0

    def _compare(self, other: object) -> int | None:
        right = self._coerce(other)
        if right is None:
            return None
        return (self - right)._sign()

    def __lt__(self, other: object) -> bool:
        order = self._compare(other)
        return NotImplemented if order is None else order < 0

    def __le__(self, other: object) -> bool:
        order = self._compare(other)
        return NotImplemented if order is None else order <= 0

    def __gt__(self, other: object) -> bool:
        order = self._compare(other)
        return NotImplemented if order is None else order > 0

    def __ge__(self, other: object) -> bool:
        order = self._compare(other)
        return NotImplemented if order is None else order >= 0

    # ---------------------------------------------------------------------------------- display

    def _pieces(self) -> Iterator[tuple[bool, str]]:
        """(negative, magnitude text) for the rational part (if non-zero) and each term."""
        if self.rational != 0 or not self.terms:
            yield self.rational < 0, str(abs(self.rational))
        for coefficient, argument in self.terms:
            magnitude = abs(coefficient)
            text = f"ln({argument})" if magnitude == 1 else f"{magnitude}*ln({argument})"
            yield coefficient < 0, text

    def __str__(self) -> str:
        """``7/5 + 3/2*ln(4/3) - 1/2*ln(7)``: exact, readable, not a Python expression."""
        out: list[str] = []
        for negative, text in self._pieces():
            if not out:
                out.append(f"-{text}" if negative else text)
            else:
                out.append(f" - {text}" if negative else f" + {text}")
        return "".join(out)

    def __repr__(self) -> str:
        return f"ClosedForm({self})"
