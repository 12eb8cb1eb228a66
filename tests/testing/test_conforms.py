"""assert_conforms catches every seeded bug with a small counterexample and flags no correct
implementation (the real scikit-learn functions against their twins, exact float ones)."""

from __future__ import annotations

import math
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from sklearn.metrics import average_precision_score, roc_auc_score

from rocpr_exact.errors import InvalidInputError, MissingDependencyError
from rocpr_exact.testing import assert_conforms
from rocpr_exact.testing.conform import ConformanceError, judge, search
from rocpr_exact.testing.strategies import datasets
from tests.strategies import examples
from tests.testing.buggy import BUGGY, CORRECT

#: Seconds of search for a seeded bug: a cap (each is found within about 2 s here, the search
#: stops at the first failure), the same in every hypothesis profile.
CATCH_SECONDS = 10.0
#: Seconds of search for a correct implementation (all of it is spent).
SECONDS = 0.5


@pytest.mark.parametrize("name", list(BUGGY))
def test_every_seeded_bug_is_caught_with_at_most_10_examples(name: str) -> None:
    func, metric = BUGGY[name]
    with pytest.raises(ConformanceError) as caught:
        assert_conforms(func, metric, max_examples=examples(20), seconds=CATCH_SECONDS, seed=0)
    error = caught.value
    assert 1 <= len(error.scores) == len(error.labels) <= 10
    # the attributes are the counterexample: the function is wrong there, by the judge again
    assert judge(metric, error.scores, error.labels, error.got, 0, 0) is not None
    assert f"{len(error.scores)} examples" in str(error) and "scores" in str(error)
    if name in NAMED:  # explain names the convention the bug computes
        assert NAMED[name] in str(error)


#: The seeded bugs whose value is a convention explain knows, and the words it names it by.
NAMED = {
    "ties by index": "ties broken in input order",
    "trapezoid AP": "sklearn.auc_pr_trapezoid",
    "float32 cast": "on the scores cast to float32",
    "float16 cast": "on the scores cast to float16",
    "one positive shortcut": "ties broken positives first",
}


@pytest.mark.parametrize(
    ("func", "metric"),
    [
        *CORRECT.values(),
        (lambda s, y: average_precision_score(y, s), "sklearn.average_precision_score"),
        (lambda s, y: roc_auc_score(y, s), "sklearn.roc_auc_score"),
    ],
)
def test_correct_implementations_are_never_flagged(func: object, metric: str) -> None:
    assert_conforms(func, metric, max_examples=examples(10), seconds=SECONDS, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("inputs", ["float32", "list", "integers", "pandas"])
def test_inputs_forms_reach_the_function(inputs: str) -> None:
    seen: set[str] = set()

    def ap(scores: object, labels: object) -> float:
        seen.add(type(scores).__name__ + getattr(getattr(scores, "dtype", None), "name", ""))
        return CORRECT["float AP"][0](list(scores), list(labels))  # type: ignore[call-overload]

    assert_conforms(ap, "average_precision", max_examples=8, inputs=inputs, seed=2)
    assert seen == {
        "float32": {"ndarrayfloat32"},
        "list": {"list"},
        "integers": {"ndarrayint64"},
        "pandas": {"Seriesfloat64"},
    }[inputs]


def test_a_raising_or_nan_answer_on_defined_data_fails() -> None:
    with pytest.raises(ConformanceError, match="raised ZeroDivisionError"):
        assert_conforms(lambda s, y: 1 / 0, "roc_auc", max_examples=5, seed=0)
    with pytest.raises(ConformanceError, match="not finite"):
        assert_conforms(lambda s, y: math.nan, "roc_auc", max_examples=5, seed=0, one_class=False)


def test_bad_usage_is_the_library_error() -> None:
    for kwargs in ({"inputs": "float8"}, {"max_examples": 0}):
        with pytest.raises(InvalidInputError):
            assert_conforms(lambda s, y: 0.5, "roc_auc", **kwargs)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="unknown metric"):
        assert_conforms(lambda s, y: 0.5, "auc_typo")


def test_the_time_budget_stops_the_search() -> None:
    found, tried = search(lambda s, y: None, max_examples=10**6, seconds=0.3, seed=0)
    assert found is None and 1 <= tried < 10**6


def test_no_dataset_is_judged_twice_and_sizes_reach_past_a_dozen() -> None:
    seen: list[tuple[tuple[str, ...], tuple[int, ...]]] = []

    def answer(scores: list[float], labels: list[int]) -> None:
        seen.append((tuple(map(repr, scores)), tuple(labels)))

    _, tried = search(answer, max_examples=examples(Fraction(2, 5)), max_size=200, seed=3)
    # hypothesis redraws some datasets (mutations); each is judged once (repr: -0.0 is not 0.0)
    assert len(seen) == len(set(seen)) == tried
    # the floors 4 and 16: lists of more than 12 examples, not only ones of about 6
    assert sum(len(scores) > 12 for scores, _ in seen) >= len(seen) // 10


@settings(deadline=None, max_examples=examples(Fraction(1, 5)))
@given(datasets(max_size=200, one_class=True))
def test_strategy_shapes(data: tuple[list[float], list[int]]) -> None:
    scores, labels = data
    assert 1 <= len(scores) == len(labels) <= 200
    assert set(labels) <= {0, 1} and all(math.isfinite(s) for s in scores)


@settings(deadline=None, max_examples=examples(Fraction(1, 5)))
@given(datasets(max_size=30))
def test_without_one_class_both_classes(data: tuple[list[float], list[int]]) -> None:
    assert {0, 1} == set(data[1])


def test_pandas_inputs_without_pandas_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # find_spec answers None: not installed
    with pytest.raises(MissingDependencyError, match="inputs='pandas' needs pandas"):
        assert_conforms(lambda s, y: 0.5, "average_precision", max_examples=1, inputs="pandas")
