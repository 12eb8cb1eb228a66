"""The metric tables of the tools whose twins read scores (``rocpr_exact/profiles/examples.py``).

Each entry of a table is its tool's twin called on the data: by every path (``ToolMetrics.value``
on ``(scores, labels)``, ``rx.compute_metric`` on a curve, ``report --profile`` on a file) the
value is the one the twin returns when called directly, as a user of that tool would call it, on
the scores as Python floats.  Checked on hypothesis data (ties, values that meet in float32,
logits, values outside [0, 1]) and on the paper's Table 1 (examples/table1.csv).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import tempfile
import warnings
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact.cli import main
from rocpr_exact.cli.options import tool as cli_tool
from rocpr_exact.errors import (
    NoNegativesError,
    NoPositivesError,
    RocPrError,
    ToolRoundingWarning,
)
from rocpr_exact.exact.display import number
from rocpr_exact.oracle.metrics import VECTOR_TOOLS
from rocpr_exact.profiles import keras, precrec, proc, registry, rocr, spark, torchmetrics, xgboost
from rocpr_exact.profiles.tools import TOOLS
from tests.strategies import examples

ROOT = Path(__file__).resolve().parents[2]
TABLE1 = ROOT / "examples" / "table1.csv"

#: Each table entry, as the tool's user calls the twin: (scores, labels) -> value.
TWIN_CALLS: dict[str, Callable[[list[float], list[int]], Any]] = {
    "torchmetrics.binary_auroc": torchmetrics.binary_auroc,
    "torchmetrics.binary_average_precision": torchmetrics.binary_average_precision,
    "keras.auc_roc": lambda s, y: keras.auc(y, s),
    "keras.auc_pr": lambda s, y: keras.auc(y, s, curve="PR"),
    "xgboost.auc": lambda s, y: xgboost.auc(y, s),
    "xgboost.aucpr": lambda s, y: xgboost.aucpr(y, s),
    "proc.auc": lambda s, y: proc.auc(y, s),
    "rocr.auc": lambda s, y: rocr.performance(rocr.prediction(s, y), "auc"),
    "rocr.aucpr": lambda s, y: rocr.performance(rocr.prediction(s, y), "aucpr"),
    "precrec.roc_auc": lambda s, y: precrec.evalmod(s, y).roc,
    "precrec.prc_auc": lambda s, y: precrec.evalmod(s, y).prc,
    "spark.areaUnderROC": spark.area_under_roc,
    "spark.areaUnderPR": spark.area_under_pr,
}
NAMES = sorted(TWIN_CALLS)
#: The entries defined without negatives (a PR area); the others need both classes, but Spark's.
POSITIVES_ONLY = {"torchmetrics.binary_average_precision", "keras.auc_pr"}
#: Scores with ties, two that are one float32 (0.5 and 0.5 + 2**-30) but two doubles, 0 and 1,
#: and values outside [0, 1] (logits to torchmetrics, clipped by keras).
POOL = [0.0, 0.125, 0.3, 0.5, 0.5 + 2**-30, 0.7, 1.0, 1.5, -2.0]
datasets = st.integers(1, 10).flatmap(
    lambda n: st.tuples(
        st.lists(st.sampled_from(POOL), min_size=n, max_size=n),
        st.lists(st.integers(0, 1), min_size=n, max_size=n),
    )
)


def _outcome(call: Callable[[], Any]) -> tuple[Any, bool]:
    """The value (or the error's class), and whether torch's sigmoid may have rounded otherwise
    (a ToolRoundingWarning: then the value may depend on the examples' positions)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            value = call()
        except RocPrError as exc:
            value = type(exc)
    return value, any(issubclass(w.category, ToolRoundingWarning) for w in caught)


def test_every_table_outside_the_vectors_is_checked_here() -> None:
    tables = {
        f"{tool}.{metric}"
        for tool, table in registry.PROFILES.items()
        if tool not in VECTOR_TOOLS
        for metric in table
    }
    assert tables == set(TWIN_CALLS)
    assert set(registry.PROFILES) == set(TOOLS) - {"coco", "voc"}


@settings(max_examples=examples(Fraction(3, 5)), deadline=None)
@given(datasets, st.sampled_from(NAMES))
def test_each_entry_is_the_twin_called_on_the_data(
    data: tuple[list[float], list[int]], name: str
) -> None:
    scores, labels = data
    tool, _, metric = name.partition(".")
    direct, uncertain = _outcome(lambda: TWIN_CALLS[name](scores, labels))
    table, uncertain_table = _outcome(
        lambda: registry.tool_metrics(tool).value(metric, (scores, labels))
    )
    curve = rx.Curve.from_scores(scores, labels)
    by_name, _ = _outcome(lambda: rx.compute_metric(name, curve))
    if table in (NoPositivesError, NoNegativesError) and not isinstance(direct, type):
        # one class where the tool answers: compute_metric is the twin's answer, nan as nan
        # (tests/oracle/test_compute_metric_one_class.py), the table refuses
        both_nan = isinstance(by_name, float) and by_name != by_name and direct != direct
        assert by_name == direct or both_nan or uncertain
    else:
        assert by_name == table
    if uncertain or uncertain_table:
        return  # torch's sigmoid by position: the table's examples are in another order
    p, n = sum(labels), len(labels) - sum(labels)
    if (p and n) or (p and name in POSITIVES_ONLY) or tool == "spark":  # (Spark: its numbers)
        assert table == direct
    else:  # the tool's conventional value or its refusal: undefined in the table
        assert table in (NoPositivesError, NoNegativesError)


def test_the_curve_of_exact_scores_is_read_as_doubles() -> None:
    # 0.1 and 0.1 + 10**-20 are one double: every table sees one tie group, as the tools do.
    from decimal import Decimal

    scores = [Decimal("0.1"), Decimal("0.10000000000000000001"), Decimal("0.3"), Decimal("0.05")]
    labels = [1, 0, 1, 0]
    curve = rx.Curve.from_scores(scores, labels)
    doubles = [float(s) for s in scores]
    for name in NAMES:
        assert rx.compute_metric(name, curve) == TWIN_CALLS[name](doubles, labels), name


def _table1() -> tuple[list[float], list[int]]:
    with TABLE1.open(newline="") as stream:
        rows = list(csv.DictReader(stream))
    return [float(row["score"]) for row in rows], [int(row["label"]) for row in rows]


def test_report_profile_on_table1_is_the_twin_on_table1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tools = sorted({name.partition(".")[0] for name in NAMES})
    argv = ["report", str(TABLE1), "--digits", "30", "--no-progress"]
    for tool in tools:
        argv += ["--profile", tool]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)["profiles"]
    assert list(report) == tools
    scores, labels = _table1()
    assert (sum(labels), len(labels) - sum(labels)) == (20, 2000)
    for name in NAMES:
        tool, _, metric = name.partition(".")
        expected = number(TWIN_CALLS[name](scores, labels), 30)
        assert report[tool][metric] == expected, name
        assert number(rx.compute_metric(name, rx.Curve.from_scores(scores, labels)), 30) == expected
    # keras clips the scores 1, 2 and 3 to 1: one tie group, so its ROC area is 1/2
    assert report["keras"]["auc_roc"]["exact"] == "1/2"


@settings(max_examples=examples(Fraction(3, 25)), deadline=None)
@given(datasets.filter(lambda d: 0 < sum(d[1]) < len(d[1]) and all(0 <= s <= 1 for s in d[0])))
def test_report_profile_is_the_twin_on_the_file(data: tuple[list[float], list[int]]) -> None:
    # probabilities only: with logits torch's sigmoid may depend on the order of the rows
    scores, labels = data
    tools = sorted({name.partition(".")[0] for name in NAMES})
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "data.csv"
        rows = "".join(f"{score!r},{label}\n" for score, label in zip(scores, labels, strict=True))
        path.write_text("score,label\n" + rows)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["report", str(path), "--digits", "20", "--no-progress",
                         *(f"--profile={tool}" for tool in tools)]) == 0  # fmt: skip
    report = json.loads(out.getvalue())["profiles"]
    for name in NAMES:
        tool, _, metric = name.partition(".")
        assert report[tool][metric] == number(TWIN_CALLS[name](scores, labels), 20), name


