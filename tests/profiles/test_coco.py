"""The COCO AP twin against pycocotools' COCOeval itself, value for value.

Each dataset is one image with ``num_gt`` disjoint ground-truth boxes; a matched
detection sits exactly on a ground truth of its own (IoU 1), an unmatched one far
from every box, so COCOeval's matching is known in advance.  COCOeval's
``precision[0, :, 0, 0, 2]`` (IoU 0.5, the category, area "all", maxDets 100) must equal
the twin's 101 doubles bit for bit, and the twin's AP their exact mean.
"""

from __future__ import annotations

import contextlib
import io
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact.errors import InvalidInputError, OneClassWarning
from rocpr_exact.exact.binary64 import round_binary64
from rocpr_exact.profiles.coco import (
    RECALL_THRESHOLDS,
    VERSION,
    average_precision,
    precision_at_recall_thresholds,
)
from tests.strategies import examples

np = pytest.importorskip("numpy")
coco = pytest.importorskip("pycocotools.coco")
cocoeval = pytest.importorskip("pycocotools.cocoeval")


def cocoeval_row(scores: list[float], matched: list[bool], num_gt: int) -> list[float]:
    gts = [
        {
            "id": j + 1,
            "image_id": 1,
            "category_id": 1,
            "bbox": [20 * j, 0, 10, 10],
            "area": 100,
            "iscrowd": 0,
        }
        for j in range(num_gt)
    ]
    dts, next_gt = [], 0
    for score, hit in zip(scores, matched, strict=True):
        if hit:
            box = [20 * next_gt, 0, 10, 10]
            next_gt += 1
        else:
            box = [20 * num_gt + 1000, 500, 10, 10]
        dts.append({"image_id": 1, "category_id": 1, "bbox": box, "score": score})
    ground = coco.COCO()
    ground.dataset = {"images": [{"id": 1}], "annotations": gts, "categories": [{"id": 1}]}
    with contextlib.redirect_stdout(io.StringIO()):
        ground.createIndex()
        detections = ground.loadRes(dts)
        evaluation = cocoeval.COCOeval(ground, detections, "bbox")
        evaluation.evaluate()
        evaluation.accumulate()
    return [float(v) for v in evaluation.eval["precision"][0, :, 0, 0, 2]]


@st.composite
def detections(draw: st.DrawFn) -> tuple[list[float], list[bool], int]:
    num_gt = draw(st.integers(1, 12))
    hits = draw(st.integers(0, num_gt))
    misses = draw(st.integers(0 if hits else 1, 20))  # loadRes needs one detection
    matched = draw(st.permutations([True] * hits + [False] * misses))
    # Scores from a small set, so ties (kept in input order by COCOeval's mergesort) are common.
    scores = draw(
        st.lists(
            st.sampled_from([0.1, 0.3, 0.5, 0.7, 0.9, 0.95]),
            min_size=len(matched),
            max_size=len(matched),
        )
    )
    return scores, list(matched), num_gt


@settings(max_examples=examples(Fraction(1, 2)), deadline=None)
@given(detections())
def test_matches_cocoeval_bit_for_bit(case: tuple[list[float], list[bool], int]) -> None:
    scores, matched, num_gt = case
    expected = cocoeval_row(scores, matched, num_gt)
    row = precision_at_recall_thresholds(scores, matched, num_gt)
    assert [Fraction(v) for v in expected] == list(row)
    assert average_precision(scores, matched, num_gt) == sum(row, Fraction(0)) / 101
    assert abs(float(average_precision(scores, matched, num_gt)) - float(np.mean(expected))) < 1e-15


def test_grid_and_rounding_helper() -> None:
    assert [Fraction(float(v)) for v in np.linspace(0.0, 1.0, 101)] == list(RECALL_THRESHOLDS)
    # round_binary64 against CPython's correctly rounded Fraction -> float, on awkward values.
    for value in (Fraction(7, 100), Fraction(1, 3), Fraction(2**53 + 1), Fraction(1, 2**1075) * 3):
        assert round_binary64(value) == Fraction(float(value))


@pytest.mark.parametrize("scores", [[0.5], [0.9, 0.3, 0.3]])
def test_no_ground_truth_gives_cocoeval_minus_one_with_a_warning(scores: list[float]) -> None:
    # COCOeval itself: the category without ground truth keeps precision -1, silently
    expected = cocoeval_row(scores, [False] * len(scores), 0)
    assert expected == [-1.0] * 101
    with pytest.warns(OneClassWarning, match="num_gt = 0.*stays -1") as said:
        row = precision_at_recall_thresholds(scores, [False] * len(scores), 0)
        area = average_precision(scores, [False] * len(scores), 0)
    assert [Fraction(v) for v in expected] == list(row) and area == -1
    assert all(str(w.message).startswith(f"{VERSION}: ") for w in said)


def test_refusals() -> None:
    with pytest.raises(InvalidInputError, match="num_gt = 0"):
        average_precision([0.5], [True], 0)
    with pytest.raises(InvalidInputError, match="same length"):
        average_precision([0.5, 0.4], [True], 1)
    with pytest.raises(InvalidInputError, match="matched at index 0"):
        average_precision([0.5], [2], 1)
    with pytest.raises(InvalidInputError, match="num_gt must be an int"):
        average_precision([0.5], [True], -1)
    # Scores that are no numbers, NaN, None or infinities: one clear refusal (they were a bare
    # ValueError / OverflowError from float conversion).
    for scores in ([float("nan"), 0.5], [float("inf"), 0.5], [None, 0.5]):
        with pytest.raises(InvalidInputError, match="scores contains NaN or infinity"):
            average_precision(scores, [True, False], 1)
    with pytest.raises(InvalidInputError, match="scores must be an array of numbers"):
        average_precision(["a", 0.5], [True, False], 1)
