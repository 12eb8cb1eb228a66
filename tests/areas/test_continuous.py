"""The certified-only ``continuous`` decimal equals the closed form's (areas/continuous.py)."""

from __future__ import annotations

from fractions import Fraction
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact.areas import continuous
from rocpr_exact.areas.auc import auc_pr
from rocpr_exact.areas.continuous import continuous_decimal, continuous_terms
from rocpr_exact.exact import certify, fixed, logsum
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.geometry.achievable import achievable_pr_curve
from rocpr_exact.output import report as report_module
from rocpr_exact.output.report import build_report
from tests.strategies import any_dataset, examples, lattice_chains, skewed_datasets, sorted_chains

np = pytest.importorskip("numpy")
needs_flint = pytest.mark.skipif(logsum.flint is None, reason="python-flint is not installed")


def closed_form_decimal(curve: rx.Curve, digits: int) -> str:
    return rx.format_decimal(auc_pr(curve, "continuous"), digits)


def as_numpy(scores: list[int], labels: list[int]) -> rx.Curve:
    return rx.Curve.from_scores(np.array(scores, dtype=np.float64), np.array(labels, dtype=np.int8))


@needs_flint
@settings(max_examples=examples(2))
@given(st.one_of(any_dataset, skewed_datasets()), st.integers(1, 60), st.booleans())
def test_certified_decimal_equals_the_closed_forms(dataset, digits, numpy_input):
    curve = as_numpy(*dataset) if numpy_input else rx.Curve.from_scores(*dataset)
    for c in (curve, achievable_pr_curve(curve)):
        assert continuous_decimal(c, digits, -1) == closed_form_decimal(c, digits)


@needs_flint
@settings(max_examples=examples(1))
@given(st.one_of(lattice_chains(max_steps=80), sorted_chains(max_count=10**6)), st.integers(1, 60))
def test_curves_given_as_counts(chain, digits):
    curve = rx.Curve.from_counts(*chain)
    assert continuous_decimal(curve, digits, -1) == closed_form_decimal(curve, digits)


@needs_flint
@settings(max_examples=examples(Fraction(1, 4)), deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 60), st.booleans())
def test_many_distinct_log_arguments(seed, digits, ties):
    # Distinct scores and random labels: a corner at every change of class, hundreds of
    # distinct arguments TP + FP; with ties, mixed tie groups give rational weights as well.
    rnd = Random(seed)
    size = rnd.randint(200, 1200)
    labels = [int(rnd.random() < rnd.choice((0.5, 0.1))) for _ in range(size)]
    labels[0], labels[-1] = 1, 0
    scores = [rnd.randrange(size // 3) if ties else rnd.random() for _ in range(size)]
    curve = rx.Curve.from_scores(scores, labels)
    assert len(continuous_terms(curve).logs) > 20
    assert continuous_decimal(curve, digits, -1) == closed_form_decimal(curve, digits)


def test_terms_are_the_closed_form():
    # P area = sum of pairs + sum of log steps, term for term against continuous_area.
    curve = rx.Curve.from_scores([5, 4, 4, 3, 2, 2, 1, 0], [1, 0, 1, 1, 0, 1, 0, 0])
    terms = continuous_terms(curve)
    logs = terms.logs
    parts = [
        (Fraction(n, d), Fraction(logs.arguments[i]), Fraction(logs.arguments[i + 1]))
        for i, n, d in zip(logs.indices, logs.numerators, logs.denominators, strict=True)
    ]
    rational = sum((Fraction(n, d) for n, d in terms.pairs), Fraction(0))
    form = ClosedForm.from_parts(
        rational, [(w, a) for w, a, _ in parts] + [(-w, b) for w, _, b in parts]
    )
    assert form / curve.positives == auc_pr(curve, "continuous")


def test_small_or_without_flint_is_none(monkeypatch):
    curve = rx.Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0])
    assert continuous_decimal(curve, 30, report_module.SMALL_EXACT_BITS) is None
    monkeypatch.setattr(logsum, "flint", None)
    assert continuous_decimal(curve, 30, -1) is None


def test_no_positives_is_refused():
    with pytest.raises(rx.NoPositivesError):
        continuous_decimal(rx.Curve.from_scores([1, 2], [0, 0]), 5, -1)


# -- the Ziv loop: refinement, and the closed form as the last word ---------------------------


@needs_flint
def test_the_loop_refines_when_the_first_enclosure_is_too_wide(monkeypatch):
    curve = as_numpy(list(range(300)), [(i * 7) % 3 == 0 for i in range(300)])
    expected = closed_form_decimal(curve, 40)
    calls: list[int] = []
    honest = fixed.log_steps_fixed

    def wide_at_first(steps, frac_bits):
        calls.append(frac_bits)
        scaled, error = honest(steps, frac_bits)
        return scaled, error + (1 << frac_bits if len(calls) < 3 else 0)  # +/- 1 at first

    monkeypatch.setattr(fixed, "log_steps_fixed", wide_at_first)
    monkeypatch.setattr(continuous, "continuous_area", _refuse)
    assert continuous_decimal(curve, 40, -1) == expected
    assert len(calls) == 3 and calls[0] < calls[1] < calls[2]


@needs_flint
def test_an_undecided_value_falls_back_to_the_closed_form(monkeypatch):
    # An enclosure that never decides: after ZIV_ZERO_TEST_BITS extra bits the closed form's
    # own certified decimal (with its exact zero test of the log part) answers.
    curve = rx.Curve.from_scores([6, 5, 4, 3, 2, 1, 0], [1, 0, 1, 1, 0, 1, 0])
    widths: list[int] = []

    def never(steps, frac_bits):
        widths.append(frac_bits)
        return 0, 1 << (frac_bits + 4)

    monkeypatch.setattr(fixed, "log_steps_fixed", never)
    assert continuous_decimal(curve, 20, -1) == closed_form_decimal(curve, 20)
    assert widths[-1] - widths[0] >= certify.ZIV_ZERO_TEST_BITS - 8


def _refuse(*args: object) -> ClosedForm:
    raise AssertionError("the closed form was built although the enclosures decide")


# -- the report -----------------------------------------------------------------------------


@needs_flint
def test_the_report_writes_a_large_continuous_area_as_digits_only(monkeypatch):
    rng = np.random.default_rng(1)
    scores, labels = rng.random(3000), (rng.random(3000) < 0.5).astype(np.int8)
    curve = rx.Curve.from_scores(scores, labels)
    full = build_report(curve, 25, exact=True)
    hull_continuous = auc_pr(achievable_pr_curve(curve), "continuous")  # a few vertices: small
    small = continuous.continuous_area  # the hull's few vertices are written exactly

    def refuse_large(corners: rx.Curve, t_min: int) -> ClosedForm:
        return _refuse() if len(corners.tps) > 100 else small(corners, t_min)

    monkeypatch.setattr(continuous, "continuous_area", refuse_large)
    fast = build_report(curve, 25)
    assert fast["auc_pr"]["continuous"] == {"decimal": full["auc_pr"]["continuous"]["decimal"]}
    assert fast["achievable_pr"]["continuous"] == full["achievable_pr"]["continuous"]
    assert len(hull_continuous.terms) == len(
        full["achievable_pr"]["continuous"]["exact"]["log_terms"]
    )
    import jsonschema

    jsonschema.validate(fast, report_module.report_schema())


def test_a_small_continuous_area_keeps_its_closed_form():
    report = build_report(rx.Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0]), 10)
    assert report["auc_pr"]["continuous"]["exact"]["log_terms"]
    assert report["auc_pr"]["continuous"]["decimal"] == "0.7972674459"