def test_report_refuses_coco_and_voc_naming_why(capsys: pytest.CaptureFixture[str]) -> None:
    for tool in ("coco", "voc"):
        assert main(["report", str(TABLE1), "--profile", tool]) == 2
        err = capsys.readouterr().err
        assert "not a function of a binary curve" in err and f"check --profile {tool}" in err
        with pytest.raises(rx.InvalidInputError, match="ground truths no detection matched"):
            registry.tool_metrics(tool)


@pytest.mark.parametrize("tool", TOOLS)
def test_report_and_check_take_the_same_names(tool: str) -> None:
    assert cli_tool(tool) == tool  # report --profile's parser; check --profile takes TOOLS
    if tool not in ("coco", "voc"):
        assert registry.tool_metrics(tool).tool == tool


def test_a_curve_without_scores_is_refused_with_one_line() -> None:
    counts = rx.Curve.from_counts([(1, 0)], positives=2, negatives=1)
    with pytest.raises(rx.InvalidInputError, match="calls its twin with the scores"):
        rx.compute_metric("spark.areaUnderROC", counts)


def test_the_report_help_lists_the_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    listed = text.split("the tools with a metric table: ")[1].split(";")[0]
    assert listed.split(", ") == list(registry.PROFILES)
    assert "coco and voc have none" in text and set(registry.NO_TABLE) == {"coco", "voc"}
