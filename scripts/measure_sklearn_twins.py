"""Agreement of the exact sklearn twins with scikit-learn on random cases (profiles/sklearn.md).

Each case runs a twin and scikit-learn through ``tests.profiles.sklearn_agreement.agree``
(curves bit for bit, scores within relative 1e-12, refusals and nans matched) and counts how
they agreed; the last line is the largest relative difference seen between an exact score and
sklearn's float.  Binary data with ties and dyadic, non-dyadic and uniform scores, integer
weights half of the time, every ``max_fpr``, ``multi_class`` and ``average``.

    python scripts/measure_sklearn_twins.py [--seed 0] [--cases 3000] [--max-n 40]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

import numpy as np
from sklearn import metrics

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rocpr_exact.profiles import sklearn as twin
from tests.profiles import sklearn_agreement
from tests.profiles.sklearn_agreement import agree

AVERAGES = [None, "micro", "macro", "weighted", "samples"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--cases", type=int, default=3000)
    parser.add_argument("--max-n", type=int, default=40)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seen: Counter[tuple[str, str]] = Counter()

    def score() -> float:
        draws = [rng.randint(-3, 3), rng.randint(0, 8) / 8, rng.choice([0.1, 1 / 3, 0.7])]
        return rng.choice([*draws, rng.random()])

    def weights(n: int) -> list[int] | None:
        return [rng.randint(0, 5) for _ in range(n)] if rng.random() < 0.5 else None

    def check(name: str, function: str, *call: object, **kwargs: object) -> None:
        outcome = agree(
            lambda: getattr(twin, function)(*call, **kwargs),
            lambda: getattr(metrics, function)(*call, **kwargs),
        )
        seen[name, outcome] += 1

    for _ in range(args.cases):
        n = rng.randint(1, args.max_n)
        y, s, w = [rng.randint(0, 1) for _ in range(n)], [score() for _ in range(n)], weights(n)
        for curve in ("roc_curve", "precision_recall_curve", "det_curve"):
            check(curve, curve, y, s, sample_weight=w, drop_intermediate=rng.random() < 0.5)
        max_fpr = rng.choice([None, 0.1, 0.3, 0.5, 0.75])
        check("roc_auc binary", "roc_auc_score", y, s, sample_weight=w, max_fpr=max_fpr)
        check("ap binary", "average_precision_score", y, s, sample_weight=w)
        k, n = rng.randint(3, 5), rng.randint(3, args.max_n)
        classes = [rng.randrange(k) for _ in range(n)]
        rows = [[rng.randint(1, 7) for _ in range(k)] for _ in range(n)]
        proba = np.array([[v / sum(row) for v in row] for row in rows])
        w = weights(n)
        multi_class = rng.choice(["ovr", "ovo"])
        average = rng.choice(AVERAGES[:4])
        check(
            f"roc_auc multiclass {multi_class}",
            "roc_auc_score",
            classes,
            proba,
            multi_class=multi_class,
            average=average,
            sample_weight=w if multi_class == "ovr" else None,
        )
        average = rng.choice(AVERAGES)
        check(
            "ap multiclass",
            "average_precision_score",
            classes,
            proba,
            average=average,
            sample_weight=w,
        )
        indicator = np.array([[rng.randint(0, 1) for _ in range(k)] for _ in range(n)])
        scores = np.array([[score() for _ in range(k)] for _ in range(n)])
        check(
            "roc_auc multilabel",
            "roc_auc_score",
            indicator,
            scores,
            average=average,
            sample_weight=w,
            max_fpr=max_fpr,
        )
        check(
            "ap multilabel",
            "average_precision_score",
            indicator,
            scores,
            average=average,
            sample_weight=w,
        )
    for (name, outcome), count in sorted(seen.items()):
        print(f"{name:28} {outcome:8} {count}")
    worst = float(sklearn_agreement.WORST[0])
    print(f"cases {sum(seen.values())}  worst relative difference of a score {worst:.3g}")


if __name__ == "__main__":
    main()
