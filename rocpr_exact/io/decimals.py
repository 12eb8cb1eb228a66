"""Decimal score texts and 0/1 label texts read exactly, many at once (numpy).

The vectorised half of the CSV reader (:mod:`rocpr_exact.io.fastcsv`).  Each field is a byte
range of one buffer; the fields are read column by column (character ``j`` of every field at
once) by a finite automaton that accepts exactly a subset of what the python reader accepts:

* scores: ``[ \\t]* [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)? [ \\t]*`` (the
  decimal grammar of :func:`rocpr_exact.exact.numbers.parse_number`, with the blanks
  ``str.strip(" \\t")`` removes) and ``[+-]?inf`` / ``[+-]?infinity`` in any case;
* labels: ``0``, ``1``, ``true``, ``false`` in any case, and ``0.``/``1.`` followed by zeros
  (``1.0``: a float column written out), between blanks.

A field outside the subset (a fraction ``p/q``, NaN, a number of more than 18 significant
digits, an exponent of more than 9 digits, a field longer than 40 characters, anything the
python reader refuses) is marked *not read*; the caller then reads the whole file with the
python reader, which accepts it or refuses it in its own words.  So acceptance and messages
are the python reader's by construction, and this module only has to be exact on what it
reads.

Exactness: a score is decided from its digits by integer arithmetic only.  A finite nonzero
score is ``sign * M * 10**X`` with ``M < 10**18`` (an int64); with trailing zeros removed from
``M`` and ``D`` its number of digits, the *order of magnitude* ``h = X + D`` and the 18-digit
*mantissa* ``P = M * 10**(18 - D)`` satisfy ``10**(h-1) <= |value| < 10**h`` and
``|value| = P * 10**(h - 18)``: (sign, h, P) is a unique name of the value (so two texts tie
exactly when their names are equal: "0.5", "0.50" and "5e-1" tie, "0.1" and
"0.1000000000000000055511151231257827" do not) and orders values as the tuple order does
(with h and P negated for negative values).  No float is ever formed.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import numpy as np

__all__ = [
    "NAME_DIGITS",
    "ScoreNames",
    "SortKeys",
    "read_labels",
    "read_scores",
    "sort_keys",
    "value_of",
]

#: The significant digits an int64 mantissa holds (10**18 < 2**63).
NAME_DIGITS = 18
#: Fields longer than this are left to the python reader.
WIDEST = 40
_POW10 = np.array([10**k for k in range(NAME_DIGITS + 1)], dtype=np.int64)

# -- the automata ---------------------------------------------------------------------------------

# Byte classes: end of field, blank, +, the digits 0, 1 and 2-9, point, e, -, letters, other.
_PAD, _BLANK, _PLUS, _ZERO, _ONE, _DIGIT, _POINT, _E, _MINUS = range(9)
_LETTERS = "inftyrulas"  # i n f t y (infinity) r u l a s (true, false)
_OTHER = 9 + len(_LETTERS)
_CLASS = np.full(256, _OTHER, dtype=np.uint8)  # a NUL byte in a field is no padding
_CLASS[[ord(" "), ord("\t")]] = _BLANK
_CLASS[ord("+")] = _PLUS
_CLASS[ord("-")] = _MINUS
_CLASS[ord("0")] = _ZERO
_CLASS[ord("1")] = _ONE
_CLASS[ord("2") : ord("9") + 1] = _DIGIT
_CLASS[ord(".")] = _POINT
_CLASS[[ord("e"), ord("E")]] = _E
for _k, _c in enumerate(_LETTERS):
    _CLASS[[ord(_c), ord(_c.upper())]] = 9 + _k
_SHIFT = 5  # a table row per state: index = state << 5 | class


def _letter(c: str) -> int:
    return 9 + _LETTERS.index(c)


#: The state a field is in after its end: its last state + 32 (so no state of the padding
#: looks like a digit just read).
_ENDED = 32


def _automaton(edges: dict[int, dict[int, int]], states: int) -> Any:
    """The flat transition table: listed edges; the padding after a field moves state s to
    ``s + _ENDED`` and keeps it there; everything else is dead (0).

    A class ``_DIGIT`` edge also serves the digits 0 and 1 unless they have their own edges.
    """
    table = np.zeros((2 * _ENDED) << _SHIFT, dtype=np.uint8)
    for state in range(1, states):
        row = state << _SHIFT
        table[row + _PAD] = state + _ENDED
        table[((state + _ENDED) << _SHIFT) + _PAD] = state + _ENDED
        for klass, target in edges.get(state, {}).items():
            for each in (_ZERO, _ONE, _DIGIT) if klass == _DIGIT else (klass,):
                table[row + each] = target
        for klass, target in edges.get(state, {}).items():
            if klass in (_ZERO, _ONE):
                table[row + klass] = target
    return table


def _final(*states: int) -> Any:
    """A lookup table: True for ``states`` and for the same states after the field's end."""
    table = np.zeros(2 * _ENDED, dtype=bool)
    table[list(states)] = True
    table[[state + _ENDED for state in states]] = True
    return table


