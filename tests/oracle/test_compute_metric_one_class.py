"""``compute_metric`` of a tool's metric on one-class data is the tool's twin's answer.

The reference is each twin's own public function (called here as the tool is called), whose
one-class behaviour its tests pin to the real tool's recorded output (sklearn's nan and AP 0,
PRROC's NA, torchmetrics' and keras' 0, xgboost's nan, the R tools' and AUCCalculator's
stop: tests/profiles/test_*one_class*.py and the tools' recorded files).  Where the twin answers,
``compute_metric`` gives the same value (nan as nan) with a warning of the same classes; where
the twin raises, ``compute_metric`` raises a RocPrError.  Every tool metric of the namespace is
covered (the table below must name each one).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from typing import Any

import pytest

from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import RocPrError
from rocpr_exact.oracle.metrics import METRICS, compute_metric
from rocpr_exact.profiles import auccalculator, prroc, sklearn
from tests.profiles.test_tables import TWIN_CALLS


def _prroc(scores: list[float], labels: list[int]) -> tuple[list[float], list[float]]:
    positives = [s for s, y in zip(scores, labels, strict=True) if y]
    return positives, [s for s, y in zip(scores, labels, strict=True) if not y]


def _trapezoid(scores: list[float], labels: list[int]) -> Any:
    # sklearn.metrics.auc(recall, precision): recall decreases, so auc's direction is -1
    precision, recall, _ = sklearn.precision_recall_curve(labels, scores)
    return -sum((recall[i + 1] - recall[i]) * (precision[i] + precision[i + 1]) / 2
                for i in range(len(recall) - 1))  # fmt: skip


#: metric -> the tool's call through its twin, on (scores, labels): the golden vectors' tools
#: here, the other tables' as tests/profiles/test_tables.py calls them.
TWINS: dict[str, Callable[[list[float], list[int]], Any]] = TWIN_CALLS | {
    "sklearn.roc_auc_score": lambda s, y: sklearn.roc_auc_score(y, s),
    "sklearn.average_precision_score": lambda s, y: sklearn.average_precision_score(y, s),
    "sklearn.auc_pr_trapezoid": _trapezoid,
    "prroc.auc_integral": lambda s, y: prroc.pr_curve(*_prroc(s, y)).auc_integral,
    "prroc.auc_davis_goadrich": lambda s, y: prroc.pr_curve(*_prroc(s, y)).auc_davis_goadrich,
    "prroc.roc_auc": lambda s, y: prroc.roc_curve(*_prroc(s, y)).auc,
    "auccalculator.auc_roc": auccalculator.auc_roc,
    "auccalculator.auc_pr": auccalculator.auc_pr,
}
#: One-class datasets: ties, a single example, no positive, no negative.
DATA = [([0.9, 0.4, 0.4], [1, 1, 1]), ([0.9, 0.4, 0.4], [0, 0, 0]), ([0.5], [1]), ([0.5], [0])]


def _call(compute: Callable[[], Any]) -> tuple[Any, set[type[Warning]]]:
    """(the value, or the exception raised; the warnings' classes)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = compute()
        except Exception as exc:  # the twin's refusal is its answer
            value = exc
    return value, {type(w.message) for w in caught}


def test_the_table_covers_every_tool_metric() -> None:
    assert set(TWINS) == {name for name in METRICS if "." in name}


@pytest.mark.parametrize("metric", list(TWINS))
@pytest.mark.parametrize(("scores", "labels"), DATA)
def test_one_class_is_the_twins_answer(metric: str, scores: list[float], labels: list[int]) -> None:
    expected, expected_warnings = _call(lambda: TWINS[metric](scores, labels))
    got, got_warnings = _call(lambda: compute_metric(metric, Curve.from_scores(scores, labels)))
    if isinstance(expected, Exception):
        assert isinstance(got, RocPrError), got  # the tool stops: so does the lookup
        return
    assert not isinstance(got, Exception), f"{metric} raises {got!r}, the twin gives {expected!r}"
    if isinstance(expected, float) and math.isnan(expected):
        assert isinstance(got, float) and math.isnan(got)
    else:
        assert got == expected
    assert got_warnings == expected_warnings  # the tool's warning, of the tool's class


@pytest.mark.parametrize("labels", [[0, 0, 0], [1, 1, 1]])
def test_sklearn_one_class_values_are_the_real_tools(labels: list[int]) -> None:
    # scikit-learn itself: roc_auc_score nan, average_precision_score 0.0 without a positive
    # (1 without a negative), auc(recall, precision) 0.5 and 1 (precision 0, 0, 1 at recall 1,
    # 1, 0 without a positive)
    import numpy as np
    from sklearn import metrics

    scores = [0.9, 0.4, 0.4]
    curve = Curve.from_scores(scores, labels)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        precision, recall, _ = metrics.precision_recall_curve(np.array(labels), np.array(scores))
        real = {
            "sklearn.roc_auc_score": metrics.roc_auc_score(labels, scores),
            "sklearn.average_precision_score": metrics.average_precision_score(labels, scores),
            "sklearn.auc_pr_trapezoid": metrics.auc(recall, precision),
        }
        for metric, value in real.items():
            got = compute_metric(metric, curve)
            if math.isnan(value):
                assert isinstance(got, float) and math.isnan(got)
            else:
                assert got == value, metric  # 0, 1/2, 1: exact in binary
