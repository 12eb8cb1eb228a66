"""Hypothesis strategies for scored datasets that break metric implementations.

``datasets()`` draws ``(scores, labels)``: scores a list of Python floats, labels a list of 0/1.
It mixes the shapes where implementations of AUC-ROC and average precision go wrong:

* ties of every shape: every score tied, a few distinct values, ties across the classes;
* scores that differ only in their last bits (neighbouring doubles);
* float32 and float16 collisions: doubles that a cast to float32 (or float16) makes equal;
* many decimals (values that rounding to 6 places merges), negative, zero, ``-0.0``,
  subnormal and huge scores;
* labels of any mix, heavily skewed, balanced, a single positive or a single negative, one
  class only (with ``one_class=True``);
* sizes from 1 to ``max_size`` (a few thousand): up to 60 examples as a hypothesis list (which
  shrinks by deleting examples) of at least 1, 4 or 16 examples, one draw in ten a large
  dataset made by numpy from a seed.

``weighted_datasets()`` adds a list of positive weights.  Hypothesis shrinks a failing draw
towards few examples, few distinct scores and the simplest values.  Requires hypothesis
(``pip install hypothesis``); the package itself does not.

>>> from hypothesis import given, settings
>>> @settings(max_examples=20, database=None)
... @given(datasets(max_size=50))
... def check(data):
...     scores, labels = data
...     assert len(scores) == len(labels) and 0 in labels and 1 in labels
>>> check()
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import strategies as st

__all__ = ["LABELS", "SHAPES", "Dataset", "datasets", "weighted_datasets"]

Dataset = tuple[list[float], list[int]]

#: Score shapes, simplest first (hypothesis shrinks towards the first).
SHAPES = ("ties", "last_bits", "float32", "float16", "decimals", "wide", "uniform")
#: Label shapes, simplest first.
LABELS = ("any", "one_positive", "one_negative", "skewed", "balanced", "one_class")
#: Longest dataset drawn as a hypothesis list; longer ones come from a seed (numpy).
LIST_SIZE = 60
#: Draws that make a large dataset's seed: more choices than a list of a dozen examples takes.
SEED_CHOICES = 48
#: The least sizes of a list-drawn dataset, one drawn per dataset (a log scale; the first
#: is the simplest).
FLOORS = (1, 4, 16)
#: Scores hard to get right: zeros, a subnormal, huge values.
SPECIAL = (0.0, -0.0, 5e-324, -1.0, 1e300, -1e300, 1e-310, 2.0**60)


def _neighbour(base: float, step: int) -> float:
    """``base`` moved by ``step`` ulps (a neighbouring double)."""
    for _ in range(abs(step)):
        base = math.nextafter(base, math.inf if step > 0 else -math.inf)
    return base


def _collision(base: float, dtype: Any) -> Callable[[tuple[int, int]], float]:
    """(centre, offset) -> a double near ``base`` + centre spacings of ``dtype``: offsets are
    eighths of a spacing, so values of one centre are distinct doubles the cast merges."""
    spacing = float(np.finfo(dtype).eps) * base
    return lambda co: base + co[0] * spacing + co[1] * spacing / 8


@st.composite
def _score(draw: st.DrawFn, shape: str) -> st.SearchStrategy[float]:
    """The strategy of one score of ``shape``, its parameters drawn once per dataset."""
    if shape == "ties":
        scale = draw(st.sampled_from((1.0, 0.1, 0.25, -1.0, 1e-3)))
        return st.integers(0, draw(st.integers(0, 8))).map(lambda v: v * scale)
    if shape == "last_bits":
        base = draw(st.sampled_from((0.5, 0.1, 1.0, 0.9, 1e-300, 3.0)))
        return st.integers(-3, 3).map(lambda k: _neighbour(base, k))
    if shape in ("float32", "float16"):
        base = draw(st.sampled_from((0.5, 0.3, 1.0, 0.7, 100.0)))
        pairs = st.tuples(st.integers(-3, 3), st.integers(-4, 4))
        return pairs.map(_collision(base, np.float32 if shape == "float32" else np.float16))
    if shape == "decimals":
        step, base = 10.0 ** -draw(st.integers(6, 17)), draw(st.sampled_from((0.5, 0.123456)))
        return st.integers(0, 30).map(lambda i: base + i * step)
    if shape == "wide":
        finite = st.floats(allow_nan=False, allow_infinity=False)
        return st.one_of(st.sampled_from(SPECIAL), finite)
    return st.floats(0, 1)


def _large(seed: int, size: int, shape: str) -> list[float]:
    """``size`` scores of ``shape`` from numpy's generator (fast for thousands)."""
    rng = np.random.default_rng(seed)
    if shape == "ties":
        values = rng.integers(0, rng.integers(1, 9), size) * 0.1
    elif shape == "last_bits":
        values = 0.5 + rng.integers(-3, 4, size) * math.ulp(0.5)
    elif shape in ("float32", "float16"):
        spacing = float(np.finfo(np.float32 if shape == "float32" else np.float16).eps) * 0.5
        values = 0.5 + rng.integers(-3, 4, size) * spacing + rng.integers(-4, 5, size) * spacing / 8
    elif shape == "decimals":
        values = 0.5 + rng.integers(0, 31, size) * 1e-9
    elif shape == "wide":
        values = rng.standard_normal(size) * 10.0 ** rng.integers(-300, 300, size)
    else:
        values = rng.random(size)
    return [float(v) for v in values]


