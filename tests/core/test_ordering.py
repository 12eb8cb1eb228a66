"""ascending_order (a value sort of packed keys) against numpy's own sort and argsort.

The hard cases are scores equal in their high bits, which share a truncated key and come out in
index order: values a few ulps apart (np.nextafter), -0.0 and 0.0, integers that differ only in
their low bits, at sizes whose index takes few or many bits.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.core import ordering
from rocpr_exact.core.ordering import ascending_order


def check(scores: np.ndarray) -> None:
    order, ranked = ascending_order(scores)
    assert sorted(order.tolist()) == list(range(scores.shape[0]))  # a permutation
    assert (scores[order] == np.sort(scores)).all()  # ascending (ties in any order)
    assert (ranked == scores[order]).all()


def near(base: list[float], steps: list[int]) -> np.ndarray:
    """Each base value moved by a few ulps (up or down): runs of one truncated key."""
    values = np.array(base, dtype=np.float64)
    for i, step in enumerate(steps):
        for _ in range(abs(step)):
            values[i] = np.nextafter(values[i], np.inf if step > 0 else -np.inf)
    return values


bases = st.sampled_from([0.0, -0.0, 0.5, -1.5, 3.0, 1e300, -1e-300, 5e-324, np.inf, -np.inf])


@given(st.lists(st.tuples(bases, st.integers(-6, 6)), min_size=1, max_size=300))
def test_floats_a_few_ulps_apart(pairs: list[tuple[float, int]]) -> None:
    check(near([b for b, _ in pairs], [s for _, s in pairs]))


@given(st.lists(st.integers(-(2**63), 2**63 - 1), min_size=1, max_size=200))
def test_int64_extremes(values: list[int]) -> None:
    check(np.array(values, dtype=np.int64))


@given(st.lists(st.integers(-4, 4), min_size=1, max_size=200), st.integers(0, 62))
def test_int64_equal_high_bits(values: list[int], shift: int) -> None:
    # multiples of 2^shift plus small offsets: equal high bits, different low bits
    scores = np.array(values, dtype=np.int64)
    check((scores << shift) + scores % 3 if shift < 60 else scores + (1 << 60))


@pytest.mark.parametrize(
    "dtype", [np.bool_, np.int8, np.uint16, np.int32, np.uint32, np.uint64, np.float16, np.float32]
)
def test_other_dtypes(dtype: type) -> None:
    rng = np.random.default_rng(3)
    check((rng.random(5000) * 40 - (0 if np.dtype(dtype).kind in "bu" else 20)).astype(dtype))


def test_non_native_byte_order_and_large_collisions(monkeypatch: pytest.MonkeyPatch) -> None:
    runs: list[int] = []
    resort = ordering._sort_runs
    monkeypatch.setattr(
        ordering, "_sort_runs", lambda *args: runs.append(len(args[3])) or resort(*args)
    )
    rng = np.random.default_rng(4)
    values = rng.random(3000)
    check(values.astype(">f8"))
    check(values[::3])  # a strided view: the keys are built from its values, not its buffer
    check(rng.integers(-(10**6), 10**6, 3000).astype(">i8"))
    # 2^17 examples: 17 index bits dropped; values 1 + k ulps collide in whole runs
    size = 1 << 17
    check(1.0 + rng.integers(0, 1 << 16, size) * np.finfo(np.float64).eps)
    assert runs and runs[-1] > 1000  # the re-sort of runs did the work
