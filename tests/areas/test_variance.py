"""DeLong variance and covariance, Hanley-McNeil: against the textbook formulas in Fractions.

The reference below is written from DeLong, DeLong & Clarke-Pearson (1988), section 3, pair by
pair (psi(X, Y) = 1, 1/2, 0), with the sample variances and covariances as printed there; it
shares no code with :mod:`rocpr_exact.areas.variance` (which works from tie groups and doubled
placements).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact.areas.variance import (
    auc_covariance,
    auc_variance,
    delong_sums,
    hanley_mcneil,
    placements,
)
from rocpr_exact.errors import InvalidInputError, NoNegativesError, UndefinedMetricError
from tests.strategies import datasets


def psi(x: int, y: int) -> Fraction:
    if x > y:
        return Fraction(1)
    return Fraction(1, 2) if x == y else Fraction(0)


def components(scores: list[int], labels: list[int]) -> tuple[list[Fraction], list[Fraction]]:
    xs = [s for s, y in zip(scores, labels, strict=True) if y]
    ys = [s for s, y in zip(scores, labels, strict=True) if not y]
    v10 = [sum((psi(x, y) for y in ys), Fraction(0)) / len(ys) for x in xs]
    v01 = [sum((psi(x, y) for x in xs), Fraction(0)) / len(xs) for y in ys]
    return v10, v01


def textbook_covariance(a: list[int], b: list[int], labels: list[int]) -> Fraction:
    a10, a01 = components(a, labels)
    b10, b01 = components(b, labels)
    p, n = len(a10), len(a01)
    theta_a, theta_b = sum(a10) / p, sum(b10) / p
    s10 = sum((x - theta_a) * (y - theta_b) for x, y in zip(a10, b10, strict=True)) / (p - 1)
    s01 = sum((x - theta_a) * (y - theta_b) for x, y in zip(a01, b01, strict=True)) / (n - 1)
    return s10 / p + s01 / n


def both_two(data: tuple[list[int], list[int]]) -> bool:
    return data[1].count(1) >= 2 and data[1].count(0) >= 2


@given(datasets(min_size=4).filter(both_two))
def test_delong_variance_is_the_textbook_formula(data: tuple[list[int], list[int]]) -> None:
    scores, labels = data
    expected = textbook_covariance(scores, scores, labels)
    for thresholds in ("all", "paper"):
        curve = rx.Curve.from_scores(scores, labels, thresholds=thresholds)
        assert auc_variance(curve) == expected
    # the Python path of a curve (tuples) and of numpy arrays agree
    arrays = rx.Curve.from_scores(np.array(scores), np.array(labels))
    assert auc_variance(arrays) == expected
    assert auc_covariance(scores, scores, labels) == expected


@given(datasets(min_size=4).filter(both_two), st.randoms(use_true_random=False))
def test_delong_covariance_is_the_textbook_formula(
    data: tuple[list[int], list[int]], random: object
) -> None:
    scores, labels = data
    other = list(scores)
    random.shuffle(other)  # type: ignore[attr-defined]
    other = [s + (i % 3) for i, s in enumerate(other)]
    expected = textbook_covariance(scores, other, labels)
    assert auc_covariance(scores, other, labels) == expected
    assert auc_covariance(np.array(scores), np.array(other), np.array(labels)) == expected
    assert auc_covariance(other, scores, labels) == expected  # symmetric


@given(datasets(min_size=2))
def test_placements_are_twice_the_components(data: tuple[list[int], list[int]]) -> None:
    scores, labels = data
    v10, v01 = components(scores, labels)
    found = placements(scores, labels)
    n, p = len(v01), len(v10)
    assert [Fraction(c, 2 * n) for c in found.positive_c] == v10
    assert [Fraction(d, 2 * p) for d in found.negative_d] == v01
    fast = placements(np.array(scores), np.array(labels))  # one sort, scans over tie groups
    assert fast.positive_c.tolist() == found.positive_c
    assert fast.negative_d.tolist() == found.negative_d
    halves = placements(np.array(scores) / 2 - 1.5, np.array(labels))  # float ties, +-0.0
    assert (halves.positive_c.tolist(), halves.negative_d.tolist()) == (
        found.positive_c,
        found.negative_d,
    )


@given(datasets(min_size=2))
def test_hanley_mcneil_is_eq_2(data: tuple[list[int], list[int]]) -> None:
    scores, labels = data
    curve = rx.Curve.from_scores(scores, labels)
    a, p, n = rx.auc_roc(curve), curve.positives, curve.negatives
    q1, q2 = a / (2 - a), 2 * a**2 / (1 + a)
    expected = (a * (1 - a) + (p - 1) * (q1 - a**2) + (n - 1) * (q2 - a**2)) / (p * n)
    assert auc_variance(curve, "hanley-mcneil") == expected


def test_hand_case_delong() -> None:
    # positives 4, 3; negatives 3, 1.  V10 = (1, 3/4), V01 = (3/4, 1), theta = 7/8.
    # S10 = ((1/8)^2 + (1/8)^2) / 1 = 1/32, likewise S01: var = 1/64 + 1/64 = 1/32.
    assert auc_variance(rx.Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0])) == Fraction(1, 32)


def test_perfect_separation_has_zero_variance() -> None:
    assert auc_variance(rx.Curve.from_scores([4, 3, 2, 1], [1, 1, 0, 0])) == 0


def test_one_positive_or_negative_is_refused() -> None:
    with pytest.raises(UndefinedMetricError, match="at least 2 positives and 2 negatives"):
        auc_variance(rx.Curve.from_scores([3, 2, 1], [1, 0, 0]))
    with pytest.raises(UndefinedMetricError, match="P = 2, N = 1"):
        auc_covariance([3, 2, 1], [1, 2, 3], [1, 1, 0])
    with pytest.raises(NoNegativesError):
        auc_variance(rx.Curve.from_scores([3, 2], [1, 1]))
    # Hanley-McNeil is defined for P = N = 1
    assert hanley_mcneil(Fraction(1), 1, 1) == 0


def test_unknown_method_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="unknown variance method 'bootstrap'"):
        auc_variance(rx.Curve.from_scores([1, 2], [0, 1]), "bootstrap")  # type: ignore[arg-type]


def test_large_counts_take_the_python_path() -> None:
    # counts past int64 (2^40 examples per group): exact in Python ints
    big = 1 << 40
    curve = rx.Curve.from_counts([(big, 0), (big, big), (2 * big, 2 * big)], 2 * big, 2 * big)
    small = rx.Curve.from_counts([(1, 0), (1, 1), (2, 2)], 2, 2)
    sums, unit = delong_sums(curve), delong_sums(small)
    # every placement scales by `big`, every class size too
    assert (sums.sum_c, sums.sum_cc) == (unit.sum_c * big**2, unit.sum_cc * big**3)
    assert auc_variance(curve) > 0


def test_covariance_needs_equal_lengths() -> None:
    with pytest.raises(InvalidInputError):
        auc_covariance([1, 2, 3, 4], [1, 2, 3], [0, 1, 0, 1])


def test_covariance_sums_in_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    # the int64 cross sums run over chunks whose partial sums stay below a safe bound; a tiny
    # bound forces many chunks (one or two examples each) and the result must not change
    import rocpr_exact.areas.variance as variance

    rng = np.random.default_rng(7)
    labels = (rng.random(60) < 0.4).astype(int)
    a, b = rng.integers(0, 9, 60), rng.integers(0, 5, 60)
    expected = textbook_covariance(a.tolist(), b.tolist(), labels.tolist())
    monkeypatch.setattr(variance, "_INT64_SAFE", 2 * (2 * 60) ** 2)
    assert auc_covariance(a, b, labels) == expected
    assert rx.delong_test(a, b, labels).variance == (
        textbook_covariance(a.tolist(), a.tolist(), labels.tolist())
        + textbook_covariance(b.tolist(), b.tolist(), labels.tolist())
        - 2 * expected
    )
