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

:func:`untied_walk` is the constructive search: from the least-variance ranking it moves one
cell at a time (remove a corner cell, add one elsewhere: U is kept) and the variance changes by
gamma (w_added - w_removed), so it climbs in steps it chooses: the largest rise that does not
pass the top of the wanted range, until the variance is in it.
"""

from __future__ import annotations

from fractions import Fraction

from rocpr_exact.errors import InvalidInputError

__all__ = [
    "untied_goal",
    "untied_groups",
    "untied_min_ranking",
    "untied_min_variance",
    "untied_walk",
]

#: Moves :func:`untied_walk` makes before it gives up.
MAX_MOVES = 20_000


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


def _cells_below(p: int, n: int, t: int) -> int:
    """How many cells have w < t: the rows' counts, or the columns' when N < P (the same
    count, in O(min(P, N)))."""
    if p <= n:
        return sum(_row_counts(p, n, t))
    a, b = _weights(p, n)
    total = 0
    for j in range(1, n + 1):
        rest = t - 1 - a * (2 * j - 1)  # need b (2i - 1) <= rest
        total += 0 if rest < b else min(p, (rest // b + 1) // 2)
    return total


def _threshold(p: int, n: int, u: int) -> int:
    """The least t with at least ``u`` cells of w < t (binary search; w < 2 (a N + b P))."""
    a, b = _weights(p, n)
    low, high = 0, 2 * (a * n + b * p) + 1
    while low < high:
        middle = (low + high) // 2
        if _cells_below(p, n, middle) >= u:
            high = middle
        else:
            low = middle + 1
    return low


def untied_min_ranking(p: int, n: int, u: int) -> list[int]:
    """Negatives below each positive (from the top) in an untied ranking of least variance at U."""
    if not 0 <= u <= p * n:
        raise InvalidInputError("u must be in [0, P N]")
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


def untied_groups(rows: list[int], n: int) -> list[tuple[int, int]]:
    """The tie groups, from the top, of the ranking whose i-th positive has ``rows[i]``
    negatives below it (rows non-increasing)."""
    groups: list[tuple[int, int]] = []
    placed = 0
    for below in rows:
        groups += [(0, 1)] * (n - below - placed) + [(1, 0)]
        placed = n - below
    return groups + [(0, 1)] * (n - placed)


def untied_min_variance(p: int, n: int, u: int) -> Fraction:
    """The least DeLong variance over rankings without ties with Mann-Whitney U = ``u`` (P, N >= 2).

    >>> untied_min_variance(2, 2, 2)   # + - - + and - + + - (w ties): C = (4, 0) or (2, 2)
    Fraction(1, 4)
    """
    if p < 2 or n < 2:
        raise InvalidInputError("DeLong's variance needs P, N >= 2")
    rows = untied_min_ranking(p, n, u)
    a, b = _weights(p, n)
    total = sum(a * c * c + b * (2 * i + 1) * c for i, c in enumerate(rows))
    gamma, kappa = _sums(p, n)
    return gamma * total - kappa * (2 * u) ** 2


def _sums(p: int, n: int) -> tuple[Fraction, Fraction]:
    gamma = Fraction(1, n * n * p * p * (p - 1) * (n - 1))
    kappa = Fraction(1, 4 * n * n * p * p * (p - 1)) + Fraction(1, 4 * p * p * n * n * (n - 1))
    return gamma, kappa


def _cell(p: int, n: int, i: int, j: int) -> int:
    """w of the cell in row i (0-based, from the top positive) and column j (1-based)."""
    a, b = _weights(p, n)
    return a * (2 * j - 1) + b * (2 * i + 1)


def _row_w(p: int, n: int, i: int, c: int) -> int:
    """The sum of w over the first c cells of row i (0-based)."""
    a, b = _weights(p, n)
    return a * c * c + b * (2 * i + 1) * c


def _chunk(rows: list[int], goal: list[int]) -> tuple[int, int, int] | None:
    """(row to shrink, row to grow, how many cells) moving ``rows`` towards ``goal`` (same U).

    A cell of rows - goal with no successor in rows is a corner (goal is a down-set) and a
    cell of goal - rows whose predecessors are in rows is addable, so a move always exists
    until rows == goal; both rows stay non-increasing."""
    p = len(rows)
    out = next(
        (i for i in range(p - 1, -1, -1) if rows[i] > goal[i]), None
    )  # the lowest such row: its last cell has no successor outside
    into = next((k for k in range(p) if rows[k] < goal[k]), None)
    if out is None or into is None:
        return None
    below = rows[out + 1] if out + 1 < p else 0
    above = rows[into - 1] if into else None
    give = rows[out] - max(goal[out], below)
    take = goal[into] - rows[into] if above is None else min(goal[into], above) - rows[into]
    return out, into, max(1, min(give, take))


def untied_walk(
    p: int, n: int, u: int, low: Fraction, high: Fraction, goal: list[int]
) -> list[int] | None:
    """An untied ranking at U with DeLong variance in [low, high] (rows as
    :func:`untied_min_ranking`), or None: a walk from the least-variance ranking to ``goal``
    (rows of an untied ranking at the same U), a few cells at a time and one cell at a time
    where the variance would pass the wanted range."""
    gamma, kappa = _sums(p, n)
    rows = untied_min_ranking(p, n, u)
    total = sum(_row_w(p, n, i, c) for i, c in enumerate(rows))
    shift = kappa * (2 * u) ** 2
    w_low, w_high = (low + shift) / gamma, (high + shift) / gamma  # the wanted sums of w
    for _ in range(MAX_MOVES):
        if w_low <= total <= w_high:
            return rows
        move = _chunk(rows, goal)
        if move is None:
            return None
        out, into, count = move
        after = total + _row_w(p, n, out, rows[out] - count) - _row_w(p, n, out, rows[out])
        after += _row_w(p, n, into, rows[into] + count) - _row_w(p, n, into, rows[into])
        if count > 1 and (min(total, after) <= w_high and max(total, after) >= w_low):
            count = 1  # the range lies between: one cell at a time
            after = total + _row_w(p, n, out, rows[out] - 1) - _row_w(p, n, out, rows[out])
            after += _row_w(p, n, into, rows[into] + 1) - _row_w(p, n, into, rows[into])
        rows[out] -= count
        rows[into] += count
        total = after
    return None


def _vertex(p: int, n: int, u: int, full: int, equal: int) -> list[int] | None:
    """``full`` rows of N, then ``equal`` rows sharing the rest evenly, then empty rows."""
    rest = u - full * n
    if rest < 0 or full + equal > p or (equal == 0 and rest) or (equal and rest > equal * n):
        return None
    share, extra = divmod(rest, equal) if equal else (0, 0)
    return [n] * full + [share + 1] * extra + [share] * (equal - extra) + [0] * (p - full - equal)


def untied_goal(p: int, n: int, u: int) -> list[int]:
    """A far end for :func:`untied_walk`: of the rankings with k full rows then l equal rows
    (the vertices of the relaxed problem, where a convex variance is largest) for k, l on a
    grid, the one of largest variance (a heuristic: not proven the maximum)."""
    grid = sorted({0, p} | {round(p * Fraction(t, 32)) for t in range(33)} | set(range(4)))
    best, best_w = untied_min_ranking(p, n, u), -1
    for full in grid:
        for equal in grid:
            rows = _vertex(p, n, u, full, equal)
            if rows is not None:
                total = sum(_row_w(p, n, i, c) for i, c in enumerate(rows))
                if total > best_w:
                    best, best_w = rows, total
    return best
