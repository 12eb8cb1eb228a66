"""The least DeLong variance of a ranking *without ties* at a given Mann-Whitney U (exact).

A ranking of P positives and N negatives in which no positive ties a negative is a Young
diagram in the P x N box: row i (the i-th positive from the top) holds c_i cells, c_i the
negatives below it, c_1 >= ... >= c_P, and column j holds d_j, the positives above the j-th
negative from the bottom; U = sum c_i is the number of cells.  Since 1 + 3 + ... + (2c - 1) =
c^2, sum c_i^2 = sum over cells (i, j) of (2j - 1) and sum d_j^2 = sum over cells of (2i - 1).
With doubled placements C = 2c, D = 2d and m = 2U (docs/inference.md),

    var = sum C^2 / (4 N^2 P (P - 1)) + sum D^2 / (4 P^2 N (N - 1)) - kappa m^2
        = gamma * sum over cells of w(i, j) - kappa m^2,

    w(i, j) = P (N - 1)(2j - 1) + N (P - 1)(2i - 1),  gamma = 1 / (N^2 P^2 (P - 1)(N - 1)),
    kappa = 1 / (4 N^2 P^2 (P - 1)) + 1 / (4 P^2 N^2 (N - 1)).

So var >= gamma * (the sum of the U smallest w) - kappa m^2, and the bound is attained: w grows
strictly in i and in j, so the U cells of least w (ties in w fall on incomparable cells) form a
Young diagram -- a ranking (:func:`untied_min_ranking`).  **Theorem**: :func:`untied_min_variance`
is the minimum of DeLong's variance over rankings without ties at that U
(tests/consistency/test_delong_untied.py checks it against every ranking for small P, N).

Ties go lower (averaging placements lowers their spread: all examples tied give var = 0 at
AUC 1/2), so this is *not* a bound for every ranking; :mod:`rocpr_exact.consistency.intervals`
uses it to skip witness searches among untied rankings that cannot succeed and to say when a
printed interval needs tied scores.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["untied_min_ranking", "untied_min_variance"]


def _weights(p: int, n: int) -> tuple[int, int]:
    """The integer weights of a column step and a row step: w(i, j) = A(2j - 1) + B(2i - 1)."""
    return p * (n - 1), n * (p - 1)


def _row_counts(p: int, n: int, t: int) -> list[int]:
    """How many cells of each row have w < t (non-increasing in the row)."""
    a, b = _weights(p, n)
    rows = []
    for i in range(1, p + 1):
        rest = t - 1 - b * (2 * i - 1)  # need a (2j - 1) <= rest
        rows.append(0 if rest < a else min(n, (rest // a + 1) // 2))
    return rows


def _threshold(p: int, n: int, u: int) -> int:
    """The least t with at least ``u`` cells of w < t (binary search; w < 2 (a N + b P))."""
    a, b = _weights(p, n)
    low, high = 0, 2 * (a * n + b * p) + 1
    while low < high:
        middle = (low + high) // 2
        if sum(_row_counts(p, n, middle)) >= u:
            high = middle
        else:
            low = middle + 1
    return low


def untied_min_ranking(p: int, n: int, u: int) -> list[int]:
    """Negatives below each positive (from the top) in an untied ranking of least variance at U."""
    if not 0 <= u <= p * n:
        raise ValueError("u must be in [0, P N]")
    t = _threshold(p, n, u)
    rows = _row_counts(p, n, t - 1)  # the cells of w < t - 1
    left = u - sum(rows)
    a, b = _weights(p, n)
    for i in range(p):  # cells of w == t - 1, one per row at most, taken from the top rows
        j = rows[i] + 1
        if left and j <= n and a * (2 * j - 1) + b * (2 * i + 1) == t - 1:
            rows[i] += 1
            left -= 1
    assert left == 0, "the cells of least weight did not make U"
    return rows


def untied_min_variance(p: int, n: int, u: int) -> Fraction:
    """The least DeLong variance over rankings without ties with Mann-Whitney U = ``u`` (P, N >= 2).

    >>> untied_min_variance(2, 2, 2)   # + - - + and - + + - (w ties): C = (4, 0) or (2, 2)
    Fraction(1, 4)
    """
    if p < 2 or n < 2:
        raise ValueError("DeLong's variance needs P, N >= 2")
    rows = untied_min_ranking(p, n, u)
    a, b = _weights(p, n)
    total = sum(a * c * c + b * (2 * i + 1) * c for i, c in enumerate(rows))
    gamma = Fraction(1, n * n * p * p * (p - 1) * (n - 1))
    kappa = Fraction(1, 4 * n * n * p * p * (p - 1)) + Fraction(1, 4 * p * p * n * n * (n - 1))
    return gamma * total - kappa * (2 * u) ** 2
