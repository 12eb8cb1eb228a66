"""``explain`` names the producing tool for every binary scalar output the real tools recorded.

The outputs are the real tools' own, on the inputs of their twin vectors (vectors/twins):
tests/data/TOOL_vector_results.json (R's PRROC, pROC, ROCR, precrec; xgboost), the records of
torchmetrics and keras (tests/data/torch_keras_recorded.json, matched to the cases as
tests/cli/test_check_profile.py matches them), and scikit-learn run here on its cases (the
docs' recipe, examples/twin_results_sklearn.py).  For each output of a tool's default call
(no parameter beyond the curve it names) on unweighted 0/1 data, ``explain(scores, labels,
value)`` must list the tool's metric (``sklearn.roc_auc_score``, ``proc.auc``, ...) among its
matches: the value is the tool's, so the table ``explain`` reads must hold it (59 outputs, and
scikit-learn's labels 1 and 2, pROC's dropped missing values).  Calls with parameters (partial
areas, bins, a direction, a summation method), weights, soft labels or several classes are
not explained: explain's table holds each tool's default call on (scores, labels) only.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rocpr_exact.oracle.twin_cases.case import decode
from rocpr_exact.testing.explain import explain
from tests.cli.test_check_profile import _recipe, recorded_results

ROOT = Path(__file__).resolve().parents[2]

#: tool -> function -> the metric(s) of explain's table its default call is, in output order.
METRIC = {
    "sklearn": {
        "roc_auc_score": ["sklearn.roc_auc_score"],
        "average_precision_score": ["sklearn.average_precision_score"],
    },
    "prroc": {
        "roc_curve": ["prroc.roc_auc"],
        "pr_curve": ["prroc.auc_integral", "prroc.auc_davis_goadrich"],
    },
    "proc": {"auc": ["proc.auc"]},
    "rocr": {"auc": ["rocr.auc"], "aucpr": ["rocr.aucpr"]},
    "precrec": {"evalmod": ["precrec.roc_auc", "precrec.prc_auc"]},
    "xgboost": {"auc": ["xgboost.auc"], "aucpr": ["xgboost.aucpr"]},
    "torchmetrics": {
        "binary_auroc": ["torchmetrics.binary_auroc"],
        "binary_average_precision": ["torchmetrics.binary_average_precision"],
    },
    "keras": {"auc": ["keras.auc_roc"]},  # the PR curve's name is chosen below
}
#: The inputs of each tool's call: (scores, labels) or, for PRROC, (positives', negatives').
INPUTS = {
    "sklearn": ("y_score", "y_true"),
    "prroc": ("scores_class0", "scores_class1"),
    "proc": ("predictor", "response"),
    "rocr": ("predictions", "labels"),
    "precrec": ("scores", "labels"),
    "xgboost": ("y_score", "y_true"),
    "torchmetrics": ("preds", "target"),
    "keras": ("y_pred", "y_true"),
}
#: keras' parameters of its default call (the curve names the metric).
KERAS_DEFAULT = {"summation_method": "interpolation"}


def cases(tool: str) -> list[dict[str, Any]]:
    data = json.loads((ROOT / "vectors" / "twins" / f"{tool}.json").read_text())
    return [case for group in data["testGroups"] for case in group["tests"]]


def outputs(tool: str) -> dict[str, Any]:
    """tcId -> the real tool's recorded output."""
    if tool == "sklearn":
        recipe = _recipe()
        return {str(c["tcId"]): recipe.result(c) for c in cases(tool)}
    if tool in ("torchmetrics", "keras"):
        return recorded_results(tool)
    path = ROOT / "tests" / "data" / f"{tool}_vector_results.json"
    results: dict[str, Any] = json.loads(path.read_text())["results"]
    return results


