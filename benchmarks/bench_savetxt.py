"""The CSV reader on the decimals float64 writers print: ``%.18e`` (numpy's ``savetxt`` default)
against ``%.17e``, same scores, same run.

For each size the script writes the same scores and labels (scores = 0.7 u + 0.3 y, u uniform,
labels y ~ Bernoulli(1/2)) with ``np.savetxt`` in each format, then reads each file in a child
process with :func:`rocpr_exact.io.fastcsv.scored_csv_curve` (the reader of
``rocpr-exact report FILE``), ``--repeat`` times, and keeps the best wall time.  Each line says
which path read the file (``fast``: the vectorised reader; ``rows``: it handed the file to the
row reader) and its time over ``%.17e``'s: ``%.17e`` writes 18 significant digits, ``%.18e`` 19,
``%.20g`` 20, ``repr`` at most 17.  The target: ``%.18e`` within 1.5 times ``%.17e``.

``--baseline ROOT`` reads the same files with another checkout (e.g. the main branch before the
19-digit numerals were read by the vectorised path), for before/after figures.

    python benchmarks/bench_savetxt.py --rows 400000 5000000 [--baseline /path/to/main]
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import smoke

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ["%.17e", "%.18e", "%.20g", "repr"]
TARGET = 1.5

READ = """
import sys, time
from rocpr_exact.io.fastcsv import plain_csv_curve, scored_csv_curve
start = time.perf_counter()
curve = plain_csv_curve(sys.argv[1])
path = "fast" if curve is not None else "rows"
curve = curve if curve is not None else scored_csv_curve(sys.argv[1])
print(f"{time.perf_counter() - start:.3f} {path} {len(curve) - 1}")
"""


def write_data(folder: Path, n: int, fmt: str) -> Path:
    """The same n scores and labels (seeded by n) in the format ``fmt``, with np.savetxt."""
    import numpy as np

    rng = np.random.default_rng(n)
    labels = (rng.random(n) < 0.5).astype(np.int8)
    scores = rng.random(n) * 0.7 + 0.3 * labels
    path = folder / f"s_{n}_{fmt.strip('%.')}.csv"
    if fmt == "repr":
        with open(path, "w") as stream:
            stream.write("score,label\n")
            pairs = zip(scores.tolist(), labels.tolist(), strict=True)
            stream.write("".join(f"{x!r},{y}\n" for x, y in pairs))
        return path
    table = np.column_stack([scores, labels])
    np.savetxt(path, table, fmt=[fmt, "%d"], delimiter=",", header="score,label", comments="")
    return path


def read(path: Path, root: Path) -> tuple[float, str]:
    """The wall time of one read in a child (checkout ``root``), and the path that read it."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    argv = [sys.executable, "-c", READ, str(path)]
    done = subprocess.run(argv, env=env, cwd=root, capture_output=True, text=True)
    if done.returncode:
        print(f"    failed: {done.stderr.strip()[-300:]}", flush=True)
        return float("nan"), "failed"
    seconds, taken, _ = done.stdout.split()
    return float(seconds), taken


def best_reads(paths: list[Path], root: Path, repeat: int) -> list[tuple[float, str]]:
    """The best of ``repeat`` reads of each file, the files read in turn in each round (a
    change of the machine's load weighs on every format alike)."""
    best = [(float("inf"), "?")] * len(paths)
    for _ in range(repeat):
        for i, path in enumerate(paths):
            seconds, taken = read(path, root)
            best[i] = (min(best[i][0], seconds), taken)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[400_000, 5_000_000])
    parser.add_argument("--formats", nargs="+", default=FORMATS, choices=FORMATS)
    parser.add_argument("--repeat", type=int, default=3, help="reads per file (the best kept)")
    parser.add_argument("--baseline", type=Path, help="another checkout, for before/after")
    parser.add_argument(
        "--baseline-rows", type=int, default=400_000, help="run the baseline up to this n"
    )
    args = parser.parse_args()
    args.rows = smoke.sizes(args.rows, 2_000)
    repeat = 1 if smoke.active() else args.repeat
    formats = ["%.17e", *(f for f in args.formats if f != "%.17e")]
    print(f"# bench_savetxt.py  {datetime.now(UTC):%Y-%m-%d %H:%M} UTC  {platform.node()}  "
          f"{os.cpu_count()} cores  Python {platform.python_version()}  "
          f"best of {repeat}  load {os.getloadavg()[0]:.1f}")  # fmt: skip
    print(
        f"{'n':>9} {'format':>6} {'MB':>6} | {'read s':>7} {'path':>4} {'/ %.17e':>7}"
        + (f" | {'before s':>8} {'path':>4}" if args.baseline else "")
    )
    with tempfile.TemporaryDirectory(prefix="bench-savetxt-") as tmp:
        for n in args.rows:
            paths = [write_data(Path(tmp), n, fmt) for fmt in formats]
            reads = best_reads(paths, ROOT, repeat)
            before = (
                best_reads(paths, args.baseline, 1)
                if args.baseline and n <= args.baseline_rows
                else []
            )
            base = reads[0][0]
            for i, (fmt, path, (seconds, taken)) in enumerate(
                zip(formats, paths, reads, strict=True)
            ):
                line = (
                    f"{n:>9} {fmt:>6} {path.stat().st_size / 2**20:>6.1f} | "
                    f"{seconds:>7.3f} {taken:>4} {seconds / base:>7.2f}"
                )
                if before:
                    line += f" | {before[i][0]:>8.3f} {before[i][1]:>4}"
                print(line, flush=True)
                if fmt == "%.18e":
                    verdict = "ok" if seconds / base < TARGET else "MISSED"
                    print(f"{'':>9} target: %.18e / %.17e = {seconds / base:.2f} "
                          f"under {TARGET}  {verdict}", flush=True)  # fmt: skip
                path.unlink()


if __name__ == "__main__":
    main()
