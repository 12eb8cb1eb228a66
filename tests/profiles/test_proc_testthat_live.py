"""pROC's own tests (xrobin/pROC 1.18.0, tests/testthat) run against the twins (marker ``r``).

pROC's tests compute on its aSAH data (113 patients; ``outcome`` Good/Poor; the ``wfns``,
``ndka`` and ``s100b`` markers), which this repository does not ship: the test asks R for it
(``data(aSAH)``), so it runs with ``pytest -m r tests/profiles`` where R and pROC are installed
(Debian: ``apt-get install r-base-core r-cran-proc``) and is skipped elsewhere.  The expected
values are pROC's, quoted from its testthat files with the file named; each is checked to the
digits it is quoted with (a relative 10^-(d-1) for d significant digits: the twin is exact, the
quotes are R's doubles printed to 15 digits).  docs/profiles/proc.md lists what the twin does
not express (``percent``, one-sided ``alternative``, bootstrap, smoothing, warnings).
"""

from __future__ import annotations

import csv
import shutil
import subprocess
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rocpr_exact.profiles import proc
from rocpr_exact.profiles.proc import delong as proc_delong

pytestmark = pytest.mark.r

Data = dict[str, list[Any]]


@pytest.fixture(scope="module")
def asah(tmp_path_factory: pytest.TempPathFactory) -> Data:
    rscript = shutil.which("Rscript")
    if rscript is None:
        pytest.skip("Rscript is not installed")
    path = tmp_path_factory.mktemp("asah") / "asah.csv"
    script = (
        "suppressPackageStartupMessages(library(pROC)); data(aSAH); "
        "write.csv(data.frame(outcome = as.character(aSAH$outcome), "
        "wfns = as.numeric(aSAH$wfns), ndka = sprintf('%.17g', aSAH$ndka), "
        "s100b = sprintf('%.17g', aSAH$s100b), gender = as.character(aSAH$gender)), "
        f"'{path}', row.names = FALSE)"
    )
    done = subprocess.run(
        [rscript, "-e", script], capture_output=True, text=True, check=False, timeout=120
    )
    if "there is no package called" in done.stderr:
        pytest.skip("pROC is not installed")
    assert done.returncode == 0, done.stderr
    with path.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 113
    data: Data = {"outcome": [r["outcome"] for r in rows], "gender": [r["gender"] for r in rows]}
    for marker in ("wfns", "ndka", "s100b"):
        data[marker] = [float(r[marker]) for r in rows]
    return data


def agrees(twin: Fraction | float | None, quoted: str) -> bool:
    """``twin`` equals pROC's value to the digits it is quoted with (exactly when quoted as an
    integer, as testthat's 0 and 1)."""
    if twin is None or quoted == "NA":
        return twin is None and quoted == "NA"
    expected = Fraction(quoted)
    if "." not in quoted:
        return Fraction(twin) == expected
    digits = len(quoted.lstrip("-").replace(".", "").lstrip("0"))
    return abs(Fraction(twin) - expected) <= abs(expected) * Fraction(1, 10 ** (digits - 1))


def test_agrees_to_the_quoted_digits() -> None:
    assert agrees(Fraction(334417344173442, 10**16), "0.0334417344173442")
    assert not agrees(Fraction(334417344173442, 10**16) * (1 + Fraction(1, 10**13)), "0.0334417344173442")  # noqa: E501
    assert agrees(Fraction(1), "1") and not agrees(Fraction(1, 2), "1")
    assert agrees(None, "NA") and not agrees(Fraction(0), "NA") and not agrees(None, "0.5")


def _roc(data: Data, marker: str, **options: Any) -> proc.Roc:
    return proc.roc(data["outcome"], data[marker], **options)


def _auc(marker: str, **options: Any) -> Callable[[Data], Fraction | None]:
    return lambda data: proc.auc(data["outcome"], data[marker], **options)


