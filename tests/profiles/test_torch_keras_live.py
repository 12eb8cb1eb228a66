"""The torchmetrics and keras twins against the installed tools, on random inputs (``-m torch``).

Run: ``pip install -e ".[test,torch,keras]" && KERAS_BACKEND=torch pytest -m torch tests/profiles``.
torch and keras are imported inside the tests only, so the default run never loads them.
Bounds as in tests/profiles/test_torch_keras_recorded.py: u = 2**-24, (n + 8) u for a score
of n curve points (2/m more with max_fpr), u for a rate, thresholds bit for bit.
"""

from __future__ import annotations

import math
import os
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.profiles import keras as exact_keras
from rocpr_exact.profiles import torchmetrics as exact_tm

pytestmark = pytest.mark.torch
U = 2.0**-24

GRID = [0.0, 0.25, 0.5, 0.75, 1.0, 0.1, 0.3, 0.7]
scores = st.one_of(st.sampled_from(GRID), st.floats(0, 1), st.integers(0, 20).map(lambda i: i / 20))


@st.composite
def binary_data(draw: Any, max_size: int = 40) -> tuple[list[float], list[int]]:
    n = draw(st.integers(2, max_size))
    preds = draw(st.lists(scores, min_size=n, max_size=n))
    target = draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    target[0], target[1] = 0, 1
    return preds, target


tm_thresholds = st.one_of(
    st.none(),
    st.integers(2, 300),
    st.lists(st.sampled_from(GRID) | st.floats(0, 1), min_size=1, max_size=12),
)


@pytest.fixture(scope="module")
def tm() -> Any:
    pytest.importorskip("torch")
    return pytest.importorskip("torchmetrics.functional.classification")


@pytest.fixture(scope="module")
def keras() -> Any:
    os.environ.setdefault("KERAS_BACKEND", "torch")
    return pytest.importorskip("keras")


def _close(exact: Any, got: float, bound: float) -> None:
    assert abs(float(exact) - got) <= bound, (float(exact), got, bound)


@given(n=st.integers(2, 100_000))
def test_linspace_grid(n: int) -> None:
    torch = pytest.importorskip("torch")
    grid = torch.linspace(0, 1, n).tolist()
    assert [float(t) for t in exact_tm.linspace_grid(n)] == grid


@given(data=binary_data(), thresholds=tm_thresholds, float64=st.booleans())
def test_torchmetrics_curves(tm: Any, data: Any, thresholds: Any, float64: bool) -> None:
    import torch

    preds, target = data
    tensor = torch.tensor(preds, dtype=torch.float64 if float64 else torch.float32)
    given_preds: Any = np.array(preds, dtype=np.float64) if float64 else preds
    for name in ("binary_roc", "binary_precision_recall_curve"):
        got = getattr(tm, name)(tensor, torch.tensor(target), thresholds=thresholds)
        twin = getattr(exact_tm, name)(given_preds, target, thresholds=thresholds)
        assert [len(part) for part in twin] == [len(part) for part in got]
        for values, floats in zip(twin[:2], got[:2], strict=True):
            for value, x in zip(values, floats.tolist(), strict=True):
                assert math.isnan(x) if value is None else abs(float(value) - x) <= U
        assert [float(t) for t in twin[2]] == got[2].tolist()


@given(data=binary_data(), thresholds=tm_thresholds, max_fpr=st.none() | st.floats(0.05, 1))
def test_torchmetrics_scores(tm: Any, data: Any, thresholds: Any, max_fpr: Any) -> None:
    import torch

    preds, target = data
    tensors = torch.tensor(preds), torch.tensor(target)
    n = len(exact_tm.binary_roc(preds, target, thresholds=thresholds)[0])
    try:
        twin = exact_tm.binary_auroc(preds, target, max_fpr=max_fpr, thresholds=thresholds)
    except InvalidInputError as error:  # refused: unsorted thresholds, or torch's IndexError
        assert "max_fpr" in str(error)
        if "last fpr" in str(error):
            with pytest.raises(IndexError):
                tm.binary_auroc(*tensors, max_fpr=max_fpr, thresholds=thresholds)
        return
    got = tm.binary_auroc(*tensors, max_fpr=max_fpr, thresholds=thresholds).item()
    _close(twin, got, (n + 8) * U * (2 / max_fpr if max_fpr else 1))
    got = tm.binary_average_precision(*tensors, thresholds=thresholds).item()
    _close(
        exact_tm.binary_average_precision(preds, target, thresholds=thresholds), got, (n + 8) * U
    )


keras_options = st.one_of(
    st.just({}),
    st.integers(2, 300).map(lambda t: {"num_thresholds": t}),
    st.lists(st.floats(0, 1), min_size=1, max_size=10).map(lambda t: {"thresholds": t}),
    st.integers(3, 30).map(lambda k: {"thresholds": [i / (k - 1) for i in range(1, k - 1)]}),
)
weights = st.none() | st.sampled_from(["int", "float"])


@given(
    data=binary_data(),
    options=keras_options,
    weighting=weights,
    curve=st.sampled_from(["ROC", "PR"]),
    method=st.sampled_from(["interpolation", "minoring", "majoring"]),
    seed=st.integers(0, 2**16),
    stretch=st.booleans(),
)
def test_keras_auc(
    keras: Any,
    data: Any,
    options: Any,
    weighting: Any,
    curve: str,
    method: str,
    seed: int,
    stretch: bool,
) -> None:
    y_pred, y_true = data
    if stretch:  # scores outside [0, 1]: clipped on an even grid, compared raw otherwise
        y_pred = [3 * p - 1 for p in y_pred]
    rng = np.random.default_rng(seed)
    sample_weight = None
    if weighting == "int":
        sample_weight = [1, 1, *rng.integers(0, 4, len(y_true) - 2).tolist()]
    elif weighting == "float":
        sample_weight = [0.5, 0.5, *rng.random(len(y_true) - 2).tolist()]
    metric = keras.metrics.AUC(curve=curve, summation_method=method, **options)
    metric.update_state(
        np.array(y_true),
        np.array(y_pred),
        sample_weight=None if sample_weight is None else np.array(sample_weight),
    )
    got = float(metric.result())
    inputs = {"y_true": y_true, "y_pred": y_pred, "sample_weight": sample_weight, **options}
    twin = exact_keras.auc(**inputs, curve=curve, summation_method=method)
    n = len(exact_keras.keras_thresholds(**options)[0])
    scale = 1.0
    if curve == "PR" and method == "interpolation":
        terms = exact_keras.pr_interpolation_terms(**inputs)
        scale += sum(abs(float(a)) + abs(float(c) * math.log(r)) for a, c, r in terms)
    _close(twin, got, (n + 8) * U * scale)
