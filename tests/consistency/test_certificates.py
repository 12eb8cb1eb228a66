"""Certificates of "impossible" and the independent checker (rocpr_exact.checker).

Every closed-form "impossible" of the metrics path is re-verified by the checker; a certificate
changed in one place (a bound moved by one, a value excluded that a ranking reaches, a window
shifted by one, a wrong P) is rejected.  The DeLong stages are checked on certificates built
here by hand (the decision engine writes them): the proven variance range and the enumeration
of every ranking (P + N <= 12), whose expected answers come from ``check_auc_ci`` and from a
witness ranking re-checked by ``auc_variance``.
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact.areas.variance import auc_variance
from rocpr_exact.checker import check_certificate
from rocpr_exact.checker.delong import _sums, _variance
from rocpr_exact.cli.app import main
from rocpr_exact.consistency.certificates import interval_document
from rocpr_exact.consistency.check import check_consistency
from rocpr_exact.consistency.engine.protocol import Certificate
from rocpr_exact.consistency.intervals import check_auc_ci
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from tests.consistency.brute import table
from tests.consistency.certify import assert_certified, assert_valid
from tests.strategies import examples

#: (P, N, reported, ties, the stage that proves it).  Hand reasons: AUC-ROC k/200 misses
#: [0.8725, 0.8735); without ties k/100 misses [0.8745, 0.8755) ... (test_check.py); recall
#: 0.33 of P = 4 is no k/4; 0.60 / 0.50 of P = 4 is TP = 2, FP = 4/3; least AP of P = N = 3 is
#: (1/3)(1/4 + 2/5 + 3/6) = 23/60 > 0.15; AUC-ROC 0.99 of P = N = 10 needs 2U >= 197 but
#: recall 0.1 (TP = 1) with precision 0.1 (FP = 9) allows at most 2 * 10 + 2 * 9 * 1 = 38.
CASES = [
    (10, 10, {"auc_roc": "0.873"}, True, "grid"),
    (10, 10, {"auc_roc": "0.875"}, False, "grid"),
    (10, 10, {"auc_roc": "1.2"}, True, "grid"),
    (4, 7, {"recall": "0.33"}, True, "grid"),
    (4, 7, {"accuracy": "0.33"}, True, "grid"),
    (4, 7, {"specificity": "0.33"}, True, "grid"),
    (4, 7, {"precision": "0.60", "recall": "0.50"}, True, "operating-point"),
    (4, 7, {"precision": "0.60", "recall": "0.50", "auc_roc": "0.5"}, True, "operating-point"),
    (3, 3, {"average_precision": "0.15"}, True, "area-least"),
    (3, 3, {"auc_pr_dg": "0.1"}, True, "area-least"),
    (3, 3, {"auc_pr_continuous": "0.1"}, False, "area-least"),
    (10, 10, {"auc_roc": "0.99", "recall": "0.1", "precision": "0.1"}, True, "threshold-auc"),
    (10, 10, {"auc_roc": "0.99", "recall": "0.1", "precision": "0.1"}, False, "threshold-auc"),
]


@pytest.mark.parametrize(("p", "n", "reported", "ties", "stage"), CASES)
def test_closed_form_impossible_is_valid(
    p: int, n: int, reported: dict[str, str], ties: bool, stage: str
) -> None:
    verdict = check_consistency(p, n, reported, ties=ties)
    assert stage in {c.stage for c in verdict.certificates}
    assert assert_certified(verdict, p, n, reported, ties=ties).status == "valid"


def test_a_roc_point_box_and_auc_roc() -> None:
    # P = N = 10, the ranking passes (TP, FP) = (1, 9): 2U <= 2 * 1 * 10 + 2 * 9 * 1 = 38, and
    # auc_roc 0.99 needs 2U in [197, 199).
    box = ((1, 1), (9, 9))
    verdict = check_consistency(10, 10, {"auc_roc": "0.99"}, through=[box])
    assert [c.stage for c in verdict.certificates] == ["threshold-auc"]
    assert assert_certified(verdict, 10, 10, {"auc_roc": "0.99"}, through=[box]).status == "valid"


def test_ap_bounds_from_auc_roc() -> None:
    # P = N = 50, AUC-ROC 0.6 and AP 0.9: the sound AP bounds given AUC-ROC (apbounds) exclude
    # it; the checker recomputes both bounds, the lower one at the certificate's multiplier.
    reported = {"auc_roc": "0.6", "average_precision": "0.9"}
    verdict = check_consistency(50, 50, reported)
    assert [c.stage for c in verdict.certificates] == ["ap-bounds"]
    assert assert_certified(verdict, 50, 50, reported).status == "valid"
    document = _document(50, 50, reported)
    document["question"]["claims"]["average_precision"] = "0.6"  # inside the bounds
    assert check_certificate(document).line().startswith("invalid: ap-bounds")


@pytest.mark.parametrize(("p", "n", "ties"), [(3, 3, True), (4, 3, False), (2, 5, True)])
def test_the_checkers_ap_bounds_hold_for_every_ranking(p: int, n: int, ties: bool) -> None:
    # Weak duality at any multiplier: every ranking's AP (brute force) lies in the checker's
    # range at its own 2U, whatever m.
    from rocpr_exact.checker.metrics import _ap_range

    for row in table(p, n, ties):
        u2 = int(row.ranking["auc_roc"] * 2 * p * n)
        for m in (1, 2, 3, 5, 8, 13, 50, (n + 1) ** 2):
            low, high = _ap_range(p, n, u2, u2, m, ties)
            assert low <= row.ranking["average_precision"] <= high, (row.groups, m)


def test_an_area_least_enclosure() -> None:
    # P = N = 3000 (past the exact sum of check_consistency, 2,000): the least AP lies above
    # the enclosure's lower end, about 0.3 (P/(P + N) terms: sum i/(N + i) / P), far above
    # 0.0010; the checker sums the least exactly by the area's record.
    reported = {"average_precision": "0.0010"}
    verdict = check_consistency(3000, 3000, reported)
    assert [c.stage for c in verdict.certificates] == ["area-least-enclosure"]
    assert assert_certified(verdict, 3000, 3000, reported).status == "valid"
    document = _document(3000, 3000, reported)
    _exclusion(document)["data"]["at_least"] = "1/2"  # above the least: not a lower bound
    assert check_certificate(document).line().startswith("invalid: area-least-enclosure")


def test_a_search_is_written_and_unverified() -> None:
    # AUC-ROC 0.5 and DG area 0.9 at P = N = 3: decided by the exhaustive search.
    reported = {"auc_roc": "0.5", "auc_pr_dg": "0.9"}
    verdict = check_consistency(3, 3, reported)
    assert [c.stage for c in verdict.certificates] == ["search"]
    result = assert_certified(verdict, 3, 3, reported)
    assert result.status == "unverified" and result.line().startswith("unverified: no check")


def _document(p: int, n: int, reported: dict[str, str], ties: bool = True) -> dict[str, Any]:
    from rocpr_exact.consistency.certificates import metric_document

    verdict = check_consistency(p, n, reported, ties=ties)
    return json.loads(json.dumps(metric_document(p, n, reported, "nearest", ties, verdict)))


def _exclusion(document: dict[str, Any]) -> dict[str, Any]:
    return document["decisions"][0]["exclusions"][0]  # type: ignore[no-any-return]


def test_mutated_metric_certificates_are_invalid() -> None:
    grid = _document(10, 10, {"auc_roc": "0.873"})
    moved = copy.deepcopy(grid)
    _exclusion(moved)["data"]["denominators"] = [199]  # a bound moved by one
    assert check_certificate(moved).status == "invalid"
    wrong_p = copy.deepcopy(grid)
    wrong_p["question"]["positives"] = 11  # 2PN = 220: 192/220 = 0.8727 lies in it
    assert check_certificate(wrong_p).line().startswith("invalid: grid")
    possible = copy.deepcopy(grid)
    possible["question"]["claims"]["auc_roc"] = "0.875"  # 175/200 is reachable
    assert check_certificate(possible).status == "invalid"
    least = _document(3, 3, {"average_precision": "0.15"})
    _exclusion(least)["data"]["least"] = "24/60"  # the least AP moved by one sixtieth
    assert check_certificate(least).line().startswith("invalid: area-least")
    point = _document(4, 7, {"precision": "0.60", "recall": "0.50"})
    point["question"]["claims"]["precision"] = "0.67"  # TP = 2, FP = 1 gives 2/3
    assert check_certificate(point).line() == (
        "invalid: operating-point: TP = 2, FP = 1 gives precision, recall"
    )
    through = _document(10, 10, {"auc_roc": "0.99", "recall": "0.1", "precision": "0.1"})
    through["question"]["claims"]["auc_roc"] = "0.19"  # 2U = 38 is reached through (1, 9)
    assert check_certificate(through).status == "invalid"
    listed = copy.deepcopy(grid)
    _exclusion(listed)["excludes"] = [174]
    assert check_certificate(listed).status == "invalid"


@pytest.mark.parametrize("version", [True, 1.0, "1", 2, None])
def test_only_version_1_is_read(version: Any) -> None:
    # JSON true is not the number 1 (Python's True == 1 let it through once)
    document = _document(10, 10, {"auc_roc": "0.873"})
    document["version"] = version
    with pytest.raises(InvalidInputError, match="this checker reads version 1"):
        check_certificate(document)


def test_a_limit_is_said_as_one(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from rocpr_exact.errors import ResourceLimitError

    document = _document(10, 10, {"auc_roc": "0.873"})
    document["question"]["positives"] = 10**30  # the checks are O(P): bounded first
    with pytest.raises(ResourceLimitError, match="max_examples"):
        check_certificate(document)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(document))
    assert main(["check-certificate", str(path)]) == 2
    assert "--limit max_examples=N" in capsys.readouterr().err


def test_not_a_certificate_is_an_input_error() -> None:
    with pytest.raises(InvalidInputError, match="not a certificate"):
        check_certificate({"verdict": "impossible"})
    document = _document(10, 10, {"auc_roc": "0.873"})
    document["version"] = 2
    with pytest.raises(InvalidInputError, match="version 2"):
        check_certificate(document)


# -- DeLong: certificates built by hand -------------------------------------------------------


def _interval(
    p: int, n: int, ci: str, certificates: list[Certificate], method: str = "delong"
) -> dict[str, Any]:
    claims = {"auc_ci": ci, "ci_level": "0.95", "ci_method": method}
    return interval_document(p, n, claims, "nearest", True, "impossible", certificates, ())


def _delong(stage: str, values: range | list[int]) -> Certificate:
    return Certificate(stage, tuple(values), {"method": "delong", "reading": "not clipped"})


def test_delong_proven_range() -> None:
    # P = N = 20, "0.10,0.99": the centre is in [0.54, 0.55), 2U = m in 432..439 (of 800); the
    # ends need w >= 0.985 - 0.55 = 0.435, and z sqrt(A (1 - A)(2/19)) <= 1.96 * 0.1622 < 0.32.
    assert check_auc_ci(20, 20, "0.10", "0.99", "delong").verdict == "impossible"
    document = _interval(20, 20, "0.10,0.99", [_delong("delong-proven-range", range(432, 440))])
    assert assert_valid(document).status == "valid"
    short = copy.deepcopy(document)
    short["decisions"][0]["exclusions"][0]["excludes"].remove(439)
    assert assert_valid(short).line() == "invalid: 2U = 439 is open and no exclusion excludes it"
    shifted = copy.deepcopy(document)
    shifted["decisions"][0]["candidates"]["from"] = 433  # the window shifted by one
    assert check_certificate(shifted).status == "invalid"
    wrong_p = copy.deepcopy(document)
    wrong_p["question"]["positives"] = 21  # other centres: 2U = 2 * 21 * 20 * 0.54 = 453.6 ...
    assert check_certificate(wrong_p).status == "invalid"
    # "0.30,0.80": w = 0.25 needs var = (0.25 / 1.96)^2 = 0.0163, below the bound 0.0261.
    assert check_auc_ci(20, 20, "0.30", "0.80", "hanley-mcneil").verdict == "impossible"
    reachable = _interval(20, 20, "0.30,0.80", [_delong("delong-proven-range", range(436, 444))])
    assert check_certificate(reachable).line().startswith("invalid: delong-proven-range")


def test_delong_enumerated() -> None:
    # P = N = 3, "0.6,0.7": centre in [0.6, 0.7), m/18: m = 11, 12; check_auc_ci enumerates
    # every ranking and finds none that prints.
    assert check_auc_ci(3, 3, "0.6", "0.7", "delong").verdict == "impossible"
    document = _interval(3, 3, "0.6,0.7", [_delong("delong-enumerated", [11, 12])])
    assert assert_valid(document).status == "valid"
    # "0.1,1.1" is possible (a witness at m = 11): excluding it is refused.
    verdict = check_auc_ci(3, 3, "0.1", "1.1", "delong")
    assert verdict.verdict == "possible" and verdict.auc == Fraction(11, 18)
    wrong = _interval(3, 3, "0.1,1.1", [_delong("delong-enumerated", range(0, 19))])
    assert check_certificate(wrong).line() == (
        "invalid: delong-enumerated: a ranking with 2U = 11 prints as given"
    )


def test_delong_too_few() -> None:
    # P = 1: DeLong's variance divides by P - 1, so no interval is printed at any AUC (the
    # centre of "0.40,0.60" is 0.50 = m/10, m = 5 only; 2U = 2 P N A).
    assert check_auc_ci(1, 5, "0.40", "0.60", "delong").verdict == "impossible"
    document = _interval(1, 5, "0.40,0.60", [_delong("delong-too-few", [5])])
    assert assert_valid(document).status == "valid"
    # P = N = 2 has a variance: the same stage proves nothing there
    two = _interval(2, 2, "0.40,0.60", [_delong("delong-too-few", range(0, 9))])
    assert check_certificate(two).line().startswith("invalid: delong-too-few: P = 2 and N = 2")


def test_delong_extremes() -> None:
    # P = N = 8, "0.60,0.62": centre in [0.605, 0.615), so m/128 = 78/128 only; check_auc_ci
    # excludes it by the extremes.  S at the extremes from the deciders' own programme
    # (consistency.delong_extremes, written apart): var = (S - 14 m^2) / L.
    from rocpr_exact.consistency.delong_extremes import variance_extremes

    assert check_auc_ci(8, 8, "0.60", "0.62", "delong").verdict == "impossible"
    weight = 4 * 8**4 * 7 * 7
    least, greatest = (int(v * weight) + 14 * 78 * 78 for v in variance_extremes(8, 8)[78])
    data = {"method": "delong", "reading": "not clipped", "bounds": [[78, least, greatest]]}
    document = _interval(8, 8, "0.60,0.62", [Certificate("delong-extremes", (78,), data)])
    assert assert_valid(document).status == "valid"
    moved = copy.deepcopy(document)
    moved["decisions"][0]["exclusions"][0]["data"]["bounds"][0][2] += 1  # a bound moved by one
    assert check_certificate(moved).line().startswith("invalid: delong-extremes: at 2U = 78")
    # "0.3,0.9" is possible at 2U = 77: its extremes contain a variance that prints.
    low, high = (int(v * weight) + 14 * 77 * 77 for v in variance_extremes(8, 8)[77])
    data = {"method": "delong", "reading": "not clipped", "bounds": [[77, low, high]]}
    wrong = _interval(8, 8, "0.3,0.9", [Certificate("delong-extremes", (77,), data)])
    wrong["decisions"][0]["candidates"] = {"kind": "2U", "from": 0, "to": 128}
    assert check_certificate(wrong).status == "invalid"


def test_the_checkers_extremes_agree_with_every_ranking() -> None:
    from rocpr_exact.checker.delong import _variances, extremes

    for p, n, ties in [(3, 4, True), (4, 4, False), (2, 6, True)]:
        table, every = extremes(p, n, ties), _variances(p, n, ties)
        assert set(table) == set(every)
        weight = 4 * p * p * n * n * (p - 1) * (n - 1)
        for m, (least, greatest) in table.items():
            shown = (Fraction(s - (p + n - 2) * m * m, weight) for s in (least, greatest))
            assert tuple(shown) == (min(every[m]), max(every[m]))


def test_hanley_mcneil_each() -> None:
    # P = N = 20, "0.60,0.61": m/800 in [0.60, 0.61), m = 480..487; Hanley-McNeil's variance
    # at A = 0.6 is about 0.0077, so w = 0.17, far from the 0.005 the ends need.
    assert check_auc_ci(20, 20, "0.60", "0.61", "hanley-mcneil").verdict == "impossible"
    each = Certificate("hanley-mcneil-each", tuple(range(480, 488)), {"method": "hanley-mcneil"})
    document = _interval(20, 20, "0.60,0.61", [each], "hanley-mcneil")
    assert assert_valid(document).status == "valid"
    assert check_auc_ci(20, 20, "0.42", "0.78", "hanley-mcneil").auc == Fraction(479, 800)
    each = Certificate("hanley-mcneil-each", tuple(range(0, 801)), {"method": "hanley-mcneil"})
    wrong = _interval(20, 20, "0.42,0.78", [each], "hanley-mcneil")
    assert check_certificate(wrong).line().startswith("invalid: hanley-mcneil-each")
    as_delong = _interval(20, 20, "0.60,0.61", [_delong("delong-proven-range", range(480, 488))])
    as_delong["question"]["claims"]["ci_method"] = "hanley-mcneil"
    as_delong["decisions"][0]["method"] = "hanley-mcneil"
    assert "proves nothing" in check_certificate(as_delong).line()


def _answered(p: int, n: int, ci: str, method: str | None, ties: bool = True) -> str:
    """check_auc_ci's own certificates through the file and the checker: its line."""
    lo, hi = ci.split(",")
    verdict = check_auc_ci(p, n, lo, hi, method, ties=ties)  # type: ignore[arg-type]
    assert verdict.verdict == "impossible"
    claims = {"auc_ci": ci, "ci_level": "0.95"} | ({"ci_method": method} if method else {})
    rounding = "nearest"
    document = interval_document(
        p, n, claims, rounding, ties, "impossible", verdict.certificates, verdict.reasons
    )
    return assert_valid(document).line()


