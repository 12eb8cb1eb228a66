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
  impossible, never undecided.  The paths by size are those of
  :mod:`rocpr_exact.consistency.delong_decide`: while the whole programme fits
  (:func:`~rocpr_exact.consistency.delong_extremes.extremes_fit`: P = N = 25, say), the exact
  least and greatest variance at each AUC over every ranking, ties included
  (:mod:`rocpr_exact.consistency.delong_extremes`), exclude m, give witnesses where an extreme
  prints, and the exact search between them (:mod:`rocpr_exact.consistency.delong_between`)
  decides the rest; near AUC 0 or 1 past it, the same extremes over the centre's AUCs
  (:func:`~rocpr_exact.consistency.delong_extremes.near_extremes`) with the programme's walk
  between them.  Elsewhere up to P = N = 82 the exact greatest variance
  (:mod:`rocpr_exact.consistency.delong_greatest`) and the Lagrangian bound on the least
  (:mod:`rocpr_exact.consistency.delong_lagrange`, with the listing of every ranking near it,
  :mod:`rocpr_exact.consistency.delong_near`) exclude m, and rankings of three tie groups
  (:mod:`rocpr_exact.consistency.delong_groups`), the witness search and the exact search over
  the rankings with only single tied pairs give witnesses.  What none of these decides is
  "undecided", with the reason.
  P or N below 2: DeLong's variance is undefined (pROC prints NA), so no interval is possible.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Literal

from rocpr_exact.areas.variance import hanley_mcneil
from rocpr_exact.consistency.ci_verdict import IntervalVerdict, Method, possible
from rocpr_exact.consistency.delong_decide import MAX_STEPS, decide_delong
from rocpr_exact.consistency.enclosures import Real, ends_in, hm_variance_ball, relation
from rocpr_exact.consistency.reported import Interval, Rounding, reported_interval
from rocpr_exact.consistency.witness import ranking_with_auc
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.normal import ball, ball_bounds, check_level, quantile
from rocpr_exact.limits import check_examples

__all__ = ["IntervalVerdict", "check_auc_ci"]


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
        return possible(p, n, found, witness, "hanley-mcneil", (z, low, high))
    return decide_delong(p, n, centres, (z, low, high), shown)
