"""The examples in docs/consistency.md run and print what the text says."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "consistency.md"


def test_docs_examples() -> None:
    result = doctest.testfile(
        str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert result.attempted >= 10
    assert result.failed == 0


def test_the_benchmark_figures_are_the_results_file() -> None:
    """The table and the time sentences of "Printed pairs" come from the benchmark's output."""
    import re

    results = DOC.parents[1] / "benchmarks" / "results" / "bench_consistent.txt"
    lines = results.read_text().splitlines()
    table = "\n".join(lines[-4:])
    assert f"```text\n{table}\n```" in DOC.read_text()
    rows = [line for line in lines if line.startswith("P=")]
    times = {line: float(re.search(r"([\d.]+) s$", line).group(1)) for line in rows}  # type: ignore[union-attr]
    undecided = [t for line, t in times.items() if "undecided" in line]
    decided = [t for line, t in times.items() if "undecided" not in line]
    assert len(undecided) == 1 and f"{undecided[0]:.1f}" == "0.1"  # "the one undecided query 0.1 s"
    assert "P=500 N=4500" in next(line for line in rows if "undecided" in line)
    assert max(decided) < 1  # "Every query took under 1 s"
    slowest = max(times, key=times.__getitem__)
    assert f"{times[slowest]:.1f}" == "0.4"  # "The slowest query, 0.4 s, ..."
    assert slowest.startswith("P=100 N=900") and "ap=0.103" in slowest and "impossible" in slowest
    assert all(float(line.split()[-2]) < 0.1 for line in lines[-3:])  # "medians under 0.1 s"
    levels = [line for line in lines if line.startswith("levels P=")]
    assert len(levels) == 400 and all(line.split()[-3] == "possible" for line in levels)
    assert max(float(line.split()[-2]) for line in levels) < 0.2
    genuine = [line for line in rows if "(0):" in line]
    assert genuine and all("possible" in line and "im" not in line for line in genuine)


def test_the_operating_point_benchmark_table_is_the_results_file() -> None:
    results = DOC.parents[1] / "benchmarks" / "results" / "bench_consistent_points.txt"
    table = "\n".join(results.read_text().splitlines()[1:])
    assert f"```text\n{table}\n```" in DOC.read_text()
