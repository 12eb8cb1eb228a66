"""``explain`` names the producing tool for every binary scalar output the real tools recorded.

The outputs are the real tools' own, on the inputs of their twin vectors (vectors/twins):
tests/data/TOOL_vector_results.json (R's PRROC, pROC, ROCR, precrec; xgboost), the records of
torchmetrics and keras (tests/data/torch_keras_recorded.json, matched to the cases as
tests/cli/test_check_profile.py matches them), and scikit-learn run here on its cases (the
docs' recipe, examples/twin_results_sklearn.py).  Every recorded output is counted: a call
that returns several areas (PRROC's pr.curve, precrec's evalmod) gives one output per area, a
curve, a statistic or an error one output.  Each is either explained or set aside under a
named reason (:data:`EXCLUDED`); none is dropped silently.

For an output that is a number of a binary call on the examples as given, ``explain(scores,
labels, value)`` must name the producing call: the tool's function with the call's parameters
among ``explain(...).calls`` (``proc.auc`` with ``partial_auc=[1.0, 0.8]``), or, for a default
call or one whose parameter does not change the value on these data (the vector's exact value
equals the default call's), the tool's metric among the matches (``proc.auc``).  Parameters that
only select examples (pROC's ``levels`` and missing values, torchmetrics' ``ignore_index``)
are applied to the data given to explain, and a positive label named by its value
(``pos_label``, ``posclass``) is mapped as the labels are.  Weights are given to explain as
its ``weights`` (scikit-learn's and xgboost's ``sample_weight``, PRROC's two weight vectors:
:func:`_prroc`), and a list of thresholds as its ``thresholds``.
"""

from __future__ import annotations

import functools
import json
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rocpr_exact.profiles.case import decode
from rocpr_exact.testing.explain import exact_target, explain
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


#: Why a recorded output is not explained (every output not explained has one of these).
EXCLUDED = {
    "curve": "a curve (points and thresholds), not one number",
    "statistic": "a variance, covariance, interval or test (pROC's DeLong functions), not an area",
    "classes": "several classes or labels (multiclass, multilabel): explain takes binary data",
    "negative weights": "a negative weight (PRROC's roc.curve answers 1.5): explain, as every "
    "reader of weights here, takes non-negative weights (a negative count has no curve)",
    "soft": "soft labels (xgboost's fractional labels): explain takes 0/1 labels",
    "no number": "an error, NA or NaN: no number to explain",
}
CURVES = {
    "sklearn": {"roc_curve", "precision_recall_curve", "det_curve"},
    "proc": {"roc"},
    "torchmetrics": {"binary_roc", "binary_precision_recall_curve"},
}
STATISTICS = {"proc": {"var", "cov", "ci_auc", "roc_test"}}
#: The outputs of a call that returns several areas, as explain's families name them.
PARTS = {("precrec", "evalmod"): ["roc", "prc"]}
#: The parameters that name the positive label by its value (mapped as the labels are).
LABEL_PARAMETERS = {"pos_label", "posclass"}

Data = tuple[list[Any], list[int], dict[str, Any]]


def _binary(labels: list[Any], levels: Any) -> tuple[dict[Any, int], list[Any]] | None:
    """label -> 0/1 (pROC's levels, else the greater of two values is positive), and the
    labels kept; None for labels that are not two classes (soft labels)."""
    if levels is not None:
        mapping = {levels[0]: 0, levels[1]: 1}
        return mapping, [y for y in labels if y in mapping]
    values = sorted(set(labels), key=lambda v: (str(type(v)), v))
    if set(values) <= {0, 1}:
        return {0: 0, 1: 1}, labels
    if len(values) == 2 and all(isinstance(v, int | str) for v in values):
        return {values[0]: 0, values[1]: 1}, labels
    return None


def _prroc(inputs: dict[str, Any], parameters: dict[str, Any]) -> Data:
    """PRROC's vectors as weighted examples: each score of ``scores_class0`` a positive of
    weight ``weights_class0`` (1 without it), each of ``scores_class1`` a negative of weight
    ``weights_class1``.  Without ``scores_class1`` every score is also a negative (PRROC's
    one-vector form, soft labels), of weight ``weights_class1``, else 1 - ``weights_class0``
    as R computes it in doubles, else 1; R evaluates that default ``scores.class1`` after
    sorting ``scores.class0`` (rocpr_exact.profiles.prroc.prroc_input, R's lazy defaults), so
    the negatives are the sorted scores and a given ``weights_class1`` weighs them in that
    order."""
    positives = inputs["scores_class0"]
    order = sorted(range(len(positives)), key=positives.__getitem__)  # R's order(): stable
    negatives = inputs.get("scores_class1", [positives[i] for i in order])
    ones = [1.0] * len(positives)
    w0 = inputs.get("weights_class0")
    w1 = inputs.get("weights_class1")
    if w1 is None and "scores_class1" not in inputs and w0 is not None:
        w1 = [1.0 - w0[i] for i in order]
    scores, labels = [*positives, *negatives], [1] * len(positives) + [0] * len(negatives)
    if w0 is not None or w1 is not None:
        parameters["weights"] = [*(w0 or ones), *(w1 or [1.0] * len(negatives))]
    return scores, labels, parameters


