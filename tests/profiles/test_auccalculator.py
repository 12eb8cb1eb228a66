"""AUCCalculator twin against the step-by-step simulation of AUCCalculator 0.2 (brute force)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given

from rocpr_exact.errors import NoNegativesError, NoPositivesError, OneClassWarning
from rocpr_exact.profiles import auccalculator, registry
from tests.brute_force import auccalculator_steps, mann_whitney, threshold_counts
from tests.strategies import any_dataset


@given(any_dataset)
def test_scored_list_twins_follow_the_java_algorithm(data: tuple[list[int], list[int]]) -> None:
    scores, labels = data
    p, n = sum(labels), len(labels) - sum(labels)
    roc, pr = auccalculator_steps(threshold_counts(scores, labels), p, n)
    assert auccalculator.auc_roc(scores, labels) == roc
    assert auccalculator.auc_pr(scores, labels) == pr
    assert registry.profile("auccalculator", data) == {"auc_roc": roc, "auc_pr": pr}


@given(any_dataset)
def test_the_deviation_is_tp1_fp0_over_2pn(data: tuple[list[int], list[int]]) -> None:
    scores, labels = data
    p, n = sum(labels), len(labels) - sum(labels)
    counts = threshold_counts(scores, labels)
    first = next(i for i, (tp, _) in enumerate(counts) if tp > 0)
    fp0, tp1 = counts[first - 1][1], counts[first][0]
    excess = auccalculator.auc_roc(scores, labels) - mann_whitney(scores, labels)
    assert excess == Fraction(tp1 * fp0, 2 * p * n)


def test_a_negative_first_is_ignored() -> None:
    # The Java tool's curve goes from the origin straight to (TP, FP) = (1, 1): as if the
    # negative scored 4 were tied with the positive scored 3.
    assert auccalculator.auc_roc([4, 3, 2, 1], [0, 1, 0, 1]) == mann_whitney(
        [3, 3, 2, 1], [0, 1, 0, 1]
    )
    assert (
        auccalculator.ignored_negatives(auccalculator.scored_list_curve([4, 3, 2, 1], [0, 1, 0, 1]))
        == 1
    )


@pytest.mark.parametrize(
    ("labels", "error"), [([1, 1], NoNegativesError), ([0, 0], NoPositivesError)]
)
def test_one_class_is_refused(labels: list[int], error: type[Exception]) -> None:
    # AUCCalculator 0.2 stops: Confusion defaults P, N to 1, 1, then addPoint throws for
    # a point with 2 positives or 2 negatives (derived from its source, module notes)
    with pytest.raises(error, match="it stops with an exception"):
        auccalculator.auc_pr([0.5, 0.2], labels)
    with pytest.raises(error):
        auccalculator.auc_roc([0.5, 0.2], labels)
    with pytest.raises(NoPositivesError):  # P = 0, N = 1: sort() empties the list and throws
        auccalculator.auc_roc([0.5], [0])


def test_one_positive_no_negative_gives_the_tools_one_with_its_stderr_line() -> None:
    # Hand-derived from the 0.2 source: counts defaulted to (1, 1), points (1, 0) and the
    # appended (1, 1); AUC-PR = rectangle 1 * 1 + trapezoid of width 0; AUC-ROC = 1 - 0.
    for area in (auccalculator.auc_pr, auccalculator.auc_roc):
        with pytest.warns(OneClassWarning, match="Defaulting Confusion to 1,1") as said:
            assert area([0.5], [1]) == 1
        assert str(said[0].message).startswith("AUCCalculator 0.2: ERROR: 1.0,0.0 - ")
    curve = auccalculator.scored_list_curve([0.5], [1])
    assert auccalculator.deviations(curve) == ()
