"""The sklearn twins raise and warn as scikit-learn 1.9.1 does: its classes and its words.

sklearn itself is the golden: each case runs sklearn and the twin.  A twin's error is a
RocPrError and an instance of every built-in class of sklearn's (``NotImplementedError``,
``TypeError``, ``ZeroDivisionError``; sklearn's ``InvalidParameterError`` is a ValueError and a
TypeError), and its message holds sklearn's message (the sets in sklearn's parameter messages
are printed in hash order, so both are compared with each set's items sorted).  A twin's
warning is an OneClassWarning and of sklearn's class (``UndefinedMetricWarning`` once
``sklearn.exceptions`` is imported, numpy's ``RuntimeWarning``, ``UserWarning``), and holds
sklearn's message.  docs/profiles/sklearn.md lists what remains different.
"""

from __future__ import annotations

import re
import sys
import warnings
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from rocpr_exact.errors import (
    NotSupportedError,
    OneClassWarning,
    RocPrError,
    WrongTypeError,
    ZeroDenominatorError,
)
from rocpr_exact.exact.binary64 import round_binary32
from rocpr_exact.profiles import sklearn as twin
from rocpr_exact.profiles.one_class import tool_warning
from tests.profiles.sklearn_agreement import agree

metrics = pytest.importorskip("sklearn.metrics")
exceptions = pytest.importorskip("sklearn.exceptions")

Y, S = [0, 1, 1, 0], [0.1, 0.5, 0.7, 0.2]
#: Rows that sum to 1, for multiclass roc_auc_score.
PROBABILITIES = np.array([[0.5, 0.3, 0.2], [0.2, 0.5, 0.3], [0.1, 0.2, 0.7], [0.3, 0.3, 0.4]])
MULTICLASS = [0, 1, 2, 2]

#: (function, args, kwargs): calls sklearn 1.9.1 refuses.
REFUSALS: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
    ("roc_curve", ([0, 1, 2, 2], S), {}),  # multiclass format is not supported
    ("det_curve", ([0, 1, 2, 2], S), {}),
    ("precision_recall_curve", ([0, 1, 2, 2], S), {}),
    ("roc_curve", ([0.5, 0.2, 0.1, 0.3], S), {}),  # continuous format is not supported
    ("roc_auc_score", ([[1, 2], [3, 1], [1, 1], [2, 2]], [[1, 2], [3, 1], [1, 1], [2, 2]]), {}),
    ("roc_curve", ([b"a", b"b"], [0.0, 1.0]), {}),  # bytes: TypeError
    ("precision_recall_curve", (np.array([b"a", b"b"]), [0.0, 1.0]), {}),
    ("roc_auc_score", ([b"a", b"b"], [0.0, 1.0]), {}),
    ("roc_curve", (np.array(["a", "b"]), [0.0, 1.0]), {}),  # implicit pos_label
    ("det_curve", (np.array(["a", "b"], dtype=object), [0.0, 1.0]), {}),
    ("precision_recall_curve", (["a", "b", "a"], [0.2, 0.3, 0.8]), {}),
    ("det_curve", ([0, 1], [0, 0.5, 1]), {}),  # inconsistent numbers of samples
    ("det_curve", ([0, 1, 1], [0, 0.5]), {}),
    ("roc_curve", ([0, 1, 1], [1, 2, 3]), {"sample_weight": [1, 2]}),
    ("roc_auc_score", ([0, 1, 1], [0, 0.5]), {}),
    ("roc_auc_score", ([0, 1, 1], [1, 2, 3]), {"sample_weight": [1, 2]}),
    ("average_precision_score", ([0, 1, 1], [0, 0.5]), {}),
    ("roc_auc_score", ([0, 1, 2, 1, 0], PROBABILITIES), {"multi_class": "ovr"}),
    ("roc_auc_score", ([[0, 1], [1, 0]], [[0.1, 0.2]]), {}),
    ("roc_curve", ([0, 1, 0, 1], S), {"sample_weight": [[1, 1, 1, 1]]}),
    ("average_precision_score", (np.array([0, 1]), np.array([0, 1])), {"pos_label": 2}),
    ("average_precision_score", (["a", "b"], [0.1, 0.2]), {"pos_label": "c"}),
    ("det_curve", ([0, 0, 0], [0, 0.5, 0.6]), {}),  # Only one class is present
    ("det_curve", ([1, 1, 1], [0, 0.5, 0.6]), {}),
    ("roc_auc_score", ([0, 1, 1], [[0.1, 0.2]] * 3), {}),  # y should be a 1d array
    ("roc_auc_score", (MULTICLASS, PROBABILITIES), {"multi_class": "ovo", "average": None}),
    (
        "roc_auc_score",
        ([0, 0, 0], PROBABILITIES[:3]),
        {"multi_class": "ovo", "labels": [0, 1, 2], "average": "weighted"},
    ),
    ("roc_auc_score", ([[0, 0]], [[0.0, 0.0]]), {"average": "samples", "sample_weight": [0]}),
    ("roc_auc_score", (MULTICLASS, PROBABILITIES * 2), {"multi_class": "ovr"}),
    ("roc_auc_score", (MULTICLASS, PROBABILITIES), {}),  # multi_class must be in ('ovo', 'ovr')
    ("roc_auc_score", (Y, S), {"average": "foo"}),  # InvalidParameterError
    ("average_precision_score", (Y, S), {"average": "foo"}),
    ("roc_auc_score", (Y, S), {"multi_class": "foo"}),
    ("roc_auc_score", (Y, S), {"max_fpr": 0}),
    ("roc_auc_score", (Y, S), {"max_fpr": 1.5}),
    ("roc_auc_score", (Y, S), {"max_fpr": "a"}),
    ("roc_auc_score", ([0, 1, 1, 0], S), {"max_fpr": 0.5, "sample_weight": [0, 1, 1, 0]}),
]


