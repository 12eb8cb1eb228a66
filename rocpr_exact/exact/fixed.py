"""Certified decimals of a sum of ratios (digamma differences, logs) by fixed-point integers.

A sum S = (sum of n_i / d_i + sum of q_j (psi(u_j + k_j) - psi(u_j))) / divisor (integers,
d_i > 0, divisor > 0) whose exact rational may have a huge denominator is enclosed without
building it: at scale 2^B each ratio is floored, floor(n_i 2^B / d_i), so the integer sum F
satisfies F <= 2^B sum <= F + m, m = the number of ratios (each floor loses less than 1); the
digamma differences add a rigorous Arb enclosure (S', E') at the same scale
(:mod:`rocpr_exact.exact.digamma`), and so do log steps sum w_j (ln a_i - ln a_{i+1})
(:func:`rocpr_exact.exact.logsum.log_steps_fixed`, the ``continuous`` area).  So S lies
in [F + S' - E', F + m + S' + E'] / (2^B divisor).
The decimal rounded to nearest (ties to even) at ``digits`` places is decided when that interval
holds no rounding boundary (an odd multiple of 10^-digits / 2); otherwise the project's one Ziv
loop (:func:`rocpr_exact.exact.certify.ziv`) adds bits, and after ``ZIV_ZERO_TEST_BITS`` extra
bits (the value may be a boundary itself: it is rational, or a closed form whose log part is
zero) the exact value decides.  Every returned digit is certified.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any, Protocol

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.arrayfixed import ArrayRatios
from rocpr_exact.exact.certify import ziv
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.digamma import DigammaTerm, digamma_sum_fixed
from rocpr_exact.exact.logsum import LogSteps, log_steps_fixed
from rocpr_exact.exact.sums import sum_ratios
from rocpr_exact.exact.text import fraction_to_decimal, scaled_to_decimal

try:  # optional speed-up, see README "Dependencies"
    import gmpy2

    _mpz: Any = gmpy2.mpz
except ImportError:  # pragma: no cover - exercised when gmpy2 is absent
    _mpz = int

__all__ = [
    "RatioTerms",
    "base_bits",
    "certified_ratio_sum",
    "decide_decimal",
    "denominator_bits",
    "enclose_terms",
]


class RatioTerms(Protocol):
    """Numerator/denominator pairs that can be counted and iterated again (a list, or an object
    whose ``__iter__`` starts over): each refinement iterates them once."""

    def __len__(self) -> int: ...

    def __iter__(self) -> Iterator[tuple[int, int]]: ...


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


def base_bits(terms: int, divisor: int, digits: int) -> int:
    """The first precision of :func:`certified_ratio_sum`'s loop for a sum of ``terms`` terms.

    The first enclosure (F = base + 8, :func:`ziv`) is at most 2^(bits(terms) + 1) units of
    2^-F wide, over the divisor: below 2^-16 of the decimal's last place, 10^-digits >
    2^-(3.3220 digits + 1), so it decides unless the value is that close to a boundary.
    """
    spare = max(max(terms, 1).bit_length() - divisor.bit_length(), 0)
    return digits * 3322 // 1000 + 1 + spare + 10


def enclose_terms(
    pairs: RatioTerms,
    digamma: tuple[DigammaTerm, ...],
    logs: LogSteps | None,
    frac_bits: int,
) -> tuple[int, int]:
    """Integers ``lo <= hi`` enclosing 2^F (sum of the ratios + digamma terms + log steps).

    Enclosures of consecutive parts of a sum add: the enclosure of the whole (the ranges of a
    distributed summary, :mod:`rocpr_exact.engines.shares`).
    """
    if isinstance(pairs, ArrayRatios):  # vectorised, same bound
        low, high = pairs.enclose(frac_bits)
    else:
        shift = _mpz(1) << frac_bits
        total = _mpz(0)
        for numerator, denominator in pairs:
            total += (numerator * shift) // denominator
        low, high = int(total), int(total) + len(pairs)
    scaled, error = digamma_sum_fixed(digamma, frac_bits)
    if logs is not None and len(logs):
        log_scaled, log_error = log_steps_fixed(logs, frac_bits)
        scaled, error = scaled + log_scaled, error + log_error
    return low + scaled - error, high + scaled + error


def decide_decimal(low: int, high: int, divisor: int, frac_bits: int, digits: int) -> str | None:
    """The decimal of every number of [low, high] / (2^F divisor) at ``digits`` places, or None.

    >>> decide_decimal(85, 86, 1, 8, 1)   # [0.332, 0.336] rounds to 0.3
    '0.3'
    """
    scaled = _decide(low, high, divisor << frac_bits, digits)
    if scaled is None or scaled < 0:
        return None
    return scaled_to_decimal(scaled, digits)


def certified_ratio_sum(
    pairs: RatioTerms,
    divisor: int,
    digits: int,
    *,
    digamma: tuple[DigammaTerm, ...] = (),
    logs: LogSteps | None = None,
    exact: Callable[[], Fraction | ClosedForm] | None = None,
) -> str:
    """The correctly rounded decimal of (sum of n/d + digamma terms + log steps) / divisor.

    Linear in the number of pairs and of digamma terms (at a precision of about 3.33 ``digits`` +
    log2(terms / divisor) + 18 bits), whatever k each digamma term stands for.  When the enclosures
    cannot decide (the value is a rounding boundary, or within about 2^-256 of one), ``exact()``
    (the exact value, default: the exact sum of the pairs over the divisor, with its
    ``max_sum_digits`` limit) decides; with digamma terms the caller must give it.  Values must be
    >= 0.  ``digamma`` and ``logs`` need python-flint (:func:`rocpr_exact.exact.digamma.available`);
    with ``logs``, ``exact()`` returns the value's :class:`ClosedForm`, whose own certified decimal
    then decides.

    >>> certified_ratio_sum([(1, 3), (1, 6)], 1, 3)   # 1/2
    '0.500'
    >>> certified_ratio_sum([(1, 8)], 1, 2)   # 0.125 is a tie: the exact sum rounds it to even
    '0.12'

    Raises ResourceLimitError from ``exact()`` or, past ``max_refinement_bits``, from the loop.
    """
    if (digamma or logs) and exact is None:
        raise InvalidInputError(
            "certified_ratio_sum with digamma or log terms needs the exact value"
        )
    steps = logs if logs is not None else LogSteps((), (), (), ())
    base = base_bits(len(pairs) + len(digamma) + len(steps), divisor, digits)

    def enclose(frac_bits: int) -> tuple[int, int]:
        return enclose_terms(pairs, digamma, steps, frac_bits)

    def decide(low: int, high: int, frac_bits: int) -> str | None:
        return decide_decimal(low, high, divisor, frac_bits, digits)

    def settle() -> str:
        value = exact() if exact is not None else sum_ratios(pairs) / divisor
        if isinstance(value, ClosedForm):
            return value.decimal(digits)
        return fraction_to_decimal(value, digits)

    return ziv(enclose, decide, settle, "decimal", base)
