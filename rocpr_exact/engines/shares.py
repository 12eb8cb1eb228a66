"""The mergeable summaries: each score range's counts, hull part and shares of the areas.

One implementation for every engine that distributes (Spark now; any other engine calls the
same functions).  The data, sorted by score (highest first), is cut into consecutive ranges
on score values, so no tie group crosses a border.  A first pass gives each range its counts;
the driver turns them into offsets (:func:`offsets`): the start (TP_0, FP_0) of a range is
the counts of all earlier ranges.  A second pass gives each range, from
its own rows and its start, a :class:`Share` (:func:`share_of_range`), a few integers:

* its counts, its number of distinct scores and of rising tie groups (with a positive);
* twice its part of AUC-ROC times P N, sum of neg (2 TP_A + pos) over its groups: an exact
  integer (AUC-ROC = the sum over 2 P N);
* for each AUC-PR method, integers ``lo <= 2^F S_r <= hi``, where S_r is the sum of the
  method's terms over the range's own steps (the step from its start to its first point
  included).  Every method is a sum over the steps of the curve of a value that depends on
  the two ends of the step only (and, for a rising step from TP = 0, on the recall-0
  start), so the areas' sums are the sums of the ranges' sums.  The terms are those of the
  single-process report, built by the same code (:mod:`rocpr_exact.areas.arrayterms`) on
  the range's chain of points; ``davis-goadrich`` and ``continuous`` cut a segment that
  crosses a border at the border point, which lies on it, so the values still add.  Each
  floored ratio loses less than one unit of 2^-F and Arb's balls bound the digamma and
  log terms, so the enclosure is rigorous (:func:`rocpr_exact.exact.fixed.enclose_terms`);
* its hull part: its points that are vertices of the upper hull of {(0, 0)} + its points
  + {(P, N)} (a point that is not a vertex of the hull of a subset is not one of the whole);
* while it has at most ``collect`` rising groups, its rising steps' ends: the curve with
  its runs of negatives merged, which has every area and the hull of the whole curve.

The exact shares (``exact``: one Fraction or ClosedForm per method, from
:func:`rocpr_exact.engines.summary.summarize_range`) are the same :class:`Share` with no
enclosures.  :func:`merge_shares` adds counts, integers, enclosures (the sum of the
enclosures of the parts encloses the sum) and exact shares, and merges the hulls.
:func:`rocpr_exact.engines.protocol.shares_report` decides every
printed digit on the driver from the merged share, whose size does not grow with ``n``:
the decimal of (lo / 2^F) / (divisor P) is certified when both ends round alike
(:func:`rocpr_exact.exact.fixed.decide_decimal`); otherwise a pass at more bits is asked
for (Ziv's loop, :func:`rocpr_exact.exact.certify.ziv`), and past ``ZIV_ZERO_TEST_BITS``
extra bits the exact shares decide.  Error bound: at F fraction bits, m terms and divisor
d P, the enclosure of an area is at most (m + the Arb error units) / (2^F d P) wide.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from rocpr_exact.areas.dg import long_segment
from rocpr_exact.areas.records import Chain, area_records
from rocpr_exact.core.arraycounts import corner_array
from rocpr_exact.core.counts import INT64_CROSS
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.fixed import base_bits, enclose_terms
from rocpr_exact.geometry.hull import hull_candidates, roc_convex_hull
from rocpr_exact.limits import DIGAMMA_WEIGHT, check_decimal_work
from rocpr_exact.output.report import SMALL_EXACT_BITS

__all__ = [
    "Share",
    "check_consecutive",
    "collect_limit",
    "first_bits",
    "hull_part",
    "merge_all_shares",
    "merge_shares",
    "offsets",
    "share_of_range",
]

Point = tuple[int, int]
Enclosure = tuple[int, int]
Area = Fraction | ClosedForm

#: What a range's enclosure names when it exceeds ``max_decimal_work``.
RANGE_WHAT = "the AUC-PR share of one score range"


@dataclass(frozen=True, slots=True)
class Share:
    """The certified share of one score range (or of several consecutive ones, once merged).

    ``start`` and ``end`` are the (TP, FP) counts before and after the range; ``high`` and
    ``low`` its highest and lowest score (None when empty); ``enclosures`` one ``(lo, hi)``
    per area record (:func:`~rocpr_exact.areas.records.area_records`) at ``frac_bits``;
    ``points`` its rising steps' ends, or None
    when it has more than the ``collect`` limit of rising groups; ``exact`` its exact share of
    each method's area (exact shares carry no enclosures, ``frac_bits`` 0), or None.
    """

    positives: int
    negatives: int
    start: Point
    end: Point
    high: Any
    low: Any
    thresholds: int
    rising: int
    twice_roc: int
    frac_bits: int
    enclosures: tuple[Enclosure, ...]
    hull: tuple[Point, ...]
    points: tuple[Point, ...] | None
    exact: tuple[Area, ...] | None = None

    def _check(self) -> None:
        """Assert the invariants: start <= end, shares present, hull inside (start, end]."""
        assert self.start[0] <= self.end[0] <= self.positives
        assert self.start[1] <= self.end[1] <= self.negatives
        assert self.exact is None or len(self.exact) == len(area_records())
        assert (self.thresholds == 0) == (self.start == self.end)
        assert all(self.start < p <= self.end for p in self.hull)

    @property
    def is_whole(self) -> bool:
        """True when the share covers the whole dataset, from (0, 0) to (P, N)."""
        return self.start == (0, 0) and self.end == (self.positives, self.negatives)

    @property
    def auc_roc(self) -> Fraction:
        """Its exact share of AUC-ROC: ``twice_roc`` / (2 P N)."""
        return Fraction(self.twice_roc, 2 * self.positives * self.negatives)

    @property
    def auc_pr(self) -> tuple[Area, ...]:
        """Its exact share of each AUC-PR method (an exact share's; else InvalidInputError)."""
        if self.exact is None:
            raise InvalidInputError("this share carries enclosures, not the exact areas")
        return self.exact


def offsets(counts: Sequence[Point]) -> tuple[list[Point], int, int]:
    """The start (TP_0, FP_0) of each range from the (positives, negatives) of every range.

    >>> offsets([(1, 0), (0, 0), (2, 3)])
    ([(0, 0), (1, 0), (1, 0)], 3, 3)
    """
    starts: list[Point] = []
    tp = fp = 0
    for pos, neg in counts:
        starts.append((tp, fp))
        tp, fp = tp + pos, fp + neg
    return starts, tp, fp


def check_consecutive(first: Share, second: Share) -> None:
    """Raise :class:`InvalidInputError` unless two shares can merge: the same P and N,
    ``second`` starting where ``first`` ends, lower scores only, the same precision."""
    if (first.positives, first.negatives) != (second.positives, second.negatives):
        raise InvalidInputError("cannot merge shares of datasets with different P, N")
    if first.end != second.start:
        raise InvalidInputError(
            f"shares are not consecutive: the first ends at (TP, FP) = {first.end}, "
            f"the second starts at {second.start}"
        )
    if first.low is not None and second.high is not None and not first.low > second.high:
        raise InvalidInputError(
            f"ranges overlap in score: {first.low!r} ends the first, {second.high!r} starts "
            "the second; cut ranges on distinct score values so no tie group crosses a border"
        )
    if first.frac_bits != second.frac_bits:
        raise InvalidInputError("cannot merge shares enclosed at different precisions")


def collect_limit(digits: int) -> int:
    """Up to this many rising groups, the report is built from the collected rising steps.

    Above it, the single-process report writes ``step``, ``linear`` and ``davis-goadrich``
    as certified decimals only (more than ``SMALL_EXACT_BITS`` distinct denominators, and
    more than ``long_segment(digits) SMALL_EXACT_BITS`` TPs), as the summary does.

    >>> collect_limit(30)
    192512
    """
    return long_segment(digits) * SMALL_EXACT_BITS


def first_bits(examples: int, positives: int, digits: int) -> int:
    """The fraction bits of the first pass: :func:`base_bits` for at most 2 n + 8 terms, + 8."""
    return base_bits(2 * examples + 8, positives, digits) + 8


def _groups(scores: Any, labels: Any, weights: Any) -> tuple[Any, Any, Any]:
    """The tie groups of a range's rows, highest score first: (score, positives, negatives)."""
    order = np.argsort(scores, kind="stable")[::-1]
    ranked = scores[order]
    counts = np.ones(order.shape[0], dtype=np.int64) if weights is None else weights[order]
    if order.shape[0] == 0:
        return ranked, counts, counts
    firsts = np.flatnonzero(np.concatenate(([True], ranked[1:] != ranked[:-1])))
    totals = np.add.reduceat(counts, firsts)
    pos = np.add.reduceat(np.where(labels[order], counts, 0), firsts)
    keep = totals > 0
    return ranked[firsts][keep], pos[keep], (totals - pos)[keep]


def _recall0_start(tps: Any, fps: Any) -> Point | None:
    """The recall-0 start precision of a chain from TP = 0 (None when it starts above 0).

    0 when the first rising step starts at FP > 0; from (0, 0), that step's own precision.
    """
    if int(tps[0]) > 0:
        return None
    if int(fps[0]) > 0 or tps.shape[0] < 2 or int(tps[1]) == 0:
        return (0, 1)
    return (int(tps[1]), int(tps[1] + fps[1]))


def _enclosures(tps: Any, fps: Any, frac_bits: int, digits: int) -> tuple[Enclosure, ...]:
    start = _recall0_start(tps, fps)
    at_origin = start if int(tps[0]) == 0 and int(fps[0]) == 0 else None
    index = corner_array(tps, fps)
    ctps, cfps = tps[index], fps[index]
    chain = Chain(tps, fps, ctps, cfps, start, at_origin)
    out: list[Enclosure] = []
    for record in area_records():
        if record.share is None:
            raise InvalidInputError(
                f"the AUC-PR area {record.metric!r} has no mergeable share in its record: "
                "the engines cannot sum it by ranges"
            )
        terms = record.share(chain, digits)
        # the Arb work of this range, bounded as one process bounds the whole curve's
        if terms.digamma:
            kind = "a sum of {terms} digamma differences"
            check_decimal_work(digits, len(terms.digamma), RANGE_WHAT, kind, DIGAMMA_WEIGHT)
        if terms.logs is not None:
            check_decimal_work(digits, len(terms.logs), RANGE_WHAT)
        out.append(enclose_terms(terms.pairs, terms.digamma, terms.logs, frac_bits))
    return tuple(out)


def hull_part(tps: Any, fps: Any, positives: int, negatives: int) -> tuple[Point, ...]:
    """The given points (in curve order) that are vertices of the upper hull of them plus
    (0, 0) and (P, N).

    Below ``INT64_CROSS`` examples, vectorised passes drop most points first
    (:func:`hull_candidates`); the monotone chain of :func:`roc_convex_hull` runs on the rest.
    """
    if len(tps) == 0 or positives == 0 or negatives == 0:
        return ()  # no ROC hull for one class
    if positives + negatives < INT64_CROSS:
        ends = np.array([0, 0], dtype=np.int64)
        all_tps = np.concatenate((ends[:1], np.asarray(tps, np.int64), ends[:1] + positives))
        all_fps = np.concatenate((ends[:1], np.asarray(fps, np.int64), ends[:1] + negatives))
        index = hull_candidates(all_tps, all_fps)
        points = list(zip(all_tps[index].tolist(), all_fps[index].tolist(), strict=True))
    else:  # counts past int64 products: Python integers throughout
        points = [(0, 0), *zip(tps, fps, strict=True), (positives, negatives)]
    hull = roc_convex_hull(Curve.from_counts(points, positives, negatives))
    last = (int(tps[-1]), int(fps[-1]))  # (0, 0) is never a point of a range; (P, N) may be
    return tuple(
        p
        for p in zip(hull.tps, hull.fps, strict=True)
        if p != (0, 0) and (p != (positives, negatives) or p == last)
    )


def _rising_ends(tps: Any, fps: Any) -> tuple[Point, ...]:
    """The ends of the chain's rising steps and its last point, in order, each once."""
    rising = np.flatnonzero(np.diff(tps) > 0) + 1
    index = np.unique(np.concatenate((rising - 1, rising, [tps.shape[0] - 1])))
    return tuple(zip(tps[index].tolist(), fps[index].tolist(), strict=True))


def share_of_range(
    scores: Any,
    labels: Any,
    start: Point,
    totals: Point,
    frac_bits: int,
    digits: int,
    collect: int,
    weights: Any = None,
) -> Share:
    """The certified share of one range's rows (numpy arrays; labels True = positive).

    ``start`` is the (TP, FP) of all higher ranges, ``totals`` (P, N) of the whole data.
    O(m log m) for m rows (one sort), vectorised; counts must stay below 2^62.
    """
    positives, negatives = totals
    ranked, pos, neg = _groups(np.asarray(scores), np.asarray(labels, dtype=bool), weights)
    tp0, fp0 = start
    tps = np.concatenate(([tp0], tp0 + np.cumsum(pos))).astype(np.int64)
    fps = np.concatenate(([fp0], fp0 + np.cumsum(neg))).astype(np.int64)
    end = (int(tps[-1]), int(fps[-1]))
    if end[0] > positives or end[1] > negatives:
        raise InvalidInputError(f"the range ends at (TP, FP) = {end}, beyond (P, N) = {totals}")
    rising = int(np.count_nonzero(pos))
    empty = ranked.shape[0] == 0
    return Share(
        positives,
        negatives,
        start,
        end,
        None if empty else ranked[0].item(),
        None if empty else ranked[-1].item(),
        int(ranked.shape[0]),
        rising,
        int((neg * (2 * tps[:-1] + pos)).sum()),
        frac_bits,
        ((0, 0),) * len(area_records()) if empty else _enclosures(tps, fps, frac_bits, digits),
        hull_part(tps[1:], fps[1:], positives, negatives),
        _rising_ends(tps, fps) if rising <= collect else None,
    )


def merge_shares(first: Share, second: Share) -> Share:
    """The share of two consecutive ranges (``first`` has the higher scores).  Exact.

    Raises :class:`InvalidInputError` when they are not consecutive, belong to different
    datasets, were enclosed at different precisions, or share a score.
    """
    check_consecutive(first, second)
    hull = [*first.hull, *second.hull]
    points = (
        None
        if first.points is None or second.points is None
        else tuple(dict.fromkeys((*first.points, *second.points)))
    )
    exact = (
        None
        if first.exact is None or second.exact is None
        else tuple(a + b for a, b in zip(first.exact, second.exact, strict=True))
    )
    return Share(
        first.positives,
        first.negatives,
        first.start,
        second.end,
        first.high if first.high is not None else second.high,
        second.low if second.low is not None else first.low,
        first.thresholds + second.thresholds,
        first.rising + second.rising,
        first.twice_roc + second.twice_roc,
        first.frac_bits,
        tuple(
            (a[0] + b[0], a[1] + b[1])
            for a, b in zip(first.enclosures, second.enclosures, strict=True)
        ),
        hull_part([p[0] for p in hull], [p[1] for p in hull], first.positives, first.negatives),
        points,
        exact,
    )


def merge_all_shares(shares: Iterable[Share]) -> Share:
    """The merge of consecutive shares, in order (a balanced tree of merges)."""
    level = list(shares)
    if not level:
        raise InvalidInputError("nothing to merge: give at least one range share")
    while len(level) > 1:
        level = [
            merge_shares(level[i], level[i + 1]) if i + 1 < len(level) else level[i]
            for i in range(0, len(level), 2)
        ]
    return level[0]
