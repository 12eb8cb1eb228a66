"""Brute-force ROC pieces for the R twins' tests (plain Fractions, no rocpr_exact code)."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise


def roc_points(scores: list, labels: list[int]) -> list[tuple[Fraction, Fraction]]:
    """(FPR, TPR) of "positive iff score >= t" for every distinct t, after (0, 0)."""
    p, n = sum(labels), len(labels) - sum(labels)
    out = [(Fraction(0), Fraction(0))]
    for t in sorted(set(scores), reverse=True):
        tp = sum(1 for s, y in zip(scores, labels, strict=True) if s >= t and y)
        fp = sum(1 for s, y in zip(scores, labels, strict=True) if s >= t and not y)
        out.append((Fraction(fp, n), Fraction(tp, p)))
    return out


def clipped_area(
    points: list[tuple[Fraction, Fraction]], low: Fraction, high: Fraction
) -> Fraction:
    """Integral over u in [low, high] of the polyline v(u) through points (u non-decreasing)."""
    area = Fraction(0)
    for (u0, v0), (u1, v1) in pairwise(points):
        a, b = max(u0, low), min(u1, high)
        if u1 == u0 or b <= a:
            continue

        def at(
            u: Fraction, u0: Fraction = u0, v0: Fraction = v0, u1: Fraction = u1, v1: Fraction = v1
        ) -> Fraction:
            return v0 + (v1 - v0) * (u - u0) / (u1 - u0)

        area += (b - a) * (at(a) + at(b)) / 2
    return area
