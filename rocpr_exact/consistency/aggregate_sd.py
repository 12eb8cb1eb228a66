"""The SD of fold AUCs beside their mean, decided exactly (a small enumeration, a greedy spread).

The folds' AUCs a_i = g_i / D_i (module :mod:`~rocpr_exact.consistency.aggregate`) have the mean
m = sum a_i / K and the SD sqrt(sum (a_i - m)^2 / (K - ddof)): the sample SD (ddof 1) or the
population SD (ddof 0).  A printed SD stands for an interval of s >= 0, so for s^2 (the
variance, an exact rational) an interval of squares with the same open and closed ends; no
square root is taken.  The stages (:func:`decide_spread`):

* ``aggregate-spread-pairs``: from the most even split, r pairs of folds move t units each
  (fold 2j to 2j + 1) and the next pair u, t and u the least found by bisection that reach the
  SD's low end (r = 1, 2, ... until one can); a witness when the SD then prints.
  O(K^2 log D) a total (three totals tried).
* ``aggregate-spread-climb`` (folds of any sizes, :mod:`~.aggregate_climb`): from a few
  spread patterns rounded to whole g, the best one-unit move until the mean and the SD both
  print, in whole numbers (O(1) a move, O(K^2) a step).
* ``aggregate-spread-walk`` (K D <= 20,000): for each reachable total of the g's whose mean
  prints, start from the most even split and move one unit at a time from the lowest AUC to the
  highest that can take it (the variance climbs); the first variance at or above the SD's low
  end is a witness when it is below its high end.  O(sum D) moves a total, within
  ``max_interval_work``.
* ``aggregate-sd-enumerated``: every g vector up to the order of folds of one size (those
  folds are exchangeable: non-decreasing g within them), in whole numbers on the unit of
  :func:`~.aggregate_climb.ranges`: the last fold's g only those that put the mean in its
  range, and a prefix cut when :func:`_open`'s proven bounds on K sum A^2 - (sum A)^2 over its
  completions miss the SD's range; a work unit a node, within ``max_interval_work``.  It finds
  a witness or proves that none exists (the checker re-lists the (sum, sum of squares) states
  with its own cuts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial

from rocpr_exact.consistency.aggregate import Aggregate, certify, decide_mean, work_budget
from rocpr_exact.consistency.aggregate_climb import SpreadClimb, ranges
from rocpr_exact.consistency.engine.protocol import (
    Budget,
    Candidates,
    Certificate,
    Excluded,
    Found,
    Nothing,
    Outcome,
    decide,
)
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.errors import InvalidInputError

__all__ = ["DDOFS", "Spread", "decide_spread", "square_holds", "variance"]

#: ``--sd-ddof``: the sample SD, the population SD, or either.
DDOFS: dict[str, tuple[int, ...]] = {"1": (1,), "0": (0,), "either": (1, 0)}


def variance(values: Sequence[Fraction], ddof: int) -> Fraction:
    """sum (a - mean)^2 / (K - ddof), exactly.

    >>> variance([Fraction(1), Fraction(0)], 1)
    Fraction(1, 2)
    """
    k = len(values)
    mean = sum(values, Fraction(0)) / k
    return sum(((a - mean) ** 2 for a in values), Fraction(0)) / (k - ddof)


def square_holds(sd: Interval, var: Fraction) -> bool:
    """Whether the SD sqrt(var) >= 0 lies in ``sd`` (compared as squares)."""
    if sd.low > 0 or (sd.low == 0 and not sd.low_closed):
        low = sd.low * sd.low
        if var < low or (var == low and not sd.low_closed):
            return False
    if sd.high < 0:
        return False
    high = sd.high * sd.high
    return var < high or (var == high and sd.high_closed)


@dataclass(frozen=True, slots=True)
class Spread:
    """The folds and printed mean (``aggregate``; its interval [0, 1] when no mean was
    printed), the printed ``sd`` and the ``ddofs`` it may have been computed with."""

    aggregate: Aggregate
    sd: Interval
    ddofs: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(set(self.aggregate.weights)) != 1:
            raise InvalidInputError("an SD of AUCs is a fold claim: the folds weigh the same")
        if not self.ddofs or any(d not in (0, 1) for d in self.ddofs):
            raise InvalidInputError(f"ddof must be 0 or 1, got {self.ddofs}")

    def fits(self, g: Sequence[int]) -> int | None:
        """The ddof whose SD of g's AUCs prints (None: none; the mean is not checked)."""
        values = [self.aggregate.mean_of(i, g) for i in range(len(g))]
        return next((d for d in self.ddofs if square_holds(self.sd, variance(values, d))), None)


