"""Hypothesis strategies for datasets: ties, heavy skew, single examples, negatives first."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import strategies as st

import rocpr_exact as rx

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


@st.composite
def worse_than_random(draw: st.DrawFn) -> Dataset:
    """Negatives scored above positives: score = noise + 3 (1 - label), noise in [0, width].

    With width <= 2 every negative outranks every positive, so the whole curve
    lies on or below the ROC diagonal; wider noise lets a few positives through.
    """
    _, labels = draw(datasets(max_size=30))
    width = draw(st.integers(0, 5))
    noise = draw(st.lists(st.integers(0, width), min_size=len(labels), max_size=len(labels)))
    return [e + 3 * (1 - y) for e, y in zip(noise, labels, strict=True)], labels


#: Steps (dTP, dFP) along a lattice chain; few directions make many collinear points.
_STEPS = [(1, 0), (0, 1), (1, 1), (2, 2), (1, 2), (2, 1), (1, 3), (3, 1), (2, 3)]

Chain = tuple[list[tuple[int, int]], int, int]


@st.composite
def lattice_chains(draw: st.DrawFn, max_steps: int = 40) -> Chain:
    """A curve as counts: (TP, FP) points reached by steps from a few directions, and P, N.

    One to three step directions, so long runs of collinear points and many
    points exactly on hull edges; at least one positive and one negative.
    """
    directions = draw(st.lists(st.sampled_from(_STEPS), min_size=1, max_size=3, unique=True))
    steps = draw(st.lists(st.sampled_from(directions), min_size=1, max_size=max_steps))
    if draw(st.booleans()):
        # Steepest steps first: a convex chain, every point on its hull, runs collinear; then
        # a few swaps of neighbours dent it (points just under the hull).
        steps.sort(key=lambda s: Fraction(s[1], s[0]) if s[0] else Fraction(10**9))
        for _ in range(draw(st.integers(0, 2))):
            i = draw(st.integers(0, len(steps) - 1))
            steps[i - 1], steps[i] = steps[i], steps[i - 1]
    points, tp, fp = [], 0, 0
    for dtp, dfp in steps:
        tp, fp = tp + dtp, fp + dfp
        points.append((tp, fp))
    if tp == 0:
        tp += 1
        points.append((tp, fp))
    if fp == 0:
        fp += 1
        points.append((tp, fp))
    return points, tp, fp


#: Curves for hull and achievable-curve tests: ties, all-tied data, negatives first, worse
#: than random, lattice chains full of collinear points, duplicate points given to from_counts.
hull_curves = st.one_of(
    any_dataset.map(lambda d: rx.Curve.from_scores(*d)),
    worse_than_random().map(lambda d: rx.Curve.from_scores(*d)),
    lattice_chains().map(lambda c: rx.Curve.from_counts(c[0] + c[0][::2], c[1], c[2])),
    lattice_chains(max_steps=80).map(lambda c: rx.Curve.from_counts(*c)),
)
