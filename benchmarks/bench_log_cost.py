"""The cost of one certified logarithm against the digits asked (``max_decimal_work``).

``max_decimal_work`` counts digits x terms x ``limits.digit_cost(digits)``: a logarithm at d
digits costs more than d times one at 1 digit (Arb's logarithm is superlinear in the
precision).  This script measures one Arb logarithm of a quotient of integers, as
``log_steps_fixed`` takes it, at several precisions and prints the time per digit relative to
300 digits beside the factor ``digit_cost`` charges.  Run: python benchmarks/bench_log_cost.py
"""

from __future__ import annotations

import time

import flint

from rocpr_exact.limits import digit_cost


def per_log(digits: int, count: int) -> float:
    flint.ctx.prec = int(digits * 3.33) + 64
    start = time.perf_counter()
    total = flint.arb(0)
    for i in range(count):
        total += (flint.arb(1_000_003 + i) / (999_983 + 7 * i)).log() * 3
    return (time.perf_counter() - start) / count


def main() -> None:
    base = per_log(300, 4000) / 300
    print("digits  seconds/log  cost/digit vs 300 digits  digit_cost(digits)")
    for digits in (300, 1_000, 3_000, 10_000, 30_000):
        seconds = per_log(digits, max(20, 400_000 // digits))
        ratio = seconds / digits / base
        print(f"{digits:>6}  {seconds:11.2e}  {ratio:24.1f}  {digit_cost(digits):18}")


if __name__ == "__main__":
    main()
