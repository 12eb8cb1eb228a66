"""Benchmark: how many printed DeLong intervals of small P and N stay undecided, before and after
the exhaustive decision (rocpr_exact.consistency.delong_small).

For every P, N >= 2 with P + N <= ``--max-examples`` (default 9) and every printed 95% interval
"LO-HI" with two places on a grid (LO = 0.00, 0.05, ..., 0.90; HI = LO + 0.05, 0.10, 0.20,
0.30, 0.40), it runs ``check_auc_ci(P, N, LO, HI)`` twice: *before*, with the exhaustive path
switched off (the decider's tuple without its enumeration and the whole programme's extremes:
the proven bounds, then the witness search, as the code was), and *after* (every ranking
enumerated for P + N <= 12).  Prints the verdict counts
and seconds of each.  Run from the repository root:

    python benchmarks/bench_delong_small.py
    python benchmarks/bench_delong_small.py --max-examples 12
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from rocpr_exact.consistency import intervals
from rocpr_exact.consistency.engine.delong import Enumerated, Extremes
from rocpr_exact.consistency.engine.delong_stages import DELONG_STAGES

#: "before" as the code was: no enumeration, no exact variance extremes either
#: (bench_delong_extremes.py); the window near AUC 0 or 1 stays.
BEFORE = tuple(
    s
    for s in DELONG_STAGES
    if not isinstance(s, Enumerated) and not (isinstance(s, Extremes) and not s.near)
)

LOWS = [f"0.{k:02d}" for k in range(0, 95, 5)]
WIDTHS = [5, 10, 20, 30, 40]


def queries(max_examples: int) -> list[tuple[int, int, str, str]]:
    out = []
    for total in range(4, max_examples + 1):
        for p in range(2, total - 1):
            for low in LOWS:
                for width in WIDTHS:
                    cents = int(low[2:]) + width
                    high = f"{cents // 100}.{cents % 100:02d}"
                    out.append((p, total - p, low, high))
    return out


def run(cases: list[tuple[int, int, str, str]], exhaustive: bool) -> tuple[Counter[str], float]:
    stages = DELONG_STAGES if exhaustive else BEFORE
    counts: Counter[str] = Counter()
    start = time.perf_counter()
    for p, n, low, high in cases:
        counts[intervals.check_auc_ci(p, n, low, high, stages=stages).verdict] += 1
    return counts, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-examples", type=int, default=9)
    args = parser.parse_args()
    cases = queries(args.max_examples)
    print(f"{len(cases)} printed intervals, P, N >= 2, P + N <= {args.max_examples}")
    print("| run | possible | impossible | undecided | undecided share | seconds |")
    print("|---|---|---|---|---|---|")
    for name, exhaustive in (
        ("before (bounds + witness search)", False),
        ("after (every ranking)", True),
    ):
        counts, seconds = run(cases, exhaustive)
        share = counts["undecided"] / len(cases)
        print(
            f"| {name} | {counts['possible']} | {counts['impossible']} | "
            f"{counts['undecided']} | {share:.1%} | {seconds:.1f} |"
        )


if __name__ == "__main__":
    main()
