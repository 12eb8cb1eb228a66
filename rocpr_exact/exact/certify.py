"""Certified evaluation: one Ziv loop over rigorous enclosures, with an exact zero test.

Every approximate view of an exact closed form ``rational + sum(c * ln a)`` (decimal digits, the
sign and hence comparisons, the nearest float, a tolerance check of another tool's value) is a
*decision* about the value.  :func:`refine` makes it: enclose the value in ``[lo, hi]`` at rising
precision (:func:`enclosure`, rigorous by :mod:`rocpr_exact.exact.logsum`) until a callback
``decide(lo, hi)`` gives an answer that holds for every number of the interval (Ziv's strategy).

Only a value *on* a decision boundary (a rounding tie, zero, a tolerance edge) can defeat the
loop, and boundaries are rational.  By Hermite-Lindemann (:mod:`rocpr_exact.exact.logalgebra`) a
form with a non-zero log part is irrational, so after ``ZIV_ZERO_TEST_BITS`` extra bits the loop
tests exactly whether the log part is zero and, if it is, answers from the rational part.  A
non-rational value is never on a boundary, but it can be arbitrarily close to one: past
``max_refinement_bits`` extra bits (:mod:`rocpr_exact.limits`) the loop raises
:class:`~rocpr_exact.errors.ResourceLimitError`.  Nothing is ever answered without a proof.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TypeVar

from rocpr_exact import limits
from rocpr_exact.errors import InvalidInputError, WrongTypeError
from rocpr_exact.exact.logalgebra import log_part_is_zero
from rocpr_exact.exact.logsum import GUARD_BITS, Term, log_sum_fixed
from rocpr_exact.exact.text import fraction_to_decimal

__all__ = [
    "ZIV_ZERO_TEST_BITS",
    "certified_decimal",
    "certified_sign",
    "enclosure",
    "fixed_enclosure",
    "refine",
    "ziv",
]

#: :func:`refine` runs the exact zero test of the log part once it has added this many bits of
#: working precision beyond the first attempt without deciding (or before giving up, if sooner).
ZIV_ZERO_TEST_BITS = 256

_T = TypeVar("_T")


def fixed_enclosure(rational: Fraction, terms: tuple[Term, ...], frac_bits: int) -> tuple[int, int]:
    """Integers ``lo <= hi`` with ``lo / 2^F <= value <= hi / 2^F`` (F = ``frac_bits``).

    >>> fixed_enclosure(Fraction(1, 3), (), 4)   # 16/3 = 5.33...
    (5, 6)
    """
    floor, remainder = divmod(rational.numerator << frac_bits, rational.denominator)
    scaled, error = log_sum_fixed(terms, frac_bits)
    return floor + scaled - error, floor + (1 if remainder else 0) + scaled + error


def enclosure(
    rational: Fraction, terms: tuple[Term, ...], precision_bits: int
) -> tuple[Fraction, Fraction]:
    """A rigorous lower and upper bound of ``rational + sum(c * ln a)``.

    Both bounds are multiples of ``2^-precision_bits``; the width is a few units of
    ``2^-precision_bits`` (Arb).  Without
    log terms the exact value is returned twice (a Fraction encloses itself).

    >>> lo, hi = enclosure(Fraction(0), ((Fraction(1), Fraction(2)),), 20)   # ln 2
    >>> lo <= Fraction(693147, 10**6) < hi and hi - lo < Fraction(1, 10**5)
    True
    >>> enclosure(Fraction(2, 3), (), 5)
    (Fraction(2, 3), Fraction(2, 3))

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
    if not terms:
        return rational, rational
    lo, hi = fixed_enclosure(rational, terms, precision_bits)
    return Fraction(lo, 1 << precision_bits), Fraction(hi, 1 << precision_bits)


def ziv(
    enclose: Callable[[int], tuple[int, int]],
    decide: Callable[[int, int, int], _T | None],
    settle: Callable[[], _T | None],
    purpose: str,
    base_bits: int = 64,
) -> _T:
    """Ziv's loop over fixed-point enclosures: the one refinement routine of the package.

    ``enclose(F)`` returns integers ``lo <= hi`` with ``lo / 2^F <= value <= hi / 2^F``;
    ``decide(lo, hi, F)`` must return an answer that is right for *every* number of that
    interval, or None.  ``F`` runs through ``base_bits + 8``, ``+ 16``, ``+ 32``, ...  Once, after
    ``ZIV_ZERO_TEST_BITS`` extra bits (or at the cap, if that is lower), ``settle()`` may answer
    by exact means (the zero test of a log part, the exact rational of a sum); None lets the
    refinement go on.  :func:`refine` (closed forms) and
    :func:`rocpr_exact.exact.fixed.certified_ratio_sum` (sums of ratios and digamma differences)
    are this loop with their own enclosures.

    >>> ziv(lambda f: (1 << f, 1 << f), lambda lo, hi, f: lo == hi or None, lambda: None, "one")
    True

    Raises ResourceLimitError (naming ``purpose``) when more than ``max_refinement_bits`` extra
    bits do not decide.
    """
    cap = limits.current().max_refinement_bits
    extra = 8
    settled = False
    while True:
        frac_bits = base_bits + extra
        lo, hi = enclose(frac_bits)
        answer = decide(lo, hi, frac_bits)
        if answer is not None:
            return answer
        at_cap = cap is not None and extra >= cap
        if not settled and (extra >= ZIV_ZERO_TEST_BITS or at_cap):
            settled = True
            answer = settle()
            if answer is not None:
                return answer
        if at_cap:
            raise limits.exceeded(
                "max_refinement_bits",
                f"{purpose}: separating the value from a decision boundary (rounding or "
                f"comparison) needs more than {frac_bits} bits, which",
            )
        extra *= 2


