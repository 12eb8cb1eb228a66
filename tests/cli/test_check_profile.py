"""``rocpr-exact check --profile TOOL``, end to end: real tools pass, wrong ones fail.

* scikit-learn itself is run on every sklearn case's input (the vectors' JSON arguments, read
  back as the doubles sklearn receives), its outputs written as a RESULTS.json and checked.
  Where sklearn warns that a class is missing (and returns nan or a conventional value: the
  twins' documented "undefined") or raises, the result is "undefined".
* torchmetrics and keras: their outputs recorded in tests/data/torch_keras_recorded.json
  (scripts/record_torch_keras.py) for the same inputs, checked within float32 error.
* A deliberately wrong implementation gets FAIL and MISSING verdicts where it should.
"""

from __future__ import annotations

import importlib.util
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rocpr_exact.cli import main
from rocpr_exact.oracle.twin_cases import TOOLS
from rocpr_exact.oracle.twin_check import check_twin_files, check_twins
from rocpr_exact.profiles.case import decode

ROOT = Path(__file__).resolve().parents[2]
TWINS = ROOT / "vectors" / "twins"
RECORDED = json.loads((ROOT / "tests" / "data" / "torch_keras_recorded.json").read_text())


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def cases(tool: str) -> list[dict[str, Any]]:
    data = json.loads((TWINS / f"{tool}.json").read_text())
    return [case for group in data["testGroups"] for case in group["tests"]]


