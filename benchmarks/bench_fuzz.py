"""Benchmark: how fast the conformance search catches each seeded bug, and how small the
counterexample is; and that correct implementations pass a run of the same search.

For each seeded buggy implementation of tests/testing/buggy.py (ties by index, trapezoid AP,
float32 and float16 casts, ...) it runs ``assert_conforms`` (in-process) and ``rocpr-exact
fuzz`` (a subprocess per dataset: the implementation behind a small Python program), each
with a ``--seconds`` cap (default 60, the search and the shrinking together), and prints the
seconds to the catch (search and shrinking), the counterexample's size, and the runs of the
implementation (for fuzz: program runs, the cost that does not depend on the machine's load)
to the first wrong answer and while shrinking.  Then the correct ones (float AP and AUC, the real
scikit-learn functions) for ``--correct-seconds`` each (default 60; the issue's 600 is a long
run).  Run from the repository root:

    python benchmarks/bench_fuzz.py
    python benchmarks/bench_fuzz.py --seconds 60 --correct-seconds 600 --skip-cli
    python benchmarks/bench_fuzz.py --only "ties by index" --skip-cli --correct "sklearn AP" \
        --correct-seconds 600
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import smoke

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: The program fuzz runs: one seeded implementation (argv[1]) on the CSV (argv[-1]).
PROGRAM = """
import csv, sys
sys.path.insert(0, {root!r})
from tests.testing.buggy import BUGGY
rows = list(csv.DictReader(open(sys.argv[-1])))
scores, labels = [float(r["score"]) for r in rows], [int(r["label"]) for r in rows]
print(repr(float(BUGGY[sys.argv[1]][0](scores, labels))))
"""


#: (seconds to the first wrong answer, seconds in all, counterexample size or None,
#: runs of the implementation to the first wrong answer, runs while shrinking): the runs are
#: the load-independent cost (a program run is a subprocess)
Catch = tuple[float | None, float, int | None, int | None, int | None]


def in_process(name: str, seconds: float) -> Catch:
    from fractions import Fraction

    from rocpr_exact.testing.conform import ConformanceError, assert_conforms, judge
    from tests.testing.buggy import BUGGY

    func, metric = BUGGY[name]
    first: list[tuple[float, int]] = []
    runs = [0]

    def watched(scores, labels):  # type: ignore[no-untyped-def]
        got = func(scores, labels)
        runs[0] += 1
        if not first and judge(metric, list(scores), list(labels), got, Fraction(1, 10**9), 0):
            first.append((time.monotonic() - start, runs[0]))
        return got

    start = time.monotonic()
    try:
        assert_conforms(watched, metric, max_examples=10**6, seconds=seconds, seed=0)
    except ConformanceError as exc:
        took, size = time.monotonic() - start, len(exc.scores)
        return first[0][0], took, size, first[0][1], runs[0] - first[0][1]
    return None, time.monotonic() - start, None, None, None


def by_command(name: str, seconds: float, program: Path, output: Path) -> Catch:
    from tests.testing.buggy import BUGGY

    metric = BUGGY[name][1]
    words = [sys.executable, "-m", "rocpr_exact", "fuzz", metric, "--seed", "0"]
    words += ["--seconds", str(seconds), "--max-examples", "1000000", "--output", str(output)]
    words += ["--", sys.executable, "-I", str(program), name]
    start = time.monotonic()
    done = subprocess.run(words, capture_output=True, text=True, check=False, cwd=ROOT)
    took = time.monotonic() - start
    if done.returncode != 1:
        return None, took, None, None, None
    # "found at run N (T s), shrunk in M more runs (S s)": T from fuzz's own start
    found = re.search(r"found at run (\d+) \(([\d.]+) s\), shrunk in (\d+) more", done.stdout)
    assert found is not None, done.stdout
    size = len(output.read_text().splitlines()) - 1
    return float(found.group(2)), took, size, int(found.group(1)), int(found.group(3))


def _shown(catch: Catch) -> str:
    first, took, size, first_run, shrink_runs = catch
    found = "-" if first is None else f"{first:.1f}"
    runs = "-" if first_run is None else f"{first_run}+{shrink_runs}"
    return f"{found:>6} {took:7.1f} s {str(size) + ' ex':>6} {runs:>7}"


def correct(name: str, seconds: float) -> int:
    import warnings
    from fractions import Fraction

    import numpy as np
    from sklearn.metrics import average_precision_score, roc_auc_score

    from rocpr_exact.testing.conform import judge, search
    from tests.testing.buggy import CORRECT

    table = {
        **CORRECT,
        "sklearn AP": (
            lambda s, y: average_precision_score(y, s),
            "sklearn.average_precision_score",
        ),
        "sklearn AUC": (lambda s, y: roc_auc_score(y, s), "sklearn.roc_auc_score"),
    }
    func, metric = table[name]

    def answer(scores, labels):  # type: ignore[no-untyped-def]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = func(np.asarray(scores), np.asarray(labels))
        return judge(metric, scores, labels, float(got), Fraction(1, 10**9), Fraction(0))

    found, tried = search(answer, max_examples=10**7, seconds=seconds, seed=None)
    if found is not None:
        raise SystemExit(f"{name} flagged: {found}")
    return tried


CORRECT_NAMES = ["float AP", "float AUC", "sklearn AP", "sklearn AUC"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--correct-seconds", type=float, default=60.0)
    parser.add_argument("--skip-cli", action="store_true")
    parser.add_argument("--only", action="append", help="this seeded bug only (repeatable)")
    parser.add_argument("--skip-correct", action="store_true")
    parser.add_argument(
        "--correct", action="append", choices=CORRECT_NAMES, help="this correct one only"
    )
    args = parser.parse_args()
    from tests.testing.buggy import BUGGY

    names = smoke.first(args.only or list(BUGGY))
    seconds = 5.0 if smoke.active() else args.seconds
    caught, total_runs = 0, [0, 0]
    with tempfile.TemporaryDirectory() as directory:
        program = Path(directory) / "impl.py"
        program.write_text(PROGRAM.format(root=str(ROOT)))
        print("seconds: to the first wrong answer (found), in all (found + shrunk + explained)")
        print("runs: of the implementation (fuzz: program runs) to the first wrong answer + while")
        print("shrinking")
        print(f"{'seeded bug':22} {'assert_conforms':^32}   {'fuzz (subprocess)':^32}")
        head = f"{'found':>6} {'all':>7}   {'size':>6} {'runs':>7}"
        print(f"{'':22} {head}   {head}")
        for name in names:
            catch = in_process(name, seconds)
            line = f"{name:22} {_shown(catch)}"
            ok = catch[2] is not None and catch[2] <= 10
            if not args.skip_cli:
                cli = by_command(name, seconds, program, Path(directory) / "c.csv")
                line += f"   {_shown(cli)}"
                ok = ok and cli[2] is not None and cli[2] <= 10
                total_runs[0] += cli[3] or 0
                total_runs[1] += cli[4] or 0
            caught += ok
            print(line, flush=True)
    print(f"catch ratio {caught}/{len(names)} (counterexamples of at most 10 examples)")
    if not args.skip_cli:
        print(f"fuzz program runs in all: {total_runs[0]} to the finds + {total_runs[1]} shrinking")
    correct_seconds = 2.0 if smoke.active() else args.correct_seconds
    for name in [] if args.skip_correct else smoke.first(args.correct or CORRECT_NAMES):
        tried = correct(name, correct_seconds)
        print(f"correct {name:12} not flagged: {tried:,} datasets in {correct_seconds:g} s")


if __name__ == "__main__":
    main()
