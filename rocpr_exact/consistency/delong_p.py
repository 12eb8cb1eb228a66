"""Is a printed p-value of an unpaired AUC comparison possible?  (Hanley & McNeil variances.)

Two independent samples (P, N) and (P_b, N_b) with printed AUCs and a printed two-sided
p-value: with A = m / (2PN), B = k / (2 P_b N_b),

    z^2 = (A - B)^2 / (V(A, P, N) + V(B, P_b, N_b)),   p = erfc(sqrt(z^2 / 2)),

V Hanley & McNeil's variance (:func:`~rocpr_exact.areas.variance.hanley_mcneil`), as an
unpaired DeLong-style test is computed from published AUCs.  Every pair (m, k) printing as the
two AUCs is decided by certified arithmetic; rectangles of pairs are pruned with Arb
enclosures of p over the whole rectangle (an interval extension) and split, so the answer is
exact: "possible" with two witness rankings, or "impossible".  A printed p is either a decimal
("0.003", the values that round to it) or a bound ("<0.001": p < 0.001).  The paired test
depends on both rankings jointly: :mod:`rocpr_exact.consistency.delong_paired`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rocpr_exact.areas.variance import hanley_mcneil
from rocpr_exact.consistency.enclosures import halves, hm_variance_ball, real_in, relation
from rocpr_exact.consistency.intervals import IntervalVerdict
from rocpr_exact.consistency.reported import Interval, Rounding, reported_interval
from rocpr_exact.consistency.witness import ranking_with_auc, scored
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.normal import ball, ball_bounds
from rocpr_exact.limits import check_examples

__all__ = ["check_delong_p", "printed_p"]

MAX_STEPS = 200_000


def printed_p(text: str, rounding: Rounding) -> Interval:
    """The p-values a printed p stands for: a decimal, or a bound ``<X`` (0 <= p < X)."""
    text = text.strip().replace(" ", "")
    if text.startswith("<"):
        return Interval(Fraction(0), reported_interval(text[1:], "exact").low, True, False)
    return reported_interval(text, rounding)


def _p_value(a: Any, b: Any, sizes: tuple[int, int, int, int]) -> Any:
    p, n, pb, nb = sizes
    z2 = (a - b) * (a - b) / (hm_variance_ball(a, p, n) + hm_variance_ball(b, pb, nb))
    return (z2 / 2).sqrt().erfc()


def _leaf(m: int, k: int, sizes: tuple[int, int, int, int], target: Interval) -> bool:
    p, n, pb, nb = sizes
    a, b = Fraction(m, 2 * p * n), Fraction(k, 2 * pb * nb)
    total = hanley_mcneil(a, p, n) + hanley_mcneil(b, pb, nb)
    if total == 0:
        return False  # z is undefined: no test is printed
    z2 = (a - b) ** 2 / total
    if z2 == 0:
        return Fraction(1) in target

    return real_in(target, lambda: (ball(z2 / 2)).sqrt().erfc())


def _search(
    first: range, second: range, sizes: tuple[int, int, int, int], target: Interval
) -> tuple[int, int] | str | None:
    p, n, pb, nb = sizes
    stack = [(first.start, first.stop - 1, second.start, second.stop - 1)]
    steps = 0
    while stack:
        a1, a2, b1, b2 = stack.pop()
        steps += 1
        if steps > MAX_STEPS:
            return "budget"
        if a1 == a2 and b1 == b2:
            if _leaf(a1, b1, sizes, target):
                return a1, b1
            continue

        def value(a1: int = a1, a2: int = a2, b1: int = b1, b2: int = b2) -> Any:
            x = ball(Fraction(a1, 2 * p * n)).union(ball(Fraction(a2, 2 * p * n)))
            y = ball(Fraction(b1, 2 * pb * nb)).union(ball(Fraction(b2, 2 * pb * nb)))
            return _p_value(x, y, sizes)

        found = relation(ball_bounds(value), target)
        if found == "outside":
            continue
        if found == "inside" and _leaf(a1, b1, sizes, target):
            return a1, b1  # every pair of the rectangle prints as given
        stack += halves(a1, a2, b1, b2)
    return None


def check_delong_p(
    positives: int,
    negatives: int,
    p_value: str,
    auc_a: str,
    auc_b: str,
    rounding: Rounding = "nearest",
    positives_b: int | None = None,
    negatives_b: int | None = None,
) -> IntervalVerdict:
    """Decide whether an unpaired test of two printed AUCs can print ``p_value`` (notes above).

    >>> check_delong_p(100, 100, "<0.001", "0.90", "0.70").verdict
    'possible'
    >>> check_delong_p(100, 100, "0.5", "0.90", "0.70").verdict
    'impossible'
    """
    pb = positives if positives_b is None else positives_b
    nb = negatives if negatives_b is None else negatives_b
    sizes = (positives, negatives, pb, nb)
    if min(sizes) < 1:
        raise InvalidInputError("a test of two AUCs needs P, N >= 1 in both samples")
    check_examples(max(positives + negatives, pb + nb), "check_delong_p: positives + negatives")
    target = printed_p(p_value, rounding)
    first = reported_interval(auc_a, rounding).integers_scaled(2 * positives * negatives)
    second = reported_interval(auc_b, rounding).integers_scaled(2 * pb * nb)
    ranges = (
        range(max(first[0], 0), min(first[1], 2 * positives * negatives) + 1),
        range(max(second[0], 0), min(second[1], 2 * pb * nb) + 1),
    )
    if not ranges[0] or not ranges[1]:
        return IntervalVerdict("impossible", ("an AUC printed is not m/(2PN) for any m",))
    found = _search(*ranges, sizes, target)
    if found == "budget":
        return IntervalVerdict("undecided", (f"more than {MAX_STEPS:,} ranges of AUC pairs",))
    if found is None or isinstance(found, str):
        return IntervalVerdict(
            "impossible",
            (
                f"no AUCs printing as {auc_a} (P = {positives}, N = {negatives}) and {auc_b} "
                f"(P = {pb}, N = {nb}) give an unpaired Hanley-McNeil p-value printed as {p_value} "
                "(every pair checked)",
            ),
        )
    m, k = found
    scores_a, labels_a = scored(ranking_with_auc(positives, negatives, m))
    scores_b, labels_b = scored(ranking_with_auc(pb, nb, k))
    return IntervalVerdict(
        "possible",
        (
            f"AUCs {Fraction(m, 2 * positives * negatives)} and {Fraction(k, 2 * pb * nb)}; the "
            f"second sample's witness: scores {' '.join(map(str, scores_b))}, labels "
            f"{' '.join(map(str, labels_b))}",
        ),
        tuple(scores_a),
        tuple(labels_a),
        Fraction(m, 2 * positives * negatives),
        hanley_mcneil(Fraction(m, 2 * positives * negatives), positives, negatives),
    )
