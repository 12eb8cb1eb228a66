"""``assert_conforms``: search for data on which an implementation of a metric is wrong.

``assert_conforms(func, "average_precision")`` calls ``func(scores, labels)`` on datasets drawn
by :func:`rocpr_exact.testing.strategies.datasets` (ties of every shape, last-bit differences,
float32 collisions, skew, a single positive or negative, one class, huge and negative scores),
compares each answer with the exact metric, and when one is wrong shrinks the data to a
minimal dataset (:mod:`rocpr_exact.testing.shrink`), then raises :class:`ConformanceError`
(an ``AssertionError``) with the dataset, the exact value, the given value and what the given
value is instead (:func:`rocpr_exact.testing.explain.explain`).  ``rocpr-exact fuzz`` runs
the same search on a command (:func:`search`).

One class: where the metric is undefined (no positive or no negative) an answer of NaN or None,
or an exception, passes; a tool's metric (``sklearn.average_precision_score``) follows the
tool's own convention there as its twin returns it (:func:`compute_metric`: scikit-learn's AP
is 0.0 with no positive, torchmetrics' and keras' AUC-ROC 0; a twin's nan is "undefined").

This is a display module (floats only as the given values and in messages).
"""

from __future__ import annotations

import importlib.util
import math
import time
import warnings
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError, MissingDependencyError, RocPrError
from rocpr_exact.exact.display import number
from rocpr_exact.oracle.conformance import error_text, within
from rocpr_exact.oracle.metrics import canonical_metric, compute_metric
from rocpr_exact.testing.explain import Value, exact_target, explain
from rocpr_exact.testing.shrink import key, shrink
from rocpr_exact.testing.strategies import Dataset, datasets

__all__ = ["INPUTS", "ConformanceError", "Counterexample", "assert_conforms", "judge", "search"]

#: The forms ``func`` may ask its scores in (``inputs=``).
INPUTS = ("float64", "float32", "list", "integers", "pandas")
#: Answers :func:`search` keeps, so that a dataset drawn again is not judged again.
REMEMBERED = 1024


@dataclass(frozen=True)
class Counterexample:
    """A dataset on which the answer is wrong: as given to the implementation, the exact value
    (None where undefined), the answer (or the exception's text) and the reason."""

    scores: list[Any]
    labels: list[int]
    expected: Value | None
    got: Any
    reason: str
    #: False when the search's time ran out while shrinking: a real failure, maybe not minimal.
    shrunk: bool = True


class ConformanceError(AssertionError):
    """A failed :func:`assert_conforms`: the minimal dataset and the values, as attributes."""

    def __init__(self, message: str, found: Counterexample) -> None:
        super().__init__(message)
        self.scores, self.labels = found.scores, found.labels
        self.expected, self.got, self.counterexample = found.expected, found.got, found


class _OutOfTime(Exception):
    """The search's time is up (raised inside the hypothesis test, caught by :func:`search`)."""


class _Found(Exception):
    def __init__(self, found: Counterexample, dataset: Dataset) -> None:
        super().__init__(found.reason)
        self.found, self.dataset = found, dataset


def _as_inputs(scores: list[float], labels: list[int], inputs: str) -> tuple[Any, Any, list[Any]]:
    """The scores and labels as ``func`` takes them, and the scores' exact values."""
    if inputs == "integers":  # the order of the scores as integers (ties kept)
        ranks = {v: i for i, v in enumerate(sorted(set(scores)))}
        given: list[Any] = [ranks[v] for v in scores]
        return np.asarray(given), np.asarray(labels), given
    if inputs == "float32":  # scores beyond float32's range at its largest finite values
        top = float(np.finfo(np.float32).max)
        array = np.clip(np.asarray(scores, dtype=np.float64), -top, top).astype(np.float32)
        return array, np.asarray(labels), [float(v) for v in array]
    if inputs == "list":
        return list(scores), list(labels), list(scores)
    if inputs == "pandas":
        import pandas as pd  # type: ignore[import-untyped]

        return pd.Series(scores), pd.Series(labels), list(scores)
    return np.asarray(scores, dtype=np.float64), np.asarray(labels), list(scores)


def _undefined(got: Any) -> bool:
    return got is None or (isinstance(got, float) and math.isnan(got))


def _plain(got: Any) -> Any:
    item = getattr(got, "item", None)
    return item() if item is not None and type(got).__module__.startswith("numpy") else got


