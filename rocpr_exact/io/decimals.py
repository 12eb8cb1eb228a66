"""Decimal score texts and 0/1 label texts read exactly, many at once (numpy).

The vectorised half of the CSV reader (:mod:`rocpr_exact.io.fastcsv`).  Each field is a byte
range of one buffer; the fields are read column by column (character ``j`` of every field at
once) by a finite automaton that accepts exactly a subset of what the python reader accepts:

* scores: ``[ \\t]* [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)? [ \\t]*`` (the
  decimal grammar of :func:`rocpr_exact.exact.numbers.parse_number`, with the blanks
  ``str.strip(" \\t")`` removes) and ``[+-]?inf`` / ``[+-]?infinity`` in any case;
* labels: ``0``, ``1``, ``true``, ``false`` in any case, and ``0.``/``1.`` followed by zeros
  (``1.0``: a float column written out), between blanks.

A field outside the subset (a fraction ``p/q``, NaN, a number of more than 36 significant
digits, an exponent of more than 9 digits, a field longer than 40 characters, anything the
python reader refuses) is marked *not read*; the caller then reads the whole file with the
python reader, which accepts it or refuses it in its own words.  So acceptance and messages
are the python reader's by construction, and this module only has to be exact on what it
reads.  Every decimal a float64 writer prints is read: ``repr`` (at most 17 significant
digits), numpy's ``savetxt`` default ``%.18e`` (19), ``%.20g`` (20).

Exactness: a score is decided from its digits by integer arithmetic only.  A finite nonzero
score is ``sign * M * 10**X`` with ``M`` an integer of ``D <= 36`` digits (leading zeros
dropped, trailing ones kept).  The *order of magnitude* ``h = X + D`` and the 36-digit
*mantissa* ``P = M * 10**(36 - D)`` satisfy ``10**(h-1) <= |value| < 10**h`` and
``|value| = P * 10**(h - 36)``; ``P`` is kept as two int64 halves of 18 digits,
``P = high * 10**18 + low`` (``low`` is 0 for the numerals of at most 18 significant digits, and
then not stored: the short numerals cost what they cost before).  (sign, h, high, low) is a
unique name of the value (so two texts tie exactly when their names are equal: "0.5", "0.50"
and "5e-1" tie, "0.1" and "0.1000000000000000055511151231257827" do not) and orders values as
the tuple order does (with h, high and low negated for negative values).  No float is ever
formed.  :mod:`rocpr_exact.io.scorekeys` turns the names into sort keys.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import numpy as np

__all__ = [
    "MOST_DIGITS",
    "NAME_DIGITS",
    "ScoreNames",
    "read_labels",
    "read_scores",
    "value_of",
]

#: The significant digits each int64 half of a mantissa holds (10**18 < 2**63).
NAME_DIGITS = 18
#: The significant digits a name holds (two halves); longer numerals go to the python reader.
MOST_DIGITS = 2 * NAME_DIGITS
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

    ``kind``: 0 = -inf, 1 negative, 2 zero, 3 positive, 4 = +inf (int8); ``h`` (int32) and the
    mantissa's halves ``mantissa`` (the high 18 digits) and ``low`` (int64; None when every
    score has at most 18 significant digits) are 0 for zero and the infinities.
    """

    __slots__ = ("h", "kind", "low", "mantissa", "read")

    def __init__(self, kind: Any, h: Any, mantissa: Any, low: Any, read: Any) -> None:
        self.kind, self.h, self.mantissa, self.low, self.read = kind, h, mantissa, low, read


