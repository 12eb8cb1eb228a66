"""Is a printed AUC-ROC confidence interval possible for P positives and N negatives?

**As tools print them.**  A tool prints round(A - w) and round(A + w), or, as pROC and
MLstatkit do (their twins: :mod:`rocpr_exact.profiles.proc.delong`,
:mod:`rocpr_exact.profiles.mlstatkit`), round(max(0, A - w)) and round(min(1, A + w)): *clipped
to [0, 1]*.  A clipped end printed as 1.000 says only that A + w is at least the least value
printing as 1.000 (for "nearest", 0.9995), and likewise 0.000 for the lower end; a clipped tool
never prints an end above 1 or below 0.  Each reading (not clipped, clipped) is a pair of exact
sets for the true ends A - w and A + w (:func:`readings`; an end's set reaches to -+(1 + 2z),
beyond which no modelled interval's end lies: w = z sqrt(var) and var <= 2 for both methods).
Every reading is tried, and with ``method=None`` every modelled method (DeLong, Hanley-McNeil):
"possible" names the one that gives the witness; "impossible" needs every one excluded with
certainty; an interval symmetric (within rounding) about no AUC m/(2PN) the sizes and the
printed AUC allow, under either reading, is **not modelled** ("not a Wald interval of the AUC":
a bootstrap or logit interval, say), never "impossible".  Without ties (``ties=False``) only
rankings in which no positive ties a negative count: 2U = m is even, and every witness is such
a ranking (its scores distinct).

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

from dataclasses import replace
from fractions import Fraction
from typing import Any, Literal

from rocpr_exact.areas.variance import hanley_mcneil
from rocpr_exact.consistency.ci_verdict import (
    METHOD_NAMES,
    IntervalVerdict,
    Method,
    Target,
    possible,
)
from rocpr_exact.consistency.delong_decide import MAX_STEPS, Stages, decide_delong
from rocpr_exact.consistency.enclosures import Real, ends_in, hm_variance_ball, relation
from rocpr_exact.consistency.engine.protocol import Certificate
from rocpr_exact.consistency.reported import Interval, Rounding, reported_interval
from rocpr_exact.consistency.witness import runs_with_auc
from rocpr_exact.errors import InvalidInputError, ResourceLimitError
from rocpr_exact.exact.normal import ball, ball_bounds, check_level, interval_decimals, quantile
from rocpr_exact.limits import check_examples, interval_budget

__all__ = ["IntervalVerdict", "check_auc_ci", "readings"]

NINETY_FIVE = Fraction(95, 100)
CLIPPED = "clipped to [0, 1]"


def _printed(text: str, rounding: Rounding) -> Interval:
    """The interval of values printed as ``text``; an unclipped lower end may be negative."""
    text = text.strip()
    if not text.startswith("-"):
        return reported_interval(text, rounding)
    shown = reported_interval(text[1:], rounding)  # rounding is symmetric about 0
    return Interval(-shown.high, -shown.low, shown.high_closed, shown.low_closed)


def readings(low: Interval, high: Interval, cap: Fraction) -> list[tuple[bool, Interval, Interval]]:
    """(clipped, the true lower end's set, the true upper end's set): not clipped first, then
    clipped to [0, 1] where that reads the ends differently and some interval can print them.

    The clipped set of an end printed as ``high`` is {x: min(1, x) in high}: ``high`` itself,
    or [high.low, cap] when 1 is in ``high`` (a printed 1.000), or nothing when every value of
    ``high`` exceeds 1; the lower end likewise with max(0, x) and -cap.

    >>> one = reported_interval("1.000")
    >>> [(c, str(h)) for c, _, h in readings(reported_interval("0.990"), one, Fraction(9))]
    [(False, '[1999/2000, 2001/2000)'), (True, '[1999/2000, 9]')]
    """
    out = [(False, low, high)]
    if 0 in low:
        low_c: Interval | None = Interval(-cap, low.high, True, low.high_closed)
    else:
        low_c = low if low.low >= 0 else None
    if 1 in high:
        high_c: Interval | None = Interval(high.low, cap, high.low_closed, True)
    else:
        high_c = high if high.high <= 1 else None
    if low_c is not None and high_c is not None and (low_c, high_c) != (low, high):
        out.append((True, low_c, high_c))
    return out


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
    p: int, n: int, centres: range, target: Target, ties: bool
) -> int | Literal["budget"] | None:
    """The first m (even without ``ties``) whose Hanley-McNeil interval prints as given, None
    if none, "budget"."""
    z, low, high = target
    stack, steps = [(centres.start, centres.stop - 1)], 0
    while stack:
        a, b = stack.pop()
        steps += 1
        if steps > MAX_STEPS:
            return "budget"
        if a == b:
            area = Fraction(a, 2 * p * n)
            if (ties or a % 2 == 0) and ends_in(area, hanley_mcneil(area, p, n), z, low, high):
                return a
            continue
        lower, upper = _hm_range(p, n, a, b, z)
        found = relation(ball_bounds(lower), low), relation(ball_bounds(upper), high)
        if "outside" in found:
            continue
        if found == ("inside", "inside"):
            return a if ties or a % 2 == 0 else a + 1
        middle = (a + b) // 2
        stack += [(middle + 1, b), (a, middle)]
    return None


def _decide(
    p: int,
    n: int,
    method: Method,
    centres: range,
    target: Target,
    shown: str,
    ties: bool,
    stages: Stages | None = None,
) -> IntervalVerdict:
    """One method under one reading (``centres`` not empty); ``stages``: the DeLong decider's."""
    if not ties and centres.start == centres.stop - 1 and centres.start % 2:
        return IntervalVerdict(
            "impossible",
            (
                f"the one AUC at the interval's centre, {Fraction(centres.start, 2 * p * n)}, "
                "needs a positive tied with a negative (2U odd), and the scores have no ties",
            ),
            # the checker derives the same: without ties its candidates are the even 2U
            certificates=(Certificate("untied-odd", (centres.start,)),),
        )
    if method == "delong":
        return decide_delong(p, n, centres, target, shown, ties, stages)
    found = _hanley_mcneil(p, n, centres, target, ties)
    if found == "budget":
        return IntervalVerdict("undecided", (f"more than {MAX_STEPS:,} ranges of the AUC",))
    if found is None:
        each = tuple(m for m in centres if ties or m % 2 == 0)  # the checker tries each m
        return IntervalVerdict(
            "impossible",
            (
                f"no AUC m/(2PN) for P = {p}, N = {n} has a Hanley-McNeil interval that prints "
                f"as {shown} (every AUC in the centre's range checked"
                + ("" if ties else "; without ties 2U = m is even")
                + ")",
            ),
            certificates=(Certificate("hanley-mcneil-each", each),),
        )
    return possible(p, n, found, runs_with_auc(p, n, found), "hanley-mcneil", target, ties)


