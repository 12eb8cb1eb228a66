"""Unit tests of ``rocpr_exact.dominates`` on hand-worked cases (Davis & Goadrich 2006, Thm 3.2).

Curves are (TP, FP) lists; ROC space plots FP (x) against TP (y).  Every expected witness below is
derived in the comment beside it, by walking both curves at that place by hand.  Dominance(...)
values: ``witness`` is an FPR (ROC) or a recall (PR), ``value_1`` / ``value_2`` the values of
curve I / curve II there (greatest TPR, or upper precision).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import rocpr_exact as rx
from rocpr_exact.geometry import dominance
from tests.dominance_cases import (
    CROSSING,
    HARD_CASES,
    HULL,
    IDENTICAL,
    NEAR_COLLINEAR,
    RECALL0,
    SHARED_SEGMENT,
    SKEW_RECALL0,
    SWAP,
    TOUCHING,
    VERTICAL_PR,
    VERTICAL_ROC,
)
from tests.strategies import curves


def witness(result: rx.Dominance) -> tuple[bool, F | None, F | None, F | None]:
    return result.dominates, result.witness, result.value_1, result.value_2


def test_identical_curves_dominate_each_other() -> None:
    one, two = curves(IDENTICAL)
    for space in ("roc", "pr"):
        assert witness(rx.dominates(one, two, space)) == (True, None, None, None)


def test_touching_at_one_point() -> None:
    # I = (0,0) (1,0) (2,1) (3,3), II = (0,0) (0,1) (2,1) (2,3) (3,3), P = N = 3.
    # ROC: I has TP >= II's at every FP (equal at FP 1, TP 2 and at the end): I dominates.
    one, two = curves(TOUCHING)
    assert rx.dominates(one, two, "roc") and rx.dominates(one, two, "pr")
    # II does not dominate I.  ROC: at FPR 0, I already reaches TPR 1/3 (point (1, 0)), II only 0.
    assert witness(rx.dominates(two, one, "roc")) == (False, 0, 0, F(1, 3))
    # PR: at recall 1/3 (TP 1), I has FP 0 (precision 1), II is on (0,1)->(2,1): FP 1, 1/2.
    assert witness(rx.dominates(two, one, "pr")) == (False, F(1, 3), F(1, 2), 1)


def test_sharing_a_segment() -> None:
    # I = (0,0) (1,0) (2,1) (3,2) (4,4); II = (0,0) (0,1) (2,1) (3,2) (3,4) (4,4); P = N = 4.
    # Both contain (2,1) -> (3,2).  Left of FP 1 II is at TP 0 and I at TP >= 1; right of FP 2
    # II stays at TP 3 while I climbs to 4: I dominates.  II fails at FPR 0: I TPR 1/4, II 0.
    one, two = curves(SHARED_SEGMENT)
    assert rx.dominates(one, two, "roc") and rx.dominates(one, two, "pr")
    assert witness(rx.dominates(two, one, "roc")) == (False, 0, 0, F(1, 4))
    # PR, II over I: on TP (0, 1) II has FP 1 (precision t/(t+1)), I has FP 0 (precision 1);
    # at recall 1/4 (TP 1): II 1/2, I 1.
    assert witness(rx.dominates(two, one, "pr")) == (False, F(1, 4), F(1, 2), 1)


def test_one_adjacent_swap() -> None:
    # Rankings 1 0 1 0 (I) and 1 1 0 0 (II): II ranks a positive higher, so II dominates I and
    # differs only at the ROC point (FP 0, TP 2) against I's (FP 1, TP 1) detour.
    one, two = curves(SWAP)
    assert rx.dominates(two, one, "roc") and rx.dominates(two, one, "pr")
    # At FPR 0: I reaches TP 1, II TP 2.  At recall 1 (TP 2): I has FP 1 (2/3), II FP 0 (1).
    assert witness(rx.dominates(one, two, "roc")) == (False, 0, F(1, 2), 1)
    assert witness(rx.dominates(one, two, "pr")) == (False, 1, F(2, 3), 1)


def test_a_curve_and_its_hull() -> None:
    # TINY = (0,0) (1,0) (2,1) (2,2) (3,2), P = 3, N = 2; its hull is (0,0) (1,0) (3,2): the point
    # (2,2) is one TP under the hull edge.  At FP 2 both reach TP 3 (TINY by the vertical run
    # (2,2) -> (3,2)); the gap is just left of FP 2, where TINY has TP 2 and the hull nearly 3.
    hull, tiny = curves(HULL)
    assert rx.dominates(hull, tiny, "roc") and rx.dominates(hull, tiny, "pr")
    # ROC: at FP 1 both have TP 2 (hull: 1 + (1/2)*2); left limits at FP 2: TINY 2 < hull 3:
    # root at FP 1, witness FP 3/2: TINY TP 2, hull TP 1 + 2 (3/2)/2 = 5/2.
    assert witness(rx.dominates(tiny, hull, "roc")) == (False, F(3, 4), F(2, 3), F(5, 6))
    # PR on TP (2, 3): TINY has FP 2, t/(t+2); hull FP t - 1, t/(2t - 1); at recall 1 (TP 3)
    # TINY 3/5, hull 3/5: equal; at TP 2 (lower values) TINY 1/2 < hull 2/3.  TINY: k = 1,
    # g = 2/3; hull: k = 2, g = -1/3; L(r) = -r + 1 > 0 on (2/3, 1), witness (2/3 + 1)/2 = 5/6
    # (TP 5/2): TINY (5/2)/(9/2) = 5/9, hull (5/2)/(4) = 5/8.
    assert witness(rx.dominates(tiny, hull, "pr")) == (False, F(5, 6), F(5, 9), F(5, 8))


def test_crossing_once_neither_dominates() -> None:
    # I = (0,0) (1,0) (1,2) (2,2), II = (0,0) (0,1) (2,1) (2,2), P = N = 2; cross at ROC (1, 1).
    one, two = curves(CROSSING)
    # ROC, I over II fails: at FP 1, I has TP 1 (on (1,0)->(1,2)), II reaches TP 2 (point (2, 1)).
    assert witness(rx.dominates(one, two, "roc")) == (False, F(1, 2), F(1, 2), 1)
    # PR: at recall 1 (TP 2), I reaches TP 2 at FP 2 (2/4), II at FP 1 (2/3).
    assert witness(rx.dominates(one, two, "pr")) == (False, 1, F(1, 2), F(2, 3))
    # II over I fails: at FPR 0 I has TPR 1/2, II 0; at recall 1/2 (TP 1) I has precision 1
    # (FP 0), II 1/2 (FP 1).
    assert witness(rx.dominates(two, one, "roc")) == (False, 0, 0, F(1, 2))
    assert witness(rx.dominates(two, one, "pr")) == (False, F(1, 2), F(1, 2), 1)


def test_vertical_roc_segment_is_compared_from_the_left() -> None:
    # I = (0,0) (0,1) (2,1) (2,2): right to FP 1, up to TP 2; II = the diagonal to (2, 2).
    # At FP 1 the upper values are I 2 >= II 1, but just left of FP 1 I is at TP 0 and II at ~1.
    one, two = curves(VERTICAL_ROC)
    # Left limits at FP 1: I 0 < II 1; right limits at FP 0: equal (0): the difference is
    # linear on (0, 1), zero at 0, so the witness is halfway: FP 1/2, I TP 0, II TP 1/2.
    assert witness(rx.dominates(one, two, "roc")) == (False, F(1, 4), 0, F(1, 4))
    # PR: I is t/(t + 1) (FP 1), II is 1/2; II is above for TP < 1.  Hyperbolas r/(k r + g):
    # I k = 1, g = 1/2; II k = 2, g = 0; L(r) = (1 - 2) r + 1/2, root 1/2, witness 1/4:
    # TP 1/2, I (1/2)/(3/2) = 1/3, II 1/2.
    assert witness(rx.dominates(one, two, "pr")) == (False, F(1, 4), F(1, 3), F(1, 2))
    # II over I: at FP 1 I reaches TP 2, II 1; at recall 1 (TP 2) I has FP 1 (2/3), II FP 2 (1/2).
    assert witness(rx.dominates(two, one, "roc")) == (False, F(1, 2), F(1, 2), 1)
    assert witness(rx.dominates(two, one, "pr")) == (False, 1, F(1, 2), F(2, 3))


def test_vertical_pr_drop_is_compared_from_below() -> None:
    # I = (0,0) (1,0) (1,2) (2,2): precision 1 up to recall 1/2, drops to 1/3 there, then t/(t+2).
    # II = the diagonal: precision 1/2.  Upper values at recall 0, 1/2, 1: I 1, 1, 1/2 against
    # II 1/2, 1/2, 1/2 -- never below -- but just right of recall 1/2 I is at 1/3 < 1/2.
    one, two = curves(VERTICAL_PR)
    # I k = 1, g = 1 (FP 2, P 2); II k = 2, g = 0; L(r) = -r + 1 > 0 on (1/2, 1), root 1:
    # witness 3/4 (TP 3/2): I (3/2)/(3/2 + 2) = 3/7, II 1/2.
    assert witness(rx.dominates(one, two, "pr")) == (False, F(3, 4), F(3, 7), F(1, 2))
    # ROC: right limit at FP 0: I 1 > II 0 (difference -1); left limit at FP 2: I 1 < II 2
    # (difference 1): root at FP 1, witness FP 3/2: I TP 1, II TP 3/2.
    assert witness(rx.dominates(one, two, "roc")) == (False, F(3, 4), F(1, 2), F(3, 4))


def test_both_limits_zero_at_recall_0_are_ordered_by_slope() -> None:
    # P = 1, N = 10.  I = (0,0) (0,5) (1,5) (1,10): precision t/(t+5).  II = (0,0) (0,3) (1,10):
    # FP 3 + 7t, precision t/(3 + 8t).  Both limits at recall 0 are 0, but II > I iff
    # t + 5 > 8t + 3 iff t < 2/7.  L(r) = (1 - 8) r + (5 - 3) = 2 - 7r: root 2/7, witness 1/7:
    # I (1/7)/(1/7 + 5) = 1/36, II (1/7)/(1/7 + 4) = 1/29.
    one, two = curves(RECALL0)
    assert witness(rx.dominates(one, two, "pr")) == (False, F(1, 7), F(1, 36), F(1, 29))
    # ROC: at FP 3 both are at TP 0; at FP 5 the left limits are I 0 < II 2/7: root FP 3,
    # witness FP 4: I TP 0, II TP 1/7.
    assert witness(rx.dominates(one, two, "roc")) == (False, F(2, 5), 0, F(1, 7))
    # I is above II from TP 2/7 on (at TP 1: 1/6 against 1/11).
    assert not rx.dominates(two, one, "pr") and not rx.dominates(two, one, "roc")


def test_narrow_recall_0_violation_at_the_papers_skew() -> None:
    # P = 20, N = 2000.  I = (0,0) (0,5) (1,5) ..., II = (0,0) (0,4) (1,2000) ...
    # I: k = 1, g = 5/20; II: k = 1997, g = 4/20; L(r) = -1996 r + 1/20: root 1/39920,
    # witness 1/79840 (TP 1/3992).  I: FP 5, (1/3992)/(1/3992 + 5) = 1/19961.
    # II: FP 4 + 1996/3992 = 9/2, (1/3992)/(1/3992 + 9/2) = 1/17965.
    one, two = curves(SKEW_RECALL0)
    assert witness(rx.dominates(one, two, "pr")) == (False, F(1, 79840), F(1, 19961), F(1, 17965))
    assert not rx.dominates(one, two, "roc")


def test_near_collinear_at_huge_n() -> None:
    # P = 5, N = 10^13.  I = the diagonal; II has the vertex (TP 1, FP 2*10^12 - 1), one negative
    # left of the diagonal.  At that FP, I has TP 5 (2*10^12 - 1) / 10^13 = 1 - 5/10^13.
    one, two = curves(NEAR_COLLINEAR)
    n = 10**13
    fp = 2 * 10**12 - 1
    expected = (False, F(fp, n), (1 - F(5, n)) / 5, F(1, 5))
    assert witness(rx.dominates(one, two, "roc")) == expected
    assert not rx.dominates(one, two, "pr")
    assert rx.dominates(two, one, "roc") and rx.dominates(two, one, "pr")


def test_the_pr_decider_never_uses_the_roc_decider(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*args: object) -> None:
        raise AssertionError("the PR decider called ROC-space code")

    expected = {}
    for p, n, one, two in HARD_CASES:
        c1, c2 = rx.Curve.from_counts(one, p, n), rx.Curve.from_counts(two, p, n)
        expected[(p, n, tuple(one), tuple(two))] = rx.dominates(c1, c2, "pr")
    monkeypatch.setattr(dominance, "_dominates_roc", forbidden)
    monkeypatch.setattr(dominance, "_tp_range_at", forbidden)
    for (p, n, one, two), result in expected.items():
        c1, c2 = rx.Curve.from_counts(one, p, n), rx.Curve.from_counts(two, p, n)
        assert rx.dominates(c1, c2, "pr") == result


def test_different_totals_are_an_error() -> None:
    a = rx.Curve.from_counts([(1, 1)], positives=2, negatives=2)
    b = rx.Curve.from_counts([(1, 1)], positives=2, negatives=3)
    c = rx.Curve.from_counts([(1, 1)], positives=3, negatives=2)
    for other in (b, c):
        for space in ("roc", "pr"):
            with pytest.raises(rx.InvalidInputError, match="same numbers of examples"):
                rx.dominates(a, other, space)


def test_bad_input_is_an_error() -> None:
    a = rx.Curve.from_counts([(1, 1)], positives=2, negatives=2)
    with pytest.raises(rx.InvalidInputError, match="'roc' or 'pr'"):
        rx.dominates(a, a, "auc")  # type: ignore[arg-type]
    with pytest.raises(rx.WrongTypeError, match="c2 must be a Curve"):
        rx.dominates(a, [(0, 0), (2, 2)])  # type: ignore[arg-type]


def test_missing_classes() -> None:
    no_negatives = rx.Curve.from_counts([(1, 0)], positives=2, negatives=0)
    with pytest.raises(rx.NoNegativesError):
        rx.dominates(no_negatives, no_negatives, "roc")
    # PR needs only P > 0: both curves are the one segment (0, 0) -> (2, 0), precision 1.
    assert rx.dominates(no_negatives, no_negatives, "pr")
    no_positives = rx.Curve.from_counts([], positives=0, negatives=2)
    for space in ("roc", "pr"):
        with pytest.raises(rx.NoPositivesError):
            rx.dominates(no_positives, no_positives, space)


def test_dominance_values_are_validated() -> None:
    assert not rx.Dominance(False, "roc", F(1, 2), F(1, 3), F(1, 2))
    with pytest.raises(rx.InvalidInputError):
        rx.Dominance(True, "roc", F(1, 2), F(1, 3), F(1, 2))
    with pytest.raises(rx.InvalidInputError):
        rx.Dominance(False, "pr")
    with pytest.raises(rx.InvalidInputError):
        rx.Dominance(False, "pr", F(1, 2), F(1, 2), F(1, 2))  # II not above I
    with pytest.raises(rx.InvalidInputError):
        rx.Dominance(True, "auc")  # type: ignore[arg-type]
