"""The plot figures in docs/plotting.md and the README are those of the benchmark's result file.

``benchmarks/bench_plot.py`` printed ``benchmarks/results/bench_plot_1e7_2026-11-26.txt``
(its command line and date on the first line, the 1-minute load average sampled during the
run on the last ones).  docs/plotting.md shows its output as printed; every figure the README
quotes is rebuilt here from the file, and each best line must follow from the runs above it.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULT = ROOT / "benchmarks" / "results" / "bench_plot_1e7_2026-11-26.txt"
COMMAND = "python benchmarks/bench_plot.py --rows 10000000 --repeat 2"
TEXT = RESULT.read_text(encoding="utf-8")
OUTPUT = [line for line in TEXT.splitlines() if not line.startswith("#")]
PLOTTING = (ROOT / "docs" / "plotting.md").read_text(encoding="utf-8")
README = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())

_RUN = re.compile(r"  (report|plot|plot --markers)\s+([\d.]+) s\s+(\d+) MiB")
_BEST = re.compile(
    r"best: (plot|plot --markers) ([\d.]+) s \((\d+) MiB peak\), report ([\d.]+) s: "
    r"ratio ([\d.]+) \(target <= 1\.5, under 1024 MiB\)"
)


def _best() -> dict[str, tuple[str, ...]]:
    """(seconds, MiB, report seconds, ratio) of each best line, by command."""
    found = {m.group(1): m.groups()[1:] for line in OUTPUT if (m := _BEST.fullmatch(line))}
    assert set(found) == {"plot", "plot --markers"}
    return found


def _loads() -> list[float]:
    """The 1-minute load averages sampled during the run (``#   HH:MM:SS  1m 5m 15m``)."""
    return [
        float(line.split()[2])
        for line in TEXT.splitlines()
        if re.match(r"#\s+\d\d:\d\d:\d\d ", line)
    ]


def test_the_file_is_the_commands_output() -> None:
    assert TEXT.splitlines()[0].startswith(f"# {COMMAND} ")
    assert "2026-11-26" in TEXT.splitlines()[0]
    assert OUTPUT[0].startswith("10,000,000 rows, ")
    assert len(_loads()) >= 5


def test_the_best_lines_follow_from_the_runs() -> None:
    runs: dict[str, list[tuple[float, int]]] = {}
    for line in OUTPUT:
        if match := _RUN.fullmatch(line):
            runs.setdefault(match.group(1), []).append((float(match[2]), int(match[3])))
    assert {name: len(times) for name, times in runs.items()} == {
        "report": 2,
        "plot": 2,
        "plot --markers": 2,
    }
    report = min(seconds for seconds, _ in runs["report"])
    for name, (seconds, memory, shown_report, ratio) in _best().items():
        assert float(seconds) == min(s for s, _ in runs[name])  # best time
        assert int(memory) == max(m for _, m in runs[name])  # peak memory: the larger
        assert float(shown_report) == report
        # the script divides the unrounded times; the printed ones are within 0.005 s
        assert abs(float(ratio) - float(seconds) / report) < 0.0056


def test_the_docs_show_the_output_as_printed() -> None:
    block = re.search(r"```console\n\$ " + re.escape(COMMAND) + r"\n(.*?)```", PLOTTING, re.S)
    assert block is not None
    assert block.group(1) == "\n".join(OUTPUT) + "\n"
    assert f"`benchmarks/results/{RESULT.name}`" in PLOTTING


def test_the_readme_quotes_the_best_lines() -> None:
    best = _best()
    seconds, memory, report, ratio = best["plot"]
    _, marked_memory, _, marked_ratio = best["plot --markers"]
    loads = _loads()
    sentence = (
        f"`rocpr-exact plot` of a 10^7-row CSV took {seconds} s and {memory} MiB where `report` "
        f"on the same file took {report} s (best of two, ratio {ratio}; with every point drawn, "
        f"`--markers`, {marked_ratio} and {marked_memory} MiB), on 2 shared cores under a "
        f"1-minute load average of {min(loads):.1f} to {max(loads):.1f}"
    )
    assert sentence in README
    assert f"`benchmarks/results/{RESULT.name}`" in README
    load = f"1-minute load average {min(loads):.1f} to {max(loads):.1f}"
    assert load in " ".join(PLOTTING.split())