def _sorted_sets(message: str) -> str:
    """``message`` with the items of each ``{...}`` sorted (sklearn prints a set's order)."""
    return re.sub(
        r"\{([^{}]*)\}", lambda m: "{" + ", ".join(sorted(m.group(1).split(", "))) + "}", message
    )


def _call(module: Any, case: tuple[str, tuple[Any, ...], dict[str, Any]]) -> Any:
    name, args, kwargs = case
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # sklearn may warn on its way to the error
        return getattr(module, name)(*args, **kwargs)


@pytest.mark.parametrize("case", REFUSALS, ids=[f"{i}-{c[0]}" for i, c in enumerate(REFUSALS)])
def test_twin_refuses_with_sklearns_class_and_words(case: Any) -> None:
    with pytest.raises(Exception) as theirs:
        _call(metrics, case)
    with pytest.raises(RocPrError) as mine:
        _call(twin, case)
    builtin = [c for c in type(theirs.value).__mro__ if c.__module__ == "builtins"]
    assert all(isinstance(mine.value, c) for c in builtin), (type(mine.value), builtin)
    assert _sorted_sets(str(theirs.value)) in _sorted_sets(str(mine.value))
    assert "\n" not in str(mine.value)


def test_the_classes_combine_the_hierarchy_with_the_builtin_one() -> None:
    # sklearn raises NotImplementedError, ZeroDivisionError and TypeError in REFUSALS above
    assert issubclass(NotSupportedError, NotImplementedError)
    assert issubclass(ZeroDenominatorError, ZeroDivisionError)
    assert issubclass(WrongTypeError, TypeError)
    with pytest.raises(NotImplementedError, match=re.escape("multi_class='ovo'.")):
        twin.roc_auc_score(MULTICLASS, PROBABILITIES, multi_class="ovo", average=None)


#: (function, args, kwargs): calls where sklearn warns one warning (and gives a value).
WARNINGS: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = [
    ("roc_curve", ([1] * 10, [0, 1] * 5), {}),  # No negative samples: UndefinedMetricWarning
    ("roc_curve", ([0, 0], [0.25, 0.75]), {}),  # No positive samples
    ("roc_auc_score", (np.zeros(10, dtype=int), np.linspace(0, 1, 10)), {}),  # Only one class
    ("roc_auc_score", (np.ones(10, dtype=int), np.linspace(0, 1, 10)), {}),
    ("roc_auc_score", (Y, S), {"sample_weight": [0, 1, 1, 0]}),
    ("precision_recall_curve", ([0, 0, 0], [0, 0.5, 0.6]), {}),  # UserWarning
    ("average_precision_score", ([0, 0, 0], [0, 0.5, 0.6]), {}),
    ("det_curve", ([0, 1, 1], [0, 0.5, 0.6]), {"sample_weight": [0, 1, 1]}),  # RuntimeWarning
]


def _warned(module: Any, case: tuple[str, tuple[Any, ...], dict[str, Any]]) -> list[Any]:
    name, args, kwargs = case
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        getattr(module, name)(*args, **kwargs)
    return caught


@pytest.mark.parametrize("case", WARNINGS, ids=[f"{i}-{c[0]}" for i, c in enumerate(WARNINGS)])
def test_twin_warns_with_sklearns_class_and_words(case: Any) -> None:
    theirs, mine = _warned(metrics, case), _warned(twin, case)
    assert len(theirs) == len(mine) == 1, (theirs, mine)
    assert issubclass(mine[0].category, theirs[0].category)
    assert issubclass(mine[0].category, OneClassWarning)
    assert str(theirs[0].message) in str(mine[0].message)


def test_a_users_pytest_warns_for_sklearns_class_catches_the_twins() -> None:
    # sklearn's own test_ranking.py, test_roc_curve_one_label
    message = "No negative samples in y_true, false positive value should be meaningless"
    with pytest.warns(exceptions.UndefinedMetricWarning, match=message):
        fpr, _, _ = twin.roc_curve([1] * 10, [0, 1] * 5)
    assert fpr == (None, None, None)


