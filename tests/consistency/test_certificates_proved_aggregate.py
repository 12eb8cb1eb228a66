"""The extracted checker on the aggregate path (proofs/coq/theories/CheckAggregate.v,
``check_aggregate``): a mean of fold or class AUCs decided by ``aggregate-grid``.

* Every aggregate-grid certificate ``consistent`` writes here (folds, fold sizes, classes with
  the macro and the weighted average, with and without ties) is valid for both checkers, and
  every mutation of one gets the same status from both.
* On random small tasks, a step written by the test (the gcd of the w_i / D_i) and a random
  claim: where the extracted checker says valid, no mean of every task's AUCs (listed by brute
  force: tests/consistency/test_aggregate.py, ``brute_means``, from every ranking of each task)
  prints as the claim, rounded by Fraction; and both checkers give the same status.

Skipped, with the reason, when ``coqc`` or ``ocamlopt`` is missing.
"""

from __future__ import annotations

import copy
import json
import math
import tempfile
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofs.test_coq import build, extraction_missing
from tests.cli.test_consistent import invoke
from tests.consistency.certify import PROVED
from tests.consistency.test_aggregate import brute_means
from tests.consistency.test_certificates import JUNK, _paths
from tests.consistency.test_certificates_proved import extracted, prints, python_status, text
from tests.strategies import examples

MISSING = extraction_missing()
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


@pytest.fixture(scope="module", autouse=True)
def built() -> Path:
    build()
    return PROVED


def produced(tmp_path: Path, *argv: str) -> Any:
    target = tmp_path / "c.json"
    _, status = invoke(*argv, "--certificate", str(target))
    assert status == 1
    document = json.loads(target.read_text())
    assert [e["stage"] for e in document["decisions"][0]["exclusions"]] == ["aggregate-grid"]
    return document


#: Impossible means on the grid (each decided by aggregate-grid; its reason is in the file).
PRODUCED = [
    ("--positives", "20", "--negatives", "30", "--folds", "5", "--auc-roc-mean", "0.873"),
    ("--positives", "10", "--negatives", "12", "--folds", "3", "--auc-roc-mean", "0.8731"),
    ("--fold-sizes", "3/4,3/4,2/5", "--auc-roc-mean", "0.8731"),
    ("--fold-sizes", "3/4,3/4,2/5", "--no-ties", "--auc-roc-mean", "0.8731"),
    ("--class-counts", "1,2,2", "--macro-auc-roc", "0.873"),
    ("--class-counts", "2,3,4", "--weighted-auc-roc", "0.8731"),
    ("--class-counts", "3,4,5", "--weighted-auc-roc", "0.99999"),
]


@pytest.mark.parametrize("argv", PRODUCED)
def test_the_deciders_aggregate_grid_certificates_are_valid(
    tmp_path: Path, argv: tuple[str, ...]
) -> None:
    document = produced(tmp_path, *argv)
    line, status = extracted(document)
    assert (status, python_status(document)) == (0, 0), line


def test_an_enumerated_mean_is_unverified(tmp_path: Path) -> None:
    target = tmp_path / "c.json"
    invoke("--class-counts", "2,3,4", "--macro-auc-roc", "0.0001", "--certificate", str(target))
    document = json.loads(target.read_text())
    assert python_status(document) == 0
    assert extracted(document) == ("unverified: no proved check for stage aggregate-enumerated", 4)


def _written(*argv: str) -> Any:
    with tempfile.TemporaryDirectory() as scratch:
        return produced(Path(scratch), *argv)


#: Certificates to damage: folds, fold sizes, weighted classes.
DAMAGED = [_written(*PRODUCED[0]), _written(*PRODUCED[2]), _written(*PRODUCED[5])]


def _set(path: tuple[Any, ...], value: Any) -> Callable[[Any], None]:
    def mutate(document: Any) -> None:
        target = document
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


def _drop_claim(name: str) -> Callable[[Any], None]:
    def mutate(document: Any) -> None:
        del document["question"]["claims"][name]

    return mutate


