"""Write the bundled example datasets (deterministic; run from the repository root).

``examples/table1.csv`` -- the dataset behind the paper's Table 1 (Davis & Goadrich
2006, Section 4): P = 20 positives, N = 2000 negatives, built from three tie groups
so that the curve's threshold points are exactly (TP, FP) = (0, 0), (5, 5),
(10, 30), (20, 2000):

    score 3: 5 positives, 5 negatives       -> (TP, FP) = (5, 5)     the paper's A
    score 2: 5 positives, 25 negatives      -> (TP, FP) = (10, 30)   the paper's B
    score 1: 10 positives, 1970 negatives   -> (TP, FP) = (20, 2000)

A tie group is one diagonal ROC segment, so interpolating from A to B gives
Table 1: (5,5), (6,10), (7,15), (8,20), (9,25), (10,30).

``examples/figure6.csv`` -- the curve of the paper's Figure 6: 433 positives and
56,164 negatives; 9 positives ranked above everything (score 2) and the remaining
424 positives and 56,164 negatives tied (score 1).  Points (0, 0), (9, 0),
(433, 56164); the PR point after the first threshold is (9/433, 1), the paper's
"(0.02, 1)".
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent

# (score, positives, negatives) per tie group, highest score first.
DATASETS = {
    "table1.csv": [(3, 5, 5), (2, 5, 25), (1, 10, 1970)],
    "figure6.csv": [(2, 9, 0), (1, 424, 56164)],
}


def rows(groups: list[tuple[int, int, int]]) -> list[str]:
    """One CSV line per example: positives of a group first, then its negatives."""
    out = ["score,label"]
    for score, positives, negatives in groups:
        out += [f"{score},1"] * positives + [f"{score},0"] * negatives
    return out


def main() -> None:
    for name, groups in DATASETS.items():
        (HERE / name).write_text("\n".join(rows(groups)) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
