"""Differential test: scikit-learn itself agrees with the ``sklearn`` profile within float error.

Random data with many ties (integer scores from a small range, and floats drawn from a
few values), heavy skew, negatives first; scikit-learn computes in float64, so the
comparison is relative 1e-9 (its errors are a few ulps here).
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact.profiles import registry
from tests.strategies import any_dataset, examples, skewed_datasets

metrics = pytest.importorskip("sklearn.metrics")

#: Hundreds of examples locally, proportionally more under the ``ci`` hypothesis profile.
EXAMPLES = examples(3)

float_scores = st.lists(
    st.tuples(
        st.sampled_from([0.0, 0.1, 0.2, 1 / 3, 0.5, 0.7, 1e-300, 5e-324, -2.5, 1e300]),
        st.integers(0, 1),
    ),
    min_size=2,
    max_size=60,
).filter(lambda rows: len({y for _, y in rows}) == 2)


def close(given_value: float, exact: Fraction) -> bool:
    return math.isclose(given_value, float(exact), rel_tol=1e-9, abs_tol=1e-12)


def check(scores: list[float] | list[int], labels: list[int]) -> None:
    y, s = np.asarray(labels), np.asarray(scores, dtype=float)
    exact = registry.profile("sklearn", (scores, labels))
    assert close(metrics.roc_auc_score(y, s), exact["roc_auc_score"])
    assert close(metrics.average_precision_score(y, s), exact["average_precision_score"])
    for drop in (False, True):  # the default keeps every threshold; dropping changes nothing
        precision, recall, _ = metrics.precision_recall_curve(y, s, drop_intermediate=drop)
        assert close(metrics.auc(recall, precision), exact["auc_pr_trapezoid"])


@settings(max_examples=EXAMPLES)
@given(any_dataset)
@example(([4, 3, 2, 1], [0, 1, 0, 1]))  # negatives first
@example(([7, 7, 7, 7], [1, 0, 0, 1]))  # all tied
def test_integer_scores_with_ties(data: tuple[list[int], list[int]]) -> None:
    check(*data)


@settings(max_examples=EXAMPLES)
@given(float_scores)
def test_float_scores_with_ties(rows: list[tuple[float, int]]) -> None:
    check([s for s, _ in rows], [y for _, y in rows])


@settings(max_examples=max(10, EXAMPLES // 20))
@given(skewed_datasets())
def test_heavy_skew(data: tuple[list[int], list[int]]) -> None:
    check(*data)


def test_one_class_missing_sklearn_warns_and_the_profile_raises() -> None:
    y, s = np.array([0, 0, 0]), np.array([0.1, 0.5, 0.5])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert math.isnan(metrics.roc_auc_score(y, s))
        assert metrics.average_precision_score(y, s) == 0.0
    assert len(caught) >= 2
    with pytest.raises(rx.NoPositivesError):
        registry.profile_metric("sklearn", "roc_auc_score", (s.tolist(), y.tolist()))
    with pytest.raises(rx.NoPositivesError):
        registry.profile_metric("sklearn", "average_precision_score", (s.tolist(), y.tolist()))
    # No negatives: roc_auc_score is nan (profile raises), AP is 1.0 (profile agrees).
    y1 = np.array([1, 1, 1])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert math.isnan(metrics.roc_auc_score(y1, s))
    with pytest.raises(rx.NoNegativesError):
        registry.profile_metric("sklearn", "roc_auc_score", (s.tolist(), y1.tolist()))
    assert metrics.average_precision_score(y1, s) == 1.0
    assert (
        registry.profile_metric("sklearn", "average_precision_score", (s.tolist(), y1.tolist()))
        == 1
    )
