"""Census: where does the independent float reference disagree with the exact library?

For each pair of curves over the same (P, N) -- both orders, both spaces -- the exact decision of
``rocpr_exact.dominates`` is compared with ``tests.float_reference.dominates_roc`` /
``dominates_pr``, and for each curve the exact AUC-ROC and the four AUC-PR areas with the float
ones (relative tolerance 1e-9).  Every disagreement must be *explained*, and the exact answer is
then confirmed by a third, brute-force exact computation (``tests.brute_force``):

``near-tie (below eps)``
    II is above I, and the float reference even computes a positive worst gap, but one no larger
    than its absolute ``eps`` = 1e-12, so it answers "dominates".  Typical with a huge N, where
    precisions (and TPR differences from one negative in 10^13, a near-collinear vertex) are
    themselves below 1e-12.  The exact witness is re-evaluated exactly by brute force.
``near-tie (rounding)``
    The float reference's worst gap is within ``TOL`` of 0 but on the wrong side: rounding hid a
    true violation (gap <= 0 computed) or invented one (gap in (eps, TOL]).  The exact answer is
    confirmed by brute force: the witness, or an exact evaluation at the float's worst location.
``pr-sampling-miss``
    PR space: II is above I only on a recall interval too narrow for the float reference's sample
    points (vertex recalls and a 256-point grid), while the float reference itself, evaluated at
    the exact witness, sees II above I by more than ``TOL``.  The typical case: both curves start
    along TP = 0, so both recall-0 limits are 0 and say nothing, and the interval is (0, rho).
    The witness is confirmed exactly by brute force.
``unexplained``
    Anything else.  The property tests fail on it.

Reproduce the census of ``docs/float-reference.md`` (600 pairs, the size of the CI hypothesis
profile)::

    python -m tests.float_reference_census --pairs 600 --seed 2006
"""

from __future__ import annotations

import argparse
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from random import Random

import mpmath

import rocpr_exact as rx
from tests import float_reference as fr
from tests.brute_force import pr_precision_range, roc_hull, roc_tpr_range
from tests.strategies import PAIR_KINDS, CurvePair, Point, pair_of_kind

TOL = 1e-9  # a float gap within this of 0 is a near-tie
REL = 1e-9  # relative tolerance for areas
AREA_NAMES = ("auc_roc", "continuous", "davis-goadrich", "linear", "step")

Fg = tuple[float, float]  # (location, gap) as the float reference reports it


def exact_value(curve: list[Point], p: int, n: int, space: str, at: Fraction) -> Fraction:
    """The upper value of a curve at an FPR (ROC) or a recall (PR), by brute force."""
    if space == "roc":
        return roc_tpr_range(curve, p, n, at)[1]
    return pr_precision_range(curve, p, at)[1]


def witness_holds(result: rx.Dominance, one: list[Point], two: list[Point], p: int, n: int) -> bool:
    """Is the exact witness a place where II is above I, evaluated independently?"""
    assert result.witness is not None
    v1 = exact_value(one, p, n, result.space, result.witness)
    v2 = exact_value(two, p, n, result.space, result.witness)
    return (v1, v2) == (result.value_1, result.value_2) and v1 < v2


def to_float(value: Fraction | rx.ClosedForm) -> float:
    """A Fraction (correctly rounded), or a ClosedForm r + sum c ln(a) via mpmath at 120 digits."""
    if isinstance(value, Fraction):
        return float(value)
    with mpmath.workdps(120):
        total = mpmath.mpf(value.rational.numerator) / value.rational.denominator
        for c, a in value.terms:
            total += (
                mpmath.mpf(c.numerator)
                / c.denominator
                * mpmath.log(mpmath.mpf(a.numerator) / a.denominator)
            )
        return float(total)


def float_gaps(space: str, one: list[Point], two: list[Point], p: int, n: int) -> list[Fg]:
    if space == "roc":
        return fr.roc_dominance_gaps(one, two, p, n)
    return fr.pr_dominance_gaps(one, two, p)


