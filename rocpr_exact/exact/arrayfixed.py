"""Fixed-point sums of ratios held in numpy int64 arrays: the vectorised enclosure of a sum.

A sum ``sum of n_i / d_i`` (0 <= n_i < 2^63, 0 < d_i < 2^55) of a million terms is enclosed at
scale 2^B without one Python object per term: each quotient is expanded by long division in
int64 arrays, ``n_i 2^S = q_i d_i + r_i`` (S = 63 - the numerators' bits, so ``n_i 2^S`` fits
int64 and the one division gives the integer part and the first S bits) then, limb after limb
of ``L`` bits, ``r_i 2^L = l_ij d_i + r'_i``.  With ``d_i < 2^(63 - L)`` every ``r_i 2^L``
fits in int64, so each limb ``l_ij`` is the exact digit of ``n_i / d_i`` in base 2^L; the
digits of every limb position are added exactly (int64 sums split so that they cannot
overflow: :func:`_exact_sum`).  The integer ``F = sum_i floor(n_i 2^B' / d_i)`` (B' = S +
the limbs' bits, >= B) so computed satisfies ``F <= 2^B' sum <= F + m`` for m terms (each
floor loses less than one unit), the same rigorous bound as the Python loop of
:func:`rocpr_exact.exact.fixed.certified_ratio_sum`, which uses :meth:`ArrayRatios.enclose`
in its place.  Integer arithmetic only.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is a dependency; kept importable without it
    np = None  # type: ignore[assignment]

__all__ = ["MAX_DENOMINATOR_BITS", "ArrayRatios"]

#: Denominators must be below 2^MAX_DENOMINATOR_BITS (limbs of at least 8 bits).
MAX_DENOMINATOR_BITS = 55


class ArrayRatios:
    """The ratios ``numerators[i] / denominators[i]`` (int64 arrays) and a few ``extra`` pairs.

    Numerators are >= 0 and denominators in (0, 2^55) (checked); ``extra`` pairs are any
    integers with a positive denominator.  Iterating yields every pair as Python ints (the exact
    fallback sums them), so this is a :class:`~rocpr_exact.exact.fixed.RatioTerms`.

    >>> import numpy as np
    >>> terms = ArrayRatios(np.array([1, 1, 5]), np.array([3, 6, 2]), [(-1, 4)])
    >>> len(terms), list(terms)
    (4, [(1, 3), (1, 6), (5, 2), (-1, 4)])
    >>> terms.enclose(8)   # (1/3 + 1/6 + 5/2 - 1/4) 2^8 = 704
    (703, 705)

    Complexity: O(m (B / L)) int64 operations for m terms, B bits and L-bit limbs.
    """

    __slots__ = ("denominators", "extra", "numerators")

    def __init__(
        self, numerators: Any, denominators: Any, extra: Sequence[tuple[int, int]] = ()
    ) -> None:
        self.numerators = np.asarray(numerators, dtype=np.int64)
        self.denominators = np.asarray(denominators, dtype=np.int64)
        self.extra = list(extra)
        if self.numerators.shape != self.denominators.shape:
            raise ValueError("numerators and denominators differ in length")
        if self.numerators.size:
            if int(self.numerators.min()) < 0 or int(self.denominators.min()) <= 0:
                raise ValueError("array numerators must be >= 0 and denominators > 0")
            if int(self.denominators.max()).bit_length() > MAX_DENOMINATOR_BITS:
                raise ValueError(f"array denominators must be below 2^{MAX_DENOMINATOR_BITS}")

    def __len__(self) -> int:
        return int(self.numerators.shape[0]) + len(self.extra)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        yield from zip(self.numerators.tolist(), self.denominators.tolist(), strict=True)
        yield from self.extra

    def enclose(self, frac_bits: int) -> tuple[int, int]:
        """Integers ``lo <= hi`` with ``lo / 2^F <= sum <= hi / 2^F`` (F = ``frac_bits``)."""
        total, count, bits = self._scaled_sum(frac_bits)
        for numerator, denominator in self.extra:
            total += (numerator << bits) // denominator
        count += len(self.extra)
        shift = bits - frac_bits
        return total >> shift, -((-(total + count)) >> shift)

    def _scaled_sum(self, frac_bits: int) -> tuple[int, int, int]:
        """``(F, m, B')``: F = sum of floor(n_i 2^B' / d_i) over the arrays, B' >= frac_bits.

        The first division takes ``n_i 2^S`` with S as large as int64 allows (S = 63 - the
        numerators' bits), so the integer part and the first S bits come in one division;
        then limbs of L = 63 - the denominators' bits, one division each.
        """
        size = int(self.numerators.shape[0])
        if size == 0:
            return 0, 0, frac_bits
        den = self.denominators
        limb = 63 - int(den.max()).bit_length()  # r < d < 2^den_bits, so r << limb < 2^63
        first = 63 - int(self.numerators.max()).bit_length()  # n << first < 2^63
        limbs = max(0, -(-(frac_bits - first) // limb))
        remainder = self.numerators << first
        digit = np.empty_like(remainder)
        np.divmod(remainder, den, out=(digit, remainder))
        total = _exact_sum(digit) << (limbs * limb)
        for j in range(1, limbs + 1):  # in place: no new array per limb
            np.left_shift(remainder, limb, out=remainder)
            np.divmod(remainder, den, out=(digit, remainder))
            total += _exact_sum(digit) << ((limbs - j) * limb)
        return total, size, first + limbs * limb


def _exact_sum(values: Any) -> int:
    """The exact sum of non-negative int64 values, by int64 sums that cannot overflow.

    ``2^c`` values below ``2^b`` sum below ``2^(b + c)``: with b + c <= 62 the values are
    summed in int64 in chunks of 2^c (``np.add.reduceat``, no copy) and the chunks' sums added
    as Python ints; values too wide for chunks of 2^10 are split into their low 31 bits and
    the rest, each summed alike.
    """
    top = int(values.max())
    if top == 0:
        return 0
    size = int(values.shape[0])
    chunk_bits = 62 - top.bit_length()
    if size <= 1 << max(chunk_bits, 0):
        return int(values.sum(dtype=np.int64))
    if chunk_bits >= 10:
        starts = np.arange(0, size, 1 << chunk_bits)
        return sum(np.add.reduceat(values, starts).tolist())
    return _exact_sum(values & 0x7FFFFFFF) + (_exact_sum(values >> 31) << 31)
