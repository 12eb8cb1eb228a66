"""Certified fixed-point decimals equal the exact value's correct rounding (exact/fixed.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact.areas.auc import area_terms, auc_pr
from rocpr_exact.exact import fixed, logsum
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.fixed import certified_ratio_sum, denominator_bits
from rocpr_exact.exact.logsum import LogSteps
from rocpr_exact.exact.text import fraction_to_decimal
from rocpr_exact.geometry.achievable import achievable_pr_curve
from rocpr_exact.output import report as report_module
from rocpr_exact.output.report import build_report
from tests.schemas import validate_report
from tests.strategies import any_dataset, examples, skewed_datasets

pairs_strategy = st.lists(
    st.tuples(st.integers(0, 10**6), st.integers(1, 10**4)), min_size=0, max_size=60
)


@settings(max_examples=examples(3))
@given(pairs_strategy, st.integers(1, 1000), st.integers(0, 40))
def test_certified_sum_is_the_exact_rounding(pairs, divisor, digits):
    text = certified_ratio_sum(pairs, divisor, digits)
    exact = sum((Fraction(n, d) for n, d in pairs), Fraction(0)) / divisor
    assert text == fraction_to_decimal(exact, digits)


@settings(max_examples=examples(2))
@given(st.one_of(any_dataset, skewed_datasets()), st.integers(0, 35))
def test_area_decimals_match_exact(dataset, digits):
    curve = rx.Curve.from_scores(*dataset)
    for c in (curve, achievable_pr_curve(curve)):
        for method in ("davis-goadrich", "linear", "step"):
            pairs, divisor = area_terms(c, method)
            text = certified_ratio_sum(pairs, divisor, digits)
            exact = auc_pr(c, method)
            assert text == fraction_to_decimal(exact, digits)
            assert (exact * divisor).denominator.bit_length() <= denominator_bits(pairs) + 1


def test_ties_fall_back_to_exact():
    # 0.125 and 0.375 are ties at 2 places: no enclosure decides them, the exact value does
    # (ties to even), and only after the loop's ZIV_ZERO_TEST_BITS extra bits.
    asked: list[int] = []

    def exact(value: Fraction) -> Fraction:
        asked.append(1)
        return value

    assert certified_ratio_sum([(1, 8)], 1, 2, exact=lambda: exact(Fraction(1, 8))) == "0.12"
    assert certified_ratio_sum([(3, 8)], 1, 2) == "0.38"
    assert certified_ratio_sum([(3, 8)], 1, 3) == "0.375"
    assert asked == [1]


@settings(max_examples=examples(1))
@given(st.one_of(any_dataset, skewed_datasets()), st.integers(1, 30))
def test_certified_report_equals_exact_report_digits(dataset, digits):
    curve = rx.Curve.from_scores(*dataset)
    saved = report_module.SMALL_EXACT_BITS
    report_module.SMALL_EXACT_BITS = -1  # force certified-only everywhere
    try:
        fast = build_report(curve, digits)
    finally:
        report_module.SMALL_EXACT_BITS = saved
    full = build_report(curve, digits, exact=True)
    assert build_report(curve, digits) == full  # small data: byte-identical default
    for section in ("auc_pr", "achievable_pr"):
        for key, value in fast[section].items():
            assert value["decimal"] == full[section][key]["decimal"]
            assert value.get("exact", full[section][key]["exact"]) == full[section][key]["exact"]
    validate_report(fast)


@pytest.mark.skipif(logsum.flint is None, reason="python-flint is not installed")
@settings(max_examples=examples(1))
@given(
    st.lists(st.integers(1, 10**9), min_size=2, max_size=60, unique=True),
    st.data(),
    st.integers(1, 1000),
    st.integers(1, 60),
)
def test_log_steps_give_the_closed_forms_digits(arguments, data, divisor, digits):
    # sum of w_j (ln a_i - ln a_{i+1}) plus ratios, against the ClosedForm of the same terms;
    # the values may be negative here, so shift by an integer that makes them positive.
    arguments.sort()
    indices = sorted(data.draw(st.sets(st.integers(0, len(arguments) - 2), max_size=40)))
    weights = [
        (data.draw(st.integers(-(10**12), 10**12)), data.draw(st.integers(1, 10**12)))
        for _ in indices
    ]
    steps = LogSteps(arguments, indices, [n for n, _ in weights], [d for _, d in weights])
    terms = [(Fraction(n, d), arguments[i]) for i, (n, d) in zip(indices, weights, strict=True)]
    terms += [
        (-Fraction(n, d), arguments[i + 1]) for i, (n, d) in zip(indices, weights, strict=True)
    ]
    form = ClosedForm.from_parts(0, terms)
    shift = 1 + sum(abs(Fraction(n, d)) * 21 for n, d in weights).__ceil__()  # ln(10^9) < 21
    value = (form + shift) / divisor
    text = certified_ratio_sum([(shift, 1)], divisor, digits, logs=steps, exact=lambda: value)
    assert text == rx.format_decimal(value, digits)


@pytest.mark.skipif(logsum.flint is None, reason="python-flint is not installed")
@pytest.mark.parametrize("side", [1, -1])
def test_a_value_next_to_a_rounding_boundary_is_refined(monkeypatch, side):
    # value = boundary + side * (5 ln(7/3) - its 70-digit decimal): within 10^-70 of the
    # rounding boundary 5.000...0125 (an odd multiple of half a unit at 30 digits), on either
    # side; the first enclosures (about 40 digits) cannot decide, the Ziv loop refines.
    digits = 30
    steps = LogSteps([0, 7, 3] if side == 1 else [0, 3, 7], [1], [5], [1])
    log_part = ClosedForm.from_parts(0, [(5 * side, 7), (-5 * side, 3)])
    boundary = 5 + Fraction(25, 2 * 10**digits)
    shift = boundary - Fraction(rx.format_decimal(log_part, 70))
    value = log_part + shift
    tiny = Fraction(1, 10**60)
    calls: list[int] = []
    honest = fixed.log_steps_fixed

    def counted(s, frac_bits):
        calls.append(frac_bits)
        return honest(s, frac_bits)

    monkeypatch.setattr(fixed, "log_steps_fixed", counted)
    pairs = [shift.as_integer_ratio()]
    text = certified_ratio_sum(pairs, 1, digits, logs=steps, exact=lambda: value)
    assert text == rx.format_decimal(value, digits)
    below, above = (fraction_to_decimal(boundary + e, digits) for e in (-tiny, tiny))
    assert below != above and text in (below, above)
    assert len(calls) > 2
