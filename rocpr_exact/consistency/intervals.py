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
  interval is impossible.  Otherwise a witness is searched among rankings with the AUCs not
  excluded nearest the centre (:mod:`rocpr_exact.consistency.delong_ci`); a found ranking is
  re-checked and returned ("possible"), else "undecided".  For P + N <= 12 every ranking, ties
  included, is enumerated instead (:mod:`rocpr_exact.consistency.delong_small`): possible or
  impossible, never undecided.  Beyond, while the programme fits
  (:func:`~rocpr_exact.consistency.delong_extremes.extremes_fit`: P = N = 25, say), the exact
  least and greatest variance at each AUC over every ranking, ties included
  (:mod:`rocpr_exact.consistency.delong_extremes`; past it, the same extremes over the
  centre's AUCs only, by the programme that stays small near AUC 0 or 1:
  :func:`~rocpr_exact.consistency.delong_extremes.near_extremes`), exclude more m (every m:
  "impossible")
  and give witnesses where an extreme prints as given or where the programme's walk builds a
  ranking between them (:func:`~rocpr_exact.consistency.delong_extremes.interior_witness`).
  Past both (while :func:`~rocpr_exact.consistency.delong_lagrange.lagrange_fit`: P = N = 82),
  an m where even the least variance without ties gives too wide an interval is excluded when
  the Lagrangian bound on the least variance over every ranking, ties included
  (:mod:`rocpr_exact.consistency.delong_lagrange`), does too, and the rankings that bound is
  built from are tried as witnesses.  The rest stays "undecided" unless the witness search
  finds a ranking.
  P or N below 2: DeLong's variance is undefined (pROC prints NA), so no interval is possible.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.variance import auc_variance, hanley_mcneil
from rocpr_exact.consistency.delong_ci import delong_candidates, delong_witness, needs_ties
from rocpr_exact.consistency.delong_extremes import (
    extreme_witness,
    extremes_exclude,
    extremes_fit,
    interior_witness,
    near_fit,
)
from rocpr_exact.consistency.delong_lagrange import lagrange_excludes, lagrange_fit, least_s_lines
from rocpr_exact.consistency.delong_small import EXHAUSTIVE_EXAMPLES, small_witness
from rocpr_exact.consistency.enclosures import Real, ends_in, hm_variance_ball, relation
from rocpr_exact.consistency.reported import Interval, Rounding, reported_interval
from rocpr_exact.consistency.witness import Group, ranking_with_auc, scored
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.normal import ball, ball_bounds, check_level, quantile
from rocpr_exact.limits import check_examples

__all__ = ["IntervalVerdict", "check_auc_ci"]

Method = Literal["delong", "hanley-mcneil"]
#: Ranges of m examined (each an Arb evaluation or a rational bound) before "undecided".
MAX_STEPS = 200_000
#: How many AUCs not excluded (nearest the centre) the DeLong witness search tries.
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
            values = {"auc_roc": str(self.auc), "variance": str(self.variance)}
            out["witness"] = {"scores": list(self.scores), "labels": list(self.labels)}
            out["witness"]["values"] = values
        return out


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


