"""Is a printed AUC-ROC confidence interval possible for P positives and N negatives?

A normal interval is symmetric: lower = A - w, upper = A + w with w = z sqrt(var) and
z = Phi^-1((1 + level) / 2) (:mod:`rocpr_exact.areas.inference`).  A ranking's AUC is
A = m / (2PN) for an integer m (ties count 1/2), so a printed "LO-HI" whose ends stand for the
exact intervals I_lo, I_hi (:func:`~rocpr_exact.consistency.reported.reported_interval`) needs

* a centre m / (2PN) in (I_lo + I_hi) / 2, and, with ``--auc-roc``, in its printed interval;
* **Hanley-McNeil**: var = V(A, P, N) is a function of A alone, so each candidate m is decided
  by certified arithmetic.  Ranges of m are pruned with Arb enclosures over the whole range (an
  interval extension encloses the range of A - z sqrt(V(A)) and A + z sqrt(V(A)) over it) and
  split until every m is decided: the answer is exact, "possible" with a ranking of that AUC
  (:func:`~rocpr_exact.consistency.witness.ranking_with_auc`), or "impossible".
* **DeLong**: var depends on the ranking.  Proven bounds at a given A (docs/inference.md):
  0 <= var <= A (1 - A) (1 / (P - 1) + 1 / (N - 1)), since each doubled placement lies in
  [0, 2N] (so sum C^2 <= 2N sum C) and likewise for the negatives.  A candidate m is excluded
  when no w in [0, z sqrt(max)] puts both ends in I_lo and I_hi; when every m is excluded the
  interval is impossible.  Otherwise a witness is searched in two families of rankings with
  that AUC (positives' placements from equal to extreme, and the mirror family for the
  negatives); a found ranking is re-checked and returned ("possible"), else "undecided".
  P or N below 2: DeLong's variance is undefined (pROC prints NA), so no interval is possible.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain
from typing import Any, Literal

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.variance import auc_variance, hanley_mcneil
from rocpr_exact.consistency.reported import Interval, Rounding, reported_interval
from rocpr_exact.consistency.witness import Group, ranking_with_auc, scored
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.normal import ball, ball_bounds, check_level, decide_real, quantile

__all__ = ["IntervalVerdict", "check_auc_ci", "hm_variance_ball", "real_in", "relation"]

Method = Literal["delong", "hanley-mcneil"]
Real = Callable[[], Any]
#: Ranges of m examined (each an Arb evaluation) before the answer is "undecided".
MAX_STEPS = 200_000
#: Grid of the witness families' shape parameter, and how many AUCs (nearest the centre) the
#: witness search tries.
FAMILY_STEPS = 32
WITNESS_AUCS = 16


@dataclass(frozen=True, slots=True)
class IntervalVerdict:
    """possible (with ``scores``/``labels`` of a witness), impossible or undecided; reasons."""

    verdict: Literal["possible", "impossible", "undecided"]
    reasons: tuple[str, ...]
    scores: tuple[int, ...] = ()
    labels: tuple[int, ...] = ()
    auc: Fraction | None = None
    variance: Fraction | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"verdict": self.verdict, "reasons": list(self.reasons)}
        if self.verdict == "possible":
            out["witness"] = {
                "scores": list(self.scores),
                "labels": list(self.labels),
                "values": {"auc_roc": str(self.auc), "variance": str(self.variance)},
            }
        return out


def real_in(interval: Interval, value: Real) -> bool:
    """Whether the real ``value()`` lies in ``interval`` (certified)."""

    def decide(lo: Fraction, hi: Fraction) -> bool | None:
        if lo in interval and hi in interval:
            return True
        return False if not interval.meets(lo, hi) else None

    return decide_real(value, decide, "an interval end")


def _ends_in(a: Fraction, variance: Fraction, z: Real, low: Interval, high: Interval) -> bool:
    """Whether A - z sqrt(var) is in ``low`` and A + z sqrt(var) in ``high`` (certified)."""
    if variance == 0:
        return a in low and a in high
    lower = real_in(low, lambda: ball(a) - z() * ball(variance).sqrt())
    return lower and real_in(high, lambda: ball(a) + z() * ball(variance).sqrt())


def _printed(text: str, rounding: Rounding) -> Interval:
    """The interval of values printed as ``text``; an unclipped lower end may be negative."""
    text = text.strip()
    if not text.startswith("-"):
        return reported_interval(text, rounding)
    shown = reported_interval(text[1:], rounding)  # rounding is symmetric about 0
    return Interval(-shown.high, -shown.low, shown.high_closed, shown.low_closed)


def _centres(p: int, n: int, low: Interval, high: Interval, auc: Interval | None) -> range:
    """The m with m / (2PN) in (low + high) / 2 (and in ``auc``)."""
    closed = low.low_closed and high.low_closed, low.high_closed and high.high_closed
    centre = Interval((low.low + high.low) / 2, (low.high + high.high) / 2, *closed)
    first, last = centre.integers_scaled(2 * p * n)
    if auc is not None:
        lo, hi = auc.integers_scaled(2 * p * n)
        first, last = max(first, lo), min(last, hi)
    return range(max(first, 0), min(last, 2 * p * n) + 1)


def hm_variance_ball(x: Any, p: int, n: int) -> Any:
    """Hanley-McNeil's variance of an Arb ball of AUCs: an enclosure of its range over the ball."""
    q1, q2 = x / (2 - x), 2 * x * x / (1 + x)
    return (x * (1 - x) + (p - 1) * (q1 - x * x) + (n - 1) * (q2 - x * x)) / (p * n)


