"""Exact closed forms ``rational + sum(coefficient * ln(argument))``: the value type.

The "continuous" area under a precision-recall curve (Davis & Goadrich 2006, Section 4;
docs/design.md, "Areas under the PR curve", ``continuous``) integrates precision along the
hyperbolic PR segments.
On a segment from ``A`` to ``B`` it is ``(1/P) [t/k - (c/k^2) ln(k t + c)]`` evaluated from ``TP_A``
to ``TP_B``, so a total area is a rational number plus a sum of rational multiples of logarithms of
rationals.  :class:`ClosedForm` keeps exactly that: no digit is ever rounded inside the value.

This module holds the value: construction, normalisation and merging, arithmetic, equality and
order, text.  The rest of the exact room does the work: decimals, signs and floats are certified by
one Ziv loop (:mod:`rocpr_exact.exact.certify`) over rigorous enclosures
(:mod:`rocpr_exact.exact.logsum`); exact questions (is the value rational? are two values equal?)
are answered by algebra (:mod:`rocpr_exact.exact.logalgebra`), where the two facts relied on here
are stated: Independence (logarithms of pairwise coprime integers > 1 are linearly independent
over Q) and Hermite-Lindemann (a non-zero log part is irrational, so the rational part of a
ClosedForm is an invariant of its *value*).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from rocpr_exact.errors import InvalidInputError, WrongTypeError
from rocpr_exact.exact import certify
from rocpr_exact.exact.logalgebra import log_part_is_zero, prime_exponents, rewrite_terms
from rocpr_exact.exact.logsum import GUARD_BITS, Term
from rocpr_exact.exact.sums import sum_fractions
from rocpr_exact.exact.terms import (
    canonical_problem,
    check_argument,
    combine,
    form_text,
    is_scalar,
    merge_terms,
    normalise,
    sorted_terms,
    sympy_form,
)

__all__ = ["ClosedForm", "Term"]


def _ordering(holds: Callable[[int, int], bool]) -> Callable[[ClosedForm, object], bool]:
    """A comparison method: ``holds(sign(self - other), 0)`` with the sign certified."""

    def compare(self: ClosedForm, other: object) -> bool:
        if (right := _coerce(other)) is None:
            return NotImplemented  # type: ignore[no-any-return]  # Python's protocol, not a bool
        difference = self - right
        return bool(holds(certify.certified_sign(difference.rational, difference.terms), 0))

    return compare


@dataclass(frozen=True, slots=True, eq=False)
class ClosedForm:
    """An exact real ``rational + sum(coefficient * ln(argument))`` (Davis & Goadrich 2006, §4).

    Immutable, canonical fields (:mod:`.terms`; InvalidInputError otherwise); build with
    :meth:`from_parts`, :meth:`log`, arithmetic, :meth:`sum`.  Equality is *mathematical*
    (Independence); ``hash(self.rational)`` is an invariant of the value (Hermite-Lindemann).

    >>> x = ClosedForm.from_parts(Fraction(7, 5), [(Fraction(3, 2), Fraction(4, 3)),
    ...                                             (Fraction(-1, 2), 7)])
    >>> x, x.decimal(20)
    (ClosedForm(7/5 + 3/2*ln(4/3) - 1/2*ln(7)), '0.85856803415001473861')
    >>> ClosedForm.log(6) == ClosedForm.log(2) + ClosedForm.log(3)
    True
    """

    rational: Fraction
    terms: tuple[Term, ...] = ()

    def __post_init__(self) -> None:
        if (problem := canonical_problem(self.rational, self.terms)) is not None:
            raise InvalidInputError(
                f"ClosedForm(rational, terms) needs canonical fields: {problem}; "
                "use ClosedForm.from_parts to normalise"
            )

    def _check(self) -> None:
        """Assert every structural invariant (called by the tests after each operation)."""
        problem = canonical_problem(self.rational, self.terms)
        assert problem is None, problem

    @classmethod
    def _make(cls, rational: Fraction, terms: tuple[Term, ...]) -> ClosedForm:
        """Build from fields already known to be canonical, skipping the O(n) check."""
        form = object.__new__(cls)
        object.__setattr__(form, "rational", rational)
        object.__setattr__(form, "terms", terms)
        return form

    @classmethod
    def from_integer_logs(cls, rational: Fraction, coefficients: dict[int, Fraction]) -> ClosedForm:
        """``rational + sum(c * ln(n) for n, c in coefficients.items())``, fast. O(n log n).

        >>> ClosedForm.from_integer_logs(Fraction(1, 2), {3: Fraction(2), 1: Fraction(5)})
        ClosedForm(1/2 + 2*ln(3))
        """
        for argument in coefficients:
            check_argument(argument)
        pairs = ((coefficients[n], Fraction(n)) for n in sorted(coefficients) if n != 1)
        return cls._make(rational, tuple((c, a) for c, a in pairs if c != 0))

    @classmethod
    def from_parts(
        cls,
        rational: Fraction | int = 0,
        terms: Iterable[tuple[Fraction | int, Fraction | int]] = (),
    ) -> ClosedForm:
        """Normalise ``rational + sum(c * ln(a) for c, a in terms)`` (:func:`.terms.normalise`).

        >>> ClosedForm.from_parts(1, [(2, 3), (1, Fraction(1, 2)), (-2, 3), (5, 1), (1, 4)])
        ClosedForm(1 + ln(1/2) + ln(4))
        """
        return cls._make(*normalise(rational, terms))

    @classmethod
    def log(cls, argument: Fraction | int, coefficient: Fraction | int = 1) -> ClosedForm:
        """Return ``coefficient * ln(argument)``; InvalidInputError when ``argument <= 0``. O(1).

        >>> ClosedForm.log(Fraction(3, 2), -2), ClosedForm.log(1)
        (ClosedForm(-2*ln(3/2)), ClosedForm(0))
        """
        return cls.from_parts(0, [(coefficient, argument)])

    @classmethod
    def sum(cls, values: Iterable[ClosedForm | Fraction | int]) -> ClosedForm:
        """Exact sum of forms, rationals, ints by binary splitting (:func:`.sums.sum_fractions`).

        >>> ClosedForm.sum([ClosedForm.log(2), Fraction(1, 3), ClosedForm.log(2, -1), 1])
        ClosedForm(4/3)
        """
        rationals: list[Fraction] = []
        collected: dict[Fraction, list[Fraction]] = {}
        for value in values:
            form = _as_form(value, "ClosedForm.sum adds")
            rationals.append(form.rational)
            for coefficient, argument in form.terms:
                collected.setdefault(argument, []).append(coefficient)
        return cls._make(sum_fractions(rationals), combine(collected))

    def __add__(self, other: ClosedForm | Fraction | int) -> ClosedForm:
        """Exact sum, O(n + m) (a merge of the sorted terms)."""
        if (right := _coerce(other)) is None:
            return NotImplemented
        terms = merge_terms(self.terms, right.terms)
        return ClosedForm._make(self.rational + right.rational, terms)

    __radd__ = __add__

    def __neg__(self) -> ClosedForm:
        return ClosedForm._make(-self.rational, tuple((-c, a) for c, a in self.terms))

    def __pos__(self) -> ClosedForm:
        return self

    def __sub__(self, other: ClosedForm | Fraction | int) -> ClosedForm:
        right = _coerce(other)
        return NotImplemented if right is None else self + (-right)

    def __rsub__(self, other: Fraction | int) -> ClosedForm:
        left = _coerce(other)
        return NotImplemented if left is None else left + (-self)

    def __mul__(self, other: Fraction | int) -> ClosedForm:
        """Product by a rational scalar (a product of two forms is not a ClosedForm). O(n)."""
        if not is_scalar(other):
            return NotImplemented
        factor = Fraction(other)
        terms = tuple((c * factor, a) for c, a in self.terms) if factor else ()
        return ClosedForm._make(self.rational * factor, terms)

    __rmul__ = __mul__

    def __truediv__(self, other: Fraction | int) -> ClosedForm:
        """Quotient by a non-zero rational scalar (ZeroDivisionError for 0, like Fraction)."""
        if not is_scalar(other):
            return NotImplemented
        if other == 0:
            raise ZeroDivisionError("ClosedForm division by zero")
        return self * (1 / Fraction(other))

    @property
    def is_rational(self) -> bool:
        """True when the value is rational (exactly: :func:`~.logalgebra.log_part_is_zero`).

        >>> (ClosedForm.log(8) - 3 * ClosedForm.log(2)).is_rational, ClosedForm.log(2).is_rational
        (True, False)
        """
        return log_part_is_zero(self.terms)

    def canonical_primes(self) -> ClosedForm:
        """The equal form over prime arguments: structurally unique for a value (Independence).

        ResourceLimitError past ``max_factor_bits`` (:func:`.logalgebra.prime_exponents`).

        >>> (ClosedForm.log(12) - ClosedForm.log(Fraction(1, 2))).canonical_primes()
        ClosedForm(3*ln(2) + ln(3))
        """
        merged = rewrite_terms(self.terms, prime_exponents(self.terms))
        return ClosedForm._make(self.rational, sorted_terms(merged))

    def enclosure(self, precision_bits: int) -> tuple[Fraction, Fraction]:
        """Rigorous bounds, multiples of ``2^-precision_bits`` (:func:`.certify.enclosure`)."""
        return certify.enclosure(self.rational, self.terms, precision_bits)

    def decimal(self, digits: int = 30) -> str:
        """``digits`` certified digits after the point (:func:`.certify.certified_decimal`).

        >>> ClosedForm.log(2).decimal(30)
        '0.693147180559945309417232121458'
        """
        return certify.certified_decimal(self.rational, self.terms, digits)

    def to_sympy(self) -> object:
        """A sympy expression of the same value, term for term (:func:`.terms.sympy_form`)."""
        return sympy_form(self.rational, self.terms)

    def __float__(self) -> float:
        """The nearest float, certified (:func:`.certify.refine`); for display only."""
        base = 2 * len(self.terms).bit_length() + GUARD_BITS + 64
        decide = lambda lo, hi: low if (low := float(lo)) == float(hi) else None  # noqa: E731
        return certify.refine(self.rational, self.terms, decide, float, "float", base)

    def __eq__(self, other: object) -> bool:
        """Mathematical equality with ClosedForm, Fraction and int values (exact, see the class)."""
        if (right := _coerce(other)) is None:
            return NotImplemented
        if self.rational != right.rational:
            return False  # the rational part is an invariant of the value (Hermite-Lindemann)
        return self.terms == right.terms or log_part_is_zero(
            merge_terms(self.terms, (-right).terms)
        )

    def __hash__(self) -> int:
        return hash(self.rational)

    def __bool__(self) -> bool:
        return self != 0

    # Order: the certified sign of the difference (:func:`.certify.certified_sign`).
    __lt__ = _ordering(operator.lt)
    __le__ = _ordering(operator.le)
    __gt__ = _ordering(operator.gt)
    __ge__ = _ordering(operator.ge)

    def __str__(self) -> str:
        """``7/5 + 3/2*ln(4/3) - 1/2*ln(7)``: exact, readable, not a Python expression."""
        return form_text(self.rational, self.terms)

    def __repr__(self) -> str:
        return f"ClosedForm({self})"


def _coerce(value: object) -> ClosedForm | None:
    """``value`` as a ClosedForm when it is one, an int or a Fraction, else None."""
    if is_scalar(value):
        return ClosedForm._make(Fraction(value), ())
    return value if isinstance(value, ClosedForm) else None


def _as_form(value: object, what: str) -> ClosedForm:
    """``value`` as a ClosedForm (ints and Fractions become rational forms), else TypeError."""
    if is_scalar(value):
        return ClosedForm._make(Fraction(value), ())
    if isinstance(value, ClosedForm):
        return value
    raise WrongTypeError(f"{what} ClosedForm, Fraction and int values, got {type(value).__name__}")
