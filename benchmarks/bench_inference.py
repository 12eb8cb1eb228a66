"""Benchmark: DeLong's interval and paired test, exact and certified, against pROC (R).

For n examples (seed 0, half positive, float64 scores, informative; and the same rounded to 3
decimals: heavy ties) it times, after a warm-up run of each side on 1,000 rows:

* ``ci`` ours: ``Curve.from_scores`` on numpy arrays + ``auc_ci(curve).decimals(30)`` (exact
  DeLong variance, 30 certified digits of each end);
  ``report+ci`` ours: the same curve + the whole default report (``build_report``) + its
  ``auc_roc_ci`` section, i.e. ``rocpr-exact report --ci delong`` without reading the file;
  pROC: ``roc(labels, scores)`` + ``ci.auc(r)`` (method "delong"), timed inside R
  (``system.time``) on the same data read from a file before the clock starts;
* ``paired`` ours: ``delong_test(a, b, labels)`` on the numeric arrays (both placements from
  one sort each, the covariance, exact z^2, certified z and p); pROC: ``roc`` twice +
  ``roc.test(r1, r2, method="delong")``, and ``roc.test`` alone on the built curves (the
  issue's target: ours within 1.0x of it).

Each side runs ``--repeat`` times (default 3); the median counts.  Prints a Markdown table of
seconds and ratios ours / pROC.  Needs ``Rscript`` with pROC (Debian: r-base-core,
r-cran-proc).  Run from the repository root:

    python benchmarks/bench_inference.py              # n = 10**6
    python benchmarks/bench_inference.py --sizes 100000 --repeat 5
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from statistics import median

import numpy as np

import rocpr_exact as rx
from rocpr_exact.output.inference import ci_section
from rocpr_exact.output.report import build_report


def make_data(n: int, ties: bool, seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    labels = (rng.random(n) < 0.5).astype(np.int8)
    first = rng.random(n) + 0.35 * labels
    second = 0.5 * first + 0.5 * rng.random(n) + 0.1 * labels
    if ties:
        first, second = np.round(first, 3), np.round(second, 3)
    return labels, first, second


def ours(labels: np.ndarray, first: np.ndarray, second: np.ndarray) -> dict[str, float]:
    times = {}
    start = time.perf_counter()
    curve = rx.Curve.from_scores(first, labels)
    rx.auc_ci(curve).decimals(30)
    times["ci"] = time.perf_counter() - start
    start = time.perf_counter()
    curve = rx.Curve.from_scores(first, labels)
    report = build_report(curve, 30)
    report["auc_roc_ci"] = ci_section(curve, "delong", rx.auc_ci(curve).level, 30)
    times["report+ci"] = time.perf_counter() - start
    start = time.perf_counter()
    test = rx.delong_test(first, second, labels)
    test.z(30), test.p_value(3)
    times["paired"] = time.perf_counter() - start
    return times


R_SCRIPT = """
suppressPackageStartupMessages(library(pROC))
d <- read.csv("{path}")
w <- d[1:1000, ]
invisible(ci.auc(roc(w$label, w$a, quiet = TRUE)))
for (i in seq_len({repeat})) {{
  t1 <- system.time({{ r <- roc(d$label, d$a, quiet = TRUE); ci <- ci.auc(r) }})[["elapsed"]]
  t2 <- system.time({{
    r1 <- roc(d$label, d$a, quiet = TRUE); r2 <- roc(d$label, d$b, quiet = TRUE)
    t <- roc.test(r1, r2, method = "delong")
  }})[["elapsed"]]
  t3 <- system.time(roc.test(r1, r2, method = "delong"))[["elapsed"]]
  cat(t1, t2, t3, "\\n")
}}
"""


def proc_times(path: Path, repeat: int) -> dict[str, float] | None:
    rscript = shutil.which("Rscript")
    if rscript is None:
        return None
    script = path.with_suffix(".R")
    script.write_text(R_SCRIPT.format(path=path, repeat=repeat))
    done = subprocess.run([rscript, str(script)], capture_output=True, text=True, check=True)
    rows = [[float(v) for v in line.split()] for line in done.stdout.strip().splitlines()]
    return {
        "ci": median(r[0] for r in rows),
        "paired": median(r[1] for r in rows),
        "roc.test": median(r[2] for r in rows),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10**6])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(
        "| n | scores | ours ci | ours report+ci | pROC roc+ci.auc | ratio ci | ratio report+ci "
        "| ours paired | pROC roc x2 + roc.test | pROC roc.test alone | ratio paired "
        "| ratio paired / roc.test alone |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    ours(*make_data(1000, False))  # warm-up: imports, first calls
    for n in args.sizes:
        for ties in (False, True):
            data = make_data(n, ties)
            runs = [ours(*data) for _ in range(args.repeat)]
            mine = {key: median(run[key] for run in runs) for key in runs[0]}
            with tempfile.TemporaryDirectory() as folder:
                path = Path(folder) / "data.csv"
                labels, first, second = data
                table = np.column_stack((labels, first, second))
                np.savetxt(
                    path,
                    table,
                    fmt=["%d", "%.17g", "%.17g"],
                    delimiter=",",
                    header="label,a,b",
                    comments="",
                )
                peer = proc_times(path, args.repeat)
            kind = "3 decimals (ties)" if ties else "float64"
            if peer is None:
                print(
                    f"| {n:,} | {kind} | {mine['ci']:.2f} | {mine['report+ci']:.2f} | (no R) "
                    f"| | | {mine['paired']:.2f} | (no R) | | | |"
                )
                continue
            print(
                f"| {n:,} | {kind} | {mine['ci']:.2f} | {mine['report+ci']:.2f} | "
                f"{peer['ci']:.2f} | {mine['ci'] / peer['ci']:.2f} | "
                f"{mine['report+ci'] / peer['ci']:.2f} | {mine['paired']:.2f} | "
                f"{peer['paired']:.2f} | {peer['roc.test']:.2f} | "
                f"{mine['paired'] / peer['paired']:.2f} | {mine['paired'] / peer['roc.test']:.2f} |"
            )


if __name__ == "__main__":
    main()