def _witness_ends(verdict: IntervalVerdict, level: Fraction, places: int, clipped: bool) -> str:
    """The witness's interval with ``places`` certified places (and as a clipping tool prints)."""
    assert verdict.auc is not None and verdict.variance is not None
    low, high = interval_decimals(verdict.auc, verdict.variance, level, places)
    shown = f"{low} to {high}"
    if clipped:
        low_c = low if not low.startswith("-") else "0." + "0" * places
        high_c = high if Fraction(high) <= 1 else "1." + "0" * places
        shown += f" ({CLIPPED}: {low_c} to {high_c})"
    return shown


def _places(*texts: str) -> int:
    return max(len(t.strip().partition(".")[2]) for t in texts) + 2


def _name(method: Method, clipped: bool, both: bool) -> str:
    if not both:
        return METHOD_NAMES[method]
    return METHOD_NAMES[method] + (f", {CLIPPED}" if clipped else f" ({CLIPPED} or not)")


def check_auc_ci(
    positives: int,
    negatives: int,
    lower: str,
    upper: str,
    method: Method | None = "delong",
    level: Fraction = NINETY_FIVE,
    rounding: Rounding = "nearest",
    auc: str | None = None,
    ties: bool = True,
    *,
    stages: Stages | None = None,
) -> IntervalVerdict:
    """Decide whether the printed interval ``lower``-``upper`` is possible (module notes);
    ``method`` None tries every modelled method (``consistent --auc-ci`` without
    ``--ci-method``), DeLong first; ``stages``: the DeLong decider's tuple (a test or a
    benchmark passes another, :func:`~rocpr_exact.consistency.delong_decide.decide_delong`).

    >>> check_auc_ci(20, 20, "0.60", "0.90", "hanley-mcneil").verdict
    'possible'
    >>> check_auc_ci(20, 20, "0.60", "0.61", "hanley-mcneil").verdict
    'impossible'
    >>> v = check_auc_ci(21, 19, "0.991", "1.000", auc="0.997")
    >>> v.verdict, v.method
    ('possible', 'DeLong, clipped to [0, 1]')
    >>> check_auc_ci(120, 880, "0.880", "0.935", auc="0.912").verdict
    'not modelled'
    """
    p, n = positives, negatives
    if p < 1 or n < 1:
        raise InvalidInputError("an AUC-ROC interval needs positives >= 1 and negatives >= 1")
    check_examples(p + n, "an AUC-ROC interval: positives + negatives")  # a witness ranks them
    if method is not None and method not in METHOD_NAMES:
        raise InvalidInputError(
            f"unknown interval method {method!r}; choose 'delong' or 'hanley-mcneil'"
        )
    z = quantile(check_level(level))
    bounds = ball_bounds(z)
    assert bounds is not None
    cap = 1 + 2 * bounds[1]
    low, high = _printed(lower, rounding), _printed(upper, rounding)
    printed_auc = None if auc is None else reported_interval(auc, rounding)
    shown = f"{lower}-{upper}"
    read = [
        (c, lo, hi, _centres(p, n, lo, hi, printed_auc)) for c, lo, hi in readings(low, high, cap)
    ]
    if not any(centres for *_, centres in read):
        return _not_modelled(p, n, shown, auc, len(read) > 1)
    outcomes: list[tuple[str, IntervalVerdict]] = []
    certificates: list[Certificate] = []  # each tagged with its method and reading
    for chosen in (method,) if method is not None else ("delong", "hanley-mcneil"):
        for clipped, lo, hi, centres in read:
            name = _name(chosen, clipped, len(read) > 1)
            if not centres:
                reason = f"no AUC m/(2PN) for P = {p}, N = {n} lies at the centre of this reading"
                outcomes.append((name, IntervalVerdict("impossible", (reason,))))
                continue
            with interval_budget():
                try:
                    verdict = _decide(p, n, chosen, centres, (z, lo, hi), shown, ties, stages)
                except ResourceLimitError as error:
                    if error.limit != "max_interval_work":
                        raise
                    verdict = IntervalVerdict("undecided", (str(error),))
            if verdict.verdict == "possible":
                ends = _witness_ends(verdict, level, _places(lower, upper), clipped)
                return replace(
                    verdict,
                    method=name,
                    reasons=(f"{name}: {verdict.reasons[0]}",),
                    shown=(("interval", ends),),
                )
            outcomes.append((name, verdict))
            tag = {"method": chosen, "reading": "clipped" if clipped else "not clipped"}
            certificates += [replace(c, data={**c.data, **tag}) for c in verdict.certificates]
    undecided = any(v.verdict == "undecided" for _, v in outcomes)
    return IntervalVerdict(
        "undecided" if undecided else "impossible",
        tuple(f"{name}: {reason}" for name, v in outcomes for reason in v.reasons),
        certificates=() if undecided else tuple(certificates),
    )


def _not_modelled(p: int, n: int, shown: str, auc: str | None, clipped: bool) -> IntervalVerdict:
    """No modelled interval prints ``shown``: it is symmetric about no AUC the sizes allow."""
    about = (
        f"the printed AUC-ROC {auc} (no AUC m/(2PN) for P = {p}, N = {n} printed as {auc} "
        "lies at its centre"
        if auc is not None
        else f"any AUC m/(2PN) for P = {p}, N = {n} (no such AUC lies at its centre"
    )
    return IntervalVerdict(
        "not modelled",
        (
            f"not a Wald interval of the AUC: not modelled. The interval {shown} is not "
            f"symmetric, within the rounding of its ends, about {about}"
            + (", read clipped to [0, 1] or not" if clipped else "")
            + "), so neither DeLong's nor Hanley-McNeil's interval prints it; an asymmetric "
            "interval (bootstrap, logit) may",
        ),
    )
