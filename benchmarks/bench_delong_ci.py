"""Benchmark: how fast ``consistent --auc-ci ... --ci-method delong`` decides printed intervals.

For a fixed list of published-style intervals (P, N between 20 and 500, two printed decimals,
95%), it times :func:`rocpr_exact.consistency.intervals.check_auc_ci` once each and prints a
Markdown table: the interval, the verdict and the seconds.  There is no peer (no other tool
decides these questions); to compare two versions of the code, run it under each (e.g. with
``PYTHONPATH`` pointing at an older checkout) on the same machine.  Run from the repository root:

    python benchmarks/bench_delong_ci.py
"""

from __future__ import annotations

import time

from rocpr_exact.consistency.intervals import check_auc_ci

#: (P, N, printed AUC or None, printed lower end, printed upper end)
CASES = [
    (100, 200, "0.91", "0.88", "0.94"),
    (50, 50, None, "0.60", "0.62"),
    (500, 500, "0.80", "0.77", "0.83"),
    (20, 20, "0.75", "0.60", "0.90"),
    (200, 300, "0.70", "0.65", "0.75"),
    (30, 60, "0.85", "0.75", "0.95"),
    (250, 250, "0.70", "0.69", "0.71"),
    (40, 400, "0.82", "0.74", "0.90"),
]


def main() -> None:
    print("| P | N | AUC | interval | verdict | seconds |")
    print("|---|---|---|---|---|---|")
    for p, n, auc, low, high in CASES:
        start = time.perf_counter()
        verdict = check_auc_ci(p, n, low, high, "delong", auc=auc).verdict
        seconds = time.perf_counter() - start
        print(f"| {p} | {n} | {auc or '-'} | {low}-{high} | {verdict} | {seconds:.2f} |")


if __name__ == "__main__":
    main()