def test_the_deciders_own_certificates_are_valid() -> None:
    # Hanley-McNeil's decider lists every m it excluded (hanley-mcneil-each), so without
    # --ci-method both methods are proved; "0.01,0.11" at P = N = 3 without ties: the centre
    # 0.06 allows only m = 1 of 18 (1/18 = 0.0556), odd, which needs a tied pair (untied-odd;
    # the checker's own candidates without ties are the even m: none).
    assert _answered(20, 20, "0.60,0.61", "hanley-mcneil").startswith("valid")
    assert _answered(20, 20, "0.10,0.99", None) == "valid: every decision proved (2, interval path)"
    assert _answered(3, 3, "0.01,0.11", None, ties=False).startswith("valid")
    assert _answered(1, 5, "0.40,0.60", "delong").startswith("valid")  # delong-too-few


def test_both_methods_need_a_decision_each() -> None:
    # Without ci_method both DeLong and Hanley-McNeil must be excluded; a stage with no check
    # is "unverified", never "valid".
    claims = {"auc_ci": "0.10,0.99", "ci_level": "0.95"}
    certificates = [
        _delong("delong-proven-range", range(432, 440)),
        Certificate("hanley-mcneil-range", tuple(range(432, 440)), {"method": "hanley-mcneil"}),
    ]
    document = interval_document(20, 20, claims, "nearest", True, "impossible", certificates, ())
    line = check_certificate(document).line()
    assert line == "unverified: no check for stage hanley-mcneil-range"
    # Hanley-McNeil's decider writes no certificate yet: its decision holds its reasons.
    only = interval_document(20, 20, claims, "nearest", True, "impossible", certificates[:1], ())
    assert [d["method"] for d in only["decisions"]] == ["delong", "hanley-mcneil"]
    assert check_certificate(only).line() == "unverified: no check for stage search"
    del only["decisions"][1]  # no decision at all for a modelled method
    assert check_certificate(only).line() == (
        "invalid: no single decision for method hanley-mcneil, reading not clipped"
    )


