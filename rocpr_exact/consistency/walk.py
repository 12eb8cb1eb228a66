"""A constructive search for AUC-ROC with a PR area: walk between two rankings of one AUC-ROC.

A ranking without ties is the list ``e`` of the negatives above each positive
(e_1 <= ... <= e_P, each in [0, N]); its AUC-ROC is 1 - F / (P N) with
F = sum e_k, and its average precision is (1/P) sum_k k / (k + e_k).  For
one F this module takes a ranking of low AP (errors spread over the
positives, from the Lagrangian e_k ~ sqrt(k m) - k) and the one of highest AP
along the chain (every error at the bottom: e = (0, ..., 0, r, N, ..., N)),
and walks from the first to the second by *paired moves*: one positive up one
place (e_i - 1) and another down one place (e_j + 1), so F, hence AUC-ROC,
stays put.  Decrements go to the first index still above its target and
increments to the last index still below it, which keeps e non-decreasing,
so the state after s moves is computed directly in O(P).

Along the walk each move changes the area by one positive's step, so if the
area starts below a reported interval and ends above it, a bisection on s
finds a move that crosses into it whenever that move's step is narrower than
the interval.  The bisection is guided by fixed-point integers (2^-48 units,
an approximation); every ranking it proposes is checked with exact rationals
before it is returned, and the caller re-checks the witness from its scores.
The walk finds witnesses only: it never says "impossible".

Cost: O(P log(P N)) integer operations per value of F tried, a few exact
curve evaluations per proposal.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping
from math import isqrt
from random import Random

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.records import published_area
from rocpr_exact.consistency.apbounds import below_untied
from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.consistency.tieclimb import tie_climbs
from rocpr_exact.consistency.walkties import SHIFT, tie_one, tie_positives
from rocpr_exact.core.curve import Curve

__all__ = ["WALK_METRICS", "errors_groups", "fits", "walk_ranking"]

#: The areas the walk can aim at (as guide); the others are only checked at the end.
WALK_METRICS = ("average_precision", "auc_pr_dg", "auc_pr_linear")
_SHIFT = SHIFT
_ONE = 1 << _SHIFT
_TIE_CLIMBS = 400  # the climb over tie groups is tried up to this P + N


def errors_groups(e: list[int], n: int) -> list[Group]:
    """The tie groups (one example each) of the ranking with e_k negatives above positive k.

    >>> errors_groups([0, 2], 3)
    [(1, 0), (0, 1), (0, 1), (1, 0), (0, 1)]
    """
    groups: list[Group] = []
    above = 0
    for k in e:
        groups += [(0, 1)] * (k - above) + [(1, 0)]
        above = k
    return groups + [(0, 1)] * (n - above)


def _term(name: str, k: int, errors: int) -> int:
    """2^48 times positive k's share (times P) of the area when e_k = ``errors`` (rounded down).

    Average precision: k / (k + e_k).  The ``davis-goadrich`` and ``linear`` areas agree on
    single-positive steps: a trapezoid from the precision before the positive (same FP) to the
    precision after it; at k = 1 the start is 1 with no negative above, else 0.
    """
    after = (k << _SHIFT) // (k + errors)
    if name == "average_precision":
        return after
    start = _ONE if errors == 0 else 0
    before = start if k == 1 else ((k - 1) << _SHIFT) // (k - 1 + errors)
    return (before + after) // 2


def _guide(name: str, e: list[int]) -> int:
    """P 2^48 times the area of ``e`` (average precision, DG or linear), rounded (a guide only)."""
    return sum(_term(name, k, errors) for k, errors in enumerate(e, start=1))


def _moves(name: str, e: list[int], n: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(change of the guide, index) of each allowed single move down (e_i - 1) and up (e_j + 1)."""
    downs, ups = [], []
    last = len(e) - 1
    for i, errors in enumerate(e):
        if errors > (e[i - 1] if i else 0):
            downs.append((_term(name, i + 1, errors - 1) - _term(name, i + 1, errors), i))
        if errors < (e[i + 1] if i < last else n):
            ups.append((_term(name, i + 1, errors + 1) - _term(name, i + 1, errors), i))
    return downs, ups


