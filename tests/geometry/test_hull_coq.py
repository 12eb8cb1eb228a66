"""The hull algorithm proved in Coq (proofs/coq/theories/Hull.v), extracted to OCaml, against
:func:`rx.roc_convex_hull` on the same points: the vertices must be identical.

``make -C proofs/coq`` builds ``proofs/coq/extraction/hull_main`` (Coq's Extraction of
``Hull.upper_hull``, integers kept as Coq's binary integers, plus a reader and writer of decimal
text).  The program reads a curve's points as "FP TP" lines and prints the hull's vertices.
Skipped, with the reason, when ``coqc`` or ``ocamlopt`` is missing (``.ci/run`` installs both).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rocpr_exact as rx
from proofs.test_coq import COQ, build, extraction_missing
from tests.strategies import any_dataset, examples, hull_curves, sorted_chains

PROGRAM = COQ / "extraction" / "hull_main"

MISSING = extraction_missing()
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


@pytest.fixture(scope="module", autouse=True)
def program() -> Path:
    build()
    return PROGRAM


def extracted_hull(curve: rx.Curve) -> list[tuple[int, int]]:
    """The extracted program's vertices, as (TP, FP), for every point of the curve."""
    text = "".join(f"{p.fp} {p.tp}\n" for p in curve.points)
    out = subprocess.run(
        [str(PROGRAM)], input=text, capture_output=True, text=True, timeout=60, check=True
    ).stdout
    vertices = [tuple(int(v) for v in line.split()) for line in out.splitlines()]
    return [(tp, fp) for fp, tp in vertices]


def package_hull(curve: rx.Curve) -> list[tuple[int, int]]:
    return [(p.tp, p.fp) for p in rx.roc_convex_hull(curve).points]


def as_arrays(dataset: tuple[list[float], list[int]]) -> rx.Curve:
    """The same data as numpy arrays: the curve's counts are int64 arrays (the vectorised path)."""
    scores, labels = dataset
    return rx.Curve.from_scores(np.array(scores, dtype=float), np.array(labels))


both_classes = st.one_of(
    hull_curves,
    any_dataset.map(as_arrays),
    sorted_chains(max_count=10**30).map(lambda c: rx.Curve.from_counts(*c)),
).filter(lambda c: c.positives > 0 and c.negatives > 0)


@settings(max_examples=examples(2), deadline=None)
@given(both_classes)
def test_extracted_hull_equals_package_hull(curve: rx.Curve) -> None:
    assert extracted_hull(curve) == package_hull(curve)


def test_docstring_example() -> None:
    # roc_convex_hull's doctest, by hand: (TP, FP) (0,0) (1,0) (4,3) (4,4).
    curve = rx.Curve.from_scores([8, 7, 6, 5, 4, 3, 2, 1], [1, 0, 1, 0, 0, 1, 1, 0])
    assert extracted_hull(curve) == [(0, 0), (1, 0), (4, 3), (4, 4)] == package_hull(curve)
