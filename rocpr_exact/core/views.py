"""Read-only sequence views over numpy arrays, for curves built from numpy input.

A curve of n thresholds built from numpy arrays keeps its TP and FP counts and
its thresholds in arrays instead of tuples of n Python objects (for n = 10**7
that saves about a gigabyte and a second).  The views behave as the tuples
would: items are Python ``int`` (counts) or exact Python numbers (thresholds),
and a view compares equal to, and hashes like, the tuple of its items.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, overload

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is a dependency; kept importable without it
    np = None  # type: ignore[assignment]

__all__ = ["ArrayView", "MappedView", "int64_array", "take"]


class ArrayView(Sequence[Any]):
    """An immutable view of a 1-d numpy array whose items are exact Python numbers.

    ``.item()`` converts int64 to ``int`` and float16/32/64 to ``float`` exactly.
    """

    __slots__ = ("_array",)

    def __init__(self, array: Any) -> None:
        array.setflags(write=False)
        self._array = array

    def __len__(self) -> int:
        return int(self._array.shape[0])

    @property
    def array(self) -> Any:
        """The read-only numpy array behind the view."""
        return self._array

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Any, ...]: ...
    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return tuple(self._array[index].tolist())
        return self._array[index].item()

    def __iter__(self) -> Iterator[Any]:
        return iter(self._array.tolist())

    def take(self, index: Sequence[int]) -> tuple[Any, ...]:
        """The items at the given positions, as a tuple. O(len(index))."""
        return tuple(self._array[list(index)].tolist())

    def as_tuple(self) -> tuple[Any, ...]:
        """The items as a tuple (O(n) Python objects)."""
        return tuple(self._array.tolist())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ArrayView):
            return self.as_tuple() == other.as_tuple()
        if isinstance(other, tuple):
            return self.as_tuple() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __repr__(self) -> str:
        if len(self) <= 20:
            return repr(self.as_tuple())
        head = ", ".join(repr(x) for x in self[:3])
        return f"ArrayView(({head}, ... {len(self)} items))"


class MappedView(Sequence[Any]):
    """Thresholds made on access: ``value(key)`` of each item of an :class:`ArrayView` of keys.

    A reader that sorts exact scores by integer keys (the vectorised CSV path) keeps the
    keys and makes each exact score only when it is asked for; :meth:`subset` picks items
    (a curve's corners) without making any.

    >>> m = MappedView(ArrayView(np.array([3, 1, 2])), lambda key: key * 10)
    >>> m[0], m[1:], list(m.subset(np.array([2, 0])))
    (30, (10, 20), [20, 30])
    """

    __slots__ = ("_keys", "_value")

    def __init__(self, keys: ArrayView, value: Callable[[Any], Any]) -> None:
        self._keys, self._value = keys, value

    def __len__(self) -> int:
        return len(self._keys)

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Any, ...]: ...
    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return tuple(self._value(key) for key in self._keys[index])
        return self._value(self._keys[index])

    def __iter__(self) -> Iterator[Any]:
        return (self._value(key) for key in self._keys)

    def subset(self, index: Any) -> MappedView:
        """The items at the positions of the int64 array ``index``, still made on access."""
        return MappedView(ArrayView(self._keys.array[index]), self._value)


def take(values: Sequence[Any], index: Sequence[int]) -> tuple[Any, ...]:
    """The items at the given positions, as a tuple (vectorised for array views).

    >>> take((5, 6, 7, 8), [0, 2])
    (5, 7)
    """
    if isinstance(values, ArrayView):
        return values.take(index)
    return tuple(values[i] for i in index)


#: Counts up to this bound (2^62) are held in int64 arrays by :func:`int64_array`.
INT64_COUNTS = 1 << 62


def int64_array(values: Sequence[int]) -> Any:
    """The counts as a numpy int64 array, or None (no numpy, or a count of 2^62 or more).

    A view's own array is returned as is (no copy).  O(n) for a tuple.

    >>> int64_array((0, 3, 5)).tolist(), int64_array((0, 2**70))
    ([0, 3, 5], None)
    """
    if isinstance(values, ArrayView):
        return values.array
    if np is None:
        return None  # pragma: no cover - numpy is a dependency
    if len(values) and max(values[-1], values[0]) >= INT64_COUNTS:
        return None
    return np.fromiter(values, dtype=np.int64, count=len(values))