def _apply(e: list[int], move: tuple[int, ...]) -> list[int]:
    """``e`` after a move: (i,) one down, (-1, j) one up, (i, j) a paired move."""
    out = list(e)
    if move[0] >= 0:
        out[move[0]] -= 1
    if len(move) == 2:
        out[move[1]] += 1
    return out


_Move = tuple[int, tuple[int, ...], int]  # (distance to the change sought, move, change left)


def _best_move(
    name: str, e: list[int], n: int, f_range: tuple[int, int], want: int, every: bool = False
) -> list[_Move]:
    """Moves with their distance to ``want`` (the change sought): the nearest few, or all."""
    f = sum(e)
    downs, ups = _moves(name, e, n)
    found: list[_Move] = []
    if f - 1 >= f_range[0]:
        found += [(abs(want - d), (i,), want - d) for d, i in downs]
    if f + 1 <= f_range[1]:
        found += [(abs(want - u), (-1, j), want - u) for u, j in ups]
    ups.sort()
    deltas = [u for u, _ in ups]
    for d, i in downs:
        at = bisect_left(deltas, want - d)
        for u, j in ups if every else ups[max(at - 2, 0) : at + 2]:
            if j != i and not (j == i - 1 and e[j] + 2 > e[i]):
                found.append((abs(want - d - u), (i, j), want - d - u))
    return found


def _climb(
    name: str, e: list[int], n: int, f_range: tuple[int, int], aim: tuple[int, int], steps: int
) -> list[int] | None:
    """Greedy descent on the distance of the guide to ``aim``; a ranking in ``aim``, or None.

    Moves: paired (F kept) or single (F changed within ``f_range``).  When no move
    brings the guide closer and the ranking has few moves (few runs of equal e_k),
    two moves at once are tried.
    """
    value = _guide(name, e)
    low, high = aim
    center = (low + high) // 2
    for _ in range(steps):
        if low <= value <= high:
            return e
        want = center - value
        moves = _best_move(name, e, n, f_range, want)
        # Prefer moves that do not overshoot (the rest of the way keeps its sign): a big step
        # across the target tends to be undone by the next one.
        short = [m for m in moves if m[0] < abs(want) and m[2] * want >= 0]
        if short or (moves and min(moves)[0] < abs(want)):
            e = _apply(e, min(short or moves)[1])
        else:
            every = _best_move(name, e, n, f_range, want, every=True)
            if len(every) > 400:
                return None
            best = (abs(want), e)
            for _, move, rest in every:
                first = _apply(e, move)
                for distance, second, _ in _best_move(name, first, n, f_range, rest):
                    if distance < best[0]:
                        best = (distance, _apply(first, second))
            if best[1] is e:
                return None  # no one or two moves bring the guide closer
            e = best[1]
        value = _guide(name, e)
    return e if low <= value <= high else None


def _chain(p: int, n: int, f: int) -> list[int]:
    """The highest-AP end: (0, ..., 0, r, N, ..., N) with sum F (the chain of consistency.chain)."""
    c, r = divmod(f, n)
    if c >= p:
        return [n] * p
    return [0] * (p - c - 1) + [r] + [n] * c


def _spread(p: int, n: int, f: int) -> list[int]:
    """A low-AP end: e_k = min(N, max(e_{k-1}, sqrt(k m) - k)) for the m that spends F.

    min sum k / (k + e_k) + lambda e_k puts e_k near sqrt(k / lambda) - k; the running
    maximum keeps e non-decreasing; units still to place go to the last positions.
    """

    def shape(m: int) -> list[int]:
        out, top = [], 0
        for k in range(1, p + 1):
            top = min(n, max(top, isqrt(k * m) - k))
            out.append(top)
        return out

    lo, hi = 0, (n + p) ** 2 + 1
    while lo < hi:  # the greatest m whose shape spends at most F
        mid = (lo + hi + 1) // 2
        if sum(shape(mid)) <= f:
            lo = mid
        else:
            hi = mid - 1
    e = shape(lo)
    left = f - sum(e)
    while left > 0:  # one more negative above each of the last positives, keeping the order
        for k in range(p - 1, -1, -1):
            if left and e[k] < (n if k == p - 1 else e[k + 1]):
                e[k] += 1
                left -= 1
    return e