def test_too_many_candidates_are_unverified() -> None:
    # P = N = 10^6, "0.10,0.99": the centre's span [0.54, 0.55) holds 0.01 * 2 * 10^12 = 2 * 10^10
    # values 2U, past the checker's listing.
    document = _interval(10**6, 10**6, "0.10,0.99", [_delong("delong-proven-range", [1])])
    assert check_certificate(document).line() == (
        "unverified: no check for 20,000,000,000 candidates 2U (at most 1,000,000)"
    )


def test_the_enumeration_variance_is_delongs() -> None:
    # The checker's variance from the counts against areas.variance on a few tie-group rankings.
    for groups in [((1, 0), (1, 1), (0, 2), (1, 1)), ((2, 1), (0, 1), (1, 0)), ((1, 1), (1, 1))]:
        p, n = sum(a for a, _ in groups), sum(b for _, b in groups)
        scores = [len(groups) - i for i, (a, b) in enumerate(groups) for _ in range(a + b)]
        labels = [y for a, b in groups for y in [1] * a + [0] * b]
        expected = auc_variance(Curve.from_scores(scores, labels), "delong")
        assert _variance(p, n, *_sums(n, groups)) == expected


# -- the command line -------------------------------------------------------------------------


def test_consistent_writes_and_check_certificate_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cert = str(tmp_path / "cert.json")
    common = ["consistent", "--positives", "10", "--negatives", "10", "--certificate", cert]
    assert main([*common, "--auc-roc", "0.873"]) == 1
    assert json.loads(capsys.readouterr().out)["certificate_file"] == cert
    assert main(["check-certificate", cert]) == 0
    assert capsys.readouterr().out == "valid: every decision proved (1, metrics path)\n"
    assert main([*common, "--auc-roc", "0.875"]) == 0  # possible: a file with no decisions
    capsys.readouterr()
    assert json.loads(Path(cert).read_text())["decisions"] == []
    assert main(["check-certificate", cert]) == 4
    assert capsys.readouterr().out.startswith("unverified: the verdict is 'possible'")
    document = json.loads(Path(cert).read_text())
    document["verdict"], document["decisions"] = "impossible", [
        {"claim": "all", "method": "exact", "candidates": {"kind": "rankings"}, "exclusions": [
            {"stage": "grid", "excludes": [], "data": {"metric": "auc_roc", "denominators": [200]}}
        ]}
    ]
    Path(cert).write_text(json.dumps(document))
    assert main(["check-certificate", cert]) == 1
    assert capsys.readouterr().out.startswith("invalid: grid: auc_roc = 175/200")
    Path(cert).write_text("[1, 2")
    assert main(["check-certificate", cert]) == 2
    _, err = capsys.readouterr()
    assert len(err.strip().splitlines()) == 1
    assert main(["check-certificate", cert, "--limit", "max_json_bytes=3"]) == 2
    assert "max_json_bytes" in capsys.readouterr().err


