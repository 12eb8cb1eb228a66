"""ROCR twins: brute-force areas and ROCR's aucpr insertion order worked by hand."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.profiles import rocr
from tests.brute_force import mann_whitney, threshold_counts
from tests.profiles.r_brute import clipped_area, roc_points
from tests.strategies import any_dataset


@given(any_dataset)
def test_auc_and_fpr_stop_are_polyline_areas(data: tuple[list[int], list[int]]) -> None:
    scores, labels = data
    pred = rocr.prediction(scores, labels)
    assert rocr.performance(pred, "auc") == mann_whitney(scores, labels)
    assert rocr.performance(pred, "auc", fpr_stop=2) == mann_whitney(scores, labels)
    for stop in (0, 0.1, 0.5):
        expected = clipped_area(roc_points(scores, labels), Fraction(0), Fraction(stop))
        assert rocr.performance(pred, "auc", fpr_stop=stop) == expected


@given(any_dataset)
def test_aucpr_without_long_steps_is_trapezoids_over_the_tops(
    data: tuple[list[int], list[int]],
) -> None:
    # When no threshold adds more than 2 positives ROCR inserts nothing: its area is the
    # trapezoid rule over the point of least FP at each TP (the top of each vertical run),
    # starting from (recall 0, precision 1).  Otherwise: ROCR's own insertions (next test).
    scores, labels = data
    counts = threshold_counts(scores, labels)
    if any(t1 - t0 > 2 for (t0, _), (t1, _) in pairwise(counts)):
        return
    p = sum(labels)
    tops: dict[int, int] = {}
    for tp, fp in counts:
        tops[tp] = min(fp, tops.get(tp, fp))
    points = [
        (Fraction(tp, p), Fraction(tp, tp + fp) if tp + fp else Fraction(1))
        for tp, fp in sorted(tops.items())
    ]
    expected = sum(
        ((r1 - r0) * (q0 + q1) / 2 for (r0, q0), (r1, q1) in pairwise(points)), Fraction(0)
    )
    assert rocr.performance(rocr.prediction(scores, labels), "aucpr") == expected


def test_aucpr_inserts_at_shifted_positions() -> None:
    # Scores 3 3 3 2 1 1 1, labels 1 1 1 0 1 1 1: least-FP points (TP, FP) (0,0) (3,0) (6,1).
    # i = 1 (step 3, skew 0): recall 1/6, 2/6, 3/6 at precision 1 after position 1.
    # i = 2 (step 3, skew 1/3): recall 4/6, 5/6, 1 at precision 12/13, 15/17, 6/7, inserted
    # after position 2 of the grown list, i.e. inside the first block.  Trapezoids in list
    # order: 1/6 + 25/52 + 399/2652 + 207/1428 - 13/21 + 1/6 + 0 + 13/28 = 211/221
    # (ROCR 1.0-11 prints 0.9547511312217194).
    pred = rocr.prediction([3, 3, 3, 2, 1, 1, 1], [1, 1, 1, 0, 1, 1, 1])
    assert rocr.performance(pred, "aucpr") == Fraction(211, 221)


def test_label_ordering_names_the_positive_class() -> None:
    pred = rocr.prediction([0.9, 0.2], ["yes", "no"], label_ordering=("yes", "no"))
    assert pred.levels == ("yes", "no")
    assert rocr.performance(pred, "auc") == 0


@pytest.mark.parametrize(
    ("predictions", "labels", "measure"),
    [
        ([0.1, 0.2], [1, 1], "auc"),
        ([0.1, 0.2, 0.3], [0, 1, 2], "auc"),
        ([0.1, float("nan")], [0, 1], "auc"),
        ([0.1, 0.2], [0, 1], "prbe"),
    ],
)
def test_refusals(predictions: list[float], labels: list[int], measure: str) -> None:
    with pytest.raises(InvalidInputError):
        rocr.performance(rocr.prediction(predictions, labels), measure)


@pytest.mark.parametrize(
    ("labels", "ordering"), [([0, 0], [0, 1]), ([1, 1], [0, 1]), ([1, 1], [1, 0]), ([0, 1], [0, 2])]
)
@pytest.mark.parametrize("measure", ["auc", "aucpr"])
def test_label_ordering_needs_both_classes_present(
    labels: list[int], ordering: list[int], measure: str
) -> None:
    # ROCR 1.0-11 (Debian's r-cran-rocr), checked in R:
    #   prediction(c(0.1, 0.2), c(0, 0), label.ordering = c(0, 1))
    #   -> Error: Label ordering does not match class labels.
    # (the same for c(1, 1)); the twin refused none of these before and divided by zero on
    # "aucpr" with no positives.
    with pytest.raises(InvalidInputError, match="label_ordering"):
        rocr.performance(rocr.prediction([0.1, 0.2], labels, label_ordering=ordering), measure)