C = ("question", "claims")
S = ("decisions", 0, "exclusions", 0)
#: Mutations of P = 20, N = 30, 5 folds (4/6 each: w / D = (1/5) / 48 = 1/240), mean "0.873"
#: ([0.8725, 0.8735): 209.4..209.64 of 240, no k) and the status both checkers give: "0.875"
#: is 210/240; the step 1/120 does not divide 1/240, 1/480 does and 419/480 = 0.87292 prints;
#: 4 folds are not all 4/6 (5/7, 5/8, ...): 1/240 no longer divides every w / D.
MUTATIONS: dict[str, tuple[Callable[[Any], None], int]] = {
    "reachable mean": (_set((*C, "auc_roc_mean"), "0.875"), 1),
    "coarser step": (_set((*S, "data", "step"), "1/120"), 1),
    "finer step": (_set((*S, "data", "step"), "1/480"), 1),
    "step 0": (_set((*S, "data", "step"), "0/1"), 1),
    "step over 0": (_set((*S, "data", "step"), "1/0"), 1),  # was an internal error (exit 3)
    "step not text": (_set((*S, "data", "step"), 240), 1),
    "step not a fraction": (_set((*S, "data", "step"), "1/x"), 1),
    "4 folds": (_set((*C, "folds"), "4"), 1),
    "1 fold": (_set((*C, "folds"), "1"), 1),
    "folds past N": (_set((*C, "folds"), "31"), 1),
    "two means": (_set((*C, "macro_auc_roc"), "0.873"), 1),
    "no tasks": (_drop_claim("folds"), 1),
    "fold sizes instead": (_set((*C, "folds"), None), 1),
    "a stage renamed": (_set((*S, "stage"), "aggregate-guess"), 1),
    "an enumeration instead": (_set((*S, "stage"), "aggregate-enumerated"), None),
    "data not an object": (_set((*S, "data"), []), 1),
    "no exclusion": (_set(("decisions", 0, "exclusions"), []), 1),
    "a mean not printed": (_set((*C, "auc_roc_mean"), "0.8.7"), 1),
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_a_mutated_aggregate_certificate_gets_the_same_answer(tmp_path: Path, name: str) -> None:
    mutate, expected = MUTATIONS[name]
    document = produced(tmp_path, *PRODUCED[0])
    mutate(document)
    if name == "fold sizes instead":
        del document["question"]["claims"]["folds"]
        document["question"]["claims"]["fold_sizes"] = "4/6,4/6,4/6,4/6,4/6"  # the same folds
        expected = 0
    line, status = extracted(document)
    if expected is None:  # the checker redoes the enumeration; the extracted one has no proof
        assert python_status(document) == 0 and status == 4, line
        assert line == "unverified: no proved check for stage aggregate-enumerated"
        return
    assert (status, python_status(document)) == (expected, expected), line


def step_of(coefficients: list[Fraction]) -> Fraction:
    """The greatest u / v dividing every coefficient: gcd of the numerators over a common
    denominator."""
    common = math.lcm(*(c.denominator for c in coefficients))
    return Fraction(math.gcd(*(int(c * common) for c in coefficients)), common)


@st.composite
def aggregates(draw: st.DrawFn) -> tuple[list[tuple[int, int]], bool, bool, str, int, int]:
    tasks = draw(st.lists(st.tuples(st.integers(1, 2), st.integers(1, 3)), min_size=2, max_size=3))
    places = draw(st.integers(1, 3))
    rounding = draw(st.sampled_from(["nearest", "nearest-even", "truncate", "exact"]))
    digits = draw(st.integers(0, 10**places))
    return tasks, draw(st.booleans()), draw(st.booleans()), rounding, digits, places


@given(aggregates())
def test_the_extracted_aggregate_grid_is_sound(
    case: tuple[list[tuple[int, int]], bool, bool, str, int, int],
) -> None:
    tasks, ties, weighted, rounding, digits, places = case
    total = sum(p for p, _ in tasks)
    weights = [Fraction(p, total) if weighted else Fraction(1, len(tasks)) for p, _ in tasks]
    coefficients = [
        w / ((2 if ties else 1) * p * n) for w, (p, n) in zip(weights, tasks, strict=True)
    ]
    step = step_of(coefficients)
    claim = "weighted_auc_roc" if weighted else "auc_roc_mean"
    document = {
        "certificate": "rocpr-exact consistent",
        "version": 1,
        "question": {
            "positives": total,
            "negatives": sum(n for _, n in tasks),
            "ties": ties,
            "rounding": rounding,
            "claims": {
                claim: text(False, digits, places),
                "fold_sizes": ",".join(f"{p}/{n}" for p, n in tasks),
            },
        },
        "verdict": "impossible",
        "decisions": [
            {
                "claim": claim,
                "method": "aggregate",
                "candidates": {"kind": "rankings"},
                "exclusions": [
                    {"stage": "aggregate-grid", "excludes": [], "data": {"step": str(step)}}
                ],
            }
        ],
    }
    line, status = extracted(document)
    assert status == python_status(document), line
    if status == 0:
        means = brute_means(tuple(tasks), tuple(weights), ties)
        for mean in means:
            assert not prints(rounding, False, digits, places, mean.numerator, mean.denominator)


@given(st.data())
@settings(max_examples=examples(Fraction(1, 2)), deadline=None)
def test_a_damaged_aggregate_certificate_gets_the_same_answer(data: st.DataObject) -> None:
    # Any value replaced by junk: one line, and the Python checker's status (but past a limit,
    # and for "version": true, which Python reads as 1).
    document = copy.deepcopy(data.draw(st.sampled_from(DAMAGED)))
    *parents, key = data.draw(st.sampled_from(_paths(document)))
    junk = copy.deepcopy(data.draw(st.sampled_from(JUNK)))
    target = document
    for step in parents:
        target = target[step]
    target[key] = junk
    line, status = extracted(document)
    assert "\n" not in line and status in (0, 1, 2, 4)
    expected = python_status(document)
    if expected is not None and not (key == "version" and junk is True):
        assert status == expected, (line, parents, key, junk)