def test_consistent_roc_points_and_interval_certificates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cert = str(tmp_path / "c.json")
    # TPR 0.55 of P = 10 within 0.002: no whole TP (5.48 .. 5.52): the box is empty.
    argv = ["consistent", "--positives", "10", "--negatives", "1000", "--roc-point", "0.01,0.55"]
    assert main([*argv, "--tolerance", "0.002", "--certificate", cert]) == 1
    assert main(["check-certificate", cert]) == 0
    capsys.readouterr()
    argv = ["consistent", "--positives", "20", "--negatives", "20", "--auc-ci", "0.10,0.99"]
    assert main([*argv, "--ci-method", "delong", "--certificate", cert]) == 1
    capsys.readouterr()
    written = json.loads(Path(cert).read_text())
    assert written["question"]["claims"] == {
        "auc_ci": "0.10,0.99", "ci_level": "0.95", "ci_method": "delong"
    }
    assert main(["check-certificate", cert]) == 0  # the proven range's certificate
    capsys.readouterr()
    assert main([*argv[:-1], "0.60,0.61", "--certificate", cert]) == 1  # both methods
    capsys.readouterr()
    methods = [d["method"] for d in json.loads(Path(cert).read_text())["decisions"]]
    assert methods in (["delong", "hanley-mcneil"], ["hanley-mcneil", "delong"])
    assert main(["check-certificate", cert]) == 4
    # DeLong's decision: the engine's extremes (P = N = 20: past the checker's own programme);
    # Hanley-McNeil's: every m tried (hanley-mcneil-each), verified
    assert capsys.readouterr().out == "unverified: no check for stage delong-extremes\n"


