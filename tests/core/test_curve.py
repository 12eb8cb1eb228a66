"""Curves from scores and from counts (Section 3): thresholds, ties, input types, bad input."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given

import rocpr_exact as rx
from tests.brute_force import threshold_counts
from tests.strategies import any_dataset


def counts(curve: rx.Curve) -> list[tuple[int, int]]:
    return [(p.tp, p.fp) for p in curve.points]


@given(any_dataset)
def test_points_match_a_brute_force_threshold_sweep(data: tuple[list[int], list[int]]) -> None:
    scores, labels = data
    curve = rx.Curve.from_scores(scores, labels)
    curve._check()
    assert counts(curve) == threshold_counts(scores, labels)
    assert curve.positives == sum(labels) and curve.negatives == len(labels) - sum(labels)
    assert len(curve.thresholds or ()) == len(set(scores))


@given(any_dataset)
def test_paper_thresholds_keep_exactly_the_class_changes(data: tuple[list[int], list[int]]) -> None:
    scores, labels = data
    full = counts(rx.Curve.from_scores(scores, labels))
    paper = counts(rx.Curve.from_scores(scores, labels, thresholds="paper"))
    assert set(paper) <= set(full) and paper[0] == (0, 0) and paper[-1] == full[-1]
    # A point is dropped only when it lies strictly inside a straight run of one class:
    # the steps before and after it both add only positives, or both only negatives.
    for i in range(1, len(full) - 1):
        (t0, f0), (t1, f1), (t2, f2) = full[i - 1], full[i], full[i + 1]
        straight = (f1 == f0 and f2 == f1) or (t1 == t0 and t2 == t1)
        assert (full[i] not in paper) == straight


def test_ties_form_one_threshold() -> None:
    # Scores 0.9 > 0.8 = 0.8 > 0.3 with labels 1, 1, 0, 0: the tie 0.8 is one diagonal step.
    curve = rx.Curve.from_scores([0.9, 0.8, 0.8, 0.3], [1, 1, 0, 0])
    assert counts(curve) == [(0, 0), (1, 0), (2, 1), (2, 2)]
    all_tied = rx.Curve.from_scores([5, 5, 5], [1, 0, 1])
    assert counts(all_tied) == [(0, 0), (2, 1)]


def test_every_score_type_is_taken_exactly() -> None:
    labels = [1, 0, 1, 0]
    # 0.1 (float) is 0.1000000000000000055511151231257827..., above Fraction(1, 10).
    mixed = [0.1, Fraction(1, 10), Decimal("0.1000000000000000055511151231257828"), 0]
    curve = rx.Curve.from_scores(mixed, labels)
    assert curve.thresholds == (
        Decimal("0.1000000000000000055511151231257828"),
        0.1,
        Fraction(1, 10),
        0,
    )
    assert counts(curve) == [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]
    # Equal values of different types are one tie: 1/2 == 0.5 == Decimal("0.50").
    tied = rx.Curve.from_scores([Fraction(1, 2), 0.5, Decimal("0.50"), 1], [1, 0, 1, 0])
    assert counts(tied) == [(0, 0), (0, 1), (2, 2)]


def test_numpy_arrays_and_bool_labels() -> None:
    scores = np.array([0.3, 0.7, 0.7, 0.1])
    labels = np.array([True, False, True, False])
    curve = rx.Curve.from_scores(scores, labels)
    assert counts(curve) == [(0, 0), (1, 1), (2, 1), (2, 2)]
    ints = rx.Curve.from_scores(np.array([3, 7, 7, 1], dtype=np.int64), [1, 0, 1, 0])
    assert counts(ints) == counts(curve)
    assert all(type(t) is not np.float64 for t in curve.thresholds or ())


def test_infinite_scores_are_ordered_scores() -> None:
    inf = Decimal("Infinity")
    curve = rx.Curve.from_scores([-inf, inf, 0.0, float("inf")], [0, 1, 1, 0])
    # +inf (Decimal) and +inf (float) tie at the top: one positive, one negative.
    assert counts(curve) == [(0, 0), (1, 1), (2, 1), (2, 2)]


@pytest.mark.parametrize(
    ("scores", "labels", "message"),
    [
        ([0.5, float("nan")], [1, 0], "index 1 is NaN"),
        ([Decimal("NaN")], [1], "Decimal NaN"),
        (["0.5"], [1], "scores must be numbers"),
        ([None], [1], "scores must be numbers"),
        ([1, 2], [1, 2], "label at index 1 is 2"),
        ([1, 2], [1, -1], "label at index 1 is -1"),
        ([1, 2], [1, 0.5], "label at index 1 is 0.5"),
        ([1, 2], ["yes", 0], "label at index 0 is 'yes'"),
        ([1, 2], [None, 0], "label at index 0 is None"),
        ([1, 2, 3], [1, 0], "differ in length \\(3 vs 2\\)"),
        ([], [], "empty"),
        ("12", [1, 0], "not a single string"),
        (5, [1], "must be an iterable"),
        (np.zeros((2, 2)), [1, 0], "one-dimensional"),
    ],
)
def test_bad_input_is_a_specific_error(scores: object, labels: object, message: str) -> None:
    with pytest.raises(rx.InvalidInputError, match=message):
        rx.Curve.from_scores(scores, labels)  # type: ignore[arg-type]


def test_bad_thresholds_option() -> None:
    with pytest.raises(rx.InvalidInputError, match="'all' or 'paper'"):
        rx.Curve.from_scores([1], [1], thresholds="some")  # type: ignore[arg-type]


def test_from_counts_sorts_adds_ends_and_checks_the_chain() -> None:
    curve = rx.Curve.from_counts([(10, 30), (5, 5), (5, 5)], positives=20, negatives=2000)
    assert counts(curve) == [(0, 0), (5, 5), (10, 30), (20, 2000)]
    assert curve == rx.Curve.from_counts(
        [rx.ConfusionMatrix.from_counts(5, 5, 20, 2000), (10, 30), (20, 2000), (0, 0)], 20, 2000
    )
    with pytest.raises(rx.InvalidInputError, match="cannot both lie on one curve"):
        rx.Curve.from_counts([(5, 10), (6, 3)], positives=20, negatives=2000)
    with pytest.raises(rx.InvalidInputError, match="tp must lie in"):
        rx.Curve.from_counts([(21, 0)], positives=20, negatives=2000)
    with pytest.raises(rx.InvalidInputError, match="does not have P = 20"):
        rx.Curve.from_counts([rx.ConfusionMatrix(1, 1, 1, 1)], positives=20, negatives=2000)
    with pytest.raises(rx.InvalidInputError, match="pair or a ConfusionMatrix"):
        rx.Curve.from_counts([(1, 2, 3)], positives=20, negatives=2000)  # type: ignore[list-item]


def test_curves_are_immutable_and_checked() -> None:
    curve = rx.Curve.from_scores([2, 1], [1, 0])
    with pytest.raises(AttributeError):
        curve.positives = 3  # type: ignore[misc]
    with pytest.raises(rx.InvalidInputError, match="strictly advance"):
        rx.Curve(1, 1, (0, 1, 0, 1), (0, 0, 1, 1))
    with pytest.raises(rx.InvalidInputError, match="runs from"):
        rx.Curve(1, 1, (0, 1), (0, 0))


def test_precision_at_by_hand() -> None:
    table1 = rx.Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    # On A=(5,5) -> B=(10,30), s = 5: TP = 6.5 has FP = 5 + 5 * 1.5 = 12.5, precision 6.5/19.
    assert table1.precision_at(Fraction(13, 40)) == Fraction(13, 38)
    # First segment (0,0) -> (5,5) has constant precision 1/2, so the limit at recall 0 is 1/2.
    assert table1.precision_at(0) == table1.precision_at(Fraction(1, 20)) == Fraction(1, 2)
    # Last segment (10,30) -> (20,2000) at recall 1: 20/2020.
    assert table1.precision_at(1) == Fraction(1, 101)
    # Negatives ranked first: the curve passes through (0, 1), limit precision 0.
    neg_first = rx.Curve.from_scores([3, 2, 1], [0, 1, 1])
    assert neg_first.precision_at(0) == 0
    # Vertical drop at recall 1/2: points (1,0) and (1,2); the upper value is 1/(1+0) = 1.
    drop = rx.Curve.from_counts([(1, 0), (1, 2)], positives=2, negatives=2)
    assert drop.precision_at(Fraction(1, 2)) == 1
    with pytest.raises(rx.InvalidInputError, match=r"\[0, 1\]"):
        drop.precision_at(2)
    with pytest.raises(rx.InvalidInputError, match="exact"):
        drop.precision_at(0.5)  # type: ignore[arg-type]
    with pytest.raises(rx.NoPositivesError):
        rx.Curve.from_scores([1], [0]).precision_at(0)


def test_numpy_longdouble_is_not_rounded_to_a_double() -> None:
    # 1/3 in extended precision differs from the double nearest to it: two thresholds.
    third = np.longdouble(1) / np.longdouble(3)
    nearest_double = np.longdouble(float(third))
    if third == nearest_double:  # pragma: no cover - platforms where longdouble is a double
        pytest.skip("longdouble has no extra precision here")
    curve = rx.Curve.from_scores(np.array([third, nearest_double]), [1, 0])
    assert counts(curve) == [(0, 0), (1, 0), (1, 1)]
    assert curve.thresholds == (
        Fraction(*third.as_integer_ratio()),
        Fraction(*nearest_double.as_integer_ratio()),
    )


def test_corner_curve_keeps_its_thresholds() -> None:
    # Scores 5, 4 (positives), 3 (negative), 2, 1 (positives): points (0,0), (1,0), (2,0), (2,1),
    # (3,1), (4,1). (1,0) and (3,1) lie inside straight runs, so the corners are (0,0), (2,0),
    # (2,1), (4,1), whose thresholds are the scores 4, 3 and 1.
    curve = rx.Curve.from_scores([5, 4, 3, 2, 1], [1, 1, 0, 1, 1])
    corners = curve.corners()
    assert counts(corners) == [(0, 0), (2, 0), (2, 1), (4, 1)]
    assert corners.thresholds == (4, 3, 1)
    fast = rx.Curve.from_scores(np.array([5, 4, 3, 2, 1]), np.array([1, 1, 0, 1, 1])).corners()
    assert fast.thresholds == (4, 3, 1)
