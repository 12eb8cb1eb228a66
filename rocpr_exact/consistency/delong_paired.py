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
  var_A + var_B - 2 cov near 0), and the witness search is not exhaustive.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

from rocpr_exact.areas.inference import delong_test
from rocpr_exact.consistency.delong_p import printed_p
from rocpr_exact.consistency.delong_untied import untied_groups, untied_min_ranking
from rocpr_exact.consistency.enclosures import halves, real_in
from rocpr_exact.consistency.intervals import IntervalVerdict
from rocpr_exact.consistency.reported import Interval, Rounding, reported_interval
from rocpr_exact.consistency.witness import Group, ranking_with_auc, scored
from rocpr_exact.errors import InvalidInputError, UndefinedMetricError
from rocpr_exact.exact.normal import ball, ball_bounds
from rocpr_exact.limits import check_examples

__all__ = ["check_paired_delong_p"]

MAX_STEPS = 200_000
#: Pairs of AUCs not excluded for which witnesses are searched.
WITNESS_PAIRS = 4
SHIFTS = (Fraction(0), Fraction(1, 16), Fraction(1, 8), Fraction(1, 4), Fraction(1, 2))


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
    first: range, second: range, p: int, n: int, target: Interval
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
            kept.append((a1, b1))
        else:
            stack += halves(a1, a2, b1, b2)
    return kept


def _rankings(p: int, n: int, m: int) -> list[list[Group]]:
    out = [ranking_with_auc(p, n, m)]
    if m % 2 == 0:
        out.append(untied_groups(untied_min_ranking(p, n, m // 2), n))
    return out


def _by_class(groups: list[Group]) -> tuple[list[int], list[int]]:
    """The scores of the positives and of the negatives, each from the top."""
    scores, labels = scored(groups)
    pos = [s for s, y in zip(scores, labels, strict=True) if y]
    return pos, [s for s, y in zip(scores, labels, strict=True) if not y]


def _paired(values: list[int], shift: Fraction, reverse: bool) -> list[int]:
    ordered = values[::-1] if reverse else values
    step = int(shift * len(ordered))
    return ordered[step:] + ordered[:step]


def _p_of(z2: Fraction) -> Any:
    return lambda: ball(z2 / 2).sqrt().erfc()


def _witness(
    p: int, n: int, m: int, k: int, target: Interval
) -> tuple[list[int], list[int], list[int], Fraction, Fraction] | None:
    for groups_a, groups_b in product(_rankings(p, n, m), _rankings(p, n, k)):
        pos_a, neg_a = _by_class(groups_a)
        pos_b, neg_b = _by_class(groups_b)
        labels = [1] * p + [0] * n
        for s, t, r1, r2 in product(SHIFTS, SHIFTS, (False, True), (False, True)):
            scores_a = pos_a + neg_a
            scores_b = _paired(pos_b, s, r1) + _paired(neg_b, t, r2)
            try:
                test = delong_test(scores_a, scores_b, labels)
                z2 = test.z_squared
            except UndefinedMetricError:
                continue  # a zero variance: no test is printed
            found = Fraction(1) in target if z2 == 0 else real_in(target, _p_of(z2))
            if found:
                return scores_a, scores_b, labels, z2, test.variance
    return None


def check_paired_delong_p(
    positives: int,
    negatives: int,
    p_value: str,
    auc_a: str,
    auc_b: str,
    rounding: Rounding = "nearest",
) -> IntervalVerdict:
    """Decide, where the notes above can, whether a paired DeLong test of two printed AUCs on
    the same examples can print ``p_value``.

    >>> check_paired_delong_p(30, 30, "0.9", "0.90", "0.70").verdict
    'impossible'
    >>> check_paired_delong_p(30, 30, "<0.001", "0.90", "0.70").verdict
    'possible'
    """
    p, n = positives, negatives
    if p < 2 or n < 2:
        raise InvalidInputError("a paired DeLong test needs P, N >= 2")
    check_examples(p + n, "check_paired_delong_p: positives + negatives")
    target = printed_p(p_value, rounding)
    scale = 2 * p * n
    first = reported_interval(auc_a, rounding).integers_scaled(scale)
    second = reported_interval(auc_b, rounding).integers_scaled(scale)
    ranges = (
        range(max(first[0], 0), min(first[1], scale) + 1),
        range(max(second[0], 0), min(second[1], scale) + 1),
    )
    if not ranges[0] or not ranges[1]:
        return IntervalVerdict("impossible", ("an AUC printed is not m/(2PN) for any m",))
    kept = _open_pairs(*ranges, p, n, target)
    if isinstance(kept, str):
        return IntervalVerdict("undecided", (f"more than {MAX_STEPS:,} ranges of AUC pairs",))
    if not kept:
        return IntervalVerdict(
            "impossible",
            (
                f"for every pair of AUCs printing as {auc_a} and {auc_b} (P = {p}, N = {n}), "
                "|cov| <= sqrt(var_A var_B) and var <= A(1 - A)(1/(P - 1) + 1/(N - 1)) give a "
                f"paired p-value below every value printed as {p_value}",
            ),
        )
    for m, k in kept:
        found = _witness(p, n, m, k, target)
        if found is not None:
            scores_a, scores_b, labels, z2, variance = found
            return IntervalVerdict(
                "possible",
                (
                    f"AUCs {Fraction(m, scale)} and {Fraction(k, scale)}, paired z^2 = {z2}; "
                    f"the second scoring of the same examples: {' '.join(map(str, scores_b))}",
                ),
                tuple(scores_a),
                tuple(labels),
                Fraction(m, scale),
                variance,  # of the difference of the two AUCs
            )
    return IntervalVerdict(
        "undecided",
        (
            "pairs of AUCs remain whose paired p-value the proven bounds do not exclude, and no "
            f"pairing of the rankings tried at the first {len(kept)} prints {p_value} "
            "(docs/inference.md)",
        ),
    )
