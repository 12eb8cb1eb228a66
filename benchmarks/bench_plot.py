"""``rocpr-exact plot FILE`` against ``rocpr-exact report FILE`` on the same file, same run.

The target: 10^7 rows plot within 1.5x of the report's time and under
1 GiB.  The script writes a CSV of ``--rows`` rows (scores: normal, rounded to ``--decimals``
digits, so the curve has many distinct points; ``--positives`` of them positive), then runs
each command ``--repeat`` times in child processes and prints the best wall time, the child's
own peak resident memory (``wait4``) and the ratio plot / report.  PNG at 300 dpi, 10x5
inches (the default): without the points (the default for curves of over 1,000 points) and
with them (``--markers``, one per pixel).

    python benchmarks/bench_plot.py --rows 10000000
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import smoke

ROOT = Path(__file__).resolve().parent.parent


def run(argv: list[str]) -> tuple[float, float]:
    """Wall seconds and the child's own peak resident MB (``wait4``); a failure stops."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err, cwd=ROOT)
        _, status, usage = os.wait4(child.pid, 0)
        if os.waitstatus_to_exitcode(status):
            err.seek(0)
            sys.exit(f"{' '.join(argv)} failed: {err.read().decode()[-300:]}")
    return time.perf_counter() - start, usage.ru_maxrss / 1024


def write_csv(path: Path, rows: int, positives: float, decimals: int) -> None:
    import numpy as np

    rng = np.random.default_rng(30)
    with path.open("w") as stream:
        stream.write("score,label\n")
        for start in range(0, rows, 1_000_000):
            size = min(1_000_000, rows - start)
            labels = rng.random(size) < positives
            scores = np.round(rng.normal(labels * 1.2, 1.0), decimals)
            np.savetxt(stream, np.c_[scores, labels], fmt=[f"%.{decimals}f", "%d"], delimiter=",")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--positives", type=float, default=0.1)
    parser.add_argument("--decimals", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=2)
    options = parser.parse_args()
    options.rows = smoke.size(options.rows, 2_000)
    options.repeat = smoke.size(options.repeat, 1)
    command = [sys.executable, "-m", "rocpr_exact"]
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "scores.csv"
        write_csv(data, options.rows, options.positives, options.decimals)
        size = data.stat().st_size / 2**20
        print(f"{options.rows:,} rows, {size:.0f} MiB, {options.decimals} decimals", flush=True)
        best: dict[str, tuple[float, float]] = {}
        for _ in range(options.repeat):
            figure = ["plot", str(data), "-o", str(Path(folder) / "f.png"), "--no-progress"]
            for name, argv in (
                ("report", [*command, "report", str(data), "--no-progress"]),
                ("plot", [*command, *figure]),  # the points: off by default at this size
                ("plot --markers", [*command, *figure, "--markers"]),  # one per pixel
            ):
                seconds, memory = run(argv)
                print(f"  {name:14} {seconds:7.2f} s  {memory:7.0f} MiB", flush=True)
                old = best.get(name)
                best[name] = (
                    min(seconds, old[0]) if old else seconds,
                    max(memory, old[1] if old else 0),
                )
        report = best["report"][0]
        for name in ("plot", "plot --markers"):
            seconds, memory = best[name]
            print(f"best: {name} {seconds:.2f} s ({memory:.0f} MiB peak), report {report:.2f} s: "
                  f"ratio {seconds / report:.2f} (target <= 1.5, under 1024 MiB)")  # fmt: skip


if __name__ == "__main__":
    main()