def classify_decision(
    space: str, result: rx.Dominance, one: list[Point], two: list[Point], p: int, n: int
) -> str | None:
    """None when the float reference agrees with ``result``, else why it does not."""
    gaps = float_gaps(space, one, two, p, n)
    floats_say = fr.worst_gap(gaps)[1] <= 1e-12  # the reference's own eps
    if floats_say == bool(result):
        return None
    location, worst = fr.worst_gap(gaps)
    if not result:  # the floats missed a violation: is the exact witness real?
        if not witness_holds(result, one, two, p, n) or abs(worst) > TOL:
            return "unexplained"
        assert result.witness is not None
        if space == "pr":
            at = float(result.witness)
            seen = fr.precision_at(two, p, at) - fr.precision_at(one, p, at)
            if seen > TOL:
                return "pr-sampling-miss"
        return "near-tie (below eps)" if worst > 0 else "near-tie (rounding)"
    # The floats see II above I where the exact decider says it never is.
    if worst > TOL:
        return "unexplained"
    at = Fraction(location)
    if exact_value(two, p, n, space, at) > exact_value(one, p, n, space, at):
        return "unexplained"
    return "near-tie (rounding)"


def hull_point_disagreements(curve: list[Point], p: int, n: int) -> list[tuple[str, str]]:
    """Corollary 3.1 point by point: (space, why) for each point of the curve where the float
    reference's "strictly under the hull" (ROC: ``below_hull``, gap > 1e-9 TP; PR: precision
    below the hull's PR image by more than 1e-12) differs from the exact library's
    (``rx.below_achievable_pr``, decided in PR space).  A difference is a "near-tie" when the
    float gap is within ``TOL`` of 0 and brute force (its own hull and ROC polyline, exact)
    agrees with the exact library; anything else is "unexplained"."""
    exact_under = {(m.tp, m.fp) for m in rx.below_achievable_pr(rx.Curve.from_counts(curve, p, n))}
    hull = fr.convex_hull(curve, p, n)
    roc_gap = dict(fr.hull_gaps(curve, p, n))
    brute_hull = roc_hull(curve)
    found: list[tuple[str, str]] = []
    for tp, fp in curve:
        if tp + fp == 0:
            continue
        pr_gap = fr.precision_at_tp(hull, tp, side="lower") - tp / (tp + fp)
        for space, gap, eps in (("roc", roc_gap[(tp, fp)], 1e-9), ("pr", pr_gap, 1e-12)):
            if (gap > eps) == ((tp, fp) in exact_under):
                continue
            brute_under = Fraction(tp, p) < roc_tpr_range(brute_hull, p, n, Fraction(fp, n))[0]
            agrees = brute_under == ((tp, fp) in exact_under)
            found.append((space, "near-tie" if agrees and abs(gap) <= TOL else "unexplained"))
    return found


Area = Fraction | rx.ClosedForm


def area_pairs(curve: list[Point], p: int, n: int) -> dict[str, tuple[Area, float]]:
    """Exact and float value of each area of one curve."""
    c = rx.Curve.from_counts(curve, p, n)
    return {
        "auc_roc": (rx.auc_roc(c), fr.auc_roc(curve, p, n)),
        "continuous": (rx.auc_pr(c, "continuous"), fr.auc_pr_continuous(curve, p)),
        "davis-goadrich": (rx.auc_pr(c, "davis-goadrich"), fr.auc_pr_davis_goadrich(curve, p)),
        "linear": (rx.auc_pr(c, "linear"), fr.auc_pr_linear(curve, p)),
        "step": (rx.auc_pr(c, "step"), fr.auc_pr_step(curve, p)),
    }


def area_disagreements(curve: list[Point], p: int, n: int) -> list[str]:
    """The names of the areas where float and exact differ by more than REL."""
    return [
        name
        for name, (exact, approx) in area_pairs(curve, p, n).items()
        if not math.isclose(to_float(exact), approx, rel_tol=REL, abs_tol=0.0)
    ]