def _ranges(marker: str, focus: str, correct: bool, values: dict[tuple[float, float], str]):  # type: ignore[no-untyped-def]
    for bounds, quoted in values.items():
        for order in (bounds, bounds[::-1]):  # pROC's tests give both orders
            options = {"partial_auc": order, "partial_auc_focus": focus}
            name = f"auc({marker}, {order}, {focus}{', corrected' if correct else ''})"
            yield name, _auc(marker, partial_auc_correct=correct, **options), quoted


#: (test-auc.R) the full areas and, per marker, focus and correction, the partial areas.
AUC = {"wfns": "0.823678861788618", "ndka": "0.611957994579946"}
PARTIAL = {
    ("wfns", "specificity", False): {(1, 0.9): "0.0334417344173442", (0.9, 0.8): "0.0598373983739837", (0.5, 0): "0.488134475939354"},  # noqa: E501
    ("ndka", "specificity", False): {(1, 0.9): "0.0107046070460705", (0.9, 0.8): "0.0277777777777778", (0.5, 0): "0.416836043360434"},  # noqa: E501
    ("wfns", "sensitivity", False): {(1, 0.9): "0.0400999322493225", (0.9, 0.8): "0.0609953703703703", (0.5, 0): "0.483358739837398"},  # noqa: E501
    ("ndka", "sensitivity", False): {(1, 0.9): "0.0037940379403794", (0.9, 0.8): "0.0242547425474255", (0.5, 0): "0.428523035230352"},  # noqa: E501
    ("wfns", "specificity", True): {(1, 0.9): "0.649693339038653", (0.9, 0.8): "0.763749402199904", (0.5, 0): "0.952537903757416"},  # noqa: E501
    ("ndka", "specificity", True): {(1, 0.9): "0.530024247610897", (0.9, 0.8): "0.575163398692811", (0.5, 0): "0.667344173441734"},  # noqa: E501
    ("wfns", "sensitivity", True): {(1, 0.9): "0.68473648552275", (0.9, 0.8): "0.770561002178649", (0.5, 0): "0.933434959349593"},  # noqa: E501
    ("ndka", "sensitivity", True): {(1, 0.9): "NA", (0.9, 0.8): "0.554439662043679", (0.5, 0): "0.714092140921409"},  # noqa: E501
}


def _paired_na(data: Data) -> proc_delong.RocTest:
    """roc.test of wfns with rows 1-20 NA against the complete ndka (are.paired: paired)."""
    wfns = [None] * 20 + data["wfns"][20:]
    return proc_delong.roc_test(proc.roc(data["outcome"], wfns), _roc(data, "ndka"))


def _test(first: str, second: str, **options: Any) -> Callable[[Data], proc_delong.RocTest]:
    return lambda data: proc_delong.roc_test(_roc(data, first), _roc(data, second), **options)


def _female(data: Data) -> tuple[Fraction | None, ...]:
    rows = [i for i, g in enumerate(data["gender"]) if g == "Female"]
    outcome, ndka = [data["outcome"][i] for i in rows], [data["ndka"][i] for i in rows]
    return proc_delong.ci_auc(proc.roc(outcome, ndka))


