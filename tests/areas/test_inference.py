"""auc_ci, delong_test and ap_ci: their exact parts against the textbook formulas."""

from __future__ import annotations

from fractions import Fraction

import mpmath
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact.areas.inference import ap_ci, auc_ci, delong_test
from rocpr_exact.errors import InvalidInputError, UndefinedMetricError
from tests.areas.test_variance import both_two, textbook_covariance
from tests.strategies import datasets


@given(datasets(min_size=4).filter(both_two), st.randoms(use_true_random=False))
def test_paired_z_squared_is_the_textbook_formula(
    data: tuple[list[int], list[int]], random: object
) -> None:
    scores, labels = data
    other = [s * 3 % 7 for s in scores]
    random.shuffle(other)  # type: ignore[attr-defined]
    var = (
        textbook_covariance(scores, scores, labels)
        + textbook_covariance(other, other, labels)
        - 2 * textbook_covariance(scores, other, labels)
    )
    a = rx.auc_roc(rx.Curve.from_scores(scores, labels))
    b = rx.auc_roc(rx.Curve.from_scores(other, labels))
    if var == 0:
        with pytest.raises(UndefinedMetricError, match="variance of the AUC difference is 0"):
            delong_test(scores, other, labels)
        return
    test = delong_test(scores, other, labels)
    assert (test.auc_a, test.auc_b, test.variance) == (a, b, var)
    assert test.z_squared == (a - b) ** 2 / var
    assert test.z(6).startswith("-") == (a < b)


@given(datasets(min_size=4).filter(both_two), datasets(min_size=4).filter(both_two))
def test_unpaired_adds_the_two_variances(
    first: tuple[list[int], list[int]], second: tuple[list[int], list[int]]
) -> None:
    var = textbook_covariance(first[0], first[0], first[1]) + textbook_covariance(
        second[0], second[0], second[1]
    )
    if var == 0:
        return
    test = delong_test(first[0], second[0], first[1], paired=False, labels_b=second[1])
    assert test.variance == var


def test_hand_case() -> None:
    # positives 4, 3, negatives 3, 1 (a) and positives 1, 3, negatives 2, 4 (b):
    # var_a = 1/32, var_b = 1/8, cov = -1/16 (tests/areas/test_variance.py), so
    # var = 1/32 + 1/8 + 1/8 = 9/32 and z^2 = (7/8 - 1/4)^2 / (9/32) = 25/18.
    test = delong_test([4, 3, 3, 1], [1, 2, 3, 4], [1, 0, 1, 0])
    assert test.z_squared == Fraction(25, 18)
    mpmath.mp.dps = 30
    p = mpmath.erfc(mpmath.sqrt(mpmath.mpf(25) / 36))  # erfc(|z| / sqrt 2)
    assert test.p_value(8) == f"{float(p):.7e}"


def test_auc_ci_centre_and_variance() -> None:
    curve = rx.Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0])
    ci = auc_ci(curve, Fraction(9, 10), "hanley-mcneil")
    assert (ci.auc, ci.variance) == (Fraction(7, 8), rx.auc_variance(curve, "hanley-mcneil"))
    low, high = ci.decimals(6)
    assert Fraction(low) + Fraction(high) == pytest.approx(Fraction(7, 4), abs=2e-6)
    with pytest.raises(InvalidInputError):
        auc_ci(curve, Fraction(1))


def test_ap_binomial_interval() -> None:
    curve = rx.Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0])
    ci = ap_ci(curve, method="binomial")
    # theta = 5/6, P = 2: 5/6 -+ 1.959963984540054 * sqrt(5/72) (mpmath)
    mpmath.mp.dps = 30
    half = mpmath.sqrt(2) * mpmath.erfinv(mpmath.mpf("0.95")) * mpmath.sqrt(mpmath.mpf(5) / 72)
    expected = tuple(f"{float(mpmath.mpf(5) / 6 + s * half):.8f}" for s in (-1, 1))
    assert ci.decimals(8) == expected
    with pytest.raises(InvalidInputError, match="rational AUC-PR"):
        ap_ci(curve, estimator="continuous")
    with pytest.raises(UndefinedMetricError, match="0 < AUC-PR < 1"):
        ap_ci(rx.Curve.from_scores([2, 1], [1, 0]))