def _totals(query: Spread) -> range:
    """The totals T of the g's whose mean T / (K D) lies in the printed interval (folds of one
    D, the spread walk's case)."""
    agg = query.aggregate
    scale = len(agg.tasks) * agg.scale(0)
    lo, hi = agg.interval.integers_scaled(scale)
    return range(max(lo, 0), min(hi, scale) + 1)


#: The spread walk's size test: K D <= WALK (its moves cost O(K) exact operations each).
WALK = 20_000


def _one_size(query: Spread) -> bool:
    return len({query.aggregate.scale(i) for i in range(len(query.aggregate.tasks))}) == 1


class _SpreadWalk:
    name = "aggregate-spread-walk"

    def fits(self, query: Spread) -> bool:
        return _one_size(query) and len(query.aggregate.tasks) * query.aggregate.scale(0) <= WALK

    def run(
        self, query: Spread, candidates: Candidates, budget: Budget
    ) -> Found[tuple[int, ...]] | Nothing:
        agg = query.aggregate
        k, d = len(agg.tasks), agg.scale(0)
        for total in _totals(query):
            g = [total // k + (1 if i < total % k else 0) for i in range(k)]
            while True:
                if not budget.spend(1):
                    return Nothing("the spread walk stopped at its budget", ran_out=True)
                if query.fits(g) is not None:
                    return Found(tuple(g), total)
                # the move of one unit that raises sum g^2 least: from g_i to g_j >= g_i with
                # g_j - g_i least (it adds 2 (g_j - g_i + 1)); none left: every g at 0 or D
                order = sorted(range(k), key=lambda i: g[i])
                pairs = [
                    (g[order[t + 1]] - g[order[t]], order[t], order[t + 1])
                    for t in range(k - 1)
                    if g[order[t]] > 0 and g[order[t + 1]] < d
                ]
                if not pairs:
                    break
                _, low, high = min(pairs)
                g[low] -= 1
                g[high] += 1
        return Nothing("the spread walk found no SD that prints")


def _least(low: int, high: int, reaches: Callable[[int], bool]) -> int | None:
    """The least x in [low, high] with ``reaches(x)`` (monotone), None when none does."""
    if low > high or not reaches(high):
        return None
    while low < high:
        middle = (low + high) // 2
        if reaches(middle):
            high = middle
        else:
            low = middle + 1
    return low


class _SpreadPairs:
    """Large folds: from the most even split, fold 1 gives t units to fold 2 (and, with four
    folds or more, fold 3 u units to fold 4); t, then u, found by bisection as the least that
    bring the spread sum (a - m)^2 to the SD's low end.  O(log D) vectors a total."""

    name = "aggregate-spread-pairs"

    def fits(self, query: Spread) -> bool:
        return _one_size(query)

    def run(
        self, query: Spread, candidates: Candidates, budget: Budget
    ) -> Found[tuple[int, ...]] | Nothing:
        agg = query.aggregate
        k, d = len(agg.tasks), agg.scale(0)
        totals = _totals(query)
        for total in dict.fromkeys(totals[i] for i in (len(totals) // 2, 0, -1) if totals):
            base = tuple(total // k + (1 if i < total % k else 0) for i in range(k))
            for ddof in query.ddofs:
                if not budget.spend(4 * d.bit_length()):
                    return Nothing("the spread pairs stopped at their budget", ran_out=True)
                low = max(query.sd.low, Fraction(0)) ** 2 * (k - ddof)
                found = _pairs(query, base, low)
                if found is not None:
                    return Found(found, total)
        return Nothing("the spread pairs found no SD that prints")


def _moved(base: Sequence[int], t: int, u: int, r: int) -> tuple[int, ...]:
    """``base`` with folds 2j giving t units to folds 2j + 1 (j < r), and fold 2r u to 2r + 1."""
    g = list(base)
    for j in range(r + (1 if u else 0)):
        step = t if j < r else u
        g[2 * j], g[2 * j + 1] = g[2 * j] - step, g[2 * j + 1] + step
    return tuple(g)


def _reaches(base: Sequence[int], u: int, r: int, d: int, low: Fraction, t: int) -> bool:
    return _spread(_moved(base, t, u, r), d) >= low


def _reaches_u(base: Sequence[int], t: int, r: int, d: int, low: Fraction, u: int) -> bool:
    return _spread(_moved(base, t, u, r), d) >= low


def _spread(g: Sequence[int], d: int) -> Fraction:
    """sum (a - m)^2 of the AUCs g / d."""
    return variance([Fraction(x, d) for x in g], 0) * len(g)


def _room(base: Sequence[int], d: int, j: int) -> int:
    return min(base[2 * j], d - base[2 * j + 1])


def _pairs(query: Spread, base: tuple[int, ...], low: Fraction) -> tuple[int, ...] | None:
    """The vector of :class:`_SpreadPairs` that reaches ``low`` least (r = 1, 2, ... pairs
    moved alike, the next pair making up the rest), if its SD prints."""
    d = query.aggregate.scale(0)
    for r in range(1, len(base) // 2 + 1):
        top = min(_room(base, d, j) for j in range(r))
        t = _least(0, top, partial(_reaches, base, 0, r, d, low))
        if t is None:
            continue
        tries = [_moved(base, t, 0, r)]
        if t > 0 and len(base) >= 2 * r + 2:  # one unit short, the rest from the next pair
            u_top = min(_room(base, d, r), t)
            u = _least(0, u_top, partial(_reaches_u, base, t - 1, r, d, low))
            if u is not None:
                tries.append(_moved(base, t - 1, u, r))
        return next((g for g in tries if query.fits(g) is not None), None)
    # Past every pair's reach: fold 0 alone gives t units, shared evenly by the others.
    t = _least(0, base[0], lambda x: _spread(_lopsided(base, x, d), d) >= low)
    if t is not None and query.fits(_lopsided(base, t, d)) is not None:
        return _lopsided(base, t, d)
    return None


def _lopsided(base: Sequence[int], t: int, d: int) -> tuple[int, ...]:
    """``base`` with fold 0 down by t and the t units shared evenly by folds below D."""
    g = list(base)
    g[0] -= t
    for i in sorted(range(1, len(g)), key=lambda i: g[i]):
        left = len(g) - i
        share = min(d - g[i], -(-t // left) if left else t)
        g[i] += share
        t -= share
    if t:  # no room left: the others are at D
        return tuple(base)
    return tuple(g)


class _SdEnumerated:
    """Every g vector, folds of one size in non-decreasing order, the largest fold last and
    solved from the mean's range; a prefix is cut when :func:`_open` proves that no completion
    prints.  In whole numbers on the unit of :func:`~.aggregate_climb.ranges`."""

    name = "aggregate-sd-enumerated"

    def fits(self, query: Spread) -> bool:
        return True

    def run(
        self, query: Spread, candidates: Candidates, budget: Budget
    ) -> Found[tuple[int, ...]] | Excluded | Nothing:
        agg = query.aggregate
        k = len(agg.tasks)
        order = sorted(range(k), key=lambda i: (agg.scale(i), i))
        units, mean, _ = ranges(query, query.ddofs[0])
        spreads = [w for w in (ranges(query, d)[2] for d in query.ddofs) if w[0] <= w[1]]
        common = units[0] * agg.scale(0)
        g = [0] * k
        stopped = False

        def search(j: int, least: int, s1: int, s2: int) -> tuple[int, ...] | None:
            nonlocal stopped
            if not budget.spend(1):  # every node
                stopped = True
                return None
            i = order[j]
            u, d = units[i], agg.scale(i)
            same = j > 0 and agg.scale(order[j - 1]) == d
            # the folds left are at least ``least`` when they are all of the previous one's size
            floor = least * u if same and agg.scale(order[-1]) == d else 0
            if not _open(k, (k - j, floor), common, s1, s2, mean, spreads):
                return None
            rest = (k - j - 1) * common  # the most the folds after this one add to s1
            first = max(least if same else 0, -(-(mean[0] - s1 - rest) // u))
            for x in range(first, min(d, (mean[1] - s1) // u) + 1):
                g[i] = x
                if j == k - 1:
                    if not budget.spend(1):
                        stopped = True
                        return None
                    w = k * (s2 + x * x * u * u) - (s1 + x * u) ** 2
                    if any(lo <= w <= hi for lo, hi in spreads) and query.fits(g) is not None:
                        return tuple(g)
                    continue
                found = search(j + 1, x, s1 + x * u, s2 + x * x * u * u)
                if found is not None or stopped:
                    return found
            return None

        found = search(0, 0, 0, 0) if spreads and mean[0] <= mean[1] else None
        if stopped:
            return Nothing(
                f"the enumeration of the folds' AUCs stopped at its budget ({budget.limit})",
                ran_out=True,
            )
        if found is not None:
            return Found(found, 0)
        data = {"ddof": list(query.ddofs)}
        return Excluded(Certificate(self.name, candidates.values, data))


def _open(
    k: int,
    left: tuple[int, int],
    common: int,
    s1: int,
    s2: int,
    mean: tuple[int, int],
    spreads: Sequence[tuple[int, int]],
) -> bool:
    """Whether ``free`` folds more, each with A in [f0, L] (``left`` = (free, f0), L =
    ``common``), can still bring the fixed folds' sums (s1, s2) to an s1 in ``mean`` and a
    W = K s2 - s1^2 in one of ``spreads`` (the unit of :func:`~.aggregate_climb.ranges`).
    Necessary conditions, with S the final s1:

    * S lies in [s1 + free f0, s1 + free L] and in ``mean``;
    * the free A sum to F = S - s1, and sum A^2, convex, is greatest over that polytope (the
      box [f0, L]^free cut by the sum) at a vertex: n = (F - free f0) // (L - f0) at L, one at
      the rest r, the others at f0.  So W <= K (s2 + n L^2 + r^2 + (free - n - 1) f0^2) - S^2,
      which on each piece of one n is convex in S (coefficient K - 1 > 0 of S^2): greatest at
      a, b or a piece's end, S = s1 + free f0 + n (L - f0);
    * the free A sum to S - s1, so their squares sum to at least (S - s1)^2 / free (Cauchy-
      Schwarz), and free W >= K free s2 + K (S - s1)^2 - free S^2, convex in S (the fixed
      folds are K - free >= 0), least at S = K s1 / (K - free).

    A convex function's least value over the whole numbers of [a, b] is at a, b or the whole
    numbers next to its vertex.  Tested against the brute force
    (tests/consistency/test_aggregate_spread.py)."""
    free, f0 = left
    a, b = max(mean[0], s1 + free * f0), min(mean[1], s1 + free * common)
    if a > b:
        return False

    def near(vertex: Fraction) -> set[int]:
        return {a, b} | {min(b, max(a, int(vertex) + e)) for e in (-1, 0, 1)}

    def most(s: int) -> int:  # the greatest sum A^2 of the free A summing to s - s1
        n = min(free, (s - s1 - free * f0) // (common - f0)) if common > f0 else free
        rest = s - s1 - n * common - (free - n - 1) * f0 if n < free else 0
        return n * common * common + rest * rest + max(0, free - n - 1) * f0 * f0

    ends = {s1 + free * f0 + n * (common - f0) for n in range(free + 1)}
    top = max(k * (s2 + most(s)) - s * s for s in {a, b} | {e for e in ends if a <= e <= b})
    vertex = Fraction(k * s1, k - free) if free < k else Fraction(a)
    least = min(k * free * s2 + k * (s - s1) ** 2 - free * s * s for s in near(vertex))
    return any(top >= lo and least <= free * hi for lo, hi in spreads)


STAGES = (_SpreadPairs(), SpreadClimb(), _SpreadWalk(), _SdEnumerated())


def _certify(query: Spread, found: Found[tuple[int, ...]]) -> bool:
    """The rankings certified for the mean (:func:`~.aggregate.certify`), the SD recomputed."""
    return certify(query.aggregate, found) and query.fits(found.witness) is not None


def decide_spread(query: Spread) -> Outcome[tuple[int, ...]]:
    """Is there a g per fold whose AUCs' mean and SD (some ddof of ``ddofs``) both print?
    "possible" with the g's (:func:`~.aggregate.task_rankings` builds the rankings),
    "impossible" with the mean's certificates (the mean alone cannot print) or the
    enumeration's, "undecided" at ``max_interval_work``."""
    alone = decide_mean(query.aggregate)  # the mean alone first: its grid is O(1)
    if alone.verdict == "impossible":
        return alone
    return decide(STAGES, query, Candidates((0,)), work_budget(), _certify)
