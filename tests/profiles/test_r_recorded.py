"""The PRROC, pROC, ROCR and precrec twins against the R tools' recorded outputs (no R).

tests/data/r_tools_recorded.json holds what PRROC 1.4, pROC 1.18.0, ROCR 1.0-11 and precrec
0.14.4 (R 4.2.2) returned on fixed random datasets (scripts/record_r_tools.R): ties, extreme
imbalance (1% positives), negatives ranked first, one tie group, soft-label weights for PRROC,
partial AUC ranges for pROC and ROCR.  Each twin's exact value is compared with the recorded
double within the tools' binary64 error, u = 2**-53:

- every area is a sum of at most n + 1 terms (n examples; precrec adds its x_bins grid
  points), each a product of a few rounded quantities in [0, 1] (rates, precisions, widths):
  each term is within a few u of its exact value and the sum adds (n + 1) u of the sum of
  |terms|, which is at most 1 for a monotone curve.  Bound: (n + 16) 2u.
- PRROC's integral adds per segment b/a (ln x1 - ln x0): the logarithms' rounding scales with
  S = 1 + sum |c ln r| over the closed form's terms; bound (n + 16) 2u S.
- ROCR's "aucpr" sums trapezoids out of recall order (docs/profiles/rocr.md): |terms| sums to
  at most W = 1 + sum of |widths|; bound (n + 16) 2u W, W counted on the twin's own points.
- NA in R is None in the twins, both ways; thresholds and scores are compared bit for bit.

Measured (scripts/record_r_tools.R, this file): the largest deviation is 0.2 n u (precrec's
ROC with its 1000-point grid); docs/profiles/*.md list them per tool.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.profiles import precrec, proc, prroc, rocr

DATA = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "r_tools_recorded.json").read_text()
)
DATASETS = DATA["datasets"]
U = 2.0**-53


def _number(value: Any) -> float:
    return float(value.replace("Inf", "inf")) if isinstance(value, str) else float(value)


def _close(exact: Any, recorded: Any, bound: float) -> None:
    if recorded is None:
        assert exact is None, (exact, "R returned NA")
        return
    assert exact is not None, ("R returned a number", recorded)
    assert abs(float(exact) - _number(recorded)) <= bound, (float(exact), recorded, bound)


def _log_scale(value: ClosedForm | Fraction) -> float:
    if isinstance(value, Fraction):
        return 1.0
    return 1.0 + sum(abs(float(c)) * abs(math.log(a)) for c, a in value.terms)


PRROC = DATA["prroc"]


@pytest.mark.parametrize("case", PRROC, ids=[f"prroc{i}" for i in range(len(PRROC))])
def test_prroc(case: dict[str, Any]) -> None:
    args = {
        name: case[name]
        for name in ("scores_class0", "scores_class1", "weights_class0", "weights_class1")
    }
    curve = "pr_curve" in case
    roc, pr = prroc.roc_curve(**args, curve=curve), prroc.pr_curve(**args, curve=curve)
    n = len(case["scores_class0"]) + len(case["scores_class1"] or case["scores_class0"])
    bound = (n + 16) * 2 * U
    _close(roc.auc, case["roc_auc"], bound)
    _close(pr.auc_davis_goadrich, case["auc_davis_goadrich"], bound)
    _close(pr.auc_integral, case["auc_integral"], bound * _log_scale(pr.auc_integral))
    if curve:
        for rows, recorded in ((roc.curve, case["roc_curve"]), (pr.curve, case["pr_curve"])):
            assert rows is not None and len(rows) == len(recorded)
            for row, expected in zip(rows, recorded, strict=True):
                _close(row[0], expected[0], bound)
                _close(row[1], expected[1], bound)
                assert float(row[2]) == _number(expected[2])


PROC = DATA["proc"]


@pytest.mark.parametrize("case", PROC, ids=[f"proc{i}" for i in range(len(PROC))])
def test_proc_auc(case: dict[str, Any]) -> None:
    data = DATASETS[case["dataset"]]
    partial = case["partial_auc"]
    value = proc.auc(
        data["labels"],
        data["scores"],
        direction=case["direction"],
        partial_auc=False if partial is False else tuple(partial),
        partial_auc_focus=case["partial_auc_focus"],
        partial_auc_correct=case["partial_auc_correct"],
    )
    n = len(data["scores"])
    scale = 1.0
    if case["partial_auc_correct"]:  # (1 + (A - min) / (max - min)) / 2, max - min = w (a + b) / 2
        low, high = sorted(partial)
        scale += 1 / ((high - low) * (high + low))
    _close(value, case["auc"], (n + 16) * 2 * U * scale)


PROC_ROC = DATA["proc_roc"]


@pytest.mark.parametrize("case", PROC_ROC, ids=[f"roc{i}" for i in range(len(PROC_ROC))])
def test_proc_roc_coordinates(case: dict[str, Any]) -> None:
    data = DATASETS[case["dataset"]]
    r = proc.roc(data["labels"], data["scores"], direction=case["direction"])
    assert [float(t) for t in r.thresholds] == [_number(t) for t in case["thresholds"]]
    for mine, recorded in (
        (r.sensitivities, case["sensitivities"]),
        (r.specificities, case["specificities"]),
    ):
        assert len(mine) == len(recorded)
        for x, y in zip(mine, recorded, strict=True):
            _close(x, y, U)  # one division: correctly rounded
    _close(r.auc, case["auc"], (len(data["scores"]) + 16) * 2 * U)


ROCR = DATA["rocr"]


@pytest.mark.parametrize("case", ROCR, ids=[f"rocr{i}" for i in range(len(ROCR))])
def test_rocr(case: dict[str, Any]) -> None:
    data = DATASETS[case["dataset"]]
    pred = rocr.prediction(data["scores"], data["labels"])
    bound = (len(data["scores"]) + 16) * 2 * U
    for stop, recorded in zip(case["fpr_stop"], case["auc"], strict=True):
        _close(rocr.performance(pred, "auc", fpr_stop=stop), recorded, bound)
    widths = 1 + 2 * len(pred.curve.tps)  # each block of inserted points jumps back at most 1
    _close(rocr.performance(pred, "aucpr"), case["aucpr"], bound * widths)


PRECREC = DATA["precrec"]


@pytest.mark.parametrize("case", PRECREC, ids=[f"precrec{i}" for i in range(len(PRECREC))])
def test_precrec(case: dict[str, Any]) -> None:
    data = DATASETS[case["dataset"]]
    bins = int(case["x_bins"])
    aucs = precrec.evalmod(
        data["scores"], data["labels"], x_bins=bins, interpolate=case["interpolate"]
    )
    bound = (len(data["scores"]) + max(bins, 1) + 16) * 2 * U
    _close(aucs.roc, case["roc"], bound)
    _close(aucs.prc, case["prc"], bound)


def test_the_recording_covers_every_tool_and_both_na_kinds() -> None:
    assert DATA["versions"] == {
        "R": "4.2.2",
        "PRROC": "1.4",
        "pROC": "1.18.0",
        "ROCR": "1.0.11",
        "precrec": "0.14.4",
    }
    assert any(c["auc_davis_goadrich"] is None for c in PRROC)  # weights, identical vectors
    assert any(c["auc"] is None for c in PROC)  # pROC's NA below the diagonal
