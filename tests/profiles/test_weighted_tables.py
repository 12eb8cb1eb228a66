"""A tool's metric table on a curve of weighted counts (``report --weight-column --profile``).

The tables of :data:`~rocpr_exact.profiles.registry.WEIGHTED_TABLES` must be the tool called
with the weights: each is compared with the twin given the weights
(:mod:`rocpr_exact.testing.weighted`), and scikit-learn's with scikit-learn itself.  Every other
table is undefined on weighted data, with the reason: before, ``report`` computed pROC, ROCR,
precrec, torchmetrics and AUCCalculator on examples made by truncating weighted counts to
whole numbers (``proc.auc`` 12/25 on the data below, where the weighted AUC is 13/25).
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rocpr_exact.cli.app import main
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import RocPrError
from rocpr_exact.profiles.registry import WEIGHTED_TABLES, tool_metrics, weighted_reason
from rocpr_exact.testing.weighted import weighted_twins
from tests.strategies import examples

WEIGHTS = st.sampled_from([0.25, 0.5, 1.0, 1.5, 2.0, 3.0])
SCORES = st.sampled_from([0.1, 0.2, 0.3, 0.5, 0.7, 0.9])


def _value(call: Callable[..., Any], *args: Any) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            return call(*args)
        except RocPrError:
            return "refused"


# each example calls nine twins (keras' 200 buckets among them): a quarter of the profile's count
@settings(max_examples=examples(Fraction(1, 4)), deadline=None)
@given(st.lists(st.tuples(SCORES, st.integers(0, 1), WEIGHTS), min_size=2, max_size=9))
def test_weighted_tables_are_the_twins_given_the_weights(
    rows: list[tuple[float, int, float]],
) -> None:
    scores, labels, weights = (list(column) for column in zip(*rows, strict=True))
    assume(len(set(labels)) == 2)  # one class: a table raises where a twin returns nan
    curve = Curve.from_scores(scores, labels, weights=[Fraction(w) for w in weights])
    for name, twin in weighted_twins().items():
        tool, metric = name.split(".", 1)
        if weighted_reason(tool, metric) is not None:
            continue  # undefined with weights (prroc's Davis-Goadrich area: PRROC's NA)
        expected = _value(twin, scores, labels, weights)
        got = _value(tool_metrics(tool).value, metric, curve)
        assert got == expected, (name, rows)


def test_prrocs_davis_goadrich_area_is_na_with_weights() -> None:
    # the twin of pr.curve with weights gives None (PRROC's NA), so the table has no value
    twin = weighted_twins()["prroc.auc_davis_goadrich"]
    assert twin([0.7, 0.1, 0.3], [0, 1, 1], [1.5, 0.25, 1.5]) is None
    assert weighted_reason("prroc", "auc_davis_goadrich") is not None


def test_sklearn_table_is_sklearn_with_sample_weight() -> None:
    metrics = pytest.importorskip("sklearn.metrics")
    scores, labels, weights = [0.9, 0.8, 0.7, 0.3], [1, 0, 1, 0], [0.5, 1.5, 2.0, 1.0]
    curve = Curve.from_scores(scores, labels, weights=[Fraction(w) for w in weights])
    table = tool_metrics("sklearn")
    # by hand: positives weigh 2.5, negatives 2.5; pairs ranked right: 0.5 * 2.5 + 2 * 1 = 3.25
    assert table.value("roc_auc_score", curve) == Fraction(13, 25)
    assert float(table.value("roc_auc_score", curve)) == metrics.roc_auc_score(
        labels, scores, sample_weight=weights
    )
    assert float(table.value("average_precision_score", curve)) == pytest.approx(
        metrics.average_precision_score(labels, scores, sample_weight=weights), rel=1e-15
    )


def test_report_marks_tables_without_weights_undefined(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "w.csv"
    data.write_text("score,label,weight\n0.9,1,0.5\n0.8,0,1.5\n0.7,1,2\n0.3,0,1\n")
    args = [str(data), "--weight-column", "weight", "--format", "json"]
    for tool in ("sklearn", "proc", "rocr", "prroc", "spark"):
        args += ["--profile", tool]
    assert main(["report", *args]) == 0
    profiles = json.loads(capsys.readouterr().out)["profiles"]
    assert profiles["sklearn"]["roc_auc_score"]["exact"] == "13/25"
    for tool, metric in (("proc", "auc"), ("rocr", "aucpr"), ("spark", "areaUnderROC")):
        assert "weights" in profiles[tool][metric]["undefined"], (tool, profiles[tool])
    assert "NA" in profiles["prroc"]["auc_davis_goadrich"]["undefined"]
    assert profiles["prroc"]["roc_auc"]["exact"] == "13/25"
    assert set(WEIGHTED_TABLES) == {"sklearn", "keras", "xgboost", "prroc"}
