"""Start-up of ``rocpr-exact --help``, ``--version`` and ``check`` on a small file.

The target: under 0.25 s each, so that a CI job calling ``check`` per file does not pay
for libraries it does not use.  Each command runs ``--repeat`` times in a child process (the
installed ``rocpr-exact`` script beside this Python, else ``python -m rocpr_exact``); the
script prints the best and the median wall time, and the peer in the same run: the Python
interpreter alone (``python -c pass``), which no command can beat.  The small file is one
result for the first main vector (``{"results": {"1": {"auc_roc": 0.75}}}``, checked with
``--case 1``).

Python's bytecode of the package is compiled first (``compileall``), as ``pip install``
does for an installed wheel: where ``PYTHONDONTWRITEBYTECODE`` is set (some CI images and
containers set it) an editable install never writes it, and every run would compile the
package's source again (0.48 s instead of 0.27 s for ``check`` here).  Each line also
prints the time over the peer's (what the package itself costs) and the best CPU time (user
+ system) of the child, which a loaded machine's waiting does not inflate.

    python benchmarks/bench_startup.py [--repeat 15]
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.25


def seconds(argv: list[str], repeat: int) -> tuple[list[float], list[float]]:
    """The wall times and the CPU times (user + system) of ``repeat`` runs of ``argv``."""
    times, cpu = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return times, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    repeat = parser.parse_args().repeat
    compileall.compile_dir(ROOT / "rocpr_exact", quiet=1)
    compileall.compile_file(ROOT / "rocpr_exact_cli.py", quiet=1)
    print(f"PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', '')!r}; "
          "the package's bytecode compiled first")  # fmt: skip
    script = Path(sys.executable).with_name("rocpr-exact")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "rocpr_exact"]
    with tempfile.TemporaryDirectory() as folder:
        results = Path(folder) / "results.json"
        results.write_text('{"results": {"1": {"auc_roc": 0.75}}}\n')
        vectors = str(ROOT / "vectors" / "rocpr_auc_test.json")
        cases = {
            "python -c pass (peer)": [sys.executable, "-c", "pass"],
            "--help": [*command, "--help"],
            "--version": [*command, "--version"],
            "check (1 case)": [*command, "check", vectors, str(results), "--case", "1"],
        }
        print(f"{' '.join(command)}, {repeat} runs each")
        peer = 0.0
        for name, argv in cases.items():
            times, cpu = seconds(argv, repeat)
            best, median = min(times), statistics.median(times)
            verdict = "" if "peer" in name else ("  ok" if best < TARGET else "  OVER")
            over = "" if "peer" in name else f" (peer + {best - peer:.3f} s)"
            peer = peer or best
            print(
                f"  {name:22} best {best:.3f} s{over}  median {median:.3f} s  "
                f"CPU best {min(cpu):.3f} s{verdict}",
                flush=True,
            )
    print(f"target: best under {TARGET} s")


if __name__ == "__main__":
    main()
