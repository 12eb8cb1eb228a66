"""The exact shares: each score range computes its exact share of every reported value.

The data, sorted by score (highest first), is cut into consecutive ranges on
exact score values, so no tie group crosses a border.  A first pass gives each
range its counts; the driver turns them into offsets (TP_0, FP_0) = the counts
of all earlier ranges (:func:`rocpr_exact.engines.shares.offsets`).  A second pass
gives each range, from its own tie groups and its offsets, an exact
:class:`~rocpr_exact.engines.shares.Share` (:func:`summarize_range`), the one
mergeable summary of :mod:`rocpr_exact.engines.shares` with exact values:

* its counts and its number of thresholds (distinct scores);
* its share of AUC-ROC: the trapezoids of its own segments,
  sum (FP_B - FP_A)(TP_A + TP_B) / (2 P N);
* its share of each AUC-PR method: the area over its own TP interval
  [TP_0, TP_end].  Every method is a sum over pieces of the PR curve whose
  value depends only on the segment they lie on and on the point where that
  segment starts (the precision TP_A / (TP_A + FP_A) there, or the recall-0
  limit of the first rising segment, which is itself local: 0 when the segment
  starts at FP > 0, its constant precision when it starts at (0, 0)).  So the
  share is computed by the area code itself (:func:`auc_pr` with
  ``min_recall``) on the sub-curve (0, 0) -> (TP_0, FP_0) -> the range's
  points, whose last point plays (P', N'): the area over [TP_0/P', 1] of the
  sub-curve, times P'/P (every area is (1/P) times a sum of precision widths in
  TP).  The prefix segment only supplies the precision at (TP_0, FP_0), which is
  that of the real curve there, since (TP_0, FP_0) is a point of it;
* its part of the ROC convex hull: the points of the range that are vertices
  of the upper hull of {(0, 0)} + the range + {(P, N)}.  A point that is not a
  vertex of the hull of a subset of the points is not a vertex of the hull of
  all of them, so the hull of the union of the kept vertices, with (0, 0) and
  (P, N), is the hull of the whole curve.

:func:`~rocpr_exact.engines.shares.merge_shares` joins two consecutive shares (the
end of one is the start of the other): counts and shares add exactly (Fractions;
ClosedForms add with exact, canonical term merging, and the log terms at a border that is not a
corner cancel exactly because both sides of it lie on one line, with the same
k and c), hulls merge as above.  The merged summary of all ranges has the same
values (equal Fractions, equal ClosedForms, the same hull) as the curve built
in one process, and :func:`summary_report` prints the same report as
``output.report.build_report`` (tests/engines/test_summary.py checks both).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise
from typing import Any

from rocpr_exact.areas.records import area_records
from rocpr_exact.core.curve import Curve
from rocpr_exact.engines.histogram import Group, Histogram
from rocpr_exact.engines.shares import Area, Point, Share, hull_part, merge_all_shares, offsets
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.display import number
from rocpr_exact.geometry.hull import roc_convex_hull
from rocpr_exact.limits import one_decimal_budget
from rocpr_exact.output.report import build_report

__all__ = [
    "histogram_report",
    "summarize",
    "summarize_range",
    "summary_report",
]


def _require_both_classes(positives: int, negatives: int) -> None:
    # The same error (type and message) as the report's first value, auc_roc.
    Curve(positives, negatives, (0, positives), (0, negatives)).require_both_classes("auc_roc")


def summarize_range(groups: Sequence[Group], start: Point, positives: int, negatives: int) -> Share:
    """The exact share of one range: its tie groups (highest score first) after ``start``.

    Needs P > 0 and N > 0 (the report's AUC-ROC does).  Cost: the area code on
    a curve of len(groups) + 2 points, except ``davis-goadrich``, which walks
    every integer TP of the sub-curve, O(TP_end).
    """
    _require_both_classes(positives, negatives)
    tp0, fp0 = start
    points: list[Point] = []
    twice_roc = rising = 0
    tp, fp = tp0, fp0
    for i, (_, pos, neg) in enumerate(groups):
        if pos + neg == 0:
            raise InvalidInputError(f"range group {i} holds no examples")
        twice_roc += neg * (2 * tp + pos)  # (FP_B - FP_A)(TP_A + TP_B)
        rising += pos > 0
        tp, fp = tp + pos, fp + neg
        points.append((tp, fp))
    if tp > positives or fp > negatives:
        raise InvalidInputError(
            f"the range ends at (TP, FP) = {(tp, fp)}, beyond (P, N) = {(positives, negatives)}"
        )
    pr: list[Area] = []
    if tp > tp0:
        sub = Curve.from_counts([start, *points], tp, fp)
        scale = Fraction(tp, positives)
        for record in area_records():
            pr.append(record.exact(sub, min_recall=Fraction(tp0, tp)) * scale)
    else:  # no positive in the range: no width in recall
        pr = [record.zero() for record in area_records()]
    return Share(
        positives,
        negatives,
        start,
        (tp, fp),
        groups[0][0] if groups else None,
        groups[-1][0] if groups else None,
        len(groups),
        rising,
        twice_roc,
        0,
        (),
        hull_part([p[0] for p in points], [p[1] for p in points], positives, negatives),
        None,
        tuple(pr),
    )


def summarize(histogram: Histogram, cuts: Sequence[int] = ()) -> Share:
    """Summarize a histogram cut before the given group indices, range by range, and merge.

    The two-pass protocol of a cluster, run in one process (for tests and as an
    example): counts per range, offsets, shares per range, merge.
    """
    borders = [0, *cuts, len(histogram.groups)]
    ranges = [histogram.groups[a:b] for a, b in pairwise(borders)]
    counts = [(sum(g[1] for g in r), sum(g[2] for g in r)) for r in ranges]
    starts, positives, negatives = offsets(counts)
    return merge_all_shares(
        summarize_range(r, s, positives, negatives) for r, s in zip(ranges, starts, strict=True)
    )


def _pr_numbers(values: Sequence[Area], digits: int, what: str) -> dict[str, Any]:
    return {
        record.key: number(value, digits, f"{what}.{record.key}")
        for record, value in zip(area_records(), values, strict=True)
    }


def histogram_report(hist: Histogram, digits: int, exact: bool = False) -> dict[str, Any]:
    """The report of a whole dataset's histogram: ``build_report`` of its curve.

    The one report of the in-process path (:func:`rocpr_exact.output.report.build_report`),
    so every engine that brings the histogram to one process prints the same bytes, with the
    same choice between certified digits and exact values (``exact``); a dataset of one class
    gets the defined PR areas and the rest undefined with the reason.
    """
    if not hist.groups:
        raise InvalidInputError("the dataset is empty; give at least one (score, label) pair")
    return build_report(hist.curve(), digits, exact=exact)


@one_decimal_budget
def summary_report(summary: Share, digits: int) -> dict[str, Any]:
    """The report (the shape of ``output.report.build_report``) of a whole-dataset exact share.

    Its values are the single-process values exactly; it always writes the exact values
    (``build_report(..., exact=True)``'s form), since the shares arrive as exact numbers.

    The achievable PR areas are computed on the hull, which has at most as
    many points as the curve has distinct scores.
    """
    if not summary.is_whole:
        raise InvalidInputError(
            f"a report needs the summary of the whole dataset, from (0, 0) to (P, N) = "
            f"{(summary.positives, summary.negatives)}; this one runs from {summary.start} "
            f"to {summary.end}"
        )
    _require_both_classes(summary.positives, summary.negatives)
    hull = roc_convex_hull(Curve.from_counts(summary.hull, summary.positives, summary.negatives))
    return {
        "positives": summary.positives,
        "negatives": summary.negatives,
        "thresholds": summary.thresholds,
        "digits": digits,
        "auc_roc": number(summary.auc_roc, digits, "auc_roc"),
        "auc_pr": _pr_numbers(summary.auc_pr, digits, "auc_pr"),
        "roc_hull": [[tp, fp] for tp, fp in zip(hull.tps, hull.fps, strict=True)],
        "achievable_pr": _pr_numbers(
            [record.exact(hull) for record in area_records()], digits, "achievable_pr"
        ),
    }
