"""Hypothesis strategies for datasets: ties, heavy skew, single examples, negatives first."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st

Dataset = tuple[list[int], list[int]]


@st.composite
def datasets(
    draw: st.DrawFn,
    min_size: int = 1,
    max_size: int = 40,
    max_distinct: int | None = None,
    need_both: bool = True,
) -> Dataset:
    """Integer scores (few distinct values, so many ties) and 0/1 labels.

    With ``need_both`` the dataset has at least one positive and one negative.
    """
    size = draw(st.integers(min_size, max_size))
    top = draw(st.integers(0, max_distinct if max_distinct is not None else size))
    scores = draw(st.lists(st.integers(0, top), min_size=size, max_size=size))
    labels = draw(st.lists(st.integers(0, 1), min_size=size, max_size=size))
    if need_both:
        if size < 2:
            scores, labels = [*scores, draw(st.integers(0, top))], [*labels, 1 - labels[0]]
        if 1 not in labels:
            labels[draw(st.integers(0, len(labels) - 1))] = 1
        if 0 not in labels:
            labels[draw(st.integers(0, len(labels) - 1))] = 0
    return scores, labels


@st.composite
def skewed_datasets(draw: st.DrawFn, positives: int = 20, negatives: int = 2000) -> Dataset:
    """Heavy class skew as in the paper's examples (20 vs 2000), few distinct scores."""
    distinct = draw(st.integers(1, 30))
    scores = [draw(st.integers(0, distinct)) for _ in range(positives)]
    scores += draw(st.lists(st.integers(0, distinct), min_size=negatives, max_size=negatives))
    return scores, [1] * positives + [0] * negatives


def negatives_first(dataset: Dataset) -> Dataset:
    """The same dataset with one extra negative ranked above every example."""
    scores, labels = dataset
    return [*scores, max(scores) + 1], [*labels, 0]


any_dataset = st.one_of(
    datasets(),
    datasets(max_distinct=0),  # every score tied
    datasets(max_distinct=2, max_size=200),
    datasets(max_size=3),
    datasets().map(negatives_first),
)

rates = st.fractions(min_value=0, max_value=1)
exact_recall = st.integers(1, 60).flatmap(lambda q: st.integers(0, q).map(lambda p: Fraction(p, q)))
