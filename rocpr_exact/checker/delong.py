"""The checks of a printed DeLong interval's exclusions (docs/inference.md, the formulas).

A ranking's AUC is A = m / (2PN) (m = 2U); a normal interval prints A - w and A + w with
w = z sqrt(var) and z = Phi^-1((1 + level) / 2), irrational: every comparison with z is decided
by certified Arb enclosures (:func:`rocpr_exact.exact.normal.decide_real`), never a float.  The
w that put both ends in the printed sets form one interval :class:`Window` (rationals), so a
variance v prints iff z sqrt(v) lies in it, i.e. z^2 v against the window's squared ends.

* :func:`candidates`: the m the question leaves open under one reading: m / (2PN) in the
  centre's span (the mean of the two ends' sets) and in the printed AUC-ROC, m in [0, 2PN],
  even without ties;
* ``delong-too-few``: P < 2 or N < 2 (DeLong's variance divides by P - 1 and N - 1);
* ``delong-proven-range``: at each m no v in [0, A (1 - A)(1/(P - 1) + 1/(N - 1))] prints;
* ``delong-enumerated`` (P + N <= 12): every ranking, as tie groups, enumerated here, its
  variance from its counts; none with 2U = m prints;
* ``delong-extremes``: the least and greatest S at m (var = (S - (P + N - 2) m^2) / L,
  L = 4 P^2 N^2 (P - 1)(N - 1), S the sum over groups of P (N - 1) a C^2 + N (P - 1) b D^2),
  recomputed by this module's own programme over (TP, FP) while it is small
  (:data:`EXTREMES_WORK`; past it "unverified"), are the ones written, and no variance between
  them prints (var grows with S at fixed m);
* ``hanley-mcneil-each``: Hanley & McNeil's variance is a function of A (``hanley_mcneil`` of
  :mod:`rocpr_exact.areas.variance`, a record of the sums); at each m it does not print.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rocpr_exact.areas.variance import hanley_mcneil
from rocpr_exact.checker.failure import Invalid, Unverified
from rocpr_exact.checker.printed import Span
from rocpr_exact.exact.normal import decide_real, quantile

__all__ = [
    "ENUMERATED_UP_TO",
    "EXTREMES_WORK",
    "MAX_CANDIDATES",
    "Window",
    "candidates",
    "delong_stage",
    "extremes",
    "readings",
]

#: ``delong-extremes`` is checked while (P + 1)^2 (N + 1)^2 P N / 4 (the programme's steps
#: times its 2U values, roughly) is at most this; past it, "unverified".
EXTREMES_WORK = 5_000_000
#: The checker lists at most this many candidates 2U of one reading (past it, "unverified").
MAX_CANDIDATES = 10**6
#: ``delong-enumerated`` is checked for P + N up to this (every ranking enumerated).
ENUMERATED_UP_TO = 12


def readings(low: Span, high: Span) -> dict[str, tuple[Span, Span]]:
    """The ends' sets of each reading: "not clipped", and "clipped" (max(0, .) and min(1, .)
    printed) where that reads an end differently and both ends can print."""
    out = {"not clipped": (low, high)}
    low_c: Span | None = low
    if low.holds(0):
        low_c = Span(None, low.high, False, low.high_closed)
    elif low.low is not None and low.low < 0:
        low_c = None
    high_c: Span | None = high
    if high.holds(1):
        high_c = Span(high.low, None, high.low_closed, False)
    elif high.high is not None and high.high > 1:
        high_c = None
    if low_c is not None and high_c is not None and (low_c, high_c) != (low, high):
        out["clipped"] = (low_c, high_c)
    return out


def candidates(p: int, n: int, ends: tuple[Span, Span], auc: Span | None, ties: bool) -> list[int]:
    """The m left open by one reading's ends (module notes)."""
    low, high = ends
    centre = Span(
        None if low.low is None or high.low is None else (low.low + high.low) / 2,
        None if low.high is None or high.high is None else (low.high + high.high) / 2,
        low.low_closed and high.low_closed,
        low.high_closed and high.high_closed,
    )
    first, last = centre.whole(2 * p * n)
    if auc is not None:
        lo, hi = auc.whole(2 * p * n)
        first, last = max(first, lo), min(last, hi)
    if last - first >= MAX_CANDIDATES:
        count = last - first + 1
        raise Unverified(f"no check for {count:,} candidates 2U (at most {MAX_CANDIDATES:,})")
    return [m for m in range(first, last + 1) if ties or m % 2 == 0]


