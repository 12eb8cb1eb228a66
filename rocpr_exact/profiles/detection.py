"""What the detection metrics (COCO, PASCAL VOC) share: matched flags, and the cumulative
TP and FP counts of the detections in the order the tools rank them."""

from __future__ import annotations

from collections.abc import Sequence
from numbers import Number
from typing import Any

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.profiles.arguments import vector
from rocpr_exact.profiles.ieee import exact_values

__all__ = ["flags_of", "ranked_counts"]


def flags_of(values: Sequence[Any], what: str) -> list[bool]:
    """``values`` as booleans (True/False or 0/1), one clear refusal otherwise."""
    flags = []
    for index, value in enumerate(vector(values, what)):
        number = isinstance(value, Number)  # not an array (its == is elementwise)
        if not (isinstance(value, bool) or (number and value in (0, 1))):
            raise InvalidInputError(
                f"{what} at index {index} must be True/False or 0/1, got {value!r}"
            )
        flags.append(bool(value))
    return flags


def ranked_counts(scores: Sequence[Any], hits: Sequence[bool]) -> list[tuple[int, int]]:
    """(TP, FP) after each detection, by decreasing float64 score; ties keep their order.

    Scores are read as the tools read them (float64; NaN, infinities and non-numbers are
    refused).  O(n log n).
    """
    keys = exact_values(vector(scores, "scores", "detection"), "float64", "scores")
    hits = flags_of(vector(hits, "hits", "detection"), "hits")
    if len(keys) != len(hits):
        raise InvalidInputError(
            f"scores must be one number per detection: {len(keys)} numbers for {len(hits)} "
            "detections"
        )
    tp = fp = 0
    counts = []
    for i in sorted(range(len(keys)), key=lambda i: -keys[i]):  # a stable sort
        tp, fp = (tp + 1, fp) if hits[i] else (tp, fp + 1)
        counts.append((tp, fp))
    return counts
