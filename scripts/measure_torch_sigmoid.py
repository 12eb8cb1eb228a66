"""Whether the twin's sigmoid of a logit is torch's, value by value, in both of torch's loops.

For random logits (Gaussian, wide, near 0, past exp's overflow) in float32 and float64, on each
CPU capability torch can run here (``ATEN_CPU_CAPABILITY``, one subprocess each): torch's
``sigmoid`` on one tensor of ``--values`` values, each value compared with the loop
:func:`rocpr_exact.profiles.sigmoid.vector_loop` assigns it (the vector loop:
:func:`~rocpr_exact.profiles.sigmoid.vector_sigmoid`, Sleef's exp replayed; the scalar tail:
:func:`~rocpr_exact.profiles.sigmoid.scalar_sigmoid`), and torch's ``sigmoid`` of each value
alone (a one-element tensor: the scalar loop).  Prints, per loop, how many equal the twin's
value, how many equal only its second candidate (glibc's exp near a tie) and how many neither
(expected: 0), and writes the same lines to ``--out``.

    python scripts/measure_torch_sigmoid.py [--values 3000] [--seed 1] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rocpr_exact.profiles.sigmoid import scalar_sigmoid, vector_loop, vector_sigmoid

CAPABILITIES = ("avx512", "avx2", "default")
T = TypeVar("T")


def _torch_outputs(xs: list[str], dtype: str) -> dict[str, object]:
    """In this process (capability set by the environment): torch's sigmoids, as hex floats."""
    import torch

    torch_dtype = torch.float32 if dtype == "float32" else torch.float64
    held = torch.tensor([float.fromhex(x) for x in xs], dtype=torch_dtype)
    return {
        "torch": torch.__version__,
        "capability": str(torch.backends.cpu.get_cpu_capability()),
        "threads": torch.get_num_threads(),
        "inputs": [x.hex() for x in held.tolist()],
        "long": [v.hex() for v in held.sigmoid().tolist()],
        "alone": [
            float(torch.tensor([x], dtype=torch_dtype).sigmoid().item()).hex()
            for x in held.tolist()
        ],
    }


def _run(capability: str, xs: list[float], dtype: str) -> dict[str, object]:
    environment = {**os.environ, "ATEN_CPU_CAPABILITY": capability}
    done = subprocess.run(
        [sys.executable, __file__, "--worker", dtype],
        input=json.dumps([x.hex() for x in xs]),
        capture_output=True,
        text=True,
        env=environment,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def _part(items: list[T], mask: list[bool], vector: bool) -> list[T]:
    return [item for item, flag in zip(items, mask, strict=True) if flag == vector]


def _tally(values: list[str], twins: list[tuple[Fraction, Fraction]]) -> tuple[int, int, int]:
    same = second = neither = 0
    for text, (value, other) in zip(values, twins, strict=True):
        got = Fraction(float.fromhex(text))
        same += got == value
        second += got != value and got == other
        neither += got not in (value, other)
    return same, second, neither


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--values", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(_torch_outputs(json.loads(sys.stdin.read()), args.worker)))
        return
    rng = random.Random(args.seed)
    lines = [f"python scripts/measure_torch_sigmoid.py --values {args.values} --seed {args.seed}"]
    for dtype in ("float32", "float64"):
        xs = [
            rng.choice([rng.gauss(0, 3), rng.uniform(-100, 100), rng.uniform(-1e-3, 1e-3)])
            for _ in range(args.values)
        ]
        inputs: list[Fraction] | None = None
        scalar: list[tuple[Fraction, Fraction]] = []
        for capability in CAPABILITIES:
            run = _run(capability, xs, dtype)
            reported = str(run["capability"])
            if inputs is None:
                inputs = [Fraction(float.fromhex(x)) for x in run["inputs"]]  # type: ignore[attr-defined]
                scalar = [scalar_sigmoid(x, dtype) for x in inputs]
            mask = vector_loop(len(inputs), dtype, reported, int(run["threads"]))  # type: ignore[call-overload]
            assert mask is not None, reported
            expected = [
                (vector_sigmoid(x, dtype),) * 2 if vector else scalar[i]
                for i, (x, vector) in enumerate(zip(inputs, mask, strict=True))
            ]
            long: list[str] = run["long"]  # type: ignore[assignment]
            head = f"torch {run['torch']} {reported} {dtype}"
            for loop, values, twins in (
                ("vector loop", _part(long, mask, True), _part(expected, mask, True)),
                ("scalar tail", _part(long, mask, False), _part(expected, mask, False)),
                ("scalar loop", run["alone"], scalar),
            ):
                same, second, neither = _tally(values, twins)  # type: ignore[arg-type]
                lines.append(
                    f"{head} {loop}: {same} of {len(twins)} equal the twin's value, "
                    f"{second} its second candidate, {neither} neither"
                )
    for line in lines:
        print(line)
    if args.out:
        args.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
