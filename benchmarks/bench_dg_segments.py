"""The davis-goadrich decimal by segments: where a digamma difference beats per-TP ratios.

A curve of ``--segments`` rising segments of k TPs each, with alternating slopes (so every
segment has D != 0: a digamma term when it is long).  For each k, the certified decimal
(``rocpr_exact.areas.dg.dg_decimal``) is timed with every segment summed per TP
(threshold ``long`` = k) and with every segment one digamma difference (``long`` = 0), in
the same process; the crossovers set ``rocpr_exact.areas.dg.long_segment``.  Needs
python-flint.

    python benchmarks/bench_dg_segments.py --segments 2000 --digits 30
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rocpr_exact.areas import dg
from rocpr_exact.core.curve import Curve


def chain(segments: int, k: int) -> Curve:
    points, tp, fp = [], 0, 0
    for i in range(segments):
        tp, fp = tp + k, fp + (k // 3 if i % 2 else 2 * k + 1)
        points.append((tp, fp))
    return Curve.from_counts(points, tp, fp + 1)


def timed(curve: Curve, digits: int, long: int) -> tuple[float, str | None]:
    start = time.perf_counter()
    text = dg.dg_decimal(curve, digits, -1, long)
    return time.perf_counter() - start, text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--segments", type=int, default=2000)
    parser.add_argument("--digits", type=int, default=30)
    parser.add_argument("--ks", type=int, nargs="*", default=[2, 4, 8, 16, 32, 64, 128, 256])
    args = parser.parse_args()
    print(f"{'k':>5} {'per TP (s)':>11} {'digamma (s)':>12}  per-TP cost / digamma cost")
    for k in args.ks:
        curve = chain(args.segments, k)
        per_tp, a = timed(curve, args.digits, k)
        by_digamma, b = timed(curve, args.digits, 0)
        assert a == b, (a, b)
        print(f"{k:>5} {per_tp:>11.3f} {by_digamma:>12.3f}  {per_tp / by_digamma:.2f}")


if __name__ == "__main__":
    main()
