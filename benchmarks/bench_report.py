"""Benchmark: the full exact analysis against scikit-learn on the same arrays.

For n examples with 1% positives and float scores, with and without ties, it
times in one process per size (so peak memory is that size's own):

* ours: ``Curve.from_scores`` + AUC-ROC + ``davis-goadrich`` AUC-PR (exact) +
  ``continuous`` AUC-PR with 30 certified digits + ROC convex hull + the four
  areas of the achievable PR curve (all exact; decimals of the exact values);
* sklearn: ``roc_auc_score`` + ``average_precision_score``;
* floor: one ``numpy.argsort`` of the scores.

It prints a table with the ratios ours/sklearn and ours/argsort, and the peak
resident memory of the run that measured ours.  Run from the repository root:

    python benchmarks/bench_report.py               # n = 10**6 and 10**7
    python benchmarks/bench_report.py --sizes 100000 --repeat 3
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

import smoke

ROOT = Path(__file__).resolve().parent.parent


def make_data(n: int, ties: bool, seed: int = 0):  # type: ignore[no-untyped-def]
    import numpy as np

    rng = np.random.default_rng(seed)
    labels = (rng.random(n) < 0.01).astype(np.int8)
    scores = rng.random(n) + 0.35 * labels  # informative scores, AUC-ROC about 0.85
    if ties:
        scores = np.round(scores, 3)  # about 1,350 distinct values: heavy ties
    return scores, labels


def ours(scores, labels) -> None:  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(ROOT))
    import rocpr_exact as rx

    curve = rx.Curve.from_scores(scores, labels)
    rx.format_decimal(rx.auc_roc(curve), 30)
    rx.format_decimal(rx.auc_pr(curve, "davis-goadrich"), 30)
    rx.format_decimal(rx.auc_pr(curve, "continuous"), 30)
    hull = rx.roc_convex_hull(curve)
    achievable = rx.achievable_pr_curve(curve)
    for method in rx.PR_METHODS:
        rx.format_decimal(rx.auc_pr(achievable, method), 30)
    assert len(hull) >= 2


def sklearn(scores, labels) -> None:  # type: ignore[no-untyped-def]
    from sklearn.metrics import average_precision_score, roc_auc_score

    roc_auc_score(labels, scores)
    average_precision_score(labels, scores)


def argsort(scores, labels) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    np.argsort(scores)


def measure(which: str, n: int, ties: bool, repeat: int) -> dict[str, float]:
    """Run in a child process: best-of-`repeat` seconds and peak RSS in MiB."""
    scores, labels = make_data(n, ties)
    run = {"ours": ours, "sklearn": sklearn, "argsort": argsort}[which]
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run(scores, labels)
        best = min(best, time.perf_counter() - start)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"seconds": best, "peak_mib": peak}


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def child(which: str, n: int, ties: bool, repeat: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", which, str(n), str(int(ties)), str(repeat)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10**6, 10**7])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        which, n, ties, repeat = args.child
        print(json.dumps(measure(which, int(n), ties == "1", int(repeat))))
        return
    args.sizes, args.repeat = smoke.sizes(args.sizes, 2_000), smoke.size(args.repeat, 1)
    print(f"machine: {cpu_model()}, {os.cpu_count()} cores, python {platform.python_version()}")
    header = (
        f"{'n':>10} {'ties':>5} {'ours s':>8} {'sklearn s':>9} {'ratio':>6} "
        f"{'argsort s':>9} {'/argsort':>8} {'peak MiB':>8}"
    )
    print(header)
    for n in args.sizes:
        for ties in (False, True):
            o = child("ours", n, ties, args.repeat)
            s = child("sklearn", n, ties, args.repeat)
            a = child("argsort", n, ties, args.repeat)
            print(
                f"{n:>10} {'yes' if ties else 'no':>5} {o['seconds']:>8.3f} {s['seconds']:>9.3f} "
                f"{o['seconds'] / s['seconds']:>6.2f} {a['seconds']:>9.3f} "
                f"{o['seconds'] / a['seconds']:>8.1f} {o['peak_mib']:>8.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
