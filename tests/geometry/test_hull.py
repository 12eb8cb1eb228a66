"""The ROC convex hull (Section 3, Corollary 3.1) against a brute-force hull, and by hand."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from fractions import Fraction

import pytest
from hypothesis import example, given

import rocpr_exact as rx
from rocpr_exact.geometry.hull import check_convex
from tests.brute_force import upper_left_hull
from tests.strategies import hull_curves as curves


def counts(points: tuple[rx.ConfusionMatrix, ...]) -> list[tuple[int, int]]:
    return [(p.tp, p.fp) for p in points]


@given(curves)
def test_hull_agrees_with_brute_force(curve: rx.Curve) -> None:
    on, vertices = upper_left_hull(counts(curve.points))
    hull = rx.roc_convex_hull(curve)
    check_convex(hull)
    found = rx.hull_points(curve)
    assert counts(hull.points) == counts(found.vertices)
    assert set(counts(found.vertices)) == vertices
    assert set(counts(found.on_hull)) == on
    # on_hull and below partition the points, each in curve order.
    assert sorted(found.on_hull + found.below, key=curve.points.index) == list(curve.points)
    assert not set(found.on_hull) & set(found.below)
    assert counts(rx.hull_points(curve).below) == [q for q in counts(curve.points) if q not in on]
    assert (hull.positives, hull.negatives, hull.thresholds) == (
        curve.positives,
        curve.negatives,
        None,
    )


@given(curves)
def test_hull_dominates_and_is_idempotent(curve: rx.Curve) -> None:
    hull = rx.roc_convex_hull(curve)
    assert rx.roc_convex_hull(hull) == hull
    assert rx.hull_points(hull).below == ()
    assert rx.auc_roc(hull) >= rx.auc_roc(curve)
    # Never below the chord from (0, 0) to (N, P): N TP - P FP >= 0 at every vertex.
    assert all(curve.negatives * p.tp - curve.positives * p.fp >= 0 for p in hull.points)


def tie_groups(p: int, n: int) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every ranking of p positives and n negatives with ties, as its tie groups (a, b): a
    positives and b negatives tied, a + b > 0, best group first (each curve once)."""
    if p == n == 0:
        yield ()
        return
    for a in range(p + 1):
        for b in range(n + 1):
            if a or b:
                for rest in tie_groups(p - a, n - b):
                    yield ((a, b), *rest)


def every_curve(most: int) -> Iterator[rx.Curve]:
    """The curve of every ranking with ties of P, N <= most (both classes present)."""
    for p in range(1, most + 1):
        for n in range(1, most + 1):
            for groups in tie_groups(p, n):
                corners = list(
                    itertools.accumulate(groups[:-1], lambda s, g: (s[0] + g[0], s[1] + g[1]))
                )
                yield rx.Curve.from_counts(corners, positives=p, negatives=n)


def test_corollary_3_1_on_every_ranking_with_ties_up_to_four_and_four() -> None:
    """Corollary 3.1 on every curve of P, N <= 4 (5,105 curves: every tie pattern, all tied,
    negatives first, worse than random, collinear runs), enumerated instead of sampled."""
    seen = 0
    for curve in every_curve(4):
        assert rx.below_achievable_pr(curve) == rx.hull_points(curve).below
        seen += 1
    # 2-D compositions c(p, n) = sum of c(p - a, n - b) over (a, b) != (0, 0), c(0, 0) = 1,
    # summed over 1 <= p, n <= 4 (c(1, 1) = 3: one tied pair, + then -, - then +)
    assert seen == 5105


@given(curves)
@example(rx.Curve.from_scores([3, 2, 1], [0, 0, 1]))  # every point but the ends at TP = 0
@example(rx.Curve.from_scores([2, 1, 1, 1], [1, 0, 0, 1]))  # vertical drop at recall 1
@example(rx.Curve.from_scores([5] * 4, [1, 0, 1, 0]))  # all tied
def test_corollary_3_1_pr_space_excludes_exactly_the_points_below_the_hull(
    curve: rx.Curve,
) -> None:
    """Corollary 3.1: "The achievable PR curve will exclude exactly those points beneath the
    convex hull in ROC space" -- decided independently in PR space and in ROC space."""
    assert rx.below_achievable_pr(curve) == rx.hull_points(curve).below


