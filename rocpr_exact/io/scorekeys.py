"""Sort keys from exact score names: integers that order and tie exactly as the scores.

The second half of the vectorised CSV reader (:mod:`rocpr_exact.io.decimals` reads the
names (kind, h, P) of the scores; :mod:`rocpr_exact.io.fastcsv` sorts the keys made here).
A key is an integer per score, equal for equal values and ordered as the values, and
:meth:`SortKeys.value` gives the exact value of a key back (a threshold of the curve).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import numpy as np

from rocpr_exact.io.decimals import NAME_DIGITS, ScoreNames, value_of

__all__ = ["SortKeys", "sort_keys"]

_UNIT = np.uint64(10**NAME_DIGITS)
_TOP = 10**NAME_DIGITS - 1
#: Bands (kind, h) that fit one uint64 key band * 10**18 + P (18 * 10**18 < 2**64).
_MOST_BANDS = 18


class SortKeys:
    """One integer per score, ordered and equal exactly as the scores' values, and back.

    :func:`sort_keys` builds it; :meth:`value` turns a key back into the exact value.
    """

    __slots__ = ("_band_h", "_band_kind", "_lows", "_names", "keys")

    def __init__(
        self, keys: Any, band_kind: Any, band_h: Any, names: Any, lows: _Lows | None = None
    ) -> None:
        self.keys, self._band_kind, self._band_h, self._names = keys, band_kind, band_h, names
        self._lows = lows

    def value(self, key: int) -> Decimal:
        """The exact value of the score with this key."""
        if self._names is not None:  # keys are ranks into the distinct names
            kind, h, mantissa, low = (int(column[key]) for column in self._names)
            return value_of(kind, h, mantissa, low)
        band, part = divmod(key, 10**NAME_DIGITS)
        kind = int(self._band_kind[band])
        low = 0 if self._lows is None else self._lows.of(key)
        if kind == 1:  # the halves of a negative value are stored as 10**18 - 1 - half
            part, low = _TOP - part, (0 if self._lows is None else _TOP - low)
        return value_of(kind, int(self._band_h[band]), part, low)


class _Lows:
    """The low half of the mantissa of each key (equal keys have equal low halves).

    Found by a scan of the keys for the first few keys asked (a report asks a few
    thresholds), then by a binary search in the keys sorted once (a whole curve's thresholds).
    """

    __slots__ = ("_keys", "_low", "_scans", "_sorted")
    _SCANS = 16

    def __init__(self, keys: Any, low: Any) -> None:
        self._keys, self._low, self._scans, self._sorted = keys, low, 0, False

    def of(self, key: int) -> int:
        if not self._sorted and self._scans < self._SCANS:
            self._scans += 1
            return int(self._low[int(np.argmax(self._keys == np.uint64(key)))])
        if not self._sorted:
            order = np.argsort(self._keys)
            self._keys, self._low, self._sorted = self._keys[order], self._low[order], True
        return int(self._low[int(np.searchsorted(self._keys, np.uint64(key)))])


def sort_keys(names: ScoreNames) -> SortKeys:
    """Integer keys that order the scores of ``names`` as their exact values, ties exactly.

    The classes of magnitude (kind, h) present are numbered in value order: -inf, negatives
    from the largest h down, zero, positives from the smallest h up, +inf.  With at most 18
    classes and no score of more than 18 significant digits the key is
    ``class * 10**18 + part`` (a uint64; ``part`` is P, or ``10**18 - 1 - P`` for a negative
    value so that a larger P sorts lower).  With more digits the same key serves when rows of
    equal keys have equal low halves (:func:`_low_follows_key`: always so for float64s written
    out), the low halves kept for :meth:`SortKeys.value`.  Otherwise the key is the rank of
    the name among the distinct names: with at most 18 classes one argsort of that uint64 key
    and the low halves, else one lexicographic sort.  O(n log n) at most.  The names'
    mantissas are overwritten (the names are spent).

    >>> from rocpr_exact.io.decimals import read_scores
    >>> text = b"0.5-2inf0.500"
    >>> names = read_scores(np.frombuffer(text, np.uint8), np.array([0, 3, 5, 8]),
    ...                     np.array([3, 5, 8, 13]), 100)
    >>> k = sort_keys(names)
    >>> [k.value(int(key)) for key in k.keys]
    [Decimal('0.5'), Decimal('-2'), Decimal('Infinity'), Decimal('0.5')]
    >>> bool(k.keys[1] < k.keys[0] == k.keys[3] < k.keys[2])
    True
    """
    kind, h, mantissa, low = names.kind, names.h, names.mantissa, names.low
    negative = kind == 1
    finite = negative | (kind == 3)
    low_h, high_h = (int(h[finite].min()), int(h[finite].max())) if finite.any() else (0, 0)
    spread = high_h - low_h + 1
    if spread < 1 << 20:
        # The class of magnitude, numbered in value order (gaps allowed), in int32.
        code = np.where(negative, np.int32(high_h + 1) - h, h + np.int32(spread + 2 - low_h))
        code[kind == 0] = 0
        code[kind == 2] = spread + 1
        code[kind == 4] = 2 * spread + 2
        present = np.bincount(code, minlength=2 * spread + 3) > 0
        if int(present.sum()) <= _MOST_BANDS:
            codes = np.flatnonzero(present)
            keys = (np.cumsum(present) - 1).astype(np.uint64)[code]  # the band
            del code
            keys *= _UNIT
            # the part: P, or 10**18 - 1 - P for a negative value (in place: the names are spent)
            np.subtract(_TOP, mantissa, out=mantissa, where=negative)
            keys += mantissa.view(np.uint64)
            lows = None
            if low is not None:
                np.subtract(_TOP, low, out=low, where=negative)
                if not _low_follows_key(keys, low):
                    return _ranks(keys, low, kind, h, mantissa)
                lows = _Lows(keys, low)
            band_kind = np.select(
                [codes == 0, codes <= spread, codes == spread + 1, codes <= 2 * spread + 1],
                [0, 1, 2, 3],
                4,
            )
            band_h = np.where(band_kind == 1, high_h - (codes - 1), low_h + codes - spread - 2)
            return SortKeys(keys, band_kind, band_h, None, lows)
    code64 = np.where(negative, -h.astype(np.int64), h.astype(np.int64))
    part = np.where(negative, _TOP - mantissa, mantissa)
    if low is None:
        return _ranks_of(np.lexsort((part, code64, kind)), (kind, code64, part), names, None)
    rest = np.where(negative, _TOP - low, low)
    order = np.lexsort((rest, part, code64, kind))
    return _ranks_of(order, (kind, code64, part, rest), names, low)


def _low_follows_key(keys: Any, low: Any) -> bool:
    """Whether rows of equal keys have equal low halves: then the keys alone order and tie the
    values.  Always so for float64s written to 19 or 20 digits (two doubles differ by more
    than one unit of their 18th digit), and for any file where the keys never tie.

    One sort of the keys' values finds the tied keys; only when some tie, a binary search
    among the tied keys and a comparison of each tied row's low half with its group's.
    """
    ordered = np.sort(keys)
    tied = ordered[1:][ordered[1:] == ordered[:-1]]
    if not tied.shape[0]:
        return True
    tied = tied[np.concatenate(([True], tied[1:] != tied[:-1]))]  # distinct, ascending
    at = np.minimum(np.searchsorted(tied, keys), tied.shape[0] - 1)
    inside = tied[at] == keys
    groups, lows = at[inside], low[inside]
    reference = np.zeros(tied.shape[0], dtype=low.dtype)
    reference[groups] = lows  # one row's low half per group (the last written)
    return bool((reference[groups] == lows).all())


def _ranks(keys: Any, low: Any, kind: Any, h: Any, part: Any) -> SortKeys:
    """Ranks of (keys, low) among their distinct pairs: one sort of ``keys`` (uint64); the
    ties it leaves with different ``low`` (none for float64s written out) sorted again.
    ``part`` and ``low`` hold ``10**18 - 1 - half`` for negative values (``kind`` 1)."""
    order = np.argsort(keys)
    sorted_keys = keys[order]
    tied = sorted_keys[1:] == sorted_keys[:-1]
    sorted_low = low[order]
    if (tied & (sorted_low[1:] != sorted_low[:-1])).any():
        order = np.lexsort((low, keys))
        sorted_keys, sorted_low = keys[order], low[order]
        tied = sorted_keys[1:] == sorted_keys[:-1]
    new = np.ones(order.shape[0], dtype=bool)
    new[1:] = ~tied | (sorted_low[1:] != sorted_low[:-1])
    first = order[new]
    negative = kind[first] == 1
    halves = [np.where(negative, _TOP - column[first], column[first]) for column in (part, low)]
    return _ranked(order, new, (kind[first], h[first], *halves))


def _ranks_of(order: Any, columns: tuple[Any, ...], names: Any, low: Any) -> SortKeys:
    """Ranks of the names in ``order`` (a lexicographic order of ``columns``)."""
    new = np.zeros(order.shape[0], dtype=bool)
    new[:1] = True
    for column in columns:
        ordered = column[order]
        new[1:] |= ordered[1:] != ordered[:-1]
    first = order[new]
    rest = np.zeros(first.shape[0], dtype=np.int64) if low is None else low[first]
    return _ranked(order, new, (names.kind[first], names.h[first], names.mantissa[first], rest))


def _ranked(order: Any, new: Any, distinct: tuple[Any, ...]) -> SortKeys:
    """The ranks (a new rank where ``new`` in ``order``), with the ``distinct`` names' columns
    (one name per rank, in rank order)."""
    ranks = np.empty(order.shape[0], dtype=np.int64)
    ranks[order] = np.cumsum(new) - 1
    return SortKeys(ranks, None, None, distinct)
