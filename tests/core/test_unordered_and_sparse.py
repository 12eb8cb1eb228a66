"""Scores, labels and weights are matched by position: no set, mapping or view is taken for a
sequence; a pandas SparseArray is read as its dense values.

``{0.1, 0.9, 5, 3}`` iterates in an order set by the values' hashes, so pairing it with
``[0, 1, 1, 0]`` gives an arbitrary dataset; every entry point refuses it in one line
(``core.data.refuse_unordered``, reached by the core's readers and by the twins' ``vector``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import rocpr_exact as rx
from rocpr_exact.profiles import auccalculator, precrec, proc, rocr

UNORDERED: list[Any] = [
    {0.1, 0.9, 5, 3},
    frozenset({0.1, 0.9, 5, 3}),
    {0.1: 0, 0.9: 1, 5: 1, 3: 0},
    {0.1: 0, 0.9: 1, 5: 1, 3: 0}.keys(),
    {"a": 0.1, "b": 0.9, "c": 5, "d": 3}.values(),
    {0.1: 0, 0.9: 1, 5: 1, 3: 0}.items(),
]
LABELS = [0, 1, 1, 0]
SCORES = [0.1, 0.9, 5, 3]

#: Each entry point, given an unordered collection as its scores, labels or weights.
CALLS: dict[str, Callable[[Any], object]] = {
    "Curve.from_scores scores": lambda u: rx.Curve.from_scores(u, LABELS),
    "Curve.from_scores labels": lambda u: rx.Curve.from_scores(SCORES, u),
    "Curve.from_scores weights": lambda u: rx.Curve.from_scores(SCORES, LABELS, weights=u),
    "delong_test": lambda u: rx.delong_test(u, [1, 2, 3, 4], LABELS),
    "auc_covariance": lambda u: rx.auc_covariance(u, [1, 2, 3, 4], LABELS),
    "proc.roc": lambda u: proc.roc(LABELS, u),
    "rocr.prediction": lambda u: rocr.prediction(u, LABELS),
    "precrec.evalmod": lambda u: precrec.evalmod(u, LABELS),
    "auccalculator.auc_roc": lambda u: auccalculator.auc_roc(u, LABELS),
}


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("unordered", UNORDERED, ids=lambda u: type(u).__name__)
def test_unordered_collections_are_refused_in_one_line(name: str, unordered: Any) -> None:
    with pytest.raises(rx.InvalidInputError) as raised:
        CALLS[name](unordered)
    message = str(raised.value)
    assert "\n" not in message
    assert type(unordered).__name__ in message


def test_ordered_iterables_still_pair_by_position() -> None:
    # a tuple, a generator and a range keep their order: scores 0.1, 0.9, 5, 3 ranked 5, 3, 0.9,
    # 0.1 with labels 1, 0, 1, 0: TP runs 1, 1, 2, 2 (hand-derived)
    for scores in (tuple(SCORES), (s for s in SCORES)):
        assert rx.Curve.from_scores(scores, LABELS).tps == (0, 1, 1, 2, 2)
    assert rx.Curve.from_scores(range(4), iter(LABELS)).tps == (0, 0, 1, 2, 2)


def test_a_pandas_sparse_array_is_read_as_its_dense_values() -> None:
    pd = pytest.importorskip("pandas")
    dense = [0.1, 0.0, 0.9, 0.0, 0.4]
    labels = [0, 1, 1, 0, 1]
    expected = rx.Curve.from_scores(dense, labels)
    sparse = pd.arrays.SparseArray(dense)  # fill value nan: every value stored
    zero_filled = pd.arrays.SparseArray(dense, fill_value=0.0)  # the zeros only implied
    for scores in (sparse, zero_filled, pd.Series(zero_filled)):
        assert rx.Curve.from_scores(scores, labels) == expected
        weighted = rx.Curve.from_scores(scores, labels, weights=pd.arrays.SparseArray([1] * 5))
        assert weighted == expected
    assert rx.Curve.from_scores(dense, pd.arrays.SparseArray(labels, fill_value=0)) == expected
    with pytest.raises(rx.InvalidInputError, match="NaN"):
        rx.Curve.from_scores(pd.arrays.SparseArray([0.1, None, 0.9]), [0, 1, 1])