def judge(
    metric: str, scores: list[Any], labels: list[int], got: Any, rtol: Fraction, atol: Fraction
) -> Counterexample | None:
    """None when ``got`` is the metric on (scores, labels) within tolerance, else why not.

    ``got`` is the answer, or the exception the implementation raised.
    """
    curve = Curve.from_scores(np.asarray(scores, dtype=np.float64), labels)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a twin's one-class warning: its value says it
        try:
            found: Value | float | None = compute_metric(metric, curve)
        except RocPrError:  # undefined here (or the tool stops)
            found = None
    if found is None or isinstance(found, float):  # undefined, or the tool's nan
        if isinstance(got, BaseException) or _undefined(got):
            return None
        return Counterexample(scores, labels, None, got, "undefined here, but a number")
    expected: Value = found
    if isinstance(got, BaseException):
        return Counterexample(scores, labels, expected, got, f"raised {type(got).__name__}")
    if isinstance(got, bool) or not isinstance(got, int | float | Fraction):
        return Counterexample(scores, labels, expected, got, "not a number")
    if isinstance(got, float) and not math.isfinite(got):
        return Counterexample(scores, labels, expected, got, "defined here, but not finite")
    if within(Fraction(got), exact_target(expected), rtol, atol):
        return None
    return Counterexample(scores, labels, expected, got, "out of tolerance")


def search(
    answer: Callable[[list[float], list[int]], Counterexample | None],
    *,
    max_examples: int = 200,
    seconds: float | None = None,
    seed: int | None = None,
    max_size: int = 3000,
    one_class: bool = True,
    strategy: st.SearchStrategy[Dataset] | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> tuple[Counterexample | None, int]:
    """Draw datasets until ``answer`` returns a counterexample, then shrink it.

    Stops after ``max_examples`` datasets, or when ``seconds`` (search and shrinking together)
    have passed; ``seed`` makes the run reproducible.  Hypothesis draws the datasets and stops
    at the first wrong answer; :func:`rocpr_exact.testing.shrink.shrink` shrinks it (fewer
    program runs than hypothesis' shrinker; a counterexample whose shrinking the time cut short
    has ``shrunk`` False).  No dataset is judged twice (the last :data:`REMEMBERED` answers of
    the search are kept, and every answer while shrinking).  Returns the counterexample (or
    None) and the number of distinct datasets tried before shrinking.
    """
    data = strategy if strategy is not None else datasets(max_size=max_size, one_class=one_class)
    start = time.monotonic()
    state = {"tried": 0}
    judged: OrderedDict[tuple[tuple[str, ...], tuple[int, ...]], Counterexample | None] = (
        OrderedDict()
    )

    def remembered(scores: list[float], labels: list[int]) -> Counterexample | None:
        # hypothesis' mutations redraw the same data (a fifth to a third of the draws), and
        # the shrinker meets candidates again: a command is slow, so each is judged once
        dataset = key(scores, labels)
        if dataset in judged:
            judged.move_to_end(dataset)
            return judged[dataset]
        found = judged[dataset] = answer(scores, labels)
        if len(judged) > REMEMBERED:
            judged.popitem(last=False)
        return found

    @settings(
        max_examples=max_examples,
        deadline=None,
        database=None,
        report_multiple_bugs=False,
        suppress_health_check=list(HealthCheck),
        verbosity=Verbosity.quiet,
        phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.target),
    )
    @given(data)
    def run(dataset: Dataset) -> None:
        elapsed = time.monotonic() - start
        if seconds is not None and elapsed > seconds:
            raise _OutOfTime  # ends the search
        if key(*dataset) not in judged:
            state["tried"] += 1
            if progress is not None:
                progress(state["tried"], elapsed)
        found = remembered(*dataset)
        if found is not None:
            raise _Found(found, dataset)

    test = run if seed is None else hypothesis_seed(seed)(run)
    try:
        test()
    except (_Found, _OutOfTime, BaseExceptionGroup) as exc:
        # hypothesis may report the end of time as flaky (a group of _OutOfTime): not a finding
        leaves = _leaves(exc)
        first = next((leaf for leaf in leaves if isinstance(leaf, _Found)), None)
        if first is None:
            if not all(isinstance(leaf, _OutOfTime) for leaf in leaves):
                raise
            return None, state["tried"]
        deadline = None if seconds is None else start + seconds
        shrunk = shrink(*first.dataset, first.found, remembered, deadline=deadline)
        return replace(shrunk.verdict, shrunk=shrunk.complete), state["tried"]
    return None, state["tried"]


