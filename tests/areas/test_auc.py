"""The four AUC-PR methods (Section 4): hand-derived cases, sympy, mpmath quadrature, properties."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import mpmath
import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact.cli import main
from tests.strategies import any_dataset

ROOT = Path(__file__).resolve().parents[2]
F = Fraction
ln = sympy.log
R = sympy.Rational


def sym(value: rx.ClosedForm | Fraction) -> sympy.Expr:
    if isinstance(value, rx.ClosedForm):
        return value.to_sympy()
    return R(value.numerator, value.denominator)


def same(value: rx.ClosedForm | Fraction, expected: sympy.Expr) -> bool:
    """Equal to 80 digits (sympy's own evaluation of an independent expression)."""
    return abs(sympy.N(sym(value) - expected, 100)) < sympy.Float(10) ** -80


# Hand-derived cases. Points are (TP, FP); P positives.
HAND = {
    # scores [3,2,1], labels [1,0,1]: (0,0),(1,0),(1,1),(2,1), P=2.
    # step: 1/2*1 + 1/2*2/3 = 5/6.  linear = DG (unit TP steps): 1/2*(1+1)/2 + 1/2*(1/2+2/3)/2
    # = 1/2 + 7/24 = 19/24.  continuous: 1/2 (precision 1 on the first segment) +
    # (1/2)[t - ln(t+1)] from 1 to 2 = 1 - ln(3/2)/2.
    "ties-free": (([3, 2, 1], [1, 0, 1]), F(5, 6), F(19, 24), F(19, 24), 1 - ln(R(3, 2)) / 2),
    # all tied, [5,5,5] labels [1,0,1]: one segment (0,0)->(2,1), constant precision 2/3.
    "all tied": (([5, 5, 5], [1, 0, 1]), F(2, 3), F(2, 3), F(2, 3), R(2, 3)),
    # negatives first: [3,2,1], [0,1,1]: (0,0),(0,1),(1,1),(2,1); precision at recall 0 is 0.
    # step 1/2*1/2 + 1/2*2/3 = 7/12; linear = DG: 1/2*(0+1/2)/2 + 1/2*(1/2+2/3)/2 = 5/12;
    # continuous (1/2)[t - ln(t+1)]_0^1 + (1/2)[t - ln(t+1)]_1^2 = 1 - ln(3)/2.
    "negatives first": (([3, 2, 1], [0, 1, 1]), F(7, 12), F(5, 12), F(5, 12), 1 - ln(3) / 2),
    # single positive: [4,3,2,1], [0,0,1,0]: (0,0),(0,1),(0,2),(1,2),(1,3), P=1.
    # step 1/3; linear = DG (0 + 1/3)/2 = 1/6; continuous [t - 2 ln(t+2)]_0^1 = 1 - 2 ln(3/2).
    "single positive": (
        ([4, 3, 2, 1], [0, 0, 1, 0]),
        F(1, 3),
        F(1, 6),
        F(1, 6),
        1 - 2 * ln(R(3, 2)),
    ),
}


@pytest.mark.parametrize("case", sorted(HAND))
def test_hand_derived_areas(case: str) -> None:
    data, step, linear, dg, continuous = HAND[case]
    for thresholds in ("all", "paper"):
        curve = rx.Curve.from_scores(*data, thresholds=thresholds)  # type: ignore[arg-type]
        if thresholds == "all":
            assert rx.auc_pr(curve, "step") == step
            assert rx.auc_pr(curve, "linear") == linear
        assert rx.auc_pr(curve, "davis-goadrich") == dg
        assert same(rx.auc_pr(curve, "continuous"), continuous)


def test_table1_davis_goadrich_uses_the_papers_points() -> None:
    curve = rx.Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    # (0,0)->(5,5): constant precision 1/2 over recall [0, 1/4]: 1/8.
    first = F(1, 8)
    # Table 1: precisions 1/2, 3/8, 7/22, 2/7, 9/34, 1/4 at TP = 5..10, width 1/20 each.
    table = [F(1, 2), F(3, 8), F(7, 22), F(2, 7), F(9, 34), F(1, 4)]
    second = sum((F(1, 20) * (a + b) / 2 for a, b in itertools.pairwise(table)), F(0))
    # (10,30)->(20,2000): s = 1970/10 = 197, precision (10+x)/(40+198x) at x = 0..10.
    third_points = [F(10 + x, 40 + 198 * x) for x in range(11)]
    third = sum(
        (F(1, 20) * (a + b) / 2 for a, b in itertools.pairwise(third_points)),
        F(0),
    )
    assert rx.auc_pr(curve, "davis-goadrich") == first + second + third


def _segments(curve: rx.Curve) -> list[tuple[int, int, int, int]]:
    return [
        (curve.tps[i - 1], curve.fps[i - 1], curve.tps[i], curve.fps[i])
        for i in range(1, len(curve))
        if curve.tps[i] > curve.tps[i - 1]
    ]


def sympy_integral(curve: rx.Curve, t_min: Fraction = Fraction(0)) -> sympy.Expr:
    """(1/P) * integral of t / (t + FP(t)) dt, each segment integrated by sympy itself."""
    t = sympy.Symbol("t", positive=True)
    total = sympy.Integer(0)
    for tp_a, fp_a, tp_b, fp_b in _segments(curve):
        if tp_b <= t_min:
            continue
        a = max(R(tp_a), R(t_min.numerator, t_min.denominator))
        fp = fp_a + R(fp_b - fp_a, tp_b - tp_a) * (t - tp_a)
        total += sympy.integrate(t / (t + fp), (t, a, tp_b))
    return total / curve.positives


@given(any_dataset.filter(lambda d: len(d[0]) <= 12))
def test_continuous_equals_sympy_integration(data: tuple[list[int], list[int]]) -> None:
    curve = rx.Curve.from_scores(*data)
    assert same(rx.auc_pr(curve, "continuous"), sympy_integral(curve))


@given(any_dataset)
def test_continuous_equals_mpmath_quadrature(data: tuple[list[int], list[int]]) -> None:
    curve = rx.Curve.from_scores(*data)
    with mpmath.workdps(40):
        total = mpmath.mpf(0)
        for tp_a, fp_a, tp_b, fp_b in _segments(curve):
            s = mpmath.mpf(fp_b - fp_a) / (tp_b - tp_a)
            total += mpmath.quad(
                lambda t, s=s, a=tp_a, f=fp_a: t / (t + f + s * (t - a)), [tp_a, tp_b]
            )
        expected = total / curve.positives
        value = rx.auc_pr(curve, "continuous")
        assert isinstance(value, rx.ClosedForm)
        low, high = value.enclosure(200)
        assert abs(mpmath.mpf(low.numerator) / low.denominator - expected) < mpmath.mpf(10) ** -30
        assert high - low < F(1, 10**50)


@st.composite
def constant_precision_curves(draw: st.DrawFn) -> rx.Curve:
    """Curves whose every rising segment has c = 0: it stays on a ray FP = r TP from the origin,
    and vertical drops move to a steeper ray."""
    ratios = sorted(draw(st.lists(st.integers(0, 5), min_size=1, max_size=4)))
    points, tp = [], 0
    for r in ratios:
        points.append((tp, r * tp))  # a vertical drop onto the ray FP = r TP
        tp += draw(st.integers(1, 4))
        points.append((tp, r * tp))  # a rise along that ray
    positives = tp
    negatives = ratios[-1] * tp + draw(st.integers(0, 3))
    return rx.Curve.from_counts(points, positives, negatives)


@given(constant_precision_curves())
def test_continuous_equals_davis_goadrich_when_precision_is_constant_on_segments(
    curve: rx.Curve,
) -> None:
    assert all(rx.Segment(*seg).c == 0 for seg in _segments(curve))
    continuous = rx.auc_pr(curve, "continuous")
    assert isinstance(continuous, rx.ClosedForm) and continuous.terms == ()
    assert continuous == rx.auc_pr(curve, "davis-goadrich")


@given(any_dataset)
def test_every_area_lies_in_the_unit_interval_and_paper_thresholds_agree(
    data: tuple[list[int], list[int]],
) -> None:
    curve = rx.Curve.from_scores(*data)
    paper = rx.Curve.from_scores(*data, thresholds="paper")
    for method in rx.PR_METHODS:
        value = rx.auc_pr(curve, method)
        assert 0 <= value <= 1, method
    for method in ("continuous", "davis-goadrich"):
        assert rx.auc_pr(paper, method) == rx.auc_pr(curve, method)  # type: ignore[arg-type]


@given(any_dataset, st.fractions(0, 1, max_denominator=12))
def test_min_recall_splits_the_continuous_integral(
    data: tuple[list[int], list[int]], start: Fraction
) -> None:
    curve = rx.Curve.from_scores(*data)
    tail = rx.auc_pr(curve, "continuous", min_recall=start)
    # sympy integrates [start, 1] on its own, from precision_at(start) = the curve itself.
    if len(data[0]) <= 12:
        assert same(tail, sympy_integral(curve, start * curve.positives))
    assert rx.auc_pr(curve, "continuous", min_recall=0) == rx.auc_pr(curve, "continuous")
    # The integrands of continuous and step are non-negative, so cutting can only lose area.
    # (Not so for davis-goadrich and linear: their left edge is the true curve's
    # precision_at(min_recall), which lies above their chord where precision rises.)
    for method in ("continuous", "step"):
        assert rx.auc_pr(curve, method, min_recall=start) <= rx.auc_pr(curve, method)


def test_min_recall_by_hand() -> None:
    curve = rx.Curve.from_scores([3, 2, 1], [1, 0, 1])  # (0,0),(1,0),(1,1),(2,1), P = 2
    # From recall 1/4: DG/linear cut the first piece (precision 1 throughout): 1/4*1 = 1/4,
    # then the second piece 1/2*(1/2+2/3)/2 = 7/24: total 13/24.
    assert rx.auc_pr(curve, "davis-goadrich", min_recall=F(1, 4)) == F(13, 24)
    assert rx.auc_pr(curve, "linear", min_recall=F(1, 4)) == F(13, 24)
    # step: (1/2 - 1/4)*1 + 1/2*2/3 = 7/12.
    assert rx.auc_pr(curve, "step", min_recall=F(1, 4)) == F(7, 12)
    # From recall 3/4 (TP = 1.5, inside (1,1)->(2,1)): left edge precision_at(3/4) = 1.5/2.5 = 3/5;
    # DG piece from 3/4 to 1: 1/4*(3/5 + 2/3)/2 = 19/120.
    assert rx.auc_pr(curve, "davis-goadrich", min_recall=F(3, 4)) == F(19, 120)
    with pytest.raises(rx.InvalidInputError, match=r"\[0, 1\]"):
        rx.auc_pr(curve, "step", min_recall=2)
    with pytest.raises(rx.InvalidInputError, match="exact"):
        rx.auc_pr(curve, "step", min_recall=0.5)  # type: ignore[arg-type]
    with pytest.raises(rx.InvalidInputError, match="unknown AUC-PR method"):
        rx.auc_pr(curve, "simpson")  # type: ignore[arg-type]
    with pytest.raises(rx.NoPositivesError):
        rx.auc_pr(rx.Curve.from_scores([1, 2], [0, 0]), "step")


def test_figure6_against_the_independent_derivation_in_proofs() -> None:
    # proofs/proof_figure6.py derives these with its own code; see proofs/ERRATA.md.
    curve = rx.Curve.from_scores([2] * 9 + [1] * (424 + 56164), [1] * 9 + [1] * 424 + [0] * 56164)
    assert (curve.tps, curve.fps) == ((0, 9, 433), (0, 0, 56164))
    assert rx.auc_pr(curve, "linear") == F(12599733, 24506501)
    assert rx.auc_pr(curve, "step") == F(692965, 24506501)
    expected = R(172267, 6125651) + R(13395114, 86659584697) * ln(R(56597, 9))
    assert same(rx.auc_pr(curve, "continuous"), expected)
    # DG: 9/433 + (1/433)[(1 + 433/56597)/2 + sum_{x=1}^{423} 106 (9+x) / (954 + 14147 x)]
    dg = F(9, 433) + F(1, 433) * (
        (1 + F(433, 56597)) / 2
        + sum((F(106 * (9 + x), 954 + 14147 * x) for x in range(1, 424)), F(0))
    )
    assert rx.auc_pr(curve, "davis-goadrich") == dg
    assert rx.format_decimal(dg, 3) == "0.030"  # the paper prints 0.031


def test_cli_prints_60_certified_digits(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(ROOT / "examples" / "table1.csv"), "--digits", "60"]) == 0
    report = json.loads(capsys.readouterr().out)
    continuous = report["auc_pr"]["continuous"]
    expr = R(continuous["exact"]["rational"]) + sum(
        (R(c) * ln(R(a)) for c, a in continuous["exact"]["log_terms"]), sympy.Integer(0)
    )
    # Round sympy's 100-digit value to 60 places independently.
    digits = sympy.N(expr, 100)
    scaled = sympy.floor(digits * 10**60 + sympy.Rational(1, 2))
    assert continuous["decimal"] == f"0.{int(scaled):060d}"
    for name in ("davis_goadrich", "linear", "step"):
        assert len(report["auc_pr"][name]["decimal"]) == 62
