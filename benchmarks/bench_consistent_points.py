"""Operating-point questions at P + N up to 10^7: ``check_consistency`` beside mlscorecheck.

Records shaped like pooled published retinal-vessel results (P = 577,945 and
N = 6,021,255 over 20 DRIVE images; and P = N = 5,000,000): accuracy, sensitivity
(recall) and specificity printed with 4 digits, from whole counts (consistent) and with
accuracy moved by 0.01 (inconsistent).  Each is timed here and with mlscorecheck's
``check_1_testset_no_kfold`` (eps = half a unit of the last digit) in the same run; the last
column is our time over theirs.  A third query, ``+auc``, adds AUC-ROC "0.97" to the
genuine record: ours decides the ranking question (a ranking with that AUC-ROC through the
operating point, witnessed by at most 10 runs), theirs the operating point alone (mlscorecheck
has no AUC-ROC check), so that row's ratio compares unequal work.  Needs mlscorecheck (the
``test`` extra).

    python benchmarks/bench_consistent_points.py
"""

from __future__ import annotations

import logging
import sys
import time
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mlscorecheck.check import binary

from rocpr_exact.consistency import check_consistency

NAMES = {"accuracy": "acc", "recall": "sens", "specificity": "spec"}


def printed(value: Fraction) -> str:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal("0.0001"), rounding=ROUND_HALF_UP))


def theirs(p: int, n: int, reported: dict[str, str]) -> bool:
    eps = {NAMES[k]: 0.5 * 10 ** -len(v.partition(".")[2]) for k, v in reported.items()}
    scores = {NAMES[k]: float(v) for k, v in reported.items()}
    logging.disable(logging.INFO)
    try:
        result = binary.check_1_testset_no_kfold(testset={"p": p, "n": n}, scores=scores, eps=eps)
    finally:
        logging.disable(logging.NOTSET)
    return not result["inconsistency"]


def main() -> None:
    cases = [(577_945, 6_021_255, 448_630, 166_660), (5_000_000, 5_000_000, 3_881_502, 402_117)]
    print(
        f"{'P':>9} {'N':>9} {'query':<9} {'ours':<10} {'theirs':<10} {'ours s':>8} {'theirs s':>9}"
        f" {'ratio':>6}"
    )
    for p, n, tp, fp in cases:
        base = {
            "accuracy": printed(Fraction(tp + n - fp, p + n)),
            "recall": printed(Fraction(tp, p)),
            "specificity": printed(Fraction(n - fp, n)),
        }
        moved = dict(base, accuracy=str(Decimal(base["accuracy"]) + Decimal("0.01")))
        with_auc = dict(base, auc_roc="0.97")
        for kind, reported in (("genuine", base), ("moved", moved), ("+auc", with_auc)):
            start = time.perf_counter()
            ours = check_consistency(p, n, reported).verdict
            spent = time.perf_counter() - start
            point = {k: v for k, v in reported.items() if k in NAMES}
            start = time.perf_counter()
            other = "possible" if theirs(p, n, point) else "impossible"
            their_time = time.perf_counter() - start
            print(
                f"{p:>9} {n:>9} {kind:<9} {ours:<10} {other:<10} {spent:>8.4f} {their_time:>9.4f}"
                f" {spent / their_time:>6.2f}"
            )


if __name__ == "__main__":
    main()