# -- the checker against check_consistency on random questions -------------------------------

#: The metrics the random questions draw from (an area with its least value, the rates).
DRAWN = ("auc_roc", "precision", "recall", "f1", "accuracy", "specificity", "average_precision")


@st.composite
def questions(draw: st.DrawFn) -> tuple[int, int, bool, dict[str, str], str]:
    p, n = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    names = draw(st.lists(st.sampled_from(DRAWN), min_size=1, max_size=3, unique=True))
    reported = {}
    for name in names:
        digits = draw(st.integers(1, 3))
        k = draw(st.integers(0, 10**digits))
        whole, frac = divmod(k, 10**digits)
        reported[name] = f"{whole}.{str(frac).rjust(digits, '0')}"
    rounding = draw(st.sampled_from(["nearest", "nearest-even", "truncate", "exact"]))
    return p, n, draw(st.booleans()), reported, rounding


def _forged(reported: dict[str, str]) -> list[dict[str, Any]]:
    """Every closed-form exclusion the question's claims allow one to write."""
    rates = [name for name in DRAWN[1:6] if name in reported]
    out: list[dict[str, Any]] = []
    for name in ("auc_roc", "recall", "specificity", "accuracy"):
        if name in reported:
            out.append({"stage": "grid", "metric": name})
    if rates:
        out.append({"stage": "operating-point", "excludes": [], "data": {"metrics": rates}})
        if "auc_roc" in reported:
            out.append({"stage": "threshold-auc", "excludes": [], "data": {"metrics": rates}})
    if "average_precision" in reported:
        out.append({"stage": "area-least", "metric": "average_precision"})
    return out


