"""Brute-force references that share no code with rocpr_exact (plain Fractions)."""

from __future__ import annotations

import itertools
from fractions import Fraction


def mann_whitney(scores: list[int], labels: list[int]) -> Fraction:
    """U / (P N): every positive-negative pair, 1 if the positive scores higher, 1/2 if tied."""
    pos = [s for s, y in zip(scores, labels, strict=True) if y == 1]
    neg = [s for s, y in zip(scores, labels, strict=True) if y == 0]
    twice_u = sum(2 if p > n else 1 if p == n else 0 for p in pos for n in neg)
    return Fraction(twice_u, 2 * len(pos) * len(neg))


def threshold_counts(scores: list[int], labels: list[int]) -> list[tuple[int, int]]:
    """(TP, FP) of "positive iff score >= t" for every distinct t, strict to loose, after (0,0)."""
    out = [(0, 0)]
    for t in sorted(set(scores), reverse=True):
        tp = sum(1 for s, y in zip(scores, labels, strict=True) if s >= t and y == 1)
        fp = sum(1 for s, y in zip(scores, labels, strict=True) if s >= t and y == 0)
        out.append((tp, fp))
    return out


def limit_precision_at_zero(points: list[tuple[int, int]]) -> Fraction:
    """Precision at recall 0 along the curve: of the first step that adds positives."""
    for (t0, f0), (t1, f1) in itertools.pairwise(points):
        if t1 > t0:
            return Fraction(0) if t0 == 0 and f0 > 0 else Fraction(t1 - t0, (t1 - t0) + (f1 - f0))
    raise ValueError("no positives")


def pr_areas_plain(points: list[tuple[int, int]], positives: int) -> dict[str, Fraction]:
    """Step, linear and Davis-Goadrich areas by their textbook definitions, one term at a time.

    Every listed point, every integer TP of the interpolation, plain Fraction sums.
    """
    p0 = limit_precision_at_zero(points)

    def prec(tp: Fraction | int, fp: Fraction | int) -> Fraction:
        return p0 if tp == 0 else Fraction(tp) / (tp + fp)

    step = sum(
        (
            Fraction(t1 - t0, positives) * prec(t1, f1)
            for (t0, _), (t1, f1) in itertools.pairwise(points)
        ),
        Fraction(0),
    )
    linear = sum(
        (
            Fraction(t1 - t0, positives) * (prec(t0, f0) + prec(t1, f1)) / 2
            for (t0, f0), (t1, f1) in itertools.pairwise(points)
        ),
        Fraction(0),
    )
    dg_points: list[tuple[int, Fraction]] = [(0, p0)]
    for (t0, f0), (t1, f1) in itertools.pairwise(points):
        if t1 == t0:
            dg_points.append((t1, prec(t1, f1)))
            continue
        skew = Fraction(f1 - f0, t1 - t0)
        for x in range(1, t1 - t0 + 1):
            dg_points.append((t0 + x, prec(t0 + x, f0 + skew * x)))
    dg = sum(
        (
            Fraction(b[0] - a[0], positives) * (a[1] + b[1]) / 2
            for a, b in itertools.pairwise(dg_points)
        ),
        Fraction(0),
    )
    return {"step": step, "linear": linear, "davis-goadrich": dg}
