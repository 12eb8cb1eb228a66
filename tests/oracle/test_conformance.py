"""The conformance checker (``rocpr-exact check``) and the pytest helper ``assert_metric_close``."""

from __future__ import annotations

import json
import math
import sys
import warnings
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import mpmath
import numpy as np
import pytest

import rocpr_exact as rx
from rocpr_exact.cli import main
from rocpr_exact.oracle.conformance import check, within
from rocpr_exact.oracle.results import load_vectors, parse_given
from rocpr_exact.testing import assert_metric_close

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "vectors" / "rocpr_auc_test.json"

sys.set_int_max_str_digits(0)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def cases() -> list[dict[str, Any]]:
    data = json.loads(VECTORS.read_text(encoding="utf-8"))
    return [case for group in data["testGroups"] for case in group["tests"]]


def nearest_float(entry: dict[str, Any]) -> float:
    """The double nearest the expected value (from its exact form, or its 30-digit decimal)."""
    if isinstance(entry["exact"], str):
        return float(Fraction(entry["exact"]))  # Fraction -> float rounds correctly
    return float(Decimal(entry["decimal"]))


def write_results(tmp_path: Path, results: dict[str, Any], name: str = "results.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"implementation": "test", "results": results}), encoding="utf-8")
    return path


def perfect_results() -> dict[str, Any]:
    """What a correct float64 implementation of every metric would write."""
    results: dict[str, Any] = {}
    for case in cases():
        entry: dict[str, Any] = {name: nearest_float(v) for name, v in case["expected"].items()}
        entry |= {name: None for name in case.get("undefinedMetrics", [])}
        results[str(case["tcId"])] = entry
    return results


def test_a_correct_implementation_passes_everything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_results(tmp_path, perfect_results())
    code, out, err = run(["check", str(VECTORS), str(path), "--rtol", "1e-15"], capsys)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert all(line.startswith("PASS") for line in lines[:-1])
    metrics = len(json.loads(VECTORS.read_text())["metrics"])
    assert lines[-1].startswith(f"summary: {metrics * len(cases())} checked")
    assert "0 FAIL, 0 MISSING" in lines[-1]


def test_failures_and_missing_values_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = perfect_results()
    results["1"]["auc_roc"] = 0.7501  # exact 3/4
    results["17"]["auc_roc"] = 0.5  # undefined there (only positives)
    results["19"]["auc_pr_step"] = None  # defined there
    del results["20"]["auc_pr_linear"]
    path = write_results(tmp_path, results)
    code, out, _ = run(["check", str(VECTORS), str(path), "--quiet"], capsys)
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 6, out
    assert lines[0].startswith("FAIL    tc1    auc_roc")
    assert "exact 3/4 = 0.750000000000000000000000000000  given 0.7501" in lines[0]
    assert "error 0.0001 absolute, 0.000133 relative" in lines[0]
    assert lines[1].startswith("FAIL    tc17   auc_roc")
    assert (
        "undefined (NoNegativesError)" in lines[1] and "a value where none is defined" in lines[1]
    )
    assert lines[2].startswith("FAIL    tc19   auc_pr_step") and "reported undefined" in lines[2]
    assert lines[3].startswith("MISSING tc20   auc_pr_linear")
    assert "3 FAIL, 1 MISSING" in lines[4]
    # each line that is not PASS names its case's flags; the summary counts failures by flag
    assert lines[1].endswith("[flags: OneClass]")
    flagged = [set(c["flags"]) for c in cases() if c["tcId"] in (1, 17, 19)]
    counts = {f: sum(f in flags for flags in flagged) for f in set().union(*flagged)}
    shown = ", ".join(f"{flag} {n}" for flag, n in sorted(counts.items()))
    assert lines[5] == f"failures by flag: {shown}"


def test_tolerances_are_decided_exactly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # tc1 auc_roc = 3/4.  0.75 + 1e-10 is 1.33e-10 relative: within 1e-9, not within 1e-10.
    data = load_vectors(VECTORS)

    def tc1(rtol: Fraction, atol: Fraction = Fraction(0)) -> str:
        return check(data, {"1": {"auc_roc": "0.7500000001"}}, rtol, atol).verdicts[0].status

    assert tc1(Fraction(1, 10**9)) == "PASS"
    assert tc1(Fraction(1, 10**10)) == "FAIL"
    assert tc1(Fraction(0), Fraction(1, 10**10)) == "PASS"
    assert tc1(Fraction(0), Fraction(1, 10**10) - Fraction(1, 10**40)) == "FAIL"
    path = write_results(tmp_path, perfect_results() | {"1": {"auc_roc": "0.7500000001"}})
    assert run(["check", str(VECTORS), str(path), "--metric", "auc_roc"], capsys)[0] == 0
    assert run(["check", str(VECTORS), str(path), "--rtol", "1e-10"], capsys)[0] == 1
    # On the boundary exactly: |given - exact| = atol passes.
    assert within(Fraction(3, 4) + Fraction(1, 10), Fraction(3, 4), Fraction(0), Fraction(1, 10))
    assert not within(Fraction(17, 20) + Fraction(1, 10**30), Fraction(3, 4), 0, Fraction(1, 10))
    # A closed form: ln 2 (0.693147180559945309...) against decimals around it.
    ln2 = {"rational": "0", "log_terms": [["1", "2"]]}
    assert within(Fraction("0.6931471805599453"), ln2, Fraction(1, 10**15), Fraction(0))
    assert not within(Fraction("0.6931471805599453"), ln2, Fraction(1, 10**17), Fraction(0))


def test_metric_selection_aliases_and_skipped_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = {str(c["tcId"]): {"roc_auc": None} for c in cases()}
    path = write_results(tmp_path, results)
    code, out, _ = run(
        [
            *("check", str(VECTORS), str(path), "--metric", "average_precision", "--quiet"),
            *("--skip-flag", "InvalidInput", "--skip-flag", "OneClass"),
        ],
        capsys,
    )
    assert code == 1  # auc_pr_step is asked for and missing everywhere
    summary = out.splitlines()[-1]
    assert "(auc_pr_step)" in summary and "6 case(s) skipped" in summary
    assert f"{len(cases()) - 6} MISSING" in summary


def test_case_level_error_and_json_constants(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.json"
    # tc13 is the NaN-score case (every metric undefined); tc18 has no positives.
    path.write_text(
        '{"results": {"13": {"error": "NaN score"}, "18": {"auc_roc": NaN},'
        ' "1": {"auc_roc": Infinity}}}',
        encoding="utf-8",
    )
    code, out, _ = run(["check", str(VECTORS), str(path), "--quiet"], capsys)
    assert code == 1
    assert "FAIL    tc1    auc_roc" in out and "not finite" in out
    assert "tc13" not in out and "tc18" not in out  # both PASS (reported undefined)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "is not valid JSON"),
        ('{"result": {}}', "expected an object"),
        ('{"results": {}, "extra": 1}', "unknown top-level keys"),
        ('{"results": {"999": {}}}', "unknown test case ids ['999']"),
        ('{"results": {"1": {"auc": 0.5}}}', "unknown metric 'auc'"),
        ('{"results": {"1": {"auc_roc": true}}}', "cannot be a boolean"),
        ('{"results": {"1": {"auc_roc": "three quarters"}}}', "is not a metric value"),
        ('{"results": {"1": 0.75}}', "must be an object"),
    ],
)
def test_bad_results_files_exit_2(
    content: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.json"
    path.write_text(content, encoding="utf-8")
    code, out, err = run(["check", str(VECTORS), str(path)], capsys)
    assert code == 2 and out == "" and message in err


def test_bad_vector_files_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = write_results(tmp_path, {})
    not_vectors = tmp_path / "v.json"
    not_vectors.write_text('{"algorithm": "ROC-PR-AUC", "testGroups": [{}]}', encoding="utf-8")
    for vectors, message in (
        (not_vectors, "is not a rocpr-exact vector file"),
        (tmp_path / "missing.json", "cannot read the vector file"),
        (results, "is not a rocpr-exact vector file"),
    ):
        code, _, err = run(["check", str(vectors), str(results)], capsys)
        assert code == 2 and message in err


def test_parse_given() -> None:
    assert parse_given(Decimal("0.1"), "x") == Fraction(1, 10)  # as written, not the double
    assert parse_given(0.1, "x") == Fraction(0.1)  # a Python float: its binary value
    assert parse_given({"error": "no"}, "x") == parse_given(math.nan, "x") == "undefined"
    assert parse_given(-math.inf, "x") == "-inf"


def test_scikit_learn_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """scikit-learn's own outputs on the vectors: everything passes except what the notes say."""
    skm = pytest.importorskip("sklearn.metrics")
    results: dict[str, Any] = {}
    for case in cases():
        data = case["input"]
        if "groups" in data:
            scores = [float(Fraction(s)) for s, p, n in data["groups"] for _ in range(p + n)]
            labels = [y for _, p, n in data["groups"] for y in [1] * p + [0] * n]
        else:
            scores, labels = data["scores"], data["labels"]
        try:
            y, s = np.asarray(labels), np.asarray([float(Fraction(v)) for v in scores])
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                precision, recall, _ = skm.precision_recall_curve(y, s)
                results[str(case["tcId"])] = {
                    "sklearn.roc_auc_score": skm.roc_auc_score(y, s),
                    "sklearn.average_precision_score": skm.average_precision_score(y, s),
                    "sklearn.auc_pr_trapezoid": skm.auc(recall, precision),
                }
        except (ValueError, ZeroDivisionError) as exc:  # NaN score, label 2, lengths, empty
            results[str(case["tcId"])] = {"error": str(exc)}
    path = write_results(tmp_path, results)
    code, out, _ = run(["check", str(VECTORS), str(path), "--quiet"], capsys)
    failing = {
        (line.split()[1], line.split()[2])
        for line in out.splitlines()
        if line.startswith(("FAIL", "MISSING"))
    }
    by_id = {f"tc{c['tcId']}": c for c in cases()}
    # ExactScores: float64 merges distinct scores.  InfiniteScores: sklearn rejects inf.
    # OneClass without positives: sklearn prints 0.0 / a number where the metric is undefined.
    assert code == 1
    for tc, metric in failing:
        flags = set(by_id[tc]["flags"])
        assert flags & {"ExactScores", "InfiniteScores"} or (
            "OneClass" in flags and by_id[tc]["error"] == "NoPositivesError"
        ), (tc, metric)
    code, _, _ = run(
        [
            *("check", str(VECTORS), str(path), "--skip-flag", "ExactScores"),
            *("--skip-flag", "InfiniteScores", "--skip-flag", "OneClass"),
        ],
        capsys,
    )
    assert code == 0


# -- assert_metric_close ------------------------------------------------------------------------


def test_assert_metric_close_passes_and_fails_with_a_useful_message() -> None:
    scores, labels = [0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1]
    assert_metric_close("roc_auc", 0.75, scores, labels)
    assert_metric_close("auc_roc", np.float64(0.75), np.array(scores), np.array(labels))
    assert_metric_close("sklearn.auc_pr_trapezoid", 19 / 24, scores, labels)  # hand: 19/24
    with pytest.raises(AssertionError) as failure:
        assert_metric_close("average_precision", 0.83, scores, labels)  # exact 5/6
    message = str(failure.value)
    assert "average_precision = 0.83 is not within rtol=1e-09, atol=0" in message
    assert "exact    5/6" in message
    assert "decimal  0.833333333333333333333333333333" in message
    assert "given    0.83 (exactly 0.82999999999999996003197111349436454474925994873046875)" in (
        message
    )
    assert "ulp" in message
    with pytest.raises(AssertionError):
        assert_metric_close("roc_auc", 0.75 + 1e-8, scores, labels)
    assert_metric_close("roc_auc", 0.75 + 1e-8, scores, labels, rtol=0, atol=1e-7)


def test_assert_metric_close_on_a_continuous_area() -> None:
    # One positive above one negative above one positive: points (1,0), (1,1), (2,1), P = 2.
    # Continuous area: 1/2 (precision 1 up to recall 1/2), the drop, then along (1,1)->(2,1)
    # precision t/(t + 1): int_1^2 t/(t+1) dt / 2 = (1 - ln(3/2))/2.  Checked by quadrature.
    value = float(mpmath.mpf(1) / 2 + mpmath.quad(lambda t: t / (t + 1), [1, 2]) / 2)
    assert math.isclose(value, 0.5 + (1 - math.log(1.5)) / 2, rel_tol=1e-15)
    assert_metric_close("auc_pr_continuous", value, [3, 2, 1], [1, 0, 1], rtol=1e-15)
    assert_metric_close("prroc.auc_integral", value, [3, 2, 1], [1, 0, 1], rtol=1e-15)
    with pytest.raises(AssertionError, match="closed form"):
        assert_metric_close("auc_pr_continuous", value * (1 + 1e-8), [3, 2, 1], [1, 0, 1])


def test_assert_metric_close_undefined_metrics() -> None:
    only_negatives = ([0.1, 0.5, 0.5], [0, 0, 0])
    assert_metric_close("roc_auc", math.nan, *only_negatives)  # scikit-learn returns NaN
    assert_metric_close("average_precision", None, *only_negatives)
    with pytest.raises(AssertionError, match=r"undefined for this data.*NoPositivesError"):
        assert_metric_close("average_precision", 0.0, *only_negatives)  # scikit-learn's 0.0
    with pytest.raises(AssertionError, match=r"nan was given, but the exact value is 0\.75"):
        assert_metric_close("roc_auc", math.nan, [0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])


def test_assert_metric_close_usage_errors() -> None:
    with pytest.raises(rx.InvalidInputError, match="unknown metric 'auc'"):
        assert_metric_close("auc", 0.5, [1, 2], [0, 1])
    with pytest.raises(rx.InvalidInputError, match="NaN"):
        assert_metric_close("auc_roc", 0.5, [math.nan, 2], [0, 1])
    with pytest.raises(TypeError, match="needs a number"):
        assert_metric_close("auc_roc", "0.5", [1, 2], [0, 1])  # type: ignore[arg-type]


def test_load_vectors_reads_the_committed_file() -> None:
    data = load_vectors(VECTORS)
    report = check(data, {"1": {"auc_roc": "3/4"}})
    assert len(report.verdicts) == len(cases()) and report.metrics == ("auc_roc",)
    assert report.verdicts[0].status == "PASS" and report.exit_code == 1  # the rest is missing
    everything = {tc: {"auc_roc": v["auc_roc"]} for tc, v in perfect_results().items()}
    assert check(data, everything).passed


def test_the_documented_ci_example_runs_as_documented(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/oracle.md: its make_results.py snippet and the summary line it shows."""
    pytest.importorskip("sklearn")
    text = (ROOT / "docs" / "oracle.md").read_text(encoding="utf-8")
    snippet = text.split("```python\n", 1)[1].split("```", 1)[0]
    assert snippet.startswith('"""make_results.py')
    (tmp_path / "vectors").symlink_to(ROOT / "vectors")
    monkeypatch.chdir(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(snippet, "make_results.py", "exec"), {})
    code, out, _ = run(
        [
            *("check", "vectors/rocpr_auc_test.json", "results.json"),
            *("--skip-flag", "ExactScores", "--skip-flag", "InfiniteScores"),
        ],
        capsys,
    )
    assert code == 1
    lines = out.splitlines()
    for line in [*lines[:2], *(line for line in lines if line.startswith("FAIL")), lines[-1]]:
        assert line in text, line


def test_the_documented_assertion_message_is_real() -> None:
    text = (ROOT / "docs" / "oracle.md").read_text(encoding="utf-8")
    with pytest.raises(AssertionError) as failure:
        assert_metric_close("average_precision", 0.83, [0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])
    assert f"AssertionError: {failure.value}\n" in text
