"""Tests of the float reference itself (tests/float_reference.py), on hand-computed cases.

The reference is what the property tests trust as an independent second opinion, so it is checked
here against arithmetic done by hand (shown in the comments), against brute-force definitions
(Mann-Whitney, threshold counting, numerical quadrature) and for internal consistency (ROC and PR
dominance agree, the hull and the achievable PR curve drop the same points).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.float_reference import (
    auc_pr_continuous,
    auc_pr_continuous_textbook,
    auc_pr_davis_goadrich,
    auc_pr_linear,
    auc_pr_step,
    auc_roc,
    below_hull,
    convex_hull,
    count_near_ties,
    dg_points,
    dominates_pr,
    dominates_roc,
    hull_gaps,
    is_near_tie,
    min_abs_gap,
    min_nonzero_abs_gap,
    min_score_gap,
    pr_dominance_gaps,
    pr_precision_on_segment,
    precision_at,
    precision_at_tp,
    roc_dominance_gaps,
    roc_points,
    worst_gap,
)
from tests.strategies import examples

approx = pytest.approx

# ---------------------------------------------------------------------------------------------
# Paper, Table 1: P = 20, N = 2000, A = (TP 5, FP 5), B = (TP 10, FP 30)
# ---------------------------------------------------------------------------------------------
# s = (30 - 5) / (10 - 5) = 5; FP(TP_A + x) = 5 + 5x; precision = TP / (TP + FP):
#   5/10 = .5, 6/16 = .375, 7/22 = .31818, 8/28 = .28571, 9/34 = .26471, 10/40 = .25
TABLE1 = [(5, 5, 0.25, 0.5), (6, 10, 0.30, 0.375), (7, 15, 0.35, 7 / 22), (8, 20, 0.40, 8 / 28),
          (9, 25, 0.45, 9 / 34), (10, 30, 0.50, 0.25)]  # fmt: skip


def test_table1_segment_precisions() -> None:
    for tp, _fp, _rec, prec in TABLE1:
        assert pr_precision_on_segment((5, 5), (10, 30), tp) == approx(prec, rel=1e-15)
    paper = [0.500, 0.375, 0.318, 0.286, 0.265, 0.250]  # as printed, 3 decimals
    got = [round(pr_precision_on_segment((5, 5), (10, 30), tp), 3) for tp in range(5, 11)]
    assert got == paper


def test_table1_on_a_curve() -> None:
    curve = [(0, 0), (5, 5), (10, 30), (20, 2000)]
    for _tp, _fp, rec, prec in TABLE1:
        assert precision_at(curve, 20, rec) == approx(prec, rel=1e-12)
    # the DG-interpolated points between A and B are exactly the rows of Table 1
    seq = dg_points(curve, 20)
    rows = [(r, p) for r, p in seq if 0.25 <= r <= 0.5]
    assert rows == [approx((rec, prec), rel=1e-14) for _tp, _fp, rec, prec in TABLE1]


# ---------------------------------------------------------------------------------------------
# A tiny dataset with a mixed tie
# ---------------------------------------------------------------------------------------------
# scores 0.9 0.8 0.8 0.7 0.6, labels 1 1 0 0 1; P = 3, N = 2.
# thresholds: >=0.9 -> (TP 1, FP 0); >=0.8 -> (2, 1) (the tie is one step); >=0.7 -> (2, 2);
# >=0.6 -> (3, 2).
TINY = [(0, 0), (1, 0), (2, 1), (2, 2), (3, 2)]


def test_tiny_points_and_auc_roc() -> None:
    assert roc_points([0.9, 0.8, 0.8, 0.7, 0.6], [1, 1, 0, 0, 1]) == TINY
    # trapezoids in (FP/2, TP/3): 0 + (1/2)(1/3 + 2/3)/2 + (1/2)(2/3) + 0 = 1/4 + 1/3 = 7/12
    # Mann-Whitney: 0.9 beats both negatives (2), 0.8 ties 0.8 (1/2) and beats 0.7 (1),
    # 0.6 beats none: 3.5 / 6 = 7/12
    assert auc_roc(TINY, 3, 2) == approx(7 / 12, rel=1e-15)


def test_tiny_pr_values() -> None:
    # segment (0,0)->(1,0): s = 0, precision 1; recall 0 takes the limit 1
    assert precision_at(TINY, 3, 0.0) == 1.0
    # segment (1,0)->(2,1): s = 1, precision t/(t + 0 + (t-1)) = t/(2t-1); t = 1.5 -> 0.75
    assert precision_at(TINY, 3, 0.5) == approx(0.75, rel=1e-15)
    # vertical drop at TP = 2 (recall 2/3): from 2/3 (FP 1) down to 1/2 (FP 2)
    assert precision_at(TINY, 3, 2 / 3) == approx(2 / 3, rel=1e-15)
    assert precision_at(TINY, 3, 2 / 3, side="lower") == approx(0.5, rel=1e-15)
    assert precision_at_tp(TINY, 2) == approx(2 / 3, rel=1e-15)
    # segment (2,2)->(3,2): s = 0, precision t/(t+2); at t = 3: 3/5
    assert precision_at(TINY, 3, 1.0) == approx(0.6, rel=1e-15)


def test_tiny_pr_areas() -> None:
    # continuous, per segment (1/P)[t/k - (c/k^2) ln(k t + c)]:
    #   (0,0)->(1,0): k = 1, c = 0, constant precision 1: 1/3
    #   (1,0)->(2,1): k = 2, c = 0 - 1*1 = -1: (1/3)[(2-1)/2 + (1/4)(ln 3 - ln 1)] = 1/6 + ln3/12
    #   (2,1)->(2,2): vertical, no area
    #   (2,2)->(3,2): k = 1, c = 2: (1/3)[(3-2) - 2 ln(5/4)] = 1/3 - (2/3) ln(5/4)
    # total 5/6 + ln(3)/12 - (2/3) ln(5/4) = 0.77612198984620...
    expected = 5 / 6 + math.log(3) / 12 - 2 / 3 * math.log(1.25)
    assert auc_pr_continuous(TINY, 3) == approx(expected, rel=1e-14)
    # DG: (0,1) (1/3,1) (2/3,2/3) (2/3,1/2) (1,3/5):
    #   1/3 * 1 + 1/3 * (1 + 2/3)/2 + 0 + 1/3 * (1/2 + 3/5)/2 = 1/3 + 5/18 + 11/60 = 143/180
    assert auc_pr_davis_goadrich(TINY, 3) == approx(143 / 180, rel=1e-14)
    # every segment has dTP <= 1, so linear lists the same points as DG
    assert auc_pr_linear(TINY, 3) == approx(143 / 180, rel=1e-14)
    # step: 1/3 * 1 + 1/3 * 2/3 + 0 * 1/2 + 1/3 * 3/5 = 15/45 + 10/45 + 9/45 = 34/45
    assert auc_pr_step(TINY, 3) == approx(34 / 45, rel=1e-14)


def test_tiny_hull() -> None:
    # ROC space (x = FP, y = TP): (0,0) (0,1) (1,2) (2,2) (2,3).  (0,1)->(1,2)->(2,3) has slope 1
    # throughout, so (TP 2, FP 1) is on the hull but not a vertex; (TP 2, FP 2) is 1 under it.
    assert convex_hull(TINY) == [(0, 0), (1, 0), (3, 2)]
    assert below_hull(TINY) == [(2, 2)]
    assert dict(hull_gaps(TINY))[(2, 2)] == approx(1.0)
    assert dict(hull_gaps(TINY))[(2, 1)] == 0.0


# ---------------------------------------------------------------------------------------------
# A segment with dTP = 2, where DG and linear differ (P = 3, N = 4)
# ---------------------------------------------------------------------------------------------
def test_long_segment_areas() -> None:
    curve = [(0, 0), (1, 0), (3, 4)]
    # (1,0)->(3,4): s = 2, k = 3, c = 0 - 2*1 = -2; DG point TP 2: FP 2, precision 1/2; TP 3: 3/7
    assert precision_at_tp(curve, 2) == approx(0.5)
    # continuous: 1/3 + (1/3)[(3-1)/3 + (2/9)(ln 7 - ln 1)] = 1/3 + 2/9 + (2/27) ln 7
    expected = 1 / 3 + 2 / 9 + 2 / 27 * math.log(7)
    assert auc_pr_continuous(curve, 3) == approx(expected, rel=1e-14)
    # DG: (0,1) (1/3,1) (2/3,1/2) (1,3/7): 1/3 + (1/3)(3/2)/2 + (1/3)(13/14)/2 = 31/42
    assert auc_pr_davis_goadrich(curve, 3) == approx(31 / 42, rel=1e-14)
    # linear: (0,1) (1/3,1) (1,3/7): 1/3 + (2/3)(10/7)/2 = 17/21 (overestimates, as the paper says)
    assert auc_pr_linear(curve, 3) == approx(17 / 21, rel=1e-14)
    # step: 1/3 * 1 + 2/3 * 3/7 = 13/21
    assert auc_pr_step(curve, 3) == approx(13 / 21, rel=1e-14)
    # AUC-ROC in (FP/4, TP/3): 0 + 1 * (1/3 + 1)/2 = 2/3
    assert auc_roc(curve, 3, 4) == approx(2 / 3, rel=1e-15)


# ---------------------------------------------------------------------------------------------
# Negatives ranked above every positive
# ---------------------------------------------------------------------------------------------
# scores 0.9 0.8 0.2 0.1, labels 0 0 1 1: (0,0) (0,1) (0,2) (1,2) (2,2); P = N = 2
NEG_FIRST = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]


def test_negatives_first() -> None:
    assert roc_points([0.9, 0.8, 0.2, 0.1], [0, 0, 1, 1]) == NEG_FIRST
    assert auc_roc(NEG_FIRST, 2, 2) == 0.0
    # the curve runs along TP = 0 first: limit convention gives precision 0 at recall 0
    assert precision_at(NEG_FIRST, 2, 0.0) == 0.0
    # (0,2)->(1,2): s = 0, precision t/(t+2): at t = 1/2 -> 1/5, at t = 1 -> 1/3; then 1/2
    assert precision_at(NEG_FIRST, 2, 0.25) == approx(0.2)
    assert precision_at(NEG_FIRST, 2, 0.5) == approx(1 / 3)
    assert precision_at(NEG_FIRST, 2, 1.0) == approx(0.5)
    # continuous: (1/2)[1 - 2 ln(3/2)] + (1/2)[1 - 2 ln(4/3)] = 1 - ln 2
    assert auc_pr_continuous(NEG_FIRST, 2) == approx(1 - math.log(2), rel=1e-14)
    # DG: (0,0) (0,0) (0,0) (1/2,1/3) (1,1/2): (1/2)(1/3)/2 + (1/2)(5/6)/2 = 1/12 + 5/24 = 7/24
    assert auc_pr_davis_goadrich(NEG_FIRST, 2) == approx(7 / 24, rel=1e-14)
    assert auc_pr_linear(NEG_FIRST, 2) == approx(7 / 24, rel=1e-14)
    # step: 0 + 0 + (1/2)(1/3) + (1/2)(1/2) = 5/12
    assert auc_pr_step(NEG_FIRST, 2) == approx(5 / 12, rel=1e-14)
    # the same ranking with ties inside each class: same continuous area, DG now sees one
    # segment (0,2)->(2,2) with points TP 1 (1/3) and TP 2 (1/2): the same 7/24
    tied = roc_points([1, 1, 0, 0], [0, 0, 1, 1])
    assert tied == [(0, 0), (0, 2), (2, 2)]
    assert auc_pr_continuous(tied, 2) == approx(1 - math.log(2), rel=1e-14)
    assert auc_pr_davis_goadrich(tied, 2) == approx(7 / 24, rel=1e-14)
    # linear now joins (0,0) to (1,1/2) directly: 1/4
    assert auc_pr_linear(tied, 2) == approx(1 / 4, rel=1e-14)
    # hull: straight diagonal (0,0)->(N,P); every point with FP > 0 and TP < P is under it
    assert convex_hull(NEG_FIRST) == [(0, 0), (2, 2)]
    assert below_hull(NEG_FIRST) == [(0, 1), (0, 2), (1, 2)]


def test_all_tied() -> None:
    # one threshold: (0,0) -> (2,2), a diagonal; precision 1/2 everywhere (also the recall-0 limit)
    pts = roc_points([0.5, 0.5, 0.5, 0.5], [1, 0, 1, 0])
    assert pts == [(0, 0), (2, 2)]
    assert auc_roc(pts, 2, 2) == 0.5
    for r in (0.0, 0.3, 0.5, 1.0):
        assert precision_at(pts, 2, r) == approx(0.5)
    # c = 0: constant precision 1/k = 1/2 over recall [0, 1]
    for area in (auc_pr_continuous, auc_pr_davis_goadrich, auc_pr_linear, auc_pr_step):
        assert area(pts, 2) == approx(0.5, rel=1e-15)
    assert convex_hull(pts) == [(0, 0), (2, 2)]
    assert below_hull(pts) == []


def test_single_positive() -> None:
    # scores 0.9 0.5 0.1, labels 0 1 0: (0,0) (0,1) (1,1) (1,2); P = 1, N = 2
    pts = roc_points([0.9, 0.5, 0.1], [0, 1, 0])
    assert pts == [(0, 0), (0, 1), (1, 1), (1, 2)]
    # MW: the positive beats one negative of two -> 1/2
    assert auc_roc(pts, 1, 2) == 0.5
    assert precision_at(pts, 1, 0.0) == 0.0
    # (0,1)->(1,1): precision t/(t+1); at recall 1: upper 1/2 (FP 1), lower 1/3 (FP 2)
    assert precision_at(pts, 1, 1.0) == approx(0.5)
    assert precision_at(pts, 1, 1.0, side="lower") == approx(1 / 3)
    # continuous: [t - ln(t+1)] from 0 to 1 = 1 - ln 2
    # DG = linear: (0,0) (0,0) (1,1/2) (1,1/3): 0 + 1 * (0 + 1/2)/2 + 0 = 1/4
    assert auc_pr_continuous(pts, 1) == approx(1 - math.log(2), rel=1e-14)
    assert auc_pr_davis_goadrich(pts, 1) == approx(0.25)
    assert auc_pr_linear(pts, 1) == approx(0.25)
    assert auc_pr_step(pts, 1) == approx(0.5)  # 0 + 1 * 1/2 + 0
    # ROC (x = FP, y = TP): (0,0) (1,0) (1,1) (2,1): hull (0,0)->(1,1)->(2,1); (TP 0, FP 1) is under
    assert convex_hull(pts) == [(0, 0), (1, 1), (1, 2)]
    assert below_hull(pts) == [(0, 1)]
    # ranked first instead: perfect curve, every area 1
    top = roc_points([0.9, 0.5], [1, 0])
    assert top == [(0, 0), (1, 0), (1, 1)]
    assert auc_roc(top, 1, 1) == 1.0
    for area in (auc_pr_continuous, auc_pr_davis_goadrich, auc_pr_linear, auc_pr_step):
        assert area(top, 1) == 1.0


def test_figure6_order_of_magnitude() -> None:
    # Paper: 433 positives, 56,164 negatives, one point at recall 0.02 with precision 1, extended to
    # (0, 1) and (1, 0.008): interpolated AUC-PR 0.031, linear 0.50.  Recall 0.02 is not a count
    # (8.66 positives); with TP = 9 the reference gives DG 0.0303 and linear 0.514.
    curve = [(0, 0), (9, 0), (433, 56164)]
    assert 0.029 < auc_pr_davis_goadrich(curve, 433) < 0.032
    assert 0.029 < auc_pr_continuous(curve, 433) < auc_pr_davis_goadrich(curve, 433)
    assert 0.49 < auc_pr_linear(curve, 433) < 0.52


def test_errors() -> None:
    with pytest.raises(ValueError):
        roc_points([1, 2], [1])
    with pytest.raises(ValueError):
        roc_points([], [])
    with pytest.raises(ValueError):
        roc_points([1.0, float("nan")], [1, 0])
    with pytest.raises(ValueError):
        roc_points([1, 2], [1, 2])
    with pytest.raises(ValueError):
        auc_roc([(0, 0), (1, 0)], 1, 0)
    with pytest.raises(ValueError):
        auc_pr_continuous([(1, 0), (2, 2)], 2)  # does not start at (0, 0)
    with pytest.raises(ValueError):
        auc_pr_step([(0, 0), (2, 1), (1, 2)], 2)  # not monotone
    with pytest.raises(ValueError):
        pr_precision_on_segment((0, 0), (0, 0), 0)


# ---------------------------------------------------------------------------------------------
# Hull and dominance, by hand
# ---------------------------------------------------------------------------------------------
def test_hull_of_concave_set_is_the_set() -> None:
    # (x = FP, y = TP): (0,0) (0,2) (1,3) (4,4): slopes vertical, 1, 1/3 -> strictly concave
    concave = [(0, 0), (2, 0), (3, 1), (4, 4)]
    assert convex_hull(concave) == concave
    assert below_hull(concave) == []
    # add (TP 3, FP 3): hull at FP 3 is 3 + (2/3) * 1 = 3.667 > 3 -> under, gap 2/3;
    # add (TP 1, FP 0): on the vertical edge (0,0)-(0,2) -> on the hull, not a vertex
    more = [*concave, (3, 3), (1, 0)]
    assert convex_hull(more) == concave
    assert below_hull(more) == [(3, 3)]
    assert dict(hull_gaps(more))[(3, 3)] == approx(2 / 3)


PERFECT = [(0, 0), (2, 0), (2, 2)]  # P = N = 2, both positives first
DIAGONAL = [(0, 0), (1, 1), (2, 2)]  # alternating pos, neg, pos, neg
# I rises vertically at FPR 1/2 from TPR 0 to 1: upper values at the breakpoints {0, 1/2, 1}
# (0 vs 0, 1 vs 1/2, 1 vs 1) would say I dominates the diagonal, but just left of FPR 1/2
# the diagonal is at ~1/2 while I is at 0.
LATE_JUMP = [(0, 0), (0, 1), (2, 1), (2, 2)]


def test_dominance_by_hand() -> None:
    assert dominates_roc(PERFECT, DIAGONAL, 2, 2)
    assert not dominates_roc(DIAGONAL, PERFECT, 2, 2)
    assert dominates_pr(PERFECT, DIAGONAL, 2)
    assert not dominates_pr(DIAGONAL, PERFECT, 2)
    # every curve dominates itself (ties are not "above")
    assert dominates_roc(DIAGONAL, DIAGONAL, 2, 2) and dominates_pr(DIAGONAL, DIAGONAL, 2)
    # the left-limit trap
    assert not dominates_roc(LATE_JUMP, DIAGONAL, 2, 2)
    assert not dominates_roc(DIAGONAL, LATE_JUMP, 2, 2)
    assert not dominates_pr(LATE_JUMP, DIAGONAL, 2)
    assert not dominates_pr(DIAGONAL, LATE_JUMP, 2)
    # witnesses: diagonal above the late jump just left of FPR 1/2 (by 1/2 TPR); in PR the late
    # jump starts at precision 0 while the diagonal has 1/2 at recall 0
    assert worst_gap(roc_dominance_gaps(LATE_JUMP, DIAGONAL, 2, 2)) == (0.5, 0.5)
    assert worst_gap(pr_dominance_gaps(LATE_JUMP, DIAGONAL, 2)) == (0.0, 0.5)


def test_near_tie_helpers() -> None:
    assert min_abs_gap([0.5, -1e-13, 2.0]) == 1e-13
    assert min_abs_gap([]) == math.inf
    assert min_nonzero_abs_gap([0.0, 3e-10, -0.1]) == 3e-10
    assert count_near_ties([0.0, 1e-12, -1e-10, 0.1], tol=1e-9) == 3
    assert is_near_tie([(0.0, -0.5), (0.5, 1e-13)])
    assert not is_near_tie([(0.0, -0.5), (0.5, 0.0)])  # an exact touch
    assert not is_near_tie([(0.0, -0.5), (0.5, 0.25)])
    assert min_score_gap([0.3, 0.1, 0.3, 0.35]) == approx(0.05)
    assert min_score_gap([1, 1]) == math.inf


# ---------------------------------------------------------------------------------------------
# Property tests of the reference against brute force and against itself
# ---------------------------------------------------------------------------------------------
def _has_both(data: Sequence[tuple[float, bool]]) -> bool:
    return any(y for _, y in data) and not all(y for _, y in data)


# small integer scores force many ties
datasets = st.lists(st.tuples(st.integers(0, 6), st.booleans()), min_size=2, max_size=24).filter(
    _has_both
)
float_datasets = st.lists(
    st.tuples(st.floats(-1e6, 1e6, allow_nan=False), st.booleans()), min_size=2, max_size=24
).filter(_has_both)


def _split(data: Sequence[tuple[float, bool]]) -> tuple[list[float], list[int], int, int]:
    scores = [s for s, _ in data]
    labels = [int(y) for _, y in data]
    return scores, labels, sum(labels), len(labels) - sum(labels)


@settings(max_examples=examples(Fraction(3, 2)), deadline=None)
@given(st.one_of(datasets, float_datasets))
def test_auc_roc_is_mann_whitney(data: list[tuple[float, bool]]) -> None:
    scores, labels, P, N = _split(data)
    pos = [s for s, y in zip(scores, labels, strict=True) if y]
    neg = [s for s, y in zip(scores, labels, strict=True) if not y]
    wins = 0.0
    for sp in pos:
        for sn in neg:
            wins += 1.0 if sp > sn else 0.5 if sp == sn else 0.0
    assert auc_roc(roc_points(scores, labels), P, N) == approx(wins / (P * N), abs=1e-12)


@settings(deadline=None)
@given(datasets)
def test_roc_points_by_definition(data: list[tuple[int, bool]]) -> None:
    scores, labels, P, N = _split(data)
    expected = [(0, 0)]
    for t in sorted(set(scores), reverse=True):
        tp = sum(1 for s, y in zip(scores, labels, strict=True) if s >= t and y)
        fp = sum(1 for s, y in zip(scores, labels, strict=True) if s >= t and not y)
        expected.append((tp, fp))
    assert roc_points(scores, labels) == expected
    assert expected[-1] == (P, N)


def _simpson(f: Callable[[float], float], a: float, b: float, n: int = 200) -> float:
    h = (b - a) / n
    total = f(a) + f(b)
    for i in range(1, n):
        total += (4 if i % 2 else 2) * f(a + i * h)
    return total * h / 3


@settings(max_examples=examples(Fraction(3, 5)), deadline=None)
@given(datasets)
def test_continuous_area_by_quadrature(data: list[tuple[int, bool]]) -> None:
    scores, labels, P, _N = _split(data)
    pts = roc_points(scores, labels)
    numeric = 0.0
    for a, b in pairwise(pts):
        if b[0] > a[0]:

            def prec(t: float, a: tuple[int, int] = a, b: tuple[int, int] = b) -> float:
                return pr_precision_on_segment(a, b, t)

            numeric += _simpson(prec, a[0], b[0])
    numeric /= P
    assert auc_pr_continuous(pts, P) == approx(numeric, abs=1e-7)
    assert auc_pr_continuous(pts, P) == approx(auc_pr_continuous_textbook(pts, P), abs=1e-12)


def _drop_collinear(pts: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out = [pts[0]]
    for i in range(1, len(pts) - 1):
        (t0, f0), (t1, f1), (t2, f2) = out[-1], pts[i], pts[i + 1]
        if (f1 - f0) * (t2 - t0) - (t1 - t0) * (f2 - f0) != 0:  # integer cross product
            out.append(pts[i])
    out.append(pts[-1])
    return out


@settings(deadline=None)
@given(datasets)
def test_areas_ignore_collinear_points(data: list[tuple[int, bool]]) -> None:
    # The ROC polyline, hence AUC-ROC, the continuous PR curve and the DG points, do not depend on
    # listing points that lie on a straight ROC segment (DESIGN: "paper" thresholds give the same
    # AUC-ROC, davis-goadrich and continuous areas).
    scores, labels, P, N = _split(data)
    pts = roc_points(scores, labels)
    fewer = _drop_collinear(pts)
    assert auc_roc(fewer, P, N) == approx(auc_roc(pts, P, N), abs=1e-12)
    assert auc_pr_continuous(fewer, P) == approx(auc_pr_continuous(pts, P), abs=1e-12)
    assert auc_pr_davis_goadrich(fewer, P) == approx(auc_pr_davis_goadrich(pts, P), abs=1e-12)


@settings(deadline=None)
@given(st.one_of(datasets, float_datasets))
def test_step_is_sklearn_average_precision(data: list[tuple[float, bool]]) -> None:
    metrics = pytest.importorskip("sklearn.metrics")
    scores, labels, P, _N = _split(data)
    ap = metrics.average_precision_score(labels, scores)
    assert auc_pr_step(roc_points(scores, labels), P) == approx(ap, abs=1e-12)


@settings(deadline=None)
@given(datasets)
def test_hull_properties(data: list[tuple[int, bool]]) -> None:
    scores, labels, P, N = _split(data)
    pts = roc_points(scores, labels)
    hull = convex_hull(pts)
    assert hull[0] == (0, 0) and hull[-1] == (P, N)
    assert set(hull) <= set(pts)
    # strictly concave chain: slopes dTP/dFP strictly decreasing (integer cross products)
    for (t0, f0), (t1, f1), (t2, f2) in zip(hull, hull[1:], hull[2:], strict=False):
        assert (f1 - f0) * (t2 - t0) - (t1 - t0) * (f2 - f0) < 0
    # nothing above it; its own vertices are not under it; idempotent
    assert all(gap >= -1e-9 for _, gap in hull_gaps(pts))
    assert below_hull(hull) == []
    assert convex_hull(hull) == hull
    # the hull curve dominates the curve, in both spaces
    assert dominates_roc(hull, pts, P, N) and dominates_pr(hull, pts, P)
    # Corollary 3.1, decided independently in PR space: a point is under the ROC hull iff its
    # precision is under the achievable PR curve (the hull's PR image) at its recall.  The lower
    # value is the right one: the hull may end with a drop at recall 1 that contains points.
    under = set(below_hull(pts))
    for tp, fp in pts:
        if tp + fp == 0:
            continue
        prec = tp / (tp + fp)
        in_pr = prec < precision_at_tp(hull, tp, side="lower") - 1e-12
        assert in_pr == ((tp, fp) in under), (tp, fp)


@st.composite
def curve_pairs(draw: st.DrawFn) -> tuple[list[tuple[int, int]], list[tuple[int, int]], int, int]:
    labels = draw(
        st.lists(st.booleans(), min_size=2, max_size=16).filter(lambda ls: 0 < sum(ls) < len(ls))
    )
    n = len(labels)
    s1 = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    s2 = draw(st.lists(st.integers(0, 5), min_size=n, max_size=n))
    P = sum(labels)
    return roc_points(s1, labels), roc_points(s2, labels), P, n - P


@settings(max_examples=examples(Fraction(3, 2)), deadline=None)
@given(curve_pairs())
def test_dominance_roc_equals_pr(
    pair: tuple[list[tuple[int, int]], list[tuple[int, int]], int, int],
) -> None:
    # Theorem 3.2 on the reference's own deciders; a disagreement must be a near-tie
    c1, c2, P, N = pair
    for a, b in ((c1, c2), (c2, c1)):
        roc = dominates_roc(a, b, P, N)
        pr = dominates_pr(a, b, P)
        if roc != pr:
            assert is_near_tie(roc_dominance_gaps(a, b, P, N)) or is_near_tie(
                pr_dominance_gaps(a, b, P)
            )


@settings(deadline=None)
@given(
    st.lists(st.booleans(), min_size=2, max_size=20), st.integers(0, 2**32 - 1), st.integers(0, 30)
)
def test_degraded_ranking_is_dominated(labels: list[bool], seed: int, swaps: int) -> None:
    # Moving a negative one place up past a positive cuts one corner off the ROC staircase, so a
    # chain of such swaps gives a curve dominated by the original one (in both spaces).
    if not 0 < sum(labels) < len(labels):
        return
    rng = random.Random(seed)
    order = list(labels)
    worse = list(order)
    for _ in range(swaps):
        cand = [i for i in range(len(worse) - 1) if worse[i] and not worse[i + 1]]
        if not cand:
            break
        i = rng.choice(cand)
        worse[i], worse[i + 1] = worse[i + 1], worse[i]
    n, P = len(order), sum(order)
    ranks = list(range(n, 0, -1))  # distinct scores, strictest first
    c1 = roc_points(ranks, [int(y) for y in order])
    c2 = roc_points(ranks, [int(y) for y in worse])
    assert dominates_roc(c1, c2, P, n - P)
    assert dominates_pr(c1, c2, P)
    if c1 != c2:
        assert not dominates_roc(c2, c1, P, n - P)
        assert not dominates_pr(c2, c1, P)
