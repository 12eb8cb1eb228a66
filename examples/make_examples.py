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

``examples/claims.csv`` -- a table of 20 claim sets for ``rocpr-exact consistent --claims``:
numbers computed with the package from rankings drawn here (seeded: binormal scores rounded to
one decimal, so with ties; folds and one-vs-rest classes ranked alike), printed to 3 places,
and a few moved ones that no ranking gives (:func:`claims`).
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
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


def ranking(seed: int, positives: int, negatives: int, ties: bool = True) -> list[tuple]:
    """(score, label) pairs: negatives N(0, 1), positives N(1.2, 1), rounded to one decimal
    (ties) or kept distinct by their order (no ties); seeded, so the same on every run."""
    draw = random.Random(seed)
    pairs = [(draw.gauss(1.2, 1), 1) for _ in range(positives)]
    pairs += [(draw.gauss(0, 1), 0) for _ in range(negatives)]
    if ties:
        return [(Fraction(round(score * 10), 10), label) for score, label in pairs]
    order = sorted(range(len(pairs)), key=lambda i: pairs[i][0])
    return [(rank, pairs[i][1]) for rank, i in enumerate(order)]


def printed(value: Fraction, places: int = 3) -> str:
    """``value`` rounded to nearest (halves up) with ``places`` decimals, exactly."""
    scaled = math.floor(value * 10**places + Fraction(1, 2))
    return f"{scaled // 10**places}.{scaled % 10**places:0{places}d}"


