"""The report's vectorised path (numpy input) against the exact values and the Python path.

* certified digits from int64 array terms (:func:`certified_area`, forced with
  ``small_bits=0``) equal the rounding of the exact area (``auc_pr``, a Fraction or a closed
  form, rounded by :func:`rocpr_exact.exact.display.number`), on many small datasets with
  ties, 1% and 50% positives;
* the whole report from numpy arrays equals the report from Python lists with numpy switched
  off (every count, corner and area by the Python loops and sums), on medium datasets that
  cross the size thresholds, and so do curves from pandas Series and from histogram rows;
* :class:`ArrayRatios` encloses the exact sum (Fractions).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact.areas.auc import PR_METHODS, auc_pr, auc_roc
from rocpr_exact.areas.records import certified_area
from rocpr_exact.core import counts, views
from rocpr_exact.exact.arrayfixed import ArrayRatios
from rocpr_exact.exact.display import number
from rocpr_exact.geometry.hull import roc_convex_hull
from rocpr_exact.output.report import build_report


@contextmanager
def python_path() -> Iterator[None]:
    """Curves from Python lists take the plain-Python path: no count is put in an array."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(views, "np", None)
        yield


@st.composite
def arrays(draw: st.DrawFn, max_size: int = 400) -> tuple[np.ndarray, np.ndarray]:
    """Integer scores with few or many distinct values, labels with 1% to 99% positives."""
    size = draw(st.integers(2, max_size))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    rate = draw(st.sampled_from([1, 10, 50, 90, 99]))
    labels = (rng.integers(0, 100, size) < rate).astype(np.int8)
    labels[0], labels[1] = 1, 0  # both classes
    distinct = draw(st.sampled_from([2, 5, 30, size, 10 * size]))
    shift = draw(st.integers(0, distinct))  # how informative the scores are
    scores = rng.integers(0, distinct, size) + shift * labels.astype(np.int64)
    return scores.astype(draw(st.sampled_from([np.int64, np.float64]))), labels


@given(arrays(), st.sampled_from([1, 5, 30]))
def test_certified_digits_are_the_exact_rounding(
    data: tuple[np.ndarray, np.ndarray], digits: int
) -> None:
    curve = rx.Curve.from_scores(*data)
    for method in PR_METHODS:
        fast = certified_area(curve, method, digits, small_bits=0)
        if fast is not None:
            assert fast == number(auc_pr(curve, method), digits)["decimal"], method


@given(arrays())
def test_vectorised_counts_equal_the_python_path(data: tuple[np.ndarray, np.ndarray]) -> None:
    scores, labels = data
    fast = rx.Curve.from_scores(scores, labels)
    with python_path():
        slow = rx.Curve.from_scores(scores.tolist(), labels.tolist())
        slow_values = (slow.corners(), slow.corner_index(), slow.rising_index())
        slow_values += (auc_roc(slow), roc_convex_hull(slow))
    assert fast == slow
    fast_values = (fast.corners(), fast.corner_index(), fast.rising_index())
    assert (*fast_values, auc_roc(fast), roc_convex_hull(fast)) == slow_values


@pytest.mark.parametrize(
    ("n", "rate", "decimals"),
    [(6000, 50, None), (6000, 1, None), (9000, 50, 2), (5000, 90, None), (300, 50, None)],
)
def test_report_from_arrays_equals_report_from_lists(
    n: int, rate: int, decimals: int | None
) -> None:
    rng = np.random.default_rng(n + rate)
    labels = (rng.integers(0, 100, n) < rate).astype(np.int8)
    scores = rng.integers(0, 10**9, n) + 2 * 10**8 * labels.astype(np.int64)
    if decimals is not None:
        scores = scores // 10 ** (9 - decimals)
    fast = build_report(rx.Curve.from_scores(scores, labels), 30)
    from_lists = build_report(rx.Curve.from_scores(scores.tolist(), labels.tolist()), 30)
    with python_path():
        slow = build_report(rx.Curve.from_scores(scores.tolist(), labels.tolist()), 30)
    assert fast == slow == from_lists


