"""The Spark figures in docs/engines.md and the README are those of the benchmark's result files.

``benchmarks/bench_spark_scale.py`` printed the files in ``benchmarks/results``; each figure
the docs quote is rebuilt here from a file and must appear in the docs as printed (and each
ratio must be the quotient of the two times printed beside it).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results"
RUN_1E7 = RESULTS / "bench_spark_scale_1e7_2026-11-26_run3.txt"
RUN_1E8 = RESULTS / "bench_spark_scale_1e8_2026-11-26.txt"
DOCS = (ROOT / "docs" / "engines.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _seconds(block: str, label: str) -> str:
    found = re.search(re.escape(label) + r"\s+([\d.]+) s", block)
    assert found is not None, label
    return found.group(1)


def _blocks(text: str) -> dict[str, str]:
    """The output of each rate, by rate, from a result file."""
    parts = re.split(r"^(?=[\d,]+ rows, )", text, flags=re.MULTILINE)[1:]
    return {re.search(r"\(rate ([\d.]+)\)", part).group(1): part for part in parts}  # type: ignore[union-attr]


def _heap(block: str) -> tuple[str, str]:
    found = re.search(
        r"JVM heap peak during ours: (\d+) MB; Python driver peak RSS: (\d+) MB", block
    )
    assert found is not None
    return found.group(1), found.group(2)


def test_the_1e7_figures_are_those_of_the_result_file():
    blocks = _blocks(RUN_1E7.read_text(encoding="utf-8"))
    assert set(blocks) == {"0.5", "0.01"}
    ratios = {}
    for rate, block in blocks.items():
        ours = _seconds(block, "rocpr-exact spark.report (range shares)")
        bcm = _seconds(block, "BinaryClassificationMetrics ROC + PR")
        ml = _seconds(block, "ml BinaryClassificationEvaluator numBins=0")
        by_bcm = f"{float(ours) / float(bcm):.2f}"
        by_ml = f"{float(ours) / float(ml):.2f}"
        assert f"ours / bcm = {by_bcm}" in block
        assert f"ours / ml = {by_ml}" in block
        assert "report equal to the single-process report: True" in block
        line = (
            f"rate {rate}:".ljust(11)
            + f"ours {ours} s  BCM {bcm} s  ml numBins=0 {ml} s   "
            + f"ours / bcm = {by_bcm}, ours / ml = {by_ml}"
        )
        assert line in DOCS
        assert line in README
        ratios[rate] = by_bcm
    heaps = {rate: _heap(block)[0] for rate, block in blocks.items()}
    assert (
        f"JVM heap peak during ours: {heaps['0.5']} MB (rate 0.5), {heaps['0.01']} MB (rate 0.01)"
        in DOCS
    )
    # the 10^8 text recalls these ratios
    recalled = f"{ratios['0.5']} and {ratios['0.01']} of BCM's time"
    assert recalled in " ".join(DOCS.split())
    assert recalled in " ".join(README.split())


def test_the_1e8_figures_are_those_of_the_result_file():
    text = RUN_1E8.read_text(encoding="utf-8")
    assert "--rows 100000000 --rates 0.5 --in-spark" in text.splitlines()[0]
    assert "driver memory default (1g)" in text
    (block,) = _blocks(text).values()
    ours = _seconds(block, "rocpr-exact spark.report (range shares)")
    heap, rss = _heap(block)
    timed = f"rocpr-exact spark.report (range shares)  {ours} s"
    peaks = f"JVM heap peak during ours: {heap} MB; Python driver peak RSS: {rss} MB"
    for doc in (DOCS, README):
        assert timed in doc
        assert peaks in doc
    head = re.search(r"^([\d,]+ rows, [\d,]+ positives \(rate 0\.5\))", block, re.MULTILINE)
    thresholds = re.search(r"thresholds ([\d,]+)", block)
    vertices = re.search(r"roc_hull vertices: (\d+)", block)
    assert head is not None and thresholds is not None and vertices is not None
    assert f"{head.group(1)}, {thresholds.group(1)} thresholds" in DOCS
    assert "report's P and N equal to Spark's count: True" in block
    assert (
        f"report's P and N equal to Spark's count: True; roc_hull vertices: {vertices.group(1)}"
        in DOCS
    )
    loads = [
        float(line.split()[2])
        for line in text.splitlines()
        if re.match(r"#\s+\d\d:\d\d:\d\d ", line)
    ]
    assert len(loads) > 10
    load = f"1-minute load {min(loads):.1f} to {max(loads):.1f}"
    assert load in " ".join(DOCS.split())
    assert load in " ".join(README.split())