def claims() -> list[dict[str, str]]:
    """The rows of claims.csv (column -> cell)."""
    import rocpr_exact as rx  # the package computes every genuine number

    def curve(pairs: list[tuple]) -> rx.Curve:
        return rx.Curve.from_scores([s for s, _ in pairs], [y for _, y in pairs])

    out: list[dict[str, str]] = []

    def single(name: str, seed: int, p: int, n: int, ties: bool = True, **extra: str) -> rx.Curve:
        c = curve(ranking(seed, p, n, ties))
        row = {"name": name, "positives": str(p), "negatives": str(n)}
        row["auc-roc"] = printed(rx.auc_roc(c))
        row.update(extra)
        out.append(row)
        return c

    c = single("test-set-a", 1, 20, 30)
    out[-1]["average-precision"] = printed(rx.auc_pr(c, "step"))
    c = single("test-set-b", 2, 50, 50)
    out[-1]["average-precision"] = printed(rx.auc_pr(c, "step"))
    c = single("test-set-c", 3, 30, 70)
    k = len(c.tps) // 3  # a ROC point read off its figure to 2 places, +- 0.005
    fpr, tpr = (Fraction(c.fps[k], 70), Fraction(c.tps[k], 30))
    out[-1] |= {"roc-point": f"{printed(fpr, 2)},{printed(tpr, 2)}", "tolerance": "0.005"}
    c = single("test-set-large", 9, 200, 800)
    out[-1]["average-precision"] = printed(rx.auc_pr(c, "step"))
    c = single("no-ties", 4, 15, 25, ties=False, **{"no-ties": "true"})
    out[-1]["average-precision"] = printed(rx.auc_pr(c, "step"))
    c = single("dg-area", 5, 12, 18)
    out[-1]["auc-pr-dg"] = printed(rx.auc_pr(c, "davis-goadrich"))
    # an operating point: the counts at the ranking's threshold nearest recall 1/2
    c = curve(ranking(6, 20, 100))
    k = min(range(len(c.tps)), key=lambda i: abs(Fraction(c.tps[i], 20) - Fraction(1, 2)))
    tp, fp = c.tps[k], c.fps[k]
    out.append(
        {"name": "operating-point", "positives": "20", "negatives": "100"}
        | {"precision": printed(Fraction(tp, tp + fp)), "recall": printed(Fraction(tp, 20))}
        | {"accuracy": printed(Fraction(tp + 100 - fp, 120))}
    )
    # an interval: DeLong's 95% interval of a ranking, with its point estimate
    c = curve(ranking(7, 40, 60))
    low, high = rx.auc_ci(c).decimals(2)
    out.append(
        {"name": "interval", "positives": "40", "negatives": "60"}
        | {"auc-roc": printed(rx.auc_roc(c)), "auc-ci": f"{low},{high}"}
    )
    # folds: 5 stratified folds of P = 20, N = 30 (4/6 each), one ranking per fold
    aucs = [rx.auc_roc(curve(ranking(100 + i, 4, 6))) for i in range(5)]
    mean = sum(aucs, Fraction(0)) / 5
    sd2 = sum(((a - mean) ** 2 for a in aucs), Fraction(0)) / 4
    out.append(
        {"name": "cv-mean-sd", "positives": "20", "negatives": "30", "folds": "5"}
        | {"auc-roc-mean": printed(mean), "auc-roc-sd": printed(sqrt(sd2)), "sd-ddof": "1"}
    )
    sizes = [(4, 6), (4, 6), (3, 7)]
    aucs = [rx.auc_roc(curve(ranking(200 + i, p, n))) for i, (p, n) in enumerate(sizes)]
    out.append(
        {"name": "cv-fold-sizes", "fold-sizes": ",".join(f"{p}/{n}" for p, n in sizes)}
        | {"auc-roc-mean": printed(sum(aucs, Fraction(0)) / 3)}
    )
    # classes: one-vs-rest over class counts 10, 20, 30, each class's scores its own ranking
    counts = [10, 20, 30]
    aucs = [rx.auc_roc(curve(ranking(300 + k, m, 60 - m))) for k, m in enumerate(counts)]
    out.append(
        {"name": "macro-3-classes", "class-counts": "10,20,30"}
        | {"macro-auc-roc": printed(sum(aucs, Fraction(0)) / 3)}
    )
    weighted = sum((Fraction(m, 60) * a for m, a in zip(counts, aucs, strict=True)), Fraction(0))
    out.append(
        {"name": "weighted-3-classes", "class-counts": "10,20,30"}
        | {"weighted-auc-roc": printed(weighted)}
    )
    c = single("truncated", 8, 25, 25, rounding="truncate")
    out[-1]["auc-roc"] = printed(rx.auc_roc(c) - Fraction(1, 2000))  # 3 places cut, not rounded
    # moved: numbers no ranking gives
    out.append({"name": "moved-grid", "positives": "10", "negatives": "10", "auc-roc": "0.873"})
    out.append(  # TP = 10 of 20: precision 10/16 = 0.625 or 10/17 = 0.588, never 0.610
        {"name": "moved-point", "positives": "20", "negatives": "100"}
        | {"precision": "0.610", "recall": "0.500"}
    )
    out.append(  # AP 0.2 is below every ranking's at this AUC-ROC
        {"name": "moved-ap", "positives": "20", "negatives": "30"}
        | {"auc-roc": out[0]["auc-roc"], "average-precision": "0.200"}
    )
    out.append(  # issue 41: 5 folds of 4/6, a mean is a multiple of 1/240; 0.873 holds none
        {"name": "moved-cv-mean", "positives": "20", "negatives": "30", "folds": "5"}
        | {"auc-roc-mean": "0.873"}
    )
    # three folds of 2/2 (each AUC a multiple of 1/8): the genuine mean, the SD moved by 0.01
    aucs = [rx.auc_roc(curve(ranking(400 + i, 2, 2))) for i in range(3)]
    mean = sum(aucs, Fraction(0)) / 3
    sd = sqrt(sum(((a - mean) ** 2 for a in aucs), Fraction(0)) / 2)
    out.append(
        {"name": "moved-cv-sd", "fold-sizes": "2/2,2/2,2/2", "auc-roc-mean": printed(mean)}
        | {"auc-roc-sd": printed(sd + Fraction(1, 100)), "sd-ddof": "1"}
    )
    # three classes of 2, 3, 5 (one-vs-rest 2/8, 3/7, 5/5): each AUC a multiple of 1/32, 1/42,
    # 1/50 (ties count 1/2), so the macro mean below 1 is at most 1 - (1/50)/3 = 0.99333...
    out.append({"name": "moved-macro", "class-counts": "2,3,5", "macro-auc-roc": "0.9999"})
    out.append(  # an interval far from symmetric around its estimate: no modelled method's
        {"name": "asymmetric-ci", "positives": "40", "negatives": "60"}
        | {"auc-roc": "0.790", "auc-ci": "0.700,0.950"}
    )
    return out


def sqrt(value: Fraction, places: int = 6) -> Fraction:
    """The square root of ``value`` to ``places`` decimals (floor), exactly: the SD printed to 3
    places is ``printed`` of it (its rounding is decided by the digits well before the sixth)."""
    scale = 10**places
    return Fraction(math.isqrt(math.floor(value * scale * scale)), scale)


def claims_csv() -> str:
    """claims.csv's text: the columns in the order they first appear."""
    table = claims()
    columns = list(dict.fromkeys(column for row in table for column in row))
    lines = [",".join(columns)]
    for row in table:
        cells = [row.get(column, "") for column in columns]
        lines.append(",".join(f'"{cell}"' if "," in cell else cell for cell in cells))
    return "\n".join(lines) + "\n"


def main() -> None:
    for name, groups in DATASETS.items():
        (HERE / name).write_text("\n".join(rows(groups)) + "\n", encoding="utf-8")
    (HERE / "claims.csv").write_text(claims_csv(), encoding="utf-8")


if __name__ == "__main__":
    main()
