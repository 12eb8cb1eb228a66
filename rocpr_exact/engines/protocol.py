"""The driver's side of a distributed report: two passes over score ranges, then the digits.

Pass 1 gives the (positives, negatives) of every range; the driver turns them into offsets
(:func:`rocpr_exact.engines.shares.offsets`).  Pass 2 gives one
:class:`~rocpr_exact.engines.shares.Share` per range at F fraction bits; the driver merges
them (O(ranges + hull vertices) memory, whatever n) and decides every printed digit
(:func:`shares_report`), asking for pass 2 again at more bits only when a rounding is
undecided.  Every engine that distributes calls :func:`protocol_report` with its own passes
(Spark: :mod:`rocpr_exact.engines.sparkranges`); :func:`in_process_report` runs both in one
process, for tests and as the example.

The work of an executor runs under the driver's limits: :func:`on_executor` wraps it with
the limits in force where it is built (``limits.using`` on the driver), and a
:class:`~rocpr_exact.errors.RocPrError` raised there comes back as a value that
:func:`refused` raises on the driver, the same one line as in one process.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any, ParamSpec, TypeVar

import numpy as np

from rocpr_exact import limits
from rocpr_exact.areas.records import area_record, area_records
from rocpr_exact.core.counts import INT64_CROSS
from rocpr_exact.core.curve import Curve
from rocpr_exact.engines.shares import (
    Enclosure,
    Point,
    Share,
    collect_limit,
    first_bits,
    merge_all_shares,
    offsets,
    share_of_range,
)
from rocpr_exact.errors import InvalidInputError, RocPrError
from rocpr_exact.exact.certify import ziv
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.display import number
from rocpr_exact.exact.fixed import decide_decimal
from rocpr_exact.exact.text import fraction_to_decimal
from rocpr_exact.geometry.hull import roc_convex_hull
from rocpr_exact.output.report import build_report, certified_pr_areas

__all__ = ["in_process_report", "on_executor", "protocol_report", "refused", "shares_report"]

_P = ParamSpec("_P")
_T = TypeVar("_T")


def on_executor(work: Callable[_P, _T]) -> Callable[_P, _T | RocPrError]:
    """``work`` as a function to ship to the executors, under the limits in force here.

    The limits are a context variable of the driver's thread (``limits.using``); an executor
    is another process, where only the defaults would hold, so the limits chosen now travel
    in the function's closure and the work runs under them.  A :class:`RocPrError` raised
    there is returned, not raised (a raise would reach the driver as a Java stack trace):
    :func:`refused` raises it on the driver.
    """
    chosen = limits.current()

    def run(*args: _P.args, **kwargs: _P.kwargs) -> _T | RocPrError:
        with limits.using(chosen):
            try:
                return work(*args, **kwargs)
            except RocPrError as exc:
                return exc

    return run


def refused(results: Iterable[_T | RocPrError]) -> list[_T]:
    """The results of :func:`on_executor` work, or the first error one of them returned."""
    out: list[_T] = []
    for result in results:
        if isinstance(result, RocPrError):
            raise result
        out.append(result)
    return out


def shares_report(
    whole: Share,
    digits: int,
    refine: Callable[[int], Share],
    exact_area: Callable[[str], Fraction | ClosedForm],
) -> dict[str, Any]:
    """The report of a whole-dataset share (the shape of ``output.report.build_report``).

    With the rising steps collected, it is ``build_report`` of the curve they make (the same
    areas and hull as the whole curve; the number of thresholds is the share's).  Otherwise
    AUC-ROC is exact, the hull and its areas are computed from the hull part, and each AUC-PR
    area is the certified decimal of its enclosure; ``refine(F)`` returns the whole share
    enclosed at F bits (a pass on the executors) and ``exact_area(method)`` the exact value,
    asked for only after ``ZIV_ZERO_TEST_BITS`` extra bits have not decided.
    """
    if not whole.is_whole:
        raise InvalidInputError(
            f"a report needs the share of the whole dataset, from (0, 0) to (P, N) = "
            f"{(whole.positives, whole.negatives)}; this one runs from {whole.start} "
            f"to {whole.end}"
        )
    p, n = whole.positives, whole.negatives
    if whole.points is not None:
        report = build_report(Curve.from_counts(whole.points, p, n), digits)
        return {**report, "thresholds": whole.thresholds}
    passes = {whole.frac_bits: whole}
    first_base = whole.frac_bits - 8

    def at(frac_bits: int) -> Share:
        if frac_bits not in passes:
            passes[frac_bits] = refine(frac_bits)
        return passes[frac_bits]

    auc_pr: dict[str, Any] = {}
    for i, record in enumerate(area_records()):
        method, divisor = record.method, record.divisor * p

        def decide(lo: int, hi: int, frac_bits: int, divisor: int = divisor) -> str | None:
            return decide_decimal(lo, hi, divisor, frac_bits, digits)

        def settle(method: str = method) -> str:
            value = exact_area(method)
            if isinstance(value, ClosedForm):
                return value.decimal(digits)
            return fraction_to_decimal(value, digits)

        def enclose(frac_bits: int, i: int = i) -> Enclosure:
            return at(frac_bits).enclosures[i]

        text = ziv(enclose, decide, settle, "decimal", first_base)
        auc_pr[record.key] = {"decimal": text}
    hull = roc_convex_hull(Curve.from_counts(whole.hull, p, n))
    return {
        "positives": p,
        "negatives": n,
        "thresholds": whole.thresholds,
        "digits": digits,
        "auc_roc": number(Fraction(whole.twice_roc, 2 * p * n), digits, "auc_roc"),
        "auc_pr": auc_pr,
        "roc_hull": [[tp, fp] for tp, fp in zip(hull.tps, hull.fps, strict=True)],
        "achievable_pr": certified_pr_areas(hull, digits, "achievable_pr"),
    }


def protocol_report(
    counts: Sequence[Point],
    shares_at: Callable[[list[Point], Point, int], list[Share]],
    digits: int,
    exact_area: Callable[[str], Fraction | ClosedForm],
) -> dict[str, Any]:
    """The driver's side of the two passes, for any engine that distributes.

    ``counts`` are the (positives, negatives) of every range, in score order (pass 1);
    ``shares_at(starts, (P, N), F)`` runs pass 2, one :class:`Share` per range at F fraction
    bits, again at more bits when a rounding is undecided.  A dataset of one class gets the
    report of its class counts (every PR area 1, or undefined) with its number of scores.
    """
    starts, positives, negatives = offsets(counts)
    if positives + negatives == 0:
        raise InvalidInputError("the dataset is empty; give at least one (score, label) pair")
    if positives + negatives >= INT64_CROSS:  # the shares' terms are int64 products of counts
        raise InvalidInputError(
            f"the range shares take fewer than {INT64_CROSS:,} examples (int64 products of "
            f"counts); this dataset has {positives + negatives:,}: use the exact shares "
            "(exact=True)"
        )

    def whole(frac_bits: int) -> Share:
        return merge_all_shares(shares_at(starts, (positives, negatives), frac_bits))

    first = whole(first_bits(positives + negatives, max(positives, 1), digits))
    if positives == 0 or negatives == 0:
        report = build_report(Curve.from_counts([], positives, negatives), digits)
        return {**report, "thresholds": first.thresholds}
    return shares_report(first, digits, whole, exact_area)


def in_process_report(
    scores: Any, labels: Any, cuts: Sequence[Any], digits: int, collect: int | None = None
) -> dict[str, Any]:
    """The two passes run in one process over ranges cut at the given scores (highest first).

    Range r holds the scores s with cuts[r] < s <= cuts[r - 1]: a tie group is never split.
    For tests and as the example of the protocol; ``collect`` defaults to
    :func:`collect_limit`.  The exact values, when asked for, come from the histogram.
    """
    scores, labels = np.asarray(scores), np.asarray(labels, dtype=bool)
    rank = np.zeros(scores.shape[0], dtype=np.int64)
    for cut in cuts:
        rank += scores <= cut
    ranges = [(scores[rank == r], labels[rank == r]) for r in range(len(cuts) + 1)]
    limit = collect_limit(digits) if collect is None else collect

    def shares_at(starts: list[Point], totals: Point, frac_bits: int) -> list[Share]:
        return [
            share_of_range(s, y, start, totals, frac_bits, digits, limit)
            for (s, y), start in zip(ranges, starts, strict=True)
        ]

    def exact_area(method: str) -> Fraction | ClosedForm:
        curve = Curve.from_scores(scores.tolist(), labels.tolist())
        return area_record(method).exact(curve)

    counts = [(int(y.sum()), int(y.shape[0] - y.sum())) for _, y in ranges]
    return protocol_report(counts, shares_at, digits, exact_area)
