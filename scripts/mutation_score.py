"""Summarise a finished mutmut run (scripts/mutation.sh): the score and every surviving mutant.

Reads the ``mutants/**/*.meta`` files mutmut 3 writes.  A mutant counts as killed when a test
failed (or timed out) under it; "no tests" and "survived" both count as surviving.  Mutants
judged equivalent (no test can tell them from the original) are listed, one line each with the
reason, in ``docs/mutation.md`` (lines of the form ``| `name` | reason |``); the score is printed
both over all mutants and over the non-equivalent ones.

    python scripts/mutation_score.py [--seconds N] [--diffs FILE]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KILLED = {1, 3, 36, 24, -24, 152, 255, 37}  # test failure, pytest error, timeouts, type check
SURVIVED = {0}
NO_TESTS = {5, 33}


def statuses() -> dict[str, int | None]:
    found: dict[str, int | None] = {}
    for meta in sorted((ROOT / "mutants").rglob("*.meta")):
        found.update(json.loads(meta.read_text())["exit_code_by_key"])
    return found


def equivalent_names() -> dict[str, str]:
    doc = ROOT / "docs" / "mutation.md"
    if not doc.exists():
        return {}
    rows = re.findall(r"^\| `([\w.]+__mutmut_\d+)` \| (.+?) \|$", doc.read_text(), re.M)
    return dict(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=int, help="wall time of the run, for the summary")
    parser.add_argument("--diffs", type=Path, help="write the diff of every survivor here")
    args = parser.parse_args()
    found = statuses()
    if not found:
        print("no mutants found: run scripts/mutation.sh first", file=sys.stderr)
        return 1
    codes = Counter(found.values())
    unchecked = codes[None]
    killed = sum(n for code, n in codes.items() if code in KILLED)
    survivors = sorted(name for name, code in found.items() if code in SURVIVED | NO_TESTS)
    other = len(found) - killed - len(survivors) - unchecked
    equivalent = equivalent_names()
    judged = [name for name in survivors if name in equivalent]
    real = [name for name in survivors if name not in equivalent]
    total = len(found)
    print(f"mutants: {total}, killed: {killed}, survived: {len(survivors)} ", end="")
    no_tests = sum(codes[c] for c in NO_TESTS)
    print(f"(no tests: {no_tests}), not checked: {unchecked}, other: {other}")
    print(f"score: {killed}/{total} = {100 * killed / total:.1f}% of all mutants")
    if judged:
        rest = total - len(judged)
        print(
            f"score without the {len(judged)} judged equivalent: "
            f"{killed}/{rest} = {100 * killed / rest:.1f}%"
        )
    if args.seconds is not None:
        print(f"wall time: {args.seconds // 60} min {args.seconds % 60} s")
    print(f"survivors not judged equivalent ({len(real)}):")
    for name in real:
        print(f"  {name}")
    stale = sorted(set(equivalent) - set(survivors))
    if stale:
        print(f"listed as equivalent but killed or gone ({len(stale)}): {', '.join(stale)}")
    if args.diffs:
        with args.diffs.open("w") as out:
            for name in survivors:
                shown = subprocess.run(
                    [sys.executable, "-m", "mutmut", "show", name],
                    capture_output=True,
                    text=True,
                    cwd=ROOT,
                    check=False,
                )
                out.write(f"### {name}\n{shown.stdout}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