@given(questions())
@settings(max_examples=examples(Fraction(1, 2)), deadline=None)
def test_no_certificate_of_a_possible_question_is_valid(
    question: tuple[int, int, bool, dict[str, str], str],
) -> None:
    # A possible question has a witness (re-checked by check_consistency), so any exclusion
    # of every ranking is wrong: the checker must refuse each forged one; and an impossible
    # one is re-verified.
    from rocpr_exact.areas.records import published_area
    from rocpr_exact.consistency.certificates import metric_document

    p, n, ties, reported, rounding = question
    verdict = check_consistency(p, n, reported, rounding, ties=ties)  # type: ignore[arg-type]
    if verdict.verdict == "impossible":
        assert_certified(verdict, p, n, reported, rounding, ties)
        return
    if verdict.verdict != "possible":
        return
    base = metric_document(p, n, reported, rounding, ties, verdict)
    for forged in _forged(reported):
        stage = forged.pop("stage")
        if stage == "grid":
            d = {"auc_roc": 2 * p * n if ties else p * n, "recall": p, "specificity": n}
            data = {"metric": forged["metric"], "denominators": [d.get(forged["metric"], p + n)]}
        elif stage == "area-least":
            least = published_area("average_precision").least(p, n, ties)  # type: ignore[union-attr]
            data = {"metric": "average_precision", "least": str(least)}
        else:
            data = forged["data"]
        document = copy.deepcopy(base)
        document["verdict"] = "impossible"
        document["decisions"] = [
            {"claim": "all", "method": "exact", "candidates": {"kind": "rankings"},
             "exclusions": [{"stage": stage, "excludes": [], "data": data}]}
        ]
        assert check_certificate(document).status == "invalid", (stage, reported)


