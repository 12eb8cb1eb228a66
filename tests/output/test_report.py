"""``rocpr-exact report``: profile blocks in the JSON report, schema and text; long segments."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact.cli import main
from rocpr_exact.core.curve import Curve
from rocpr_exact.output import report as report_module
from rocpr_exact.output.report import build_report
from tests.schemas import validate_report
from tests.strategies import examples, long_segment_chains


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def negatives_first(tmp_path: Path) -> Path:
    path = tmp_path / "nf.csv"
    path.write_text("score,label\n4,0\n3,1\n2,0\n1,1\n", encoding="utf-8")
    return path


def test_all_profiles_validate_and_hold_the_hand_values(
    negatives_first: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        [
            *("report", str(negatives_first), "--digits", "5"),
            *("--profile", "sklearn", "--profile", "prroc", "--profile", "auccalculator"),
            *("--profile", "sklearn"),
        ],
        capsys,
    )
    assert code == 0 and err == ""
    report = json.loads(out)
    validate_report(report)
    profiles = report["profiles"]
    assert list(profiles) == ["sklearn", "prroc", "auccalculator"]  # given order, once each
    # Hand values (tests/profiles/test_registry.py derives them):
    # scores [4, 3, 2, 1], labels [0, 1, 0, 1].
    assert profiles["sklearn"]["auc_pr_trapezoid"] == {"exact": "1/3", "decimal": "0.33333"}
    assert profiles["sklearn"]["average_precision_score"]["exact"] == "1/2"
    assert profiles["sklearn"]["known_deviations"] == []
    assert profiles["prroc"]["auc_davis_goadrich"]["exact"] == "1/3"
    assert profiles["auccalculator"]["auc_roc"] == {"exact": "3/8", "decimal": "0.37500"}
    deviation = profiles["auccalculator"]["known_deviations"][0]
    assert deviation["metric"] == "auc_roc" and deviation["excess"]["exact"] == "1/8"
    assert "1 negative ranked above every positive is ignored" in deviation["note"]


def test_without_profile_there_is_no_profiles_key(
    negatives_first: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["report", str(negatives_first)], capsys)
    assert code == 0 and "profiles" not in json.loads(out)


def test_schema_is_strict_about_profiles(
    negatives_first: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run(["report", str(negatives_first), "--profile", "sklearn"], capsys)
    report = json.loads(out)
    report["profiles"]["sklearn"]["f1"] = {"exact": "1", "decimal": "1"}
    with pytest.raises(jsonschema.ValidationError):
        validate_report(report)
    del report["profiles"]["sklearn"]["f1"]
    report["profiles"]["weka"] = {}
    with pytest.raises(jsonschema.ValidationError):
        validate_report(report)


def test_text_format_lists_profiles_and_deviations(
    negatives_first: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        ["report", str(negatives_first), "--format", "text", "--profile", "auccalculator"],
        capsys,
    )
    assert code == 0
    assert "auccalculator.auc_pr" in out and "11/24" in out
    assert "known deviation: auccalculator.auc_roc exceeds auc_roc by 1/8" in out


def test_unknown_profile_is_a_usage_error(
    negatives_first: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", str(negatives_first), "--profile", "weka"]) == 2
    assert "unknown tool 'weka'; choose one of sklearn," in capsys.readouterr().err


def test_old_tool_spelling_works_and_says_the_new_one(
    negatives_first: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", str(negatives_first), "--profile", "auccalculator"]) == 0
    new = capsys.readouterr()
    assert main(["report", str(negatives_first), "--profile", "aucalculator"]) == 0
    old = capsys.readouterr()
    assert old.out == new.out  # the same report, under the one spelling
    assert '"auccalculator"' in old.out and '"aucalculator"' not in old.out
    assert old.err == "rocpr-exact: note: --profile aucalculator is now spelled auccalculator\n"
    assert new.err == ""


def test_a_tool_without_curve_metrics_is_refused_in_one_line(
    negatives_first: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # check --profile coco takes the name; report --profile coco names why it has no table and
    # the command that checks its twins.
    assert main(["report", str(negatives_first), "--profile", "coco"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "rocpr-exact check --profile coco" in err
    assert "not a function of a binary curve" in err


# One class only: what is defined is reported, what is not says why.

ONE = {"exact": "1", "decimal": "1.000"}
CONTINUOUS_ONE = {"exact": {"rational": "1", "log_terms": []}, "decimal": "1.000"}


def write(tmp_path: Path, name: str, rows: str) -> Path:
    path = tmp_path / name
    path.write_text("score,label\n" + rows, encoding="utf-8")
    return path


def test_only_positives_reports_the_pr_areas(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Scores 3, 2, 2, all positive: P = 3, N = 0, two thresholds, points (TP, FP) =
    # (0, 0), (1, 0), (3, 0).  Every point with TP > 0 has precision TP/(TP + 0) = 1,
    # the first segment leaves (0, 0) with TP > 0 so recall 0 has precision 1 (limit
    # convention), hence: continuous = integral of 1 over [0, 1] = 1 (no log term, c = 0);
    # davis-goadrich and linear = trapezoids of height 1 = 1; step = (1/3 + 2/3) * 1 = 1.
    # FPR = FP/0 is undefined: no AUC-ROC, no ROC hull, no achievable curve.
    data = write(tmp_path, "pos.csv", "3,1\n2,1\n2,1\n")
    code, out, err = run(
        ["report", str(data), "--digits", "3", "--profile", "sklearn", "--profile", "prroc"],
        capsys,
    )
    assert code == 0 and err == ""
    report = json.loads(out)
    validate_report(report)
    assert (report["positives"], report["negatives"], report["thresholds"]) == (3, 0, 2)
    assert report["auc_pr"] == {
        "continuous": CONTINUOUS_ONE,
        "davis_goadrich": ONE,
        "linear": ONE,
        "step": ONE,
    }
    assert report["auc_roc"] == {
        "undefined": "AUC-ROC needs at least one negative example (FPR = FP/N)"
    }
    for key in ("roc_hull", "achievable_pr"):
        assert "needs at least one negative example" in report[key]["undefined"]
    sklearn, prroc = report["profiles"]["sklearn"], report["profiles"]["prroc"]
    assert sklearn["average_precision_score"] == ONE and sklearn["auc_pr_trapezoid"] == ONE
    assert "returns nan here" in sklearn["roc_auc_score"]["undefined"]
    assert prroc["auc_integral"] == CONTINUOUS_ONE and prroc["auc_davis_goadrich"] == ONE
    assert "negative" in prroc["roc_auc"]["undefined"]
    assert sklearn["known_deviations"] == prroc["known_deviations"] == []


def test_only_negatives_reports_the_counts_and_why_nothing_else(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Recall = TP/0 is undefined: no area, no hull; the counts are still facts.
    data = write(tmp_path, "neg.csv", "1,0\n1,0\n0,0\n")
    code, out, err = run(["report", str(data), "--profile", "auccalculator"], capsys)
    assert code == 0 and err == ""
    report = json.loads(out)
    validate_report(report)
    assert (report["positives"], report["negatives"], report["thresholds"]) == (0, 3, 2)
    assert report["auc_pr"] == {
        "undefined": "AUC-PR needs at least one positive example (recall = TP/P)"
    }
    for key in ("auc_roc", "roc_hull", "achievable_pr"):
        assert "needs at least one positive example" in report[key]["undefined"]
    auccalculator = report["profiles"]["auccalculator"]
    assert set(auccalculator) == {"auc_roc", "auc_pr", "known_deviations"}
    assert all("positive" in value["undefined"] for value in auccalculator.values())


def test_undefined_exactly_where_the_library_raises() -> None:
    # The report's choice agrees with the metrics themselves, for each class missing.
    from rocpr_exact import Curve, achievable_pr_curve, auc_pr, auc_roc
    from rocpr_exact.errors import NoNegativesError, NoPositivesError
    from rocpr_exact.output.report import build_report

    calls: dict[str, Callable[[Curve], object]] = {
        "auc_roc": auc_roc,
        "auc_pr": lambda c: auc_pr(c, "step"),
        "roc_hull": achievable_pr_curve,
        "achievable_pr": lambda c: auc_pr(achievable_pr_curve(c)),
    }
    positives = Curve.from_scores([2, 1], [1, 1])
    negatives = Curve.from_scores([2, 1], [0, 0])
    for curve, error in ((positives, NoNegativesError), (negatives, NoPositivesError)):
        report = build_report(curve, digits=2)
        for key, call in calls.items():
            try:
                call(curve)
            except error:
                assert set(report[key]) == {"undefined"}, key
            else:
                assert "undefined" not in report[key], key


def test_two_class_report_is_unchanged() -> None:
    # Scores 2, 1 with labels 1, 0: points (0, 0), (1, 0), (1, 1).  AUC-ROC 1; the PR
    # curve is precision 1 over recall [0, 1] then drops to 1/2 at recall 1, so every
    # area is 1; the hull is the curve itself.  Key order is part of the output.
    from rocpr_exact import Curve
    from rocpr_exact.output.report import build_report

    report = build_report(Curve.from_scores([2, 1], [1, 0]), digits=3)
    areas = {"continuous": CONTINUOUS_ONE, "davis_goadrich": ONE, "linear": ONE, "step": ONE}
    expected = {
        "positives": 1,
        "negatives": 1,
        "thresholds": 2,
        "digits": 3,
        "auc_roc": ONE,
        "auc_pr": areas,
        "roc_hull": [[0, 0], [1, 0], [1, 1]],
        "achievable_pr": areas,
    }
    assert json.dumps(report, indent=2) == json.dumps(expected, indent=2)


def test_schema_keeps_undefined_out_of_two_class_reports(
    negatives_first: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run(["report", str(negatives_first)], capsys)
    report = json.loads(out)
    validate_report(report)
    for key in ("auc_roc", "auc_pr", "roc_hull", "achievable_pr"):
        broken = {**report, key: {"undefined": "no reason"}}
        with pytest.raises(jsonschema.ValidationError):
            validate_report(broken)
    # ... and requires it when a class is missing.
    with pytest.raises(jsonschema.ValidationError):
        validate_report({**report, "negatives": 0})
    with pytest.raises(jsonschema.ValidationError):
        validate_report({**report, "positives": 0, "negatives": 0})


@settings(max_examples=examples(Fraction(1, 2)), deadline=None)
@given(long_segment_chains.filter(lambda chain: chain[2] > 0), st.integers(1, 45))
def test_certified_davis_goadrich_equals_the_exact_report(chain, digits):
    # Segments of up to 10^4 TPs: the default report certifies the davis-goadrich digits by
    # segments (digamma differences); the exact report sums every interpolated point.
    curve = Curve.from_counts(*chain)
    saved = report_module.SMALL_EXACT_BITS
    report_module.SMALL_EXACT_BITS = -1  # certified digits only, even for small values
    try:
        fast = build_report(curve, digits)
    finally:
        report_module.SMALL_EXACT_BITS = saved
    full = build_report(curve, digits, exact=True)
    for section in ("auc_pr", "achievable_pr"):
        assert fast[section]["davis_goadrich"] == {
            "decimal": full[section]["davis_goadrich"]["decimal"]
        }
    validate_report(fast)


def test_a_tool_value_that_is_na_is_undefined_in_the_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Each score holds one positive and one negative: PRROC reads one vector twice and its
    # auc.davis.goadrich is NA.  The report says so (it used to stop with exit 2).
    data = tmp_path / "same.csv"
    data.write_text("score,label\n1,1\n1,0\n2,1\n2,0\n")
    code, out, _ = run(["report", str(data), "--profile", "prroc", "--digits", "3"], capsys)
    report = json.loads(out)
    assert code == 0
    assert "returns NA" in report["profiles"]["prroc"]["auc_davis_goadrich"]["undefined"]
    assert report["profiles"]["prroc"]["roc_auc"]["exact"] == "1/2"
    validate_report(report)
