"""Aggregated average-precision claims on the numbers papers print: fold means and class averages.

Each fold case splits P positives and N negatives (P from ``--sizes``, N = P, 3P or 9P) into K
stratified folds (3 to 10, scikit-learn's sizes), each fold a binormal ranking (negatives
N(0, 1), positives N(d, 1), d from 0.5 to 2.5); each class case has K = 3 to 6 classes of 5 to
200 examples, each class's one-vs-rest column its own binormal ranking (free per-class scores),
averaged macro or weighted.  The exact mean of the APs is printed with 3 digits (round half up,
as "nearest" reads it); the queries are the genuine mean (must be possible) and the mean moved
by +-0.001 to +-0.005; for the folds also the genuine mean with the genuine sample SD (ddof 1,
3 digits) and with the SD moved by +-0.005 to +-0.02.  For each kind the script prints how
many were decided, how many possible / impossible / undecided, and the median and greatest
time of one query.

    python benchmarks/bench_aggregates_ap.py --cases 150 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rocpr_exact.consistency.aggregate import Aggregate, class_tasks, stratified_fold_sizes
from rocpr_exact.consistency.aggregate_ap import decide_ap_mean, ranking_ap
from rocpr_exact.consistency.aggregate_ap_sd import ApSpread, decide_ap_spread
from rocpr_exact.consistency.aggregate_sd import variance
from rocpr_exact.consistency.reported import reported_interval


def printed(value: Fraction, shift: int = 0) -> str:
    """The exact value rounded half up to 3 digits, moved by ``shift`` thousandths."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal("0.001"), rounding=ROUND_HALF_UP) + Decimal(shift) / 1000)


def binormal_ap(rng: random.Random, p: int, n: int, d: float) -> Fraction:
    examples = [(rng.gauss(d, 1), 1) for _ in range(p)] + [(rng.gauss(0, 1), 0) for _ in range(n)]
    examples.sort(reverse=True)
    return ranking_ap([(label, 1 - label) for _, label in examples])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=150, help="fold cases and class cases each")
    parser.add_argument("--sizes", type=int, nargs="+", default=[13, 20, 50, 100, 300, 1000, 2000])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    queries: list[tuple[str, Aggregate]] = []
    spreads: list[tuple[str, ApSpread]] = []
    for _ in range(args.cases):
        p = rng.choice(args.sizes)
        n = p * rng.choice([1, 3, 9])
        k = rng.randint(3, 10)
        tasks = stratified_fold_sizes(p, n, k)
        d = rng.uniform(0.5, 2.5)
        values = [binormal_ap(rng, a, b, d) for a, b in tasks]
        mean = sum(values, Fraction(0)) / k
        weights = (Fraction(1, k),) * k
        sd = variance(values, 1)
        root = (Decimal(sd.numerator) / Decimal(sd.denominator)).sqrt()
        genuine = Aggregate(tasks, weights, reported_interval(printed(mean)), True)
        for kind, shift in (("sd genuine", 0), ("sd moved", rng.choice([-20, -10, -5, 5, 10, 20]))):
            text = str(
                root.quantize(Decimal("0.001"), rounding=ROUND_HALF_UP) + Decimal(shift) / 1000
            )
            if not text.startswith("-"):
                spreads.append((kind, ApSpread(genuine, reported_interval(text), (1,))))
        queries.append(
            ("folds genuine", Aggregate(tasks, weights, reported_interval(printed(mean)), True))
        )
        shift = rng.choice([-5, -4, -3, -2, -1, 1, 2, 3, 4, 5])
        moved = reported_interval(printed(mean, shift))
        queries.append(("folds moved", Aggregate(tasks, weights, moved, True)))
    for _ in range(args.cases):
        counts = [rng.randint(5, 200) for _ in range(rng.randint(3, 6))]
        tasks, weights = class_tasks(counts, rng.random() < 0.5)
        d = rng.uniform(0.5, 2.5)
        mean = sum(
            (w * binormal_ap(rng, a, b, d) for w, (a, b) in zip(weights, tasks, strict=True)),
            Fraction(0),
        )
        queries.append(
            ("classes genuine", Aggregate(tasks, weights, reported_interval(printed(mean)), True))
        )
        shift = rng.choice([-5, -4, -3, -2, -1, 1, 2, 3, 4, 5])
        moved = reported_interval(printed(mean, shift))
        queries.append(("classes moved", Aggregate(tasks, weights, moved, True)))
    results: dict[str, list[tuple[str, float]]] = {}
    for kind, query in queries:
        start = time.perf_counter()
        verdict = decide_ap_mean(query).verdict
        results.setdefault(kind, []).append((verdict, time.perf_counter() - start))
    for kind, spread in spreads:
        start = time.perf_counter()
        verdict = decide_ap_spread(spread).verdict
        results.setdefault(kind, []).append((verdict, time.perf_counter() - start))
    print(
        f"bench_aggregates_ap: {args.cases} fold cases (P in {args.sizes}, N = P, 3P or 9P, "
        f"3 to 10 folds) and {args.cases} class cases (3 to 6 classes of 5 to 200), "
        f"seed {args.seed}"
    )
    for kind, rows in results.items():
        count = {
            v: sum(1 for r, _ in rows if r == v) for v in ("possible", "impossible", "undecided")
        }
        times = [t for _, t in rows]
        decided = len(rows) - count["undecided"]
        print(
            f"{kind:16} {decided}/{len(rows)} decided ({100 * decided / len(rows):.1f}%): "
            f"{count['possible']} possible, {count['impossible']} impossible, "
            f"{count['undecided']} undecided; median {statistics.median(times):.3f} s, "
            f"greatest {max(times):.3f} s"
        )


if __name__ == "__main__":
    main()