def test_the_interval_answer_writes_a_verdicts_certificates(tmp_path: Path) -> None:
    # Once the decision engine's IntervalVerdict carries ``certificates``, --certificate
    # writes them (read with getattr: a verdict without the field writes "search").
    import argparse
    from dataclasses import dataclass

    from rocpr_exact.cli import consistent_ci

    @dataclass
    class Answered:  # an IntervalVerdict with certificates, as the engine's will be
        verdict: str
        reasons: tuple[str, ...]
        certificates: tuple[Certificate, ...]

        def to_json(self) -> dict[str, Any]:
            return {"verdict": self.verdict, "reasons": list(self.reasons)}

    path = tmp_path / "c.json"
    args = argparse.Namespace(
        certificate=str(path), positives=20, negatives=20, rounding="nearest", no_ties=False,
        witness=None, format="json",
    )
    excluded = (_delong("delong-proven-range", range(432, 440)),)
    claims = {"auc_ci": "0.10,0.99", "ci_level": "0.95", "ci_method": "delong", "auc_roc": None}
    verdict = Answered("impossible", ("every AUC excluded",), excluded)
    _, status = consistent_ci._shown(args, verdict, claims)  # type: ignore[arg-type]
    assert status == 1
    assert check_certificate(json.loads(path.read_text())).status == "valid"


