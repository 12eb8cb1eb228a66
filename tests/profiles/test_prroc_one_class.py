"""One class of nonzero weight: the PRROC twins against PRROC 1.4's record, value and warning.

tests/data/prroc_one_class_recorded.json is PRROC's own output (scripts/record_prroc_one_class.R
says how it was installed and run); this test needs no R.  PRROC returns NaN silently where a
rate divides by a zero total (ROC without a positive or a negative weight, PR without a positive
weight) and keeps NA for a Davis-Goadrich area it does not compute; the twins return nan (the
float) with an OneClassWarning, None for NA, and PRROC's number (1) where one class is enough.
"""

from __future__ import annotations

import json
import math
import warnings
from pathlib import Path
from typing import Any

import pytest

from rocpr_exact.errors import InvalidInputError, OneClassWarning
from rocpr_exact.profiles import prroc as twin

RECORD = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "prroc_one_class_recorded.json").read_text()
)
CASES: list[dict[str, Any]] = RECORD["cases"]


def _arguments(case: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in case["arguments"].items() if v is not None}


def _same(mine: Any, theirs: Any) -> bool:
    if theirs == "NaN":
        return isinstance(mine, float) and math.isnan(mine)
    if theirs is None:
        return mine is None
    return float(mine) == theirs


def test_the_record_is_prroc_silent_nans() -> None:
    assert RECORD["versions"]["PRROC"] == "1.4" and len(CASES) == 6
    assert all(c["warnings"] == [] and c["roc_auc"] == "NaN" for c in CASES)
    assert {c["auc_integral"] for c in CASES} == {"NaN", 1}


@pytest.mark.parametrize("case", CASES, ids=[f"prroc-one-class{i}" for i in range(len(CASES))])
def test_twin_gives_what_prroc_gave_and_warns(case: dict[str, Any]) -> None:
    arguments = _arguments(case)
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        roc = twin.roc_curve(**arguments)
        pr = twin.pr_curve(**arguments)
    assert _same(roc.auc, case["roc_auc"])
    assert _same(pr.auc_integral, case["auc_integral"])
    assert _same(pr.auc_davis_goadrich, case["auc_davis_goadrich"])
    nans = 1 + (case["auc_integral"] == "NaN")
    messages = [str(w.message) for w in said if issubclass(w.category, OneClassWarning)]
    assert len(messages) == nans and all(m.startswith("PRROC 1.4: no ") for m in messages)


def test_one_class_curve_rows_are_refused() -> None:
    with pytest.raises(InvalidInputError, match="curve=True with one class"):
        twin.roc_curve([0.2, 0.6], [], curve=True)
