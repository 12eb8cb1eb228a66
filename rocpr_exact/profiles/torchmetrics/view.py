"""torchmetrics 1.9.0's view of a binary input: preds, target and thresholds as torch holds them.

The reading half of :mod:`rocpr_exact.profiles.torchmetrics` (see its docstring): ``preds``
in their float dtype (a list: float32), logits through torch's sigmoid
(:mod:`rocpr_exact.profiles.sigmoid`), ``ignore_index`` applied, ``thresholds`` as
torchmetrics makes them.  Each value exact.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, TypeAlias

import numpy as np

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.limits import check_grid_points
from rocpr_exact.profiles.ieee import FLOAT32, exact_values, round_binary
from rocpr_exact.profiles.sigmoid import sigmoid_view

#: the one function of a tool here (the readers are the twins' own, reached through them)
__all__ = ["linspace_grid"]

VERSION = "torchmetrics 1.9.0"
Rates: TypeAlias = tuple[Fraction, ...]
Precisions: TypeAlias = tuple[Fraction | None, ...]
#: (scores, labels as 0/1) after ignore_index, and the thresholds (None: unbinned)
Input: TypeAlias = tuple[list[Fraction], list[int], list[Fraction] | None]


def linspace_grid(n: int) -> list[Fraction]:
    """``torch.linspace(0, 1, n)`` in float32, exactly (torch 2.13 CPU kernel).

    step = fl(1 / (n - 1)); index i < n // 2 gives fl(i * step), the others
    fl(1 - (n - 1 - i) * step), each rounded once (the kernel's fused multiply-add).
    Checked against torch 2.13.0 for every n in 2..5000 (AVX512 CPU).

    >>> [str(t) for t in linspace_grid(5)]
    ['0', '1/4', '1/2', '3/4', '1']
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 2:
        raise InvalidInputError(f"the number of thresholds must be an int larger than 1, got {n!r}")
    step = round_binary(Fraction(1, n - 1), FLOAT32)
    half = n // 2
    return [
        round_binary(step * i if i < half else 1 - step * (n - 1 - i), FLOAT32) for i in range(n)
    ]


def is_array(value: Any) -> bool:
    """Whether ``value`` is a numpy array or a torch tensor (which keep their own dtype)."""
    return isinstance(value, np.ndarray) or type(value).__module__.split(".")[0] == "torch"


def read_preds(preds: Any) -> list[Fraction]:
    """``preds`` as torch holds them, exact: a list as float32, an array in its float dtype."""
    array = np.asarray(preds)
    if array.dtype.kind != "f":
        raise InvalidInputError(
            f"preds must hold floats, got dtype {array.dtype}: {VERSION} raises ValueError"
        )
    dtype = str(array.dtype) if is_array(preds) else "float32"
    return exact_values(array.ravel(), dtype, "preds")


def _target(target: Any, ignore_index: int | None) -> list[int]:
    array = np.asarray(target)
    if array.dtype.kind not in "biu":
        raise InvalidInputError(
            f"target must hold integer labels, got dtype {array.dtype}: {VERSION} raises ValueError"
        )
    values = [int(v) for v in array.ravel().tolist()]
    allowed = {0, 1} if ignore_index is None else {0, 1, ignore_index}
    if not set(values) <= allowed:
        raise InvalidInputError(f"target holds {sorted(set(values) - allowed)}; it takes 0 and 1")
    return values


def read_thresholds(thresholds: Any) -> list[Fraction] | None:
    """``thresholds`` as torchmetrics makes them: None, the linspace grid, float32 list, array."""
    if thresholds is None:
        return None
    if isinstance(thresholds, int) and not isinstance(thresholds, bool):
        if thresholds < 2:
            raise InvalidInputError(f"thresholds must be an int larger than 1, got {thresholds}")
        if thresholds > 2**24:
            raise InvalidInputError(f"thresholds={thresholds} is past 2**24 (not modelled)")
        check_grid_points(
            thresholds,
            f"torchmetrics' thresholds: {thresholds:,} grid points, which",
            "fewer thresholds are faster; ",
        )
        return linspace_grid(thresholds)
    if isinstance(thresholds, list):
        if not all(isinstance(t, float) and 0 <= t <= 1 for t in thresholds):
            raise InvalidInputError("thresholds as a list must hold floats in [0, 1]")
        return exact_values(thresholds, "float32", "thresholds")
    if is_array(thresholds) and np.asarray(thresholds).ndim == 1:
        array = np.asarray(thresholds)
        if array.dtype.kind != "f":
            raise InvalidInputError("thresholds as an array must hold floats")
        return exact_values(array, str(array.dtype), "thresholds")
    raise InvalidInputError("thresholds must be None, an int, a list of floats or a 1-D array")


def read_binary(
    preds: Any, target: Any, thresholds: Any, ignore_index: Any, shown: bool = False
) -> Input:
    """(scores, labels, thresholds) after ``ignore_index`` and the sigmoid of logits.

    ``shown``: the scores are returned (an unbinned curve's thresholds), see
    :func:`~rocpr_exact.profiles.sigmoid.sigmoid_view`.
    """
    if ignore_index is not None and (
        not isinstance(ignore_index, int) or isinstance(ignore_index, bool)
    ):
        raise InvalidInputError(f"ignore_index must be None or an int, got {ignore_index!r}")
    if np.shape(preds) != np.shape(target):
        raise InvalidInputError(
            f"preds and target must have the same shape, got {np.shape(preds)} and "
            f"{np.shape(target)}"
        )
    cuts = read_thresholds(thresholds)
    scores, labels = read_preds(preds), _target(target, ignore_index)
    kept = [(s, y) for s, y in zip(scores, labels, strict=True) if y != ignore_index]
    if not kept:
        raise InvalidInputError("no example left after ignore_index")
    scores = [s for s, _ in kept]
    if any(not 0 <= s <= 1 for s in scores):  # logits: torchmetrics applies preds.sigmoid()
        dtype = str(np.asarray(preds).dtype) if is_array(preds) else "float32"
        scores = sigmoid_view(scores, dtype, cuts, shown, VERSION)
    return scores, [y for _, y in kept], cuts
