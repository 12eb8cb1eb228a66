"""The torchmetrics twins on logits against torchmetrics' recorded outputs (no torch).

tests/data/torchmetrics_logits_recorded.json holds what torchmetrics 1.9.0 (torch 2.13.0 CPU)
returned for preds outside [0, 1], which it passes through ``preds.sigmoid()``
(scripts/record_torchmetrics_logits.py).  An output is reproduced when it matches within the
bounds of tests/profiles/test_torch_keras_recorded.py (thresholds bit for bit, rates within
u = 2**-24, scores within (n + 8) u, times 2/m under max_fpr, n the curve's length) or both
refuse.  torch's exp is within 1 ulp, not correctly rounded, so a sigmoid may be one float
away from the twin's: the twin then says so (ToolRoundingWarning).  Checked: every output is
reproduced or warned about; every output is reproduced where torch computed the sigmoids in
its scalar loop (std::exp); at least 90% are reproduced overall (the target is 98%: the
misses are torch's vector loop, Sleef's exp, whose rounding the twin does not model).
"""

from __future__ import annotations

import json
import warnings
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from rocpr_exact.errors import RocPrError, ToolRoundingWarning
from rocpr_exact.profiles import torchmetrics as exact_tm

DATA = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "torchmetrics_logits_recorded.json").read_text()
)
CASES = DATA["cases"]
U = 2.0**-24
FUNCTIONS = (
    "binary_roc",
    "binary_precision_recall_curve",
    "binary_auroc",
    "binary_average_precision",
)


def _call(case: dict[str, Any], name: str) -> Any:
    values = [float(p) for p in case["preds"]]
    preds = values if case["dtype"] == "list" else np.array(values, dtype=np.float64)
    options = {"thresholds": case["thresholds"], "ignore_index": case["ignore_index"]}
    if name == "binary_auroc":
        options["max_fpr"] = case["max_fpr"]
    return getattr(exact_tm, name)(preds, case["target"], **options)


def _curve_matches(twin: Any, recorded: Any) -> bool:
    if [len(part) for part in twin] != [len(part) for part in recorded]:
        return False
    for values, floats in zip(twin[:2], recorded[:2], strict=True):
        for value, text in zip(values, floats, strict=True):
            if (value is None) != (text == "nan"):
                return False
            if value is not None and abs(float(value) - float(text)) > U:
                return False
    return [float(t) for t in twin[2]] == [float(t) for t in recorded[2]]


@cache
def _outcome(index: int, name: str) -> tuple[bool, bool]:
    """(reproduced, warned) for one recorded output."""
    case = CASES[index]
    recorded = case["results"][name]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            twin = _call(case, name)
        except RocPrError:
            twin = None
    warned = any(issubclass(w.category, ToolRoundingWarning) for w in caught)
    refused = isinstance(recorded, str) and recorded.startswith("error")
    if twin is None or refused:
        return twin is None and refused, warned
    if name in ("binary_roc", "binary_precision_recall_curve"):
        return _curve_matches(twin, recorded), warned
    n = len(case["results"]["binary_roc"][0])
    m = case["max_fpr"] if name == "binary_auroc" else None
    bound = (n + 8) * U * (2 / m if m else 1)
    return abs(float(twin) - float(recorded)) <= bound, warned


def test_the_record_holds_logits_in_float32_and_float64() -> None:
    assert DATA["versions"]["torchmetrics"] == "1.9.0"
    assert all(any(not 0 <= float(p) <= 1 for p in case["preds"]) for case in CASES)
    assert {case["dtype"] for case in CASES} == {"list", "float64"}
    assert len(CASES) * len(FUNCTIONS) >= 400


@pytest.mark.parametrize("index", range(len(CASES)), ids=[f"logits{i}" for i in range(len(CASES))])
def test_each_output_is_reproduced_or_warned_about(index: int) -> None:
    for name in FUNCTIONS:
        reproduced, warned = _outcome(index, name)
        assert reproduced or warned, (index, name)


def _scalar_only(case: dict[str, Any]) -> bool:
    """Whether torch computed every sigmoid in its scalar loop (std::exp, not Sleef).

    ATen's ``vectorized_loop`` runs the vector kernel on blocks of 2 vectors (AVX512, the
    recorded machine: 32 float32 or 16 float64 values) and the scalar one on the rest.
    """
    block = 32 if case["dtype"] == "list" else 16
    return len(case["preds"]) < block


def test_the_scalar_loop_is_reproduced_and_most_outputs_are() -> None:
    """Measured: every output of a scalar-loop case; 90% overall (the issue asks 98%: not met).

    The misses are torch's vector exp (Sleef, within 1 ulp) rounding a sigmoid to the float
    next to the twin's; each is warned about (above).
    """
    outcomes = {(i, name): _outcome(i, name)[0] for i in range(len(CASES)) for name in FUNCTIONS}
    scalar = [ok for (i, _), ok in outcomes.items() if _scalar_only(CASES[i])]
    assert len(scalar) >= 100 and all(scalar)
    reproduced = sum(outcomes.values())
    assert reproduced >= 0.9 * len(outcomes), (reproduced, len(outcomes))
    # the figure docs/profiles/torchmetrics.md gives (update it with the twin or the record)
    assert (reproduced, len(outcomes), len(scalar)) == (443, 480, 224)