def _flat(p: int, n: int, f: int) -> list[int]:
    """F spread as evenly as it goes: F // P negatives above each positive, one more at the end."""
    q, r = divmod(f, p)
    return [q] * (p - r) + [q + 1] * r


def _state(start: list[int], end: list[int], s: int) -> list[int]:
    """The ranking after s paired moves from ``start`` toward ``end`` (same sum)."""
    e = list(start)
    left = s
    for i in range(len(e)):  # decrements: the first indices above their target
        if left == 0:
            break
        take = min(left, max(e[i] - end[i], 0))
        e[i] -= take
        left -= take
    left = s
    for j in range(len(e) - 1, -1, -1):  # increments: the last indices below their target
        if left == 0:
            break
        give = min(left, max(end[j] - e[j], 0))
        e[j] += give
        left -= give
    return e


def _distance(start: list[int], end: list[int]) -> int:
    return sum(max(a - b, 0) for a, b in zip(start, end, strict=True))


def fits(groups: list[Group], p: int, n: int, intervals: Mapping[str, Interval]) -> bool:
    """Whether every metric of the ranking, computed exactly from its runs, is in its interval.

    Negatives next to each other are one run here: tying them changes no metric.
    """
    runs: list[Group] = []
    for a, b in groups:
        if runs and a == 0 and runs[-1][0] == 0:
            runs[-1] = (0, runs[-1][1] + b)
        else:
            runs.append((a, b))
    curve = Curve.from_groups([(len(runs) - i, a, b) for i, (a, b) in enumerate(runs)])
    for name, interval in intervals.items():
        area = published_area(name)  # the area's record, or None for auc_roc
        value = auc_roc(curve) if area is None else area.exact(curve)
        if value not in interval:
            return False
    return True


def _walk(
    p: int, n: int, f: int, guide: Callable[[list[int]], int], low: int, high: int
) -> list[list[int]]:
    """Rankings with sum F whose guide value is nearest [low, high] (candidates to check)."""
    start, end = min((_spread(p, n, f), _flat(p, n, f)), key=guide), _chain(p, n, f)
    v_start, v_end = guide(start), guide(end)
    if v_start >= low:  # at or above the interval already: the climb may go down from here
        return [start]
    if v_end < low:
        return [end]
    lo, hi = 0, _distance(start, end)  # guide(lo) < low <= guide(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if guide(_state(start, end, mid)) < low:
            lo = mid
        else:
            hi = mid
    return [_state(start, end, hi), _state(start, end, lo)]


