"""Record what scikit-learn returns and warns on one-class input (docs/profiles/sklearn.md).

    python scripts/record_sklearn_one_class.py

writes tests/data/sklearn_one_class_recorded.json: per case the function, its keyword
arguments, and sklearn's outcome: ``{"value": V, "warnings": [[category, message], ...]}``
with V a number, or nested lists, "nan" for NaN and "inf" for an infinity; or
``{"raises": [exception, message]}``.  tests/profiles/test_sklearn_one_class.py compares the
exact twins with the file (values, nans, warnings, refusals) without scikit-learn installed.
"""

from __future__ import annotations

import math
import warnings
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np
from recording import save
from sklearn import metrics

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "sklearn_one_class_recorded.json"
S = [0.2, 0.6, 0.6, 0.9]
ML_Y = [[0, 1], [0, 0], [0, 1], [0, 1]]
ML_S = [[0.1, 0.2], [0.3, 0.4], [0.5, 0.6], [0.7, 0.8]]
P3 = [[0.5, 0.25, 0.25]] * 4


def cases() -> list[tuple[str, dict[str, Any]]]:
    """(function, keyword arguments): one class, by labels or by weights, in every twin."""
    out: list[tuple[str, dict[str, Any]]] = []
    for y in ([0, 0, 0, 0], [1, 1, 1, 1]):
        for name in ("roc_curve", "precision_recall_curve", "det_curve"):
            out.append((name, {"y_true": y, "y_score": S}))
        out.append(("roc_auc_score", {"y_true": y, "y_score": S}))
        out.append(("roc_auc_score", {"y_true": y, "y_score": S, "max_fpr": 0.5}))
        out.append(("roc_auc_score", {"y_true": y, "y_score": S, "sample_weight": [1, 2, 3, 4]}))
        out.append(("average_precision_score", {"y_true": y, "y_score": S}))
    for w in ([1, 0, 1, 0], [0, 1, 0, 1]):  # two labels, one class of nonzero weight
        weighted = {"y_true": [0, 1, 0, 1], "y_score": S, "sample_weight": w}
        for name in ("roc_curve", "precision_recall_curve", "det_curve"):
            out.append((name, weighted))
        out.append(("roc_auc_score", weighted))
        out.append(("average_precision_score", weighted))
    for average in ("macro", "weighted", "micro", "samples", None):
        multilabel = {"y_true": ML_Y, "y_score": ML_S, "average": average}
        out.append(("roc_auc_score", multilabel))
        out.append(("average_precision_score", multilabel))
    ovo = {"y_true": [0, 0, 0, 0], "y_score": P3, "multi_class": "ovo", "labels": [0, 1, 2]}
    out.append(("roc_auc_score", ovo))
    # sample_weight as sklearn's column_or_1d reads it: (n, 1) is raveled, other 2-D refused
    for shape in ((4, 1), (1, 4), (4, 2)):
        weights = np.ones(shape).tolist()
        for name in ("roc_auc_score", "average_precision_score", "roc_curve"):
            out.append((name, {"y_true": [0, 1, 0, 1], "y_score": S, "sample_weight": weights}))
    return out


def plain(value: Any) -> Any:
    """sklearn's output as JSON data: arrays as lists, NaN as "nan", infinities as "inf"."""
    if isinstance(value, tuple | list | np.ndarray):
        return [plain(v) for v in value]
    number = float(value)
    if math.isnan(number):
        return "nan"
    return "inf" if math.isinf(number) else number


def outcome(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """sklearn's value and warnings, or the exception it raises, on one call."""
    given = {k: np.asarray(v) if isinstance(v, list) else v for k, v in arguments.items()}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = getattr(metrics, name)(**given)
        except Exception as exc:  # the record says what sklearn raises, whatever it is
            return {"raises": [type(exc).__name__, str(exc)]}
    said = [[w.category.__name__, str(w.message)] for w in caught]
    return {"value": plain(value), "warnings": said}


def main() -> None:
    recorded = [
        {"function": name, "arguments": arguments, "sklearn": outcome(name, arguments)}
        for name, arguments in cases()
    ]
    save(
        OUT,
        "python scripts/record_sklearn_one_class.py",
        {"scikit-learn": version("scikit-learn"), "numpy": version("numpy")},
        recorded,
    )


if __name__ == "__main__":
    main()
