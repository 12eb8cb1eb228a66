"""The published DRIVE records (benchmarks/data/drive_records.csv): every verdict of
check_consistency beside mlscorecheck's, live, and the figures docs/consistency.md quotes
from benchmarks/results/bench_drive.txt."""

from __future__ import annotations

import csv
import json
import logging
import re
from pathlib import Path

import pytest

from rocpr_exact.consistency import check_consistency

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results" / "bench_drive.txt"
NAMES = {"accuracy": "acc", "sensitivity": "sens", "specificity": "spec"}
OURS = {"accuracy": "accuracy", "sensitivity": "recall", "specificity": "specificity"}


def _records() -> list[dict[str, str]]:
    with (ROOT / "benchmarks" / "data" / "drive_records.csv").open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def test_every_record_agrees_with_mlscorecheck_but_for_its_tolerance() -> None:
    mlscorecheck = pytest.importorskip("mlscorecheck")
    from mlscorecheck.check import binary

    tables = Path(mlscorecheck.__file__).parent / "experiments" / "retina" / "drive"
    differ = []
    verdicts = {"possible": 0, "impossible": 0}
    logging.disable(logging.INFO)
    try:
        for setting in ("fov", "all"):
            images = json.loads((tables / f"drive_1_test_{setting}.json").read_text())["images"]
            sizes = {image["identifier"]: (image["p"], image["n"]) for image in images}
            sizes["pooled"] = (sum(p for p, _ in sizes.values()), sum(n for _, n in sizes.values()))
            for record in _records():
                p, n = sizes[record["image"] or "pooled"]
                reported = {name: record[name] for name in NAMES}
                ours = check_consistency(p, n, {OURS[k]: v for k, v in reported.items()}).verdict
                verdicts[ours] += 1
                eps = {NAMES[k]: 0.5 * 10 ** -len(v.partition(".")[2]) for k, v in reported.items()}
                scores = {NAMES[k]: float(v) for k, v in reported.items()}
                testset = {"p": p, "n": n}
                theirs = binary.check_1_testset_no_kfold(testset=testset, scores=scores, eps=eps)
                if (ours == "possible") != (not theirs["inconsistency"]):
                    differ.append((record["paper"], record["image"], setting, ours))
                    # the difference is mlscorecheck's numerical tolerance (1e-6 added to eps)
                    strict = binary.check_1_testset_no_kfold(
                        testset=testset, scores=scores, eps=eps, numerical_tolerance=0.0
                    )
                    assert (ours == "possible") == (not strict["inconsistency"]), record
    finally:
        logging.disable(logging.NOTSET)
    text = RESULTS.read_text(encoding="utf-8")
    agree = sum(verdicts.values()) - len(differ)
    assert f"agree: {agree} of {sum(verdicts.values())} " in text
    assert text.count("  differ: ") == len(differ) == 2


def test_the_docs_quote_the_results_file() -> None:
    text = RESULTS.read_text(encoding="utf-8")
    docs = (ROOT / "docs" / "consistency.md").read_text(encoding="utf-8")
    agree = re.search(r"agree: (\d+) of (\d+)", text)
    assert agree is not None
    assert f"{int(agree[1]):,} of the {int(agree[2]):,}" in docs
    for who in ("ours", "mlscorecheck"):
        median = re.search(rf"^{who} +median ([\d.]+) ms, max ([\d.]+) ms", text, re.M)
        assert median is not None
        assert f"median {median[1]} ms" in docs and f"max {median[2]} ms" in docs
    for gap in re.findall(r"lies (\S+) outside", text):
        assert f"{gap} (" in docs  # each difference's distance, quoted with its record
