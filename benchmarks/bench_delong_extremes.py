"""Benchmark: printed DeLong intervals decided by the exact variance extremes at each AUC
(rocpr_exact.consistency.delong_extremes), before and after, for P + N above the exhaustive
limit of 12.

For each (P, N) of ``--sizes`` and every printed 95% interval "LO-HI" with two places on a grid
(LO = 0.00, 0.05, ..., 0.90; HI = LO + 0.05, 0.10, 0.20, 0.40, up to 1.00), it runs
``check_auc_ci(P, N, LO, HI)`` twice: *before*, with the extremes switched off (the proven
bounds A (1 - A)(1/(P - 1) + 1/(N - 1)), then the witness search, as the code was), and *after*
(the whole programme up to P = N = 25, past it the window over the centre's AUCs where that
programme fits: near AUC 0 or 1, and elsewhere the Lagrangian bound on the least variance of
rocpr_exact.consistency.delong_lagrange with the rankings it finds).
Prints the verdict counts and seconds of each (the first query of a size builds the
programme, cached after).  Run from the repository root:

    python benchmarks/bench_delong_extremes.py
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import smoke

from rocpr_exact.consistency import delong_decide, intervals
from rocpr_exact.consistency.delong_extremes import extremes_fit, near_fit
from rocpr_exact.consistency.delong_lagrange import lagrange_fit

SIZES = ["10x10", "15x15", "20x20", "10x30", "25x25", "50x50", "40x80"]


def grid() -> list[tuple[str, str]]:
    out = []
    for lo in range(0, 95, 5):
        for width in (5, 10, 20, 40):
            if lo + width <= 100:
                cents = lo + width
                out.append((f"0.{lo:02d}", f"{cents // 100}.{cents % 100:02d}"))
    return out


def run(p: int, n: int, cases: list[tuple[str, str]], exact: bool) -> tuple[Counter[str], float]:
    delong_decide.extremes_fit = extremes_fit if exact else (lambda p, n: False)  # type: ignore[attr-defined]
    delong_decide.near_fit = near_fit if exact else (lambda p, n, lo, hi: False)  # type: ignore[attr-defined]
    delong_decide.lagrange_fit = lagrange_fit if exact else (lambda p, n: False)  # type: ignore[attr-defined]
    counts: Counter[str] = Counter()
    start = time.perf_counter()
    for low, high in cases:
        counts[intervals.check_auc_ci(p, n, low, high).verdict] += 1
    delong_decide.extremes_fit = extremes_fit  # type: ignore[attr-defined]
    delong_decide.near_fit = near_fit  # type: ignore[attr-defined]
    delong_decide.lagrange_fit = lagrange_fit  # type: ignore[attr-defined]
    return counts, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", nargs="+", default=SIZES, help="PxN, e.g. 20x20")
    args = parser.parse_args()
    everything = grid()
    cases = everything[: smoke.size(len(everything), 1)]
    print(f"{len(cases)} printed 95% intervals per size")
    print("| P | N | run | possible | impossible | undecided | undecided share | seconds |")
    print("|---|---|---|---|---|---|---|---|")
    ratios: list[str] = []
    for size in smoke.first(args.sizes):
        p, n = (int(k) for k in size.split("x"))
        undecided = []
        for name, exact in (
            ("before (bounds + witness search)", False),
            ("after (exact extremes, Lagrangian bound)", True),
        ):
            counts, seconds = run(p, n, cases, exact)
            undecided.append(counts["undecided"])
            share = counts["undecided"] / len(cases)
            print(
                f"| {p} | {n} | {name} | {counts['possible']} | {counts['impossible']} | "
                f"{counts['undecided']} | {share:.1%} | {seconds:.1f} |",
                flush=True,
            )
        ratios.append(f"{p}x{n}: {undecided[1]}/{undecided[0]}")
    print("ratio of undecided intervals, after / before: " + ", ".join(ratios))


if __name__ == "__main__":
    main()
