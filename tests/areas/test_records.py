"""One record per AUC-PR method: a toy area added through a record reaches every place.

The toy area is the area *above* the step curve over [min_recall, 1]:
(1 - min_recall) - auc_pr(curve, "step"); on the curve of scores 3, 2, 1 and labels 1, 0, 1
the step area is 1/2 * 1 + 1/2 * 2/3 = 5/6 (by hand), so the toy is 1/6.  Its record has no
fast path, no mergeable share and no consistency bounds, so ``consistent`` must refuse it by
name; with a published name and its least value (``TOY_BOUNDED``) ``consistent`` decides it,
checked against a brute force over score vectors.  Nothing outside this file is edited to add
it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from importlib import resources
from itertools import product
from pathlib import Path

import jsonschema
import pytest

from rocpr_exact.areas.auc import PR_METHODS, auc_pr
from rocpr_exact.areas.records import AREAS, AreaRecord, area_record, area_records, registered
from rocpr_exact.cli import main
from rocpr_exact.consistency.check import check_consistency
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.oracle.vectors import build_vectors, vectors_schema
from rocpr_exact.output.report import build_report, report_schema


def _above_step(curve: Curve, min_recall: Fraction | int = 0) -> Fraction | ClosedForm:
    return (1 - Fraction(min_recall)) - auc_pr(curve, "step", min_recall=min_recall)


TOY = AreaRecord(
    "toy-above",
    _above_step,
    lambda curve, digits, small_bits: None,  # no fast path: always the exact value
    "1 - auc_pr_step: the area above the step curve (a test's toy area).",
)
CURVE = Curve.from_scores([3, 2, 1], [1, 0, 1])


def _committed(name: str) -> object:
    text = resources.files("rocpr_exact").joinpath(f"schemas/{name}").read_text("utf-8")
    return json.loads(text)


def test_the_records_are_the_four_methods_and_the_committed_schemas() -> None:
    assert tuple(record.method for record in AREAS) == PR_METHODS
    assert area_records() == AREAS
    assert area_record("davis-goadrich").metric == "auc_pr_davis_goadrich"
    # made from the records and the tools' tables: after a change, python scripts/write_schemas.py
    assert report_schema() == _committed("report.schema.json"), "run scripts/write_schemas.py"
    assert vectors_schema() == _committed("vectors.schema.json"), "run scripts/write_schemas.py"
    with pytest.raises(InvalidInputError, match="unknown AUC-PR method 'toy-above'"):
        area_record("toy-above")


def test_a_method_is_registered_once() -> None:
    refused = pytest.raises(InvalidInputError, match="'step' is already registered")
    with refused, registered(AREAS[-1]):
        pass  # pragma: no cover


def test_a_toy_area_reaches_the_report_and_its_schema() -> None:
    with registered(TOY):
        assert auc_pr(CURVE, "toy-above") == Fraction(1, 6)  # type: ignore[arg-type]
        report = build_report(CURVE, digits=4)
        schema = report_schema()
    assert report["auc_pr"]["toy_above"] == {"exact": "1/6", "decimal": "0.1667"}
    # the achievable curve (hull (0, 0), (1, 0), (2, 1)) has the same step area, 5/6
    assert report["achievable_pr"]["toy_above"] == {"exact": "1/6", "decimal": "0.1667"}
    assert list(report["auc_pr"]) == ["continuous", "davis_goadrich", "linear", "step", "toy_above"]
    areas = schema["$defs"]["pr_areas"]
    assert areas["properties"]["toy_above"] == {"$ref": "#/$defs/rational_number"}
    assert "toy_above" in areas["required"]
    jsonschema.validate(report, schema)
    with pytest.raises(jsonschema.ValidationError):  # the built-in schema has no toy field
        jsonschema.validate(report, report_schema())
    without = json.loads(json.dumps(report))
    del without["auc_pr"]["toy_above"]
    with pytest.raises(jsonschema.ValidationError):  # the toy schema requires it
        jsonschema.validate(without, schema)
    assert "toy_above" not in build_report(CURVE, digits=4)["auc_pr"]  # gone after the block


def test_a_toy_area_reaches_the_cli_report_as_json_and_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data.csv"
    data.write_text("score,label\n3,1\n2,0\n1,1\n", encoding="utf-8")
    with registered(TOY):
        assert main(["report", str(data), "--digits", "4"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert main(["report", str(data), "--digits", "4", "--format", "text"]) == 0
        text = capsys.readouterr().out
    assert report["auc_pr"]["toy_above"] == {"exact": "1/6", "decimal": "0.1667"}
    lines = [line.split() for line in text.splitlines()]
    assert ["AUC-PR", "toy_above", "0.1667", "1/6"] in lines
    assert ["achievable", "toy_above", "0.1667", "1/6"] in lines


def test_a_toy_area_reaches_the_vectors_and_their_schema() -> None:
    with registered(TOY):
        vectors = build_vectors()
        schema = vectors_schema()
    assert vectors["metrics"]["auc_pr_toy_above"] == TOY.note
    assert schema["$defs"]["expected"]["properties"]["auc_pr_toy_above"] == TOY.schema
    assert "auc_pr_toy_above" in schema["$defs"]["metric"]["enum"]
    jsonschema.validate(vectors, schema)
    checked = 0
    for group in vectors["testGroups"]:
        for case in group["tests"]:
            if "auc_pr_step" in case["expected"]:  # the toy is 1 - step, case by case
                toy = Fraction(case["expected"]["auc_pr_toy_above"]["exact"])
                assert toy == 1 - Fraction(case["expected"]["auc_pr_step"]["exact"])
                checked += 1
            else:  # undefined together: no positives, or not a dataset
                assert "auc_pr_toy_above" in case["undefinedMetrics"]
    assert checked > 10
    assert "auc_pr_toy_above" not in build_vectors()["metrics"]


def test_consistent_refuses_a_toy_area_without_bounds_naming_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with registered(TOY):
        with pytest.raises(InvalidInputError, match=r"area 'auc_pr_toy_above' .*no consistency"):
            check_consistency(2, 1, {"auc_pr_toy_above": "0.17"})
        code = main(["consistent", "--positives", "2", "--negatives", "1",
                     "--auc-pr-toy-above", "0.17"])  # fmt: skip
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "auc_pr_toy_above" in err and "no consistency bounds" in err
    with pytest.raises(InvalidInputError, match="unknown metric 'auc_pr_toy_above'"):
        check_consistency(2, 1, {"auc_pr_toy_above": "0.17"})  # unknown outside the block


#: The toy with what ``consistent`` needs: its published name and its least value, 0 (every
#: positive first: the step area is 1); the searches do not know it, so every ranking decides.
TOY_BOUNDED = replace(TOY, published="auc_pr_toy_above", least=lambda p, n, ties: Fraction(0))


def _toy_values(p: int, n: int, ties: bool) -> set[Fraction]:
    """Every value of the toy over every ranking, by brute force over score vectors (scores
    1..P+N, distinct without ties), independent of the consistency package."""
    labels = [1] * p + [0] * n
    values = set()
    for scores in product(range(1, p + n + 1), repeat=p + n):
        if ties or len(set(scores)) == p + n:
            values.add(Fraction(_above_step(Curve.from_scores(list(scores), labels))))
    return values


@pytest.mark.parametrize("ties", [True, False])
def test_consistent_decides_a_toy_area_with_bounds_by_brute_force(ties: bool) -> None:
    # P = 2, N = 1 by hand: the step areas are 1, 5/6, 7/12 without ties (toy 0, 1/6, 5/12) and
    # with ties also 2/3 (a negative tied with both positives, or first: toy 1/3)
    hand = {Fraction(0), Fraction(1, 6), Fraction(5, 12)} | ({Fraction(1, 3)} if ties else set())
    assert _toy_values(2, 1, ties) == hand
    with registered(TOY_BOUNDED):
        for p, n in [(1, 1), (2, 1), (1, 2), (2, 2), (3, 1)]:
            values = _toy_values(p, n, ties)
            grid = {Fraction(k, 100) for k in range(101)}
            for printed in sorted(grid):  # two decimals: [x - 0.005, x + 0.005)
                text = f"{float(printed):.2f}"
                hit = any(abs(v - printed) <= Fraction(1, 200) for v in values)
                verdict = check_consistency(p, n, {"auc_pr_toy_above": text}, ties=ties)
                if verdict.verdict != "possible":
                    assert verdict.verdict == "impossible", (p, n, text, verdict.reasons)
                    assert not any(printed - Fraction(1, 200) <= v < printed + Fraction(1, 200)
                                   for v in values), (p, n, text)  # fmt: skip
                else:
                    assert hit, (p, n, text)
                    assert dict(verdict.witness.values)["auc_pr_toy_above"] in values  # type: ignore[union-attr]


def test_consistent_decides_a_toy_area_with_auc_roc_and_the_cli_takes_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with registered(TOY_BOUNDED):
        # P = N = 2 with AUC-ROC 3/4 and the toy 1/6 (scores 4, 3, 2, 1, labels 1, 0, 1, 0:
        # step area 1/2 * 1 + 1/2 * 2/3 = 5/6) is possible; the toy 0.000 with AUC-ROC 3/4 is not
        # (toy 0 means the step area is 1: both positives first, AUC-ROC 1)
        verdict = check_consistency(2, 2, {"auc_roc": "0.75", "auc_pr_toy_above": "0.167"})
        assert verdict.verdict == "possible"
        zero = check_consistency(2, 2, {"auc_roc": "0.75", "auc_pr_toy_above": "0.000"})
        assert zero.verdict == "impossible" and "every ranking" in zero.reasons[0]
        code = main(["consistent", "--positives", "2", "--negatives", "1",
                     "--auc-pr-toy-above", "0.17", "--format", "json"])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0 and '"possible"' in out and "auc_pr_toy_above" in out


def test_consistent_checks_the_builtin_areas_through_their_records() -> None:
    # every area consistent reads is recomputed on the witness by its record's exact function
    verdict = check_consistency(2, 3, {"average_precision": "0.8", "auc_pr_dg": "0.7"})
    assert verdict.verdict == "possible" and verdict.witness is not None
    curve = Curve.from_scores(list(verdict.witness.scores), list(verdict.witness.labels))
    values = dict(verdict.witness.values)
    assert values["average_precision"] == auc_pr(curve, "step")
    assert values["auc_pr_dg"] == auc_pr(curve, "davis-goadrich")


def test_the_engines_refuse_an_area_without_a_share() -> None:
    np = pytest.importorskip("numpy")
    from rocpr_exact.engines.shares import share_of_range

    scores, labels = np.array([3, 2, 1]), np.array([True, False, True])
    with registered(TOY), pytest.raises(InvalidInputError, match="'auc_pr_toy_above' has no"):
        share_of_range(scores, labels, (0, 0), (2, 1), 64, 4, 10)
