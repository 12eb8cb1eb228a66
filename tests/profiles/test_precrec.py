"""precrec twin: rows with spread ties, the recall grid on the continuous PR curve."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given

from rocpr_exact.areas.auc import auc_pr
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError, NoNegativesError, NoPositivesError
from rocpr_exact.profiles import precrec
from tests.brute_force import mann_whitney
from tests.strategies import any_dataset


def _rows_by_hand(scores: list[int], labels: list[int]) -> list[tuple[Fraction, Fraction]]:
    """precrec's per-example (TP, FP): walk the ranking, spread each tie group evenly."""
    rows = [(Fraction(0), Fraction(0))]
    for value in sorted(set(scores), reverse=True):
        group = [y for s, y in zip(scores, labels, strict=True) if s == value]
        a, b, k = sum(group), len(group) - sum(group), len(group)
        t0, f0 = rows[-1]
        rows += [(t0 + Fraction(a * j, k), f0 + Fraction(b * j, k)) for j in range(1, k + 1)]
    return rows


@given(any_dataset)
def test_without_the_grid_it_is_trapezoids_over_the_rows(data: tuple[list[int], list[int]]) -> None:
    scores, labels = data
    p = sum(labels)
    rows = _rows_by_hand(scores, labels)
    points = [(tp / p, tp / (tp + fp)) for tp, fp in rows[1:]]
    points.insert(0, (Fraction(0), points[0][1]))
    expected = sum(
        ((r1 - r0) * (q0 + q1) / 2 for (r0, q0), (r1, q1) in pairwise(points)), Fraction(0)
    )
    aucs = precrec.evalmod(scores, labels, interpolate=False)
    assert aucs == precrec.evalmod(scores, labels, x_bins=0)  # evalmod: 0 bins become 1
    assert aucs.prc == expected
    assert aucs.roc == mann_whitney(scores, labels)


def test_the_grid_lies_on_the_continuous_pr_curve() -> None:
    # With many grid points the trapezoid rule tends to the integral of the PR image.
    scores, labels = [5, 4, 4, 3, 2, 2, 2, 1, 0], [1, 0, 1, 0, 1, 1, 0, 0, 1]
    fine = precrec.evalmod(scores, labels, x_bins=4000).prc
    continuous = auc_pr(Curve.from_scores(scores, labels), "continuous")
    assert abs(float(fine) - float(continuous)) < 1e-6
    assert (
        abs(float(precrec.evalmod(scores, labels, interpolate=False).prc) - float(continuous))
        > 1e-3
    )


@pytest.mark.parametrize(
    ("labels", "kwargs", "error"),
    [
        ([1, 1, 1], {}, NoNegativesError),
        ([0, 0, 0], {"posclass": 1}, NoPositivesError),
        ([0, 1, 2], {}, InvalidInputError),
        ([0, 1, 0], {"x_bins": -1}, InvalidInputError),
        ([0, 1, 0], {"x_bins": 2.5}, InvalidInputError),
    ],
)
def test_refusals(labels: list[int], kwargs: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        precrec.evalmod([0.3, 0.2, 0.1], labels, **kwargs)  # type: ignore[arg-type]
