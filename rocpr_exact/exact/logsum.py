"""Rigorous fixed-point enclosures of a log part ``sum(c * ln a)`` with rational c and a > 0.

The certified numerics of a closed form (:mod:`rocpr_exact.exact.certify`) need, for a scale
``2^F``, integers ``(S, E)`` with ``|sum c_i ln a_i - S / 2^F| <= E / 2^F``.  python-flint's Arb
ball arithmetic computes them (:func:`log_sum_fixed_flint`), whose bound is Arb's proved ball
semantics (:func:`arb_fixed`).  python-flint is a core dependency; the former mpmath fallback,
whose bound rested on an assumption about mpmath's internals, is gone.  :data:`flint` is the
module for the *optional* fast paths (digamma differences, log steps, factoring): tests set it to
None to exercise their fallbacks; the log part always uses Arb (:data:`ARB`).
"""

from __future__ import annotations

import types
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import flint as _python_flint

#: python-flint (Arb), a core dependency: every log-part enclosure uses it.
ARB: types.ModuleType = _python_flint
#: python-flint for the fast paths that have an exact fallback; tests set it to None.
flint: types.ModuleType | None = _python_flint

__all__ = [
    "ARB",
    "GUARD_BITS",
    "LogSteps",
    "Term",
    "arb_fixed",
    "flint",
    "log_steps_fixed",
    "log_sum_fixed",
    "log_sum_fixed_flint",
]

#: A log term ``(coefficient, argument)`` meaning ``coefficient * ln(argument)``.
Term = tuple[Fraction, Fraction]

#: Guard bits added to every working precision.
GUARD_BITS = 16


def arb_fixed(total_at: Callable[[], Any], count: int, frac_bits: int) -> tuple[int, int]:
    """``(S, E)`` enclosing the real number that ``total_at()`` computes as an Arb ball.

    ``total_at()`` builds the value (a sum of ``count`` terms) at python-flint's current
    precision, which this sets (and restores: it is global).  The one conversion of an Arb ball
    to the fixed-point enclosures of :mod:`rocpr_exact.exact.certify`, shared by the log part
    (:func:`log_sum_fixed_flint`) and the digamma differences (:mod:`rocpr_exact.exact.digamma`).

    Why the bound is rigorous: every Arb operation (conversion of a rational, ``log``,
    ``digamma``, product, sum) returns a ball [mid +/- rad] that is *proved* to contain the exact
    result of the same operation applied to any points of the input balls (Johansson, "Arb:
    efficient arbitrary-precision midpoint-radius interval arithmetic", IEEE TC 2017).  The final
    ball therefore contains the exact value; ``mid`` and ``rad`` are dyadic, read exactly with
    ``man_exp``.  Flooring ``mid * 2^F`` loses less than one unit, and rounding ``rad * 2^F`` up
    loses nothing, hence ``E = ceil(rad 2^F) + 1``.

    Arb's precision is relative, so the working precision must exceed ``F`` by the magnitude of the
    largest term.  Rather than bound that term by term (slow in Python), start 64 bits above and, if
    the radius shows that the terms were larger, redo the sum once with the missing bits (the radius
    is about ``2^-working * sum |terms|``, so it measures them).  A radius still too wide after that
    gives a wider, still rigorous, enclosure.
    """
    context = ARB.ctx
    count_bits = count.bit_length()
    working = frac_bits + count_bits + GUARD_BITS + 64
    saved = context.prec
    try:
        for _attempt in range(2):
            context.prec = working  # python-flint's precision is global: set, then restore
            total = total_at()
            rad_man, rad_exp = (int(v) for v in total.rad().man_exp())
            excess = rad_man.bit_length() + rad_exp + frac_bits - count_bits - 4
            if excess <= 0:
                break
            working += excess + GUARD_BITS
        mid_man, mid_exp = (int(v) for v in total.mid().man_exp())
    finally:
        context.prec = saved
    shift = mid_exp + frac_bits
    scaled = mid_man << shift if shift >= 0 else mid_man >> -shift  # floor
    shift = rad_exp + frac_bits
    error = rad_man << shift if shift >= 0 else -((-rad_man) >> -shift)  # ceil
    return scaled, error + 1