def test_ap_logit_interval_as_the_authors_code_writes_it() -> None:
    # kboyd/raucpr precision_recall.r (Boyd's own code, commit ed2377be), aucpr.conf.int.expit:
    # se.logit = sqrt(t (1 - t) / P) (1 / t + 1 / (1 - t)), ci = expit(logit(t) -+ z se.logit);
    # written that way here (mpmath), not as the library's tau = 1 / sqrt(P t (1 - t)).
    mpmath.mp.dps = 40
    z = mpmath.sqrt(2) * mpmath.erfinv(mpmath.mpf("0.9"))
    for scores, labels in (
        ([4, 3, 3, 1], [1, 0, 1, 0]),
        ([9, 8, 7, 6, 5, 4, 3], [1, 0, 1, 1, 0, 1, 0]),
    ):
        curve = rx.Curve.from_scores(scores, labels)
        ci = ap_ci(curve, Fraction(9, 10), "logit")
        t = mpmath.mpf(ci.theta.numerator) / ci.theta.denominator
        se = mpmath.sqrt(t * (1 - t) / curve.positives) * (1 / t + 1 / (1 - t))
        ends = [mpmath.log(t / (1 - t)) + s * z * se for s in (-1, 1)]
        expected = tuple(f"{float(mpmath.exp(e) / (1 + mpmath.exp(e))):.10f}" for e in ends)
        assert ci.decimals(10) == expected


def test_test_refusals() -> None:
    with pytest.raises(InvalidInputError, match="labels_b is for unpaired"):
        delong_test([1, 2, 3, 4], [1, 2, 3, 4], [0, 1, 0, 1], labels_b=[0, 1, 0, 1])
    with pytest.raises(UndefinedMetricError):
        delong_test([1, 2, 3, 4], [1, 2, 3, 4], [0, 1, 0, 1])  # the same ranking


def test_bad_places_are_one_line_errors() -> None:
    curve = rx.Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0])
    test = delong_test([4, 3, 3, 1], [1, 2, 3, 4], [1, 0, 1, 0])
    calls = [
        lambda: auc_ci(curve).decimals(-1),
        lambda: auc_ci(curve).decimals(1.5),  # type: ignore[arg-type]
        lambda: test.p_value(0),
        lambda: test.z(-1),
        lambda: ap_ci(curve).decimals(-2),
        lambda: auc_ci(curve, float("nan")),
    ]
    for call in calls:
        with pytest.raises(InvalidInputError):
            call()


def test_a_float_level_is_its_shortest_repr_and_the_ends_are_exact_enough() -> None:
    curve = rx.Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0])
    ci = auc_ci(curve, 0.95)
    assert ci.level == Fraction(19, 20) and ap_ci(curve, 0.9).level == Fraction(9, 10)
    # AUC 7/8, var 1/32: 7/8 -+ 1.959963984540054 * sqrt(1/32), mpmath at 50 digits below
    mpmath.mp.dps = 50
    half = mpmath.sqrt(2) * mpmath.erfinv(mpmath.mpf(19) / 20) * mpmath.sqrt(mpmath.mpf(1) / 32)
    for end, value in ((ci.lower, mpmath.mpf(7) / 8 - half), (ci.upper, mpmath.mpf(7) / 8 + half)):
        assert abs(mpmath.mpf(end.numerator) / end.denominator - value) <= mpmath.mpf(10) ** -30
    assert str(ci.lower)[:8] == "52852404"  # 0.528524..., as decimals(6) prints it
    assert ci.decimals(6) == ("0.528524", "1.221476")
