"""Is a printed p-value of an unpaired AUC comparison possible?  (Hanley & McNeil variances.)

Two independent samples (P, N) and (P_b, N_b) with printed AUCs and a printed two-sided
p-value: with A = m / (2PN), B = k / (2 P_b N_b),

    z^2 = (A - B)^2 / (V(A, P, N) + V(B, P_b, N_b)),   p = erfc(sqrt(z^2 / 2)),

V Hanley & McNeil's variance (:func:`~rocpr_exact.areas.variance.hanley_mcneil`), as an
unpaired DeLong-style test is computed from published AUCs.  Every pair (m, k) printing as the
two AUCs is decided by certified arithmetic; rectangles of pairs are pruned with Arb
enclosures of p over the whole rectangle (an interval extension) and split, so the answer is
exact: "possible" with two witness rankings, or "impossible".  A printed p is either a decimal
("0.003", "p = 0.003", "0": the values that round to it) or a bound ("<0.001", "p < 2.2e-16":
0 <= p < the bound).  **Sidedness**: two-sided p = erfc(|z| / sqrt 2), one-sided p =
erfc(|z| / sqrt 2) / 2 or, for the other alternative, 1 - erfc(|z| / sqrt 2) / 2; a one-sided
printed p is the two-sided p in twice its values (or in 2 minus them)
(:func:`sided_targets`), so every sidedness is decided by the same search, and "possible"
says which gives the witness.  Without ties 2U is even in both samples and the witnesses'
scores are distinct.  The paired test depends on both rankings jointly:
:mod:`rocpr_exact.consistency.delong_paired`.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Literal

from rocpr_exact.areas.variance import hanley_mcneil
from rocpr_exact.consistency.ci_verdict import IntervalVerdict, witness_scores
from rocpr_exact.consistency.enclosures import halves, hm_variance_ball, real_in, relation
from rocpr_exact.consistency.reported import Interval, Rounding, reported_interval
from rocpr_exact.consistency.witness import runs_with_auc
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.normal import ball, ball_bounds, two_sided_p
from rocpr_exact.limits import check_examples

__all__ = ["Sides", "check_delong_p", "printed_p", "sided_targets"]

MAX_STEPS = 200_000
Sides = Literal["two-sided", "one-sided"]
_BOUND = re.compile(r"[0-9]*\.?[0-9]+(e-?[0-9]{1,4})?")


def printed_p(text: str, rounding: Rounding) -> Interval:
    """The p-values a printed p stands for: a decimal ("0.003", "p = 0.003"), or a bound
    ``<X`` (0 <= p < X; X may be written 2.2e-16).

    >>> str(printed_p("p < 2.2e-16", "nearest")), str(printed_p("p = 0.03", "nearest"))
    ('[0, 11/50000000000000000)', '[1/40, 7/200)')
    """
    text = text.strip().replace(" ", "").lower()
    text = text[1:] if text.startswith("p") else text
    text = text[1:] if text.startswith("=") else text
    if text.startswith("<"):
        bound = text[1:].lstrip("=")
        if not _BOUND.fullmatch(bound):
            raise InvalidInputError(
                f"a p-value bound is '<' and a number (<0.001, <2.2e-16), got {text!r}"
            )
        return Interval(Fraction(0), Fraction(bound), True, False)
    return reported_interval(text, rounding)


def sided_targets(target: Interval, sides: Sides | None) -> list[tuple[str, Interval]]:
    """(sidedness, the two-sided p-values it needs): two-sided p in ``target``; one-sided p in
    ``target``, i.e. the two-sided p in 2 ``target`` (the alternative the AUCs lean to) or in
    2 - 2 ``target`` (the other); each cut to [0, 1], empty ones left out."""
    two = Fraction(2)
    found = [
        ("two-sided", target),
        ("one-sided", Interval(two * target.low, two * target.high, *_ends(target))),
        (
            "one-sided (the other alternative)",
            Interval(2 - two * target.high, 2 - two * target.low, *_ends(target)[::-1]),
        ),
    ]
    out = []
    for name, values in found:
        if sides is not None and not name.startswith(sides):
            continue
        low, high = max(values.low, Fraction(0)), min(values.high, Fraction(1))
        low_closed = values.low_closed or low > values.low
        high_closed = values.high_closed or high < values.high
        if low < high or (low == high and low_closed and high_closed):
            out.append((name, Interval(low, high, low_closed, high_closed)))
    return out


def _ends(target: Interval) -> tuple[bool, bool]:
    return target.low_closed, target.high_closed


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


def _even(first: int, last: int, ties: bool) -> int | None:
    """The least m in [first, last] (even without ``ties``), None if none."""
    if ties or first % 2 == 0:
        return first
    return first + 1 if first + 1 <= last else None


def _search(
    first: range, second: range, sizes: tuple[int, int, int, int], target: Interval, ties: bool
) -> tuple[int, int] | str | None:
    p, n, pb, nb = sizes
    stack = [(first.start, first.stop - 1, second.start, second.stop - 1)]
    steps = 0
    while stack:
        a1, a2, b1, b2 = stack.pop()
        steps += 1
        if steps > MAX_STEPS:
            return "budget"
        a0, b0 = _even(a1, a2, ties), _even(b1, b2, ties)
        if a0 is None or b0 is None:
            continue  # only odd 2U here: a positive tied with a negative
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
        if found == "inside" and _leaf(a0, b0, sizes, target):
            return a0, b0  # every pair of the rectangle prints as given
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
    ties: bool = True,
    sides: Sides | None = None,
) -> IntervalVerdict:
    """Decide whether an unpaired test of two printed AUCs can print ``p_value`` (notes above);
    ``sides`` None tries two- and one-sided.

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
    check_examples(max(positives + negatives, pb + nb), "a test of two AUCs: positives + negatives")
    target = printed_p(p_value, rounding)
    first = reported_interval(auc_a, rounding).integers_scaled(2 * positives * negatives)
    second = reported_interval(auc_b, rounding).integers_scaled(2 * pb * nb)
    ranges = (
        range(max(first[0], 0), min(first[1], 2 * positives * negatives) + 1),
        range(max(second[0], 0), min(second[1], 2 * pb * nb) + 1),
    )
    if not ranges[0] or not ranges[1]:
        return IntervalVerdict("impossible", ("an AUC printed is not m/(2PN) for any m",))
    budget = False
    for sided, values in sided_targets(target, sides):
        found = _search(*ranges, sizes, values, ties)
        if found == "budget":
            budget = True
        elif isinstance(found, tuple):
            return _possible(sizes, found, sided, ties)
    if budget:
        return IntervalVerdict("undecided", (f"more than {MAX_STEPS:,} ranges of AUC pairs",))
    return IntervalVerdict(
        "impossible",
        (
            f"no AUCs printing as {auc_a} (P = {positives}, N = {negatives}) and {auc_b} "
            f"(P = {pb}, N = {nb}) give an unpaired Hanley-McNeil p-value printed as {p_value}, "
            + ("two- or one-sided" if sides is None else sides)
            + " (every pair checked"
            + ("" if ties else "; without ties 2U is even")
            + ")",
        ),
    )