def log_sum_fixed_flint(terms: tuple[Term, ...], frac_bits: int) -> tuple[int, int]:
    """Enclose the log part with Arb ball arithmetic (python-flint), by :func:`arb_fixed`.

    >>> s, e = log_sum_fixed_flint(((Fraction(1), Fraction(2)),), 20)
    >>> s - e <= 726817 <= s + e   # ln 2 * 2^20 = 726817.2...
    True
    """
    arb, fmpq = ARB.arb, ARB.fmpq

    def total_at() -> Any:
        total = arb(0)
        for coefficient, argument in terms:
            log = arb(fmpq(*argument.as_integer_ratio())).log()
            total += log * fmpq(*coefficient.as_integer_ratio())
        return total

    return arb_fixed(total_at, len(terms), frac_bits)


@dataclass(frozen=True, slots=True)
class LogSteps:
    """``sum of (numerators[j] / denominators[j]) (ln arguments[i] - ln arguments[i + 1])``,
    ``i = indices[j]``: a log part given by integer arrays, without building its terms.

    The log part of the ``continuous`` area is one such step per segment of the curve (the
    arguments are the TP + FP of its corners).  Denominators are positive; arguments used are
    positive integers.
    """

    arguments: Sequence[int]
    indices: Sequence[int]
    numerators: Sequence[int]
    denominators: Sequence[int]

    def __len__(self) -> int:
        return len(self.indices)


def log_steps_fixed(steps: LogSteps, frac_bits: int) -> tuple[int, int]:
    """``(S, E)`` enclosing the :class:`LogSteps` sum at scale ``2^F`` (Arb, :func:`arb_fixed`).

    Each step is one logarithm, of the quotient ``a_i / a_{i+1}`` (a ball: Arb's division
    of two exact integers), rather than two logarithms subtracted: measured, this is the
    faster way (about 0.6 of the time at n = 10^6, even with the logs of shared arguments
    reused) and the tighter ball (no cancellation of two logs of similar size).  The
    logarithm, the products by the integer numerators, the divisions by the integer
    denominators and the sum are balls too, so the enclosure is rigorous for the same reason
    as :func:`log_sum_fixed_flint`.  Needs python-flint.  Complexity: one logarithm per step,
    at about ``F + log2(len(steps))`` bits plus the size of the largest weight.

    >>> if flint is not None:   # 3 (ln 4 - ln 2) = 3 ln 2; 3 ln 2 * 2^20 = 2180451.6
    ...     s, e = log_steps_fixed(LogSteps([0, 4, 2], [1], [3], [1]), 20)
    ...     assert s - e <= 2180451 and 2180452 <= s + e
    """
    if not steps.indices:
        return 0, 0
    assert flint is not None, "log_steps_fixed needs python-flint"
    arb = flint.arb
    arguments = steps.arguments

    def total_at() -> Any:
        total = arb(0)
        for i, numerator, denominator in zip(
            steps.indices, steps.numerators, steps.denominators, strict=True
        ):
            log = (arb(arguments[i]) / arguments[i + 1]).log()
            total += log * numerator if denominator == 1 else log * numerator / denominator
        return total

    return arb_fixed(total_at, len(steps), frac_bits)


def log_sum_fixed(terms: tuple[Term, ...], frac_bits: int) -> tuple[int, int]:
    """``(S, E)`` with ``|sum c ln a - S / 2^F| <= E / 2^F``, by Arb (:func:`log_sum_fixed_flint`).

    ``E`` is a few units in all.  ``(0, 0)`` for no terms.  Complexity: one logarithm per term
    at about ``F`` bits.
    """
    if not terms:
        return 0, 0
    return log_sum_fixed_flint(terms, frac_bits)
