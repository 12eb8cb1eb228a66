"""The xgboost twins: against xgboost's recorded outputs, a brute force and the PRROC profile.

tests/data/xgboost_recorded.json holds what xgboost 3.2.0 returned on fixed inputs
(scripts/record_xgboost.py); the bounds are in tests/profiles/xgbspark_bounds.py.  The
independent checks need no xgboost: ``auc`` is the weighted Mann-Whitney statistic on the
float32 scores (every pair counted), and unweighted ``aucpr`` is PRROC's
``auc.integral`` (the same continuous interpolation from recall 0, computed by the core).
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.errors import InvalidInputError, OneClassWarning
from rocpr_exact.profiles import profile_metric
from rocpr_exact.profiles import xgboost as twin
from tests.profiles.xgbspark_bounds import (
    check_exact_sums,
    xgboost_auc_bound,
    xgboost_aucpr_bound,
)

DATA = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "xgboost_recorded.json").read_text()
)
CASES = DATA["cases"]


def _inputs(case: dict[str, Any]) -> tuple[list[int], list[float], list[float] | None]:
    weights = case["sample_weight"]
    return (
        case["y_true"],
        [float(s) for s in case["y_score"]],
        None if weights is None else [float(w) for w in weights],
    )


@pytest.mark.parametrize("case", CASES, ids=[f"xgb{i}" for i in range(len(CASES))])
def test_twin_matches_recorded_xgboost(case: dict[str, Any]) -> None:
    y, s, w = _inputs(case)
    check_exact_sums(w, "float32")
    recorded = case["results"]
    if recorded["auc"] == "nan":
        assert recorded["aucpr"] == "nan"
        for metric in (twin.auc, twin.aucpr):  # xgboost's nan, with its warning
            with pytest.warns(OneClassWarning, match="contains only positive or negative"):
                assert math.isnan(metric(y, s, w))
        return
    parts = twin.segments(y, s, w)
    assert abs(float(twin.auc(y, s, w)) - float(recorded["auc"])) <= xgboost_auc_bound(parts)
    gap = abs(float(twin.aucpr(y, s, w)) - float(recorded["aucpr"]))
    assert gap <= xgboost_aucpr_bound(parts)


def test_the_record_names_its_tool_and_covers_the_cases() -> None:
    assert "xgboost-cpu" in DATA["versions"]
    assert len(CASES) >= 25
    assert sum(case["results"]["auc"] == "nan" for case in CASES) >= 3
    assert sum(case["sample_weight"] is not None for case in CASES) >= 8


def _float32(values: list[float]) -> list[Fraction]:
    return [Fraction(v) for v in np.asarray(values).astype("float32").tolist()]


def _mann_whitney(y: list[int], s: list[float], w: list[float] | None) -> Fraction:
    """Sum over (positive, negative) pairs of w+ w- [s+ > s-] (1/2 when tied), normalised."""
    scores = _float32(s)
    weights = [Fraction(1)] * len(y) if w is None else _float32(w)
    ordered = tied = Fraction(0)
    for i, label in enumerate(y):
        for j, other in enumerate(y):
            if label == 1 and other == 0:
                pair = weights[i] * weights[j]
                ordered += pair if scores[i] > scores[j] else 0
                tied += pair if scores[i] == scores[j] else 0
    positives = sum(weights[i] for i in range(len(y)) if y[i] == 1)
    negatives = sum(weights[i] for i in range(len(y)) if y[i] == 0)
    return (ordered + tied / 2) / (positives * negatives)


SMALL = [c for c in CASES if len(c["y_true"]) <= 300 and c["results"]["auc"] != "nan"]


@pytest.mark.parametrize("case", SMALL, ids=[f"xgb{i}" for i in range(len(SMALL))])
def test_auc_is_the_weighted_mann_whitney_statistic(case: dict[str, Any]) -> None:
    assert twin.auc(*_inputs(case)) == _mann_whitney(*_inputs(case))


@pytest.mark.parametrize("case", SMALL, ids=[f"xgb{i}" for i in range(len(SMALL))])
def test_unweighted_aucpr_is_prroc_integral_on_float32_scores(case: dict[str, Any]) -> None:
    y, s, _ = _inputs(case)
    assert twin.aucpr(y, s) == profile_metric("prroc", "auc_integral", (_float32(s), y))


grid = st.sampled_from([0.0, 0.25, 0.5, 0.1, 0.3, 1.0, 0.5 + 2.0**-30, 1e-45])
data = st.integers(2, 25).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n),
        st.lists(grid | st.floats(-1e6, 1e6), min_size=n, max_size=n),
        st.lists(st.integers(0, 4), min_size=n, max_size=n),
    )
)


@given(data)
def test_integer_weights_are_replicated_rows(
    case: tuple[list[int], list[float], list[int]],
) -> None:
    y, s, w = case
    y[0], y[1], w[0], w[1] = 0, 1, max(w[0], 1), max(w[1], 1)
    rows = [(yi, si) for yi, si, wi in zip(y, s, w, strict=True) for _ in range(wi)]
    y_rep, s_rep = [r[0] for r in rows], [r[1] for r in rows]
    assert twin.auc(y, s, w) == twin.auc(y_rep, s_rep) == _mann_whitney(y, s, [float(x) for x in w])
    assert twin.aucpr(y, s, w) == twin.aucpr(y_rep, s_rep)


#: Soft labels: dyadic ones (w * label is then a float32, so the split rows can be given to
#: the twin as weights) and 0.1, 1/3 (the brute force only)
DYADIC = [0.0, 1.0, 0.5, 0.25, 0.75, 0.125]
soft = st.sampled_from([*DYADIC, 0.1, 1 / 3])


def _split_mann_whitney(y: list[float], s: list[float], w: list[int]) -> Fraction | None:
    """The weighted Mann-Whitney statistic (ties 1/2) of the examples split in two: a positive
    of weight w y and a negative of weight w (1 - y), y and the scores as float32."""
    labels, scores = _float32(y), _float32(s)
    pos = [(sc, wi * yi) for sc, wi, yi in zip(scores, w, labels, strict=True)]
    neg = [(sc, wi * (1 - yi)) for sc, wi, yi in zip(scores, w, labels, strict=True)]
    total = sum(a * b * (1 if p > n else Fraction(1, 2) if p == n else 0)
                for p, a in pos for n, b in neg)  # fmt: skip
    positives, negatives = sum(a for _, a in pos), sum(b for _, b in neg)
    return None if positives == 0 or negatives == 0 else total / (positives * negatives)


@given(data.flatmap(lambda c: st.tuples(st.just(c), st.lists(soft, min_size=len(c[0]),
                                                             max_size=len(c[0])))))  # fmt: skip
def test_a_soft_label_is_a_positive_and_a_negative_of_split_weight(
    case: tuple[tuple[list[int], list[float], list[int]], list[float]],
) -> None:
    # src/metric/auc.cc (BinaryAUC): tp += w * label, fp += w * (1 - label); so an example of
    # label y (as float32) and weight w is a positive of weight w y and a negative of weight
    # w (1 - y) at the same prediction
    (_, s, w), y = case
    expected = _split_mann_whitney(y, s, w)
    if expected is None:
        return  # xgboost's nan (tested below)
    assert twin.auc(y, s, w) == expected
    if all(v in DYADIC for v in y):  # the split rows as 0/1 examples given to the twin
        rows = [(1, si, wi * yi) for si, wi, yi in zip(s, w, y, strict=True)]
        rows += [(0, si, wi * (1 - yi)) for si, wi, yi in zip(s, w, y, strict=True)]
        split = [r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows]
        assert twin.aucpr(y, s, w) == twin.aucpr(*split)


def test_soft_labels_recorded() -> None:
    # xgboost 3.2.0 on labels 0, 0.5, predictions 0.2, 0.3 (tests/data/xgboost_vector_results
    # .json, cases 13 and 27: 0.83333333333333337 and 0.5).  By hand: the 0.3 example is a
    # positive and a negative of weight 1/2, so P = 1/2, N = 3/2; the positive beats the
    # negative at 0.2 (1/2 * 1) and ties the one at 0.3 (1/2 * 1/2 * 1/2): AUC
    # (1/2 + 1/8) / (3/4) = 5/6.  PR: one segment from (0, 0) to (tp, fp) = (1/2, 1/2), so
    # precision 1/2 at every recall: 1/2.
    assert twin.auc([0, 0.5], [0.2, 0.3]) == Fraction(5, 6)
    assert twin.aucpr([0, 0.5], [0.2, 0.3]) == Fraction(1, 2)


def test_float32_collisions_are_ties() -> None:
    # 0.5 + 2**-30 is 0.5 in float32: one tie group, so the pair counts 1/2
    assert twin.auc([1, 0], [0.5 + 2.0**-30, 0.5]) == Fraction(1, 2)
    assert twin.auc([1, 0], [0.5 + 2.0**-20, 0.5]) == 1


@pytest.mark.parametrize(
    ("y", "s", "w", "message"),
    [
        ([], [], None, "empty"),
        ([0, 1], [0.1], None, "has 1 values"),
        ([0, 2], [0.1, 0.2], None, "0 and 1"),
        ([0, -0.5], [0.1, 0.2], None, "0 and 1"),
        ([0, float("nan")], [0.1, 0.2], None, r"\[0, 1\]"),
        ([0, 1], [0.1, float("nan")], None, "NaN"),
        ([0, 1], [0.1, 1e39], None, "infinity"),
        ([0, 1], ["a", "b"], None, "numbers"),
        ([0, 1], [0.1, 0.2], [1, -1], "negative"),
        ([0, 1], [0.1, 0.2], [1], "one number per example"),
        ([[0, 1]], [[0.1, 0.2]], None, "1-D"),
    ],
)
def test_refusals(y: Any, s: Any, w: Any, message: str) -> None:
    for metric in (twin.auc, twin.aucpr):
        with pytest.raises(InvalidInputError, match=message):
            metric(y, s, w)


def test_missing_classes_give_xgboosts_nan_and_warning() -> None:
    with pytest.warns(OneClassWarning, match="xgboost 3.2.0: Dataset is empty, or contains only"):
        assert math.isnan(twin.aucpr([0, 0], [0.1, 0.2]))
    with pytest.warns(OneClassWarning, match="contains only positive or negative samples"):
        assert math.isnan(twin.auc([0, 1], [0.1, 0.2], [0, 1]))
