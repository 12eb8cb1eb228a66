"""Check check_auc_ci's DeLong verdicts past the exhaustive limit against every ranking.

For P and N from the command line (P + N above 12, so the exact extremes and the search between
them decide: rocpr_exact.consistency.delong_between), a set programme over the tie groups keeps
every reachable (2U, sum C^2, sum D^2) per (tp, fp), with no bound and nothing shared with the
package's programmes: at (P, N) these are every ranking's (AUC, variance) pairs.  Each printed
95% interval (two decimals: LO = 0.00 .. 0.99, widths 0.01 .. 0.40; and 300 drawn with three
decimals, seed 5) is then judged by brute force with mpmath at 60 digits (some pair's ends in
the values the printed ends stand for) and by check_auc_ci; prints each difference or undecided
verdict and the counts.  P = N = 10 takes about 10 minutes.  Run from the repository root:

    python scripts/check_delong_between.py 10 10
"""

from __future__ import annotations

import random
import sys
import time
from fractions import Fraction

import mpmath

from rocpr_exact.consistency.intervals import check_auc_ci
from rocpr_exact.consistency.reported import Interval, reported_interval


def every_pair(p: int, n: int) -> dict[int, set[Fraction]]:
    """{m: every variance of a ranking with 2U = m}, by the set programme."""
    layers: dict[tuple[int, int], set[tuple[int, int, int]]] = {(0, 0): {(0, 0, 0)}}
    final: set[tuple[int, int, int]] = set()
    for tp in range(p + 1):
        for fp in range(n + 1):
            here = layers.pop((tp, fp), set())
            if (tp, fp) == (p, n):
                final = here
                break
            for a in range(p - tp + 1):
                for b in range(n - fp + 1):
                    if a == b == 0:
                        continue
                    c, d = 2 * (n - fp - b) + b, 2 * tp + a
                    there = layers.setdefault((tp + a, fp + b), set())
                    there.update((m + a * c, x + a * c * c, y + b * d * d) for m, x, y in here)
    pairs: dict[int, set[Fraction]] = {}
    for m, x, y in final:
        variance = Fraction(p * x - m * m, 4 * n * n * p * p * (p - 1)) + Fraction(
            n * y - m * m, 4 * p * p * n * n * (n - 1)
        )
        pairs.setdefault(m, set()).add(variance)
    return pairs


def inside(x: mpmath.mpf, interval: Interval) -> bool:
    lo = mpmath.mpf(interval.low.numerator) / interval.low.denominator
    hi = mpmath.mpf(interval.high.numerator) / interval.high.denominator
    above = lo < x or (interval.low_closed and lo == x)
    return above and (x < hi or (interval.high_closed and x == hi))


def main() -> None:
    p, n = int(sys.argv[1]), int(sys.argv[2])
    mpmath.mp.dps = 60
    start = time.perf_counter()
    pairs = every_pair(p, n)
    print(f"P = {p}, N = {n}: {sum(map(len, pairs.values())):,} (AUC, variance) pairs")
    z = mpmath.sqrt(2) * mpmath.erfinv(mpmath.mpf(95) / 100)

    def brute(low: str, high: str) -> bool:
        lo, hi = reported_interval(low, "nearest"), reported_interval(high, "nearest")
        for m, variances in pairs.items():
            area = mpmath.mpf(m) / (2 * p * n)
            for v in variances:
                w = z * mpmath.sqrt(mpmath.mpf(v.numerator) / v.denominator)
                if inside(area - w, lo) and inside(area + w, hi):
                    return True
        return False

    cases = [
        (f"{lo / 100:.2f}", f"{(lo + width) / 100:.2f}")
        for lo in range(100)
        for width in (1, 2, 3, 5, 8, 10, 15, 20, 30, 40)
        if lo + width <= 100
    ]
    draw = random.Random(5)
    for _ in range(300):
        centre, half = draw.random(), draw.random() * 0.2
        cases.append((f"{max(centre - half, 0):.3f}", f"{min(centre + half, 1):.3f}"))
    counts: dict[str, int] = {}
    differences = 0
    for low, high in cases:
        verdict = check_auc_ci(p, n, low, high).verdict
        counts[verdict] = counts.get(verdict, 0) + 1
        if verdict == "undecided" or (verdict == "possible") != brute(low, high):
            differences += 1
            print(f"difference: {low}-{high}: {verdict}")
    seconds = time.perf_counter() - start
    print(f"P = {p}, N = {n}: {len(cases)} intervals, verdicts {dict(sorted(counts.items()))}, ")
    print(f"differences or undecided: {differences} ({seconds:.0f} s)")


if __name__ == "__main__":
    main()
