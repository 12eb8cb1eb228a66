"""Every public twin function, driven with a matrix of bad values: a value or a RocPrError.

Each function of every ``rocpr_exact.profiles`` module's ``__all__`` is called once with good
arguments (which must give a value), then once per (parameter, bad value) with that one
argument replaced: None, NaN, text, mixed types, 2-D where 1-D is meant, zero, a subnormal,
a huge number, empty lists and arrays.  The tool's own answer to a bad value may be a value
(torchmetrics gives nan, the twin may refuse it) but never a traceback: anything other than a
value or a :class:`RocPrError` fails.
"""

from __future__ import annotations

import importlib
import inspect
import math
import pkgutil
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import rocpr_exact.profiles as profiles_package
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import RocPrError

SCORES = [0.1, 0.4, 0.35, 0.8]
LABELS = [0, 0, 1, 1]
CURVE = Curve.from_scores(SCORES, LABELS)
MULTICLASS_PREDS = [[0.2, 0.3, 0.5], [0.6, 0.2, 0.2], [0.1, 0.8, 0.1], [0.3, 0.3, 0.4]]
MULTICLASS_TARGET = [2, 0, 1, 2]

#: A good value for each required parameter, by name (checked below: every name is here).
GOOD: dict[str, Any] = {
    "scores": SCORES,
    "labels": LABELS,
    "predictions": SCORES,
    "preds": SCORES,
    "target": LABELS,
    "y_true": LABELS,
    "y_score": SCORES,
    "y_pred": SCORES,
    "response": LABELS,
    "predictor": SCORES,
    "scores_class0": [0.35, 0.8],
    "matched": [False, False, True, True],
    "hits": [False, False, True, True],
    "num_gt": 2,
    "values": SCORES,
    "value": 0.5,
    "column": SCORES,
    "what": "y_score",
    "dtype": "float32",
    "x": 1,
    "n": 4,
    "curve": CURVE,
    "data": CURVE,
    "name": "sklearn",
    "metric": "roc_auc_score",
    "measure": "auc",
    "twin": lambda scores, labels: len(scores),
    "min_recall": 0.5,
    "min_precision": 0.5,
    "min_sensitivity": 0.5,
    "min_specificity": 0.5,
    "pos_label": 1,
    "positive": [False, False, True, True],
    "weights": None,
    "sample_weight": None,
    "classes": [0, 1],
    "tool": "ROCR",
    "choices": ("a", "b"),
    "true": LABELS,  # MLstatkit's Delong_test(true, prob_A, prob_B)
    "prob_A": SCORES,
    "prob_B": [0.2, 0.3, 0.9, 0.6],
    "roc": None,  # pROC's roc objects (proc_delong): made below by proc.roc
    "roc1": None,
    "roc2": None,
}
#: Per function, the good values that differ from :data:`GOOD` (multiclass input, say).
OVERRIDES: dict[str, dict[str, Any]] = {
    "torchmetrics.multiclass": {
        "preds": MULTICLASS_PREDS,
        "target": MULTICLASS_TARGET,
        "num_classes": 3,
    },
    "torchmetrics.fixed.multiclass": {
        "preds": MULTICLASS_PREDS,
        "target": MULTICLASS_TARGET,
        "num_classes": 3,
    },
    "rocr.performance": {"prediction_obj": None},  # filled in below from rocr.prediction
    "sklearn.view.binary_curve": {"weights": None},
    "sklearn.view.exact_column": {"column": np.array(SCORES)},
    "sklearn.view.require_probabilities": {"y_score": np.array(MULTICLASS_PREDS)},
    "arguments.flag": {"value": True},
    "detection.flags_of": {"values": [False, False, True, True]},
}
#: Modules of helpers the twins call on values they have already checked (the argument checks
#: themselves, IEEE rounding, sklearn's input conversion, detection flags, multiclass averaging
#: with a metric callback, the one-class warning and NaN): not twins of a tool's function, reached
#: through the twins instead.
HELPERS = {"sklearn.multiclass", "sigmoid", "sleef", "one_class"}

BAD: list[Any] = [
    None,
    math.nan,
    "a",
    "0.5",
    "",
    0,
    5e-324,
    1e308,
    -1,
    True,
    [],
    [None, 1, 1, None],
    [0, "1", 0.5, None],
    [0, "1", 1, 0],
    [[0.1, 0.4], [0.35, 0.8]],
    [math.nan, 0.4, 0.35, 0.8],
    [0.1, 0.4, 0.35],
    [1e308, -1e308, 5e-324, 0.0],
    ["a", "b", "a", "b"],
    np.array([]),
    np.array([[0.1, 0.4], [0.35, 0.8]]),
    np.array([math.nan, 0.4, 0.35, 0.8]),
    np.array(["0", "1", "0", "1"]),
    np.array([None, 1, 0, 1], dtype=object),
    {"a": 1},
    object(),
]


def _functions() -> list[tuple[str, Callable[..., Any]]]:
    found = []
    prefix = "rocpr_exact.profiles."  # a tool's package (profiles/torchmetrics/) walked too
    for module_info in pkgutil.walk_packages(profiles_package.__path__, prefix):
        short = module_info.name.removeprefix(prefix)
        if short in HELPERS or short == "case" or short.endswith("cases"):  # recorded cases
            continue
        module = importlib.import_module(module_info.name)
        for name in getattr(module, "__all__", []):
            function = getattr(module, name)
            # a re-export (a package's twins, defined in its modules) once, at home
            if inspect.isfunction(function) and function.__module__ == module.__name__:
                found.append((f"{short}.{name}", function))
    return found


