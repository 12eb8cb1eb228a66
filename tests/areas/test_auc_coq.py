"""Twice the AUC-ROC numerator proved in Coq (AucMannWhitney.auc_numerator2 = 2 U, Mann-Whitney
with ties 1/2), extracted to OCaml, against :func:`rx.auc_roc`: 2 P N AUC-ROC must be the same
integer on every dataset.  ``make -C proofs/coq`` builds ``proofs/coq/extraction/auc_main``, which
reads "SCORE LABEL" lines.  Skipped, with the reason, when coqc or ocamlopt is missing.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rocpr_exact as rx
from proofs.test_coq import COQ, build, extraction_missing
from tests.strategies import examples

PROGRAM = COQ / "extraction" / "auc_main"

MISSING = extraction_missing()
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


@pytest.fixture(scope="module", autouse=True)
def program() -> Path:
    build()
    return PROGRAM


def extracted_twice_u(scores: list[int], labels: list[int]) -> int:
    text = "".join(f"{s} {y}\n" for s, y in zip(scores, labels, strict=True))
    out = subprocess.run(
        [str(PROGRAM)], input=text, capture_output=True, text=True, timeout=60, check=True
    ).stdout
    return int(out)


# Few distinct scores (many ties), or wide ones; both classes present.
datasets = (
    st.integers(1, 60)
    .flatmap(
        lambda n: st.tuples(
            st.lists(
                st.one_of(st.integers(-3, 3), st.integers(-(10**20), 10**20)),
                min_size=n,
                max_size=n,
            ),
            st.lists(st.integers(0, 1), min_size=n, max_size=n),
        )
    )
    .filter(lambda d: 0 < sum(d[1]) < len(d[1]))
)


@settings(max_examples=examples(2), deadline=None)
@given(datasets)
def test_extracted_auc_numerator_equals_auc_roc(data: tuple[list[int], list[int]]) -> None:
    scores, labels = data
    curve = rx.Curve.from_scores(scores, labels)
    twice = 2 * curve.positives * curve.negatives * rx.auc_roc(curve)
    assert twice == extracted_twice_u(scores, labels)


def test_by_hand() -> None:
    # Positives 3, 2; negatives 2, 1: pairs (3,2) 1, (3,1) 1, (2,2) 1/2, (2,1) 1, so 2 U = 7.
    assert extracted_twice_u([3, 2, 2, 1], [1, 0, 1, 0]) == 7