def expectations() -> list[tuple[str, Callable[[Data], Any], str]]:
    """(what, the twin's value on aSAH, pROC's quoted value), in the testthat files' order."""
    found: list[tuple[str, Callable[[Data], Any], str]] = []
    for marker, quoted in AUC.items():  # test-auc.R
        found.append((f"auc({marker})", _auc(marker), quoted))
        for focus in ("specificity", "sensitivity"):
            for correct in (False, True):
                whole = {"partial_auc": (1, 0), "partial_auc_focus": focus}
                name = f"auc({marker}, (1, 0), {focus}, corrected={correct})"
                found.append((name, _auc(marker, partial_auc_correct=correct, **whole), quoted))
    for (marker, focus, correct), values in PARTIAL.items():
        found.extend(_ranges(marker, focus, correct, values))
    variances = {"wfns": "0.00146991470882363", "ndka": "0.0031908105493913", "s100b": "0.00266868245717244"}  # noqa: E501
    for marker, quoted in variances.items():  # test-var.R
        found.append((f"var({marker})", lambda d, m=marker: proc_delong.var(_roc(d, m)), quoted))
    covariances = {("wfns", "ndka"): "-0.000532967856762438", ("ndka", "s100b"): "-0.000756164938056579", ("s100b", "wfns"): "0.00119615567376754"}  # noqa: E501
    for (a, b), quoted in covariances.items():  # test-cov.R
        found.append(
            (f"cov({a}, {b})", lambda d, a=a, b=b: proc_delong.cov(_roc(d, a), _roc(d, b)), quoted)
        )
    ndka_ci = ("0.501244999271703", "0.611957994579946", "0.722670989888189")  # test-ci.auc.R
    for i, quoted in enumerate(ndka_ci):
        found.append((f"ci.auc(ndka)[{i}]", lambda d, i=i: proc_delong.ci_auc(_roc(d, "ndka"))[i], quoted))  # noqa: E501
        negated = lambda d, i=i: proc_delong.ci_auc(proc.roc(d["outcome"], [-x for x in d["ndka"]]))[i]  # noqa: E501, E731
        found.append((f"ci.auc(-ndka)[{i}]", negated, quoted))
    for i, quoted in enumerate(("0.5261398281", "0.6671428571", "0.8081458862")):
        found.append((f"ci.auc(ndka, Female)[{i}]", lambda d, i=i: _female(d)[i], quoted))
    paired = {  # test-roc.test.R: t1, t2, t3 (Z, p, conf.int)
        ("wfns", "s100b"): ("2.20898359144091", "0.0271757822291882", "0.0104061769564846", "0.174214419249478"),  # noqa: E501
        ("wfns", "ndka"): ("2.79777591868904", "0.00514557970691098", "0.0634011709339876", "0.3600405634833566"),  # noqa: E501
        ("ndka", "s100b"): ("-1.39077002573558", "0.164295175223054", "-0.2876917446341914", "0.0488706064228094"),  # noqa: E501
    }
    for (a, b), (z, p, low, high) in paired.items():
        run = _test(a, b)
        found.append((f"roc.test({a}, {b})$statistic", lambda d, r=run: r(d).statistic, z))
        found.append((f"roc.test({a}, {b})$p.value", lambda d, r=run: r(d).p_value, p))
        found.append((f"roc.test({a}, {b})$conf.int[1]", lambda d, r=run: r(d).conf_int[0], low))
        found.append((f"roc.test({a}, {b})$conf.int[2]", lambda d, r=run: r(d).conf_int[1], high))
        back = _test(b, a)  # reversed: -Z, the same p
        found.append((f"roc.test({b}, {a})$statistic", lambda d, r=back: -r(d).statistic, z))
        found.append((f"roc.test({b}, {a})$p.value", lambda d, r=back: r(d).p_value, p))
    unpaired = {
        ("wfns", "s100b"): ("1.43490640926908", "0.152825378808796"),
        ("wfns", "ndka"): ("3.10125096778969", "0.00220950791756457"),
        ("ndka", "s100b"): ("-1.55995743389685", "0.120192832430845"),
    }
    for (a, b), (t, p) in unpaired.items():
        run = _test(a, b, paired=False)
        found.append((f"roc.test({a}, {b}, paired=FALSE)$statistic", lambda d, r=run: r(d).statistic, t))  # noqa: E501
        found.append((f"roc.test({a}, {b}, paired=FALSE)$p.value", lambda d, r=run: r(d).p_value, p))  # noqa: E501
    same = _test("wfns", "wfns")
    found.append(("roc.test(wfns, wfns)$statistic", lambda d: same(d).statistic, "0"))
    found.append(("roc.test(wfns, wfns)$p.value", lambda d: same(d).p_value, "1"))
    # issue 38: roc.test with wfns[1:20] NA against ndka, paired on the 93 complete rows
    found.append(("roc.test(wfns NA, ndka)$statistic", lambda d: _paired_na(d).statistic, "2.35386360320088"))  # noqa: E501
    found.append(("roc.test(wfns NA, ndka)$p.value", lambda d: _paired_na(d).p_value, "0.0185794271310657"))  # noqa: E501
    return found