def data(tool: str, case: dict[str, Any]) -> Data | str:
    """The case's (scores, 0/1 labels, parameters) as explain takes them, or why not
    (a key of :data:`EXCLUDED`)."""
    inputs, parameters = decode(case["input"]), dict(decode(case["parameters"]))
    first, second = INPUTS[tool]
    weights = inputs.pop("sample_weight", None)
    if any(w < 0 for w in weights or ()) or any(
        w < 0 for key in ("weights_class0", "weights_class1") for w in inputs.get(key, ())
    ):
        return "negative weights"
    if tool == "prroc":
        return _prroc(inputs, parameters)
    scores, labels = inputs[first], inputs[second]
    if any(isinstance(v, list) for v in [*scores, *labels]):
        return "classes"
    pairs = [(s, y) for s, y in zip(scores, labels, strict=True)]
    if tool == "proc":  # pROC drops an example whose response or predictor is missing
        pairs = [(s, y) for s, y in pairs if y is not None and s == s]
    if "ignore_index" in parameters:  # torchmetrics drops the examples with that target
        ignored = parameters.pop("ignore_index")
        pairs = [(s, y) for s, y in pairs if y != ignored]
    if weights is not None:
        assert tool in ("sklearn", "xgboost"), tool  # pairs: nothing dropped
        parameters["weights"] = weights
    binary = _binary([int(y) if isinstance(y, bool) else y for _, y in pairs],
                     parameters.pop("levels", None))  # fmt: skip
    if binary is None:
        return "soft"
    mapping, kept = binary
    kept_pairs = [(s, mapping[y]) for (s, y) in pairs if (int(y) if isinstance(y, bool) else y)
                  in mapping]  # fmt: skip
    assert len(kept_pairs) == len(kept)
    for key in LABEL_PARAMETERS & set(parameters):
        parameters[key] = mapping[parameters[key]]
    return [s for s, _ in kept_pairs], [y for _, y in kept_pairs], parameters


#: The parameters that cannot change an output (precrec's ROC area is auc_roc whatever its PR
#: grid: rocpr_exact.profiles.precrec), left out of the comparison.
IDLE = {"precrec.evalmod.roc": {"x_bins", "interpolate"}}


def _normal(call: str, parameters: dict[str, Any]) -> dict[str, Any]:
    """Parameters compared as the tool reads them: pROC's partial range either way round, its
    direction "auto" the default, the :data:`IDLE` ones left out."""
    out = {k: v for k, v in parameters.items() if k not in IDLE.get(call, ())}
    if "partial_auc" in out:
        out["partial_auc"] = sorted(out["partial_auc"], reverse=True)
    if out.get("direction") == "auto":
        del out["direction"]
    return out


def _is_default(tool: str, parameters: dict[str, Any]) -> bool:
    if tool == "keras":
        return parameters.get("summation_method") == "interpolation" and set(parameters) == {
            "curve", "summation_method"}  # fmt: skip
    return not parameters


def _plain(exact: Any) -> Any:
    """An exact value as a Fraction, or a closed form's dict where it has log terms."""
    if isinstance(exact, dict) and not exact["log_terms"]:
        return Fraction(exact["rational"])
    return Fraction(exact) if isinstance(exact, str) else exact


def _exact(case: dict[str, Any], index: int | None) -> Any:
    """The vector's exact value of the output."""
    exact = case["expected"]["exact"]
    return _plain(exact if index is None else exact[index])


def verdict(tool: str, case: dict[str, Any], index: int | None, value: float) -> str | None:
    """An exclusion (a key of :data:`EXCLUDED`), "" when explain names the producing call,
    or what explain said instead."""
    found = data(tool, case)
    if isinstance(found, str):
        return found
    scores, labels, parameters = found
    weights = parameters.pop("weights", None)
    thresholds = parameters.get("thresholds")  # a list the tool was given: explain takes it
    thresholds = thresholds if isinstance(thresholds, list) else None
    function = case["function"]
    names = METRIC[tool][function]
    name = names[index or 0]
    if tool == "keras" and parameters["curve"] == "PR":
        name = "keras.auc_pr"
    result = explain(scores, labels, value, weights=weights, thresholds=thresholds)
    named = any(m == name or m.startswith(f"{name} ") for m in result.matches)
    if _is_default(tool, parameters):
        return "" if named else f"{name} not among {result.matches}"
    parts = PARTS.get((tool, function))
    call = f"{tool}.{function}" + (f".{parts[index or 0]}" if parts else "")
    want = _normal(call, parameters)
    if any(f == call and _normal(call, dict(setting)) == want for f, setting in result.calls):
        return ""
    table = result.values.get(name)
    if named and table is not None and _plain(exact_target(table)) == _exact(case, index):
        return ""  # the parameter does not change the value here: the default call's match
    return f"{call}({want}) not among {result.matches}"


