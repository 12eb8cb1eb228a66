"""Is a printed p-value of a *paired* DeLong test possible?  (Both rankings searched.)

Two scorings of the same P positives and N negatives with printed AUCs A and B: the paired
test has z^2 = (A - B)^2 / (var_A + var_B - 2 cov) and p = erfc(sqrt(z^2 / 2))
(:func:`rocpr_exact.areas.inference.delong_test`).

* **Impossible** (proven): DeLong's covariance matrix of (A, B) is S10 / P + S01 / N, a sum of
  two sample covariance matrices, so it is positive semi-definite and |cov| <= sqrt(var_A
  var_B); with var <= A (1 - A) K, K = 1 / (P - 1) + 1 / (N - 1) (docs/inference.md),

      var_A + var_B - 2 cov <= (sqrt(A (1 - A) K) + sqrt(B (1 - B) K))^2,

  hence z^2 >= z_min^2 and p <= p_max(A, B).  A printed p above p_max for every pair of AUCs
  m / (2PN), k / (2PN) printing as A and B is impossible.  Rectangles of pairs are pruned with
  Arb enclosures of p_max over the whole rectangle and split (certified).
* **Possible**: for the pairs not excluded (the first few), two rankings with those AUCs (the
  greedy ranking and, for an even 2U, the least-variance staircase of
  :mod:`~rocpr_exact.consistency.delong_untied`) are paired example by example in several ways
  (the i-th positive of one with the (i + s)-th of the other, forwards or reversed, likewise
  the negatives), which moves the covariance between its extremes; a pairing whose exact z^2
  gives a certified p printed as given is a witness (scores A and B of the same examples).
* Otherwise **undecided**: small printed p-values are never excluded (the covariance can bring
  var_A + var_B - 2 cov near 0), and the witness search is not exhaustive; each pairing tried
  costs 2 (P + N) of ``max_interval_work``, past which the search stops ("undecided", naming it).

Sidedness and printed bounds as :mod:`rocpr_exact.consistency.delong_p` reads them
(:func:`~rocpr_exact.consistency.delong_p.sided_targets`): the exclusion bounds p from above,
so it is tried on the two-sided p-values every sidedness needs together.  Without ties both
2U are even and both scorings' scores distinct.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

import numpy as np

from rocpr_exact.areas.inference import delong_test
from rocpr_exact.consistency.ci_verdict import IntervalVerdict, witness_scores
from rocpr_exact.consistency.delong_p import Sides, printed_p, sided_targets
from rocpr_exact.consistency.delong_untied import untied_groups, untied_min_ranking
from rocpr_exact.consistency.enclosures import halves, real_in
from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.reported import Interval, Rounding, reported_interval
from rocpr_exact.consistency.witness import ranking_with_auc
from rocpr_exact.errors import InvalidInputError, ResourceLimitError, UndefinedMetricError
from rocpr_exact.exact.normal import ball, ball_bounds, two_sided_p
from rocpr_exact.limits import check_examples, check_interval_work, interval_budget

__all__ = ["check_paired_delong_p"]

MAX_STEPS = 200_000
#: Pairs of AUCs not excluded for which witnesses are searched.
WITNESS_PAIRS = 4
SHIFTS = (Fraction(0), Fraction(1, 16), Fraction(1, 8), Fraction(1, 4), Fraction(1, 2))
#: Examples' worth of ``max_interval_work`` per example of one pairing tried (a paired test:
#: two sorts and the placements' covariance).
PAIRING_WORK = 2
#: Examples past which a pairing is tested as numpy arrays (faster for large, slower for few).
ARRAYS_FROM = 256
#: A witness: scores A, scores B, labels, z^2, the variance of the difference, the sidedness.
Found = tuple[list[int], list[int], list[int], Fraction, Fraction, str]


def _p_max(x: Any, y: Any, k: Fraction) -> Any:
    """An Arb enclosure of p_max over balls x, y of AUCs (module notes)."""
    spread = (x * (1 - x) * ball(k)).sqrt() + (y * (1 - y) * ball(k)).sqrt()
    z2 = (x - y) * (x - y) / (spread * spread)
    return (z2 / 2).sqrt().erfc()


def _below(bounds: tuple[Fraction, Fraction] | None, target: Interval) -> bool:
    """The enclosure lies wholly below every value of ``target``."""
    if bounds is None:
        return False
    high = bounds[1]
    return high < target.low or (high == target.low and not target.low_closed)


def _open_pairs(
    first: range, second: range, p: int, n: int, target: Interval, ties: bool
) -> list[tuple[int, int]] | str:
    """The first WITNESS_PAIRS pairs (m, k) not excluded ([] when all are: a proof)."""
    k = Fraction(1, p - 1) + Fraction(1, n - 1)
    scale = 2 * p * n
    stack = [(first.start, first.stop - 1, second.start, second.stop - 1)]
    kept: list[tuple[int, int]] = []
    steps = 0
    while stack and len(kept) < WITNESS_PAIRS:
        a1, a2, b1, b2 = stack.pop()
        steps += 1
        if steps > MAX_STEPS:
            return kept or "budget"

        def value(a1: int = a1, a2: int = a2, b1: int = b1, b2: int = b2) -> Any:
            x = ball(Fraction(a1, scale)).union(ball(Fraction(a2, scale)))
            y = ball(Fraction(b1, scale)).union(ball(Fraction(b2, scale)))
            return _p_max(x, y, k)

        if _below(ball_bounds(value), target):
            continue
        if a1 == a2 and b1 == b2:
            if ties or a1 % 2 == b1 % 2 == 0:
                kept.append((a1, b1))
        else:
            stack += halves(a1, a2, b1, b2)
    return kept


def _rankings(p: int, n: int, m: int) -> list[list[Group]]:
    out = [ranking_with_auc(p, n, m)]
    if m % 2 == 0:
        check_interval_work(p + n, "the paired test's witness search")
        out.append(untied_groups(untied_min_ranking(p, n, m // 2), n))
    return out


def _by_class(groups: list[Group], ties: bool) -> tuple[list[int], list[int]]:
    """The scores of the positives and of the negatives, each from the top."""
    scores, labels = witness_scores(groups, ties)
    pos = [s for s, y in zip(scores, labels, strict=True) if y]
    return pos, [s for s, y in zip(scores, labels, strict=True) if not y]


def _paired(values: list[int], shift: Fraction, reverse: bool) -> list[int]:
    ordered = values[::-1] if reverse else values
    step = int(shift * len(ordered))
    return ordered[step:] + ordered[:step]


def _arrays(*columns: list[int]) -> list[Any]:
    """numpy arrays past a few hundred examples (the test's vectorised path), else the lists."""
    return [np.array(c) for c in columns] if len(columns[0]) > ARRAYS_FROM else list(columns)


def _p_of(z2: Fraction) -> Any:
    return lambda: ball(z2 / 2).sqrt().erfc()


def _witness(
    p: int, n: int, m: int, k: int, targets: list[tuple[str, Interval]], ties: bool
) -> Found | None:
    for groups_a, groups_b in product(_rankings(p, n, m), _rankings(p, n, k)):
        pos_a, neg_a = _by_class(groups_a, ties)
        pos_b, neg_b = _by_class(groups_b, ties)
        labels = [1] * p + [0] * n
        for s, t, r1, r2 in product(SHIFTS, SHIFTS, (False, True), (False, True)):
            check_interval_work(PAIRING_WORK * (p + n), "the paired test's witness search")
            scores_a = pos_a + neg_a
            scores_b = _paired(pos_b, s, r1) + _paired(neg_b, t, r2)
            try:
                test = delong_test(*_arrays(scores_a, scores_b, labels))
                z2 = test.z_squared
            except UndefinedMetricError:
                continue  # a zero variance: no test is printed
            for sided, target in targets:
                if Fraction(1) in target if z2 == 0 else real_in(target, _p_of(z2)):
                    return scores_a, scores_b, labels, z2, test.variance, sided
    return None


def check_paired_delong_p(
    positives: int,
    negatives: int,
    p_value: str,
    auc_a: str,
    auc_b: str,
    rounding: Rounding = "nearest",
    ties: bool = True,
    sides: Sides | None = None,
) -> IntervalVerdict:
    """Decide, where the notes above can, whether a paired DeLong test of two printed AUCs on
    the same examples can print ``p_value`` (``sides`` None: two- or one-sided).

    >>> check_paired_delong_p(30, 30, "0.9", "0.90", "0.70", sides="two-sided").verdict
    'impossible'
    >>> check_paired_delong_p(30, 30, "<0.001", "0.90", "0.70").verdict
    'possible'
    """
    p, n = positives, negatives
    if p < 2 or n < 2:
        raise InvalidInputError("a paired DeLong test needs positives >= 2 and negatives >= 2")
    check_examples(p + n, "a paired DeLong test: positives + negatives")
    targets = sided_targets(printed_p(p_value, rounding), sides)
    scale = 2 * p * n
    first = reported_interval(auc_a, rounding).integers_scaled(scale)
    second = reported_interval(auc_b, rounding).integers_scaled(scale)
    ranges = (
        range(max(first[0], 0), min(first[1], scale) + 1),
        range(max(second[0], 0), min(second[1], scale) + 1),
    )
    if not ranges[0] or not ranges[1] or not targets:
        return IntervalVerdict("impossible", ("an AUC printed is not m/(2PN) for any m",))
    # the exclusion bounds p from above: one search for the least value any sidedness needs
    low = min((target for _, target in targets), key=lambda t: (t.low, not t.low_closed))
    kept = _open_pairs(*ranges, p, n, Interval(low.low, Fraction(1), low.low_closed), ties)
    if isinstance(kept, str):
        return IntervalVerdict("undecided", (f"more than {MAX_STEPS:,} ranges of AUC pairs",))
    if not kept:
        return IntervalVerdict(
            "impossible",
            (
                f"for every pair of AUCs printing as {auc_a} and {auc_b} (P = {p}, N = {n}"
                + ("" if ties else ", 2U even: no ties")
                + "), |cov| <= sqrt(var_A var_B) and var <= A(1 - A)(1/(P - 1) + 1/(N - 1)) "
                f"give a paired p-value below every value printed as {p_value}, "
                + ("two- or one-sided" if sides is None else sides),
            ),
        )
    with interval_budget():
        for m, k in kept:
            try:
                found = _witness(p, n, m, k, targets, ties)
            except ResourceLimitError as error:
                if error.limit != "max_interval_work":
                    raise
                return IntervalVerdict("undecided", (str(error),))
            if found is not None:
                return _possible(p, n, m, k, found)
    return IntervalVerdict(
        "undecided",
        (
            "pairs of AUCs remain whose paired p-value the proven bounds do not exclude, and no "
            f"pairing of the rankings tried at the first {len(kept)} prints {p_value} "
            "(docs/inference.md)",
        ),
    )


def _possible(p: int, n: int, m: int, k: int, found: Found) -> IntervalVerdict:
    scores_a, scores_b, labels, z2, variance, sided = found
    scale = 2 * p * n
    return IntervalVerdict(
        "possible",
        (f"paired DeLong, {sided}: AUCs {Fraction(m, scale)}, {Fraction(k, scale)}, z^2 = {z2}",),
        tuple(scores_a),
        tuple(labels),
        Fraction(m, scale),
        variance,  # of the difference of the two AUCs
        method=f"paired DeLong, {sided}",
        shown=(("z_squared", str(z2)), ("p_two_sided", two_sided_p(z2, 4))),
        scores_b=tuple(scores_b),
    )
