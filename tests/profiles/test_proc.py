"""pROC twins: brute-force areas, pROC's direction and levels rules, its partial AUC formulas."""

from __future__ import annotations

import statistics
from fractions import Fraction

import pytest
from hypothesis import given

from rocpr_exact.errors import InvalidInputError, NoNegativesError, NoPositivesError
from rocpr_exact.profiles import proc
from tests.brute_force import mann_whitney
from tests.profiles.r_brute import clipped_area, roc_points
from tests.strategies import any_dataset

RANGES = [(1, 0.8), (0.9, 0.5), (0.2, 0.6), (1, 0)]


@given(any_dataset)
def test_auto_direction_by_medians_and_mann_whitney(data: tuple[list[int], list[int]]) -> None:
    scores, labels = data
    controls = [s for s, y in zip(scores, labels, strict=True) if not y]
    cases = [s for s, y in zip(scores, labels, strict=True) if y]
    up = mann_whitney(scores, labels)
    assert proc.auc(labels, scores, direction="<") == up
    assert proc.auc(labels, scores, direction=">") == 1 - up
    expected = up if statistics.median(controls) <= statistics.median(cases) else 1 - up
    assert proc.auc(labels, scores) == expected


@given(any_dataset)
def test_partial_areas_are_the_polyline_integrals(data: tuple[list[int], list[int]]) -> None:
    scores, labels = data
    points = roc_points(scores, labels)
    swapped = sorted((1 - tpr, 1 - fpr) for fpr, tpr in points)  # (1 - TPR) against 1 - FPR
    for a, b in RANGES:
        high, low = Fraction(max(a, b)), Fraction(min(a, b))
        spec = proc.auc(labels, scores, direction="<", partial_auc=(a, b))
        # specificity in [low, high] is FPR in [1 - high, 1 - low]
        assert spec == clipped_area(points, 1 - high, 1 - low)
        sens = proc.auc(
            labels, scores, direction="<", partial_auc=(a, b), partial_auc_focus="sensitivity"
        )
        # integral of specificity over TPR in [low, high]: in the frame u = 1 - TPR, v = 1 - FPR
        assert sens == clipped_area(swapped, 1 - high, 1 - low)


def test_correction_uses_proc_min_and_max_for_both_foci() -> None:
    # Cases 2, 4; controls 1, 3.  ROC (0,0) (0,1/2) (1/2,1/2) (1/2,1) (1,1).
    labels, scores = [0, 1, 0, 1], [1, 2, 3, 4]
    # Sensitivity in [0.5, 1]: specificity is 1 from TPR 1/2 up to... the polyline gives
    # 1 - FPR = 1/2 on TPR (1/2, 1]: area 1/4.  pROC: min = (2 - 1 - 0.5)(0.5)/2 = 1/8,
    # max = 1/2, corrected (1 + (1/4 - 1/8) / (1/2 - 1/8)) / 2 = 2/3.
    assert proc.auc(
        labels, scores, partial_auc=(1, 0.5), partial_auc_focus="sensitivity"
    ) == Fraction(1, 4)
    assert proc.auc(
        labels,
        scores,
        partial_auc=(1, 0.5),
        partial_auc_focus="sensitivity",
        partial_auc_correct=True,
    ) == Fraction(2, 3)
    # Specificity in [0.5, 1] (FPR [0, 1/2]): TPR 1/2 there, area 1/4, the same correction.
    assert proc.auc(labels, scores, partial_auc=(1, 0.5), partial_auc_correct=True) == Fraction(
        2, 3
    )


def test_correction_below_the_diagonal_is_na_unless_allowed() -> None:
    labels, scores = [1, 0, 1, 0], [1, 2, 3, 4]  # direction "<" forced: a poor ranking
    kwargs = {"direction": "<", "partial_auc": (1, 0.8), "partial_auc_correct": True}
    assert proc.auc(labels, scores, **kwargs) is None  # type: ignore[arg-type]
    # area 0 on FPR [0, 0.2]: (1 + (0 - 0.02) / (0.2 - 0.02)) / 2 = 4/9 (with the binary 0.8)
    value = proc.auc(labels, scores, allow_invalid_partial_auc_correct=True, **kwargs)  # type: ignore[arg-type]
    low = 1 - Fraction(0.8)
    least = low * low / 2
    assert value == (1 + (0 - least) / (low - least)) / 2


def test_levels_and_missing_values() -> None:
    response = ["b", "a", "c", "b", "a", None]
    predictor = [0.9, 0.1, 0.5, 0.7, 0.3, 0.2]
    # levels a (control) and b (case); "c" and the missing response are dropped
    assert proc.auc(response, predictor) == 1
    assert proc.auc(response, predictor, levels=("b", "a"), direction="<") == 0
    assert proc.auc([0, 1, 1, 0], [0.2, float("nan"), 0.9, 0.4]) == 1
    r = proc.roc([0, 1, 0, 1], [1, 2, 3, 4], direction=">")
    assert r.thresholds[0] == float("inf") and r.direction == ">"
    assert r.levels == (0, 1)


@pytest.mark.parametrize(
    ("response", "predictor", "error"),
    [
        ([1, 1], [0.1, 0.2], InvalidInputError),  # one level
        ([0, 1, 2], [0.1, 0.2, 0.3], None),  # three levels: the first two
        ([0, 1], [0.1, float("inf")], InvalidInputError),  # pROC returns NaN
        (["a", "b"], ["x", "y"], InvalidInputError),
    ],
)
def test_refusals(
    response: list[object], predictor: list[object], error: type[Exception] | None
) -> None:
    if error is None:
        assert proc.auc(response, predictor) == 1
        return
    with pytest.raises(error):
        proc.auc(response, predictor)


def test_missing_class_after_levels() -> None:
    with pytest.raises(NoPositivesError):
        proc.auc([0, 0, 1], [1, 2, 3], levels=(0, 2))
    with pytest.raises(NoNegativesError):
        proc.auc([0, 0, 1], [1, 2, 3], levels=(2, 1))
