"""``check_consistency`` on the numbers papers print: AUC-ROC and AP of realistic rankings.

Each case is a binormal ranking (negatives N(0, 1), positives N(d, 1), d from
``--separations``), its scores rounded to 2 decimals (ties) or not, P from
``--sizes`` and N = P, 3P or 9P.  Its exact AUC-ROC and average precision are
printed with 3 digits (round half up, as "nearest" reads them); the queries
are the genuine pair (must be possible) and the pair with AP moved by
+-0.02 and +-0.05 (AUC-ROC kept).  For each query kind the script prints how
many were decided, how many possible / impossible / undecided, and the
median and greatest time of one query.  A third kind, ``levels``, is the
genuine pair of ``--level-draws`` heavily tied rankings (P and N from 5 to
100, scores on 2, 3, 5 or 10 levels, the positives' shifted up by a random
skill: every level a tie group), which must also come back possible.

    python benchmarks/bench_consistent.py --sizes 20 50 100 200 500 1000 2000 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rocpr_exact.areas.auc import auc_pr, auc_roc
from rocpr_exact.consistency import check_consistency
from rocpr_exact.core.curve import Curve


def printed(value: Fraction) -> str:
    """The exact value rounded half up to 3 digits."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return str(exact.quantize(Decimal("0.001"), rounding=ROUND_HALF_UP))


def case(rng: random.Random, p: int, n: int, d: float, ties: bool) -> tuple[str, str]:
    scale = 100 if ties else 10**9
    scores = [round(rng.gauss(d, 1) * scale) for _ in range(p)]
    scores += [round(rng.gauss(0, 1) * scale) for _ in range(n)]
    labels = [1] * p + [0] * n
    curve = Curve.from_scores(scores, labels)
    ap = auc_pr(curve, "step")
    assert isinstance(ap, Fraction)
    return printed(auc_roc(curve)), printed(ap)


def level_case(rng: random.Random) -> tuple[int, int, str, str]:
    """A ranking with scores on a few levels (P, N, printed AUC-ROC, printed AP)."""
    p, n, levels = rng.randint(5, 100), rng.randint(5, 100), rng.choice([2, 3, 5, 10])
    skill = rng.random()
    scores = [rng.randrange(levels) + int(skill * levels) for _ in range(p)]
    scores += [rng.randrange(levels) for _ in range(n)]
    curve = Curve.from_scores(scores, [1] * p + [0] * n)
    ap = auc_pr(curve, "step")
    assert isinstance(ap, Fraction)
    return p, n, printed(auc_roc(curve)), printed(ap)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[20, 50, 100, 200, 500, 1000, 2000])
    parser.add_argument("--ratios", type=int, nargs="*", default=[1, 3, 9])
    parser.add_argument("--separations", type=float, nargs="*", default=[0.6, 1.2, 2.5])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level-draws", type=int, default=400)
    parser.add_argument("--verbose", action="store_true", help="one line per query")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    results: dict[str, list[tuple[str, float]]] = {"genuine": [], "moved": [], "levels": []}
    for p in args.sizes:
        for ratio in args.ratios:
            for d in args.separations:
                for ties in (False, True):
                    n = p * ratio
                    auc, ap = case(rng, p, n, d, ties)
                    for shift in ("0", "0.02", "-0.02", "0.05", "-0.05"):
                        moved = Decimal(ap) + Decimal(shift)
                        if not 0 <= moved <= 1:
                            continue
                        query = {"auc_roc": auc, "average_precision": str(moved)}
                        start = time.perf_counter()
                        verdict = check_consistency(p, n, query).verdict
                        spent = time.perf_counter() - start
                        kind = "genuine" if shift == "0" else "moved"
                        results[kind].append((verdict, spent))
                        if args.verbose:
                            print(
                                f"P={p} N={n} d={d} ties={ties} auc={auc} ap={moved} "
                                f"({shift}): {verdict} {spent:.3f} s",
                                flush=True,
                            )
    for _ in range(args.level_draws):
        p, n, auc, ap = level_case(rng)
        start = time.perf_counter()
        verdict = check_consistency(p, n, {"auc_roc": auc, "average_precision": ap}).verdict
        spent = time.perf_counter() - start
        results["levels"].append((verdict, spent))
        if args.verbose:
            print(f"levels P={p} N={n} auc={auc} ap={ap}: {verdict} {spent:.3f} s", flush=True)
    print(
        f"{'queries':<8} {'count':>6} {'possible':>9} {'impossible':>11} {'undecided':>10}"
        f" {'decided':>8} {'median s':>9} {'max s':>7}"
    )
    for kind, rows in results.items():
        count = len(rows)
        by = {v: sum(1 for r in rows if r[0] == v) for v in ("possible", "impossible", "undecided")}
        times = [t for _, t in rows]
        decided = (count - by["undecided"]) / count if count else 0
        print(
            f"{kind:<8} {count:>6} {by['possible']:>9} {by['impossible']:>11} "
            f"{by['undecided']:>10} {decided:>8.1%} {statistics.median(times):>9.3f} "
            f"{max(times):>7.2f}"
        )


if __name__ == "__main__":
    main()
