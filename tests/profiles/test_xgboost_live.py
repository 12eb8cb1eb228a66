"""The xgboost twins against the installed xgboost (``-m xgboost``).

Run: ``pip install -e ".[test,xgboost]" && pytest -m xgboost tests/profiles``.  xgboost is
imported inside the tests only.  The metric is read as scripts/record_xgboost.py reads it
(a Booster with no trees predicting the base margin); bounds from
tests/profiles/xgbspark_bounds.py.
"""

from __future__ import annotations

import importlib.util
import math
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.errors import OneClassWarning
from rocpr_exact.profiles import xgboost as twin
from tests.profiles.test_xgboost import CASES, _inputs
from tests.profiles.xgbspark_bounds import (
    check_exact_sums,
    xgboost_auc_bound,
    xgboost_aucpr_bound,
)

pytestmark = pytest.mark.xgboost
SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "record_xgboost.py"


@pytest.fixture(scope="module")
def recorder() -> Any:
    pytest.importorskip("xgboost")
    if str(SCRIPT.parent) not in sys.path:  # the script imports scripts/recording.py
        sys.path.insert(0, str(SCRIPT.parent))
    spec = importlib.util.spec_from_file_location("record_xgboost", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _compare(recorder: Any, y: list[int], s: list[float], w: list[float] | None) -> None:
    check_exact_sums(w, "float32")
    live = recorder.evaluate(y, s, w)
    if live["auc"] == "nan":
        for metric in (twin.auc, twin.aucpr):
            with pytest.warns(
                OneClassWarning, match=re.escape(recorder.one_class_warning(y, s, w))
            ):
                assert math.isnan(metric(y, s, w))
        return
    parts = twin.segments(y, s, w)
    assert abs(float(twin.auc(y, s, w)) - float(live["auc"])) <= xgboost_auc_bound(parts)
    assert abs(float(twin.aucpr(y, s, w)) - float(live["aucpr"])) <= xgboost_aucpr_bound(parts)


@pytest.mark.parametrize("case", CASES, ids=[f"xgb{i}" for i in range(len(CASES))])
def test_the_record_is_what_xgboost_returns(recorder: Any, case: dict[str, Any]) -> None:
    assert recorder.evaluate(*_inputs(case)) == case["results"]


grid = st.sampled_from([0.0, 0.25, 0.5, 0.1, 0.3, 1.0, 0.5 + 2.0**-30, 1e-45, 0.75])
weights = st.sampled_from([0.0, 0.5, 1.0, 2.0, 0.1, 3.75, 12.25])


@given(
    st.integers(2, 60).flatmap(
        lambda n: st.tuples(
            st.lists(st.integers(0, 1), min_size=n, max_size=n),
            st.lists(grid | st.floats(-1e30, 1e30), min_size=n, max_size=n),
            st.none() | st.lists(weights, min_size=n, max_size=n),
        )
    )
)
def test_twins_match_xgboost_on_random_data(recorder: Any, case: Any) -> None:
    _compare(recorder, *case)