def _hm_range(p: int, n: int, a: int, b: int, z: Real) -> tuple[Any, Any]:
    """Arb enclosures of the two ends over every A in [a, b] / (2PN) (interval extension)."""

    def area() -> Any:
        return ball(Fraction(a, 2 * p * n)).union(ball(Fraction(b, 2 * p * n)))

    def half() -> Any:
        return z() * hm_variance_ball(area(), p, n).sqrt()

    return (lambda: area() - half()), (lambda: area() + half())


def relation(bounds: tuple[Fraction, Fraction] | None, interval: Interval) -> str:
    """"inside", "outside" or "unknown": where the enclosure ``bounds`` lies (None: unknown)."""
    if bounds is None:
        return "unknown"
    lo, hi = bounds
    if not interval.meets(lo, hi):
        return "outside"
    return "inside" if lo in interval and hi in interval else "unknown"


def _hanley_mcneil(
    p: int, n: int, centres: range, z: Real, low: Interval, high: Interval
) -> int | Literal["budget"] | None:
    """The first m whose Hanley-McNeil interval prints as given, None if none, "budget"."""
    stack, steps = [(centres.start, centres.stop - 1)], 0
    while stack:
        a, b = stack.pop()
        steps += 1
        if steps > MAX_STEPS:
            return "budget"
        if a == b:
            area = Fraction(a, 2 * p * n)
            if _ends_in(area, hanley_mcneil(area, p, n), z, low, high):
                return a
            continue
        lower, upper = _hm_range(p, n, a, b, z)
        found = relation(ball_bounds(lower), low), relation(ball_bounds(upper), high)
        if "outside" in found:
            continue
        if found == ("inside", "inside"):
            return a
        middle = (a + b) // 2
        stack += [(middle + 1, b), (a, middle)]
    return None


def _delong_excluded(p: int, n: int, m: int, z: Real, low: Interval, high: Interval) -> bool:
    """No w in [0, z sqrt(max var)] puts A - w in ``low`` and A + w in ``high`` (proved)."""
    area = Fraction(m, 2 * p * n)
    w_low = max(area - low.high, high.low - area, Fraction(0))
    w_high = min(area - low.low, high.high - area)
    if w_high < w_low or (w_high == w_low and not (area - w_low in low and area + w_low in high)):
        return True
    bound = area * (1 - area) * (Fraction(1, p - 1) + Fraction(1, n - 1))
    if w_low == 0:
        return False
    if bound == 0:
        return True
    # excluded when z sqrt(bound) < w_low, i.e. z^2 bound < w_low^2
    square = w_low * w_low / bound

    def decide(lo: Fraction, hi: Fraction) -> bool | None:
        if hi < square:
            return True
        return False if lo >= square else None

    return decide_real(lambda: z() * z(), decide, "a DeLong bound")