def refine(
    rational: Fraction,
    terms: tuple[Term, ...],
    decide: Callable[[Fraction, Fraction], _T | None],
    exact: Callable[[Fraction], _T],
    purpose: str,
    base_bits: int = 64,
) -> _T:
    """Decide a question about a closed form ``rational + sum(c * ln a)`` (:func:`ziv`).

    ``decide(lo, hi)`` must return an answer that is right for *every* number in ``[lo, hi]``, or
    None.  The enclosure is taken at ``base_bits + 8``, ``+ 16``, ``+ 32``, ... fraction bits.
    After ``ZIV_ZERO_TEST_BITS`` extra bits (or at the cap, if that is lower) the log part is
    tested exactly for zero; if it is zero, ``exact(rational)`` answers (the value is rational).

    >>> third = Fraction(1, 3)
    >>> refine(third, (), lambda lo, hi: lo if lo == hi else None, lambda r: r, "identity")
    Fraction(1, 3)
    >>> ln4_minus_2ln2 = ((Fraction(-2), Fraction(2)), (Fraction(1), Fraction(4)))
    >>> refine(third, ln4_minus_2ln2, lambda lo, hi: None, lambda r: r, "identity")
    Fraction(1, 3)

    Raises ResourceLimitError (naming ``purpose``) when more than ``max_refinement_bits`` extra
    bits do not decide.  Complexity: one enclosure in all but near-boundary cases; each retry
    doubles the extra bits.
    """

    def enclose(frac_bits: int) -> tuple[int, int]:
        return fixed_enclosure(rational, terms, frac_bits) if terms else (0, 0)

    def decide_fixed(lo: int, hi: int, frac_bits: int) -> _T | None:
        if not terms:  # a Fraction encloses itself
            return decide(rational, rational)
        return decide(Fraction(lo, 1 << frac_bits), Fraction(hi, 1 << frac_bits))

    def settle() -> _T | None:
        return exact(rational) if log_part_is_zero(terms) else None

    return ziv(enclose, decide_fixed, settle, purpose, base_bits)


def _bits_for_digits(digits: int) -> int:
    """An upper bound of ``digits * log2(10)``, in integers (log2(10) = 3.3219... < 10/3)."""
    return (10 * digits + 2) // 3 + 1


def certified_decimal(rational: Fraction, terms: tuple[Term, ...], digits: int) -> str:
    """The value with ``digits`` digits after the point, correctly rounded (ties to even).

    Rounding to nearest is monotone, so when both ends of an enclosure round to the same string,
    so does every number between them, the value included.  A rational value is a possible tie
    and is formatted exactly by ``fraction_to_decimal``; a non-zero log part makes the value
    irrational, so it is never a tie.

    >>> certified_decimal(Fraction(0), ((Fraction(1), Fraction(2)),), 10)   # ln 2
    '0.6931471806'
    >>> tie = ((Fraction(-2), Fraction(2)), (Fraction(1), Fraction(4)))   # 1/8 + ln 4 - 2 ln 2
    >>> certified_decimal(Fraction(1, 8), tie, 2)
    '0.12'

    Raises TypeError for a non-int ``digits``, InvalidInputError for ``digits < 0``,
    ResourceLimitError as :func:`refine`.  Complexity: one enclosure (one log per term at
    about ``3.33 digits + log2(terms)`` bits) in all but near-tie cases.
    """
    if not isinstance(digits, int) or isinstance(digits, bool):
        raise WrongTypeError(f"digits must be an int, got {type(digits).__name__}")
    if digits < 0:
        raise InvalidInputError(f"digits must be >= 0, got {digits}")
    if not terms:
        return fraction_to_decimal(rational, digits)

    def decide(lo: Fraction, hi: Fraction) -> str | None:
        low = fraction_to_decimal(lo, digits)
        return low if low == fraction_to_decimal(hi, digits) else None

    base = _bits_for_digits(digits) + 2 * len(terms).bit_length() + GUARD_BITS
    return refine(
        rational, terms, decide, lambda r: fraction_to_decimal(r, digits), "decimal", base
    )


def _sign(value: Fraction) -> int:
    return (value > 0) - (value < 0)


def certified_sign(rational: Fraction, terms: tuple[Term, ...]) -> int:
    """-1, 0 or 1: the exact sign of the value (refinement, then the exact zero test).

    >>> certified_sign(Fraction(-7, 10), ((Fraction(1), Fraction(2)),))   # ln 2 - 0.7 < 0
    -1
    >>> certified_sign(Fraction(0), ((Fraction(-2), Fraction(2)), (Fraction(1), Fraction(4))))
    0

    Raises ResourceLimitError as :func:`refine`.
    """
    if not terms:
        return _sign(rational)

    def decide(lo: Fraction, hi: Fraction) -> int | None:
        if lo > 0:
            return 1
        if hi < 0:
            return -1
        return None

    base = 2 * len(terms).bit_length() + GUARD_BITS + 24
    return refine(rational, terms, decide, _sign, "comparison", base)