# Score states (0 = dead).  Each state says what was just read: a mantissa digit (S_INT,
# S_FRAC), an exponent digit (S_EXP), a minus sign (S_MINUS, S_EMINUS), so the digits and
# signs are found from the states alone.
(S_START, S_PLUS, S_MINUS, S_INT, S_INT_POINT, S_DOT, S_FRAC) = range(1, 8)
(S_E, S_EPLUS, S_EMINUS, S_EXP, S_TRAIL) = range(8, 13)
(S_I, S_IN, S_INF, S_INFI, S_INFIN, S_INFINI, S_INFINIT, S_INFINITY, S_INF_TRAIL) = range(13, 22)
_SIGNED = {_DIGIT: S_INT, _POINT: S_DOT, _letter("i"): S_I}
_SCORE = _automaton(
    {
        S_START: {_BLANK: S_START, _PLUS: S_PLUS, _MINUS: S_MINUS, **_SIGNED},
        S_PLUS: _SIGNED,
        S_MINUS: _SIGNED,
        S_INT: {_DIGIT: S_INT, _POINT: S_INT_POINT, _E: S_E, _BLANK: S_TRAIL},
        S_INT_POINT: {_DIGIT: S_FRAC, _E: S_E, _BLANK: S_TRAIL},
        S_DOT: {_DIGIT: S_FRAC},
        S_FRAC: {_DIGIT: S_FRAC, _E: S_E, _BLANK: S_TRAIL},
        S_E: {_PLUS: S_EPLUS, _MINUS: S_EMINUS, _DIGIT: S_EXP},
        S_EPLUS: {_DIGIT: S_EXP},
        S_EMINUS: {_DIGIT: S_EXP},
        S_EXP: {_DIGIT: S_EXP, _BLANK: S_TRAIL},
        S_TRAIL: {_BLANK: S_TRAIL},
        S_I: {_letter("n"): S_IN},
        S_IN: {_letter("f"): S_INF},
        S_INF: {_letter("i"): S_INFI, _BLANK: S_INF_TRAIL},
        S_INFI: {_letter("n"): S_INFIN},
        S_INFIN: {_letter("i"): S_INFINI},
        S_INFINI: {_letter("t"): S_INFINIT},
        S_INFINIT: {_letter("y"): S_INFINITY},
        S_INFINITY: {_BLANK: S_INF_TRAIL},
        S_INF_TRAIL: {_BLANK: S_INF_TRAIL},
    },
    22,
)
_SCORE_FINAL = _final(S_INT, S_INT_POINT, S_FRAC, S_EXP, S_TRAIL, S_INF, S_INFINITY, S_INF_TRAIL)
_INFINITE = _final(S_INF, S_INFINITY, S_INF_TRAIL)
_IN_MANTISSA = np.zeros(2 * _ENDED, dtype=bool)  # a mantissa digit was just read
_IN_MANTISSA[[S_INT, S_FRAC]] = True