#: JSON values a damaged certificate may hold anywhere.
JUNK = [None, True, 0, -1, 10**30, "", "x", "1/0", "-0.5", [], [1], [["x"]], {}, {"a": 1}]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path] if path else []
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(
        value, list
    ) else []
    for key, child in children:
        found += _paths(child, (*path, key))
    return found


@given(st.data())
@settings(max_examples=examples(Fraction(1, 2)), deadline=None)
def test_a_damaged_certificate_is_answered_in_one_line(data: st.DataObject) -> None:
    # Any value replaced by junk: an answer (valid / invalid / unverified) or one refusal
    # (InvalidInputError, ResourceLimitError), never another exception.
    from rocpr_exact.errors import ResourceLimitError

    documents = [
        _document(10, 10, {"auc_roc": "0.873"}),
        _document(4, 7, {"precision": "0.60", "recall": "0.50"}),
        _document(10, 10, {"auc_roc": "0.99", "recall": "0.1", "precision": "0.1"}),
        _interval(3, 3, "0.6,0.7", [_delong("delong-enumerated", [11, 12])]),
    ]
    document = copy.deepcopy(data.draw(st.sampled_from(documents)))
    *parents, key = data.draw(st.sampled_from(_paths(document)))
    target = document
    for step in parents:
        target = target[step]
    target[key] = copy.deepcopy(data.draw(st.sampled_from(JUNK)))
    try:
        result = check_certificate(document)
    except (InvalidInputError, ResourceLimitError) as error:
        assert "\n" not in str(error)
        return
    assert result.status in ("valid", "invalid", "unverified") and "\n" not in result.line()