@dataclass(frozen=True, slots=True)
class Window:
    """The half-widths w >= 0 with A - w in the lower end's set and A + w in the upper's."""

    low: Fraction
    high: Fraction | None
    low_closed: bool
    high_closed: bool
    empty: bool

    @classmethod
    def at(cls, area: Fraction, ends: tuple[Span, Span]) -> Window:
        lower, upper = ends
        # (value, closed) of each lower and upper bound on w
        lows = [(Fraction(0), True)]
        highs: list[tuple[Fraction, bool]] = []
        if lower.high is not None:
            lows.append((area - lower.high, lower.high_closed))
        if lower.low is not None:
            highs.append((area - lower.low, lower.low_closed))
        if upper.low is not None:
            lows.append((upper.low - area, upper.low_closed))
        if upper.high is not None:
            highs.append((upper.high - area, upper.high_closed))
        w_low = max(v for v, _ in lows)
        low_closed = all(c for v, c in lows if v == w_low)
        if not highs:
            return cls(w_low, None, low_closed, False, False)
        w_high = min(v for v, _ in highs)
        high_closed = all(c for v, c in highs if v == w_high)
        empty = w_low > w_high or (w_low == w_high and not (low_closed and high_closed))
        return cls(w_low, w_high, low_closed, high_closed, empty)


def _z_squared_below(level: Fraction, bound: Fraction) -> bool:
    """Whether z^2 < ``bound`` (z^2 is irrational: never equal; certified)."""
    z = quantile(level)

    def decide(lo: Fraction, hi: Fraction) -> bool | None:
        if hi < bound:
            return True
        return False if lo > bound else None

    return decide_real(lambda: z() * z(), decide, "the checker's comparison of z")


def _none_prints(level: Fraction, window: Window, top: Fraction) -> bool:
    """Whether no v in [0, top] has z sqrt(v) in ``window`` (certified)."""
    if window.empty:
        return True
    if window.low == 0:
        return not (window.low_closed or top > 0)
    return top == 0 or _z_squared_below(level, window.low * window.low / top)


def _prints(level: Fraction, window: Window, v: Fraction) -> bool:
    """Whether z sqrt(v) lies in ``window`` (certified; v an exact variance)."""
    if window.empty:
        return False
    if v == 0:
        return window.low == 0 and window.low_closed
    square = window.low * window.low / v
    above = window.low == 0 or not _z_squared_below(level, square)
    if not above:
        return False
    if window.high is None:
        return True
    return _z_squared_below(level, window.high * window.high / v)


def _rankings(p: int, n: int, ties: bool) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every ranking as tie groups from the top, two neighbouring groups of one class merged
    (neither the AUC nor any placement changes)."""

    def extend(a: int, b: int, last: str) -> Iterator[tuple[tuple[int, int], ...]]:
        if a == 0 and b == 0:
            yield ()
            return
        for x in range(a + 1):
            for y in range(b + 1):
                kind = "mixed" if x and y else "positive" if x else "negative"
                if (x == 0 and y == 0) or (kind == last and kind != "mixed"):
                    continue
                if kind == "mixed" and not ties:
                    continue
                for rest in extend(a - x, b - y, kind):
                    yield ((x, y), *rest)

    yield from extend(p, n, "")


def _sums(n: int, groups: tuple[tuple[int, int], ...]) -> tuple[int, int, int]:
    """(2U, sum C^2, sum D^2) over the doubled placements: a positive's C = 2 (negatives below
    it) + (negatives tied with it), a negative's D = 2 (positives above it) + (positives tied)."""
    above, below = 0, n
    m = cc = dd = 0
    for a, b in groups:
        below -= b
        c, d = 2 * below + b, 2 * above + a
        m += a * c
        cc += a * c * c
        dd += b * d * d
        above += a
    return m, cc, dd


def _variance(p: int, n: int, m: int, cc: int, dd: int) -> Fraction:
    """DeLong's variance S10 / P + S01 / N: the placements are C / 2N and D / 2P, each S the
    sample variance of one class's (sum C = sum D = 2U: both count the pairs a positive wins,
    ties 1/2, doubled)."""
    s10 = Fraction(p * cc - m * m, 4 * n * n * p * (p - 1))
    s01 = Fraction(n * dd - m * m, 4 * p * p * n * (n - 1))
    return s10 / p + s01 / n


@lru_cache(maxsize=8)
def _variances(p: int, n: int, ties: bool) -> dict[int, frozenset[Fraction]]:
    """The DeLong variances of the rankings at each 2U (every ranking enumerated)."""
    sums = {_sums(n, groups) for groups in _rankings(p, n, ties)}
    found: dict[int, set[Fraction]] = {}
    for m, cc, dd in sums:
        found.setdefault(m, set()).add(_variance(p, n, m, cc, dd))
    return {m: frozenset(vs) for m, vs in found.items()}


def _between(level: Fraction, window: Window, least: Fraction, greatest: Fraction) -> bool:
    """Whether some v in [least, greatest] has z sqrt(v) in ``window`` (certified)."""
    if window.empty:
        return False
    if least == 0 and window.low == 0 and window.low_closed:
        return True
    # z sqrt(greatest) must reach the window's low end, z sqrt(least) stay below its high end
    low = window.low
    reaches = greatest > 0 and (low == 0 or not _z_squared_below(level, low * low / greatest))
    if not reaches:
        return False
    if window.high is None or least == 0:
        return True
    return _z_squared_below(level, window.high**2 / least)


