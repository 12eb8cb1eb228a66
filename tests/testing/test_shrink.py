"""The conformance search's shrinker: a real failure, small, each candidate judged once, within
its deadline; and the search's time budget covers the shrinking (a cut-short counterexample is
still a failing dataset and says so)."""

from __future__ import annotations

import time
import warnings
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact.testing.conform import Counterexample, failure_message, judge, search
from rocpr_exact.testing.shrink import key, shrink
from rocpr_exact.testing.strategies import datasets
from tests.strategies import examples
from tests.testing.buggy import BUGGY

TOLERANCE = Fraction(1, 10**9), Fraction(0)


def judged(name: str) -> tuple[object, Counter[object]]:
    """The seeded bug's judge (its counterexample or None) and a tally of the datasets judged."""
    func, metric = BUGGY[name]
    calls: Counter[object] = Counter()

    def answer(scores: list[float], labels: list[int]) -> Counterexample | None:
        calls[key(scores, labels)] += 1
        with warnings.catch_warnings():  # a cast's overflow: its value is judged
            warnings.simplefilter("ignore")
            try:
                got: object = float(func(scores, labels))
            except Exception as exc:  # a finding, as assert_conforms reads it
                got = exc
        return judge(metric, scores, labels, got, *TOLERANCE)

    return answer, calls


@settings(deadline=None, max_examples=examples(Fraction(1, 4)))
@given(st.sampled_from(sorted(BUGGY)), datasets(max_size=40, one_class=True))
def test_a_shrunk_failure_still_fails_and_no_single_row_can_go(
    name: str, data: tuple[list[float], list[int]]
) -> None:
    answer, calls = judged(name)
    first = answer(*data)  # type: ignore[operator]
    if first is None:
        return  # the implementation is right on this dataset: nothing to shrink
    calls.clear()
    found = shrink(*data, first, answer)  # type: ignore[arg-type]
    # each candidate was judged once (the start was judged before), and counted as a run
    assert set(calls.values()) <= {1} and found.runs == len(calls)
    assert key(*data) not in calls
    assert found.complete and 1 <= len(found.scores) <= len(data[0])
    # the result is a failure (judged again, from scratch) ...
    assert answer(found.scores, found.labels) is not None  # type: ignore[operator]
    # ... whose every one-row deletion passes (checked by brute force), or is not a dataset
    for i in range(len(found.scores) if len(found.scores) > 1 else 0):
        rest = found.scores[:i] + found.scores[i + 1 :], found.labels[:i] + found.labels[i + 1 :]
        assert answer(*rest) is None, (name, found.scores, found.labels, i)  # type: ignore[operator]


@pytest.mark.parametrize("name", sorted(BUGGY))
def test_no_candidate_is_judged_twice_and_results_are_small(name: str) -> None:
    answer, calls = judged(name)
    # a seeded dataset of 40 rows on which each bug fails: the search's first failure
    found, _ = search(answer, max_examples=examples(20), seconds=10, seed=0)  # type: ignore[arg-type]
    assert found is not None and found.shrunk and len(found.scores) <= 10
    assert max(calls.values()) == 1  # the search and the shrinker judge a dataset once


def test_values_become_ranks_or_fewer_digits() -> None:
    # wrong when two scores differ but are equal to 3 significant digits: ranks hide that
    def wrong(scores: list[float], labels: list[int]) -> str | None:
        close = any(a != b and f"{a:.2e}" == f"{b:.2e}" for a in scores for b in scores)
        return "merged" if close else None

    found = shrink([0.123456789, 0.123456701, 0.9], [1, 0, 1], "merged", wrong)
    assert found.complete and len(found.scores) == 2
    # by hand: to 7 significant digits 0.123456701 -> 0.1234567 and 0.123456789 -> 0.1234568
    # still differ; to 6 both are 0.123457 (passes): 7 is the fewest digits that fail
    assert sorted(found.scores) == [0.1234567, 0.1234568]
    ranked = shrink([0.3, 0.7, 0.9], [1, 0, 1], "x", lambda s, y: "x" if y[0] == 1 else None)
    assert ranked.scores == [0.0] and ranked.labels == [1]


def test_the_deadline_stops_the_shrinking_with_a_failing_dataset() -> None:
    rows = 64
    wrong = lambda s, y: "two positives" if sum(y) >= 2 else None  # noqa: E731
    late = shrink([i / rows for i in range(rows)], [1] * rows, "two positives", wrong,
                  deadline=time.monotonic() - 1)  # fmt: skip
    assert not late.complete and late.runs == 0 and len(late.scores) == rows


def test_the_search_budget_covers_the_shrinking() -> None:
    # one dataset of 400 rows, every one wrong as soon as it has two positives; each run
    # costs 20 ms, so shrinking 400 rows (about 20 runs) cannot end within 0.1 s
    scores, labels = [i / 400 for i in range(400)], [1] * 400

    def slow(s: list[float], y: list[int]) -> Counterexample | None:
        time.sleep(0.02)
        return Counterexample(s, y, Fraction(1), 0.5, "wrong") if sum(y) >= 2 else None

    start = time.monotonic()
    found, _ = search(slow, seconds=0.1, strategy=st.just((scores, labels)), seed=0)
    assert time.monotonic() - start < 1.0
    assert found is not None and not found.shrunk and sum(found.labels) >= 2  # still fails
    assert 2 < len(found.scores) < 400
    message = failure_message("mine", "average_precision", found, 1e-9, 0)
    assert "(not fully shrunk: the time ran out while shrinking)" in message.splitlines()[0]