def _labels(draw: st.DrawFn, labels: list[int], shape: str, one_class: bool) -> list[int]:
    size = len(labels)
    if shape == "one_class":
        return [labels[0]] * size
    if shape in ("one_positive", "one_negative"):
        odd = int(shape == "one_positive")
        labels = [1 - odd] * size
        labels[draw(st.integers(0, size - 1))] = odd
    elif shape == "skewed":  # about one in 50 positive
        labels = [int(y and i % 50 == 0) for i, y in enumerate(labels)]
    elif shape == "balanced":
        labels = [i % 2 for i in range(size)]
    if not one_class:
        for missing in (1, 0):
            if missing not in labels:
                labels[draw(st.integers(0, size - 1))] = missing
    return labels


@st.composite
def datasets(
    draw: st.DrawFn, min_size: int = 1, max_size: int = 3000, one_class: bool = False
) -> Dataset:
    """``(scores, labels)``: scores of one of :data:`SHAPES`, labels of one of :data:`LABELS`.

    Without ``one_class`` every dataset has a positive and a negative (so at least 2 examples);
    with it, a dataset may hold one class only.
    """
    low = max(min_size, 1 if one_class else 2)
    shape = draw(st.sampled_from(SHAPES))
    label_shape = draw(st.sampled_from(LABELS if one_class else LABELS[:-1]))
    if max_size > LIST_SIZE and draw(st.integers(0, 9)) == 9:
        size = draw(st.integers(max(low, LIST_SIZE), max_size))
        # the seed as SEED_CHOICES small draws: more choices than any list-branch dataset, so
        # that hypothesis, which prefers fewer choices, shrinks towards a short list instead
        entropy = draw(st.lists(st.integers(0, 255), min_size=SEED_CHOICES, max_size=SEED_CHOICES))
        seed = int.from_bytes(bytes(entropy[:8]), "little") + sum(entropy)
        scores = _large(seed, size, shape)
        rng = np.random.default_rng(seed + 1)
        labels = [int(y) for y in rng.integers(0, 2, size)]
    else:
        pair = st.tuples(draw(_score(shape)), st.integers(0, 1))
        top = max(low, min(max_size, LIST_SIZE))
        # at least 1, 4 or 16 examples: hypothesis lists average about 6, which seldom reaches
        # a bug that needs a dozen examples (a top-k cut); shrinking the floor frees the list
        floor = draw(st.sampled_from(sorted({min(max(low, f), top) for f in FLOORS})))
        rows = draw(st.lists(pair, min_size=floor, max_size=top))
        scores, labels = [s for s, _ in rows], [y for _, y in rows]
    return scores, _labels(draw, labels, label_shape, one_class)


@st.composite
def weighted_datasets(
    draw: st.DrawFn, min_size: int = 1, max_size: int = 3000, one_class: bool = False
) -> tuple[list[float], list[int], list[float]]:
    """``(scores, labels, weights)``: :func:`datasets` with a positive weight per example
    (small integers, halves and quarters: exact in binary, so exact and float sums agree)."""
    scores, labels = draw(datasets(min_size, max_size, one_class))
    weight = st.sampled_from((1.0, 2.0, 0.5, 3.0, 0.25, 10.0))
    weights = draw(st.lists(weight, min_size=len(scores), max_size=len(scores)))
    return scores, labels, weights
