"""Exact twin of the PASCAL VOC detection average precision (the devkit's ``voc_eval``).

The detections of one class are sorted by confidence, TP and FP counts
accumulated, and in float64

    rec = tp / npos,    prec = tp / max(tp + fp, eps)        (eps = 2**-52),

then either (``use_07_metric=True``, VOC2007's 11-point metric) the mean over
t in ``np.arange(0, 1.1, 0.1)`` of the greatest precision at recall >= t (0 when
there is none), or (VOC2010 on, "all points") the area under the precision
envelope: with ``mrec = [0, rec, 1]`` and ``mpre = [0, prec, 0]`` made
non-increasing from the right, the sum of ``(mrec[i+1] - mrec[i]) * mpre[i+1]``
where the recall changes.

:func:`average_precision` reproduces this exactly: ``rec``, ``prec`` and the
11 thresholds are the doubles numpy stores
(:func:`~rocpr_exact.exact.binary64.round_binary64`; the thresholds are
``fl(i * fl(0.1))``, so the fourth is 0.30000000000000004), and the sums and
products over them are exact.  The only difference from the devkit is its own
rounding of those sums and products (a few units in the last place).

Where it cannot be a twin: the devkit orders detections with
``np.argsort(-confidence)``, numpy's default sort, which is not stable, so the
order of *tied* confidences (and with it the AP) is numpy's choice.  The twin
keeps tied detections in the order given (a stable sort); with distinct
confidences it is exact.

No ground truth (``num_gt`` = 0, every detection a false positive): the devkit's
``rec = tp / float(npos)`` is 0 / 0, numpy's nan with "RuntimeWarning: invalid value
encountered in divide" (MATLAB's ``tp / npos`` is NaN, silently).  All points, every
``mrec`` step is then "changed" (nan != x) and the sum holds nan * 0: AP nan; the 11-point
mean finds no ``rec >= t`` (nan compares false): AP 0.  Without detections ``rec`` is empty
(no division, no warning) and both give 0.  The twin returns the same (nan as
:data:`~rocpr_exact.profiles.one_class.NAN`) with an
:class:`~rocpr_exact.errors.OneClassWarning`.  Derived from ``voc_eval.py`` and ``voc_ap``
(py-faster-rcnn ``lib/datasets/voc_eval.py``), run in numpy by tests/profiles/test_voc.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.binary64 import round_binary64
from rocpr_exact.profiles.arguments import flag, vector
from rocpr_exact.profiles.detection import flags_of, ranked_counts
from rocpr_exact.profiles.one_class import tool_nan, warn_one_class

__all__ = ["ELEVEN_POINTS", "VERSION", "average_precision"]

VERSION = "PASCAL VOC devkit (voc_eval.py)"
NAN_RECALL = (
    "num_gt = 0: rec = tp / npos is nan (RuntimeWarning: invalid value encountered in divide)"
)

#: ``np.arange(0.0, 1.1, 0.1)`` as numpy builds it: fl(i * fl(0.1)), i = 0..10.
ELEVEN_POINTS: tuple[Fraction, ...] = tuple(
    round_binary64(i * round_binary64(Fraction(1, 10))) for i in range(11)
)


def average_precision(
    scores: Sequence[Any],
    labels: Sequence[Any],
    num_gt: int | None = None,
    use_07_metric: bool = False,
) -> Fraction | float:
    """VOC AP of one class: ``labels[i]`` is 1 when detection i is a true positive.

    ``num_gt`` is ``npos``, the ground truths that are not "difficult" (default:
    the number of true-positive detections).  With ``num_gt`` = 0, the devkit's nan (all
    points, detections given) or 0, with an OneClassWarning (module notes).  O(n log n).

    Hand check: detections TP, FP, TP with two ground truths: rec = 1/2, 1/2, 1,
    prec = 1, 1/2, 2/3; envelope 1, 2/3, 2/3: all points 1/2 * 1 + 1/2 * 2/3 = 5/6
    (prec 2/3 is the double nearest 2/3, so the value is within 2**-54 of 5/6).

    >>> float(average_precision([0.9, 0.8, 0.7], [1, 0, 1]))
    0.8333333333333333
    >>> float(average_precision([0.9, 0.8, 0.7], [1, 0, 1], use_07_metric=True))  # (6 + 5 * 2/3)/11
    0.8484848484848485
    """
    scores, labels = vector(scores, "scores", "detection"), vector(labels, "labels", "detection")
    if len(scores) != len(labels):
        raise InvalidInputError(
            f"scores and labels must have the same length, got {len(scores)} and {len(labels)}"
        )
    hits = flags_of(labels, "labels")
    npos = sum(hits) if num_gt is None else num_gt
    if isinstance(npos, bool) or not isinstance(npos, int) or npos < sum(hits):
        raise InvalidInputError(
            f"num_gt must be an int >= the number of true-positive detections ({sum(hits)}), "
            f"got {num_gt!r}"
        )
    eleven = flag(use_07_metric, "use_07_metric")
    if npos == 0:
        if not hits:
            warn_one_class(VERSION, "num_gt = 0 and no detection: AP 0 (without a warning)")
            return Fraction(0)
        if not eleven:
            return tool_nan(VERSION, NAN_RECALL + ": AP nan", category=RuntimeWarning)
        warn_one_class(VERSION, NAN_RECALL + ": no rec >= t, 11-point AP 0", 3, RuntimeWarning)
        return Fraction(0)
    rec: list[Fraction] = []
    prec: list[Fraction] = []
    for tp, fp in ranked_counts(scores, hits):
        rec.append(round_binary64(Fraction(tp, npos)))
        prec.append(round_binary64(Fraction(tp, tp + fp)))  # tp + fp >= 1 > eps
    if eleven:
        total = Fraction(0)
        for t in ELEVEN_POINTS:
            above = [p for r, p in zip(rec, prec, strict=True) if r >= t]
            total += max(above) if above else 0
        return total / 11
    mrec = [Fraction(0), *rec, Fraction(1)]
    mpre = [Fraction(0), *prec, Fraction(0)]
    for i in range(len(mpre) - 1, 0, -1):
        mpre[i - 1] = max(mpre[i - 1], mpre[i])
    return sum(
        (
            (mrec[i + 1] - mrec[i]) * mpre[i + 1]
            for i in range(len(mrec) - 1)
            if mrec[i + 1] != mrec[i]
        ),
        Fraction(0),
    )