@lru_cache(maxsize=4)
def extremes(p: int, n: int, ties: bool) -> dict[int, tuple[int, int]]:
    """The least and greatest S at each 2U over every ranking: a programme over the states
    (TP, FP) above a group, each step a tie group (a, b) (one example without ties)."""
    table: dict[tuple[int, int], dict[int, tuple[int, int]]] = {(0, 0): {0: (0, 0)}}
    for tp in range(p + 1):
        for fp in range(n + 1):
            here = table.pop((tp, fp), {})
            if (tp, fp) == (p, n):
                return here
            steps = [(a, b) for a in range(p - tp + 1) for b in range(n - fp + 1) if a + b]
            for a, b in steps if ties else [(1, 0), (0, 1)]:
                if tp + a > p or fp + b > n:
                    continue
                c, d = 2 * (n - fp - b) + b, 2 * tp + a
                dm, ds = a * c, p * (n - 1) * a * c * c + n * (p - 1) * b * d * d
                there = table.setdefault((tp + a, fp + b), {})
                for m, (least, greatest) in here.items():
                    old = there.get(m + dm)
                    if old is None:
                        there[m + dm] = (least + ds, greatest + ds)
                    else:
                        there[m + dm] = (min(old[0], least + ds), max(old[1], greatest + ds))
    raise AssertionError("the programme ends at (P, N)")  # pragma: no cover


def _extremes_stage(
    excludes: list[int], data: object, p: int, n: int, ties: bool, level: Fraction,
    ends: tuple[Span, Span],
) -> bool:
    if (p + 1) ** 2 * (n + 1) ** 2 * p * n // 4 > EXTREMES_WORK:
        return False
    bounds = data.get("bounds") if isinstance(data, dict) else None
    if not isinstance(bounds, list):
        raise Invalid("delong-extremes: data.bounds must list [m, least S, greatest S]")
    written = {row[0]: row[1:] for row in bounds if isinstance(row, list) and len(row) == 3}
    table = extremes(p, n, ties)
    scale, weight = 2 * p * n, 4 * p * p * n * n * (p - 1) * (n - 1)
    for m in excludes:
        if m not in table:
            continue  # no ranking has 2U = m
        if written.get(m) != list(table[m]):
            raise Invalid(f"delong-extremes: at 2U = {m} the least and greatest S are {table[m]}")
        least, greatest = (Fraction(s - (p + n - 2) * m * m, weight) for s in table[m])
        if _between(level, Window.at(Fraction(m, scale), ends), least, greatest):
            raise Invalid(f"delong-extremes: at 2U = {m} a variance between the extremes prints")
    return True


def delong_stage(
    stage: str,
    excludes: list[int],
    p: int,
    n: int,
    ties: bool,
    level: Fraction,
    ends: tuple[Span, Span],
    data: object = None,
    method: object = "delong",
) -> bool:
    """Verify one exclusion of an interval under ``method``: True, Invalid, or False (no check
    for ``stage``)."""
    owner = "hanley-mcneil" if stage.startswith("hanley-mcneil") else "delong"
    if stage.startswith(("delong-", "hanley-mcneil")) and method != owner:
        raise Invalid(f"{stage} proves nothing about the method {method}")
    if stage == "hanley-mcneil-each":
        for m in excludes:
            area = Fraction(m, 2 * p * n)
            if _prints(level, Window.at(area, ends), hanley_mcneil(area, p, n)):
                raise Invalid(f"{stage}: at 2U = {m} Hanley-McNeil's interval prints as given")
        return True
    if stage == "delong-too-few":  # DeLong's variance divides by P - 1 and N - 1
        if p >= 2 and n >= 2:
            raise Invalid(f"{stage}: P = {p} and N = {n} are both at least 2")
        return True
    if p < 2 or n < 2:
        raise Invalid(f"{stage}: DeLong's variance needs P >= 2 and N >= 2")
    scale = 2 * p * n
    if stage == "delong-proven-range":
        bound = Fraction(1, p - 1) + Fraction(1, n - 1)
        for m in excludes:
            area = Fraction(m, scale)
            if not _none_prints(level, Window.at(area, ends), area * (1 - area) * bound):
                raise Invalid(f"{stage}: at 2U = {m} a variance in the proven range prints")
        return True
    if stage == "delong-enumerated":
        if p + n > ENUMERATED_UP_TO:
            raise Invalid(f"{stage}: P + N = {p + n} is past {ENUMERATED_UP_TO}")
        table = _variances(p, n, ties)
        for m in excludes:
            window = Window.at(Fraction(m, scale), ends)
            if any(_prints(level, window, v) for v in sorted(table.get(m, ()))):
                raise Invalid(f"{stage}: a ranking with 2U = {m} prints as given")
        return True
    if stage == "delong-extremes":
        return _extremes_stage(excludes, data, p, n, ties, level, ends)
    return False