def _leaves(error: BaseException) -> list[BaseException]:
    """The exceptions inside an exception group (the error itself if it is not one)."""
    if isinstance(error, BaseExceptionGroup):
        return [leaf for inner in error.exceptions for leaf in _leaves(inner)]
    return [error]


def _shown(value: Value | None) -> str:
    if value is None:
        return "undefined"
    shown = number(value, 20)
    exact = shown["exact"]
    return f"{exact} = {shown['decimal']}" if isinstance(exact, str) else str(shown["decimal"])


def failure_message(name: str, metric: str, found: Counterexample, rtol: Any, atol: Any) -> str:
    """The assertion's message: the minimal dataset, the values and the diagnosis."""
    got = found.got
    raised = isinstance(got, BaseException)
    got_text = f"raised {type(got).__name__}: {got}" if raised else repr(got)
    if isinstance(got, Fraction):  # a command's printed decimal, read exactly
        got_text = str(Decimal(got.numerator) / Decimal(got.denominator))
    lines = [
        f"{name} does not conform to {metric} (rtol={rtol}, atol={atol}): {found.reason}, "
        f"on {len(found.scores)} examples"
        + ("" if found.shrunk else " (not fully shrunk: the time ran out while shrinking)"),
        f"  scores   {found.scores!r}",
        f"  labels   {found.labels!r}",
        f"  exact    {_shown(found.expected)}",
        f"  got      {got_text}",
    ]
    if isinstance(got, float | Fraction) and math.isfinite(got):
        if found.expected is not None:
            lines.append(f"  {error_text(Fraction(got), exact_target(found.expected))}")
        diagnosis = explain(found.scores, found.labels, float(got))
        lines += ["  " + line for line in diagnosis.summary().splitlines()]
    return "\n".join(lines)


def assert_conforms(
    func: Callable[[Any, Any], Any],
    metric: str,
    *,
    rtol: float | Fraction = 1e-9,
    atol: float | Fraction = 0,
    max_examples: int = 200,
    seconds: float | None = None,
    inputs: str = "float64",
    seed: int | None = None,
    max_size: int = 3000,
    one_class: bool = True,
) -> None:
    """Assert that ``func(scores, labels)`` is the named metric on every dataset tried.

    ``metric`` is a name of :mod:`rocpr_exact.oracle.metrics` (``"average_precision"``,
    ``"roc_auc"``, ``"auc_pr_davis_goadrich"``, ``"sklearn.average_precision_score"``, ...).
    Passes when |got - exact| <= atol + rtol |exact| on every one of at most ``max_examples``
    datasets tried within ``seconds`` (None: no time limit; the search and the shrinking
    together); ``seed`` fixes the datasets.
    ``inputs``: the scores as a float64 numpy array (default), ``"float32"`` (the exact values
    are then those of the float32 scores), ``"list"``, ``"integers"`` (their order, ties kept)
    or ``"pandas"`` (Series).  ``one_class=False`` draws no one-class data.

    >>> from sklearn.metrics import average_precision_score
    >>> assert_conforms(lambda s, y: average_precision_score(y, s),
    ...                 "sklearn.average_precision_score", max_examples=20, seed=1)
    """
    metric_name = canonical_metric(metric)
    if inputs not in INPUTS:
        raise InvalidInputError(f"inputs must be one of {', '.join(INPUTS)}, got {inputs!r}")
    if inputs == "pandas" and importlib.util.find_spec("pandas") is None:
        raise MissingDependencyError("inputs='pandas' needs pandas (pip install pandas)")
    if max_examples < 1:
        raise InvalidInputError(f"max_examples must be at least 1, got {max_examples!r}")
    tolerance = Fraction(rtol), Fraction(atol)

    def answer(scores: list[float], labels: list[int]) -> Counterexample | None:
        given_scores, given_labels, exact_scores = _as_inputs(scores, labels, inputs)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                got = _plain(func(given_scores, given_labels))
            except Exception as exc:  # the implementation's failure is a finding
                got = exc
        return judge(metric_name, exact_scores, labels, got, *tolerance)

    found, _ = search(
        answer,
        max_examples=max_examples,
        seconds=seconds,
        seed=seed,
        max_size=max_size,
        one_class=one_class,
    )
    if found is not None:
        name = getattr(func, "__name__", type(func).__name__)
        raise ConformanceError(failure_message(name, metric, found, rtol, atol), found)
