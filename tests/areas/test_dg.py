"""The davis-goadrich area by segments (areas/dg.py): same number, cost by points, refusals.

The reference is the per-TP sum of trapezoids, term by term (``trapezoid_pairs`` over
``dg_points``, the computation the area had before it was split by segments), and for small
counts the brute force of ``tests/brute_force.py``.  Random curves have segments of up to 10^4
TPs (``tests.strategies.long_segment_chains``), so the exact reference stays cheap.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact import limits
from rocpr_exact.areas import dg
from rocpr_exact.areas.dg import (
    LONG_SEGMENT,
    dg_area,
    dg_decimal,
    dg_points,
    dg_terms,
    predicted_bits,
    progression_bits,
    trapezoid_pairs,
)
from rocpr_exact.errors import ResourceLimitError
from rocpr_exact.exact import logsum
from rocpr_exact.exact.digamma import digamma_sum_exact
from rocpr_exact.exact.sums import sum_ratios
from rocpr_exact.geometry.achievable import achievable_pr_curve
from tests import brute_force
from tests.strategies import Chain, examples, long_segment_chains, sorted_chains

needs_flint = pytest.mark.skipif(logsum.flint is None, reason="python-flint is not installed")


def curve_of(chain: Chain) -> rx.Curve:
    return rx.Curve.from_counts(*chain)


def curves_of(chain: Chain) -> list[rx.Curve]:
    """The curve and, when it has negatives, its achievable curve (the report's two curves)."""
    curve = curve_of(chain)
    return [curve, achievable_pr_curve(curve)] if curve.negatives else [curve]


def per_tp_area(curve: rx.Curve, t_min: Fraction | int = 0) -> Fraction:
    """Every interpolated point's trapezoids, one by one."""
    pairs = trapezoid_pairs(dg_points(curve.corners()), curve, t_min)
    return sum_ratios(pairs) / (2 * curve.positives)


@settings(max_examples=examples(1))
@given(sorted_chains(max_count=60))
def test_per_tp_sum_is_the_brute_force(chain):
    for curve in curves_of(chain):
        counts = list(zip(curve.tps, curve.fps, strict=True))
        assert per_tp_area(curve) == brute_force.dg_area(counts, curve.positives)
        assert rx.auc_pr(curve, "davis-goadrich") == per_tp_area(curve)


@needs_flint
@settings(max_examples=examples(1))
@given(long_segment_chains, st.integers(0, 60), st.sampled_from([0, 1, 7, None]))
def test_certified_decimal_is_the_exact_area_rounded(chain, digits, long):
    for curve in curves_of(chain):
        exact = per_tp_area(curve)
        assert rx.auc_pr(curve, "davis-goadrich") == exact
        assert dg_decimal(curve, digits, -1, long) == rx.format_decimal(exact, digits)


@settings(max_examples=examples(1))
@given(long_segment_chains, st.data())
def test_split_by_segments_is_the_per_tp_sum_from_any_min_recall(chain, data):
    curve = data.draw(st.sampled_from(curves_of(chain)))
    p = curve.positives
    t_min = data.draw(
        st.one_of(
            st.just(0),
            st.integers(0, p),
            st.fractions(min_value=0, max_value=p, max_denominator=40),
        )
    )
    reference = per_tp_area(curve, t_min)
    for long in (0, 1, LONG_SEGMENT, p):
        terms = dg_terms(curve, long, t_min)
        rational = sum_ratios(terms.pairs)
        assert (rational + digamma_sum_exact(terms.digamma)) / terms.divisor == reference
        assert all(k > long for _, _, k in terms.digamma)
        if long == LONG_SEGMENT:  # dg_area's test for its O(points) exact path
            assert dg._has_digamma_term(curve.corners(), t_min) == bool(terms.digamma)
    min_recall = Fraction(t_min) / p
    assert rx.auc_pr(curve, "davis-goadrich", min_recall=min_recall) == reference


@settings(max_examples=examples(1))
@given(long_segment_chains, st.data())
def test_predicted_bits_bound_the_exact_sum(chain, data):
    # The limit check before any work must never refuse less than sum_ratios would refuse:
    # the prediction bounds the bits that check_sum counts on the per-TP terms.
    curve = data.draw(st.sampled_from(curves_of(chain)))
    t_min = data.draw(st.fractions(min_value=0, max_value=curve.positives, max_denominator=9))
    groups: defaultdict[int, int] = defaultdict(int)
    for n, d in trapezoid_pairs(dg_points(curve.corners()), curve, t_min):
        groups[d] += n
    counted = sum(d.bit_length() for d, n in groups.items() if n)
    assert counted <= predicted_bits(curve, t_min)


@given(st.integers(1, 10**6), st.integers(0, 10**5), st.integers(0, 300))
def test_progression_bits(first, step, count):
    assert progression_bits(first, step, count) == sum(
        (first + j * step).bit_length() for j in range(count)
    )


# -- the same number without python-flint, and its limit ---------------------------------------


CHAINS = [
    ([(2500, 625), (7500, 5000)], 10**4, 10**4),  # three long segments, D != 0 after the first
    ([(0, 300), (4000, 900), (4000, 5000)], 6000, 7000),  # negatives first, a vertical drop
    ([(3, 0), (3000, 20)], 5000, 40),
]


@pytest.mark.parametrize("chain", CHAINS)
def test_without_flint_the_per_tp_fallback_gives_the_same_digits(chain, monkeypatch):
    for curve in curves_of(chain):
        exact = per_tp_area(curve)
        with_flint = dg_decimal(curve, 40, -1) if logsum.flint is not None else None
        monkeypatch.setattr(logsum, "flint", None)
        assert dg_decimal(curve, 40, -1) == rx.format_decimal(exact, 40)
        assert with_flint in (None, rx.format_decimal(exact, 40))
        with (
            limits.using(max_interpolated_points=curve.positives - 1),
            pytest.raises(ResourceLimitError) as caught,
        ):
            dg_decimal(curve, 40, -1)
        assert caught.value.limit == "max_interpolated_points"
        assert "python-flint" in str(caught.value)
        monkeypatch.undo()


def test_small_values_are_left_to_the_exact_report():
    # No long segment, few bits: None, the report writes the exact value (as before the split).
    table1 = rx.Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    assert dg_decimal(table1, 30, 4096) is None
    long_but_small = rx.Curve.from_counts([(100, 1)], positives=200, negatives=2)
    assert dg_decimal(long_but_small, 30, 4096, long=10) is None
    assert dg_decimal(long_but_small, 30, -1, long=10) == rx.format_decimal(
        per_tp_area(long_but_small)
    )


# -- refusals before any work ------------------------------------------------------------------

BIG = 10**12


def _no_per_tp_work(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object) -> None:
        raise AssertionError("a per-TP term was built before the limit check")

    monkeypatch.setattr(dg, "dg_points", fail)
    monkeypatch.setattr(dg, "trapezoid_pairs", fail)


def test_the_exact_area_of_10_12_positives_is_refused_before_any_term(monkeypatch):
    curve = rx.Curve.from_counts([(BIG // 4, BIG // 16), (3 * BIG // 4, BIG // 2)], BIG, BIG)
    _no_per_tp_work(monkeypatch)
    for c in (curve, achievable_pr_curve(curve)):
        for min_recall in (0, Fraction(1, 3), Fraction(3, 4)):
            with pytest.raises(ResourceLimitError) as caught:
                rx.auc_pr(c, "davis-goadrich", min_recall=min_recall)
            assert caught.value.limit == "max_sum_digits"
            assert "the davis-goadrich AUC-PR" in str(caught.value)


def test_the_refusal_is_the_predicted_size(monkeypatch):
    # Just over the prediction: computed (and sum_ratios agrees); just under: refused up front.
    curve = rx.Curve.from_counts([(500, 125), (1500, 1000)], 2000, 2000)
    digits = limits.digits_of_bits(predicted_bits(curve))
    with limits.using(max_sum_digits=digits):
        assert rx.auc_pr(curve, "davis-goadrich") == per_tp_area(curve)
    _no_per_tp_work(monkeypatch)
    with limits.using(max_sum_digits=digits - 1), pytest.raises(ResourceLimitError):
        rx.auc_pr(curve, "davis-goadrich")


def test_constant_precision_is_exact_without_per_tp_terms(monkeypatch):
    # No digamma term (every long segment has D = 0): the exact value is the rational part.
    _no_per_tp_work(monkeypatch)
    only_positives = rx.Curve.from_counts([(BIG // 2, 0)], BIG, 0)
    assert rx.auc_pr(only_positives, "davis-goadrich") == 1
    half = rx.Curve.from_counts([(BIG // 2, BIG // 2)], BIG, BIG)
    assert rx.auc_pr(half, "davis-goadrich") == Fraction(1, 2)
    assert rx.auc_pr(half, "davis-goadrich", min_recall=Fraction(1, 3)) == Fraction(1, 3)
    assert dg_area(half, Fraction(BIG, 7)) == Fraction(3, 7)


@needs_flint
def test_digamma_differences_count_in_the_decimal_work():
    # Two long segments of non-constant precision: 2 digamma differences, each worth
    # DIGAMMA_WEIGHT logarithms, at 30 digits.
    curve = rx.Curve.from_counts([(2500, 625), (7500, 5000)], 10**4, 10**4)
    assert len(dg_terms(curve, dg.long_segment(30)).digamma) == 2
    work = 30 * 2 * limits.DIGAMMA_WEIGHT
    with limits.using(max_decimal_work=work):
        assert dg_decimal(curve, 30, -1) == rx.format_decimal(per_tp_area(curve), 30)
    with limits.using(max_decimal_work=work - 1), pytest.raises(ResourceLimitError) as caught:
        dg_decimal(curve, 30, -1)
    assert caught.value.limit == "max_decimal_work"
    assert "a sum of 2 digamma differences" in str(caught.value)