def walk_ranking(
    p: int,
    n: int,
    intervals: Mapping[str, Interval],
    *,
    ties: bool = True,
    tries: int = 9,
    climb: int = 20_000,
    restarts: int = 12,
    climbs: int = 8,
) -> list[Group] | None:
    """A ranking meeting AUC-ROC and the areas, found by walking; None if not found.

    ``intervals`` holds ``auc_roc`` and at least one of :data:`WALK_METRICS`
    (``auc_pr_continuous`` may be added: it is checked, not aimed at).  Up
    to ``tries`` values of F = P N - U spread over the AUC-ROC interval are
    walked.  With ``ties``, an odd 2U is reached by tying one positive with the
    negative just above it (``walkties.tie_one``), which leaves AP unchanged.  Where the
    bisection's last move overshoots the interval, greedy climbs of at most
    max(60, ``climb`` // P) moves start from both sides of it (``climbs`` of them in
    all); then, for P <= 200, ``restarts`` climbs start from the walks' ends moved by
    a few random paired moves (a fixed seed: the same question, the same answer).
    Before the climbs, a walk's end just below the average precision sought is lifted
    by tying adjacent positives (:func:`_tie_positives`; AUC-ROC unchanged), the
    finest steps there are near the flat ranking, where paired moves are coarse.
    Where the average precision sought is below every ranking without ties of that
    AUC-ROC (:func:`~.apbounds.below_untied`) and the tie climbs are not tried, the walk
    is skipped.  Sound: the returned ranking's metrics are all in their intervals (checked
    exactly); None says nothing about whether one exists.
    """
    tie_climbing = ties and p + n <= _TIE_CLIMBS
    if not tie_climbing and below_untied(p, n, intervals):
        return None  # the AP sought is below every ranking the walk can build (no ties)
    auc = intervals["auc_roc"]
    aimed = next(name for name in WALK_METRICS if name in intervals)
    k_lo, k_hi = auc.integers_scaled(2 * p * n)
    k_lo, k_hi = max(k_lo, 0), min(k_hi, 2 * p * n)
    target = intervals[aimed]
    # The guide is rounded: aim at the interval shrunk by a rounding margin of P + 2 units.
    low = (target.low * p * _ONE).__ceil__() + p + 2
    high = (target.high * p * _ONE).__floor__() - p - 2
    if low > high:
        low = high = ((target.low + target.high) * p * _ONE / 2).__floor__()

    def guide(e: list[int]) -> int:
        return _guide(aimed, e)

    starts: list[tuple[int, list[int], tuple[int, int]]] = []
    for tie in (0, 1) if ties else (0,):
        # 2U = 2u + tie: whole u, and with a tie one positive tied with the negative above it
        u_lo, u_hi = (k_lo - tie + 1) // 2, (k_hi - tie) // 2
        u_hi = min(u_hi, p * n - tie)  # a tie needs a negative above some positive
        if u_lo > u_hi:
            continue
        f_range = (p * n - u_hi, p * n - u_lo)
        count = min(tries, u_hi - u_lo + 1)
        for u in sorted({u_lo + (u_hi - u_lo) * i // max(count - 1, 1) for i in range(count)}):
            found = _walk(p, n, p * n - u, guide, low, high)
            starts += [(tie, e, f_range) for e in found]
            for e in found:
                groups = _checked(e, n, tie, p, intervals)
                if groups is not None:
                    return groups
    if ties and aimed == "average_precision":  # rankings just below: tied positives lift AP
        for tie, e, _ in starts:
            value = guide(e)
            if value < low:
                base = errors_groups(e, n)
                base = (tie_one(base) or []) if tie else base
                lifted = tie_positives(base, (low - value, high - value))
                if lifted is not None and fits(lifted, p, n, intervals):
                    return lifted
    steps = max(60, climb // p)  # small P: fine steps, many of them
    for tie, e, f_range in starts[:climbs]:  # climbs from where the walks crossed
        end = _climb(aimed, e, n, f_range, (low, high), steps)
        groups = None if end is None else _checked(end, n, tie, p, intervals)
        if groups is not None:
            return groups
    # Restarts: a few random paired moves from where the walks ended, then the climb again.
    rng = Random(p * n)  # reproducible: the same question gets the same answer
    for r in range(restarts if starts and p <= 200 else 0):  # large P: fine steps already
        tie, e, f_range = starts[r % len(starts)]
        e = list(e)
        for _ in range(rng.randrange(1, p + 1)):
            downs, ups = _moves(aimed, e, n)
            if not downs or not ups:
                break
            i, j = rng.choice(downs)[1], rng.choice(ups)[1]
            if i != j and not (j == i - 1 and e[j] + 2 > e[i]):
                e = _apply(e, (i, j))
        end = _climb(aimed, e, n, f_range, (low, high), max(60, climb // p))
        groups = None if end is None else _checked(end, n, tie, p, intervals)
        if groups is not None:
            return groups
    if tie_climbing and aimed == "average_precision":  # heavily tied: tie groups
        bases = [errors_groups(e, n) for _, e, _ in starts[:climbs]]
        fitting = lambda groups: fits(groups, p, n, intervals)  # noqa: E731
        return tie_climbs(p, n, bases, (k_lo, k_hi), (low, high), fitting)
    return None


def _checked(
    e: list[int], n: int, tie: int, p: int, intervals: Mapping[str, Interval]
) -> list[Group] | None:
    """The groups of ``e`` (a positive tied with the negative above it if ``tie``) if they fit."""
    groups: list[Group] | None = errors_groups(e, n)
    if tie:
        groups = tie_one(groups)  # type: ignore[arg-type]
    if groups is not None and fits(groups, p, n, intervals):
        return groups
    return None
