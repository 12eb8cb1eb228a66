"""Benchmark matrix: the default report (certified first) against scikit-learn.

Cells: n x positive rate x scores (distinct float64, or rounded to 3 decimals: heavy
ties).  Each cell runs in its own process and times, on the same numpy arrays:

* ours: ``Curve.from_scores`` + ``build_report`` (30 certified digits; ``--exact``
  builds every exact rational as well, the report before "certified first");
* sklearn: ``roc_auc_score`` + ``average_precision_score``;

and prints ours, sklearn, the ratio and the peak resident memory of the cell's process.
Run from the repository root:

    python benchmarks/bench_matrix.py                       # n = 10**6 and 10**7
    python benchmarks/bench_matrix.py --sizes 1000000 --exact
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def make_data(n: int, rate: str, ties: bool, seed: int = 0):  # type: ignore[no-untyped-def]
    import numpy as np

    rng = np.random.default_rng(seed)
    labels = (rng.random(n) < int(rate) / 100).astype(np.int8)
    scores = rng.random(n) + 0.35 * labels  # informative scores
    if ties:
        scores = np.round(scores, 3)
    return scores, labels


def cell(n: int, rate: str, ties: bool, exact: bool) -> dict[str, object]:
    sys.path.insert(0, str(ROOT))
    from sklearn.metrics import average_precision_score, roc_auc_score

    import rocpr_exact as rx
    from rocpr_exact.output.report import build_report

    scores, labels = make_data(n, rate, ties)
    start = time.perf_counter()
    roc_auc_score(labels, scores)
    average_precision_score(labels, scores)
    theirs = time.perf_counter() - start
    start = time.perf_counter()
    build_report(rx.Curve.from_scores(scores, labels), 30, exact=exact)
    ours = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    return {"ours": ours, "sklearn": theirs, "peak_mb": peak_mb}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10**6, 10**7])
    parser.add_argument("--rates", nargs="+", default=["1", "50"], help="percent positives")
    parser.add_argument("--exact", action="store_true", help="build_report(exact=True)")
    parser.add_argument("--cell", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.cell:
        n, rate, ties, exact = args.cell
        print(json.dumps(cell(int(n), rate, ties == "1", exact == "1")))
        return
    print(
        f"{'n':>9} {'pos%':>4} {'scores':>9} {'ours s':>8} {'sklearn s':>9}"
        f" {'ratio':>7} {'peak MB':>8}"
    )
    for n in args.sizes:
        for rate in args.rates:
            for ties in (False, True):
                command = [sys.executable, __file__, "--cell", str(n), rate, str(int(ties))]
                command.append(str(int(args.exact)))
                out = json.loads(subprocess.check_output(command, text=True))
                ratio = out["ours"] / out["sklearn"]
                kind = "3 dec." if ties else "distinct"
                print(
                    f"{n:>9} {rate:>4} {kind:>9} {out['ours']:>8.2f} {out['sklearn']:>9.3f}"
                    f" {ratio:>7.1f} {out['peak_mb']:>8}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
