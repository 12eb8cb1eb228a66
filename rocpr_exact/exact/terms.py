"""Canonical log-term tuples of a closed form: validation, normalisation, merging, text.

A :class:`~rocpr_exact.exact.closedform.ClosedForm` is ``rational + sum(c * ln a)`` with its terms
kept canonical: ``(c, a)`` pairs of Fractions, ``c != 0``, ``a > 0``, ``a != 1``, arguments strictly
ascending.  The functions here build, check and combine such tuples; the value type wraps them.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TypeGuard

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.logsum import Term
from rocpr_exact.exact.sums import sum_fractions

__all__ = [
    "as_fraction",
    "canonical_problem",
    "check_argument",
    "combine",
    "form_text",
    "is_scalar",
    "merge_terms",
    "normalise",
    "sorted_terms",
    "sympy_form",
]


def as_fraction(value: object, what: str) -> Fraction:
    """Return ``value`` as a Fraction, accepting only ints (not bools) and Fractions."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    raise InvalidInputError(
        f"ClosedForm {what} must be an int or a Fraction (exact values only), "
        f"got {type(value).__name__} {value!r}"
    )


def is_scalar(value: object) -> TypeGuard[Fraction | int]:
    """True for the exact scalars a ClosedForm combines with: Fractions and ints (not bools)."""
    return isinstance(value, Fraction) or (isinstance(value, int) and not isinstance(value, bool))


def _order_key(argument: Fraction) -> tuple[int, Fraction]:
    """Sort key equivalent to the order of the Fractions, but mostly compared as ints.

    ``floor(a 2^64)`` is non-decreasing in ``a``, and ties fall back to the exact Fraction;
    comparing Python ints is several times faster than comparing Fractions (cross products in Python
    code).
    """
    p, q = argument.as_integer_ratio()
    return (p << 64) // q, argument


def sorted_terms(merged: dict[Fraction, Fraction]) -> tuple[Term, ...]:
    """Canonical terms from ``{argument: coefficient}`` (zero coefficients dropped).

    >>> sorted_terms({Fraction(3): Fraction(1), Fraction(1, 2): Fraction(2), Fraction(5): 0})
    ((Fraction(2, 1), Fraction(1, 2)), (Fraction(1, 1), Fraction(3, 1)))
    """
    return tuple((merged[a], a) for a in sorted(merged, key=_order_key) if merged[a] != 0)


def combine(collected: dict[Fraction, list[Fraction]]) -> tuple[Term, ...]:
    """Canonical terms from coefficient lists keyed by argument (exact binary-splitting sums)."""
    return sorted_terms({a: sum_fractions(cs) for a, cs in collected.items()})


def merge_terms(left: tuple[Term, ...], right: tuple[Term, ...]) -> tuple[Term, ...]:
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


def check_argument(argument: Fraction | int) -> None:
    """Raise InvalidInputError unless ``argument > 0`` (ln is undefined elsewhere)."""
    if argument <= 0:
        raise InvalidInputError(
            f"ClosedForm needs positive log arguments (ln is undefined at {argument})"
        )


def normalise(
    rational: Fraction | int, terms: Iterable[tuple[Fraction | int, Fraction | int]]
) -> tuple[Fraction, tuple[Term, ...]]:
    """Canonical fields of ``rational + sum(c * ln(a) for c, a in terms)``.

    Terms with ``a == 1`` or ``c == 0`` vanish; equal arguments are merged by adding their
    coefficients (only equal ones: ``ln 4`` and ``ln 2`` stay separate terms).  Raises
    InvalidInputError for an argument <= 0 or a value that is not an int or Fraction.
    Complexity O(n log n) for n terms.
    """
    value = as_fraction(rational, "rational part")
    collected: dict[Fraction, list[Fraction]] = {}
    for pair in terms:
        try:
            raw_coefficient, raw_argument = pair
        except (TypeError, ValueError):
            raise InvalidInputError(
                f"ClosedForm terms must be (coefficient, argument) pairs, got {pair!r}"
            ) from None
        coefficient = as_fraction(raw_coefficient, "coefficient")
        argument = as_fraction(raw_argument, "argument")
        check_argument(argument)
        if argument != 1 and coefficient != 0:
            collected.setdefault(argument, []).append(coefficient)
    return value, combine(collected)


def canonical_problem(rational: object, terms: object) -> str | None:
    """Describe the first violated invariant of the fields, or return None when canonical.

    >>> canonical_problem(Fraction(1), ((Fraction(1), Fraction(3)), (Fraction(1), Fraction(2))))
    'arguments must be strictly ascending, got 3 then 2'
    """
    if not isinstance(rational, Fraction):
        return f"rational must be a Fraction, got {type(rational).__name__}"
    if not isinstance(terms, tuple):
        return f"terms must be a tuple, got {type(terms).__name__}"
    previous: Fraction | None = None
    for term in terms:
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


def form_text(rational: Fraction, terms: tuple[Term, ...]) -> str:
    """``7/5 + 3/2*ln(4/3) - 1/2*ln(7)``: exact, readable, not a Python expression.

    >>> form_text(Fraction(-1), ((Fraction(-3), Fraction(2)),)), form_text(Fraction(0), ())
    ('-1 - 3*ln(2)', '0')
    """
    pieces: list[tuple[bool, str]] = []
    if rational != 0 or not terms:
        pieces.append((rational < 0, str(abs(rational))))
    for coefficient, argument in terms:
        magnitude = abs(coefficient)
        text = f"ln({argument})" if magnitude == 1 else f"{magnitude}*ln({argument})"
        pieces.append((coefficient < 0, text))
    out: list[str] = []
    for negative, text in pieces:
        if not out:
            out.append(f"-{text}" if negative else text)
        else:
            out.append(f" - {text}" if negative else f" + {text}")
    return "".join(out)


def sympy_form(rational: Fraction, terms: tuple[Term, ...]) -> object:
    """A sympy expression ``Rational + sum(Rational * log(Rational))`` of the same value.

    Built with ``evaluate=False`` so it mirrors the terms one to one (sympy would otherwise
    rewrite ``log(1/2)`` as ``-log(2)`` and merge terms); ``sympy.N`` and ``simplify`` work on it.

    >>> import sympy
    >>> expression = sympy_form(Fraction(1, 3), ((Fraction(2), Fraction(1, 2)),))
    >>> sympy.simplify(expression - (Fraction(1, 3) - 2 * sympy.log(2)))
    0

    Complexity O(n).
    """
    import sympy

    parts: list[object] = [sympy.Rational(*rational.as_integer_ratio())]
    for coefficient, argument in terms:
        log = sympy.log(sympy.Rational(*argument.as_integer_ratio()), evaluate=False)
        factor = sympy.Rational(*coefficient.as_integer_ratio())
        parts.append(sympy.Mul(factor, log, evaluate=False))
    return sympy.Add(*parts, evaluate=False)
