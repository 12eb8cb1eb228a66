"""The certificate checker extracted from Coq (proofs/coq/theories/CheckGrid.v, ``check``;
the program ``proofs/coq/extraction/check_main``) against the Python checker and an oracle.

* Every grid certificate ``consistent`` writes here, and every mutation of one, gets the same
  answer (valid 0, invalid 1, unverified 4; no certificate: exit 2) from both checkers.
* On random questions the extracted answer is "valid" exactly when no k in [0, D] has a k / D
  that rounds to the claim, the rounding computed by :class:`~fractions.Fraction` (``round``:
  ties to even; ``floor``), not by either checker's intervals.
* ``check-certificate --proved`` prints the extracted checker's line with its exit status, and
  says in one line (exit 2) when the program is not built.

Skipped, with the reason, when ``coqc`` or ``ocamlopt`` is missing (``.ci/run`` installs both),
except the not-built refusal, which needs neither.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from proofs.test_coq import build, extraction_missing
from rocpr_exact.checker import check_certificate
from rocpr_exact.cli.app import main
from rocpr_exact.cli.certificate import PROVED_CHECKER, PROVED_CHECKER_VARIABLE
from rocpr_exact.consistency.certificates import metric_document
from rocpr_exact.consistency.check import check_consistency
from rocpr_exact.errors import ResourceLimitError
from tests.consistency.certify import PROVED, proved_answer
from tests.consistency.test_certificates import JUNK, _paths
from tests.strategies import examples

MISSING = extraction_missing()
needs_extraction = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

STATUS = {"valid": 0, "invalid": 1, "unverified": 4}


@pytest.fixture(scope="module")
def built() -> Path:
    build()
    return PROVED


def extracted(document: Any) -> tuple[str, int]:
    answer = proved_answer(document)
    assert answer is not None, "check_main is not built"
    return answer


def python_status(document: Any) -> int | None:
    """The Python checker's exit status (2: no certificate, as the command says; None: past a
    resource limit, which the extracted checker does not apply)."""
    try:
        return STATUS[check_certificate(json.loads(json.dumps(document))).status]
    except ResourceLimitError:
        return None
    except ValueError:  # InvalidInputError: not a certificate
        return 2


#: Grid impossibles (P, N, claims, ties, rounding).  Hand reasons: P = N = 10, AUC-ROC k/200
#: misses [0.8725, 0.8735); untied k/100 misses [0.8745, 0.8755); 1.2 is above every k/200;
#: recall 0.33 of P = 4 is no k/4; accuracy 0.33 is no k/11 (3/11 = 0.273, 4/11 = 0.364),
#: specificity 0.33 no k/7 (2/7 = 0.286); "0.871" truncated is [0.871, 0.872): k in
#: [174.2, 174.4); "0.8725" exact is k = 174.5; nearest-even "0.3" (odd last digit: open,
#: (0.25, 0.35)) misses 1/4 = 0.25, and "0.33" (open (0.325, 0.335)) every k/11.
GRID = [
    (10, 10, {"auc_roc": "0.873"}, True, "nearest"),
    (10, 10, {"auc_roc": "0.875"}, False, "nearest"),
    (10, 10, {"auc_roc": "1.2"}, True, "nearest"),
    (4, 7, {"recall": "0.33"}, True, "nearest"),
    (4, 7, {"accuracy": "0.33"}, True, "nearest"),
    (4, 7, {"specificity": "0.33"}, True, "nearest"),
    (10, 10, {"auc_roc": "0.871"}, True, "truncate"),
    (10, 10, {"auc_roc": "0.8725"}, True, "exact"),
    (4, 7, {"recall": "0.3", "accuracy": "0.33"}, True, "nearest-even"),
]


def grid_document(p: int, n: int, claims: dict[str, str], ties: bool, rounding: str) -> Any:
    verdict = check_consistency(p, n, claims, rounding, ties=ties)  # type: ignore[arg-type]
    assert {c.stage for c in verdict.certificates} == {"grid"}, verdict
    return json.loads(json.dumps(metric_document(p, n, claims, rounding, ties, verdict)))


@needs_extraction
@pytest.mark.parametrize(("p", "n", "claims", "ties", "rounding"), GRID)
def test_the_deciders_grid_certificates_are_valid(
    built: Path, p: int, n: int, claims: dict[str, str], ties: bool, rounding: str
) -> None:
    document = grid_document(p, n, claims, ties, rounding)
    line, status = extracted(document)
    assert (status, python_status(document)) == (0, 0), line
    assert line.startswith("valid: every decision proved")


def _exclusion(document: Any) -> Any:
    return document["decisions"][0]["exclusions"][0]


def _set(path: tuple[Any, ...], value: Any) -> Callable[[Any], None]:
    def mutate(document: Any) -> None:
        target = document
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


def _add_exclusion(stage: str) -> Callable[[Any], None]:
    def mutate(document: Any) -> None:
        document["decisions"][0]["exclusions"].append({"stage": stage, "excludes": [], "data": {}})

    return mutate


def _rename(document: Any) -> None:
    _exclusion(document)["data"]["metric"] = "precision"


E = ("decisions", 0, "exclusions", 0)
#: Mutations of the certificate of P = N = 10, auc_roc "0.873" (k/200, none in [174.5, 174.7))
#: and the status both checkers give: a denominator not the metric's (201, 199, two of them) is
#: invalid; P = 11 makes 2PN = 220 and 192/220 = 0.87273 prints; "0.875" is 175/200; ties off
#: makes the denominator PN = 100, not the written 200; truncate reads [0.873, 0.874), k in
#: [174.6, 174.8), and exact k = 174.6: still no k, valid.
MUTATIONS: dict[str, tuple[Callable[[Any], None], int]] = {
    "denominator + 1": (_set((*E, "data", "denominators"), [201]), 1),
    "denominator - 1": (_set((*E, "data", "denominators"), [199]), 1),
    "two denominators": (_set((*E, "data", "denominators"), [200, 200]), 1),
    "denominators not a list": (_set((*E, "data", "denominators"), 200), 1),
    "positives + 1": (_set(("question", "positives"), 11), 1),
    "positives 0": (_set(("question", "positives"), 0), 1),
    "negatives true": (_set(("question", "negatives"), True), 1),
    "reachable claim": (_set(("question", "claims", "auc_roc"), "0.875"), 1),
    "claim not a number": (_set(("question", "claims", "auc_roc"), "0.8x"), 1),
    "claim not text": (_set(("question", "claims", "auc_roc"), 0.873), 1),
    "ties off, denominators kept": (_set(("question", "ties"), False), 1),
    "rounding truncate": (_set(("question", "rounding"), "truncate"), 0),
    "rounding exact": (_set(("question", "rounding"), "exact"), 0),
    "rounding unknown": (_set(("question", "rounding"), "up"), 1),
    "metric not claimed": (_set((*E, "data", "metric"), "recall"), 1),
    "metric not text": (_set((*E, "data", "metric"), 7), 1),
    "metric of no grid": (_rename, 1),
    "an excluded value": (_set((*E, "excludes"), [174]), 1),
    "no exclusion": (_set(("decisions", 0, "exclusions"), []), 1),
    "no decision": (_set(("decisions",), []), 1),
    "candidates 2U": (_set(("decisions", 0, "candidates", "kind"), "2U"), 1),
    "a stage renamed": (_set((*E, "stage"), "grid-2"), 4),
    "a search beside the grid": (_add_exclusion("search"), 0),
    "verdict possible": (_set(("verdict",), "possible"), 4),
    "version 2": (_set(("version",), 2), 2),
    "not a certificate": (_set(("certificate",), "other"), 2),
    "a bad box": (_set(("question", "through"), [[1, 2]]), 1),
}


@needs_extraction
@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_a_mutated_grid_certificate_gets_the_same_answer(built: Path, name: str) -> None:
    mutate, expected = MUTATIONS[name]
    document = grid_document(10, 10, {"auc_roc": "0.873"}, True, "nearest")
    if name == "metric of no grid":
        document["question"]["claims"]["precision"] = "0.5"
    mutant = copy.deepcopy(document)
    mutate(mutant)
    line, status = extracted(mutant)
    assert (status, python_status(mutant)) == (expected, expected), line


@needs_extraction
def test_the_invalid_grid_names_the_k_that_prints(built: Path) -> None:
    document = grid_document(10, 10, {"auc_roc": "0.873"}, True, "nearest")
    document["question"]["claims"]["auc_roc"] = "0.875"
    python = check_certificate(document).line()
    assert (
        extracted(document)
        == (python, 1)
        == ("invalid: grid: auc_roc = 175/200 lies in the printed span", 1)
    )


@needs_extraction
def test_other_stages_are_unverified(built: Path) -> None:
    # 0.60 / 0.50 of P = 4 needs TP = 2, FP = 4/3: the operating-point stage, not proved here.
    claims = {"precision": "0.60", "recall": "0.50"}
    verdict = check_consistency(4, 7, claims)
    document = json.loads(json.dumps(metric_document(4, 7, claims, "nearest", True, verdict)))
    assert python_status(document) == 0
    assert extracted(document) == ("unverified: no proved check for stage operating-point", 4)


def prints(rounding: str, negative: bool, digits: int, places: int, k: int, d: int) -> bool:
    """Whether k / d printed with ``places`` decimals is the text (an oracle by Fraction)."""
    x = Fraction(k, d) * 10**places * (-1 if negative else 1)
    rounded = {
        "nearest": math.floor(x + Fraction(1, 2)),
        "nearest-even": round(x),  # Fraction.__round__: exact, ties to even
        "truncate": math.floor(x),
        "exact": x,
    }
    return rounded[rounding] == digits


DENOMINATOR = {
    "auc_roc": lambda p, n, ties: 2 * p * n if ties else p * n,
    "recall": lambda p, n, ties: p,
    "specificity": lambda p, n, ties: n,
    "accuracy": lambda p, n, ties: p + n,
}


@st.composite
def grid_questions(draw: st.DrawFn) -> tuple[int, int, bool, str, str, bool, int, int]:
    p, n = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    places = draw(st.integers(0, 3))
    digits = draw(st.integers(0, 2 * 10**places))
    negative = draw(st.booleans()) and draw(st.booleans())
    metric = draw(st.sampled_from(sorted(DENOMINATOR)))
    rounding = draw(st.sampled_from(["nearest", "nearest-even", "truncate", "exact"]))
    return p, n, draw(st.booleans()), metric, rounding, negative, digits, places


def text(negative: bool, digits: int, places: int) -> str:
    body = str(digits).rjust(places + 1, "0")
    body = f"{body[:-places]}.{body[-places:]}" if places else body
    return ("-" if negative else "") + body


@needs_extraction
@given(grid_questions())
@example((2, 2, True, "auc_roc", "nearest-even", False, 12, 2))  # 1/8 = 0.125: even 12 closed
@example((2, 2, True, "auc_roc", "nearest-even", False, 125, 3))  # 1/8 exactly: printed
@example((2, 2, True, "auc_roc", "nearest", True, 0, 1))  # "-0.0" holds 0: (-0.05, 0.05]
@example((1, 1, False, "auc_roc", "truncate", True, 0, 0))  # "-0" truncated: (-1, 0] holds 0
def test_the_extracted_grid_agrees_with_rounding(
    built: Path, question: tuple[int, int, bool, str, str, bool, int, int]
) -> None:
    p, n, ties, metric, rounding, negative, digits, places = question
    d = DENOMINATOR[metric](p, n, ties)
    document = {
        "certificate": "rocpr-exact consistent",
        "version": 1,
        "question": {
            "positives": p,
            "negatives": n,
            "ties": ties,
            "rounding": rounding,
            "claims": {metric: text(negative, digits, places)},
        },
        "verdict": "impossible",
        "decisions": [
            {
                "claim": "all",
                "method": "exact",
                "candidates": {"kind": "rankings"},
                "exclusions": [
                    {
                        "stage": "grid",
                        "excludes": [],
                        "data": {"metric": metric, "denominators": [d]},
                    }
                ],
            }
        ],
    }
    reachable = [k for k in range(d + 1) if prints(rounding, negative, digits, places, k, d)]
    line, status = extracted(document)
    assert status == (1 if reachable else 0), line
    assert status == python_status(document)
    if reachable:
        assert line == f"invalid: grid: {metric} = {reachable[0]}/{d} lies in the printed span"


@needs_extraction
def test_check_certificate_proved_runs_it(
    built: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = grid_document(10, 10, {"auc_roc": "0.873"}, True, "nearest")
    path = tmp_path / "cert.json"
    path.write_text(json.dumps(document))
    assert main(["check-certificate", "--proved", str(path)]) == 0
    assert capsys.readouterr().out.strip() == extracted(document)[0]
    document["question"]["claims"]["auc_roc"] = "0.875"
    path.write_text(json.dumps(document))
    assert main(["check-certificate", "--proved", str(path)]) == 1
    path.write_text(json.dumps({"certificate": "other"}))
    assert main(["check-certificate", "--proved", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "not a certificate" in err


def test_proved_when_not_built_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cert.json"
    path.write_text("{}")
    monkeypatch.setenv(PROVED_CHECKER_VARIABLE, str(tmp_path / "check_main"))
    assert main(["check-certificate", "--proved", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--proved" in err and "make -C proofs/coq" in err
    assert PROVED_CHECKER == PROVED  # the command looks where the Makefile builds it


@needs_extraction
def test_where_the_checkers_differ(built: Path) -> None:
    """The differences docs/consistency.md states: a stage with no proof beside a proving grid,
    and two decisions of which one is unverified (the Python checker's answer then depends on
    their order; the extracted one is unverified either way)."""
    document = grid_document(10, 10, {"auc_roc": "0.873"}, True, "nearest")
    wrong = copy.deepcopy(document)
    wrong["question"]["claims"]["recall"] = "0.5"  # TP = 5, FP = 0 gives it: a wrong exclusion
    point = {"stage": "operating-point", "excludes": [], "data": {"metrics": ["recall"]}}
    wrong["decisions"][0]["exclusions"].append(point)
    assert python_status(wrong) == 1
    assert extracted(wrong)[1] == 0  # the grid alone proves auc_roc 0.873 impossible
    search = {"stage": "search", "excludes": [], "data": {}}
    searched = {**document["decisions"][0], "exclusions": [search]}
    for order in ([document["decisions"][0], searched], [searched, document["decisions"][0]]):
        both = {**document, "decisions": copy.deepcopy(order)}
        assert extracted(both) == ("unverified: no proved check for stage search", 4)


@needs_extraction
@given(st.data())
@settings(max_examples=examples(Fraction(1, 2)), deadline=None)
def test_a_damaged_grid_certificate_gets_the_same_answer(built: Path, data: st.DataObject) -> None:
    # Any value of a grid certificate replaced by junk: one line, and the Python checker's status
    # (but past max_examples, and for "version": true, which Python reads as 1).
    document = grid_document(4, 7, {"recall": "0.3", "accuracy": "0.33"}, True, "nearest-even")
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


@needs_extraction
def test_the_reader_is_bounded(built: Path) -> None:
    document = grid_document(10, 10, {"auc_roc": "0.873"}, True, "nearest")
    long = copy.deepcopy(document)
    _exclusion(long)["data"]["denominators"] = [200] * 300_000  # no stack overflow: invalid
    assert extracted(long)[1] == python_status(long) == 1
    many = copy.deepcopy(document)
    many["question"]["claims"].update({f"x{i}": "0.5" for i in range(1001)})
    line, status = extracted(many)
    assert (line, status) == ("", 2)  # said on standard error, in one line
