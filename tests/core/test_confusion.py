"""Confusion matrices and the Theorem 3.1 maps (Davis & Goadrich 2006, Figure 2, Theorem 3.1)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rocpr_exact as rx


@st.composite
def matrices(draw: st.DrawFn) -> rx.ConfusionMatrix:
    p = draw(st.integers(1, 50))
    n = draw(st.integers(1, 50))
    return rx.ConfusionMatrix.from_counts(
        draw(st.integers(0, p)), draw(st.integers(0, n)), positives=p, negatives=n
    )


def test_rates_by_hand() -> None:
    # Table 1's point B: TP=10, FP=30, P=20, N=2000 -> recall 10/20, precision 10/40, FPR 30/2000.
    c = rx.ConfusionMatrix.from_counts(10, 30, positives=20, negatives=2000)
    assert (c.fn, c.tn) == (10, 1970)
    assert c.recall == c.tpr == Fraction(1, 2)
    assert c.precision == Fraction(1, 4)
    assert c.fpr == Fraction(3, 200)
    assert (c.fpr, c.tpr) == (Fraction(3, 200), Fraction(1, 2))
    assert (c.recall, c.precision) == (Fraction(1, 2), Fraction(1, 4))


def test_values_are_immutable_and_validated() -> None:
    c = rx.ConfusionMatrix(1, 2, 3, 4)
    with pytest.raises(AttributeError):
        c.tp = 5  # type: ignore[misc]
    for bad in [(-1, 0, 0, 0), (1.0, 0, 0, 0), (True, 0, 0, 0), ("1", 0, 0, 0)]:
        with pytest.raises(rx.InvalidInputError):
            rx.ConfusionMatrix(*bad)  # type: ignore[arg-type]
    with pytest.raises(rx.InvalidInputError, match="tp must lie in"):
        rx.ConfusionMatrix.from_counts(21, 0, positives=20, negatives=5)


def test_undefined_rates_raise_specific_errors() -> None:
    with pytest.raises(rx.UndefinedPrecisionError, match="TP \\+ FP = 0"):
        _ = rx.ConfusionMatrix(0, 0, 5, 5).precision
    with pytest.raises(rx.NoPositivesError):
        _ = rx.ConfusionMatrix(0, 1, 0, 5).recall
    with pytest.raises(rx.NoNegativesError):
        _ = rx.ConfusionMatrix(1, 0, 1, 0).fpr
    assert issubclass(rx.UndefinedPrecisionError, rx.RocPrError)
    assert issubclass(rx.RocPrError, ValueError)


@given(matrices())
def test_roc_point_determines_the_matrix(c: rx.ConfusionMatrix) -> None:
    fpr, tpr = (c.fpr, c.tpr)
    assert rx.ConfusionMatrix.from_roc(fpr, tpr, positives=c.positives, negatives=c.negatives) == c


@given(matrices())
def test_pr_point_determines_the_matrix_when_recall_is_not_zero(c: rx.ConfusionMatrix) -> None:
    if c.tp == 0:
        with pytest.raises(rx.AmbiguousPointError, match="recall 0"):
            rx.ConfusionMatrix.from_pr(0, 0, positives=c.positives, negatives=c.negatives)
        return
    recall, precision = (c.recall, c.precision)
    assert (
        rx.ConfusionMatrix.from_pr(recall, precision, positives=c.positives, negatives=c.negatives)
        == c
    )


def test_recall_zero_is_ambiguous() -> None:
    # (TP, FP) = (0, 1) and (0, 2) share the PR point (0, 0): no unique matrix.
    a = rx.ConfusionMatrix.from_counts(0, 1, positives=3, negatives=3)
    b = rx.ConfusionMatrix.from_counts(0, 2, positives=3, negatives=3)
    assert a.recall == b.recall == 0 and a.precision == b.precision == 0
    with pytest.raises(rx.AmbiguousPointError, match="no unique confusion matrix"):
        rx.ConfusionMatrix.from_pr(0, 0, positives=3, negatives=3)


def test_points_off_the_grid_are_errors_that_name_the_nearest_counts() -> None:
    # TPR 1/3 of P=20 is TP = 20/3 = 6.67: nearest whole counts 6 and 7.
    with pytest.raises(rx.NotRepresentableError, match=r"TP = 20/3.*TP = 6 or 7"):
        rx.ConfusionMatrix.from_roc(0, Fraction(1, 3), positives=20, negatives=2000)
    # recall 1/4 of 20 is TP = 5; precision 2/3 would need FP = 5 * (1/3) / (2/3) = 5/2.
    with pytest.raises(rx.NotRepresentableError, match=r"FP = 5/2.*FP = 2 or 3"):
        rx.ConfusionMatrix.from_pr(Fraction(1, 4), Fraction(2, 3), positives=20, negatives=2000)
    with pytest.raises(rx.NotRepresentableError, match=r"FP = 15 > N = 10"):
        rx.ConfusionMatrix.from_pr(Fraction(1, 4), Fraction(1, 4), positives=20, negatives=10)


def test_rates_must_be_exact_and_in_range() -> None:
    with pytest.raises(rx.InvalidInputError, match="exact int or Fraction"):
        rx.ConfusionMatrix.from_roc(0.5, 0, positives=2, negatives=2)  # type: ignore[arg-type]
    with pytest.raises(rx.InvalidInputError, match=r"\[0, 1\]"):
        rx.ConfusionMatrix.from_roc(Fraction(3, 2), 0, positives=2, negatives=2)
    with pytest.raises(rx.InvalidInputError, match="precision 0 with recall"):
        rx.ConfusionMatrix.from_pr(Fraction(1, 2), 0, positives=2, negatives=2)
