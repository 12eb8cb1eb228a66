"""The greatest DeLong variance at each AUC, exact far past the whole programme.

With S of :mod:`~rocpr_exact.consistency.delong_extremes` (var = (S - (P + N - 2) m^2) / L,
S = sum over tie groups of P (N - 1) a C^2 + N (P - 1) b D^2), the greatest S among every
ranking with 2U = m is attained by a ranking whose only ties are single tied pairs (one
positive and one negative).  Proof: take a tie group of a positives and b negatives with
x = 2 (negatives below it) and y = 2 (positives above it), so its positives have C = x + b and
its negatives D = y + a, and rewrite it without changing any other item's C or D, nor m:

* a even: a/2 positives, the b negatives, a/2 positives.  The negatives keep D = y + a; the
  positives get x + 2b and x, whose squares add a b^2 > 0 to sum C^2.
* a odd, b even: b/2 negatives, the a positives, b/2 negatives.  C stays; the negatives get
  y and y + 2a, adding b a^2 > 0 to sum D^2.
* a, b odd: (a - 1)/2 positives, (b - 1)/2 negatives, one tied pair, (b - 1)/2 negatives,
  (a - 1)/2 positives.  The positives get x + 2b, x + b (the pair's) and x, adding
  (a - 1) b^2 >= 0; the negatives y + a - 1, y + a, y + a + 1, adding b - 1 >= 0.

Each sum of placements is kept (so m, and every item outside the group, is unchanged) and each
sum of squares grows or stays, and P (N - 1), N (P - 1) > 0: S does not fall.  So the greatest
S at every m is that of a programme over (tp, fp, m) whose steps are one positive, one negative
or one tied pair (:func:`~.delong_extremes.group_sums` of (1, 0), (0, 1), (1, 1)): every path
is a ranking, and among the paths are rankings attaining the greatest S.  It costs three
array updates per (tp, fp), (P + 1)(N + 1)(2 P N + 1) cells (P = N = 50: 13 million),
against about P N / 4 times that for the least (which needs every tie group: all scores tied
give variance 0), so it runs up to :data:`GREATEST_CELLS`.
tests/consistency/test_delong_greatest.py checks it against the whole programme's greatest
(every ranking, ties included) at every m, P, N <= 12, and the rankings walked back with
:func:`rocpr_exact.areas.variance.auc_variance`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from rocpr_exact.consistency.delong_extremes import group_sums, variance_of
from rocpr_exact.consistency.engine.protocol import Group

__all__ = [
    "GREATEST_CELLS",
    "PAIR_CELLS",
    "greatest_fit",
    "greatest_ranking",
    "greatest_s",
    "greatest_variance",
    "pair_fit",
    "pair_sums",
]

#: The largest programme (cells of its int8 table of steps; the sums are kept two rows at a
#: time): P = N = 82, the Lagrangian bound's limit, is 92 million (about 3 s).
GREATEST_CELLS = 100_000_000

#: The largest pair of tables of :func:`pair_sums` (int64 cells each): P = N = 50 (13 million).
PAIR_CELLS = 14_000_000

_LOW = -(1 << 62)  # "no path reaches it"
_HIGH = 1 << 62
_STEPS = ((1, 0), (0, 1), (1, 1))


def greatest_fit(p: int, n: int) -> bool:
    """Whether the programme of P and N is within :data:`GREATEST_CELLS` (P, N >= 2)."""
    return p >= 2 and n >= 2 and (p + 1) * (n + 1) * (2 * p * n + 1) <= GREATEST_CELLS


@lru_cache(maxsize=1)
def _programme(p: int, n: int) -> tuple[Any, Any]:
    """(greatest S at (P, N) per m, int8 array over (tp, fp, m) of the step into each cell
    that attains its greatest: an index of _STEPS).  Rows of tp are kept two at a time."""
    size = 2 * p * n + 1
    steps = np.zeros((p + 1, n + 1, size), np.int8)
    above = np.full((n + 1, size), _LOW, np.int64)
    for tp in range(p + 1):
        row = np.full((n + 1, size), _LOW, np.int64)
        row[0, 0] = 0 if tp == 0 else _LOW
        for fp in range(n + 1):
            best, chosen = row[fp], steps[tp, fp]
            for k, (a, b) in enumerate(_STEPS):
                if a > tp or b > fp:
                    continue
                shift, added = group_sums(p, n, tp - a, fp - b, a, b)
                source = (above if a else row)[fp - b, : size - shift] + added
                better = source > best[shift:]
                best[shift:][better] = source[better]
                chosen[shift:][better] = k
        above = row
    return above[n], steps


def greatest_s(p: int, n: int, m: int) -> int:
    """The greatest S (module notes) among every ranking with 2U = m, ties included."""
    return int(_programme(p, n)[0][m])


def greatest_variance(p: int, n: int, m: int) -> Fraction:
    """The greatest DeLong variance among every ranking with 2U = m, ties included (exact).

    >>> str(greatest_variance(2, 2, 4))  # AUC 1/2: + - - + (delong_small's example)
    '1/4'
    """
    return variance_of(p, n, m, greatest_s(p, n, m))


def greatest_ranking(p: int, n: int, m: int) -> list[Group]:
    """Tie groups (top first) of a ranking with 2U = m and the greatest variance."""
    steps = _programme(p, n)[1]
    tp, fp, goal, groups = p, n, m, []
    while (tp, fp) != (0, 0):
        a, b = _STEPS[int(steps[tp, fp, goal])]
        goal -= group_sums(p, n, tp - a, fp - b, a, b)[0]
        groups.append((a, b))
        tp, fp = tp - a, fp - b
    return groups[::-1]


def pair_fit(p: int, n: int) -> bool:
    """Whether :func:`pair_sums` of P and N is within :data:`PAIR_CELLS` (P, N >= 2)."""
    return p >= 2 and n >= 2 and (p + 1) * (n + 1) * (2 * p * n + 1) <= PAIR_CELLS


@lru_cache(maxsize=1)
def pair_sums(p: int, n: int) -> tuple[Any, Any]:
    """The programme's least and greatest S over (tp, fp, m) among the rankings whose only ties
    are single tied pairs (int64 arrays, unreached beyond +-2^61): the tables of
    :func:`~rocpr_exact.consistency.delong_between.ranking_in_window` for that family."""
    size = 2 * p * n + 1
    least = np.full((p + 1, n + 1, size), _HIGH, np.int64)
    most = np.full((p + 1, n + 1, size), _LOW, np.int64)
    least[0, 0, 0] = most[0, 0, 0] = 0
    for tp in range(p + 1):
        for fp in range(n + 1):
            end = 2 * tp * n + 1  # m <= 2 N tp after tp positives
            for a, b in _STEPS:
                if tp + a > p or fp + b > n:
                    continue
                shift, added = group_sums(p, n, tp, fp, a, b)
                for table, pick in ((least, np.minimum), (most, np.maximum)):
                    there = table[tp + a, fp + b, shift : shift + end]
                    pick(there, table[tp, fp, :end] + added, out=there)
    return least, most