def _groups(beats: list[int], n: int, half: bool) -> list[Group]:
    """The ranking whose i-th positive beats ``beats[i]`` negatives (non-increasing)."""
    sequence: list[Group] = []
    i = 0
    for level in range(n, -1, -1):
        while i < len(beats) and beats[i] == level:
            sequence.append((1, 0))
            i += 1
        if level:
            sequence.append((0, 1))
    if half:
        first = next(k for k, b in enumerate(beats) if b < n)
        where = first + (n - beats[first])
        sequence[where - 1 : where + 1] = [(1, 1)]
    return sequence


def _rounded(values: list[Fraction], u: int, n: int) -> list[int]:
    """Integers from a non-increasing real profile: floors of the running sum, the sum set to
    ``u`` (one unit at a time where it keeps the profile in [0, n]), sorted non-increasing."""
    beats, total = [], Fraction(0)
    for value in values:
        before = total
        total += value
        beats.append(int(total) - int(before))
    beats = [min(max(b, 0), n) for b in beats]
    beats.sort(reverse=True)
    i, step = 0, 1 if sum(beats) < u else -1
    while sum(beats) != u and i < 4 * len(beats):
        k = i % len(beats) if step > 0 else len(beats) - 1 - i % len(beats)
        if 0 <= beats[k] + step <= n:
            beats[k] += step
        i += 1
    beats.sort(reverse=True)
    return beats


def _mixed(p: int, n: int, u: int, s: Fraction) -> list[Fraction]:
    """Positives' placements between equal (s = 0) and extreme (s = 1)."""
    equal = [Fraction(u, p)] * p
    extreme, left = [], u
    for _ in range(p):
        extreme.append(Fraction(min(n, left)))
        left -= min(n, left)
    return [(1 - s) * e + s * x for e, x in zip(equal, extreme, strict=True)]


def _sloped(p: int, n: int, u: int, slope: Fraction) -> list[Fraction]:
    """Placements falling linearly by ``slope`` per positive (clipped to [0, n]), sum ~ u."""

    def profile(c: Fraction) -> list[Fraction]:
        return [min(max(c - slope * i, Fraction(0)), Fraction(n)) for i in range(p)]

    low, high = Fraction(0), Fraction(n) + slope * p
    for _ in range(32):  # the sum is non-decreasing in c: bisection
        middle = (low + high) / 2
        low, high = (middle, high) if sum(profile(middle)) < u else (low, middle)
    return profile(high)


def _family(p: int, n: int, u2: int) -> Iterator[list[Group]]:
    """Rankings with 2U = ``u2``: sloped, then mixed placement profiles (module notes)."""
    u = u2 // 2
    slopes = (Fraction(n, p) * Fraction(2) ** k for k in range(-8, 9))
    mixes = (Fraction(k, FAMILY_STEPS) for k in range(FAMILY_STEPS + 1))
    shapes = chain((_sloped(p, n, u, t) for t in slopes), (_mixed(p, n, u, s) for s in mixes))
    for shape in shapes:
        beats = _rounded(shape, u, n)
        if sum(beats) != u or (u2 % 2 and all(b == n for b in beats)):
            continue
        yield _groups(beats, n, bool(u2 % 2))


def _mirror(groups: list[Group]) -> list[Group]:
    """Swap the classes and reverse the order: the same AUC, the roles of P and N exchanged."""
    return [(b, a) for a, b in reversed(groups)]


def _curve(groups: list[Group]) -> Curve:
    tps, fps = [0], [0]
    for a, b in groups:
        tps.append(tps[-1] + a)
        fps.append(fps[-1] + b)
    return Curve(tps[-1], fps[-1], tuple(tps), tuple(fps))


def _delong_witness(
    p: int, n: int, m: int, z: Real, low: Interval, high: Interval
) -> list[Group] | None:
    area = Fraction(m, 2 * p * n)
    w_low = max(area - low.high, high.low - area, Fraction(0))
    w_high = min(area - low.low, high.high - area)
    bounds = ball_bounds(z)
    assert bounds is not None
    z_low, z_high = bounds
    candidates = chain(_family(p, n, m), (_mirror(g) for g in _family(n, p, m)))
    for groups in candidates:
        variance = auc_variance(_curve(groups))
        if z_high * z_high * variance < w_low * w_low or z_low * z_low * variance > w_high**2:
            continue  # w = z sqrt(var) is certainly outside [w_low, w_high]
        if _ends_in(area, variance, z, low, high):
            return groups
    return None