def _horner(digits: Any, chosen: Any, halves: bool) -> tuple[Any, Any, Any, Any]:
    """Per field: the integer the ``chosen`` digits write, how many were chosen, and how many
    significant ones, D (int8: at most 40 digits a field).

    With ``halves``, the first 18 significant digits make the first integer (``high``) and the
    next ones a second (``low``; None when no field has more than 18); otherwise every digit
    goes to the first.  Past 18 digits in a half the integer is wrong: the caller refuses such
    fields.  Leading zeros leave ``high`` at 0, so D counts from the first nonzero digit on.
    A field reaches 18 significant digits at its 18th character at the earliest: the second
    half is looked for only from there (the short numerals pay nothing for it).
    """
    n = digits.shape[1]
    high = np.zeros(n, dtype=np.int64)
    low = None
    grown = np.empty(n, dtype=np.int64)
    count = np.zeros(n, dtype=np.int8)
    significant = np.zeros(n, dtype=np.int8)
    for j in range(digits.shape[0]):
        here = chosen[j]
        if not here.any():
            continue
        into_high = here
        if halves and j >= NAME_DIGITS:
            full = here & (significant >= NAME_DIGITS)
            if full.any():
                low = np.zeros(n, dtype=np.int64) if low is None else low
                np.multiply(low, 10, out=grown)
                grown += digits[j]
                np.copyto(low, grown, where=full)
                into_high = here & ~full
        np.multiply(high, 10, out=grown)
        grown += digits[j]
        np.copyto(high, grown, where=into_high)
        count += here
        significant += here & (high != 0)
    return high, low, count, significant


def read_scores(padded: Any, starts: Any, ends: Any, longest_exponent: int) -> ScoreNames:
    """The exact names of the score fields ``padded[starts[i]:ends[i]]``.

    A field is read when the automaton accepts it, it has at most 36 significant digits, an
    exponent of at most 9 digits and of magnitude at most ``longest_exponent``, and at most
    40 characters.  ``padded`` ends with :data:`WIDEST` zero bytes.  O(n * width).
    """
    n = starts.shape[0]
    chars, states = _run(_SCORE, padded, starts, ends, S_START)
    if not states.shape[0]:
        empty = np.zeros(n, dtype=np.int64)
        return ScoreNames(empty.astype(np.int8), empty, empty, None, np.zeros(n, dtype=bool))
    values = chars - np.uint8(ord("0"))
    mantissa, low, _, significant = _horner(values, _IN_MANTISSA[states], True)
    fraction = (states == S_FRAC).sum(axis=0, dtype=np.int64)
    exponent, _, exponent_digits, _ = _horner(values, states == S_EXP, False)
    negative = (states == S_MINUS).any(axis=0)
    exponent[(states == S_EMINUS).any(axis=0)] *= -1
    infinite = _INFINITE[states[-1]]
    read = (
        _SCORE_FINAL[states[-1]]
        & (ends - starts <= WIDEST)
        & (significant <= MOST_DIGITS)
        & (exponent_digits <= 9)
        & (np.abs(exponent) <= longest_exponent)
    )
    # |value| = M * 10**(exponent - fraction), M of D digits: h = exponent - fraction + D
    # (|h| < 10**9 + 80: the exponent has 9 digits at most), and the halves left-aligned.
    h = (exponent - fraction + significant).astype(np.int32)
    mantissa *= _POW10[NAME_DIGITS - np.minimum(significant, NAME_DIGITS)]
    if low is not None:
        in_low = np.clip(significant.astype(np.int64) - NAME_DIGITS, 0, NAME_DIGITS)
        low *= _POW10[NAME_DIGITS - in_low]
        low[in_low == 0] = 0
    kind = np.where(negative, 1, 3).astype(np.int8)
    kind[mantissa == 0] = 2
    kind[infinite] = np.where(negative[infinite], 0, 4)
    flat = (kind == 0) | (kind == 2) | (kind == 4)
    h[flat] = 0
    mantissa[flat] = 0
    if low is not None:
        low[flat | ~read] = 0
        low = low if low.any() else None
    return ScoreNames(kind, h, mantissa, low, read)


def value_of(kind: int, h: int, mantissa: int, low: int = 0) -> Decimal:
    """The exact value of the name (kind, h, P = mantissa * 10**18 + low), as a Decimal (no
    trailing zeros).

    >>> value_of(3, 0, 5 * 10**17), value_of(1, -2, 125 * 10**15), value_of(4, 0, 0)
    (Decimal('0.5'), Decimal('-0.00125'), Decimal('Infinity'))
    >>> value_of(3, 0, 900000000000000022, 2 * 10**17)  # 9.000000000000000222e-01
    Decimal('0.9000000000000000222')
    """
    if kind in (0, 4):
        return Decimal("-Infinity" if kind == 0 else "Infinity")
    if kind == 2:
        return Decimal(0)
    digits = f"{mantissa:0{NAME_DIGITS}d}{low:0{NAME_DIGITS}d}".rstrip("0")
    return Decimal((1 if kind == 1 else 0, tuple(map(int, digits)), h - len(digits)))