# Label states: 0/1, their "." and zeros, true, false.
(L_START, L_ZERO, L_ONE, L_ZERO_DOT, L_ONE_DOT, L_TRAIL0, L_TRAIL1) = range(1, 8)
L_T, L_TR, L_TRU, L_F, L_FA, L_FAL, L_FALS = range(8, 15)
_LABEL = _automaton(
    {
        L_START: {
            _BLANK: L_START,
            _ZERO: L_ZERO,
            _ONE: L_ONE,
            _letter("t"): L_T,
            _letter("f"): L_F,
        },
        L_ZERO: {_POINT: L_ZERO_DOT, _BLANK: L_TRAIL0},
        L_ONE: {_POINT: L_ONE_DOT, _BLANK: L_TRAIL1},
        L_ZERO_DOT: {_ZERO: L_ZERO_DOT, _BLANK: L_TRAIL0},
        L_ONE_DOT: {_ZERO: L_ONE_DOT, _BLANK: L_TRAIL1},
        L_TRAIL0: {_BLANK: L_TRAIL0},
        L_TRAIL1: {_BLANK: L_TRAIL1},
        L_T: {_letter("r"): L_TR},
        L_TR: {_letter("u"): L_TRU},
        L_TRU: {_E: L_TRAIL1},
        L_F: {_letter("a"): L_FA},
        L_FA: {_letter("l"): L_FAL},
        L_FAL: {_letter("s"): L_FALS},
        L_FALS: {_E: L_TRAIL0},
    },
    15,
)
_LABEL_ZERO = _final(L_ZERO, L_ZERO_DOT, L_TRAIL0)
_LABEL_ONE = _final(L_ONE, L_ONE_DOT, L_TRAIL1)


def _run(table: Any, padded: Any, starts: Any, ends: Any, start: int) -> tuple[Any, Any]:
    """The automaton ``table`` over the fields ``padded[starts[i]:ends[i]]``.

    Returns the fields' characters and classes (one row per character position, one column
    per field, padding past a field's end) and the state after each character.  ``padded``
    ends with :data:`WIDEST` zero bytes.  O(n * width).
    """
    lengths = ends - starts
    width = min(int(lengths.max()) if lengths.size else 0, WIDEST)
    windows = np.lib.stride_tricks.sliding_window_view(padded, max(width, 1))
    chars = np.ascontiguousarray(windows[starts][:, :width].T)  # (width, n)
    classes = _CLASS[chars]
    classes[np.arange(width, dtype=np.int64)[:, None] >= lengths] = _PAD
    states = np.empty_like(chars)
    state = np.full(starts.shape[0], start, dtype=np.uint16)
    for j in range(width):
        state <<= _SHIFT
        state |= classes[j]
        states[j] = table.take(state)
        state[:] = states[j]
    return chars, states


def read_labels(padded: Any, starts: Any, ends: Any) -> tuple[Any, Any]:
    """(labels as int8 0/1, read) for the fields ``padded[starts[i]:ends[i]]``.

    ``read[i]`` is False where the field is outside the label subset (module docstring).
    """
    _, states = _run(_LABEL, padded, starts, ends, L_START)
    final = states[-1] if states.shape[0] else np.full(starts.shape[0], L_START, np.uint8)
    zero, one = _LABEL_ZERO[final], _LABEL_ONE[final]
    return one.astype(np.int8), (zero | one) & (ends - starts <= WIDEST)


class ScoreNames:
    """The exact names (kind, h, P) of many scores (module docstring), and which were read.

    ``kind``: 0 = -inf, 1 negative, 2 zero, 3 positive, 4 = +inf (int8); ``h`` (int32) and
    ``P`` (int64) are 0 for zero and the infinities.
    """

    __slots__ = ("h", "kind", "mantissa", "read")

    def __init__(self, kind: Any, h: Any, mantissa: Any, read: Any) -> None:
        self.kind, self.h, self.mantissa, self.read = kind, h, mantissa, read


