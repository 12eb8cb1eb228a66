"""``rocpr-exact report FILE`` against the user's float pipeline on the same file, same run.

For each cell (rows x positives x scores x format) the script writes a file, then runs in
child processes (wall time, and the child's own peak resident memory from ``wait4``):

* ours: ``python -m rocpr_exact report FILE`` (the whole CLI: read, exact report, print);
* to tie groups: the same read alone, to the exact curve's counts (``scored_csv_curve`` for
  CSV, ``file_curve`` for Parquet), the part this benchmark is about (the report after it
  is measured by ``bench_matrix.py``);
* peer: ``pandas.read_csv`` (CSV) or ``pyarrow.parquet.read_table`` (Parquet), then
  scikit-learn's ``roc_auc_score`` and ``average_precision_score`` (floats), as a script:
  its wall time (with the imports of pandas and scikit-learn, about 2 s here) and its work
  alone (timed inside, after the imports).  Two ratios: ours / peer's wall time and ours /
  peer's work (the stricter one: our wall time includes our imports).

``--baseline ROOT`` adds the same CLI run from another checkout (e.g. the main branch before
this path existed), for before/after figures.  Needs the ``bench`` extra (pandas, pyarrow,
scikit-learn, duckdb).

    python benchmarks/bench_files.py --rows 1000000 10000000 [--baseline /path/to/main]
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import smoke

ROOT = Path(__file__).resolve().parent.parent

TO_GROUPS = """
import sys, time
from rocpr_exact.io.fastcsv import scored_csv_curve
from rocpr_exact.engines.files import file_curve
start = time.perf_counter()
read = scored_csv_curve if sys.argv[1].endswith(".csv") else file_curve
curve = read(sys.argv[1])
print(f"{time.perf_counter() - start:.3f} {len(curve) - 1}")
"""

PEER = """
import sys, time
import numpy as np
from sklearn.metrics import average_precision_score, roc_auc_score
start = time.perf_counter()  # after the imports: the peer's work alone
if sys.argv[1].endswith(".csv"):
    import pandas as pd
    frame = pd.read_csv(sys.argv[1])
    scores, labels = frame["score"].to_numpy(), frame["label"].to_numpy()
else:
    import pyarrow.parquet as pq
    table = pq.read_table(sys.argv[1], columns=["score", "label"])
    scores, labels = table["score"].to_numpy(), table["label"].to_numpy()
auc, ap = roc_auc_score(labels, scores), average_precision_score(labels, scores)
print(f"{time.perf_counter() - start:.3f} {auc:.6f} {ap:.6f}")
"""


def write_data(folder: Path, n: int, rate: float, ties: bool, fmt: str) -> Path:
    """scores = 0.7 u + 0.3 y (u uniform), labels y ~ Bernoulli(rate); ties: 3 decimals."""
    import numpy as np

    rng = np.random.default_rng(n + int(rate * 100) + ties)
    labels = (rng.random(n) < rate).astype(np.int8)
    scores = rng.random(n) * 0.7 + 0.3 * labels
    if ties:
        scores = np.round(scores, 3)
    path = folder / f"d_{n}_{rate}_{'ties' if ties else 'distinct'}.{fmt}"
    if fmt == "parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        pq.write_table(pa.table({"score": scores, "label": labels}), path)
        return path
    with open(path, "w") as stream:
        stream.write("score,label\n")
        step = 1_000_000
        for i in range(0, n, step):
            pairs = zip(scores[i : i + step].tolist(), labels[i : i + step].tolist(), strict=True)
            stream.write("".join(f"{x!r},{y}\n" for x, y in pairs))
    return path


TIMEOUT = [900.0]


def run(argv: list[str], root: Path = ROOT) -> tuple[float, float, str]:
    """Wall seconds, the child's own peak resident MB (``wait4``), its stdout (a child still
    running after ``--timeout`` seconds is killed and reported)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdout=out, stderr=err, env=env, cwd=root)
        timer = threading.Timer(TIMEOUT[0], child.kill)
        timer.start()
        _, status, usage = os.wait4(child.pid, 0)
        timer.cancel()
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        text = out.read()
        if child.returncode:
            print(f"    failed ({child.returncode}): {err.read().strip()[-300:]}", flush=True)
    return seconds, usage.ru_maxrss / 1024, text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[10**6, 10**7])
    parser.add_argument("--rates", type=float, nargs="+", default=[0.5, 0.01])
    parser.add_argument("--formats", nargs="+", default=["csv", "parquet"])
    parser.add_argument("--scores", nargs="+", default=["distinct", "ties"])
    parser.add_argument("--baseline", type=Path, help="another checkout's CLI, for before/after")
    parser.add_argument(
        "--baseline-rows", type=int, default=10**6, help="run the baseline up to this n"
    )
    parser.add_argument("--no-report", action="store_true", help="time the reading alone")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds per child")
    parser.add_argument("--write", nargs=5, help=argparse.SUPPRESS)  # FOLDER N RATE TIES FMT
    args = parser.parse_args()
    python = sys.executable
    TIMEOUT[0] = args.timeout
    if args.write:  # in a child: the parent stays small (a child's peak counts its parent's)
        folder, n, rate, ties, fmt = args.write
        print(write_data(Path(folder), int(n), float(rate), ties == "ties", fmt))
        return
    args.rows = smoke.sizes(args.rows, 2_000)
    args.rates, args.scores = smoke.first(args.rates), smoke.first(args.scores)
    print(f"# bench_files.py  {datetime.now(UTC):%Y-%m-%d %H:%M} UTC  {platform.node()}  "
          f"{os.cpu_count()} cores  Python {platform.python_version()}")  # fmt: skip
    print(
        f"{'n':>9} {'pos':>5} {'scores':>8} {'fmt':>7} | {'groups s':>8} {'MB':>6} | "
        f"{'report s':>8} {'MB':>6} | {'peer s':>7} {'work s':>7} {'MB':>6} | "
        f"{'ratio':>5} {'/work':>5}" + (f" | {'before s':>8} {'MB':>6}" if args.baseline else "")
    )
    with tempfile.TemporaryDirectory(prefix="bench-files-") as tmp:
        for n in args.rows:
            for rate in args.rates:
                for kind in args.scores:
                    for fmt in args.formats:
                        made = [tmp, str(n), str(rate), kind, fmt]
                        path = Path(run([python, __file__, "--write", *made])[2].strip())
                        groups = run([python, "-c", TO_GROUPS, str(path)])
                        line = (
                            f"{n:>9} {rate:>5.0%} {kind:>8} {fmt:>7} | "
                            f"{float(groups[2].split()[0] or 0):>8.2f} {groups[1]:>6.0f} | "
                        )
                        if args.no_report:
                            print(line, flush=True)
                            path.unlink()
                            continue
                        ours = run([python, "-m", "rocpr_exact", "report", str(path)])
                        peer = run([python, "-c", PEER, str(path)])
                        work = float(peer[2].split()[0]) if peer[2] else float("nan")
                        line += (
                            f"{ours[0]:>8.2f} {ours[1]:>6.0f} | {peer[0]:>7.2f} {work:>7.2f} "
                            f"{peer[1]:>6.0f} | {ours[0] / peer[0]:>5.1f} {ours[0] / work:>5.1f}"
                        )
                        if args.baseline and n <= args.baseline_rows:
                            before = run(
                                [python, "-m", "rocpr_exact", "report", str(path)], args.baseline
                            )
                            line += f" | {before[0]:>8.2f} {before[1]:>6.0f}"
                        print(line, flush=True)
                        path.unlink()


if __name__ == "__main__":
    main()
