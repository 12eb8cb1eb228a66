"""One model per tool: every by-name lookup of a tool's metric gives the same answer.

The paths are ``profile_metric``, ``profile``, ``rx.compute_metric("tool.metric")``,
``registry.PROFILES`` and ``METRICS`` (read-only tables), the golden vectors, ``report --profile``
(``profile_report``) and ``assert_metric_close``; all end in the tool's ``CURVE_METRICS``,
which applies the tool's view of the input before its metric.
"""

from __future__ import annotations

import warnings
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact.errors import NoNegativesError, NoPositivesError, RocPrError
from rocpr_exact.exact.display import number
from rocpr_exact.oracle.cases import default_cases
from rocpr_exact.oracle.metrics import METRICS, VECTOR_TOOLS, compute_metric
from rocpr_exact.output.report import profile_report
from rocpr_exact.profiles import registry
from rocpr_exact.profiles.tools import TOOLS
from rocpr_exact.testing import assert_metric_close

#: Scores some of which are one double (0.1 and 0.1 + 10**-20; 2**53 and 2**53 + 1), so that
#: R's and Java's view (doubles) differs from the exact one.
NEAR_DOUBLES = [
    Decimal("0.1"),
    Decimal("0.10000000000000000001"),
    Decimal("0.3"),
    Fraction(1, 3),
    2**53,
    2**53 + 1,
    0,
    1,
]
datasets = st.integers(1, 9).flatmap(
    lambda n: st.tuples(
        st.lists(st.sampled_from(NEAR_DOUBLES), min_size=n, max_size=n),
        st.lists(st.integers(0, 1), min_size=n, max_size=n),
    )
)
TOOL_METRICS = [(tool, metric) for tool, table in registry.PROFILES.items() for metric in table]


def test_the_issue_example_gives_one_answer() -> None:
    # As doubles 0.1 and 0.10000000000000000001 are one score, so PRROC sees the positive 0.3,
    # a tie {0.1 positive, 0.1 negative} and the negative 0.05: points (1, 0), (2, 1), (2, 2)
    # with P = N = 2.  Davis-Goadrich: recall 0 to 1/2 at precision 1 (1/2), then the skew-1
    # segment from precision 1 to 2/3: 1/2 (1 + 2/3) / 2 = 5/12; total 11/12.  The exact scores
    # give (1, 0), (1, 1), (2, 1), (2, 2): 1/2 + 1/2 (1/2 + 2/3) / 2 = 19/24, which is no
    # longer what any path answers for PRROC.
    c = rx.Curve.from_scores(
        [Decimal("0.1"), Decimal("0.10000000000000000001"), Decimal("0.3"), Decimal("0.05")],
        [1, 0, 1, 0],
    )
    assert registry.profile_metric("prroc", "auc_davis_goadrich", c) == Fraction(11, 12)
    assert rx.compute_metric("prroc.auc_davis_goadrich", c) == Fraction(11, 12)
    assert rx.auc_pr(c, "davis-goadrich") == Fraction(19, 24)  # the exact method, exact scores


def _value(call: Any) -> Any:
    try:
        return call()
    except RocPrError as exc:
        return type(exc)


@given(datasets, st.sampled_from(TOOL_METRICS))
def test_every_path_gives_the_same_answer(
    data: tuple[list[Any], list[int]], tool_metric: tuple[str, str]
) -> None:
    tool, metric = tool_metric
    name = f"{tool}.{metric}"
    scores, labels = data
    curve = rx.Curve.from_scores(scores, labels)
    first = _value(lambda: registry.profile_metric(tool, metric, (scores, labels)))
    paths = {
        "profile_metric(curve)": lambda: registry.profile_metric(tool, metric, curve),
        "compute_metric": lambda: compute_metric(name, curve),
        "PROFILES": lambda: registry.PROFILES[tool][metric](curve),
        "METRICS": lambda: METRICS[name](curve),
    }
    whole = _value(lambda: registry.profile(tool, (scores, labels)))  # raises the first undefined
    if isinstance(whole, dict):
        assert whole[metric] == first
    if isinstance(first, type) and issubclass(first, NoPositivesError | NoNegativesError):
        # one class: compute_metric is the twin's answer where the tool answers (nan, 0, ...;
        # tests/oracle/test_compute_metric_one_class.py), the tables refuse
        paths.pop("compute_metric")
    if tool != "sklearn":  # sklearn reads numpy's dtype: a list of mixed types is another array
        for path, call in paths.items():
            assert _value(call) == first, path
    if isinstance(first, type):  # undefined: the report says so, assert_metric_close takes NaN
        assert "undefined" in profile_report(tool, curve, 5)[metric] or tool == "sklearn"
        return
    assert profile_report(tool, curve, 30)[metric] == number(compute_metric(name, curve), 30)
    if isinstance(first, Fraction) and tool != "sklearn":
        assert_metric_close(name, first, scores, labels, rtol=0)
        with pytest.raises(AssertionError):
            assert_metric_close(name, first + Fraction(1, 10**30), scores, labels, rtol=0)


