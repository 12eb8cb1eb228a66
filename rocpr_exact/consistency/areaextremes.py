"""The least and the greatest PR area at each AUC-ROC near the ends, over every ranking.

Average precision, the Davis-Goadrich and the linear area are sums of one term per tie group,
so the programme of :mod:`~rocpr_exact.consistency.programme` gives their exact extremes (in
units of 2^-56, enclosed) among every ranking at each 2U the printed AUC-ROC allows, where it is
small: an AUC-ROC near 0 or 1.  Here they decide ``consistent``: an area outside the extremes
at every 2U is impossible (:func:`extremes_reasons`), and a ranking walked back to an extreme,
or built between them (:func:`interior_groups`), is a witness once checked exactly
(:func:`extreme_witness`).  Checked against every ranking in
tests/consistency/test_areaextremes.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rocpr_exact.consistency.bounds import auc_roc_span
from rocpr_exact.consistency.engine.protocol import Group
from rocpr_exact.consistency.operating import POINT_METRICS
from rocpr_exact.consistency.programme import (
    SCALE,
    extremes_fit,
    programme_extremes,
    programme_groups,
)
from rocpr_exact.consistency.programme_walk import interior
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.consistency.search import RANKING_METRICS
from rocpr_exact.consistency.walk import fits

__all__ = [
    "AREAS",
    "area_extremes",
    "extreme_groups",
    "extreme_witness",
    "extremes_reasons",
    "interior_groups",
]

#: The areas the programme decides (names as ``consistent`` takes them).
AREAS = ("average_precision", "auc_pr_dg", "auc_pr_linear")


def area_extremes(
    p: int, n: int, lo: int, hi: int, name: str, ties: bool = True
) -> dict[int, tuple[Fraction, Fraction]]:
    """{2U: (a lower bound on the least area, an upper bound on the greatest)} for lo <= 2U <= hi.

    Each within 3 (P + N) / 2^56 of the exact extreme among the rankings with that 2U (module
    docstring); 2U that no ranking has are absent.  ``name`` is one of :data:`AREAS`; the
    tables are cached for :func:`extreme_groups` (two queries).

    One positive, two negatives, AUC 1/2 (2U = 2): the positive second, AP 1/2, or tied
    with both, AP 1/3.

    >>> found = area_extremes(1, 2, 2, 2, "average_precision")
    >>> {k: (float(a), float(b)) for k, (a, b) in found.items()}
    {2: (0.3333333333333333, 0.5)}
    """
    found = programme_extremes(p, n, lo, hi, RANKING_METRICS.index(name), ties)
    return {k: (Fraction(a, SCALE), Fraction(b, SCALE)) for k, (a, b) in found.items()}


def extreme_groups(
    p: int, n: int, lo: int, hi: int, name: str, ties: bool, total: int, greatest: bool
) -> list[Group]:
    """Tie groups (top first) of a ranking with 2U = ``total`` whose area is the programme's
    least (or greatest): the path walked back through the tables of :func:`area_extremes`."""
    return programme_groups(p, n, lo, hi, RANKING_METRICS.index(name), ties, total, greatest)


def _six(whole: int) -> str:
    sign = "-" if whole < 0 else ""
    digits = str(abs(whole)).rjust(7, "0")
    return f"{sign}{digits[:-6]}.{digits[-6:]}"


def interior_groups(
    p: int, n: int, lo: int, hi: int, name: str, ties: bool, area: Interval
) -> list[Group] | None:
    """Tie groups (top first) of a ranking with 2U in [lo, hi] meant to have its area in
    ``area`` (None: not found; the caller checks it exactly).

    :func:`~rocpr_exact.consistency.programme_walk.interior` on the area's interval in units
    of 2^-56.  Between the extremes the sums are dense next to a printed interval, so this
    mostly lands; it is a search, not a proof, and dead ends return None.
    """
    low, high = (area.low * SCALE).__ceil__(), (area.high * SCALE).__floor__()
    return interior(p, n, lo, hi, RANKING_METRICS.index(name), ties, low, high)


def _decided(p: int, n: int, intervals: Mapping[str, Interval], ties: bool) -> list[str]:
    """The areas reported with AUC-ROC whose programme is within :data:`AREA_WORK`."""
    if "auc_roc" not in intervals:
        return []
    lo, hi = auc_roc_span(p, n, intervals["auc_roc"], ties)
    if lo > hi or not extremes_fit(p, n, lo, hi, ties):
        return []
    return [name for name in AREAS if name in intervals]


def extremes_reasons(p: int, n: int, intervals: Mapping[str, Interval], ties: bool) -> list[str]:
    """AUC-ROC with an area: impossible when at every 2U the AUC allows, the area's exact
    extremes (:func:`area_extremes`) leave the printed interval.  [] when every area fits
    or the programme is past :data:`AREA_WORK` (the other deciders go on)."""
    reasons = []
    for name in _decided(p, n, intervals, ties):
        lo, hi = auc_roc_span(p, n, intervals["auc_roc"], ties)
        found = area_extremes(p, n, lo, hi, name, ties)
        area = intervals[name]
        if not found or any(area.meets(a, b) for a, b in found.values()):
            continue
        least = min(a for a, _ in found.values())
        greatest = max(b for _, b in found.values())
        which = "rankings without ties" if not ties else "rankings (ties allowed)"
        reasons.append(
            f"{name} means a value in {area}; with auc_roc in {intervals['auc_roc']} and "
            f"P = {p}, N = {n}, the {which} have {name} between "
            f"{_six((least * 10**6).__floor__())} and {_six((greatest * 10**6).__ceil__())}, "
            "and at no AUC-ROC in the interval does the range meet it (the exact least and "
            "greatest at each AUC-ROC, by a programme over (TP, FP, 2U) rounded outward: "
            "rocpr_exact.consistency.areaextremes)"
        )
    return reasons


def extreme_witness(
    p: int, n: int, intervals: Mapping[str, Interval], ties: bool, tries: int = 64
) -> list[Group] | None:
    """A ranking attaining an area's least or greatest at some 2U the AUC-ROC allows whose
    every reported value (:func:`~rocpr_exact.consistency.walk.fits`) is in its interval."""
    ranking = {k: v for k, v in intervals.items() if k not in POINT_METRICS}  # every area
    for name in _decided(p, n, intervals, ties):
        lo, hi = auc_roc_span(p, n, intervals["auc_roc"], ties)
        area = intervals[name]
        for total, (a, b) in area_extremes(p, n, lo, hi, name, ties).items():
            for greatest, end in ((False, a), (True, b)):
                if tries <= 0:
                    return None
                if area.meets(end - Fraction(p + n, SCALE), end + Fraction(p + n, SCALE)):
                    tries -= 1
                    groups = extreme_groups(p, n, lo, hi, name, ties, total, greatest)
                    if fits(groups, p, n, ranking):
                        return groups
        inside = interior_groups(p, n, lo, hi, name, ties, area)
        if inside is not None and fits(inside, p, n, ranking):
            return inside
    return None
