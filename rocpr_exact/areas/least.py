"""The least AUC-PR of each method over every ranking of P positives and N negatives.

Each is the ``least`` of its area's record (:mod:`rocpr_exact.areas.records`): what
``consistent`` compares a reported area with first (:mod:`rocpr_exact.consistency.check`).
Each function is backed by a brute-force test over every ranking with ties
(tests/consistency/test_bounds.py).  The worst ranking, "every negative above every
positive, positives at distinct scores", attains each minimum below; the reason is given
beside each function.
"""

from __future__ import annotations

from fractions import Fraction

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.sums import sum_ratios

__all__ = [
    "boyd_minimum_auc_pr",
    "check_counts",
    "min_auc_pr_continuous",
    "min_auc_pr_dg",
    "min_auc_pr_linear",
    "min_average_precision",
]


def check_counts(positives: int, negatives: int) -> None:
    """Refuse class counts that are not ints >= 1 (the one check of P and N here)."""
    for name, value in (("positives", positives), ("negatives", negatives)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidInputError(f"{name} must be an int >= 1, got {value!r}")


def min_average_precision(positives: int, negatives: int) -> Fraction:
    """The least average precision (sklearn's ``average_precision_score``) for P, N.

    AP = sum over positives of (1/P) x precision at the positive's threshold.
    The i-th positive from the top has at least i positives and at most N
    negatives at or above its threshold, so its precision is >= i / (i + N);
    equality for all i when every negative ranks first and positives have
    distinct scores.  Minimum = (1/P) sum_{i=1..P} i / (N + i).  O(P) terms.

    >>> min_average_precision(1, 1), min_average_precision(2, 2)   # 1/2; (1/3 + 2/4)/2
    (Fraction(1, 2), Fraction(5, 12))
    """
    check_counts(positives, negatives)
    return sum_ratios(
        ((i, positives * (negatives + i)) for i in range(1, positives + 1)),
        "the minimum average precision",
    )


def min_auc_pr_dg(positives: int, negatives: int) -> Fraction:
    """The least ``davis-goadrich`` AUC-PR for P, N.

    Every interpolated point at TP = t has at most N false positives, so
    precision >= t / (t + N), and the start at recall 0 is >= 0; the worst
    ranking meets all of these, so its trapezoids are the least:
    (1/(2P)) sum_{t=1..P} [t/(t+N) + (t-1)/(t-1+N)].  O(P) terms.

    >>> min_auc_pr_dg(1, 1)        # from (0, 0) to (1, 1/2): 1/4
    Fraction(1, 4)
    """
    check_counts(positives, negatives)
    pairs = [(t, positives * (t + negatives)) for t in range(1, positives + 1)]
    pairs += [(t - 1, positives * (t - 1 + negatives)) for t in range(2, positives + 1)]
    return sum_ratios(pairs, "the minimum davis-goadrich AUC-PR") / 2


def min_auc_pr_linear(positives: int, negatives: int, *, ties: bool = True) -> Fraction:
    """The least ``linear`` AUC-PR (trapezoids over the listed thresholds) for P, N.

    The listed precision at TP = t is >= g(t) = t / (t + N), a concave
    function, so each trapezoid of a rising step is >= the chord of g over the
    step, and chords over a partition of [0, P] are >= the single chord from
    (0, 0) to (P, g(P)).  With ties the ranking "every negative, then every
    positive in one tie" attains it: P / (2 (P + N)).  Without ties every step
    is one positive and the worst ranking attains the unit chords, i.e. the
    ``davis-goadrich`` minimum.  O(P) terms.

    >>> min_auc_pr_linear(2, 2), min_auc_pr_linear(2, 2, ties=False)
    (Fraction(1, 4), Fraction(7, 24))
    """
    check_counts(positives, negatives)
    if ties:
        return Fraction(positives, 2 * (positives + negatives))
    return min_auc_pr_dg(positives, negatives)


def boyd_minimum_auc_pr(skew: Fraction) -> ClosedForm:
    """Boyd et al. (2012): the least area under a PR curve at skew pi, 1 + (1-pi) ln(1-pi) / pi.

    The "unachievable region" of PR space: at recall r precision is at least
    r pi / (r pi + 1 - pi); its integral over [0, 1] is this closed form.

    >>> boyd_minimum_auc_pr(Fraction(1, 2))
    ClosedForm(1 + ln(1/2))
    """
    if not isinstance(skew, Fraction | int) or isinstance(skew, bool) or not 0 < skew < 1:
        raise InvalidInputError(f"skew must be an exact Fraction in (0, 1), got {skew!r}")
    pi = Fraction(skew)
    return 1 + ClosedForm.log(1 - pi, (1 - pi) / pi)


def min_auc_pr_continuous(positives: int, negatives: int) -> ClosedForm:
    """The least ``continuous`` AUC-PR for P, N: Boyd's minimum at pi = P / (P + N).

    Along any PR curve the point at TP = t has FP <= N, so precision
    >= t / (t + N); the worst ranking's curve is exactly that bound, with area
    (1/P) integral_0^P t / (t + N) dt = 1 - (N/P) ln((P + N)/N)
    = 1 + ((1 - pi) ln(1 - pi)) / pi.  O(1).

    >>> min_auc_pr_continuous(1, 1)
    ClosedForm(1 + ln(1/2))
    """
    check_counts(positives, negatives)
    return boyd_minimum_auc_pr(Fraction(positives, positives + negatives))
