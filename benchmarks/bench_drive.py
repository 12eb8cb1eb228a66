"""Published DRIVE results: ``check_consistency`` beside mlscorecheck on every record.

``benchmarks/data/drive_records.csv`` (extracted by ``scripts/extract_drive_records.py`` from
Kovács and Fazekas's collection, MIT licence) holds the accuracy, sensitivity and specificity
that papers on retinal-vessel segmentation printed for each DRIVE test image and pooled over
the 20 test images.  Each record is checked twice, as mlscorecheck's DRIVE bundle does: with
the counts inside the field of view (FoV) and with every pixel of the image (all), P and N
(annotator 1) read from mlscorecheck's own ``experiments/retina/drive`` tables, pooled as
sums over the 20 images.  Ours: :func:`rocpr_exact.consistency.check_consistency` with the
printed digits (``rounding="nearest"``: half a unit either side).  Theirs:
``check_1_testset_no_kfold`` with eps = half a unit of the last printed digit (and its own
numerical tolerance, 1e-6, added to eps).  Every disagreement is listed with the exact
reason: the counts ours finds or the tightest value a count can reach.  Needs mlscorecheck
(the ``test`` extra).

    python benchmarks/bench_drive.py
"""

from __future__ import annotations

import csv
import json
import logging
import statistics
import sys
import time
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import mlscorecheck
from mlscorecheck.check import binary

from rocpr_exact.consistency import check_consistency

DATA = Path(__file__).resolve().parent / "data" / "drive_records.csv"
TABLES = Path(mlscorecheck.__file__).parent / "experiments" / "retina" / "drive"
NAMES = {"accuracy": "acc", "sensitivity": "sens", "specificity": "spec"}
OURS = {"accuracy": "accuracy", "sensitivity": "recall", "specificity": "specificity"}


def testsets() -> dict[str, dict[str, tuple[int, int]]]:
    """setting -> image ("01".."20", "pooled") -> (P, N), from mlscorecheck's tables."""
    found: dict[str, dict[str, tuple[int, int]]] = {}
    for setting, name in (("fov", "drive_1_test_fov.json"), ("all", "drive_1_test_all.json")):
        images = json.loads((TABLES / name).read_text(encoding="utf-8"))["images"]
        table = {image["identifier"]: (image["p"], image["n"]) for image in images}
        table["pooled"] = (sum(p for p, _ in table.values()), sum(n for _, n in table.values()))
        found[setting] = table
    return found


def theirs(p: int, n: int, reported: dict[str, str], tolerance: float = 1e-6) -> bool:
    eps = {NAMES[k]: 0.5 * 10 ** -len(v.partition(".")[2]) for k, v in reported.items()}
    scores = {NAMES[k]: float(v) for k, v in reported.items()}
    result = binary.check_1_testset_no_kfold(
        testset={"p": p, "n": n}, scores=scores, eps=eps, numerical_tolerance=tolerance
    )
    return not result["inconsistency"]


def accuracy_gap(p: int, n: int, reported: dict[str, str]) -> str:
    """Why the record is impossible, exactly: the TP the sensitivity admits and the TN the
    specificity admits (each in its half-open rounding interval) give TP + TN in one range of
    integers; the accuracy nearest the printed accuracy's interval, and how far outside."""

    def interval(text: str) -> tuple[Fraction, Fraction]:
        half = Fraction(1, 2 * 10 ** len(text.partition(".")[2]))
        return Fraction(Decimal(text)) - half, Fraction(Decimal(text)) + half

    def counts(text: str, total: int) -> tuple[int, int]:
        low, high = interval(text)  # low <= count / total < high
        return -((-low * total).__floor__()), (high * total).__ceil__() - 1

    tp = counts(reported["sensitivity"], p)
    tn = counts(reported["specificity"], n)
    low, high = interval(reported["accuracy"])
    reach = [Fraction(tp[0] + tn[0], p + n), Fraction(tp[1] + tn[1], p + n)]
    nearest = min(reach, key=lambda a: min(abs(a - low), abs(a - high)))
    outside = low - nearest if nearest < low else nearest - high
    return (
        f"sensitivity admits TP in [{tp[0]}, {tp[1]}], specificity TN in [{tn[0]}, {tn[1]}]; "
        f"the nearest accuracy, {nearest.numerator}/{nearest.denominator}, lies "
        f"{float(outside):.3g} outside [{float(low)}, {float(high)})"
    )


def main() -> None:
    logging.disable(logging.INFO)
    sets = testsets()
    with DATA.open(encoding="utf-8", newline="") as handle:
        records = list(csv.DictReader(handle))
    ours_times: list[float] = []
    theirs_times: list[float] = []
    counts = {"both possible": 0, "both impossible": 0}
    differences: list[str] = []
    largest = (0, 0)
    for record in records:
        reported = {name: record[name] for name in NAMES}
        image = record["image"] or "pooled"
        for setting, table in sets.items():
            p, n = table[image]
            largest = max(largest, (p, n))
            start = time.perf_counter()
            verdict = check_consistency(p, n, {OURS[k]: v for k, v in reported.items()}).verdict
            ours_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            possible = theirs(p, n, reported)
            theirs_times.append(time.perf_counter() - start)
            if (verdict == "possible") == possible and verdict in ("possible", "impossible"):
                counts[f"both {verdict}"] += 1
            else:
                differences.append(
                    f"{record['paper']} {image} {setting} P={p} N={n} {reported}: ours {verdict},"
                    f" mlscorecheck {'possible' if possible else 'impossible'}"
                    + (
                        f"; {accuracy_gap(p, n, reported)}; mlscorecheck with numerical_tolerance"
                        f" 0: {'possible' if theirs(p, n, reported, 0.0) else 'impossible'}"
                        if verdict == "impossible"
                        else ""
                    )
                )
    total = len(ours_times)
    print(
        f"mlscorecheck {mlscorecheck._version.__version__}; {len(records)} records x 2 settings"
        f" (FoV, all pixels) = {total} queries; largest P = {largest[0]:,}, N = {largest[1]:,}"
    )
    print(
        f"agree: {sum(counts.values())} of {total} ({counts['both possible']} possible, "
        f"{counts['both impossible']} impossible); differ: {len(differences)}"
    )
    for line in differences:
        print(f"  differ: {line}")
    for who, times in (("ours", ours_times), ("mlscorecheck", theirs_times)):
        print(
            f"{who:<13} median {statistics.median(times) * 1e3:.2f} ms, max "
            f"{max(times) * 1e3:.2f} ms, total {sum(times):.2f} s"
        )
    print(f"ratio of totals (ours / mlscorecheck): {sum(ours_times) / sum(theirs_times):.2f}")


if __name__ == "__main__":
    main()