def test_without_sklearn_imported_the_warning_is_the_projects(monkeypatch: Any) -> None:
    # sklearn_warning looks sklearn.exceptions up in sys.modules, never imports it (seconds)
    monkeypatch.delitem(sys.modules, "sklearn.exceptions")
    (warning,) = _warned(twin, WARNINGS[0])
    assert warning.category is OneClassWarning
    assert tool_warning(RuntimeWarning) is tool_warning(RuntimeWarning)  # one class per base


@pytest.mark.parametrize("curve", ["roc_curve", "det_curve", "precision_recall_curve"])
@pytest.mark.parametrize(
    "y_score", [[True, False, True, True], np.array([True, False, True, False])], ids=repr
)
def test_bool_scores_are_taken_as_sklearn_takes_them(curve: str, y_score: Any) -> None:
    mine, theirs = getattr(twin, curve), getattr(metrics, curve)
    y_true = [0, 1, 1, 0]
    assert agree(lambda: mine(y_true, y_score), lambda: theirs(y_true, y_score)) == "value"


#: Binary problems (labels, scores) for max_fpr in float32 and float16.
PROBLEMS = [
    ([0, 1, 1, 0], [0.1, 0.5, 0.7, 0.2]),  # the case: perfect, sklearn's float32 1.0
    ([0, 1, 1, 0, 1, 0, 0], [0.3, 0.2, 0.9, 0.5, 0.5, 0.1, 0.8]),
    ([1, 0, 1, 0, 0, 1, 1, 0], [1, 2, 3, 4, 4, 5, 6, 7]),
    ([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.65, 0.2]),
]


@pytest.mark.parametrize("problem", PROBLEMS)
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
@pytest.mark.parametrize("m", [0.3, 0.1, 0.55, 0.77])
def test_max_fpr_in_float32_is_computed_as_numpy_computes_it(
    problem: Any, dtype: Any, m: float
) -> None:
    # sklearn's McClish correction runs in max_fpr's format (NEP 50): its result is a float32
    # (float16), and the twin's exact value is that number
    y_true, y_score = problem
    theirs = metrics.roc_auc_score(y_true, y_score, max_fpr=dtype(m))
    mine = twin.roc_auc_score(y_true, y_score, max_fpr=dtype(m))
    assert theirs.dtype == dtype
    assert mine == Fraction(float(theirs))
    if dtype is np.float32:
        assert round_binary32(mine) == mine


def test_max_fpr_as_a_double_stays_exact() -> None:
    # hand-derived: y [0, 0, 1, 1], scores [.1, .4, .35, .8]; points (0, 0) (0, 1/2) (1/2, 1/2)
    # (1/2, 1) (1, 1); up to fpr 1/4 the area is 1/4 * 1/2 = 1/8; McClish with m = 1/4:
    # 1/2 (1 + (1/8 - 1/32) / (1/4 - 1/32)) = 1/2 (1 + 3/7) = 5/7
    value = twin.roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], max_fpr=np.float64(0.25))
    assert value == Fraction(5, 7)


def test_the_runner_puts_the_twins_in_sklearns_place() -> None:
    # scripts/run_sklearn_tests.py rewrites sklearn's test_ranking.py: after its last import,
    # the twins (with sklearn's return types) replace sklearn's five functions
    import importlib.util
    from pathlib import Path

    from tests.profiles import sklearn_as_floats

    path = Path(__file__).resolve().parents[2] / "scripts" / "run_sklearn_tests.py"
    spec = importlib.util.spec_from_file_location("run_sklearn_tests", path)
    assert spec is not None and spec.loader is not None
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    source = "import numpy\nfrom sklearn.metrics import (\n    roc_curve,\n)\n\nF = roc_curve\n"
    namespace: dict[str, Any] = {}
    exec(runner.rewrite(source), namespace)
    assert namespace["F"] is sklearn_as_floats.roc_curve
    given = sklearn_as_floats.roc_curve(Y, S)
    for mine, theirs in zip(given, metrics.roc_curve(Y, S), strict=True):
        assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs)
    assert sklearn_as_floats.roc_auc_score(Y, S) == metrics.roc_auc_score(Y, S)


def test_a_made_warning_class_pickles_and_is_found_by_name() -> None:
    # pytest-xdist (and pickle) find a warning's class as getattr(module, name): a made class
    # that was not an attribute of its module broke a parallel run of the suite
    import importlib
    import pickle

    from rocpr_exact.profiles.one_class import tool_warning

    made = tool_warning(RuntimeWarning)
    module = importlib.import_module(made.__module__)
    assert getattr(module, made.__name__) is made
    assert type(pickle.loads(pickle.dumps(made("m")))) is made
    assert tool_warning(made) is made
    # a process that has not made the class yet (pytest-xdist's controller) finds it too
    import subprocess
    import sys

    code = "import pickle, sys; print(type(pickle.loads(sys.stdin.buffer.read())).__mro__[1])"
    child = subprocess.run(
        [sys.executable, "-c", code], input=pickle.dumps(made("m")), capture_output=True
    )
    assert child.stdout.decode().strip() == "<class 'rocpr_exact.errors.OneClassWarning'>"
