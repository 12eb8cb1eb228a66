"""``check --profile`` on the real tools' outputs recorded on exactly the vector cases.

tests/data/TOOL_vector_results.json are RESULTS files written by the tools themselves on
every case of vectors/twins/TOOL.json (the scripts named in each file's "implementation").
Each must pass at a tolerance far below 1e-12 but far above the tools' binary64 rounding on
these small inputs (docs/profiles/TOOL.md derive the bounds: at most a few hundred u =
2**-53 here), except the cases listed as known differences; a deliberately wrong copy fails.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rocpr_exact.cli import main
from rocpr_exact.oracle.twin_check import check_twin_files, check_twins
from rocpr_exact.profiles.case import decode

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
TOLERANCE = Fraction(1, 10**12)

TOOLS = ["xgboost", "prroc", "proc", "rocr", "precrec"]
#: (function, comment) of the cases where the tool gives a number and the twin refuses
KNOWN: dict[str, set[tuple[str, str]]] = {
    # xgboost reads fractional labels as soft labels (not modelled, docs/profiles/xgboost.md)
    "xgboost": {("auc", "soft labels"), ("aucpr", "soft labels")},
    # PRROC 1.4's roc.curve does not stop on a negative weight (it returns 1.5 here; pr.curve
    # stops): the twin refuses both
    "prroc": {("roc_curve", "a negative weight")},
}


def comments(tool: str) -> dict[str, tuple[str, str]]:
    data = json.loads((ROOT / "vectors" / "twins" / f"{tool}.json").read_text())
    return {
        str(c["tcId"]): (c["function"], c["comment"])
        for g in data["testGroups"]
        for c in g["tests"]
    }


def recorded(tool: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / f"{tool}_vector_results.json").read_text())
    return data


@pytest.mark.parametrize("tool", TOOLS)
def test_the_tool_itself_passes_its_twin_vectors(tool: str) -> None:
    path = DATA / f"{tool}_vector_results.json"
    report = check_twin_files(tool, path, rtol=Fraction(0), atol=TOLERANCE)
    names = comments(tool)
    assert len(report.verdicts) == len(names)  # every case recorded
    failed = {names[str(v.tc_id)] for v in report.verdicts if v.status != "PASS"}
    assert failed == KNOWN.get(tool, set()), report.format(quiet=True)


def first_number(value: Any) -> str | None:
    if isinstance(value, list):
        return next((v for v in value if isinstance(v, str)), None)
    return value if isinstance(value, str) else None


def off(value: Any) -> Any:
    """The value with its first number moved by 1e-9."""
    if isinstance(value, list):
        i = next(i for i, v in enumerate(value) if isinstance(v, str))
        return [*value[:i], off(value[i]), *value[i + 1 :]]
    return str(Fraction(value) + Fraction(1, 10**9))


@pytest.mark.parametrize("tool", TOOLS)
def test_a_wrong_copy_of_the_recorded_outputs_fails(
    tool: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = recorded(tool)
    results = data["results"]
    names = comments(tool)
    numbers = [
        k for k, v in results.items() if first_number(v) and names[k] not in KNOWN.get(tool, ())
    ]
    undefined = next(k for k, v in results.items() if v is None or isinstance(v, dict))
    wrong = dict(results)
    wrong[numbers[0]] = off(results[numbers[0]])
    wrong[undefined] = "0.5"
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps({"implementation": "wrong", "results": wrong}))
    code = main(["check", "--profile", tool, str(path), "--rtol", "0", "--atol", "1e-12"])
    out = capsys.readouterr().out
    assert code == 1
    assert f"FAIL    tc{numbers[0]} " in out and f"FAIL    tc{undefined} " in out


def spark_results() -> dict[str, Any]:
    """Spark's recorded areas (tests/data/spark_recorded.json) for the vector cases they match.

    A record holds the areas of ``BinaryClassificationEvaluator(numBins=k)`` for several k
    ("evaluator") and of pyspark's ``BinaryClassificationMetrics`` (numBins 1000, "mllib"),
    on one partition: a case matches when its scores, labels and weights are the record's.
    """
    recorded = json.loads((DATA / "spark_recorded.json").read_text())["cases"]
    vectors = json.loads((ROOT / "vectors" / "twins" / "spark.json").read_text())
    metric = {"area_under_roc": "areaUnderROC", "area_under_pr": "areaUnderPR"}
    results: dict[str, Any] = {}
    for case in (c for g in vectors["testGroups"] for c in g["tests"]):
        if case["function"] not in metric:
            continue
        inputs = case["input"]
        for record in recorded:
            if [record["scores"], record["labels"], record["weights"]] != [
                inputs["scores"],
                inputs["labels"],
                inputs.get("weights"),
            ]:
                continue
            bins = case["parameters"].get("num_bins")
            areas = (
                record["results"]["mllib"]
                if bins is None
                else record["results"]["evaluator"].get(str(bins))
            )
            if areas is not None:
                results[str(case["tcId"])] = areas[metric[case["function"]]]
    return results


def test_spark_recorded_areas_pass(tmp_path: Path) -> None:
    results = spark_results()
    assert len(results) == 30  # every valid area case has a recorded value
    path = tmp_path / "spark.json"
    path.write_text(json.dumps({"implementation": "pyspark 4.3.0", "results": results}))
    report = check_twin_files("spark", path, rtol=Fraction(0), atol=TOLERANCE)
    statuses = {str(v.tc_id): v.status for v in report.verdicts}
    assert {statuses[k] for k in results} == {"PASS"}, report.format(quiet=True)
    # Spark's binary64 error shows at atol 0, and a wrong value fails at 1e-12
    strict = check_twin_files("spark", path, rtol=Fraction(0), atol=Fraction(0))
    assert any(v.status == "FAIL" for v in strict.verdicts)
    key = next(iter(results))
    path.write_text(
        json.dumps({"results": {**results, key: str(Fraction(results[key]) + Fraction(1, 10**9))}})
    )
    wrong = check_twin_files("spark", path, rtol=Fraction(0), atol=TOLERANCE)
    assert [v.tc_id for v in wrong.verdicts if v.status == "FAIL"] == [int(key)]


def nan_as_null(value: Any) -> Any:
    if isinstance(value, list):
        return [nan_as_null(v) for v in value]
    return None if value == "nan" else value


def torchmetrics_results() -> dict[str, Any]:
    """torchmetrics' recorded outputs (tests/data/torchmetrics_recorded.json, inputs held as
    float32 lists) for the multiclass and search cases of the vectors with the same call."""
    recorded = json.loads((DATA / "torchmetrics_recorded.json").read_text())
    vectors = json.loads((ROOT / "vectors" / "twins" / "torchmetrics.json").read_text())
    results: dict[str, Any] = {}
    for case in (c for g in vectors["testGroups"] for c in g["tests"]):
        function, parameters = case["function"], dict(case["parameters"])
        records = recorded["searches" if function.startswith("binary_") else "multiclass"]
        average = parameters.pop("average", "absent")
        minimum = next((parameters.pop(k) for k in list(parameters) if k.startswith("min_")), None)
        for record in records:
            if record["dtype"] != "list":
                continue
            given = {"preds": record["preds"], "target": record["target"]}
            options = {
                "num_classes": record.get("num_classes"),
                "thresholds": record["thresholds"],
                "ignore_index": record["ignore_index"],
            }
            given.update({k: v for k, v in options.items() if v is not None})
            if decode({**case["input"], **parameters}) != decode(given):
                continue
            if average != "absent":
                key = f"{function}/{average}"
            elif decode(minimum) == record["minimum"] and function in record["results"]:
                key = function
            else:
                continue
            value = nan_as_null(record["results"].get(key))
            if value is not None and average not in ("absent", None):
                value = value[0]  # an averaged area: one element
            if value is not None:
                results[str(case["tcId"])] = value
    return results


def test_torchmetrics_recorded_multiclass_and_search_outputs_pass(tmp_path: Path) -> None:
    results = torchmetrics_results()
    vectors = json.loads((ROOT / "vectors" / "twins" / "torchmetrics.json").read_text())
    new = [
        c
        for g in vectors["testGroups"]
        for c in g["tests"]
        if c["function"].startswith("multiclass") or "_at_" in c["function"]
    ]
    # every valid case of the new functions has its recorded output
    assert {str(c["tcId"]) for c in new if c["result"] == "valid"} == set(results)
    path = tmp_path / "torchmetrics.json"
    path.write_text(json.dumps({"implementation": "torchmetrics 1.9.0", "results": results}))
    # float32 rates within 2**-24, areas within (n + 8) 2**-24 for these n <= 30 (as the
    # binary functions: tests/cli/test_check_profile.py), thresholds exact float32 values
    report = check_twin_files("torchmetrics", path, rtol=Fraction(0), atol=Fraction(2, 10**5))
    statuses = {str(v.tc_id): v.status for v in report.verdicts}
    assert {statuses[k] for k in results} == {"PASS"}, report.format(quiet=True)
    strict = check_twin_files("torchmetrics", path, rtol=Fraction(0), atol=Fraction(0))
    assert any(v.status == "FAIL" for v in strict.verdicts if str(v.tc_id) in results)


def test_several_values_of_an_undefined_case_must_all_be_undefined() -> None:
    # PRROC's pr.curve without a positive weight returns (NaN, NaN): undefined as a whole
    vectors = json.loads((ROOT / "vectors" / "twins" / "prroc.json").read_text())
    case = next(
        c
        for g in vectors["testGroups"]
        for c in g["tests"]
        if c["function"] == "pr_curve" and c["result"] == "invalid"
    )
    key = str(case["tcId"])
    for given, status in [
        ([None, None], "PASS"),
        ([None, float("nan")], "PASS"),
        ([None, 0.5], "FAIL"),
    ]:
        report = check_twins(vectors, {key: given})
        assert [v.status for v in report.verdicts if v.tc_id == case["tcId"]] == [status]


def test_proc_thresholds_are_the_same_doubles() -> None:
    # pROC's roc() thresholds (binary64 midpoints, +-Inf at the ends, the near-tie fix): R's
    # 17 significant digits read back to exactly the double the twin computes
    vectors = json.loads((ROOT / "vectors" / "twins" / "proc.json").read_text())
    results = recorded("proc")["results"]
    checked = 0
    for case in (c for g in vectors["testGroups"] for c in g["tests"]):
        if case["function"] != "roc" or case["result"] != "valid":
            continue
        given = results[str(case["tcId"])][0]
        exact = case["expected"]["exact"][0]
        assert [float(g) for g in given] == [
            float(Fraction(e)) if "inf" not in e else float(e) for e in exact
        ]
        checked += len(exact)
    assert checked >= 30
