"""docs/consistency.md quotes benchmarks/results/bench_aggregates_2026-12-02.txt (the output of
benchmarks/bench_aggregates.py): its table and summary lines as they are, and its figures in the
sentence beside them."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results" / "bench_aggregates_2026-12-02.txt"


def _summary() -> list[str]:
    """The file's lines from the table's head on (the header lines start with #)."""
    lines = RESULTS.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if not line.startswith("#")]


def test_the_docs_quote_the_results_file() -> None:
    docs = (ROOT / "docs" / "consistency.md").read_text(encoding="utf-8")
    quoted = docs.split("<!-- bench_aggregates:start -->\n", 1)[1].split("<!--", 1)[0]
    body = [line for line in quoted.splitlines() if not line.startswith("```")]
    assert body == _summary()
    assert "benchmarks/results/bench_aggregates_2026-12-02.txt" in docs


def test_the_results_meet_the_issues_targets_and_the_docs_say_so() -> None:
    text = "\n".join(_summary())
    assert "(BUG): 0" in text and "undecided: 0" in text
    ratio = re.search(r"ratio of moved queries decided: (\d+)/(\d+)", text)
    every = re.search(r"every query: (\d+), median ([\d.]+) s, max ([\d.]+) s, over 2 s: 0", text)
    checks = re.search(r"check_certificate\): (\d+), valid (\d+),.* max ([\d.]+) s", text)
    assert ratio is not None and every is not None and checks is not None
    assert int(ratio[1]) >= 0.99 * int(ratio[2])  # issue 41: >= 99% of the moved ones decided
    assert float(every[2]) <= 0.5 and float(every[3]) <= 2  # median <= 0.5 s, each <= 2 s
    assert checks[1] == checks[2]  # every impossible answer's certificate is valid
    docs = " ".join((ROOT / "docs" / "consistency.md").read_text(encoding="utf-8").split())
    assert f"{int(ratio[1]):,} of the {int(ratio[2]):,} moved queries" in docs
    assert f"median {every[2]} s and at most {every[3]} s" in docs
    assert f"all {int(checks[1]):,} certificates of the impossible answers" in docs
    assert f"`check-certificate`, at most {checks[3]} s) are valid" in docs
