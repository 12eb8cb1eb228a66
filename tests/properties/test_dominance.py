"""Property tests of ``rocpr_exact.dominates`` (Davis & Goadrich 2006, Theorem 3.2).

On random pairs of curves over the same (P, N) (``tests.strategies.curve_pairs``: independent
curves, identical ones, curves touching at one point, sharing a segment, crossing once, differing
by one swapped pair of adjacent examples or one nudged vertex, both starting with negatives, two
scorings of one dataset, a curve and its ROC hull; sizes from 1 vs 1 through the paper's 20 vs 2000
to 5 vs 10^13):

* Theorem 3.2: the ROC and PR deciders agree, exactly, and every witness is a place where II is
  above I when both curves are evaluated there by brute force (``tests.brute_force``).
* A dense exact grid never contradicts the decision.
* The independent float reference (``tests.float_reference``) agrees on the decision and on every
  area within rel 1e-9, except in cases recognised as near-degenerate
  (``tests.float_reference_census.classify_decision``), which are counted (hypothesis events, the
  module counter ``CENSUS`` and the fixed-seed census test at the end) and in which the exact
  answer is confirmed by brute force instead.

The engineered hard cases (``tests/dominance_cases.py``) are pinned with ``@example``; each is
worked out by hand in ``tests/geometry/test_dominance.py``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

from hypothesis import event, example, given, settings

import rocpr_exact as rx
from tests import float_reference as fr
from tests.brute_force import pr_precision_range, roc_hull, roc_tpr_range
from tests.dominance_cases import HARD_CASES, NEAR_COLLINEAR, SKEW_RECALL0
from tests.float_reference_census import (
    TOL,
    area_disagreements,
    census,
    classify_decision,
    exact_value,
    witness_holds,
)
from tests.strategies import CurvePair, Point, curve_pairs, curves, examples

#: Disagreements of the float reference seen by the property tests in this run, by reason.
CENSUS: Counter[str] = Counter()


def pinned(test: Callable[..., None]) -> Callable[..., None]:
    """Pin every hard case of ``tests.dominance_cases``, in both orders, on a test of ``pair``."""
    for p, n, one, two in HARD_CASES:
        test = example(pair=(p, n, two, one))(test)
        test = example(pair=(p, n, one, two))(test)
    return test


def both_orders(pair: CurvePair) -> list[tuple[list[Point], list[Point], rx.Curve, rx.Curve]]:
    c1, c2 = curves(pair)
    _, _, one, two = pair
    return [(one, two, c1, c2), (two, one, c2, c1)]


# -- Theorem 3.2 and witnesses ----------------------------------------------------------------

#: The two central properties run 3x the profile's examples: 300 locally, 1,800 under `ci`.
CENTRAL = settings(max_examples=examples(3))


@pinned
@CENTRAL
@given(pair=curve_pairs)
def test_theorem_3_2_roc_and_pr_agree_and_witnesses_hold(pair: CurvePair) -> None:
    p, n, _, _ = pair
    for one, two, c1, c2 in both_orders(pair):
        roc, pr = rx.dominates(c1, c2, "roc"), rx.dominates(c1, c2, "pr")
        assert (roc.space, pr.space) == ("roc", "pr")
        assert bool(roc) == bool(pr) == roc.dominates == pr.dominates
        event(f"dominates: {bool(roc)}")
        for result in (roc, pr):
            if result:
                assert (result.witness, result.value_1, result.value_2) == (None, None, None)
            else:
                assert result.witness is not None and 0 <= result.witness <= 1
                assert witness_holds(result, one, two, p, n)


# -- dense exact grid -------------------------------------------------------------------------

GRID = 48


def dense_grid(coordinates: set[Fraction], tiny: Fraction) -> list[Fraction]:
    """j/GRID, the vertices, the midpoints between consecutive vertices, and tiny values near 0."""
    vertices = sorted(coordinates)
    points = {Fraction(j, GRID) for j in range(GRID + 1)} | set(vertices)
    points |= {(a + b) / 2 for a, b in pairwise(vertices)}
    points |= {tiny / 2**j for j in range(4)}
    return sorted(points)


def grid_violations(
    one: list[Point], two: list[Point], p: int, n: int, space: str
) -> list[Fraction]:
    """Grid places where II's upper value is above I's, both evaluated exactly by brute force."""
    if space == "roc":
        coordinates = {Fraction(fp, n) for _, fp in one + two}
        values = lambda c, x: roc_tpr_range(c, p, n, x)[1]  # noqa: E731
    else:
        coordinates = {Fraction(tp, p) for tp, _ in one + two}
        values = lambda c, x: pr_precision_range(c, p, x)[1]  # noqa: E731
    # 1/(2 P (N + 1)) in recall is inside any interval (0, rho) where II leaves recall 0 above I.
    tiny = Fraction(1, 2 * p * (n + 1))
    return [x for x in dense_grid(coordinates, tiny) if values(two, x) > values(one, x)]


@pinned
@CENTRAL
@given(pair=curve_pairs)
def test_a_dense_exact_grid_never_contradicts_the_decision(pair: CurvePair) -> None:
    p, n, _, _ = pair
    for one, two, c1, c2 in both_orders(pair):
        for space in ("roc", "pr"):
            found = grid_violations(one, two, p, n, space)
            result = rx.dominates(c1, c2, space)
            if result:
                assert found == [], (space, found[:3])
            if found:
                assert not result
            event(
                f"{space}: grid {'finds' if found else 'misses'} a violation" if not result else ""
            )


# -- against the independent float reference --------------------------------------------------


@pinned
@given(pair=curve_pairs)
def test_the_float_reference_agrees_except_on_recognised_near_degenerate_cases(
    pair: CurvePair,
) -> None:
    p, n, _, _ = pair
    for one, two, c1, c2 in both_orders(pair):
        for space in ("roc", "pr"):
            result = rx.dominates(c1, c2, space)
            why = classify_decision(space, result, one, two, p, n)
            if why is None:
                continue
            CENSUS[f"{space} {why}"] += 1
            event(f"float reference disagrees ({space}): {why}")
            assert why != "unexplained", (space, bool(result), one, two)
            # Confirm the exact answer another way: brute-force witness or the dense grid.
            if result:
                assert grid_violations(one, two, p, n, space) == []
            else:
                assert witness_holds(result, one, two, p, n)
    for curve in pair[2:]:
        assert area_disagreements(curve, p, n) == []


def test_the_pinned_near_degenerate_cases_are_recognised() -> None:
    """The two engineered float traps are disagreements, and are explained as such."""
    # II's vertex is one negative in 10^13 left of I's diagonal: TPR gap 1/10^13 < eps = 1e-12.
    p, n, one, two = NEAR_COLLINEAR
    c1, c2 = curves(NEAR_COLLINEAR)
    why = classify_decision("roc", rx.dominates(c1, c2, "roc"), one, two, p, n)
    assert why == "near-tie (below eps)"
    assert fr.dominates_roc(one, two, p, n)
    p, n, one, two = SKEW_RECALL0  # PR violation only for TP < 1/1996
    c1, c2 = curves(SKEW_RECALL0)
    result = rx.dominates(c1, c2, "pr")
    assert classify_decision("pr", result, one, two, p, n) == "pr-sampling-miss"
    assert classify_decision("roc", rx.dominates(c1, c2, "roc"), one, two, p, n) is None
    assert result.witness is not None
    assert exact_value(two, p, n, "pr", result.witness) > exact_value(
        one, p, n, "pr", result.witness
    )
    assert fr.dominates_pr(one, two, p) and not fr.dominates_roc(one, two, p, n)
    assert abs(fr.worst_gap(fr.pr_dominance_gaps(one, two, p))[1]) <= TOL


# -- a curve and its own ROC convex hull -----------------------------------------------------


@given(pair=curve_pairs)
def test_the_roc_hull_dominates_its_curve_and_only_an_equal_curve_dominates_it(
    pair: CurvePair,
) -> None:
    p, n, one, _ = pair
    hull = roc_hull(one)  # brute-force gift wrapping, exact slopes
    c, h = rx.Curve.from_counts(one, p, n), rx.Curve.from_counts(hull, p, n)
    on_hull = all(
        roc_tpr_range(hull, p, n, Fraction(fp, n))[0]
        <= Fraction(tp, p)
        <= roc_tpr_range(hull, p, n, Fraction(fp, n))[1]
        for tp, fp in one
    )
    for space in ("roc", "pr"):
        assert rx.dominates(h, c, space)
        assert bool(rx.dominates(c, h, space)) == on_hull
    event(f"curve is its own hull: {on_hull}")


# -- fixed-seed census ----------------------------------------------------------------------------


def test_float_reference_census_on_a_fixed_seed_batch() -> None:
    """As many pairs as the profile's max_examples (600 under HYPOTHESIS_PROFILE=ci), seed 2006.

    Run with ``-s`` to see the counts; docs/float-reference.md quotes the 600-pair census.
    """
    batch = census(settings().max_examples, seed=2006)
    print(f"\nfloat reference census (seed 2006)\n{batch.report()}")
    if CENSUS:
        print(f"property tests in this run: {dict(CENSUS)}")
    assert batch.pairs == settings().max_examples
    assert "roc unexplained" not in batch.wrong and "pr unexplained" not in batch.wrong
    assert sum(batch.areas_wrong.values()) == 0
    assert "roc unexplained" not in batch.hull_wrong and "pr unexplained" not in batch.hull_wrong
    if batch.pairs == 600:  # the ci profile: the batch docs/float-reference.md quotes
        docs = (Path(__file__).resolve().parents[2] / "docs" / "float-reference.md").read_text()
        quoted = {
            "| dominance decisions |": batch.decisions,
            "| float reference disagrees with the exact decision |": sum(batch.wrong.values()),
            "| hull points, each decided in ROC and in PR space |": batch.hull_points,
            "| float reference disagrees on a hull point |": sum(batch.hull_wrong.values()),
            "| - PR, near-tie (gap within 1e-9), brute force agrees with the exact answer |": (
                batch.hull_wrong["pr near-tie"]
            ),
            "| - ROC, near-tie |": batch.hull_wrong["roc near-tie"],
        }
        for row, count in quoted.items():
            assert re.search(re.escape(row) + r" \**" + str(count) + r"\b", docs), (row, count)