def data(tool: str, case: dict[str, Any]) -> tuple[list[float], list[int]] | None:
    """The case's (scores, labels) when it is a default call on unweighted 0/1 data."""
    inputs, parameters = decode(case["input"]), dict(decode(case["parameters"]))
    if tool == "keras":
        curve = parameters.pop("curve")
        if curve not in ("ROC", "PR") or any(
            parameters.pop(k, None) != v for k, v in KERAS_DEFAULT.items()
        ):
            return None
    first, second = INPUTS[tool]
    if parameters or set(inputs) != {first, second}:
        return None  # parameters, weights, one vector (PRROC's weighted form)
    if tool == "prroc":
        positives, negatives = inputs[first], inputs[second]
        return [*positives, *negatives], [1] * len(positives) + [0] * len(negatives)
    scores, labels = inputs[first], inputs[second]
    if tool == "proc":  # pROC drops an example whose response or predictor is missing
        kept = [(s, y) for s, y in zip(scores, labels, strict=True) if y is not None and s == s]
        scores, labels = [s for s, _ in kept], [y for _, y in kept]
    if any(isinstance(v, list | bool) for v in [*scores, *labels]):
        return None  # several columns (multiclass, multilabel) or boolean labels
    if tool == "sklearn" and len(set(labels)) == 2:  # the greater label is the positive one
        labels = [int(y == max(labels)) for y in labels]
    if not labels or any(y not in (0, 1) for y in labels):
        return None  # other labels than 0/1 (strings, soft labels)
    return list(scores), list(labels)


def scalar_outputs(tool: str) -> Iterator[tuple[str, dict[str, Any], list[str], Any]]:
    """(tcId, case, metric names, output) for every binary scalar output the tool recorded."""
    recorded = outputs(tool)
    for case in cases(tool):
        if case["function"] not in METRIC[tool] or str(case["tcId"]) not in recorded:
            continue
        given, names = recorded[str(case["tcId"])], METRIC[tool][case["function"]]
        if tool == "keras" and case["parameters"]["curve"] == "PR":
            names = ["keras.auc_pr"]
        values = given if isinstance(given, list) else [given]
        if len(values) != len(names):  # a multiclass output (one value per class)
            continue
        for name, value in zip(names, values, strict=True):
            if isinstance(value, str | int | float) and value not in ("nan", "NaN"):
                yield str(case["tcId"]), case, [name], float(value)


def named(tool: str) -> tuple[int, list[str]]:
    """The number of the tool's default-call outputs, and those explain does not name."""
    total, missed = 0, []
    for tc_id, case, (name,), value in scalar_outputs(tool):
        found = data(tool, case)
        if found is None:
            continue
        total += 1
        matches = explain(*found, value).matches
        if not any(m == name or m.startswith(f"{name} ") for m in matches):
            missed.append(f"{tool} case {tc_id} ({name} = {value!r}): {matches}")
    return total, missed


#: The default-call outputs each tool recorded (61 in all; a case added raises it).
LEAST = {"sklearn": 7, "prroc": 11, "proc": 4, "rocr": 8, "precrec": 4, "xgboost": 14}


@pytest.mark.parametrize("tool", list(METRIC))
def test_explain_names_the_tool_for_every_recorded_default_output(tool: str) -> None:
    total, missed = named(tool)
    assert total >= LEAST.get(tool, 6)  # torchmetrics and keras: 7 and 6
    assert not missed, "\n".join(missed)


def test_a_float32_value_matches_within_float32_rounding_only() -> None:
    scores, labels = [0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]  # AUC-ROC 3/4 (sklearn's example)
    u = 2.0**-24  # 4 examples: a float32 area may be (4 + 8) u off
    near, far = explain(scores, labels, 0.75 + 4 * u), explain(scores, labels, 0.75 + 16 * u)
    assert "sklearn.roc_auc_score -- scikit-learn roc_auc_score (= auc_roc). (within float32 " \
        "rounding)" in near.matches
    assert not any(m.startswith("sklearn.roc_auc_score") for m in far.matches)
    # a double (no float32) gets float rounding only: 1e-9 relative
    assert not explain(scores, labels, 0.75 + 2e-9).matches
