"""The paper's Figure 7 counter-example (Davis & Goadrich 2006, Section 5).

Two curves over 20 positives and 2000 negatives, "each curve individually is a convex hull";
AUC-ROC 0.813 (I) and 0.875 (II), AUC-PR 0.514 (I) and 0.038 (II): optimising AUC-ROC picks II,
optimising AUC-PR picks I.  Since the choice flips, neither curve can dominate the other (Theorem
3.2 would otherwise order both areas the same way).

The curves are reconstructed in ``examples/figure7.json`` (``positives``, ``negatives`` and
``curves: {"I": [[tp, fp], ...], "II": [...]}``); these tests skip until that file exists.  The
expected numbers are the paper's, printed to three decimals.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import rocpr_exact as rx
from tests import float_reference as fr
from tests.brute_force import roc_hull
from tests.float_reference_census import witness_holds

FIGURE7 = Path(__file__).resolve().parents[2] / "examples" / "figure7.json"

# Section 5: "The AUC-ROC for curve I is 0.813 and the AUC-ROC for curve II is 0.875 ...
# The AUC-PR for curve I is now 0.514 ... while the AUC-PR for curve II is far less at 0.038".
PAPER = {
    "I": {"auc_roc": Fraction("0.813"), "auc_pr": Fraction("0.514")},
    "II": {"auc_roc": Fraction("0.875"), "auc_pr": Fraction("0.038")},
}

Points = list[tuple[int, int]]


@pytest.fixture(scope="module")
def figure7() -> tuple[int, int, dict[str, Points]]:
    if not FIGURE7.exists():
        pytest.skip(
            "examples/figure7.json (the reconstructed Figure 7 curves) is not in this tree yet"
        )
    data = json.loads(FIGURE7.read_text(encoding="utf-8"))
    p, n = int(data["positives"]), int(data["negatives"])
    found = {name: [(int(tp), int(fp)) for tp, fp in data["curves"][name]] for name in PAPER}
    return p, n, found


def _curve(points: Points, p: int, n: int) -> rx.Curve:
    return rx.Curve.from_counts(points, p, n)


def test_the_domain_is_the_papers(figure7: tuple[int, int, dict[str, Points]]) -> None:
    p, n, _ = figure7
    assert (p, n) == (20, 2000)  # "a domain with 20 positive examples and 2000 negative examples"


def test_neither_curve_dominates_the_other_in_either_space(
    figure7: tuple[int, int, dict[str, Points]],
) -> None:
    p, n, found = figure7
    for a, b in (("I", "II"), ("II", "I")):
        one, two = found[a], found[b]
        for space in ("roc", "pr"):
            result = rx.dominates(_curve(one, p, n), _curve(two, p, n), space)
            assert not result, f"{a} dominates {b} in {space} space"
            assert witness_holds(result, one, two, p, n)  # brute-force evaluation at the witness
        # the independent float reference agrees
        assert not fr.dominates_roc(one, two, p, n) and not fr.dominates_pr(one, two, p)


def _strictly_below_hull(points: Points, p: int, n: int) -> list[tuple[int, int]]:
    """Points strictly under a chord between two other points (O(n^3), exact integers).

    A point (TP, FP) with 0 < FP < N is below the ROC hull iff some chord between points a, b with
    FP_a < FP < FP_b passes strictly above it.  At FP = 0 every point is on the hull's vertical
    edge; at FP = N only (P, N) is on the hull.
    """
    everything = {*points, (0, 0), (p, n)}

    def under_a_chord(tq: int, fq: int) -> bool:
        return any(
            tq * (fb - fa) < ta * (fb - fq) + tb * (fq - fa)
            for ta, fa in everything
            for tb, fb in everything
            if fa < fq < fb
        )

    return [
        (tq, fq)
        for tq, fq in points
        if (fq == n and tq < p) or (0 < fq < n and under_a_chord(tq, fq))
    ]


def test_each_curve_is_its_own_roc_convex_hull(
    figure7: tuple[int, int, dict[str, Points]],
) -> None:
    p, n, found = figure7
    for name, points in found.items():
        assert _strictly_below_hull(points, p, n) == [], name
        # ... and gift wrapping (exact slopes) keeps every corner: the vertices of the curve with
        # the collinear ones removed are exactly the hull's vertices.
        corners = [points[0]]
        for c in points[1:]:
            corners.append(c)
            if len(corners) >= 3:
                (t0, f0), (t1, f1), (t2, f2) = corners[-3:]
                if (t1 - t0) * (f2 - f1) == (t2 - t1) * (f1 - f0):
                    del corners[-2]
        assert roc_hull(points) == corners, name


def test_auc_roc_is_0813_and_0875(figure7: tuple[int, int, dict[str, Points]]) -> None:
    p, n, found = figure7
    for name, points in found.items():
        exact = rx.auc_roc(_curve(points, p, n))
        assert abs(exact - PAPER[name]["auc_roc"]) <= Fraction(1, 2000), (name, float(exact))
        assert fr.auc_roc(points, p, n) == pytest.approx(float(exact), rel=1e-12)


def test_davis_goadrich_auc_pr_is_0514_and_0038(
    figure7: tuple[int, int, dict[str, Points]],
) -> None:
    p, n, found = figure7
    for name, points in found.items():
        exact = rx.auc_pr(_curve(points, p, n), "davis-goadrich")
        assert isinstance(exact, Fraction)
        assert abs(exact - PAPER[name]["auc_pr"]) <= Fraction(1, 2000), (name, float(exact))
        assert fr.auc_pr_davis_goadrich(points, p) == pytest.approx(float(exact), rel=1e-12)
