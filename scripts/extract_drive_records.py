"""Extract the published DRIVE retinal-vessel results into benchmarks/data/drive_records.csv.

The source is Kovács and Fazekas's collection of the accuracy, sensitivity and specificity
printed by 100+ papers on the DRIVE test images ("Numerical identification of
methodological inconsistencies affecting the evaluations in 100+ papers on retinal vessel
segmentation", github.com/gykovacs/retina_vessel_segmentation, MIT licence), file
``data/retina_vessel_segmentation_final.xlsx``: the sheet ``all`` holds each paper's pooled
(or averaged) scores and its number of printed digits, every other sheet (named by paper)
one row per test image.  Each value is written as the paper printed it: a cell holding a
formula such as ``=1 - 0.0433`` (a paper that printed the false positive rate) is evaluated
in decimal arithmetic, and every value is written with the paper's number of digits (Excel
drops trailing zeros: 0.9500 is stored as 0.95).  Rows without all three scores, and
papers whose ``flag`` is not ``primary``, are left out.

Needs openpyxl (not a dependency of the project: only this one-off extraction reads Excel):

    python scripts/extract_drive_records.py retina_vessel_segmentation_final.xlsx
"""

from __future__ import annotations

import argparse
import csv
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import openpyxl

OUT = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "drive_records.csv"
SCORES = ("acc", "sens", "spec")


def value(cell: Any) -> Decimal | None:
    """A cell as the decimal the paper printed (None when empty)."""
    if cell is None or cell == "":
        return None
    if isinstance(cell, str):
        text = cell.strip()
        if text.startswith("="):  # "=1 - 0.0433": the paper printed 1 - spec
            left, minus, right = text[1:].partition("-")
            if not minus:
                raise ValueError(f"unexpected formula {cell!r}")
            return Decimal(left.strip()) - Decimal(right.strip())
        return Decimal(text)
    return Decimal(repr(cell))  # the shortest decimal that reads back as the stored double


def printed(number: Decimal, digits: int) -> str:
    places = max(digits, -number.as_tuple().exponent)  # type: ignore[operator]
    return f"{number:.{places}f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("xlsx", type=Path)
    args = parser.parse_args()
    book = openpyxl.load_workbook(args.xlsx, read_only=True)
    rows = list(book["all"].iter_rows(values_only=True))
    header = rows[0]
    column = {name: header.index(name) for name in ("key", "flag", "digits", *SCORES)}
    digits: dict[str, int] = {}
    records: list[list[str]] = []
    for row in rows[1:]:
        key, flag = row[column["key"]], row[column["flag"]]
        if not key or flag != "primary":
            continue
        digits[key] = int(row[column["digits"]])
        scores = [value(row[column[name]]) for name in SCORES]
        if all(score is not None for score in scores):
            records.append(
                [key, "pooled", "", *(printed(s, digits[key]) for s in scores if s is not None)]
            )
    for sheet in book.worksheets:
        if sheet.title == "all" or sheet.title not in digits:
            continue
        for row in list(sheet.iter_rows(values_only=True))[1:]:
            image, *cells = row[:4]
            scores = [value(cell) for cell in cells]
            if image is None or any(score is None for score in scores):
                continue
            records.append(
                [
                    sheet.title,
                    "image",
                    f"{int(image):02d}",
                    *(printed(s, digits[sheet.title]) for s in scores if s is not None),
                ]
            )
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["paper", "level", "image", "accuracy", "sensitivity", "specificity"])
        writer.writerows(records)
    print(f"{len(records)} records ({sum(r[1] == 'image' for r in records)} image-level) -> {OUT}")


if __name__ == "__main__":
    sys.exit(main())
