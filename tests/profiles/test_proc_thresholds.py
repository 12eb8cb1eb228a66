"""pROC's thresholds as R computes them, bit for bit (``roc.utils.thresholds``).

R evaluates ``ifelse(abs((a + b)/2) > 1e100, a/2 + b/2, (a + b)/2)`` in binary64, each
operation rounded to nearest, ties to even: near the largest double ``a + b`` overflows to Inf
and the second form is taken; in the subnormal range the halving rounds.  Expected values:
pROC 1.18.0 under R 4.2.2 (printed with ``sprintf("%a")``; pROC's own
tests/testthat/test-numeric-accuracy.R data), and numpy's float64 arithmetic (IEEE 754 in
hardware) as an independent evaluation of the same R expression.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from rocpr_exact.exact.display import decimal
from rocpr_exact.profiles import proc
from rocpr_exact.profiles.proc import delong as proc_delong

BIG, BIGGER = float.fromhex("0x1.ffffffffffffep+1023"), float.fromhex("0x1.fffffffffffffp+1023")



def _doubles(text: str) -> list[float]:
    return [float.fromhex(x) for x in text.split()]


#: pROC's "hard" predictor of test-numeric-accuracy.R: runs of adjacent doubles next to
#: -+DBL_MAX, -+1e100 and -+0 (subnormals).
HARD = _doubles(
    "-0x1.fffffffffffffp+1023 -0x1.ffffffffffffep+1023 -0x1.ffffffffffffdp+1023 "
    "-0x1.249ad2594c37fp+332 -0x1.249ad2594c37ep+332 -0x1.249ad2594c37dp+332 "
    "-0x1.249ad2594c37cp+332 -0x1.249ad2594c37bp+332 -0x1.249ad2594c37ap+332 "
    "-0x0.0000000000003p-1022 -0x0.0000000000002p-1022 -0x0.0000000000001p-1022 -0x0p+0 "
    "0x0p+0 0x0.0000000000001p-1022 0x0.0000000000002p-1022 0x0.0000000000003p-1022 "
    "0x1.249ad2594c37ap+332 0x1.249ad2594c37bp+332 0x1.249ad2594c37cp+332 "
    "0x1.249ad2594c37dp+332 0x1.249ad2594c37ep+332 0x1.249ad2594c37fp+332 "
    "0x1.ffffffffffffdp+1023 0x1.ffffffffffffep+1023 0x1.fffffffffffffp+1023"
)

#: R's roc(rep(c(0, 1), 13), HARD, direction = "<")$thresholds (pROC 1.18.0, R 4.2.2).
HARD_THRESHOLDS_R = _doubles(
    "-inf -0x1.ffffffffffffep+1023 -0x1.ffffffffffffdp+1023 -0x1.ffffffffffffdp+1022 "
    "-0x1.249ad2594c37ep+332 -0x1.249ad2594c37dp+332 -0x1.249ad2594c37cp+332 "
    "-0x1.249ad2594c37bp+332 -0x1.249ad2594c37ap+332 -0x1.249ad2594c37ap+331 "
    "-0x0.0000000000002p-1022 -0x0.0000000000001p-1022 0x0p+0 0x0.0000000000001p-1022 "
    "0x0.0000000000002p-1022 0x0.0000000000003p-1022 0x1.249ad2594c37ap+331 "
    "0x1.249ad2594c37bp+332 0x1.249ad2594c37cp+332 0x1.249ad2594c37dp+332 "
    "0x1.249ad2594c37ep+332 0x1.249ad2594c37fp+332 0x1.ffffffffffffdp+1022 "
    "0x1.ffffffffffffep+1023 0x1.fffffffffffffp+1023 inf"
)


def _hex(thresholds: tuple[Fraction | float, ...]) -> list[str]:
    return [float(t).hex() for t in thresholds]


def test_overflowing_sum_takes_the_halves_as_r() -> None:
    # pROC 1.18.0: -Inf, 1.5, 0x1.ffffffffffffep+1022, 0x1.fffffffffffffp+1023, Inf (issue 38;
    # a/2 + b/2 = 0x1.ffffffffffffe8p+1023 ties to the even BIG, which the near-tie fix moves
    # to BIGGER for direction "<")
    r = proc.roc([0, 1, 0, 1], [1.0, 2.0, BIG, BIGGER])
    assert _hex(r.thresholds) == [
        "-inf",
        "0x1.8000000000000p+0",
        "0x1.ffffffffffffep+1022",
        "0x1.fffffffffffffp+1023",
        "inf",
    ]
    assert r.auc == Fraction(3, 4)


def test_inference_runs_on_such_data() -> None:
    # R: var(r) = 0.125 (two cases, two controls, AUC 3/4)
    r = proc.roc([0, 1, 0, 1], [1.0, 2.0, BIG, BIGGER])
    assert proc_delong.var(r) == Fraction(1, 8)
    low, theta, high = proc_delong.ci_auc(r)
    assert theta == Fraction(3, 4) and low is not None and high == 1
    assert proc_delong.cov(r, r) == Fraction(1, 8)
    assert proc_delong.roc_test(r, r).statistic == 0  # identical curves: pROC's Z = 0


def test_hard_predictor_thresholds_bit_for_bit() -> None:
    hard = proc.roc([0, 1] * 13, HARD, direction="<")
    assert [float(t) for t in hard.thresholds] == HARD_THRESHOLDS_R
    # every threshold is a double (the halving of a subnormal rounds): as_integer_ratio agrees
    assert all(Fraction(float(t)) == t for t in hard.thresholds[1:-1])
    # R's thresholds for ">" are those of the negated predictor, negated, in the same order
    mirrored = proc.roc([0, 1] * 13, HARD, direction=">")
    negated = proc.roc([0, 1] * 13, [-x for x in HARD], direction="<")
    assert [float(t) for t in mirrored.thresholds] == [-float(t) for t in negated.thresholds]
    # the curve is the "easy" predictor's (pROC's expectation in test-numeric-accuracy.R)
    easy = [-103, -102, -101, -10, -9, -8, -7, -6, -5, -0.1, -0.01, -0.001, 0]
    easy += [0, 0.001, 0.01, 0.1, 5, 6, 7, 8, 9, 10, 101, 102, 103]
    plain = proc.roc([0, 1] * 13, easy, direction="<")
    assert hard.sensitivities == plain.sensitivities
    assert hard.specificities == plain.specificities


def _r_midpoint(a: float, b: float) -> float:
    """R's expression in numpy float64 (IEEE in hardware), with the near-tie fix for "<"."""
    x, y = np.float64(a), np.float64(b)
    with np.errstate(over="ignore"):
        first = (x + y) / np.float64(2)
    mid = x / np.float64(2) + y / np.float64(2) if abs(first) > np.float64(1e100) else first
    return float(y if mid == x else mid)


_DOUBLES = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False),
    st.floats(min_value=-1e-305, max_value=1e-305),  # subnormals and their neighbours
    st.floats(min_value=1e307, allow_infinity=False),
    st.floats(max_value=-1e307, allow_infinity=False),
    st.floats(min_value=1e99, max_value=1e101),
)


@given(st.lists(_DOUBLES, min_size=2, max_size=6, unique_by=lambda v: v if v else 0))
def test_thresholds_are_r_arithmetic(values: list[float]) -> None:
    response = [i % 2 for i in range(len(values))]
    r = proc.roc(response, values, direction="<")
    distinct = sorted(set(values))
    expected = [_r_midpoint(a, b) for a, b in pairwise(distinct)]
    assert [float(t) for t in r.thresholds[1:-1]] == expected
    assert r.thresholds[0] == -np.inf and r.thresholds[-1] == np.inf
    assert decimal(r.auc, 3)  # the area is still exact