def _horner(digits: Any, chosen: Any) -> tuple[Any, Any, Any]:
    """Per field: the integer the ``chosen`` digits write (wrong past 18 significant digits,
    which the caller refuses), how many were chosen, and how many significant ones (int8:
    at most 40 digits a field)."""
    n = digits.shape[1]
    value = np.zeros(n, dtype=np.int64)
    grown = np.empty(n, dtype=np.int64)
    count = np.zeros(n, dtype=np.int8)
    significant = np.zeros(n, dtype=np.int8)
    for j in range(digits.shape[0]):
        here = chosen[j]
        if not here.any():
            continue
        np.multiply(value, 10, out=grown)
        grown += digits[j]
        np.copyto(value, grown, where=here)
        count += here
        significant += here & (value != 0)
    return value, count, significant


def read_scores(padded: Any, starts: Any, ends: Any, longest_exponent: int) -> ScoreNames:
    """The exact names of the score fields ``padded[starts[i]:ends[i]]``.

    A field is read when the automaton accepts it, it has at most 18 significant digits, an
    exponent of at most 9 digits and of magnitude at most ``longest_exponent``, and at most
    40 characters.  ``padded`` ends with :data:`WIDEST` zero bytes.  O(n * width).
    """
    n = starts.shape[0]
    chars, states = _run(_SCORE, padded, starts, ends, S_START)
    if not states.shape[0]:
        empty = np.zeros(n, dtype=np.int64)
        return ScoreNames(empty.astype(np.int8), empty, empty, np.zeros(n, dtype=bool))
    values = chars - np.uint8(ord("0"))
    mantissa, _, significant = _horner(values, _IN_MANTISSA[states])
    fraction = (states == S_FRAC).sum(axis=0, dtype=np.int64)
    exponent, exponent_digits, _ = _horner(values, states == S_EXP)
    negative = (states == S_MINUS).any(axis=0)
    exponent[(states == S_EMINUS).any(axis=0)] *= -1
    infinite = _INFINITE[states[-1]]
    read = (
        _SCORE_FINAL[states[-1]]
        & (ends - starts <= WIDEST)
        & (significant <= NAME_DIGITS)
        & (exponent_digits <= 9)
        & (np.abs(exponent) <= longest_exponent)
    )
    scale = exponent - fraction
    # Trailing zeros out of the mantissa: P and h are then unique for each value.
    for _ in range(NAME_DIGITS):
        zeros = (mantissa != 0) & (mantissa % 10 == 0)
        if not zeros.any():
            break
        mantissa[zeros] //= 10
        scale += zeros
    digits = np.searchsorted(_POW10, mantissa, side="right")  # digits of M (0 for M = 0)
    h = (scale + digits).astype(np.int32)  # |h| < 10**9 + 60: the exponent has 9 digits at most
    mantissa *= _POW10[NAME_DIGITS - np.minimum(digits, NAME_DIGITS)]
    kind = np.where(negative, 1, 3).astype(np.int8)
    kind[mantissa == 0] = 2
    kind[infinite] = np.where(negative[infinite], 0, 4)
    flat = (kind == 0) | (kind == 2) | (kind == 4)
    h[flat] = 0
    mantissa[flat] = 0
    return ScoreNames(kind, h, mantissa, read)


def value_of(kind: int, h: int, mantissa: int) -> Decimal:
    """The exact value of the name (kind, h, P), as a Decimal (no trailing zeros).

    >>> value_of(3, 0, 5 * 10**17), value_of(1, -2, 125 * 10**15), value_of(4, 0, 0)
    (Decimal('0.5'), Decimal('-0.00125'), Decimal('Infinity'))
    """
    if kind in (0, 4):
        return Decimal("-Infinity" if kind == 0 else "Infinity")
    if kind == 2:
        return Decimal(0)
    digits = str(mantissa).rstrip("0")
    return Decimal((1 if kind == 1 else 0, tuple(map(int, digits)), h - len(digits)))


# -- sorting by exact value ---------------------------------------------------------------------