def write(tmp_path: Path, results: dict[str, Any], name: str = "results.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"implementation": "test", "results": results}))
    return path


def _recipe():  # type: ignore[no-untyped-def]
    """docs/oracle.md's script (examples/twin_results_sklearn.py), loaded as a module."""
    spec = importlib.util.spec_from_file_location(
        "recipe", ROOT / "examples" / "twin_results_sklearn.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_documented_script_writes_a_results_file_that_passes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "sklearn-results.json"
    assert _recipe().main([str(out)]) == 0
    code, text, _ = run(["check", "--profile", "sklearn", str(out), "--rtol", "1e-12"], capsys)
    assert code == 0 and "53 checked" in text and "53 PASS" in text, text
    docs = (ROOT / "docs" / "oracle.md").read_text()
    script = (ROOT / "examples" / "twin_results_sklearn.py").read_text()
    assert f"```python\n{script}```" in docs  # the docs show the script as it is


def test_scikit_learn_itself_passes_its_twin_vectors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    every = cases("sklearn")
    results = {str(case["tcId"]): _recipe().result(case) for case in every}
    path = write(tmp_path, results)
    # sklearn's float64 error on these small cases is a few ulps (docs/profiles/sklearn.md)
    code, out, _ = run(["check", "--profile", "sklearn", str(path), "--rtol", "1e-12"], capsys)
    summary = out.splitlines()[-1]
    assert code == 0, out
    assert f"{len(every)} checked" in summary and f"{len(every)} PASS" in summary
    # the same with the committed file given explicitly
    vectors = str(TWINS / "sklearn.json")
    assert run(["check", "--profile", "sklearn", vectors, str(path), "--quiet"], capsys)[0] == 0


def recorded_results(tool: str) -> dict[str, Any]:
    """RESULTS for the vector cases whose input the tool's record holds (by equal arguments)."""
    results: dict[str, Any] = {}
    for case in cases(tool):
        args = {**case["input"], **case["parameters"]}
        if tool == "torchmetrics":
            for record in RECORDED["torchmetrics"]:
                options = {
                    "thresholds": record["thresholds"],
                    "ignore_index": record["ignore_index"],
                    "max_fpr": record["max_fpr"],
                }
                given = {"preds": record["preds"], "target": record["target"]}
                given.update({k: v for k, v in options.items() if v is not None})
                if case["function"] != "binary_auroc":
                    given.pop("max_fpr", None)
                if record["dtype"] == "list" and decode(args) == decode(given):
                    value = record["results"][case["function"]]
                    results[str(case["tcId"])] = plain_text(value)
        else:
            for record in RECORDED["keras"]:
                if record["sample_weight"] is not None:
                    continue
                key = f"{args.pop('curve')}/{args.pop('summation_method')}"
                given = {
                    "y_true": record["y_true"],
                    "y_pred": record["y_pred"],
                    **record["options"],
                }
                if decode(args) == decode(given):
                    results[str(case["tcId"])] = plain_text(record["results"][key])
                args = {**case["input"], **case["parameters"]}
    return results


def plain_text(value: Any) -> Any:
    if isinstance(value, list):
        return [plain_text(v) for v in value]
    return None if value == "nan" else value


@pytest.mark.parametrize("tool", ["torchmetrics", "keras"])
def test_recorded_tool_outputs_pass(tool: str, tmp_path: Path) -> None:
    results = recorded_results(tool)
    assert len(results) >= 30  # most cases have a recorded output
    # float32 tools: rates within u = 2**-24, areas within (n + 8) u <= 1.3e-5 for the n <= 202
    # points here (tests/profiles/test_torch_keras_recorded.py derives these bounds; keras' PR
    # interpolation multiplies it by 1 + the size of its log terms, near 1 on these inputs)
    report = check_twin_files(
        tool, write(tmp_path, results), rtol=Fraction(0), atol=Fraction(2, 10**5)
    )
    statuses = {v.tc_id: v.status for v in report.verdicts}
    assert {statuses[int(k)] for k in results} == {"PASS"}, report.format(quiet=True)
    # and a tighter tolerance than float32 fails somewhere: the check is not vacuous
    strict = check_twin_files(tool, write(tmp_path, results), rtol=Fraction(0), atol=Fraction(0))
    assert any(v.status == "FAIL" for v in strict.verdicts)


def exact_results(tool: str) -> dict[str, Any]:
    """A perfect implementation: the exact values as strings, null for undefined."""
    out: dict[str, Any] = {}
    for case in cases(tool):
        if case["result"] == "invalid":
            out[str(case["tcId"])] = {"error": case["error"]}
        else:
            out[str(case["tcId"])] = given(case["expected"]["exact"], case["expected"]["decimal"])
    return out


def given(exact: Any, decimal: Any) -> Any:
    """Exact rationals as given; a closed form (alone or in a list) as its decimal."""
    if isinstance(exact, list):
        return [given(e, d) for e, d in zip(exact, decimal, strict=True)]
    return decimal if isinstance(exact, dict) else exact


def is_rational_first(case: dict[str, Any]) -> bool:
    exact = case["expected"]["exact"]
    return isinstance(exact, list) and bool(exact) and isinstance(exact[0], str)


@pytest.mark.parametrize("tool", sorted(TOOLS))
def test_the_exact_values_pass_and_a_wrong_implementation_fails(tool: str, tmp_path: Path) -> None:
    vectors = json.loads((TWINS / f"{tool}.json").read_text())
    perfect = exact_results(tool)
    assert check_twins(vectors, perfect, atol=Fraction(1, 10**25)).passed
    wrong = dict(perfect)
    valid = [c for c in cases(tool) if c["result"] == "valid"]
    # a rational value, or a list of values starting with one (perturbed there)
    scalar = next(
        c for c in valid if isinstance(c["expected"]["exact"], str) or is_rational_first(c)
    )
    invalid = next(c for c in cases(tool) if c["result"] == "invalid")
    exact = scalar["expected"]["exact"]
    first = exact if isinstance(exact, str) else exact[0]
    moved = str(Fraction(first) + Fraction(1, 10**6))
    wrong[str(scalar["tcId"])] = moved if isinstance(exact, str) else [moved, *exact[1:]]
    wrong[str(invalid["tcId"])] = 0.5  # a number where the tool gives none
    missing = valid[-1]
    del wrong[str(missing["tcId"])]
    report = check_twins(vectors, wrong)
    status = {v.tc_id: v.status for v in report.verdicts}
    assert status[scalar["tcId"]] == "FAIL"
    assert status[invalid["tcId"]] == "FAIL"
    assert status[missing["tcId"]] == "MISSING"
    assert sum(s != "PASS" for s in status.values()) == 3
    assert report.exit_code == 1


def test_list_values_fail_on_length_nan_and_value(tmp_path: Path) -> None:
    vectors = json.loads((TWINS / "torchmetrics.json").read_text())
    perfect = exact_results("torchmetrics")
    curve = next(
        c
        for c in cases("torchmetrics")
        if c["function"] == "binary_precision_recall_curve" and None in c["expected"]["exact"][0]
    )
    key, exact = str(curve["tcId"]), curve["expected"]["exact"]
    nan_at = exact[0].index(None)
    variants = {
        "3 values expected": [exact[0], exact[1]],
        "where the tool gives NaN": [
            [*exact[0][:nan_at], "0", *exact[0][nan_at + 1 :]],
            *exact[1:],
        ],
        "values expected, given": [exact[0][:-1], *exact[1:]],
        "relative": [["2", *exact[0][1:]], *exact[1:]] if exact[0][0] is not None else None,
    }
    for reason, value in variants.items():
        if value is None:
            continue
        report = check_twins(vectors, {**perfect, key: value})
        failing = [v for v in report.verdicts if v.status != "PASS"]
        assert [v.tc_id for v in failing] == [curve["tcId"]], reason
        assert reason in failing[0].detail, (reason, failing[0].detail)


def test_bad_input_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = write(tmp_path, {"1": 0.75})
    code, _, err = run(["check", "--profile", "scikit", str(good)], capsys)
    assert code == 2 and err.count("\n") == 1
    assert "unknown tool 'scikit'; choose one of sklearn," in err
    bad = tmp_path / "bad.json"
    bad.write_text('{"results": {"1": 0.75,')
    code, _, err = run(["check", "--profile", "sklearn", str(bad)], capsys)
    assert code == 2 and err.count("\n") == 1
    code, _, err = run(["check", "--profile", "sklearn", str(write(tmp_path, {"9999": 1}))], capsys)
    assert code == 2 and "9999" in err
    code, _, err = run(["check", "--profile", "sklearn", str(write(tmp_path, {"1": "x"}))], capsys)
    assert code == 2 and "not a metric value" in err
    keras = str(TWINS / "keras.json")
    code, _, err = run(["check", "--profile", "sklearn", keras, str(good)], capsys)
    assert code == 2 and "'keras', not 'sklearn'" in err
    main_vectors = str(ROOT / "vectors" / "rocpr_auc_test.json")
    code, _, err = run(["check", "--profile", "sklearn", main_vectors, str(good)], capsys)
    assert code == 2 and "ROC-PR-TWINS" in err
    code, _, err = run(["check", main_vectors], capsys)
    assert code == 2 and "--profile" in err
    code, _, err = run(["check", "--profile", "sklearn", str(good), "--metric", "auc"], capsys)
    assert code == 2 and "unknown function" in err


def test_function_and_flag_selection(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, exact_results("voc"))
    code, out, _ = run(
        ["check", "--profile", "voc", str(path), "--skip-flag", "ElevenPoint"], capsys
    )
    assert code == 0 and "7 checked" in out and "7 case(s) skipped" in out
    path = write(tmp_path, {"1": "1/2"})
    code, out, _ = run(
        ["check", "--profile", "coco", str(path), "--metric", "average_precision", "--quiet"],
        capsys,
    )
    assert code == 1 and "FAIL    tc1" in out and "MISSING tc2" in out


def naive_auc(y_true: list[int], y_score: list[float]) -> float | None:
    """A plausible wrong AUC: pairs ranked strictly count 1, tied pairs count 0 (not 1/2)."""
    positive = max(y_true)
    pos = [s for y, s in zip(y_true, y_score, strict=True) if y == positive]
    neg = [s for y, s in zip(y_true, y_score, strict=True) if y != positive]
    if not pos or not neg:
        return None
    return sum(p > n for p in pos for n in neg) / (len(pos) * len(neg))


def test_an_implementation_that_ignores_ties_fails_exactly_the_tied_cases(tmp_path: Path) -> None:
    binary = [
        c
        for c in cases("sklearn")
        if c["function"] == "roc_auc_score"
        and not c["parameters"]
        and "sample_weight" not in c["input"]
        and isinstance(c["input"]["y_score"][0], str | int)
        and c["result"] == "valid"
    ]
    results = {}
    for case in binary:
        inputs = decode(case["input"])
        results[str(case["tcId"])] = naive_auc(inputs["y_true"], inputs["y_score"])
    report = check_twin_files("sklearn", write(tmp_path, results), functions=["roc_auc_score"])
    failed = {v.tc_id for v in report.verdicts if v.status == "FAIL"}
    tied = {c["tcId"] for c in binary if "Ties" in c["flags"]}
    assert tied and failed == tied


def test_case_selects_the_cases_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # docs/oracle.md's example: three sklearn cases, right values (the script's values agree)
    results = {"1": 0.75, "11": None, "36": [[0, 0, 0.5, 0.5, 1], [0, 0.5, 0.5, 1, 1],
               ["inf", 0.8, 0.4, 0.35, 0.1]]}  # fmt: skip
    path = write(tmp_path, results)
    base = ["check", "--profile", "sklearn", str(path), "--quiet"]
    code, out, _ = run(base, capsys)
    assert code == 1 and "50 MISSING" in out  # every other case is missing
    code, out, _ = run([*base, "--case", "1", "--case", "11", "--case", "36"], capsys)
    assert code == 0 and "3 checked" in out and "3 PASS" in out, out
    code, out, _ = run([*base, "--case", "3?"], capsys)  # 30..39: 36 given, nine missing
    assert code == 1 and "10 checked" in out and "1 PASS" in out and "9 MISSING" in out
    code, _, err = run([*base, "--case", "999"], capsys)
    assert code == 2 and "--case: '999' matches no test case id" in err
    # the main vectors: tc1's AUC-ROC is 3/4 (the README's results.json)
    main_results = tmp_path / "main.json"
    main_results.write_text('{"results": {"1": {"auc_roc": 0.75}}}')
    vectors = str(ROOT / "vectors" / "rocpr_auc_test.json")
    assert run(["check", vectors, str(main_results), "--quiet"], capsys)[0] == 1
    code, out, _ = run(["check", vectors, str(main_results), "--case", "1"], capsys)
    assert code == 0 and "1 checked" in out, out
