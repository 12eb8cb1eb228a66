"""The PASCAL VOC AP twin against a float64 run of the devkit's algorithm.

No maintained package ships ``voc_eval``, so the reference here is the devkit's published
procedure (``VOCevaldet.m`` / ``voc_eval.py``: cumulative TP/FP, rec = tp/npos,
prec = tp/max(tp + fp, eps), then the 11-point mean over ``np.arange(0, 1.1, 0.1)`` or the
area under the precision envelope where recall changes) run in numpy float64.  The twin's
exact value must agree to within the reference's own rounding (sums of at most n products:
relative 1e-13 is generous), and the hand-derived cases exactly.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact.errors import InvalidInputError, OneClassWarning
from rocpr_exact.profiles.voc import ELEVEN_POINTS, VERSION, average_precision
from tests.strategies import examples

np = pytest.importorskip("numpy")


def devkit(scores: list[float], labels: list[int], npos: int, use_07: bool) -> float:
    order = np.argsort(-np.asarray(scores, dtype=np.float64), kind="stable")
    hits = np.asarray(labels)[order]
    tp = np.cumsum(hits == 1).astype(np.float64)
    fp = np.cumsum(hits == 0).astype(np.float64)
    rec = tp / float(npos)
    prec = tp / np.maximum(tp + fp, np.finfo(np.float64).eps)
    if use_07:
        ap = 0.0
        for t in np.arange(0.0, 1.1, 0.1):
            ap += (np.max(prec[rec >= t]) if np.sum(rec >= t) else 0.0) / 11.0
        return float(ap)
    mrec = np.concatenate(([0.0], rec, [1.0]))
    mpre = np.concatenate(([0.0], prec, [0.0]))
    for i in range(mpre.size - 1, 0, -1):
        mpre[i - 1] = max(mpre[i - 1], mpre[i])
    i = np.where(mrec[1:] != mrec[:-1])[0]
    return float(np.sum((mrec[i + 1] - mrec[i]) * mpre[i + 1]))


@settings(max_examples=examples(1), deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 1)), min_size=1, max_size=60),
    st.integers(0, 5),
    st.booleans(),
)
def test_matches_the_devkit_procedure(
    rows: list[tuple[int, int]], extra_gt: int, use_07: bool
) -> None:
    scores = [s / 1000 for s, _ in rows]  # ties happen; both sides keep tied rows in order
    labels = [y for _, y in rows]
    npos = sum(labels) + extra_gt
    if npos == 0:
        return
    ours = average_precision(scores, labels, npos, use_07_metric=use_07)
    reference = devkit(scores, labels, npos, use_07)
    assert abs(float(ours) - reference) <= 1e-13 * max(reference, 1e-300) + 1e-300


def test_hand_cases_and_the_grid() -> None:
    # TP, FP, TP, npos 2: all points 1/2 * 1 + 1/2 * fl(2/3) (module docstring).
    two_thirds = Fraction(2 / 3)
    assert average_precision([0.9, 0.8, 0.7], [1, 0, 1]) == Fraction(1, 2) + two_thirds / 2
    # 11 points: t = 0 .. 0.5 (6 of them) read 1, t = 0.6 .. 1.0 (5) read fl(2/3).
    assert (
        average_precision([0.9, 0.8, 0.7], [1, 0, 1], use_07_metric=True)
        == (6 + 5 * two_thirds) / 11
    )
    assert [Fraction(float(t)) for t in np.arange(0.0, 1.1, 0.1)] == list(ELEVEN_POINTS)
    # Only false positives: recall stays 0, AP 0 (the envelope is 0 where recall moves).
    assert average_precision([0.5, 0.4], [0, 0], num_gt=3) == 0


@pytest.mark.parametrize("use_07", [False, True])
@pytest.mark.parametrize("scores", [[], [0.5], [0.9, 0.4, 0.4]])
def test_no_ground_truth_gives_the_devkits_value_with_a_warning(
    scores: list[float], use_07: bool
) -> None:
    # the devkit's procedure itself: rec = 0 / 0. is nan (numpy warns when there is a
    # detection); all points sum nan * 0 (nan), 11 points find no rec >= t (0)
    with warnings.catch_warnings(record=True) as numpy_said:
        warnings.simplefilter("always")
        reference = devkit(scores, [0] * len(scores), 0, use_07)
    assert [str(w.message) for w in numpy_said] == (
        ["invalid value encountered in divide"] if scores else []
    )
    with pytest.warns(OneClassWarning, match="num_gt = 0") as said:
        ours = average_precision(scores, [0] * len(scores), 0, use_07_metric=use_07)
    assert all(str(w.message).startswith(f"{VERSION}: ") for w in said)
    if math.isnan(reference):
        assert scores and not use_07 and isinstance(ours, float) and math.isnan(ours)
    else:
        assert reference == 0 and ours == Fraction(0)
    if scores:
        assert any("invalid value encountered in divide" in str(w.message) for w in said)


def test_refusals() -> None:
    with pytest.raises(InvalidInputError, match="num_gt must be an int >= the number"):
        average_precision([0.5], [1], num_gt=0)
    with pytest.raises(InvalidInputError, match="num_gt must be an int >= the number"):
        average_precision([0.5, 0.4], [1, 1], num_gt=1)
    with pytest.raises(InvalidInputError, match="same length"):
        average_precision([0.5], [1, 0])
    with pytest.raises(InvalidInputError, match="labels at index 1"):
        average_precision([0.5, 0.4], [1, 2])
    for scores in ([float("nan"), 0.5], [float("inf"), 0.5], [None, 0.5]):
        with pytest.raises(InvalidInputError, match="scores contains NaN or infinity"):
            average_precision(scores, [1, 0])
    with pytest.raises(InvalidInputError, match="scores must be an array of numbers"):
        average_precision(["a", 0.5], [1, 0])
