"""pROC's DeLong twins against pROC 1.18.0's recorded outputs (no R needed).

tests/data/proc_delong_recorded.json (scripts/record_proc_delong.R) holds var, ci.auc (0.95
and 0.9), cov and roc.test (paired and unpaired) on 16 fixed datasets: ties, 2% positives,
one case (NA), perfect separation (variance 0), scores 15 digits long.  Every number must
agree within 1e-13 relative (the issue's target; pROC sums n placements in binary64) or
exactly where either side is 0; NA must be None (or the twin's documented refusal).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rocpr_exact.areas.variance import auc_covariance
from rocpr_exact.errors import InvalidInputError, UndefinedMetricError, WrongTypeError
from rocpr_exact.profiles import proc
from rocpr_exact.profiles.proc import delong as proc_delong

DATA = json.loads(
    (Path(__file__).resolve().parents[1] / "data" / "proc_delong_recorded.json").read_text()
)
CASES = DATA["cases"]
RELATIVE = 1e-13


def close(twin: Fraction | None, recorded: float | None) -> None:
    if recorded is None:
        assert twin is None
        return
    assert twin is not None
    if recorded == 0 or twin == 0:
        assert abs(float(twin)) <= 1e-300 and abs(recorded) <= 1e-15, (twin, recorded)
        return
    assert abs(float(twin) - recorded) <= RELATIVE * abs(recorded), (float(twin), recorded)


def rocs(case: dict[str, Any]) -> tuple[proc.Roc, proc.Roc]:
    return proc.roc(case["labels"], case["first"]), proc.roc(case["labels"], case["second"])


@pytest.mark.parametrize("case", CASES, ids=[f"case{i}" for i in range(len(CASES))])
def test_var_ci_cov(case: dict[str, Any]) -> None:
    first, second = rocs(case)
    assert (first.direction, second.direction) == (case["direction1"], case["direction2"])
    close(first.auc, case["auc1"])
    close(proc_delong.var(first), case["var1"])
    close(proc_delong.var(second), case["var2"])
    close(proc_delong.cov(first, second, "delong"), case["cov"])  # recorded with method="delong"
    for level, key in ((0.95, "ci95"), (0.9, "ci90")):
        for twin, recorded in zip(proc_delong.ci_auc(first, level), case[key], strict=True):
            close(twin, recorded)


@pytest.mark.parametrize("case", CASES, ids=[f"case{i}" for i in range(len(CASES))])
def test_roc_test(case: dict[str, Any]) -> None:
    first, second = rocs(case)
    if case["paired_z"] is None:
        with pytest.raises(UndefinedMetricError):
            proc_delong.roc_test(first, second, paired=True, method="delong")
    else:
        test = proc_delong.roc_test(first, second, method="delong")
        assert test.paired
        close(test.statistic, case["paired_z"])
        close(test.p_value, case["paired_p"])
        assert test.conf_int is not None
        for twin, recorded in zip(test.conf_int, case["paired_ci"], strict=True):
            close(twin, recorded)
    if case["unpaired_d"] is None:
        with pytest.raises(UndefinedMetricError):
            proc_delong.roc_test(first, second, paired=False, method="delong")
    else:
        test = proc_delong.roc_test(first, second, paired=False, method="delong")
        close(test.statistic, case["unpaired_d"])
        close(test.df, case["unpaired_df"])
        close(test.p_value, case["unpaired_p"])


def test_unpaired_curves() -> None:
    first = proc.roc([1, 0, 1, 0], [4, 3, 3, 1])
    other = proc.roc([1, 1, 0, 0, 0], [4, 3, 3, 1, 2])
    assert proc_delong.cov(first, other) == 0  # pROC: "ROC curves are unpaired." and 0
    assert not proc_delong.roc_test(first, other).paired
    with pytest.raises(ValueError, match="cannot be applied to unpaired curves"):
        proc_delong.roc_test(first, other, paired=True)
    with pytest.raises(WrongTypeError):
        proc_delong.var([1, 2])  # type: ignore[arg-type]


def test_the_method_choice_of_proc() -> None:
    # pROC 1.18.0's roc.test.roc and cov.roc, printed in R: with method missing, curves of
    # different directions go to the bootstrap (random, not modelled: refused); one direction
    # goes to DeLong; method="delong" always computes DeLong (pROC warns for two directions).
    first = proc.roc([1, 0, 1, 0, 1, 0], [4, 3, 3, 1, 5, 0])  # direction "<"
    other = proc.roc([1, 0, 1, 0, 1, 0], [1, 2, 3, 4, 0, 5])  # direction ">"
    same = proc.roc([1, 0, 1, 0, 1, 0], [2, 1, 3, 0, 5, 4])  # direction "<"
    assert (first.direction, other.direction, same.direction) == ("<", ">", "<")
    for call in (lambda: proc_delong.roc_test(first, other), lambda: proc_delong.cov(first, other)):
        with pytest.raises(InvalidInputError, match="switches to the bootstrap"):
            call()
    assert proc_delong.roc_test(first, other, method="delong").paired
    oriented = [-1, -2, -3, -4, 0, -5]  # direction ">": pROC reads the negated predictor
    labels = [1, 0, 1, 0, 1, 0]
    expected = auc_covariance([4, 3, 3, 1, 5, 0], oriented, labels)
    assert proc_delong.cov(first, other, "delong") == expected != 0
    assert proc_delong.roc_test(first, same) == proc_delong.roc_test(first, same, method="delong")
    assert proc_delong.cov(first, same) == proc_delong.cov(first, same, "delong")
    for method in ("bootstrap", "venkatraman", "obuchowski"):
        with pytest.raises(InvalidInputError, match="models pROC's method='delong' only"):
            proc_delong.roc_test(first, same, method=method)
        with pytest.raises(InvalidInputError, match="models pROC's method='delong' only"):
            proc_delong.cov(first, same, method)
