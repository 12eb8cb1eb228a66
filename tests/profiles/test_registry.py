"""Profiles: what scikit-learn, PRROC and AUCCalculator would print, exactly.

docs/design.md, section 2.

Hand-derived cases first (the arithmetic is in the comments), then property tests
against the plain-Fraction references of ``tests/brute_force.py``, which follow
each tool's own steps and share no code with rocpr_exact.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from hypothesis import given

import rocpr_exact as rx
from rocpr_exact.errors import UndefinedMetricError
from rocpr_exact.oracle.metrics import METRICS, canonical_metric, compute_metric
from rocpr_exact.profiles import registry
from tests.brute_force import (
    auccalculator_steps,
    dg_area,
    mann_whitney,
    sklearn_trapezoid,
    step_area,
    threshold_counts,
)
from tests.strategies import any_dataset


def test_sklearn_documentation_example() -> None:
    # y = [0, 0, 1, 1], s = [0.1, 0.4, 0.35, 0.8]: thresholds 0.8, 0.4, 0.35, 0.1 give
    # (TP, FP) = (1, 0), (1, 1), (2, 1), (2, 2); PR points (1/2, 1), (1/2, 1/2), (1, 2/3), (1, 1/2).
    # AP = 1/2 * 1 + 1/2 * 2/3 = 5/6 (sklearn's docs print 0.83).
    # Trapezoid from (0, 1): 1/2 (1 + 1)/2 + 0 + 1/2 (1/2 + 2/3)/2 + 0 = 1/2 + 7/24 = 19/24.
    # AUC-ROC: the positive at 0.35 loses to the negative at 0.4 -> 3/4.
    values = registry.profile("sklearn", ([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]))
    assert values == {
        "roc_auc_score": Fraction(3, 4),
        "average_precision_score": Fraction(5, 6),
        "auc_pr_trapezoid": Fraction(19, 24),
    }


def test_sklearn_ties_and_negatives_first() -> None:
    # Scores [3, 2, 2, 1], labels [1, 1, 0, 0]: points (1, 0), (2, 1), (2, 2).
    # Trapezoid: (0,1)->(1/2,1): 1/2; ->(1, 2/3): 1/2 (1 + 2/3)/2 = 5/12; total 11/12.
    # AP = 1/2 + 1/2 * 2/3 = 5/6; AUC-ROC = (1 + 1 + 1/2 + 1)/4 = 7/8.
    assert registry.profile("sklearn", ([3, 2, 2, 1], [1, 1, 0, 0])) == {
        "roc_auc_score": Fraction(7, 8),
        "average_precision_score": Fraction(5, 6),
        "auc_pr_trapezoid": Fraction(11, 12),
    }
    # Scores [4, 3, 2, 1], labels [0, 1, 0, 1]: PR points (0, 0), (1/2, 1/2), (1/2, 1/3), (1, 1/2)
    # after the synthetic (0, 1). Trapezoid: 0 + 1/2 (0 + 1/2)/2 + 0 + 1/2 (1/3 + 1/2)/2
    # = 1/8 + 5/24 = 1/3.  AP = 1/2 * 1/2 + 1/2 * 1/2 = 1/2.  AUC-ROC = 1/4 (one pair of four).
    assert registry.profile("sklearn", ([4, 3, 2, 1], [0, 1, 0, 1])) == {
        "roc_auc_score": Fraction(1, 4),
        "average_precision_score": Fraction(1, 2),
        "auc_pr_trapezoid": Fraction(1, 3),
    }


def test_sklearn_synthetic_start_differs_from_the_limit_convention() -> None:
    # Scores [2, 2, 1], labels [1, 0, 1]: points (1, 1), (2, 1).  sklearn starts at (0, 1):
    # 1/2 (1 + 1/2)/2 + 1/2 (1/2 + 2/3)/2 = 3/8 + 7/24 = 2/3.  Our "linear" starts at the limit
    # 1/2 (the tie group's precision): 1/2 (1/2 + 1/2)/2 + 7/24 = 13/24.
    data = ([2, 2, 1], [1, 0, 1])
    assert registry.profile_metric("sklearn", "auc_pr_trapezoid", data) == Fraction(2, 3)
    assert rx.auc_pr(rx.Curve.from_scores(*data), "linear") == Fraction(13, 24)


def test_prroc_hand_computed() -> None:
    # Points (1, 0), (3, 2) with P = 3, N = 2.  Davis-Goadrich: the first segment keeps
    # precision 1 -> 1/3; on (1,0)->(3,2) the skew is 1: TP 2 has FP 1 (precision 2/3), TP 3 has
    # FP 2 (3/5).  1/3 + 1/3 (1 + 2/3)/2 + 1/3 (2/3 + 3/5)/2 = 30/90 + 25/90 + 19/90 = 37/45.
    # Integral: 1/3 + (1/3) int_1^3 t/(2t - 1) dt = 1/3 + (1/3)(1 + ln(5)/4) = 2/3 + ln(5)/12.
    # ROC: trapezoid (2 - 0)(1 + 3)/2 = 4 over P N = 6 -> 2/3.
    curve = rx.Curve.from_counts([(1, 0), (3, 2)], positives=3, negatives=2)
    values = registry.profile("prroc", curve)
    assert values["auc_davis_goadrich"] == Fraction(37, 45)
    assert values["roc_auc"] == Fraction(2, 3)
    integral = values["auc_integral"]
    assert isinstance(integral, rx.ClosedForm)
    expected = sympy.Rational(2, 3) + sympy.log(5) / 12
    assert sympy.simplify(integral.to_sympy() - expected) == 0


def test_auccalculator_negatives_first_is_a_known_deviation() -> None:
    # Scores [4, 3, 2, 1], labels [0, 1, 0, 1]: points (0, 1), (1, 1), (1, 2), (2, 2).
    # AUCCalculator drops (0, 1) and goes straight from the origin to (1, 1):
    # ROC trapezoids (1)(0 + 1)/2 + (1)(1 + 1)/2 = 3/2 over P N = 4 -> 3/8 (exact: 1/4; the
    # excess TP_1 FP_0 / (2 P N) = 1/8).  PR: flat 1/2 up to recall 1/2 -> 1/4, then
    # 1/2 (1/3 + 1/2)/2 = 5/24 -> 11/24; exact Davis-Goadrich starts at 0: 1/8 + 5/24 = 1/3.
    data = ([4, 3, 2, 1], [0, 1, 0, 1])
    assert registry.profile("auccalculator", data) == {
        "auc_roc": Fraction(3, 8),
        "auc_pr": Fraction(11, 24),
    }
    deviations = registry.known_deviations("auccalculator", data)
    assert [(d.metric, d.reference, d.excess) for d in deviations] == [
        ("auc_roc", "auc_roc", Fraction(1, 8)),
        ("auc_pr", "auc_pr_davis_goadrich", Fraction(1, 8)),
    ]
    assert "drops the points with TP = 0" in deviations[0].note


def test_auccalculator_agrees_when_a_positive_comes_first() -> None:
    # Table 1 data: the first group (5 positives, 5 negatives) leaves the origin, so nothing
    # is dropped; AUC-ROC 119/160 (tests/differential/test_auc_roc_brute_force.py has the
    # trapezoids).
    table1 = rx.Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    assert registry.profile_metric("auccalculator", "auc_roc", table1) == Fraction(119, 160)
    assert registry.known_deviations("auccalculator", table1) == ()


@pytest.mark.parametrize("name", ["sklearn", "prroc", "auccalculator"])
def test_one_class_raises_our_specific_error(name: str) -> None:
    with pytest.raises(rx.NoPositivesError):
        registry.profile(name, ([1, 2, 3], [0, 0, 0]))
    with pytest.raises(rx.NoNegativesError):
        registry.profile(name, ([1, 2, 3], [1, 1, 1]))


def test_no_negatives_pr_metrics_are_defined() -> None:
    # All positives: precision is 1 everywhere (sklearn also prints 1.0 for both).
    data = ([1, 2, 2], [1, 1, 1])
    assert registry.profile_metric("sklearn", "average_precision_score", data) == 1
    assert registry.profile_metric("sklearn", "auc_pr_trapezoid", data) == 1
    assert registry.profile_metric("prroc", "auc_davis_goadrich", data) == 1


def test_unknown_names() -> None:
    with pytest.raises(rx.InvalidInputError, match="unknown tool 'weka'"):
        registry.profile("weka", ([1, 2], [0, 1]))
    with pytest.raises(rx.InvalidInputError, match="has no metric 'f1'"):
        registry.profile_metric("sklearn", "f1", ([1, 2], [0, 1]))
    with pytest.raises(rx.InvalidInputError, match="unknown metric 'auc'"):
        canonical_metric("auc")
    with pytest.raises(rx.InvalidInputError, match="Curve or a"):
        registry.profile("sklearn", [1, 2])  # type: ignore[arg-type]


def test_metric_namespace() -> None:
    assert list(METRICS)[:5] == [
        "auc_roc",
        "auc_pr_continuous",
        "auc_pr_davis_goadrich",
        "auc_pr_linear",
        "auc_pr_step",
    ]
    assert "sklearn.auc_pr_trapezoid" in METRICS and "auccalculator.auc_pr" in METRICS
    curve = rx.Curve.from_scores([3, 2, 1], [1, 0, 1])
    assert compute_metric("roc_auc", curve) == compute_metric("auc_roc", curve) == Fraction(1, 2)


@given(any_dataset)
def test_profiles_follow_each_tools_steps(data: tuple[list[int], list[int]]) -> None:
    scores, labels = data
    counts = threshold_counts(scores, labels)
    p, n = sum(labels), len(labels) - sum(labels)
    sk = registry.profile("sklearn", (scores, labels))
    assert sk["roc_auc_score"] == mann_whitney(scores, labels)
    assert sk["average_precision_score"] == step_area(counts, p)
    assert sk["auc_pr_trapezoid"] == sklearn_trapezoid(counts, p)
    balanced = all(
        sum(label for s, label in zip(scores, labels, strict=True) if s == v)
        == sum(1 - label for s, label in zip(scores, labels, strict=True) if s == v)
        for v in set(scores)
    )
    if balanced:  # the two score vectors are the same multiset: PRROC's DG area is NA
        with pytest.raises(UndefinedMetricError, match="returns NA"):
            registry.profile_metric("prroc", "auc_davis_goadrich", (scores, labels))
    else:
        assert registry.profile_metric("prroc", "auc_davis_goadrich", (scores, labels)) == dg_area(
            counts, p
        )
    assert registry.profile_metric("prroc", "roc_auc", (scores, labels)) == mann_whitney(
        scores, labels
    )
    au = registry.profile("auccalculator", (scores, labels))
    assert (au["auc_roc"], au["auc_pr"]) == auccalculator_steps(counts, p, n)
    deviations = registry.known_deviations("auccalculator", (scores, labels))
    negatives_first = counts[1][0] == 0
    assert bool(deviations) == negatives_first
    for d in deviations:
        assert d.excess > 0  # AUCCalculator overstates both areas when negatives lead
    if negatives_first:
        # The AUC-ROC excess is TP_1 FP_0 / (2 P N): FP_0 negatives before the first positive.
        fp0 = max(fp for tp, fp in counts if tp == 0)
        tp1 = min(tp for tp, _ in counts if tp > 0)
        assert deviations[0].excess == Fraction(tp1 * fp0, 2 * p * n)


@pytest.mark.parametrize("name", ["prroc", "auccalculator"])
def test_r_and_java_profiles_read_scores_as_doubles(name: str) -> None:
    # R's and Java's parsers give every score its nearest double: scores that differ only past
    # double precision (and 2**53 + 1 against 2**53) tie there.  Python's float() of a Decimal
    # or an int is that nearest double too, an independent route to the tool's input.
    from decimal import Decimal

    scores = [Decimal("0.1"), Decimal("0.1000000000000000000001"), Decimal("0.5"), 2**53 + 1, 2**53]
    labels = [1, 0, 1, 0, 1]
    as_doubles = [float(s) for s in scores]
    expected = {
        m: registry.profile_metric(name, m, (as_doubles, labels)) for m in registry.PROFILES[name]
    }
    assert {
        m: registry.profile_metric(name, m, (scores, labels)) for m in registry.PROFILES[name]
    } == expected
    curve = rx.Curve.from_scores(scores, labels)  # exact thresholds: five groups
    assert len(curve) == 6
    assert {m: registry.profile_metric(name, m, curve) for m in registry.PROFILES[name]} == expected
    if name == "prroc":  # the ties change the value: the exact scores give another AUC
        assert expected["roc_auc"] != rx.auc_roc(curve)