@given(arrays(max_size=3000), st.booleans())
def test_histogram_columns_equal_the_python_merge(
    data: tuple[np.ndarray, np.ndarray], paper: bool
) -> None:
    scores, labels = data
    rows = [(s, int(y), 1 - int(y)) for s, y in zip(scores.tolist(), labels.tolist(), strict=True)]
    rows += [(rows[0][0], 0, 0)] * 1024  # repeated scores, empty rows: enough for the columns
    thresholds = "paper" if paper else "all"
    fast = rx.Curve.from_histogram(rows, thresholds)
    slow = rx.Curve.from_groups(counts.histogram_groups(rows), thresholds)
    assert fast == slow and tuple(fast.thresholds) == tuple(slow.thresholds)
    assert fast == rx.Curve.from_scores(scores, labels, thresholds)


def test_histogram_numpy_columns() -> None:
    scores, positives, negatives = (
        np.array([0.2, 0.9, 0.2]),
        np.array([1, 2, 0]),
        np.array([3, 0, 1]),
    )
    curve = rx.Curve.from_histogram((scores, positives, negatives))
    assert curve == rx.Curve.from_histogram([(0.2, 1, 3), (0.9, 2, 0), (0.2, 0, 1)])
    with pytest.raises(rx.InvalidInputError, match="negatives must be non-negative"):
        rx.Curve.from_histogram((scores, positives, -negatives))
    with pytest.raises(rx.InvalidInputError, match="positives must be a 1-d int array"):
        rx.Curve.from_histogram((scores, positives * 0.5, negatives))
    with pytest.raises(rx.InvalidInputError, match=r"the weights \(the counts\) sum to 0"):
        rx.Curve.from_histogram((scores, positives * 0, negatives * 0))


def test_pandas_series_take_the_numpy_path() -> None:
    pd = pytest.importorskip("pandas")
    scores, labels = np.array([0.9, 0.8, 0.8, 0.3]), np.array([1, 1, 0, 0])
    curve = rx.Curve.from_scores(pd.Series(scores), pd.Series(labels))
    assert type(curve.tps).__name__ == "ArrayView"
    assert curve == rx.Curve.from_scores([0.9, 0.8, 0.8, 0.3], [1, 1, 0, 0])
    nullable = rx.Curve.from_scores(pd.Series([3, 2, 1], dtype="Int64"), pd.Series([1, 0, 1]))
    assert nullable.tps == (0, 1, 1, 2)  # a nullable dtype takes the Python path


@given(st.lists(st.tuples(st.integers(0, 2**63 - 1), st.integers(1, 2**55 - 1)), max_size=30))
def test_array_ratios_enclose_the_exact_sum(pairs: list[tuple[int, int]]) -> None:
    numerators = np.array([n for n, _ in pairs], dtype=np.int64)
    denominators = np.array([d for _, d in pairs], dtype=np.int64)
    terms = ArrayRatios(numerators, denominators, [(-3, 7)])
    exact = sum((Fraction(n, d) for n, d in pairs), Fraction(-3, 7))
    for frac_bits in (1, 64, 200):
        low, high = terms.enclose(frac_bits)
        assert low <= exact * 2**frac_bits <= high
        assert high - low <= len(terms) + 1


@given(st.integers(1, 63), st.integers(1, 20_000), st.integers(0, 2**32))
def test_array_ratios_sum_wide_values_exactly(bits: int, size: int, seed: int) -> None:
    # many values of up to 63 bits: int64 sums in chunks (or split halves) that cannot overflow
    rng = np.random.default_rng(seed)
    numerators = rng.integers(0, 2**bits - 1, size, dtype=np.int64, endpoint=True)
    numerators[: size // 2] = 2**bits - 1  # the widest values, half of them
    denominators = np.ones(size, dtype=np.int64) + (rng.random(size) < 0.5)
    terms = ArrayRatios(numerators, denominators)
    pairs = zip(numerators.tolist(), denominators.tolist(), strict=True)
    exact = sum(Fraction(n, d) for n, d in pairs)
    low, high = terms.enclose(3)
    assert low <= exact * 8 <= high
    assert high - low <= size + 1
