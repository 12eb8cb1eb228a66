"""Exact histograms: construction, invariants, checks, and merging of any split."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.core.curve import Curve
from rocpr_exact.engines.histogram import Histogram, from_labelled_counts, merge_histograms
from rocpr_exact.errors import InvalidInputError
from tests.strategies import any_dataset


def _plain(scores: list[int], labels: list[int]) -> list[tuple[int, int, int]]:
    """The histogram by definition: every distinct score, its positives and negatives."""
    return [
        (t, sum(1 for s, y in zip(scores, labels, strict=True) if s == t and y == 1),
         sum(1 for s, y in zip(scores, labels, strict=True) if s == t and y == 0))
        for t in sorted(set(scores), reverse=True)
    ]  # fmt: skip


@given(any_dataset, st.randoms(use_true_random=False))
def test_merge_of_any_split_is_the_histogram_of_the_whole(dataset, rnd):
    scores, labels = dataset
    parts: list[list[tuple[int, int, int]]] = [[] for _ in range(rnd.randint(1, 5))]
    for s, y in zip(scores, labels, strict=True):
        parts[rnd.randrange(len(parts))].append((s, y, 1 - y))  # empty parts happen
    merged = merge_histograms(Histogram.from_rows(p) for p in parts)
    merged._check()
    assert list(merged.groups) == _plain(scores, labels)
    assert merged.curve() == Curve.from_scores(scores, labels)


def test_scores_compare_exactly_across_types():
    h = Histogram.from_rows([(0.5, 1, 0), (Decimal("0.50"), 0, 1), (Fraction(1, 2), 1, 1)])
    assert h.groups == ((0.5, 2, 2),)
    h = Histogram.from_rows([(0.1, 1, 0), (Decimal("0.1"), 0, 1)])  # the double 0.1 > 1/10
    assert [g[1:] for g in h.groups] == [(1, 0), (0, 1)]


def test_labelled_counts_checks_every_value():
    h = from_labelled_counts([(1.0, True, 2), (1.0, 0, 3), ("2/3", "false", 1)], "t")
    assert h.groups == ((1.0, 2, 3), (Fraction(2, 3), 0, 1))
    for rows, fragment in [
        ([(None, 1, 1)], "NULL score"),
        ([(float("nan"), 1, 1)], "NaN score"),
        ([(1, 2, 1)], "label 2"),
        ([(1, None, 1)], "label None"),
        ([(1, "yes", 1)], "label 'yes'"),
        ([(1, 1, -1)], "non-negative int"),
        ([], "no data rows"),
        # nested values an engine may return (a list or struct column): refused, never a crash
        ([(1, [1], 1)], r"t: label \[1\] is not 0/1"),
        ([(1, {"a": 1}, 1)], "t: label {'a': 1} is not 0/1"),
        ([([0.5], 1, 1)], r"t: score \[0.5\] \(list\) is not a number"),
        ([(b"x", 1, 1)], r"t: score b'x' \(bytes\) is not a number"),
    ]:
        with pytest.raises(InvalidInputError, match=fragment):
            from_labelled_counts(rows, "t")


def test_invariants_are_checked():
    with pytest.raises(InvalidInputError, match="strictly decrease"):
        Histogram(((1, 1, 0), (2, 0, 1)))
    with pytest.raises(InvalidInputError, match="no examples"):
        Histogram(((1, 0, 0),))
    with pytest.raises(InvalidInputError, match="NaN"):
        Histogram.from_rows([(float("nan"), 1, 0)])