def check_auc_ci(
    positives: int,
    negatives: int,
    lower: str,
    upper: str,
    method: Method = "delong",
    level: Fraction = Fraction(95, 100),
    rounding: Rounding = "nearest",
    auc: str | None = None,
) -> IntervalVerdict:
    """Decide whether the printed interval ``lower``-``upper`` is possible (module notes).

    >>> check_auc_ci(20, 20, "0.60", "0.90", "hanley-mcneil").verdict
    'possible'
    >>> check_auc_ci(20, 20, "0.60", "0.61", "hanley-mcneil").verdict
    'impossible'
    """
    p, n = positives, negatives
    if p < 1 or n < 1:
        raise InvalidInputError("an AUC-ROC interval needs positives >= 1 and negatives >= 1")
    if method not in ("delong", "hanley-mcneil"):
        raise InvalidInputError(f"unknown interval method {method!r}")
    z = quantile(check_level(level))
    low, high = _printed(lower, rounding), _printed(upper, rounding)
    printed_auc = None if auc is None else reported_interval(auc, rounding)
    centres = _centres(p, n, low, high, printed_auc)
    shown = f"{lower}-{upper}"
    if not centres:
        return IntervalVerdict(
            "impossible",
            (
                f"the interval {shown} is symmetric about the AUC-ROC, and no AUC m/(2PN) for "
                f"P = {p}, N = {n} lies in its centre's range"
                + (f" and prints as {auc}" if auc is not None else ""),
            ),
        )
    if method == "hanley-mcneil":
        found = _hanley_mcneil(p, n, centres, z, low, high)
        if found == "budget":
            return IntervalVerdict("undecided", (f"more than {MAX_STEPS:,} ranges of the AUC",))
        if found is None:
            return IntervalVerdict(
                "impossible",
                (
                    f"no AUC m/(2PN) for P = {p}, N = {n} has a Hanley-McNeil interval that prints "
                    f"as {shown} (every AUC in the centre's range checked)",
                ),
            )
        witness = ranking_with_auc(p, n, found)
        return _possible(p, n, found, witness, "hanley-mcneil", (z, low, high))
    if p < 2 or n < 2:
        return IntervalVerdict(
            "impossible",
            (f"DeLong's variance needs P, N >= 2 (got P = {p}, N = {n}): no interval is printed",),
        )
    if len(centres) > MAX_STEPS:
        return IntervalVerdict("undecided", (f"more than {MAX_STEPS:,} candidate AUCs",))
    kept = [m for m in centres if not _delong_excluded(p, n, m, z, low, high)]
    if not kept:
        return IntervalVerdict(
            "impossible",
            (
                f"for every AUC m/(2PN) in the centre's range, no DeLong variance in its proven "
                f"range [0, A(1 - A)(1/(P - 1) + 1/(N - 1))] gives an interval that prints as "
                f"{shown}",
            ),
        )
    middle = sorted(kept, key=lambda m: abs(2 * m - kept[0] - kept[-1]))
    for m in middle[:WITNESS_AUCS]:
        groups = _delong_witness(p, n, m, z, low, high)
        if groups is not None:
            return _possible(p, n, m, groups, "delong", (z, low, high))
    return IntervalVerdict(
        "undecided",
        (
            f"{len(kept)} AUC values are not excluded by the variance bounds, and the witness "
            "search (docs/inference.md) found no ranking",
        ),
    )


def _possible(
    p: int,
    n: int,
    m: int,
    groups: list[Group],
    method: Method,
    target: tuple[Real, Interval, Interval],
) -> IntervalVerdict:
    """The verdict "possible" for a witness ranking, its interval re-checked from its scores."""
    scores, labels = scored(groups)
    curve = Curve.from_scores(scores, labels)
    variance = auc_variance(curve, method)
    if (curve.positives, curve.negatives, auc_roc(curve)) != (p, n, Fraction(m, 2 * p * n)):
        raise AssertionError("the witness ranking does not have the AUC searched for")
    if not _ends_in(auc_roc(curve), variance, *target):
        raise AssertionError("the witness's interval does not print as given")
    return IntervalVerdict(
        "possible",
        (f"a ranking with AUC-ROC {Fraction(m, 2 * p * n)} and {method} variance {variance}",),
        tuple(scores),
        tuple(labels),
        Fraction(m, 2 * p * n),
        variance,
    )