FUNCTIONS = _functions()


def _good_arguments(qualified: str, function: Callable[..., Any]) -> dict[str, Any]:
    overrides: dict[str, Any] = {}
    for key, values in OVERRIDES.items():
        if qualified == key or qualified.startswith(key + "_") or qualified.startswith(key + "."):
            overrides.update(values)
    arguments = {}
    for parameter in inspect.signature(function).parameters.values():
        if parameter.name in overrides:
            arguments[parameter.name] = overrides[parameter.name]
        elif parameter.default is not inspect.Parameter.empty:
            arguments[parameter.name] = parameter.default
        else:
            assert parameter.name in GOOD, f"{qualified}: no good value for {parameter.name!r}"
            arguments[parameter.name] = GOOD[parameter.name]
    for name in ("roc", "roc1", "roc2"):
        if name in arguments and arguments[name] is None:
            from rocpr_exact.profiles import proc

            predictor = SCORES if name != "roc2" else GOOD["prob_B"]
            arguments[name] = proc.roc(LABELS, predictor)
    if qualified == "rocr.performance":
        from rocpr_exact.profiles import rocr

        arguments["prediction_obj"] = rocr.prediction(SCORES, LABELS)
    return arguments


def _call(function: Callable[..., Any], arguments: dict[str, Any]) -> None:
    """Call ``function``: a value, or a RocPrError; anything else fails the test."""
    try:
        function(**arguments)
    except RocPrError as exc:
        assert "\n" not in str(exc).strip(), str(exc)


def test_every_twin_function_is_driven() -> None:
    names = {qualified for qualified, _ in FUNCTIONS}
    # the twins' entry points, by tool: a new module's functions join the matrix by themselves
    entries = (
        "torchmetrics.binary.binary_auroc",
        "proc.curve.auc",
        "precrec.evalmod",
        "rocr.prediction",
    )
    for expected in entries:
        assert expected in names
    assert len(names) >= 55


@pytest.mark.parametrize(("qualified", "function"), FUNCTIONS, ids=[q for q, _ in FUNCTIONS])
def test_good_arguments_give_a_value(qualified: str, function: Callable[..., Any]) -> None:
    function(**_good_arguments(qualified, function))


@pytest.mark.parametrize(("qualified", "function"), FUNCTIONS, ids=[q for q, _ in FUNCTIONS])
def test_bad_arguments_give_a_value_or_a_library_error(
    qualified: str, function: Callable[..., Any]
) -> None:
    good = _good_arguments(qualified, function)
    failures = []
    for parameter in good:
        for bad in BAD:
            try:
                _call(function, {**good, parameter: bad})
            except Exception as exc:  # collected: one test shows every failure of a function
                failures.append(f"{parameter}={bad!r}: {type(exc).__name__}: {exc}")
    assert not failures, f"{len(failures)} tracebacks:\n" + "\n".join(failures[:40])


@pytest.mark.parametrize(
    "call",
    [
        # hostile-input round 3's samples: each was a traceback
        lambda: __import__("rocpr_exact.profiles.torchmetrics").profiles.torchmetrics.binary_auroc(
            SCORES, LABELS, max_fpr=1e-300
        ),
        lambda: __import__("rocpr_exact.profiles.proc").profiles.proc.auc(
            LABELS, SCORES, partial_auc=True
        ),
    ],
)
def test_issue_samples_are_library_errors(call: Callable[[], Any]) -> None:
    with pytest.raises(RocPrError):
        call()


@pytest.mark.parametrize("labels", [[None, 1, 1, None, 1, None], [0, "1", 0, "1", 1, 0]])
@pytest.mark.parametrize("twin", ["precrec", "rocr", "proc"])
def test_none_or_mixed_labels_are_refused_by_the_r_twins(twin: str, labels: list[Any]) -> None:
    scores = [0.1, 0.4, 0.35, 0.8, 0.7, 0.2]
    module = importlib.import_module(f"rocpr_exact.profiles.{twin}")
    call = {
        "precrec": lambda: module.evalmod(scores, labels),
        "rocr": lambda: module.prediction(scores, labels),
        "proc": lambda: module.auc(labels, scores),
    }[twin]
    with pytest.raises(RocPrError):
        call()


SCORE_PARAMETERS = (
    "scores",
    "predictions",
    "preds",
    "y_score",
    "y_pred",
    "predictor",
    "prob_A",
    "prob_B",
)


@pytest.mark.parametrize(("qualified", "function"), FUNCTIONS, ids=[q for q, _ in FUNCTIONS])
def test_complex_scores_are_refused_never_cast(qualified: str, function: Callable[..., Any]):
    """numpy's astype(float64) drops an imaginary part with a warning only: a twin refuses."""
    good = _good_arguments(qualified, function)
    for parameter in (p for p in good if p in SCORE_PARAMETERS):
        scores = good[parameter]
        complex_scores = (
            [[v + 1j for v in row] for row in scores]
            if isinstance(scores[0], list)
            else [v + 1j for v in scores]
        )
        for given in (complex_scores, np.array(complex_scores)):
            with pytest.raises(RocPrError):
                function(**{**good, parameter: given})
