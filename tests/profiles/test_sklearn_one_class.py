"""One class in y_true (or one class of nonzero weight): the sklearn twins against sklearn's record.

tests/data/sklearn_one_class_recorded.json is scikit-learn 1.9.1's own output, value and
warnings, recorded by scripts/record_sklearn_one_class.py; this test needs no sklearn.  Each
twin gives sklearn's value (nan as ``math.nan``, None inside a curve or a per-class tuple,
conventions such as AP 0.0 or recall 1 as numbers), warns an OneClassWarning carrying each of
sklearn's missing-class warnings in sklearn's words, and refuses (InvalidInputError) exactly
where sklearn raises: one class in ``det_curve``, a ``sample_weight`` of shape (1, n) or (n, 2).
"""

from __future__ import annotations

import json
import math
import warnings
from pathlib import Path
from typing import Any

import pytest

from rocpr_exact.errors import InvalidInputError, OneClassWarning
from rocpr_exact.profiles import sklearn as twin
from tests.profiles.sklearn_agreement import missing, same_curve, same_number

RECORD = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "sklearn_one_class_recorded.json").read_text()
)
CASES: list[dict[str, Any]] = RECORD["cases"]


def _float(value: Any) -> Any:
    """The record's JSON form back to floats: "nan" and "inf" as the floats they stand for."""
    if isinstance(value, list):
        return [_float(v) for v in value]
    return {"nan": math.nan, "inf": math.inf}.get(value, value) if isinstance(value, str) else value


def test_the_record_covers_values_nans_conventions_and_refusals() -> None:
    outcomes = [case["sklearn"] for case in CASES]
    assert RECORD["versions"]["scikit-learn"] == "1.9.1"
    assert sum("raises" in o for o in outcomes) >= 8
    assert sum(o.get("value") == "nan" for o in outcomes) >= 8
    assert any(o.get("value") == 0.0 and o["warnings"] for o in outcomes)  # AP's convention


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['function']}" for i, c in enumerate(CASES)])
def test_twin_gives_what_sklearn_gave(case: dict[str, Any]) -> None:
    function = getattr(twin, case["function"])
    recorded = case["sklearn"]
    if "raises" in recorded:
        with pytest.raises(InvalidInputError) as raised:
            function(**case["arguments"])
        assert "\n" not in str(raised.value)
        return
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        mine = function(**case["arguments"])
    said = [str(w.message) for w in caught if issubclass(w.category, OneClassWarning)]
    expected = missing([message for _, message in recorded["warnings"]])
    assert len(said) == len(expected), (said, expected)
    assert all(
        e in s and s.startswith("scikit-learn 1.9.1: ") for s, e in zip(said, expected, strict=True)
    )
    theirs = _float(recorded["value"])
    if case["function"].endswith("_curve"):
        same_curve(mine, tuple(theirs))
    elif isinstance(mine, tuple):
        assert len(mine) == len(theirs)
        assert all(same_number(a, b) for a, b in zip(mine, theirs, strict=True)), (mine, theirs)
    else:
        assert same_number(mine, theirs), (mine, theirs)
