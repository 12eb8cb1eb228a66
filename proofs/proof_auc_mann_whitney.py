"""AUC-ROC by trapezoids over the ROC polyline equals the Mann-Whitney statistic U/(P N).

Claim (Davis & Goadrich 2006, Section 4: "The area under the ROC curve (AUC-ROC) can be calculated
by using the trapezoidal areas created between each ROC point, and is equivalent to the
Wilcoxon-Mann-Whitney statistic (Cortes & Mohri, 2003)").  For a dataset with P > 0 positives and
N > 0 negatives, group the examples by score from highest to lowest; a tie group with a positives
and b negatives is one (diagonal) ROC segment.  Then

    AUC-ROC = (1/(P N)) * sum over groups of b (2 T + a)/2 = U/(P N),
    U = #{(pos, neg) : score(pos) > score(neg)} + (1/2) #{(pos, neg) : score(pos) = score(neg)},

where T is the number of positives in groups strictly above the group.

Proof.  In count space (FP, TP) the group's segment goes from (F, T) to (F + b, T + a): a trapezoid
of width b and parallel sides T and T + a, area b (2T + a)/2 (dividing by P N gives ROC units).
Per group, b (2T + a)/2 = b T + a b/2 (sympy identity below).  The b negatives of the group are
each beaten by the T positives scored strictly higher (b T pairs, weight 1) and tied with the a
positives of the group (a b pairs, weight 1/2); positives below the group beat none of them.  Every
(pos, neg) pair is counted at the group of its negative, exactly once, so summing over groups gives
U.  Groups with b = 0 (vertical segments) have area 0 and contain no negative: both sides add 0.
Checked exhaustively below on every dataset of up to 7 examples (every label sequence and every
tie grouping), with plain Fractions and a brute-force pairwise count, independent of the library.

Library functions that rely on it: ``rocpr_exact/areas/auc.py`` -- ``auc_roc``.  Property test:
``tests/differential/test_auc_roc_brute_force.py``.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import sympy


def test_per_group_identity() -> None:
    a, b, tp_before = sympy.symbols("a b T", nonnegative=True)
    trapezoid = b * ((tp_before) + (tp_before + a)) / 2  # width b, sides T and T + a
    assert sympy.simplify(trapezoid - b * (2 * tp_before + a) / 2) == 0
    pairs = b * tp_before + sympy.Rational(1, 2) * a * b
    assert sympy.simplify(trapezoid - pairs) == 0


def _datasets(max_size: int) -> list[tuple[list[int], list[bool]]]:
    """Every (scores, labels) of up to ``max_size`` examples, up to relabelling of scores.

    Examples sit in rank order; ``cuts[i]`` says whether example i and i+1 have different scores.
    """
    datasets = []
    for n in range(1, max_size + 1):
        for labels in itertools.product((False, True), repeat=n):
            for cuts in itertools.product((False, True), repeat=n - 1):
                scores = [n]
                for cut in cuts:
                    scores.append(scores[-1] - 1 if cut else scores[-1])
                datasets.append((scores, list(labels)))
    return datasets


def _auc_trapezoids(scores: list[int], labels: list[bool]) -> Fraction:
    """Area under the ROC polyline (ties as one diagonal segment), trapezoid by trapezoid."""
    positives = sum(labels)
    negatives = len(labels) - positives
    points = [(Fraction(0), Fraction(0))]
    tp = fp = 0
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    for _, group in itertools.groupby(order, key=lambda i: scores[i]):
        for i in group:
            tp += labels[i]
            fp += not labels[i]
        points.append((Fraction(fp, negatives), Fraction(tp, positives)))
    return sum(
        ((x1 - x0) * (y0 + y1) / 2 for (x0, y0), (x1, y1) in itertools.pairwise(points)),
        Fraction(0),
    )


def _mann_whitney(scores: list[int], labels: list[bool]) -> Fraction:
    """U / (P N) by brute force over all (positive, negative) pairs, ties counted 1/2."""
    pos = [s for s, y in zip(scores, labels, strict=True) if y]
    neg = [s for s, y in zip(scores, labels, strict=True) if not y]
    u = sum(
        Fraction(1) if p > q else Fraction(1, 2) if p == q else Fraction(0)
        for p in pos
        for q in neg
    )
    return u / (len(pos) * len(neg))


def test_exhaustive_small_datasets() -> None:
    checked = 0
    for scores, labels in _datasets(7):
        if all(labels) or not any(labels):
            continue  # AUC-ROC needs P > 0 and N > 0
        assert _auc_trapezoids(scores, labels) == _mann_whitney(scores, labels), (scores, labels)
        checked += 1
    # By hand: sum over n = 1..7 of (2^n - 2) label sequences times 2^(n-1) groupings
    # = 0 + 4 + 24 + 112 + 480 + 1984 + 8064 = 10668.
    assert checked == 10668


def test_hand_examples() -> None:
    # All tied: AUC = 1/2.  Perfect ranking: 1.  Reversed: 0.
    assert _auc_trapezoids([1, 1, 1], [True, False, True]) == Fraction(1, 2)
    assert _auc_trapezoids([3, 2, 1], [True, True, False]) == 1
    assert _auc_trapezoids([3, 2, 1], [False, True, True]) == 0
    # pos 3, neg 2, pos 2, neg 1: pairs (3>2), (3>1), (2=2 -> 1/2), (2>1) = 3.5 of 4 = 7/8.
    assert _mann_whitney([3, 2, 2, 1], [True, False, True, False]) == Fraction(7, 8)
    assert _auc_trapezoids([3, 2, 2, 1], [True, False, True, False]) == Fraction(7, 8)
