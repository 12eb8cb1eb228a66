"""The sklearn twins with sklearn's return types, for scikit-learn's own tests.

scripts/run_sklearn_tests.py runs scikit-learn's ``sklearn/metrics/tests/test_ranking.py`` with
these five functions in place of sklearn's.  Each calls the twin and hands its exact answer back
as sklearn hands its own: a score as a float (a Fraction rounded once to the nearest double, the
twin's nan as nan), a curve as three numpy arrays (rates as float64, the twin's None as nan,
:data:`~rocpr_exact.profiles.sklearn.INF` as ``inf``; ``roc_curve`` and ``det_curve`` thresholds
as float64, ``precision_recall_curve`` thresholds in the dtype of ``y_score``, as sklearn keeps
them).  Errors and warnings pass through unchanged: they are what the run checks.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from rocpr_exact.profiles import sklearn as twin

__all__ = [
    "average_precision_score",
    "det_curve",
    "precision_recall_curve",
    "roc_auc_score",
    "roc_curve",
]

#: How many times a twin was called here (the runner tells the tests that reach a twin).
CALLS = [0]


def _float(value: Any) -> float:
    return float("nan") if value is None else float(value)


def _score(value: Any) -> Any:
    if isinstance(value, tuple):
        return np.array([_float(v) for v in value], dtype=np.float64)
    return _float(value)


def _rates(values: tuple[Any, ...]) -> Any:
    return np.array([_float(v) for v in values], dtype=np.float64)


def _dtype_of(y_score: Any) -> Any:
    dtype = np.asarray(y_score).dtype
    return dtype if dtype.kind in "iuf" else np.dtype(np.float64)


def roc_auc_score(*args: Any, **kwargs: Any) -> Any:
    CALLS[0] += 1
    return _score(twin.roc_auc_score(*args, **kwargs))


def average_precision_score(*args: Any, **kwargs: Any) -> Any:
    CALLS[0] += 1
    return _score(twin.average_precision_score(*args, **kwargs))


def roc_curve(*args: Any, **kwargs: Any) -> Any:
    CALLS[0] += 1
    fpr, tpr, thresholds = twin.roc_curve(*args, **kwargs)
    return _rates(fpr), _rates(tpr), _rates(thresholds)


def det_curve(*args: Any, **kwargs: Any) -> Any:
    CALLS[0] += 1
    fpr, fnr, thresholds = twin.det_curve(*args, **kwargs)
    return _rates(fpr), _rates(fnr), _rates(thresholds)


def precision_recall_curve(y_true: Any, y_score: Any, **kwargs: Any) -> Any:
    CALLS[0] += 1
    precision, recall, thresholds = twin.precision_recall_curve(y_true, y_score, **kwargs)
    dtype = _dtype_of(y_score)
    cuts = [int(t) if dtype.kind in "iu" else float(t) for t in thresholds]
    return _rates(precision), _rates(recall), np.array(cuts, dtype=dtype)