def test_hand_computed_hull() -> None:
    # Ranking + - + - - + + -: (TP, FP) = (0,0) (1,0) (1,1) (2,1) (2,2) (2,3) (3,3) (4,3) (4,4).
    curve = rx.Curve.from_scores([8, 7, 6, 5, 4, 3, 2, 1], [1, 0, 1, 0, 0, 1, 1, 0])
    found = rx.hull_points(curve)
    # In (FP, TP): up the axis to (0, 1); then (0,1) -> (3,4) has slope 1 and every point is
    # on or under it: (1,2) on it, (1,1) (2,2) (3,3) one under, (3,2) two under; then the
    # top edge (3,4) -> (4,4).  Cross products, e.g. for (FP, TP) = (2, 2) on (0,1) -> (3,4):
    # (3 - 0)(2 - 1) - (4 - 1)(2 - 0) = 3 - 6 = -3 < 0: below.
    assert counts(found.vertices) == [(0, 0), (1, 0), (4, 3), (4, 4)]
    assert counts(found.on_hull) == [(0, 0), (1, 0), (2, 1), (4, 3), (4, 4)]
    assert counts(found.below) == [(1, 1), (2, 2), (2, 3), (3, 3)]
    # AUC-ROC of the hull: trapezoids (FP_B - FP_A)(TP_A + TP_B) / (2 P N):
    # (0)(1) + (3)(1 + 4) + (1)(4 + 4) = 23, over 2 * 4 * 4 = 32.
    assert rx.auc_roc(rx.roc_convex_hull(curve)) == Fraction(23, 32)


def test_perfect_ranking_is_all_hull() -> None:
    # + + - -: (0,0) (1,0) (2,0) (2,1) (2,2): the edge up FP = 0 and the edge along TP = P.
    curve = rx.Curve.from_scores([4, 3, 2, 1], [1, 1, 0, 0])
    found = rx.hull_points(curve)
    assert counts(found.vertices) == [(0, 0), (2, 0), (2, 2)]
    assert found.on_hull == curve.points and found.below == ()


def test_all_tied_and_worse_than_random() -> None:
    # All tied: one diagonal segment, which is its own hull.
    tied = rx.Curve.from_scores([7] * 5, [1, 0, 0, 1, 0])
    assert counts(rx.roc_convex_hull(tied).points) == [(0, 0), (2, 3)]
    assert rx.hull_points(tied).below == ()
    # Every negative first: (0,0) (0,1) (0,2) (1,2) (2,2), entirely below the diagonal.
    # The hull is the chord (0,0) -> (2,2); every point but the two ends is under it.
    worst = rx.Curve.from_scores([4, 3, 2, 1], [0, 0, 1, 1])
    assert counts(rx.roc_convex_hull(worst).points) == [(0, 0), (2, 2)]
    assert counts(rx.hull_points(worst).below) == [(0, 1), (0, 2), (1, 2)]
    assert rx.auc_roc(rx.roc_convex_hull(worst)) == Fraction(1, 2)


def test_figure6_curve_is_its_own_hull() -> None:
    # (0,0) (9,0) (433,56164): the corner (9, 0) is above the chord, a strict right turn.
    curve = rx.Curve.from_counts([(9, 0)], positives=433, negatives=56164)
    assert rx.roc_convex_hull(curve) == curve


def test_hull_needs_both_classes() -> None:
    with pytest.raises(rx.NoNegativesError, match="roc_convex_hull requires"):
        rx.roc_convex_hull(rx.Curve.from_scores([2, 1], [1, 1]))
    with pytest.raises(rx.NoPositivesError, match="hull_points requires"):
        rx.hull_points(rx.Curve.from_scores([2, 1], [0, 0]))


def test_convexity_check_rejects_non_hulls() -> None:
    with pytest.raises(rx.InvalidInputError, match="not a strict right turn"):  # collinear
        check_convex(rx.Curve.from_counts([(1, 1)], positives=2, negatives=2))
    with pytest.raises(rx.InvalidInputError, match="not a strict right turn"):  # left turn
        check_convex(rx.Curve.from_counts([(1, 2)], positives=2, negatives=2))
    with pytest.raises(rx.InvalidInputError, match="leaves"):  # first edge along TP = 0
        check_convex(rx.Curve.from_counts([(0, 1)], positives=2, negatives=2))
    check_convex(rx.Curve.from_counts([(2, 1)], positives=2, negatives=2))
