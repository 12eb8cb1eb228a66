"""How often the twin's sigmoid of a logit is torch's, in torch's vector and scalar loops.

For random logits (Gaussian, wide, near 0) in float32 and float64: torch's ``sigmoid`` on one
long tensor (the vector loop, Sleef's exp, for all but the last block) and on one-element
tensors (the scalar loop, the C library's exp), against
:func:`rocpr_exact.profiles.sigmoid.torch_sigmoid`: how many equal the twin's value, how many
the twin flags (its other candidate differs), and how many differ without a flag (expected: 0).

    python scripts/measure_torch_sigmoid.py [--values 3000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import torch

from rocpr_exact.profiles.sigmoid import torch_sigmoid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--values", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"torch {torch.__version__}, CPU capability {torch.backends.cpu.get_cpu_capability()}")
    for dtype, torch_dtype in (("float32", torch.float32), ("float64", torch.float64)):
        xs = [
            rng.choice([rng.gauss(0, 3), rng.uniform(-100, 100), rng.uniform(-1e-3, 1e-3)])
            for _ in range(args.values)
        ]
        held = torch.tensor(xs, dtype=torch_dtype)
        block = (
            (32 if dtype == "float32" else 16)
            if "512" in str(torch.backends.cpu.get_cpu_capability())
            else (16 if dtype == "float32" else 8)
        )
        vector_end = len(xs) - len(xs) % block
        vector = held.sigmoid().tolist()[:vector_end]
        scalar = [torch.tensor([x], dtype=torch_dtype).sigmoid().item() for x in held.tolist()]
        twins = [torch_sigmoid(Fraction(x), dtype) for x in held.tolist()]
        flagged = sum(value != other for value, other in twins)
        for loop, values in (("vector", vector), ("scalar", scalar)):
            same = sum(Fraction(v) == t[0] for v, t in zip(values, twins, strict=False))
            unflagged = sum(
                Fraction(v) not in (t[0], t[1]) or (Fraction(v) != t[0] and t[0] == t[1])
                for v, t in zip(values, twins, strict=False)
            )
            print(
                f"{dtype} {loop} loop: {same:,} of {len(values):,} equal the twin's value; "
                f"{unflagged} differ beyond the twin's two candidates"
            )
        print(f"{dtype}: the twin flags {flagged:,} of {len(xs):,} values")


if __name__ == "__main__":
    main()