def test_the_vectors_hold_what_the_one_lookup_answers() -> None:
    # The golden vectors' tool metrics are profile_metric of each case's curve (exact scores in,
    # the tool's view applied by the lookup): the ExactScores cases are where the views differ.
    # (The vectors hold the tools of VECTOR_TOOLS; the other tables: tests/profiles/test_tables.py.)
    checked = 0
    for case in default_cases():
        try:
            curve = case.curve()
        except RocPrError:
            continue
        for tool, metric in [(t, m) for t, m in TOOL_METRICS if t in VECTOR_TOOLS]:
            value = _value(lambda t=tool, m=metric, c=curve: registry.profile_metric(t, m, c))
            if isinstance(value, type):
                continue
            assert number(METRICS[f"{tool}.{metric}"](curve), 30) == number(value, 30)
            checked += 1
    assert checked > 100


def test_tables_are_read_only() -> None:
    with pytest.raises(TypeError):
        registry.PROFILES["sklearn"] = {}  # type: ignore[index]
    with pytest.raises(TypeError):
        registry.PROFILES["prroc"]["mine"] = rx.auc_roc  # type: ignore[index]
    with pytest.raises(TypeError):
        METRICS["mine"] = rx.auc_roc  # type: ignore[index]


def test_one_spelling_per_tool_and_the_old_one_says_the_new() -> None:
    assert "auccalculator" in TOOLS and "aucalculator" not in TOOLS
    assert set(registry.PROFILES) <= set(TOOLS)
    data = ([4, 3, 2, 1], [0, 1, 0, 1])
    with pytest.warns(DeprecationWarning, match="'aucalculator' is now spelled 'auccalculator'"):
        old = registry.profile("aucalculator", data)
    assert old == registry.profile("auccalculator", data)
    with pytest.warns(DeprecationWarning, match="now spelled 'auccalculator'"):
        assert compute_metric("aucalculator.auc_pr", rx.Curve.from_scores(*data)) == Fraction(
            11, 24
        )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the one spelling warns of nothing
        assert compute_metric("auccalculator.auc_pr", rx.Curve.from_scores(*data)) == Fraction(
            11, 24
        )
    from rocpr_exact.profiles import auccalculator

    with pytest.warns(DeprecationWarning, match="now spelled auccalculator_curve"):
        assert auccalculator.aucalculator_curve is auccalculator.auccalculator_curve


#: Modules that hold some of a tool's twins (the line cap splits a tool), and the twins there
#: named as the tool names them.
COMPANIONS = {
    "torchmetrics": ("torchmetrics.binary", "torchmetrics.fixed", "torchmetrics.multiclass"),
    "proc": ("proc.delong",),
    "spark": ("spark.mllib",),
}


@pytest.mark.parametrize("tool", TOOLS)
def test_every_function_of_a_tool_imports_from_its_one_module(tool: str) -> None:
    import importlib
    import inspect

    home = importlib.import_module(f"rocpr_exact.profiles.{tool}")
    for companion in COMPANIONS.get(tool, ()):
        module = importlib.import_module(f"rocpr_exact.profiles.{companion}")
        twins = [n for n in module.__all__ if inspect.isfunction(getattr(module, n))]
        assert twins, companion
        for name in twins:
            assert name in home.__all__, f"{tool}.{name}"
            assert getattr(home, name) is getattr(module, name)


def test_the_report_schema_lists_each_tools_table() -> None:
    # The report's profile section follows the tools' tables: every tool with metrics of a
    # curve, each metric, in the table's order (a new metric in a table fails here until the
    # schema says it).
    from rocpr_exact.output.report import report_schema

    schema = report_schema()
    assert list(schema["properties"]["profiles"]["properties"]) == list(registry.PROFILES)
    for tool, table in registry.PROFILES.items():
        entry = schema["$defs"][f"profile_{tool}"]
        assert entry["required"] == [*table, "known_deviations"]
        assert list(entry["properties"]) == [*table, "known_deviations"]


def test_a_table_names_its_closed_forms_among_its_metrics() -> None:
    # closed_forms decides the report schema's number kind per metric (profile_schema): a name
    # that is not a metric of the table is refused when the table is made
    from rocpr_exact.errors import InvalidInputError
    from rocpr_exact.profiles.model import ToolMetrics

    with pytest.raises(
        InvalidInputError, match="closed_forms names metrics it does not have: aucpr"
    ):
        ToolMetrics(
            "toy", lambda data: data, {"auc": lambda c: Fraction(1, 2)}, closed_forms={"aucpr"}
        )  # type: ignore[arg-type]
    closed = {tool: sorted(registry.tool_metrics(tool).closed_forms) for tool in registry.PROFILES}
    # the areas with logarithms: PRROC's integral, keras' and xgboost's PR interpolation
    assert {tool: names for tool, names in closed.items() if names} == {
        "keras": ["auc_pr"],
        "xgboost": ["aucpr"],
        "prroc": ["auc_integral"],
    }
