"""Differential test: single-operating-point checks agree with mlscorecheck (when installed).

mlscorecheck (György Kovács, Attila Fazekas) tests reported accuracy, sensitivity (recall),
specificity, precision (ppv) and F1 of one test set by trying every (TP, TN) pair with a float
tolerance eps around each score (version 1.0.3 has no AUC-ROC or average-precision check).
Its interval is closed, [x - eps, x + eps] (plus a tiny numerical tolerance), ours for
"nearest" is [x - eps, x + eps): cases where some achievable value lies on an interval end are
left out, and with at most 3 printed digits and P + N <= 80 every other value is more than
1e-6 from an end, so the float tolerance cannot change the answer.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from rocpr_exact.consistency import check_consistency, reported_interval
from tests.consistency.brute import point_metrics

mlscorecheck = pytest.importorskip("mlscorecheck.check.binary")

NAMES = {
    "precision": "ppv",
    "recall": "sens",
    "specificity": "spec",
    "accuracy": "acc",
    "f1": "f1p",
}


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
        scaled = value.numerator * 10**digits // value.denominator + draw(
            st.sampled_from([0, 1, -1])
        )
        scaled = max(scaled, 0)
        reported[name] = f"{scaled // 10**digits}.{str(scaled % 10**digits).rjust(digits, '0')}"
    return p, n, reported


@given(cases())
def test_single_operating_point_agrees_with_mlscorecheck(
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
    eps = {NAMES[k]: 0.5 * 10 ** -len(v.partition(".")[2]) for k, v in reported.items()}
    scores = {NAMES[k]: float(v) for k, v in reported.items()}
    theirs = mlscorecheck.check_1_testset_no_kfold(testset={"p": p, "n": n}, scores=scores, eps=eps)
    # One difference of convention: precision is undefined when nothing is predicted positive
    # (TP = FP = 0); we never let an undefined precision match a reported one, mlscorecheck does
    # not rule that matrix out.  So it also accepts whenever (0, 0) meets the other scores.
    at_origin = point_metrics(0, 0, p, n)
    lenient = "precision" in reported and all(
        at_origin[k] in i for k, i in intervals.items() if k != "precision"
    )
    assert (not theirs["inconsistency"]) == (ours == "possible" or lenient)