@dataclass
class Census:
    """Counts over a batch of pairs (each pair gives 4 decisions: 2 orders x 2 spaces)."""

    pairs: int = 0
    sizes: Counter[str] = field(default_factory=Counter)  # pairs per "P vs N"
    decisions: int = 0
    near_tie_flagged: int = 0  # fr.is_near_tie on the float gaps, whether or not it mattered
    wrong: Counter[str] = field(default_factory=Counter)  # "roc near-tie", "pr sampling", ...
    wrong_by_kind: Counter[str] = field(default_factory=Counter)
    wrong_by_size: Counter[str] = field(default_factory=Counter)  # "P vs N"
    areas: int = 0
    areas_wrong: Counter[str] = field(default_factory=Counter)
    hull_points: int = 0  # points of the curves, each decided in ROC and in PR space
    hull_wrong: Counter[str] = field(default_factory=Counter)  # "roc near-tie", ...

    def add(self, kind: str, pair: CurvePair) -> None:
        p, n, one, two = pair
        c1, c2 = rx.Curve.from_counts(one, p, n), rx.Curve.from_counts(two, p, n)
        self.pairs += 1
        self.sizes[f"{p} vs {n}"] += 1
        for a, b, ca, cb in ((one, two, c1, c2), (two, one, c2, c1)):
            for space in ("roc", "pr"):
                self.decisions += 1
                if fr.is_near_tie(float_gaps(space, a, b, p, n), TOL):
                    self.near_tie_flagged += 1
                why = classify_decision(space, rx.dominates(ca, cb, space), a, b, p, n)
                if why is not None:
                    self.wrong[f"{space} {why}"] += 1
                    self.wrong_by_kind[kind] += 1
                    self.wrong_by_size[f"{p} vs {n}"] += 1
        for curve in (one, two):
            self.areas += len(AREA_NAMES)
            for name in area_disagreements(curve, p, n):
                self.areas_wrong[name] += 1
            self.hull_points += sum(1 for tp, fp in curve if tp + fp)
            for space, why in hull_point_disagreements(curve, p, n):
                self.hull_wrong[f"{space} {why}"] += 1

    def report(self) -> str:
        lines = [
            f"pairs: {self.pairs}, dominance decisions: {self.decisions}, "
            f"float near-tie flagged (is_near_tie): {self.near_tie_flagged}",
            f"decisions where the float reference disagrees: {sum(self.wrong.values())}",
        ]
        lines += [f"  {why}: {count}" for why, count in sorted(self.wrong.items())]
        lines += [f"  by pair kind: {dict(sorted(self.wrong_by_kind.items()))}"]
        lines += [
            f"  by size: {size}: {count} of the {4 * self.sizes[size]} decisions on such pairs"
            for size, count in sorted(self.wrong_by_size.items())
        ]
        lines += [
            f"areas compared: {self.areas}, off by more than rel {REL}: "
            f"{sum(self.areas_wrong.values())} {dict(sorted(self.areas_wrong.items()))}",
            f"hull points (Corollary 3.1, each in ROC and PR space): {self.hull_points}, "
            f"float reference disagrees: {sum(self.hull_wrong.values())} "
            f"{dict(sorted(self.hull_wrong.items()))}",
        ]
        return "\n".join(lines)


def census(pairs: int, seed: int, kinds: Sequence[str] = PAIR_KINDS) -> Census:
    """Run the census on ``pairs`` pairs drawn with a seeded ``random.Random``."""
    rnd = Random(seed)
    result = Census()
    for i in range(pairs):
        kind = kinds[i % len(kinds)]
        result.add(kind, pair_of_kind(rnd, kind))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=600)
    parser.add_argument("--seed", type=int, default=2006)
    args = parser.parse_args()
    from benchmarks import smoke  # ROCPR_SMOKE=1: a tiny batch (tests/docs/test_docs_shell.py)

    print(census(smoke.size(args.pairs, 20), args.seed).report())


if __name__ == "__main__":
    main()
