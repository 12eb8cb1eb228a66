"""Best F-beta / Youden threshold against a brute force over every cut-off of the raw data."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact.errors import InvalidInputError, NoNegativesError
from rocpr_exact.geometry.optimal import best_operating_point, constrained_operating_point
from tests.strategies import datasets, examples

betas = st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(2), Fraction(1, 3), 3])


def brute(
    scores: list[int], labels: list[int], objective: str, beta: Fraction
) -> tuple[Fraction, int]:
    """The best value and its (highest) cut-off, from the definitions on the raw examples."""
    p, n = sum(labels), len(labels) - sum(labels)
    best: tuple[Fraction, int] | None = None
    for cut in sorted(set(scores), reverse=True):  # strictest first: ties keep the first
        tp = sum(1 for s, y in zip(scores, labels, strict=True) if s >= cut and y == 1)
        fp = sum(1 for s, y in zip(scores, labels, strict=True) if s >= cut and y == 0)
        if objective == "youden":
            value = Fraction(tp, p) - Fraction(fp, n)
        else:
            precision = Fraction(tp, tp + fp)
            recall = Fraction(tp, p)
            b2 = beta * beta
            value = (1 + b2) * precision * recall / (b2 * precision + recall) if tp else Fraction(0)
        if best is None or value > best[0]:
            best = (value, cut)
    assert best is not None
    return best


@settings(max_examples=examples(1), deadline=None)
@given(datasets(max_size=30), betas, st.sampled_from(["f_beta", "youden"]))
def test_equals_brute_force_and_the_hulls_best(
    data: tuple[list[int], list[int]], beta: Fraction, objective: str
) -> None:
    scores, labels = data
    curve = rx.Curve.from_scores(scores, labels)
    found = best_operating_point(curve, objective, beta=beta)  # type: ignore[arg-type]
    value, cut = brute(scores, labels, objective, Fraction(beta))
    assert (found.value, found.threshold) == (value, cut)
    # Linear-fractional objectives peak at a vertex of the ROC convex hull.
    hull = rx.roc_convex_hull(curve)
    assert best_operating_point(hull, objective, beta=beta).value == value  # type: ignore[arg-type]


def test_refusals() -> None:
    curve = rx.Curve.from_scores([2, 1], [1, 0])
    with pytest.raises(InvalidInputError, match="beta must be > 0"):
        best_operating_point(curve, beta=0)
    with pytest.raises(InvalidInputError, match="beta must be an exact int or Fraction"):
        best_operating_point(curve, beta=0.5)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="objective must be"):
        best_operating_point(curve, "accuracy")  # type: ignore[arg-type]
    with pytest.raises(NoNegativesError):
        best_operating_point(rx.Curve.from_scores([2, 1], [1, 1]), "youden")
    with pytest.raises(InvalidInputError, match="at least one positive"):
        best_operating_point(rx.Curve.from_scores([2, 1], [0, 0]))


def brute_constrained(
    scores: list[int], labels: list[int], constraint: str, level: Fraction
) -> tuple[Fraction, int] | None:
    """The constrained best (value, cut-off) from the definitions, every cut-off tried.

    recall >= level: max precision, ties the greater recall; precision >= level: max recall,
    ties the greater precision; fpr <= level: max TPR, ties the smaller FPR; then the
    strictest cut-off (the first, scanning from the highest score).
    """
    p, n = sum(labels), len(labels) - sum(labels)
    best: tuple[tuple[Fraction, Fraction], int] | None = None
    for cut in sorted(set(scores), reverse=True):
        tp = sum(1 for s, y in zip(scores, labels, strict=True) if s >= cut and y == 1)
        fp = sum(1 for s, y in zip(scores, labels, strict=True) if s >= cut and y == 0)
        recall, precision = Fraction(tp, p), Fraction(tp, tp + fp)
        fpr = Fraction(fp, n)
        if constraint == "recall":
            met, key = recall >= level, (precision, recall)
        elif constraint == "precision":
            met, key = precision >= level, (recall, precision)
        else:
            met, key = fpr <= level, (recall, -fpr)
        if met and (best is None or key > best[0]):
            best = (key, cut)
    return None if best is None else (best[0][0], best[1])


levels = st.sampled_from(
    [Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(9, 10), Fraction(1)]
)


@settings(max_examples=examples(1), deadline=None)
@given(datasets(max_size=30), levels, st.sampled_from(["recall", "precision", "fpr"]))
def test_constrained_equals_brute_force(
    data: tuple[list[int], list[int]], level: Fraction, constraint: str
) -> None:
    scores, labels = data
    curve = rx.Curve.from_scores(scores, labels)
    expected = brute_constrained(scores, labels, constraint, level)
    if expected is None:
        with pytest.raises(InvalidInputError, match="no threshold of the curve gives"):
            constrained_operating_point(curve, constraint, level)  # type: ignore[arg-type]
        return
    found = constrained_operating_point(curve, constraint, level)  # type: ignore[arg-type]
    assert (found.value, found.threshold) == expected


def test_constrained_refuses_bad_levels_and_constraints() -> None:
    curve = rx.Curve.from_scores([2, 1], [1, 0])
    for level in (Fraction(3, 2), -1, 0.5, True):
        with pytest.raises(InvalidInputError, match="level must be"):
            constrained_operating_point(curve, "recall", level)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="constraint must be"):
        constrained_operating_point(curve, "tnr", 1)  # type: ignore[arg-type]


def test_one_class_messages_name_the_criterion_not_a_function() -> None:
    # issue 38: 'best_operating_point (Youden's J) requires ...' reached the CLI
    only_positives = rx.Curve.from_scores([0.9, 0.1], [1, 1])
    with pytest.raises(NoNegativesError) as youden:
        best_operating_point(only_positives, "youden")
    assert str(youden.value) == (
        "Youden's J requires at least one negative example (ROC needs N > 0)"
    )
    with pytest.raises(NoNegativesError, match=r"^a TPR at an FPR requires"):
        constrained_operating_point(only_positives, "fpr", Fraction(1, 2))
