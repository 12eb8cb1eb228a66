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
        ([0, 0.5], [0.1, 0.2], None, "0 and 1"),
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
