"""Exact twin of the COCO detection average precision (pycocotools ``COCOeval``, 2.0).

For one category, area range and IoU threshold, ``COCOeval.accumulate`` sorts the
detections by score (``np.argsort(-scores, kind="mergesort")``: stable, so tied
detections keep their order), accumulates TP and FP counts, and in float64 takes

    rc = tp / npig,    pr = tp / (fp + tp + np.spacing(1)),

makes ``pr`` non-increasing from the right (the precision envelope), and reads it
at the 101 recall thresholds ``np.linspace(0, 1, 101)`` with
``np.searchsorted(rc, recThrs, side="left")``; a threshold past the last recall
reads 0.  ``summarize`` averages the 101 values.

:func:`average_precision` reproduces this exactly: every double the tool
compares or reads (rc, pr, the threshold grid) is computed as the tool's
float64 operations round it (:func:`~rocpr_exact.exact.binary64.round_binary64`),
and the mean of the 101 doubles is returned as an exact Fraction.  The only
difference from COCOeval is its own float summation in ``np.mean`` (at most a
few units in the last place).  Note the float quirk it keeps: with a single
detection so far, ``pr = 1 / (1 + 2**-52)`` rounds to ``1 - 2**-52``, not 1.

No ground truth (``num_gt`` = 0): ``accumulate`` skips the category (``if npig == 0:
continue``), so its 101 values keep their initial -1, and ``summarize`` gives -1 when no
value is above -1; silently (pycocotools 2.0.11, tests/profiles/test_coco.py runs it).  The
twins return the same -1 values with an :class:`~rocpr_exact.errors.OneClassWarning`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.binary64 import DOUBLE_EPSILON, round_binary64
from rocpr_exact.profiles.arguments import vector
from rocpr_exact.profiles.detection import flags_of, ranked_counts
from rocpr_exact.profiles.one_class import warn_one_class

__all__ = ["RECALL_THRESHOLDS", "VERSION", "average_precision", "precision_at_recall_thresholds"]

VERSION = "pycocotools 2.0 COCOeval"


def _linspace_101() -> tuple[Fraction, ...]:
    """``np.linspace(0.0, 1.0, 101)``: fl(i * fl(1/100)) for i < 100, then exactly 1.0."""
    step = round_binary64(Fraction(1, 100))
    return (*(round_binary64(i * step) for i in range(100)), Fraction(1))


#: COCOeval's ``recThrs``, the doubles numpy builds (0.07 is ``7 * 0.01`` rounded, etc.).
RECALL_THRESHOLDS: tuple[Fraction, ...] = _linspace_101()


def precision_at_recall_thresholds(
    scores: Sequence[Any], matched: Sequence[Any], num_gt: int
) -> tuple[Fraction, ...]:
    """COCOeval's ``precision[t, :, k, a, m]`` row: the 101 doubles, as exact Fractions.

    ``scores`` are the detections' scores (concatenated over images as COCOeval
    does, each image's list already cut to ``maxDets``), ``matched`` whether each
    detection matched a ground truth that is not ignored (``dtm > 0 and not
    dtIg``; ignored detections must be left out by the caller), ``num_gt`` the
    number of ground truths that are not ignored (``npig``).  With ``num_gt`` = 0, COCOeval's
    101 values of -1, with an OneClassWarning (module notes).  O(n log n).
    """
    scores, matched = vector(scores, "scores", "detection"), vector(matched, "matched", "detection")
    if len(scores) != len(matched):
        raise InvalidInputError(
            f"scores and matched must have the same length, got {len(scores)} and {len(matched)}"
        )
    if isinstance(num_gt, bool) or not isinstance(num_gt, int) or num_gt < 0:
        raise InvalidInputError(f"num_gt must be an int >= 0, got {num_gt!r}")
    if num_gt == 0:
        if any(flags_of(matched, "matched")):
            raise InvalidInputError("matched holds a match but num_gt = 0 (nothing to match)")
        warn_one_class(
            VERSION,
            "num_gt = 0: accumulate skips the category, its precision stays -1 "
            "(without a warning)",
        )
        return (Fraction(-1),) * len(RECALL_THRESHOLDS)
    recall: list[Fraction] = []
    precision: list[Fraction] = []
    # mergesort in COCOeval is stable too: tied detections keep their order
    for tp, fp in ranked_counts(scores, flags_of(matched, "matched")):
        recall.append(round_binary64(Fraction(tp, num_gt)))
        denominator = round_binary64(fp + tp + DOUBLE_EPSILON)
        precision.append(round_binary64(tp / denominator))
    for i in range(len(precision) - 1, 0, -1):  # the envelope, from the right
        if precision[i] > precision[i - 1]:
            precision[i - 1] = precision[i]
    row: list[Fraction] = []
    j = 0
    for threshold in RECALL_THRESHOLDS:  # searchsorted(side="left"): first rc >= threshold
        while j < len(recall) and recall[j] < threshold:
            j += 1
        row.append(precision[j] if j < len(recall) else Fraction(0))
    return tuple(row)


def average_precision(scores: Sequence[Any], matched: Sequence[Any], num_gt: int) -> Fraction:
    """COCO AP for one category, area range and IoU threshold: the mean of the 101 values.

    >>> average_precision([0.9, 0.8, 0.7], [True, False, True], num_gt=2)   # doctest: +ELLIPSIS
    Fraction(...)
    >>> float(average_precision([0.9, 0.8, 0.7], [True, False, True], num_gt=2))
    0.8349834983498349

    Hand check: recall 1/2 after the first detection (precision 1 - 2**-52, the float
    quirk), 1 after the third (precision 2/3); thresholds 0..0.5 (51 of them) read
    1 - 2**-52, 0.51..1 (50) read 2/3: (51 (1 - 2**-52) + 50 (2/3)) / 101.

    With ``num_gt`` = 0 it is COCOeval's -1 (``summarize``'s value when every value is -1),
    with an OneClassWarning.
    """
    row = precision_at_recall_thresholds(scores, matched, num_gt)
    return sum(row, Fraction(0)) / len(row)