def _hm_range(p: int, n: int, a: int, b: int, z: Real) -> tuple[Any, Any]:
    """Arb enclosures of the two ends over every A in [a, b] / (2PN) (interval extension)."""

    def area() -> Any:
        return ball(Fraction(a, 2 * p * n)).union(ball(Fraction(b, 2 * p * n)))

    def half() -> Any:
        return z() * hm_variance_ball(area(), p, n).sqrt()

    return (lambda: area() - half()), (lambda: area() + half())


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
            if ends_in(area, hanley_mcneil(area, p, n), z, low, high):
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
    check_examples(p + n, "check_auc_ci: positives + negatives")  # a witness ranks them all
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
    small = p + n <= EXHAUSTIVE_EXAMPLES
    exact = not small and extremes_fit(p, n)
    window = None  # past the whole programme: the one over the centre's m, near an end
    if not small and not exact and centres and near_fit(p, n, centres[0], centres[-1]):
        window = (centres[0], centres[-1])
    exact = exact or window is not None
    priced = not small and not exact and lagrange_fit(p, n)  # the bound over every m
    wanted = len(centres) if small or exact or priced else WITNESS_AUCS  # every m not excluded
    kept = delong_candidates(p, n, centres, z, low, high, wanted, MAX_STEPS)
    if kept == "budget":
        return IntervalVerdict("undecided", (f"more than {MAX_STEPS:,} ranges of the AUC",))
    if not kept:
        return IntervalVerdict(
            "impossible",
            (
                f"for every AUC m/(2PN) in the centre's range, no DeLong variance in its proven "
                f"range [0, A(1 - A)(1/(P - 1) + 1/(N - 1))] gives an interval that prints as "
                f"{shown}",
            ),
        )
    if small:
        return _small(p, n, kept, (z, low, high), shown)
    if exact:
        kept = [m for m in kept if not extremes_exclude(p, n, m, z, low, high, window)]
        if not kept:
            return IntervalVerdict(
                "impossible",
                (
                    f"for every AUC m/(2PN) in the centre's range, no DeLong variance between the "
                    f"least and the greatest over every ranking of P = {p} and N = {n} with that "
                    f"AUC, ties included (exact: docs/inference.md), gives an interval that "
                    f"prints as {shown}",
                ),
            )
        for m in kept:
            extreme = extreme_witness(p, n, m, z, low, high, window)
            if extreme is not None:
                return _possible(p, n, m, extreme, "delong", (z, low, high))
        kept = kept[:WITNESS_AUCS]
        for m in kept:  # between the extremes: the programme's walk toward the S needed
            inside = interior_witness(p, n, m, z, low, high)
            if inside is not None and _prints(p, n, inside, (z, low, high)):
                return _possible(p, n, m, inside, "delong", (z, low, high))
    if priced:
        tied = [m for m in kept if needs_ties(p, n, m, z, low, high)]
        lines = least_s_lines(p, n, sorted({min(tied), max(tied)})) if tied else []
        for _, m, _, ranking in lines:  # the programme's rankings: witnesses if they print
            if m in kept and _prints(p, n, list(ranking), (z, low, high)):
                return _possible(p, n, m, list(ranking), "delong", (z, low, high))
        out = {m for m in tied if lagrange_excludes(p, n, m, z, low, high, lines)}
        kept = [m for m in kept if m not in out]
        if not kept:
            return IntervalVerdict(
                "impossible",
                (
                    f"for every AUC m/(2PN) in the centre's range, no DeLong variance in its "
                    f"proven range gives an interval that prints as {shown}: where the least "
                    f"variance without ties is too wide, the Lagrangian bound on the least "
                    f"variance over every ranking, ties included (docs/inference.md), is too",
                ),
            )
        kept = kept[:WITNESS_AUCS]
    for m in kept:
        groups = delong_witness(p, n, m, z, low, high)
        if groups is not None:
            return _possible(p, n, m, groups, "delong", (z, low, high))
    reasons = [
        "AUC values remain that the variance bounds do not exclude, and the witness search "
        f"(docs/inference.md) found no ranking at the {len(kept)} nearest the centre"
    ]
    if exact:
        reasons.append(
            "at each of them the printed interval needs a variance between the exact least "
            "and greatest over every ranking with that AUC (docs/inference.md), neither of "
            "which prints as given, and not every variance between them is a ranking's"
        )
    elif all(needs_ties(p, n, m, z, low, high) for m in kept):
        reasons.append(
            "at each of them even the least variance of a ranking without ties (one tied "
            "pair for an odd 2U; proven, docs/inference.md) gives a wider interval: only "
            "rankings with more tied scores could print this one, and "
            + (
                "the Lagrangian bound on their least variance does not exclude it"
                if priced
                else "at this P and N their variance is not bounded more tightly (the exact "
                "extremes run up to about P = N = 25, further only near AUC 0 or 1, and the "
                "Lagrangian bound up to P = N = 82: docs/inference.md)"
            )
        )
    return IntervalVerdict("undecided", tuple(reasons))


def _small(
    p: int, n: int, kept: list[int], target: tuple[Real, Interval, Interval], shown: str
) -> IntervalVerdict:
    """The exact verdict of P + N <= EXHAUSTIVE_EXAMPLES: every ranking tried."""
    found = small_witness(p, n, kept, *target)
    if found is not None:
        return _possible(p, n, found[0], found[1], "delong", target)
    return IntervalVerdict(
        "impossible",
        (
            f"every ranking of P = {p} positives and N = {n} negatives, ties included, was "
            f"enumerated: at the {len(kept)} AUCs the variance bounds do not exclude, none has "
            f"a DeLong interval that prints as {shown}",
        ),
    )


def _prints(p: int, n: int, groups: list[Group], target: tuple[Real, Interval, Interval]) -> bool:
    """Whether the ranking's DeLong interval prints as given (certified, from its scores)."""
    curve = Curve.from_scores(*scored(groups))
    return ends_in(auc_roc(curve), auc_variance(curve, "delong"), *target)


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
    if not ends_in(auc_roc(curve), variance, *target):
        raise AssertionError("the witness's interval does not print as given")
    return IntervalVerdict(
        "possible",
        (f"a ranking with AUC-ROC {Fraction(m, 2 * p * n)} and {method} variance {variance}",),
        tuple(scores),
        tuple(labels),
        Fraction(m, 2 * p * n),
        variance,
    )
