"""Time and memory of ``rocpr-exact report`` on generated data (docs/reliability.md, limits).

For each size n, two CSV files with 1% positives: "ties" (scores with 3 decimals, about 1,000
distinct values) and "no ties" (17-digit random scores, all distinct); with ``--adversarial`` also
two balanced files of 10**6 examples (all distinct, and 1,000 tie groups) that make the exact sums
large.  Each report runs in a fresh process; the table gives wall time, maximum resident memory,
the exit status and the size of the report.

    python scripts/measure_limits.py [--sizes 10000 100000 1000000] [--adversarial] [--no-gmpy2]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import json, resource, sys, time
if {no_gmpy2}:
    sys.modules["gmpy2"] = None  # as if gmpy2 were not installed
from rocpr_exact.cli import main
start = time.perf_counter()
with open(sys.argv[1], "w") as out:
    sys.stdout = out
    code = main(["report", sys.argv[2]])
    sys.stdout = sys.__stdout__
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kB on Linux
print(json.dumps({{"code": code, "seconds": seconds, "peak_kb": peak}}))
"""


def write_data(path: Path, n: int, kind: str, seed: int) -> None:
    rng = random.Random(seed)
    with path.open("w") as f:
        f.write("score,label\n")
        if kind == "balanced":
            for i in rng.sample(range(10 * n), n):
                f.write(f"{i},{rng.randint(0, 1)}\n")
            return
        if kind == "balanced-groups":
            written = group = 0
            while written < n:
                size = min(rng.randint(1, 2000), n - written)
                f.writelines(f"{group},{rng.randint(0, 1)}\n" for _ in range(size))
                written += size
                group += 1
            return
        for _ in range(n):
            y = 1 if rng.random() < 0.01 else 0
            s = rng.random() * 0.5 + 0.5 * y * rng.random()
            f.write(f"{s:.3f},{y}\n" if kind == "ties" else f"{s!r},{y}\n")


def measure(data: Path, no_gmpy2: bool) -> dict[str, float | int]:
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-c", CHILD.format(no_gmpy2=no_gmpy2), out.name, str(data)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        result: dict[str, float | int] = json.loads(done.stdout)
        result["report_bytes"] = Path(out.name).stat().st_size
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--adversarial", action="store_true", help="also two balanced 10**6 files")
    parser.add_argument("--no-gmpy2", action="store_true", help="run as if gmpy2 were missing")
    args = parser.parse_args()
    cases = [(n, kind) for n in args.sizes for kind in ("ties", "no ties")]
    if args.adversarial:
        cases += [(1_000_000, "balanced"), (1_000_000, "balanced-groups")]
    header = ("examples", "kind", "exit", "seconds", "memory MB", "report kB")
    print("{:>10} {:<16} {:>4} {:>8} {:>10} {:>10}".format(*header))
    with tempfile.TemporaryDirectory() as tmp:
        for n, kind in cases:
            path = Path(tmp) / f"{n}-{kind.replace(' ', '-')}.csv"
            write_data(path, n, kind, seed=n)
            r = measure(path, args.no_gmpy2)
            print(
                f"{n:>10} {kind:<16} {r['code']:>4} {r['seconds']:>8.1f} "
                f"{r['peak_kb'] / 1024:>10.0f} {r['report_bytes'] / 1024:>10.0f}",
                flush=True,
            )
            path.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