def _possible(
    sizes: tuple[int, int, int, int], found: tuple[int, int], sided: str, ties: bool
) -> IntervalVerdict:
    p, n, pb, nb = sizes
    m, k = found
    a, b = Fraction(m, 2 * p * n), Fraction(k, 2 * pb * nb)
    groups_a, groups_b = runs_with_auc(p, n, m), runs_with_auc(pb, nb, k)  # at most 5 runs
    scores_a, labels_a = witness_scores(groups_a, ties)
    scores_b, labels_b = witness_scores(groups_b, ties)
    total = hanley_mcneil(a, p, n) + hanley_mcneil(b, pb, nb)
    z2 = (a - b) ** 2 / total
    return IntervalVerdict(
        "possible",
        (f"Hanley-McNeil, {sided}: AUCs {a} and {b}, z^2 = {z2}",),
        tuple(scores_a),
        tuple(labels_a),
        a,
        hanley_mcneil(a, p, n),
        method=f"unpaired, Hanley-McNeil variances, {sided}",
        shown=(("z_squared", str(z2)), ("p_two_sided", two_sided_p(z2, 4))),
        scores_b=tuple(scores_b),
        labels_b=tuple(labels_b),
        groups=tuple(groups_a),
        groups_b=tuple(groups_b),
        tied=ties,
    )
