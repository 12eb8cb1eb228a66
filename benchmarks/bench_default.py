"""Benchmark: the default report (certified first) against scikit-learn on uninformative scores.

Three workloads of n examples, scores ``rng.random(n)`` and labels ``rng.random(n) < rate``
(seed 0), each timed in its own process on the same numpy arrays:

* ``balanced``: 50% positives, distinct scores: half a million corners at n = 10^6, so
  the ``continuous`` area's closed form would have as many log terms (the case that its
  certified-only path, :mod:`rocpr_exact.areas.continuous`, is for);
* ``1% pos``: 1% positives, distinct scores;
* ``rounded``: 50% positives, scores rounded to 3 decimals (about 1,000 tie groups).

ours: ``Curve.from_scores`` + ``build_report`` (30 certified digits); sklearn:
``roc_auc_score`` + ``average_precision_score``.  Best of ``--repeat`` runs each.
Run from the repository root:

    python benchmarks/bench_default.py                  # n = 10**6
    python benchmarks/bench_default.py --sizes 200000 1000000 --repeat 3
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WORKLOADS = {"balanced": (0.5, False), "1% pos": (0.01, False), "rounded": (0.5, True)}


def make_data(n: int, workload: str, seed: int = 0):  # type: ignore[no-untyped-def]
    import numpy as np

    rate, rounded = WORKLOADS[workload]
    rng = np.random.default_rng(seed)
    scores = rng.random(n)
    labels = (rng.random(n) < rate).astype(np.int8)
    if rounded:
        scores = np.round(scores, 3)
    return scores, labels


def cell(n: int, workload: str, repeat: int) -> dict[str, float]:
    sys.path.insert(0, str(ROOT))
    from sklearn.metrics import average_precision_score, roc_auc_score

    import rocpr_exact as rx
    from rocpr_exact.output.report import build_report

    scores, labels = make_data(n, workload)
    theirs = ours = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        roc_auc_score(labels, scores)
        average_precision_score(labels, scores)
        theirs = min(theirs, time.perf_counter() - start)
        start = time.perf_counter()
        build_report(rx.Curve.from_scores(scores, labels), 30)
        ours = min(ours, time.perf_counter() - start)
    return {"ours": ours, "sklearn": theirs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10**6])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cell", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.cell:
        n, workload, repeat = args.cell
        print(json.dumps(cell(int(n), workload, int(repeat))))
        return
    print(f"{'n':>9} {'workload':>9} {'ours s':>8} {'sklearn s':>9} {'ratio':>6}")
    for n in args.sizes:
        for workload in WORKLOADS:
            command = [sys.executable, __file__, "--cell", str(n), workload, str(args.repeat)]
            out = json.loads(subprocess.check_output(command, text=True))
            print(
                f"{n:>9} {workload:>9} {out['ours']:>8.3f} {out['sklearn']:>9.3f}"
                f" {out['ours'] / out['sklearn']:>6.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