_UNIT = np.uint64(10**NAME_DIGITS)
#: Bands (kind, h) that fit one uint64 key band * 10**18 + P (18 * 10**18 < 2**64).
_MOST_BANDS = 18


class SortKeys:
    """One integer per score, ordered and equal exactly as the scores' values, and back.

    :func:`sort_keys` builds it; :meth:`value` turns a key back into the exact value.
    """

    __slots__ = ("_band_h", "_band_kind", "_names", "keys")

    def __init__(self, keys: Any, band_kind: Any, band_h: Any, names: Any) -> None:
        self.keys, self._band_kind, self._band_h, self._names = keys, band_kind, band_h, names

    def value(self, key: int) -> Decimal:
        """The exact value of the score with this key."""
        if self._names is not None:  # keys are ranks into the distinct names
            kind, h, mantissa = (int(column[key]) for column in self._names)
            return value_of(kind, h, mantissa)
        band, part = divmod(key, 10**NAME_DIGITS)
        kind = int(self._band_kind[band])
        mantissa = 10**NAME_DIGITS - 1 - part if kind == 1 else part
        return value_of(kind, int(self._band_h[band]), mantissa)


def sort_keys(names: ScoreNames) -> SortKeys:
    """Integer keys that order the scores of ``names`` as their exact values, ties exactly.

    The classes of magnitude (kind, h) present are numbered in value order: -inf, negatives
    from the largest h down, zero, positives from the smallest h up, +inf.  With at most 18
    classes the key is ``class * 10**18 + part`` (a uint64; ``part`` is P, or
    ``10**18 - 1 - P`` for a negative value so that a larger P sorts lower); otherwise the key
    is the rank of the name among the distinct names (one lexicographic sort).  O(n log n)
    at most.  The names' mantissas are overwritten (the names are spent).

    >>> import numpy as np
    >>> text = b"0.5-2inf0.500"
    >>> names = read_scores(np.frombuffer(text, np.uint8), np.array([0, 3, 5, 8]),
    ...                     np.array([3, 5, 8, 13]), 100)
    >>> k = sort_keys(names)
    >>> [k.value(int(key)) for key in k.keys]
    [Decimal('0.5'), Decimal('-2'), Decimal('Infinity'), Decimal('0.5')]
    >>> bool(k.keys[1] < k.keys[0] == k.keys[3] < k.keys[2])
    True
    """
    kind, h, mantissa = names.kind, names.h, names.mantissa
    negative = kind == 1
    finite = negative | (kind == 3)
    low, high = (int(h[finite].min()), int(h[finite].max())) if finite.any() else (0, 0)
    spread = high - low + 1
    if spread < 1 << 20:
        # The class of magnitude, numbered in value order (gaps allowed), in int32.
        code = np.where(negative, np.int32(high + 1) - h, h + np.int32(spread + 2 - low))
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
            np.subtract(10**NAME_DIGITS - 1, mantissa, out=mantissa, where=negative)
            keys += mantissa.view(np.uint64)
            band_kind = np.select(
                [codes == 0, codes <= spread, codes == spread + 1, codes <= 2 * spread + 1],
                [0, 1, 2, 3],
                4,
            )
            band_h = np.where(band_kind == 1, high - (codes - 1), low + codes - spread - 2)
            return SortKeys(keys, band_kind, band_h, None)
    code64 = np.where(negative, -h.astype(np.int64), h.astype(np.int64))
    part = np.where(negative, 10**NAME_DIGITS - 1 - mantissa, mantissa)
    order = np.lexsort((part, code64, kind))
    columns = [kind[order], code64[order], part[order]]
    new = np.zeros(order.shape[0], dtype=bool)
    new[:1] = True
    for column in columns:
        new[1:] |= column[1:] != column[:-1]
    ranks = np.empty(order.shape[0], dtype=np.int64)
    ranks[order] = np.cumsum(new) - 1
    first = order[new]
    return SortKeys(ranks, None, None, (kind[first], h[first], mantissa[first]))
