"""Brute-force references that share no code with rocpr_exact (plain Fractions)."""

from __future__ import annotations

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
