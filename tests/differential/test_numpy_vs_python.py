"""The vectorised path (numpy input, corners, rising steps) equals the plain Python path."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact.core import arraycounts as _arrays
from rocpr_exact.output.report import build_report
from tests.brute_force import pr_areas_plain, threshold_counts
from tests.strategies import any_dataset

Dataset = tuple[list[int], list[int]]


@given(any_dataset, st.sampled_from(["all", "paper"]))
def test_numpy_input_gives_the_same_curve(data: Dataset, thresholds: str) -> None:
    scores, labels = data
    plain = rx.Curve.from_scores(scores, labels, thresholds=thresholds)  # type: ignore[arg-type]
    fast = rx.Curve.from_scores(
        np.array(scores, dtype=np.float64),
        np.array(labels, dtype=np.int8),
        thresholds=thresholds,  # type: ignore[arg-type]
    )
    fast._check()
    assert fast == plain
    assert fast.thresholds == plain.thresholds
    assert fast.corner_index() == plain.corner_index()
    assert fast.rising_index() == plain.rising_index()


@given(
    st.lists(st.tuples(st.sampled_from([0.0, -0.0, 1.0, -1.0]), st.integers(0, 1)), min_size=1),
    st.sampled_from(["all", "paper"]),
)
def test_signed_zeros_are_one_score_written_as_the_first_given(
    rows: list[tuple[float, int]], thresholds: str
) -> None:
    # 0.0 == -0.0: one tie group; its threshold is the zero given first, on both paths
    scores, labels = [s for s, _ in rows], [y for _, y in rows]
    plain = rx.Curve.from_scores(scores, labels, thresholds=thresholds)  # type: ignore[arg-type]
    fast = rx.Curve.from_scores(
        np.array(scores),
        np.array(labels),
        thresholds=thresholds,  # type: ignore[arg-type]
    )
    assert fast == plain
    assert [repr(x) for x in fast.thresholds] == [repr(x) for x in plain.thresholds]
    zeros = [s for s in scores if s == 0]
    if zeros and (thresholds == "all" or 0.0 in plain.thresholds):
        assert repr(zeros[0]) in [repr(x) for x in fast.thresholds]


@given(any_dataset)
def test_areas_equal_the_textbook_sums_over_every_point(data: Dataset) -> None:
    scores, labels = data
    curve = rx.Curve.from_scores(np.array(scores), np.array(labels))
    expected = pr_areas_plain(threshold_counts(scores, labels), sum(labels))
    for method, value in expected.items():
        assert rx.auc_pr(curve, method) == value, method  # type: ignore[arg-type]


@given(any_dataset)
def test_corners_keep_the_polyline(data: Dataset) -> None:
    curve = rx.Curve.from_scores(*data)
    corners = curve.corners()
    corners._check()
    # Every dropped point lies on the segment between the corners around it.
    kept = set(curve.corner_index())
    for i in range(len(curve)):
        if i not in kept:
            tp, fp = curve.tps[i], curve.fps[i]
            assert corners.min_fp_at(tp) <= fp
    for method in ("davis-goadrich", "step", "linear"):
        full = pr_areas_plain(list(zip(curve.tps, curve.fps, strict=True)), curve.positives)
        assert rx.auc_pr(curve, method) == full[method]  # type: ignore[arg-type]


def test_int64_overflow_guard_falls_back_to_python_integers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = np.random.default_rng(7)
    scores, labels = rng.integers(0, 20, 500), rng.integers(0, 2, 500)
    expected = rx.Curve.from_scores(scores, labels)
    monkeypatch.setattr(_arrays, "INT64_CROSS", 0)  # pretend n**2 could overflow int64
    guarded = rx.Curve.from_scores(scores, labels)
    assert guarded.corner_index() == expected.corner_index()
    assert guarded.rising_index() == expected.rising_index()


def test_numpy_bad_input() -> None:
    with pytest.raises(rx.InvalidInputError, match="index 1 is NaN"):
        rx.Curve.from_scores(np.array([0.1, np.nan]), np.array([1, 0]))
    with pytest.raises(rx.InvalidInputError, match="label at index 0 is 2"):
        rx.Curve.from_scores(np.array([0.1, 0.2]), np.array([2, 0]))
    with pytest.raises(rx.InvalidInputError, match="differ in length"):
        rx.Curve.from_scores(np.array([0.1, 0.2]), np.array([1]))
    with pytest.raises(rx.InvalidInputError, match="empty"):
        rx.Curve.from_scores(np.array([]), np.array([]))


@given(any_dataset)
def test_continuous_on_every_point_equals_continuous_on_the_corners(data: Dataset) -> None:
    from rocpr_exact.areas.auc import continuous_area

    curve = rx.Curve.from_scores(*data)
    # Interior points of a straight run add log terms that cancel exactly.
    assert continuous_area(curve, Fraction(0)) == rx.auc_pr(curve, "continuous")
    assert continuous_area(curve, Fraction(0)).terms == rx.auc_pr(curve, "continuous").terms  # type: ignore[union-attr]


@pytest.mark.parametrize("ties", [False, True])
def test_whole_report_from_numpy_equals_the_plain_python_path(ties: bool) -> None:
    rng = np.random.default_rng(2006)
    labels = (rng.random(20_000) < 0.01).astype(np.int8)
    scores = rng.random(20_000) + 0.35 * labels
    if ties:
        scores = np.round(scores, 2)
    fast = build_report(rx.Curve.from_scores(scores, labels), digits=40)
    plain = build_report(rx.Curve.from_scores(scores.tolist(), labels.tolist()), digits=40)
    assert fast == plain


def test_parallel_mixed_steps_are_one_straight_run() -> None:
    # Tie groups (1 positive, 1 negative), (1 positive, 1 negative), then 1 positive: points
    # (0,0), (1,1), (2,2), (3,2). The steps into and out of (1,1) are both (1,1): it is not a
    # corner (cross product 1*1 - 1*1 = 0); (2,2) is (steps (1,1) then (1,0): 1*0 - 1*1 != 0).
    scores, labels = [3, 3, 2, 2, 1], [1, 0, 1, 0, 1]
    for curve in (
        rx.Curve.from_scores(scores, labels),
        rx.Curve.from_scores(np.array(scores), np.array(labels)),
    ):
        assert curve.corner_index() == (0, 2, 3)
        assert curve.rising_index() == (1, 2, 3)


def test_numpy_input_honours_paper_thresholds() -> None:
    # Scores 4, 3 (positives), 2, 1 (negatives): "paper" keeps only the class change, so
    # (1, 0) and (2, 1) go: points (0,0), (2,0), (2,2).
    scores, labels = np.array([4, 3, 2, 1]), np.array([1, 1, 0, 0])
    paper = rx.Curve.from_scores(scores, labels, thresholds="paper")
    assert (paper.tps, paper.fps) == ((0, 2, 2), (0, 0, 2))
    assert len(rx.Curve.from_scores(scores, labels)) == 5
