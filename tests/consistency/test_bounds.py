"""The exact bounds of rocpr_exact.consistency.bounds against brute force over every ranking."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from rocpr_exact.areas.auc import auc_pr
from rocpr_exact.consistency import (
    auc_roc_values,
    average_precision_range,
    boyd_minimum_auc_pr,
    min_auc_pr_continuous,
    min_auc_pr_dg,
    min_auc_pr_linear,
    min_average_precision,
)
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError, ResourceLimitError
from tests.consistency.brute import scored, table

SIZES = [(p, n) for p in range(1, 5) for n in range(1, 5)]


@pytest.mark.parametrize(("p", "n"), SIZES)
@pytest.mark.parametrize("ties", [True, False])
def test_auc_roc_values_are_exactly_the_brute_force_set(p: int, n: int, ties: bool) -> None:
    seen = {row.ranking["auc_roc"] for row in table(p, n, ties)}
    assert seen == {Fraction(k, 2 * p * n) for k in auc_roc_values(p, n, ties=ties)}


@pytest.mark.parametrize(("p", "n"), SIZES)
def test_minimum_areas_are_the_brute_force_minima(p: int, n: int) -> None:
    for ties in (True, False):
        rows = table(p, n, ties)
        assert min(r.ranking["average_precision"] for r in rows) == min_average_precision(p, n)
        assert min(r.ranking["auc_pr_dg"] for r in rows) == min_auc_pr_dg(p, n)
        assert min(r.ranking["auc_pr_linear"] for r in rows) == min_auc_pr_linear(p, n, ties=ties)
        # The maxima are 1: every positive first.
        for name in ("average_precision", "auc_pr_dg", "auc_pr_linear", "auc_roc"):
            assert max(r.ranking[name] for r in rows) == 1


def test_minimum_average_precision_by_hand() -> None:
    # P = 3, N = 2: (1/3)(1/3 + 2/4 + 3/5) = (1/3)(20 + 30 + 36)/60 = 86/180 = 43/90.
    assert min_average_precision(3, 2) == Fraction(43, 90)
    # Davis-Goadrich, P = 2, N = 2: points (0, 0), (1/2, 1/3), (1, 1/2):
    # (1/2)(0 + 1/3)/2 + (1/2)(1/3 + 1/2)/2 = 1/12 + 5/24 = 7/24.
    assert min_auc_pr_dg(2, 2) == Fraction(7, 24)


@pytest.mark.parametrize(("p", "n"), [(1, 1), (2, 1), (1, 3), (2, 3), (3, 2), (3, 3)])
def test_continuous_minimum_is_the_brute_force_minimum(p: int, n: int) -> None:
    minimum = min_auc_pr_continuous(p, n)
    areas = [
        auc_pr(Curve.from_scores(*scored(row.groups)), "continuous") for row in table(p, n, True)
    ]
    assert all(minimum <= area for area in areas)
    assert any(minimum == area for area in areas)


def test_boyd_formula_against_sympy_integral() -> None:
    r = sympy.symbols("r", positive=True)
    for pi in (Fraction(1, 2), Fraction(1, 3), Fraction(1, 101)):
        s = sympy.Rational(pi.numerator, pi.denominator)
        integral = sympy.integrate(r * s / (r * s + 1 - s), (r, 0, 1))
        assert sympy.simplify(integral - boyd_minimum_auc_pr(pi).to_sympy()) == 0  # type: ignore[operator]


@pytest.mark.parametrize(("p", "n"), [(2, 2), (3, 2), (2, 4), (3, 3)])
@pytest.mark.parametrize("ties", [True, False])
def test_average_precision_range_given_auc(p: int, n: int, ties: bool) -> None:
    by_auc: dict[Fraction, list[Fraction]] = {}
    for row in table(p, n, ties):
        by_auc.setdefault(row.ranking["auc_roc"], []).append(row.ranking["average_precision"])
    for k in range(2 * p * n + 1):
        auc = Fraction(k, 2 * p * n)
        expected = (min(by_auc[auc]), max(by_auc[auc])) if auc in by_auc else None
        assert average_precision_range(p, n, auc, ties=ties) == expected


def test_average_precision_range_limit_and_errors() -> None:
    with pytest.raises(ResourceLimitError, match="max_states = 10"):
        average_precision_range(4, 4, Fraction(1, 2), max_states=10)
    with pytest.raises(InvalidInputError, match="negatives must be an int >= 1"):
        min_average_precision(3, 0)
    with pytest.raises(InvalidInputError, match="skew"):
        boyd_minimum_auc_pr(Fraction(1))
