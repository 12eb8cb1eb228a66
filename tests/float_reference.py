"""A deliberately naive, independent float reference for ROC / PR curves.

This module re-implements the quantities of Davis & Goadrich (2006) the way a careful user would
write them in an afternoon: plain Python floats (no rationals, no intervals, no numpy), simple
loops, and tolerances where floats force a decision.  It shares **no code** with the exact
``rocpr_exact`` package and never imports it, so the property tests can use it as a second,
independent opinion.
When the two disagree the exact library is presumed right, and the near-degeneracy helpers at the
bottom of this file let a test show *why* the floats were fooled (a near-tie or a near-collinear
point) and count how often that happens.

Conventions (they follow docs/design.md, section 1):

* A curve is a list of ``(TP, FP)`` integer pairs, strictest threshold first, starting at ``(0, 0)``
  and non-decreasing in both coordinates; curves built from data end at ``(P, N)``.
  Note the order: ``(TP, FP)``, while ROC *space* plots FP (x) against TP (y).
* The ROC curve is the polyline through the points in ``(FP/N, TP/P)``.
* The PR curve is the image of that polyline: on a segment A -> B with ``TP_B > TP_A``,
  ``s = (FP_B - FP_A) / (TP_B - TP_A)`` and ``precision(t) = t / (t + FP_A + s (t - TP_A))``.
  A segment with ``TP_B == TP_A`` is a vertical drop in PR space.
* Recall 0 uses the "limit" convention: the precision of the first segment leaving ``(0, 0)`` if
  it gains a positive, else 0 (negatives ranked above every positive).

Everything here is a pure function.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Any, Literal

Point = tuple[int, int]
"""A point of a curve: ``(TP, FP)``."""

Side = Literal["upper", "lower"]

_SNAP = 1e-12  # relative tolerance used to snap a float TP count onto an integer


# --------------------------------------------------------------------------------------------
# Curves from data
# --------------------------------------------------------------------------------------------


def _label01(label: Any) -> int:
    if isinstance(label, bool | numbers.Integral) or type(label).__name__ == "bool_":
        value = int(label)
        if value in (0, 1):
            return value
    raise ValueError(f"label must be 0, 1, True or False, got {label!r}")


def roc_points(scores: Sequence[Any], labels: Sequence[Any]) -> list[Point]:
    """(TP, FP) for every distinct threshold "positive iff score >= t", strictest first.

    Starts with (0, 0) and ends with (P, N); tied scores form one threshold.

    >>> roc_points([0.9, 0.8, 0.8, 0.7, 0.6], [1, 1, 0, 0, 1])
    [(0, 0), (1, 0), (2, 1), (2, 2), (3, 2)]
    """
    scores = list(scores)
    labels = list(labels)
    if len(scores) != len(labels):
        raise ValueError(f"{len(scores)} scores but {len(labels)} labels")
    if not scores:
        raise ValueError("empty input")
    ys = [_label01(y) for y in labels]
    for s in scores:
        if s != s:  # NaN (float, numpy or Decimal)
            raise ValueError("NaN score")
    order = sorted(range(len(scores)), key=lambda i: scores[i], reverse=True)
    points: list[Point] = [(0, 0)]
    tp = fp = 0
    for pos, i in enumerate(order):
        if ys[i]:
            tp += 1
        else:
            fp += 1
        last_of_group = pos + 1 == len(order) or scores[order[pos + 1]] != scores[i]
        if last_of_group:
            points.append((tp, fp))
    return points


def _check_points(points: Iterable[Sequence[int]]) -> list[Point]:
    pts = [(int(p[0]), int(p[1])) for p in points]
    if not pts or pts[0] != (0, 0):
        raise ValueError("a curve must start at (TP, FP) = (0, 0)")
    for a, b in pairwise(pts):
        if b[0] < a[0] or b[1] < a[1]:
            raise ValueError(f"curve is not monotone between {a} and {b}")
    return pts


def _segments(pts: list[Point]) -> list[tuple[Point, Point]]:
    """Consecutive pairs, zero-length segments dropped."""
    return [(a, b) for a, b in pairwise(pts) if a != b]


# --------------------------------------------------------------------------------------------
# ROC area
# --------------------------------------------------------------------------------------------


def auc_roc(points: Sequence[Sequence[int]], P: int, N: int) -> float:
    """Trapezoids on (FP/N, TP/P).

    >>> auc_roc([(0, 0), (1, 0), (2, 1), (2, 2), (3, 2)], 3, 2)  # 7/12
    0.5833333333333333
    """
    if P <= 0 or N <= 0:
        raise ValueError("ROC needs P > 0 and N > 0")
    pts = _check_points(points)
    area = 0.0
    for (tpa, fpa), (tpb, fpb) in pairwise(pts):
        area += (fpb / N - fpa / N) * (tpa / P + tpb / P) / 2.0
    return area


# --------------------------------------------------------------------------------------------
# PR curve values
# --------------------------------------------------------------------------------------------


def pr_precision_on_segment(a: Sequence[int], b: Sequence[int], tp: float) -> float:
    """Precision on the PR image of the ROC segment a -> b at TP = tp.

    ``precision(t) = t / (t + FP_A + s (t - TP_A))`` with ``s = dFP / dTP``.  At ``t = 0`` on a
    segment leaving (0, 0) this is 0/0; the value returned is the limit along the segment,
    ``1 / (1 + s)``.  For a vertical drop (``TP_A == TP_B``) the upper value ``tp / (tp + FP_A)``
    is returned (0 when tp = 0, since the drop then runs along TP = 0).

    >>> [round(pr_precision_on_segment((5, 5), (10, 30), t), 5) for t in range(5, 11)]
    [0.5, 0.375, 0.31818, 0.28571, 0.26471, 0.25]
    """
    tpa, fpa = int(a[0]), int(a[1])
    tpb, fpb = int(b[0]), int(b[1])
    if tpb < tpa or fpb < fpa:
        raise ValueError(f"segment {a} -> {b} is not monotone")
    if tpb == tpa:
        if abs(tp - tpa) > _SNAP * max(1.0, abs(tpa)):
            raise ValueError(f"TP = {tp} is not on the vertical drop at TP = {tpa}")
        if fpa == fpb and tpa == 0:
            raise ValueError("precision at (0, 0) is undefined")
        if tpa == 0:
            return 0.0
        return tpa / (tpa + fpa)
    if not (tpa - _SNAP * max(1.0, tpa) <= tp <= tpb + _SNAP * max(1.0, tpb)):
        raise ValueError(f"TP = {tp} is outside the segment [{tpa}, {tpb}]")
    s = (fpb - fpa) / (tpb - tpa)
    denom = tp + fpa + s * (tp - tpa)
    if denom == 0.0:  # tp == 0 on a segment leaving (0, 0): the limit along the segment
        return 1.0 / (1.0 + s)
    return tp / denom


def _precision_at_zero(pts: list[Point]) -> float:
    """The limit convention at recall 0."""
    for (tpa, fpa), (tpb, fpb) in _segments(pts):
        if tpa == 0 and fpa == 0:
            return 0.0 if tpb == 0 else tpb / (tpb + fpb)
    raise ValueError("the curve never leaves (0, 0)")


def _pr_values_at(pts: list[Point], t: float) -> tuple[float, float]:
    """(lowest, highest) precision of the PR curve at TP = t (t already snapped)."""
    if t == 0:
        p0 = _precision_at_zero(pts)
        return p0, p0
    values: list[float] = []
    for (tpa, fpa), (tpb, fpb) in _segments(pts):
        if tpa == tpb:
            if tpa == t:
                values.append(t / (t + fpa))
                values.append(t / (t + fpb))
        elif tpa <= t <= tpb:
            values.append(pr_precision_on_segment((tpa, fpa), (tpb, fpb), t))
    if not values:
        raise ValueError(f"TP = {t} is beyond the end of the curve")
    return min(values), max(values)


def _snap(t: float) -> float:
    r = round(t)
    if abs(t - r) <= _SNAP * max(1.0, abs(t)):
        return float(r)
    return t


def precision_at_tp(points: Sequence[Sequence[int]], tp: float, side: Side = "upper") -> float:
    """Precision of the PR curve at TP = tp (a count; floats near an integer are snapped).

    ``side="upper"`` (default) is the upper value of the curve there (the top of a vertical drop,
    which is also the left limit); ``side="lower"`` the bottom (the right limit).  At tp = 0 both
    are the limit-convention value.
    """
    pts = _check_points(points)
    if tp < 0:
        raise ValueError("TP must be >= 0")
    lo, hi = _pr_values_at(pts, _snap(float(tp)))
    return hi if side == "upper" else lo


def precision_at(
    points: Sequence[Sequence[int]], P: int, recall: float, side: Side = "upper"
) -> float:
    """Upper (or lower) precision of the PR curve at a recall in [0, 1].

    ``recall * P`` is snapped to the nearest integer when within a relative 1e-12, so that a
    recall such as 2/3 (not representable) still hits the vertical drop at TP = 2 when P = 3.

    >>> pts = [(0, 0), (1, 0), (2, 1), (2, 2), (3, 2)]
    >>> precision_at(pts, 3, 2 / 3), precision_at(pts, 3, 2 / 3, side="lower")
    (0.6666666666666666, 0.5)
    """
    if P <= 0:
        raise ValueError("PR needs P > 0")
    if not (-_SNAP <= recall <= 1.0 + _SNAP):
        raise ValueError(f"recall {recall} outside [0, 1]")
    return precision_at_tp(points, max(0.0, recall * P), side)


# --------------------------------------------------------------------------------------------
# PR areas
# --------------------------------------------------------------------------------------------


def _x_minus_log1p(x: float) -> float:
    """x - ln(1 + x) without cancellation for small x (x > -1)."""
    if abs(x) < 1e-2:
        # sum_{n >= 2} (-1)^n x^n / n
        total = 0.0
        power = x * x
        for n in range(2, 20):
            total += power / n if n % 2 == 0 else -power / n
            power *= x
        return total
    return x - math.log1p(x)


def auc_pr_continuous(points: Sequence[Sequence[int]], P: int) -> float:
    """Integral of precision over recall along the PR curve (closed form per segment).

    Per segment the integral is ``(1/P) [t/k - (c/k^2) ln(k t + c)]`` from TP_A to TP_B,
    ``k = 1 + s``, ``c = FP_A - s TP_A``.  With ``u = k t + c`` (which is TP + FP along the segment)
    this equals ``(1/(P k^2)) [k TP_A x + c (x - ln(1 + x))]`` where ``x = (u_B - u_A) / u_A``;
    that rearrangement is what is evaluated, because it does not cancel catastrophically when the
    segment is short relative to TP + FP.  ``c == 0`` (decided on the integer numerator
    ``FP_A dTP - dFP TP_A``) means constant precision ``1/k`` and no log; it covers the only case
    where ``u_A = 0`` (a segment leaving (0, 0)).
    """
    if P <= 0:
        raise ValueError("PR needs P > 0")
    pts = _check_points(points)
    total = 0.0
    for (tpa, fpa), (tpb, fpb) in _segments(pts):
        dtp = tpb - tpa
        if dtp == 0:
            continue
        dfp = fpb - fpa
        k = 1.0 + dfp / dtp
        c_num = fpa * dtp - dfp * tpa  # c = c_num / dtp, exact integer numerator
        if c_num == 0:
            total += dtp / k
            continue
        c = c_num / dtp
        ua = tpa + fpa
        ub = tpb + fpb
        x = (ub - ua) / ua
        total += (k * tpa * x + c * _x_minus_log1p(x)) / (k * k)
    return total / P


def auc_pr_continuous_textbook(points: Sequence[Sequence[int]], P: int) -> float:
    """The same integral evaluated literally as ``F(TP_B) - F(TP_A)`` (for cross-checks only)."""
    if P <= 0:
        raise ValueError("PR needs P > 0")
    pts = _check_points(points)
    total = 0.0
    for (tpa, fpa), (tpb, fpb) in _segments(pts):
        if tpb == tpa:
            continue
        s = (fpb - fpa) / (tpb - tpa)
        k = 1.0 + s
        c = fpa - s * tpa
        if abs(c) <= 1e-12 * max(1.0, fpa):
            total += (tpb - tpa) / k
            continue

        def F(t: float, k: float = k, c: float = c) -> float:
            return t / k - (c / (k * k)) * math.log(k * t + c)

        total += F(tpb) - F(tpa)
    return total / P


def _trapezoid(seq: list[tuple[float, float]]) -> float:
    area = 0.0
    for (r0, p0), (r1, p1) in pairwise(seq):
        area += (r1 - r0) * (p0 + p1) / 2.0
    return area


def dg_points(points: Sequence[Sequence[int]], P: int) -> list[tuple[float, float]]:
    """(recall, precision) sequence used by the Davis-Goadrich area.

    Starts at (0, limit-convention precision); every segment contributes its integer TP steps
    ``TP_A + x``, ``x = 1 .. dTP``, with ``FP = FP_A + s x``; a vertical drop contributes its end.
    """
    if P <= 0:
        raise ValueError("PR needs P > 0")
    pts = _check_points(points)
    seq = [(0.0, _precision_at_zero(pts))]
    for (tpa, fpa), (tpb, fpb) in _segments(pts):
        dtp = tpb - tpa
        if dtp == 0:
            seq.append((tpb / P, tpb / (tpb + fpb)))
            continue
        dfp = fpb - fpa
        for x in range(1, dtp + 1):
            t = tpa + x
            fp = fpa + dfp * x / dtp
            seq.append((t / P, t / (t + fp)))
    return seq


def auc_pr_davis_goadrich(points: Sequence[Sequence[int]], P: int) -> float:
    """Composite trapezoid over the discretely interpolated points (see :func:`dg_points`).

    >>> round(auc_pr_davis_goadrich([(0, 0), (1, 0), (3, 4)], 3), 12) == round(31 / 42, 12)
    True
    """
    return _trapezoid(dg_points(points, P))


def auc_pr_linear(points: Sequence[Sequence[int]], P: int) -> float:
    """Trapezoid with straight lines in PR space between the listed points (the paper's mistake).

    Starts at (0, limit-convention precision); the point (0, 0) (precision undefined) is skipped.
    """
    if P <= 0:
        raise ValueError("PR needs P > 0")
    pts = _check_points(points)
    seq = [(0.0, _precision_at_zero(pts))]
    seq += [(tp / P, tp / (tp + fp)) for tp, fp in pts if tp + fp > 0]
    return _trapezoid(seq)


def auc_pr_step(points: Sequence[Sequence[int]], P: int) -> float:
    """Average precision: sum over listed points of (R_i - R_{i-1}) * precision_i.

    Points with TP + FP = 0 are skipped (their recall, 0, still serves as R_{i-1}).  This is what
    ``sklearn.metrics.average_precision_score`` computes.
    """
    if P <= 0:
        raise ValueError("PR needs P > 0")
    pts = _check_points(points)
    total = 0.0
    for (tpa, _fpa), (tpb, fpb) in pairwise(pts):
        if tpb + fpb == 0:
            continue
        total += (tpb / P - tpa / P) * (tpb / (tpb + fpb))
    return total


# --------------------------------------------------------------------------------------------
# ROC convex hull
# --------------------------------------------------------------------------------------------


def _cross(o: Point, a: Point, b: Point) -> float:
    """Cross product of (a - o) x (b - o) in ROC space, x = FP, y = TP, in floats."""
    ox, oy = float(o[1]), float(o[0])
    ax, ay = float(a[1]), float(a[0])
    bx, by = float(b[1]), float(b[0])
    return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox)


def convex_hull(
    points: Iterable[Sequence[int]],
    P: int | None = None,
    N: int | None = None,
    tol: float = 0.0,
) -> list[Point]:
    """Vertices of the upper convex hull in ROC space, from (0, 0) to (P, N), as (TP, FP).

    Monotone chain over points sorted by (FP, TP) with float cross products; collinear points
    (|cross| <= tol) are not vertices.  ``P`` and ``N`` default to the largest TP and FP given.

    >>> convex_hull([(0, 0), (1, 0), (2, 1), (2, 2), (3, 2)])
    [(0, 0), (1, 0), (3, 2)]
    """
    pts = {(int(p[0]), int(p[1])) for p in points}
    if P is None:
        P = max(tp for tp, _ in pts)
    if N is None:
        N = max(fp for _, fp in pts)
    pts |= {(0, 0), (P, N)}
    hull: list[Point] = []
    for p in sorted(pts, key=lambda q: (q[1], q[0])):
        while len(hull) >= 2 and _cross(hull[-2], hull[-1], p) >= -tol:
            hull.pop()
        hull.append(p)
    return hull


def _heights(poly: list[tuple[float, float]], x: float) -> tuple[float, float] | None:
    """(lowest, highest) y of a polyline of (x, y) vertices at abscissa x, None if off it."""
    ys: list[float] = []
    for (x1, y1), (x2, y2) in pairwise(poly):
        if x1 == x2:
            if x == x1:
                ys += [y1, y2]
        elif x1 <= x <= x2:
            ys.append(y1 + (y2 - y1) * ((x - x1) / (x2 - x1)))
    if len(poly) == 1 and poly[0][0] == x:
        ys.append(poly[0][1])
    if not ys:
        return None
    return min(ys), max(ys)


def hull_gaps(
    points: Iterable[Sequence[int]], P: int | None = None, N: int | None = None
) -> list[tuple[Point, float]]:
    """For each point, its vertical distance (in TP counts) under the hull: > 0 below, 0 on it.

    At an FP where the hull is vertical (only FP = 0 for an upper hull) the whole vertical edge is
    hull, so the gap is measured from the edge's *lowest* point: a point (TP, 0) is on the hull.
    A negative gap means the point is above the hull (only possible through rounding).
    """
    pts = [(int(p[0]), int(p[1])) for p in points]
    hull = convex_hull(pts, P, N)
    poly = [(float(fp), float(tp)) for tp, fp in hull]
    out: list[tuple[Point, float]] = []
    for tp, fp in pts:
        h = _heights(poly, float(fp))
        if h is None:
            raise ValueError(f"point {(tp, fp)} is outside the hull's FP range")
        lo, hi = h
        if tp < lo:
            gap = lo - tp
        elif tp > hi:
            gap = hi - tp
        else:
            gap = 0.0
        out.append(((tp, fp), gap))
    return out


def below_hull(
    points: Iterable[Sequence[int]],
    P: int | None = None,
    N: int | None = None,
    tol: float = 1e-9,
) -> list[Point]:
    """The points strictly under the hull (gap > tol), in input order.

    >>> below_hull([(0, 0), (1, 0), (2, 1), (2, 2), (3, 2)])
    [(2, 2)]
    """
    return [p for p, gap in hull_gaps(points, P, N) if gap > tol]


# --------------------------------------------------------------------------------------------
# Dominance
# --------------------------------------------------------------------------------------------


def roc_dominance_gaps(
    c1: Sequence[Sequence[int]], c2: Sequence[Sequence[int]], P: int, N: int
) -> list[tuple[float, float]]:
    """(FPR, TPR of II minus TPR of I) at every FP breakpoint of both curves, twice.

    Each breakpoint is compared on both sides: the highest values (points at that FPR and right
    limits) and the lowest values (left limits).  Between breakpoints both curves are linear, so
    the difference is linear and these comparisons are sufficient.  Comparing only the highest
    values is *not* enough: if I rises vertically at FPR x, II can be above I just left of x.
    """
    if P <= 0 or N <= 0:
        raise ValueError("ROC needs P > 0 and N > 0")
    p1, p2 = _check_points(c1), _check_points(c2)
    for c in (p1, p2):
        if c[-1] != (P, N):
            raise ValueError(f"curve must end at (P, N) = {(P, N)}, ends at {c[-1]}")
    poly1 = [(float(fp), float(tp)) for tp, fp in p1]
    poly2 = [(float(fp), float(tp)) for tp, fp in p2]
    gaps: list[tuple[float, float]] = []
    for x in sorted({fp for _, fp in p1} | {fp for _, fp in p2}):
        h1 = _heights(poly1, float(x))
        h2 = _heights(poly2, float(x))
        assert h1 is not None and h2 is not None
        gaps.append((x / N, h2[1] / P - h1[1] / P))
        gaps.append((x / N, h2[0] / P - h1[0] / P))
    return gaps


def pr_dominance_gaps(
    c1: Sequence[Sequence[int]], c2: Sequence[Sequence[int]], P: int, grid: int = 256
) -> list[tuple[float, float]]:
    """(recall, precision of II minus precision of I) at breakpoints and on a grid.

    Breakpoints are the TP of every vertex of both curves; each is compared on both sides (upper
    values = points and left limits, lower values = right limits: in PR space a curve arrives at a
    vertical drop at its top and leaves from its bottom).  The grid adds ``grid + 1`` evenly spaced
    recalls (upper values), the belt-and-braces a naive user would add.
    """
    if P <= 0:
        raise ValueError("PR needs P > 0")
    p1, p2 = _check_points(c1), _check_points(c2)
    for c in (p1, p2):
        if c[-1][0] != P:
            raise ValueError(f"curve must end at TP = P = {P}, ends at {c[-1]}")
    gaps: list[tuple[float, float]] = []
    for t in sorted({tp for tp, _ in p1} | {tp for tp, _ in p2}):
        lo1, hi1 = _pr_values_at(p1, float(t))
        lo2, hi2 = _pr_values_at(p2, float(t))
        gaps.append((t / P, hi2 - hi1))
        gaps.append((t / P, lo2 - lo1))
    for j in range(grid + 1):
        u = _snap(j * P / grid)
        _, hi1 = _pr_values_at(p1, u)
        _, hi2 = _pr_values_at(p2, u)
        gaps.append((u / P, hi2 - hi1))
    return gaps


def worst_gap(gaps: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The (location, gap) with the largest gap: where II is most above I (a witness if > 0)."""
    return max(gaps, key=lambda g: g[1])


def dominates_roc(
    c1: Sequence[Sequence[int]],
    c2: Sequence[Sequence[int]],
    P: int,
    N: int,
    eps: float = 1e-12,
) -> bool:
    """Does curve I (c1) dominate curve II (c2) in ROC space (no point of II above I, up to eps)?

    >>> dominates_roc([(0, 0), (2, 0), (2, 2)], [(0, 0), (1, 1), (2, 2)], 2, 2)
    True
    """
    return worst_gap(roc_dominance_gaps(c1, c2, P, N))[1] <= eps


def dominates_pr(
    c1: Sequence[Sequence[int]],
    c2: Sequence[Sequence[int]],
    P: int,
    eps: float = 1e-12,
    grid: int = 256,
) -> bool:
    """Does curve I (c1) dominate curve II (c2) in PR space (no point of II above I, up to eps)?

    >>> dominates_pr([(0, 0), (1, 1), (2, 2)], [(0, 0), (2, 0), (2, 2)], 2)
    False
    """
    return worst_gap(pr_dominance_gaps(c1, c2, P, grid))[1] <= eps


# --------------------------------------------------------------------------------------------
# Near-degeneracy helpers (for property tests that must explain float disagreements)
# --------------------------------------------------------------------------------------------


def min_abs_gap(values: Iterable[float]) -> float:
    """Smallest |v| (inf for no values): how close a float decision came to flipping."""
    return min((abs(v) for v in values), default=math.inf)


def min_nonzero_abs_gap(values: Iterable[float], zero: float = 0.0) -> float:
    """Smallest |v| with |v| > zero (inf if none): the nearest near-tie that is not a tie."""
    return min((abs(v) for v in values if abs(v) > zero), default=math.inf)


def count_near_ties(values: Iterable[float], tol: float = 1e-9) -> int:
    """How many values are within tol of 0 (decisions a float cannot be trusted with)."""
    return sum(1 for v in values if abs(v) <= tol)


def min_score_gap(scores: Iterable[Any]) -> float:
    """Smallest positive difference between distinct scores, as a float (inf if < 2 distinct).

    Ties are exact (Python compares int / float / Fraction / Decimal by value), but scores closer
    than this are where a float pipeline upstream could have merged or split a tie.
    """
    distinct = sorted(set(scores))
    return min((float(b - a) for a, b in pairwise(distinct)), default=math.inf)


def is_near_tie(gaps: Sequence[tuple[float, float]], tol: float = 1e-9) -> bool:
    """Does a dominance decision made from these gaps hinge on a near-tie?

    True when the worst gap is within tol of 0 without being exactly 0.0 (an exact 0.0 comes from
    curves that genuinely touch, e.g. at shared vertices, and is computed without rounding).
    """
    worst = worst_gap(gaps)[1]
    return 0.0 < abs(worst) <= tol
