"""Print the README's sentence on the test suite from a run of the suite, never typed by hand.

    python scripts/suite_figures.py                 # runs the default suite (minutes)
    python scripts/suite_figures.py --log run.txt   # reads the output of a run already made

The sentence gives the wall time of a run of the default selection (proofs and doctests
included) as pytest reports it, rounded to 5 s, the cores of this machine and the date; the
README's "Development" section holds it (``tests/docs/test_readme_figures.py`` checks that
the sentence there has this form).  It gives no count of tests: a count typed into the README
drifts with every test added, so the README says how to count them instead
(``python -m pytest --collect-only -q``).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The sentence, as the README has it.
TEMPLATE = (
    "The full suite takes about {seconds} s on {cores} cores with the dev profile "
    "(the command above, one\nworker per core; measured {date}; "
    "the marked heavy-tool tests skipped)."
)

#: pytest's last line: "3400 passed, 84 skipped, 2 warnings in 145.20s (0:02:25)".
SUMMARY = re.compile(r"=* ?(?P<counts>\d+ \w+(?:, \d+ \w+)*) in (?P<seconds>[\d.]+)s")


def figures(summary: str) -> dict[str, int]:
    """Tests run, skipped and seconds (rounded to 5) from pytest's summary line.

    >>> figures("== 3400 passed, 84 skipped, 3 deselected, 2 warnings in 145.20s (0:02:25) ==")
    {'tests': 3484, 'skipped': 84, 'seconds': 145}
    """
    match = SUMMARY.search(summary)
    if match is None:
        raise ValueError(f"not a pytest summary line: {summary!r}")
    counts = {kind: int(n) for n, kind in re.findall(r"(\d+) (\w+)", match["counts"])}
    run = sum(counts.get(kind, 0) for kind in ("passed", "skipped", "failed", "errors", "error"))
    return {
        "tests": run,
        "skipped": counts.get("skipped", 0),
        "seconds": 5 * round(float(match["seconds"]) / 5),
    }


def sentence(summary: str, cores: int, date: str) -> str:
    """The README's sentence for a run whose summary line is ``summary``.

    >>> print(sentence("3400 passed, 84 skipped in 145.20s", 2, "2026-11-24"))
    The full suite takes about 145 s on 2 cores with the dev profile (the command above, one
    worker per core; measured 2026-11-24; the marked heavy-tool tests skipped).
    """
    return TEMPLATE.format(cores=cores, date=date, **figures(summary))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", type=Path, help="the output of a pytest run (else: run it)")
    options = parser.parse_args()
    if options.log is not None:
        text = options.log.read_text(encoding="utf-8")
    else:
        run = subprocess.run(
            # the README's command: one worker per core (pytest-xdist), whole files per worker
            [sys.executable, "-m", "pytest", "-n", "auto", "--dist", "loadfile", "-q"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        text = run.stdout
    lines = [line for line in text.splitlines() if SUMMARY.search(line)]
    if not lines:
        print("no pytest summary line found", file=sys.stderr)
        return 2
    if re.search(r"\b\d+ (failed|errors?)\b", lines[-1]):  # no figure from a failing run
        print(f"the suite did not pass: {lines[-1].strip('= ')}", file=sys.stderr)
        return 1
    today = datetime.now(UTC).date().isoformat()
    print(sentence(lines[-1], os.cpu_count() or 1, today))
    return 0


if __name__ == "__main__":
    sys.exit(main())
