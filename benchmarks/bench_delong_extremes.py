"""Benchmark: printed DeLong intervals decided by the exact deciders of check_auc_ci, before
and after, for P + N above the exhaustive limit of 12.

For each (P, N) of ``--sizes`` and every printed 95% interval "LO-HI" with two places on a grid
(LO = 0.00, 0.05, ..., 0.90; HI = LO + 0.05, 0.10, 0.20, 0.40, up to 1.00), it runs
``check_auc_ci(P, N, LO, HI)`` twice: *before*, with every decider past the proven bounds
switched off (:data:`BEFORE`, the decider's tuple without them: the bounds A (1 - A)(1/(P - 1)
+ 1/(N - 1)), then the witness search, as the code was), and *after*: up to P = N = 25 the
whole programme's exact extremes and the exact search between them
(rocpr_exact.consistency.delong_between); past it the window over the centre's AUCs near AUC 0
or 1, and elsewhere the exact greatest variance (delong_greatest), the Lagrangian bound on the
least with the listing of the rankings near it (delong_lagrange, delong_near), rankings of
three tie groups (delong_groups) and the exact search over the rankings with only single tied
pairs. Prints the verdict counts and seconds of each (the first query of a size builds the
programmes, cached after).  Run from the repository root:

    python benchmarks/bench_delong_extremes.py
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

import smoke

from rocpr_exact.consistency import intervals
from rocpr_exact.consistency.engine.delong import Extremes
from rocpr_exact.consistency.engine.delong_stages import (
    DELONG_STAGES,
    Greatest,
    Lagrange,
    Listing,
    PairSearch,
    ThreeGroups,
)

SIZES = ["10x10", "15x15", "20x20", "10x30", "25x25", "50x50", "40x80", "82x82"]


def grid() -> list[tuple[str, str]]:
    out = []
    for lo in range(0, 95, 5):
        for width in (5, 10, 20, 40):
            if lo + width <= 100:
                cents = lo + width
                out.append((f"0.{lo:02d}", f"{cents // 100}.{cents % 100:02d}"))
    return out


#: "before": the decider without the stages past the proven bounds (the bounds and the
#: witness search alone).
BEFORE = tuple(
    s
    for s in DELONG_STAGES
    if not isinstance(s, Extremes | Greatest | Lagrange | Listing | ThreeGroups | PairSearch)
)


def run(p: int, n: int, cases: list[tuple[str, str]], exact: bool) -> tuple[Counter[str], float]:
    stages = DELONG_STAGES if exact else BEFORE
    counts: Counter[str] = Counter()
    start = time.perf_counter()
    for low, high in cases:
        counts[intervals.check_auc_ci(p, n, low, high, stages=stages).verdict] += 1
    seconds = time.perf_counter() - start
    return counts, seconds


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
            ("after (exact deciders)", True),
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