def classified(tool: str) -> Iterator[tuple[str, str | None]]:
    """(tcId, verdict) for every output the tool recorded on its twin vectors."""
    recorded = outputs(tool)
    for case in cases(tool):
        tc_id, function = str(case["tcId"]), case["function"]
        if tc_id not in recorded:
            continue
        given = recorded[tc_id]
        if function in CURVES.get(tool, ()):
            yield tc_id, "curve"
            continue
        if function in STATISTICS.get(tool, ()):
            yield tc_id, "statistic"
            continue
        values = given if isinstance(given, list) else [given]
        if len(values) != len(METRIC[tool][function]):
            yield tc_id, "classes"  # one value per class
            continue
        for index, value in enumerate(values):
            if not isinstance(value, str | int | float) or value in ("nan", "NaN"):
                yield tc_id, "no number"
            else:
                at = index if isinstance(given, list) else None
                yield tc_id, verdict(tool, case, at, float(value))


def counts(tool: str) -> tuple[Counter[str], list[str]]:
    """How many outputs are explained ("explained") or set aside (by reason), and the misses."""
    tally: Counter[str] = Counter()
    missed = []
    for tc_id, said in classified(tool):
        if said == "":
            tally["explained"] += 1
        elif said in EXCLUDED:
            tally[said] += 1
        else:
            missed.append(f"{tool} case {tc_id}: {said}")
    return tally, missed


#: The outputs each tool's recorded vectors hold that explain explains (a case added raises it).
LEAST = {
    "sklearn": 15, "prroc": 22, "proc": 14, "rocr": 14, "precrec": 18, "xgboost": 18,
    "torchmetrics": 18, "keras": 36,
}  # fmt: skip
#: Every recorded output by verdict, over all tools (docs/oracle.md quotes these numbers, and
#: :func:`test_the_docs_give_the_counts` checks its sentence against them).
TOTALS = {
    "explained": 155, "soft": 2, "negative weights": 1, "curve": 47, "statistic": 23,
    "classes": 18, "no number": 24,
}  # fmt: skip


@functools.cache
def _counts(tool: str) -> tuple[Counter[str], list[str]]:
    return counts(tool)


@pytest.mark.parametrize("tool", list(METRIC))
def test_explain_names_the_producing_call_for_every_recorded_binary_output(tool: str) -> None:
    tally, missed = _counts(tool)
    assert not missed, "\n".join(missed)
    assert tally["explained"] >= LEAST[tool], tally


def test_the_docs_give_the_counts() -> None:
    total = sum((_counts(tool)[0] for tool in METRIC), Counter())
    assert dict(total) == TOTALS  # 270 outputs, each once
    binary = total["explained"] + total["soft"] + total["negative weights"]
    sentence = (
        f"({total['explained']} of {binary}: scikit-learn run on its cases, PRROC, pROC, ROCR, "
        "precrec, xgboost, torchmetrics, keras; default calls, calls with parameters, weighted "
        f"examples and lists of thresholds; `tests/testing/test_explain_recorded.py`). The "
        f"other {binary - total['explained']} are set aside by name in that test: "
        f"{total['soft']} with soft labels (xgboost's fractional labels), "
        f"{total['negative weights']} with a negative weight (PRROC's roc.curve); so are the "
        f"outputs that are not one number of a binary call ({total['curve']} curves, "
        f"{total['statistic']} DeLong statistics, {total['classes']} of several classes, "
        f"{total['no number']} errors or NaN)."
    )
    docs = " ".join((ROOT / "docs" / "oracle.md").read_text().split())
    assert sentence in docs, sentence


def test_a_float32_value_matches_within_float32_rounding_only() -> None:
    scores, labels = [0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]  # AUC-ROC 3/4 (sklearn's example)
    u = 2.0**-24  # 4 examples: a float32 area may be (4 + 8) u off
    near, far = explain(scores, labels, 0.75 + 4 * u), explain(scores, labels, 0.75 + 16 * u)
    assert "sklearn.roc_auc_score -- scikit-learn roc_auc_score (= auc_roc). (within float32 " \
        "rounding)" in near.matches
    assert not any(m.startswith("sklearn.roc_auc_score") for m in far.matches)
    # a double (no float32) gets float rounding only: 1e-9 relative
    assert not explain(scores, labels, 0.75 + 2e-9).matches
