"""The multiclass and search twins against the installed torchmetrics, random inputs (-m torch).

Run: ``pip install torch==2.13.0 && pip install -e ".[test,torch]" && pytest -m torch
tests/profiles``.  torch is imported inside the tests only.  Bounds as in
tests/profiles/test_torchmetrics_recorded.py: a search's rate within u (2u for a specificity)
and its threshold bit for bit; a multiclass score within (n + 2C + 10) u.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.profiles.torchmetrics import fixed, multiclass
from tests.strategies import multiclass_rows

pytestmark = [pytest.mark.torch, pytest.mark.filterwarnings("ignore::UserWarning")]
U = 2.0**-24
GRID = [0.0, 0.25, 0.5, 0.75, 1.0, 0.1, 0.3, 0.7]
scores = st.one_of(
    st.sampled_from(GRID),
    st.floats(0, 1),
    st.integers(0, 20).map(lambda i: i / 20),
    st.sampled_from([0.1 + 1e-9, 0.1 - 1e-9, 0.7 + 3e-9]),  # collide in float32
)
grids = st.one_of(
    st.none(),
    st.integers(2, 200),
    st.lists(st.sampled_from(GRID) | st.floats(0, 1), min_size=1, max_size=10),
)
minima = st.sampled_from([0.0, 0.1, 0.25, 1 / 3, 0.5, 0.9, 1.0]) | st.floats(0, 1)


@pytest.fixture(scope="module")
def tm() -> Any:
    pytest.importorskip("torch")
    return pytest.importorskip("torchmetrics.functional.classification")


def _close(exact: Any, got: float, bound: float) -> None:
    if exact is None:
        assert math.isnan(got)
    else:
        assert abs(float(exact) - got) <= bound, (float(exact), got, bound)


@st.composite
def binary_data(draw: Any) -> tuple[list[float], list[int]]:
    n = draw(st.integers(2, 40))
    preds = draw(st.lists(scores, min_size=n, max_size=n))
    target = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    target[0], target[1] = 0, 1
    return preds, target


@given(data=binary_data(), thresholds=grids, minimum=minima, float64=st.booleans())
def test_searches(tm: Any, data: Any, thresholds: Any, minimum: float, float64: bool) -> None:
    import torch

    preds, target = data
    tensor = torch.tensor(preds, dtype=torch.float64 if float64 else torch.float32)
    given_preds: Any = np.array(preds, dtype=np.float64) if float64 else preds
    for name in [n for n in fixed.__all__ if n.startswith("binary_")]:
        got = getattr(tm, name)(tensor, torch.tensor(target), minimum, thresholds=thresholds)
        twin = getattr(fixed, name)(given_preds, target, minimum, thresholds=thresholds)
        _close(twin[0], got[0].item(), 2 * U if "specificity_at" in name else U)
        if twin[1] is None:
            assert math.isnan(got[1].item())
        else:
            assert float(twin[1]) == got[1].item()


multiclass_data = multiclass_rows(scores, 5, 40)


@given(
    data=multiclass_data,
    thresholds=grids,
    average=st.sampled_from(["macro", "weighted", None]),
    float64=st.booleans(),
)
def test_multiclass(tm: Any, data: Any, thresholds: Any, average: Any, float64: bool) -> None:
    import torch

    preds, target, classes = data
    tensor = torch.tensor(preds, dtype=torch.float64 if float64 else torch.float32)
    given_preds: Any = np.array(preds, dtype=np.float64) if float64 else preds
    n = (
        len(target)
        if thresholds is None
        else (thresholds if isinstance(thresholds, int) else len(thresholds))
    )
    bound = (n + 1 + 2 * classes + 10) * U
    for name in multiclass.__all__:
        got = getattr(tm, name)(
            tensor, torch.tensor(target), classes, average=average, thresholds=thresholds
        )
        twin = getattr(multiclass, name)(
            given_preds, target, classes, average=average, thresholds=thresholds
        )
        values = twin if isinstance(twin, tuple) else (twin,)
        floats = got.reshape(-1).tolist()
        assert len(values) == len(floats)
        for value, x in zip(values, floats, strict=True):
            _close(value, x, bound)


@given(data=multiclass_data, thresholds=grids, minimum=minima, float64=st.booleans())
@example(data=([[0.0, 0.0]], [0], 2), thresholds=None, minimum=1.2e-117, float64=True)
def test_multiclass_searches(
    tm: Any, data: Any, thresholds: Any, minimum: float, float64: bool
) -> None:
    import torch

    preds, target, classes = data
    tensor = torch.tensor(preds, dtype=torch.float64 if float64 else torch.float32)
    given_preds: Any = np.array(preds, dtype=np.float64) if float64 else preds
    for name in [n for n in fixed.__all__ if n.startswith("multiclass_")]:
        try:
            values, cuts = getattr(fixed, name)(
                given_preds, target, classes, minimum, thresholds=thresholds
            )
        except InvalidInputError:  # an absent class with min_precision 0: torch fails
            with pytest.raises(IndexError):
                getattr(tm, name)(
                    tensor, torch.tensor(target), classes, minimum, thresholds=thresholds
                )
            continue
        got = getattr(tm, name)(
            tensor, torch.tensor(target), classes, minimum, thresholds=thresholds
        )
        for value, x in zip(values, got[0].tolist(), strict=True):
            _close(value, x, 2 * U if "specificity_at" in name else U)
        for t, x in zip(cuts, got[1].tolist(), strict=True):
            assert math.isnan(x) if t is None else float(t) == x
