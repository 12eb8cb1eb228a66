"""Differential test: single-operating-point checks against mlscorecheck (when installed).

mlscorecheck (György Kovács, Attila Fazekas) tests reported accuracy, sensitivity (recall),
specificity, precision (ppv) and F1 of one test set over (TP, TN) pairs with a float tolerance
eps around each score (version 1.0.3 has no AUC-ROC or average-precision check).  Its documented
guarantee is one-sided: an "inconsistency" it reports is certain, but it may miss some.  So the
property tested is: whenever mlscorecheck reports an inconsistency the exact check says
"impossible" (equivalently, whenever the exact check builds a witness mlscorecheck agrees).

Its interval is closed, [x - eps, x + eps] (plus a tiny numerical tolerance), ours for "nearest"
is [x - eps, x + eps): cases where an achievable value lies on an interval end are left out, and
with at most 3 printed digits and P + N <= 80 every other value is more than 1e-6 from an end.
"""

from __future__ import annotations

import importlib.metadata
import logging
from fractions import Fraction

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from rocpr_exact.consistency import check_consistency, reported_interval
from tests.consistency.brute import point_metrics

binary = pytest.importorskip("mlscorecheck.check.binary")
VERSION = importlib.metadata.version("mlscorecheck")

NAMES = {
    "precision": "ppv",
    "recall": "sens",
    "specificity": "spec",
    "accuracy": "acc",
    "f1": "f1p",
}


def theirs_inconsistent(p: int, n: int, reported: dict[str, str]) -> bool:
    eps = {NAMES[k]: 0.5 * 10 ** -len(v.partition(".")[2]) for k, v in reported.items()}
    scores = {NAMES[k]: float(v) for k, v in reported.items()}
    logging.disable(logging.INFO)  # mlscorecheck logs every step at INFO
    try:
        result = binary.check_1_testset_no_kfold(testset={"p": p, "n": n}, scores=scores, eps=eps)
    finally:
        logging.disable(logging.NOTSET)
    return bool(result["inconsistency"])


@st.composite
def cases(draw: st.DrawFn) -> tuple[int, int, dict[str, str]]:
    p, n = draw(st.integers(1, 40)), draw(st.integers(1, 40))
    tp, fp = draw(st.integers(0, p)), draw(st.integers(0, n))
    names = draw(st.lists(st.sampled_from(sorted(NAMES)), min_size=1, max_size=3, unique=True))
    at = point_metrics(tp, fp, p, n)
    reported = {}
    for name in names:
        value = at.get(name, Fraction(1, 3))
        digits = draw(st.integers(1, 3))
        scaled = value.numerator * 10**digits // value.denominator
        scaled = max(scaled + draw(st.sampled_from([0, 1, -1])), 0)
        reported[name] = f"{scaled // 10**digits}.{str(scaled % 10**digits).rjust(digits, '0')}"
    return p, n, reported


@given(cases())
@example((7, 8, {"f1": "0.0", "recall": "0.1"}))
@example((12, 4, {"f1": "0.1", "precision": "1.0"}))
def test_every_inconsistency_mlscorecheck_reports_is_impossible(
    case: tuple[int, int, dict[str, str]],
) -> None:
    p, n, reported = case
    intervals = {k: reported_interval(v) for k, v in reported.items()}
    for tp in range(p + 1):
        for fp in range(n + 1):
            at = point_metrics(tp, fp, p, n)
            for name, interval in intervals.items():
                assume(at.get(name) not in (interval.low, interval.high))
    ours = check_consistency(p, n, reported).verdict
    if theirs_inconsistent(p, n, reported):
        assert ours == "impossible"


@pytest.mark.skipif(VERSION != "1.0.3", reason="observed with mlscorecheck 1.0.3")
def test_inconsistencies_mlscorecheck_misses() -> None:
    # P = 7, N = 8, F1 "0.0" = [-0.05, 0.05), recall "0.1" = [0.05, 0.15): recall needs TP = 1
    # (1/7 = 0.143), and then F1 = 2/(2 + FP + 6) >= 2/16 = 0.125.  mlscorecheck 1.0.3 gives
    # the evidence TP = 1, TN = 0, whose F1 is 0.125.
    # P = 12, N = 4, precision "1.0" = [0.95, 1.05) forces FP = 0, then F1 = 2 TP/(TP + 12)
    # is 0 or >= 2/13 = 0.154, never in "0.1" = [0.05, 0.15).  mlscorecheck 1.0.3 gives the
    # evidence TP = 1, TN = 3 (FP = 1), whose precision is 1/2.
    for p, n, reported in (
        (7, 8, {"f1": "0.0", "recall": "0.1"}),
        (12, 4, {"f1": "0.1", "precision": "1.0"}),
    ):
        assert check_consistency(p, n, reported).verdict == "impossible"
        assert not theirs_inconsistent(p, n, reported)
