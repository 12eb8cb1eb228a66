"""``rocpr-exact report --profile NAME``: profile blocks in the JSON report, schema and text."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from rocpr_exact.cli import main
from rocpr_exact.output.report import report_schema


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
            *("--profile", "sklearn", "--profile", "prroc", "--profile", "aucalculator"),
            *("--profile", "sklearn"),
        ],
        capsys,
    )
    assert code == 0 and err == ""
    report = json.loads(out)
    jsonschema.validate(report, report_schema())
    profiles = report["profiles"]
    assert list(profiles) == ["sklearn", "prroc", "aucalculator"]  # given order, once each
    # Hand values (tests/profiles/test_registry.py derives them):
    # scores [4, 3, 2, 1], labels [0, 1, 0, 1].
    assert profiles["sklearn"]["auc_pr_trapezoid"] == {"exact": "1/3", "decimal": "0.33333"}
    assert profiles["sklearn"]["average_precision_score"]["exact"] == "1/2"
    assert profiles["sklearn"]["known_deviations"] == []
    assert profiles["prroc"]["auc_davis_goadrich"]["exact"] == "1/3"
    assert profiles["aucalculator"]["auc_roc"] == {"exact": "3/8", "decimal": "0.37500"}
    deviation = profiles["aucalculator"]["known_deviations"][0]
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
        jsonschema.validate(report, report_schema())
    del report["profiles"]["sklearn"]["f1"]
    report["profiles"]["weka"] = {}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(report, report_schema())


def test_text_format_lists_profiles_and_deviations(
    negatives_first: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(
        ["report", str(negatives_first), "--format", "text", "--profile", "aucalculator"],
        capsys,
    )
    assert code == 0
    assert "aucalculator.auc_pr" in out and "11/24" in out
    assert "known deviation: aucalculator.auc_roc exceeds auc_roc by 1/8" in out


def test_unknown_profile_is_a_usage_error(
    negatives_first: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["report", str(negatives_first), "--profile", "weka"]) == 2
    assert "invalid choice: 'weka'" in capsys.readouterr().err