def test_the_quoted_expectations_of_procs_own_tests(asah: Data) -> None:
    cases = expectations()
    failed = [(name, value(asah), quoted) for name, value, quoted in cases]
    failed = [(n, float(v) if v is not None else v, q) for n, v, q in failed if not agrees(v, q)]
    assert failed == []
    assert len(cases) == 101


def test_are_paired_as_test_are_paired_r(asah: Data) -> None:
    # test-are-paired.R: missing values do not unpair; a subset or opposite levels do
    outcome, wfns, ndka = asah["outcome"], asah["wfns"], asah["ndka"]
    missing = [None] * 20 + wfns[20:]
    full_ndka = proc.roc(outcome, ndka)
    assert proc_delong.are_paired(proc.roc(outcome, wfns), full_ndka)
    assert proc_delong.are_paired(proc.roc(outcome, missing), full_ndka)
    assert not proc_delong.are_paired(proc.roc(outcome[20:], wfns[20:]), full_ndka)
    good_poor = proc.roc(outcome, wfns, levels=["Good", "Poor"])
    assert not proc_delong.are_paired(good_poor, proc.roc(outcome, ndka, levels=["Poor", "Good"]))
    # "return.paired.rocs works with missing values": the paired curves are those of rows 21-113
    ndka_missing = proc.roc(outcome, [None] * 20 + ndka[20:])
    test = proc_delong.roc_test(ndka_missing, proc.roc(outcome, wfns))
    by_hand = proc_delong.roc_test(proc.roc(outcome[20:], ndka[20:]), proc.roc(outcome[20:], wfns[20:]))  # noqa: E501
    assert test == by_hand and test.paired


def test_roc_coordinates_as_test_roc_r(asah: Data, tmp_path: Path) -> None:
    # test-roc.R: every marker, both level orders, directions "auto", "<" and ">" (expected
    # direction for "auto": "<" with levels Good, Poor and ">" reversed); the coordinates are
    # pROC's (helper-roc-expected.R holds them; here R computes them, printed with %a)
    rscript = shutil.which("Rscript")
    assert rscript is not None  # the fixture skipped otherwise
    orders = {"forward": ["Good", "Poor"], "reversed": ["Poor", "Good"]}
    calls = [
        (marker, order, direction)
        for marker in ("ndka", "wfns", "s100b")
        for order in orders
        for direction in ("auto", "<", ">")
    ]
    lines = ["suppressPackageStartupMessages(library(pROC)); data(aSAH)"]
    for marker, order, direction in calls:
        levels = ", ".join(f"'{level}'" for level in orders[order])
        lines.append(
            f"r <- roc(aSAH$outcome, as.numeric(aSAH${marker}), levels = c({levels}), "
            f"direction = '{direction}', quiet = TRUE); "
            "for (v in list(r$thresholds, r$sensitivities, r$specificities)) "
            "cat(sprintf('%a', v), '\\n'); cat(r$direction, '\\n')"
        )
    script = tmp_path / "roc.R"
    script.write_text("\n".join(lines))
    done = subprocess.run(
        [rscript, str(script)], capture_output=True, text=True, check=False, timeout=300
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert len(out) == 4 * len(calls)
    for i, (marker, order, direction) in enumerate(calls):
        twin = proc.roc(asah["outcome"], asah[marker], direction, orders[order])  # type: ignore[arg-type]
        thresholds, sensitivities, specificities = (
            [float.fromhex(x.replace("Inf", "inf")) for x in out[4 * i + k].split()]
            for k in range(3)
        )
        assert [float(t) for t in twin.thresholds] == thresholds, (marker, order, direction)
        assert [float(s) for s in twin.sensitivities] == sensitivities
        assert [float(s) for s in twin.specificities] == specificities
        expected = {"forward": "<", "reversed": ">"}[order] if direction == "auto" else direction
        assert twin.direction == expected == out[4 * i + 3].strip()
