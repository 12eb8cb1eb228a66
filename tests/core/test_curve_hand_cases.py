"""Core modules pinned by independent computations, written to kill mutants (docs/mutation.md).

Expected values are derived by hand (the arithmetic is in the comments) or by a brute force that
shares no code with rocpr_exact.  Error messages are pinned in ``tests/contract/test_messages.py``.
"""

from __future__ import annotations

import array
import io
import sys
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rocpr_exact as rx
from rocpr_exact import limits
from rocpr_exact.core.segment import Segment
from rocpr_exact.exact import sums as _exact
from rocpr_exact.exact import text as _decimal
from rocpr_exact.geometry.interpolation import InterpolatedPoint, interpolate_pr
from rocpr_exact.io import readers

F = Fraction


def counts(curve: rx.Curve) -> list[tuple[int, int]]:
    return [(p.tp, p.fp) for p in curve.points]


# -- _data: numpy scalars become the equal Python numbers ---------------------------------------


def test_numpy_scalars_in_a_list_become_python_numbers() -> None:
    # Ranking: 3 (int64, pos), 2.5 (float64, neg), 1 (uint8, pos), 0.5 (float32, neg).
    scores = [np.int64(3), np.float64(2.5), np.uint8(1), np.float32(0.5)]
    labels = [np.bool_(True), np.int64(0), np.float64(1.0), np.bool_(False)]
    curve = rx.Curve.from_scores(scores, labels)
    assert counts(curve) == [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)]
    assert curve.thresholds == (3, 2.5, 1, 0.5)
    assert [type(t) for t in curve.thresholds] == [int, float, int, float]


def test_longdouble_infinities_keep_their_sign() -> None:
    scores = np.array([-np.inf, 0, np.inf], dtype=np.longdouble)
    curve = rx.Curve.from_scores(scores, [0, 1, 1])
    # Ranking +inf (pos), 0 (pos), -inf (neg): the positives come first.
    assert counts(curve) == [(0, 0), (1, 0), (2, 0), (2, 1)]
    assert curve.thresholds == (Decimal("Infinity"), 0, Decimal("-Infinity"))


def test_memoryviews_are_read_by_tolist() -> None:
    curve = rx.Curve.from_scores(memoryview(array.array("d", [0.5, 0.25])), [1, 0])
    assert curve.thresholds == (0.5, 0.25)


class _Iterable:
    """Has ``ndim`` but no ``tolist``: read by iteration."""

    ndim = 1

    def __iter__(self) -> Iterator[float]:
        return iter([0.5, 0.25])


def test_objects_with_ndim_but_no_tolist_are_iterated() -> None:
    assert rx.Curve.from_scores(_Iterable(), [1, 0]).thresholds == (0.5, 0.25)


def test_non_numpy_objects_with_as_integer_ratio_are_left_alone() -> None:
    # A float has as_integer_ratio too, but only numpy longdouble is converted to a Fraction.
    curve = rx.Curve.from_scores([0.5, 0.25], [1, 0])
    assert [type(t) for t in curve.thresholds or ()] == [float, float]


# -- _decimal ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "digits", "text"),
    [
        (F(7), 0, "7"),
        (F(-7), 0, "-7"),
        (F(7, 10), 1, "0.7"),
        (F(-7, 10), 1, "-0.7"),
        (F(-1, 1000), 1, "0.0"),  # rounds to zero, printed without a sign
        (F(1, 2), 0, "0"),  # ties to even: 0.5 -> 0, 1.5 -> 2, 2.5 -> 2, 3.5 -> 4, 4.5 -> 4
        (F(3, 2), 0, "2"),
        (F(5, 2), 0, "2"),
        (F(7, 2), 0, "4"),
        (F(9, 2), 0, "4"),
        (F(-5, 2), 0, "-2"),
        (F(1, 3), 0, "0"),
        (F(2, 3), 0, "1"),
        (F(2, 3), 2, "0.67"),
    ],
)
def test_fraction_to_decimal_by_hand(value: Fraction, digits: int, text: str) -> None:
    assert _decimal.fraction_to_decimal(value, digits) == text


def test_scaled_to_decimal_by_hand() -> None:
    assert _decimal.scaled_to_decimal(0, 0) == "0"
    assert _decimal.scaled_to_decimal(-5, 0) == "-5"
    assert _decimal.scaled_to_decimal(5, 1) == "0.5"
    assert _decimal.scaled_to_decimal(-5, 3) == "-0.005"


@pytest.fixture
def int_str_limit() -> Iterator[None]:
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(4300)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(old)


@pytest.mark.usefixtures("int_str_limit")
def test_int_to_text_beyond_the_interpreter_limit() -> None:
    # 10**5000 + 7 is "1", then 4999 zeros and a 7 (5001 digits).
    assert _decimal.int_to_text(10**5000 + 7) == "1" + "0" * 4999 + "7"
    assert _decimal.int_to_text(-(10**5000) - 7) == "-1" + "0" * 4999 + "7"
    assert _decimal.int_to_text(-12) == "-12"
    n = 123456789 * 10**9000 + 42
    assert _decimal.int_to_text(n) == "123456789" + "0" * 8998 + "42"


# -- _exact -------------------------------------------------------------------------------------


def test_sum_ratios_by_hand() -> None:
    # 1/2 + 1/3 + 1/6 = 1; plus 2/4 (its own denominator) = 3/2.
    assert _exact.sum_ratios([(1, 2), (1, 3), (1, 6), (2, 4)]) == F(3, 2)
    assert _exact.sum_ratios([]) == 0
    assert _exact.sum_ratios([(1, 2), (-1, 2)]) == 0  # the group cancels to nothing
    assert _exact.sum_ratios([(3, 7)]) == F(3, 7)


@given(st.lists(st.tuples(st.integers(-50, 50), st.integers(1, 40)), max_size=30))
def test_sum_ratios_is_the_plain_sum_with_and_without_gmpy2(pairs: list[tuple[int, int]]) -> None:
    expected = sum((F(n, d) for n, d in pairs), F(0))
    assert _exact.sum_ratios(pairs) == expected
    saved = _exact.gmpy2, _exact._mpz
    _exact.gmpy2, _exact._mpz = None, int
    try:
        plain = _exact.sum_ratios(pairs)
    finally:
        _exact.gmpy2, _exact._mpz = saved
    assert plain == expected and type(plain) is Fraction


def test_sum_limit_counts_only_terms_that_do_not_cancel() -> None:
    # 1/(10**6 + 3) - 1/(10**6 + 3) cancels; what is left, 1/7, has a 1-digit denominator.
    pairs = [(1, 10**6 + 3), (-1, 10**6 + 3), (1, 7)]
    with limits.using(max_sum_digits=1):
        assert _exact.sum_ratios(pairs) == F(1, 7)
    with limits.using(max_sum_digits=0), pytest.raises(rx.ResourceLimitError):
        _exact.sum_ratios(pairs)


def test_coprime_fraction() -> None:
    value = _exact.coprime_fraction(-3, 4)
    assert (value.numerator, value.denominator) == (-3, 4)


# -- segment and interpolation ------------------------------------------------------------------


def test_segment_by_hand() -> None:
    seg = Segment(2, 1, 6, 9)  # 4 positives, 8 negatives: s = 2, k = 3, c = 1 - 2*2 = -3
    assert (seg.local_skew, seg.k, seg.c) == (2, 3, -3)
    assert seg.fp_at(5) == 7 and seg.fp_at(F(5, 2)) == 2
    assert seg.precision_at_tp(2) == F(2, 3)  # A itself: 2 / (2 + 1)
    assert seg.precision_at_tp(6) == F(6, 15)  # B itself: 6 / (6 + 9)
    assert seg.precision_at_tp(F(9, 2)) == F(9, 2) / (F(9, 2) + 6)  # FP = 1 + 2 * 2.5 = 6
    assert seg.limit_precision_at_start() == F(2, 3)
    assert Segment(1, 0, 3, 4).limit_precision_at_start() == 1  # TP_A = 1 > 0: precision at A
    assert Segment(1, 3, 2, 3).limit_precision_at_start() == F(1, 4)
    # A vertical segment and a flat one are both allowed (counts do not decrease).
    assert Segment(3, 1, 3, 4).is_vertical and not Segment(3, 1, 5, 1).is_vertical


def test_precision_at_tp_inside_and_at_the_ends() -> None:
    seg = Segment(0, 0, 4, 2)  # s = 1/2: FP(t) = t/2, precision 1/(1 + 1/2) = 2/3 everywhere
    assert [seg.precision_at_tp(t) for t in (F(1, 3), 1, 4)] == [F(2, 3)] * 3


def point(tp: int, fp: Fraction | int, recall: Fraction, precision: Fraction) -> InterpolatedPoint:
    return InterpolatedPoint(tp, F(fp), recall, precision)


def test_interpolation_table_1() -> None:
    got = interpolate_pr((5, 5), (10, 30), positives=20)
    # Table 1: s = 25/5 = 5 negatives per positive.
    assert got == (
        point(5, 5, F(5, 20), F(5, 10)),
        point(6, 10, F(6, 20), F(6, 16)),
        point(7, 15, F(7, 20), F(7, 22)),
        point(8, 20, F(8, 20), F(8, 28)),
        point(9, 25, F(9, 20), F(9, 34)),
        point(10, 30, F(10, 20), F(10, 40)),
    )


def test_interpolation_from_the_origin_and_with_fractional_fp() -> None:
    # (0,0) -> (3,1): s = 1/3, precision at t > 0 is t/(t + t/3) = 3/4; the limit at 0 is 1/k = 3/4.
    got = interpolate_pr((0, 0), rx.ConfusionMatrix(3, 1, 1, 9), positives=4)
    assert got == (
        point(0, 0, F(0), F(3, 4)),
        point(1, F(1, 3), F(1, 4), F(3, 4)),
        point(2, F(2, 3), F(2, 4), F(3, 4)),
        point(3, 1, F(3, 4), F(3, 4)),
    )
    # (0,2) -> (2,4): negatives first, the limit at TP = 0 is 0; s = 1, FP(1) = 3.
    assert interpolate_pr((0, 2), (2, 4), positives=2) == (
        point(0, 2, F(0), F(0)),
        point(1, 3, F(1, 2), F(1, 4)),
        point(2, 4, F(1), F(1, 3)),
    )


def test_interpolation_with_one_positive() -> None:
    # P = 1: (0,0) -> (1,1), s = 1, precision 1/2 along the segment (limit 1/k = 1/2 at 0).
    assert interpolate_pr((0, 0), (1, 1), positives=1) == (
        point(0, 0, F(0), F(1, 2)),
        point(1, 1, F(1), F(1, 2)),
    )


def test_interpolation_of_a_vertical_drop() -> None:
    # TP stays 2 while FP goes 1 -> 5: the two ends, precision 2/3 then 2/7.
    assert interpolate_pr((2, 1), (2, 5), positives=4) == (
        point(2, 1, F(1, 2), F(2, 3)),
        point(2, 5, F(1, 2), F(2, 7)),
    )
    # At TP = 0 the drop has precision 0 (nothing positive found yet).
    assert interpolate_pr((0, 0), (0, 3), positives=4) == (
        point(0, 0, F(0), F(0)),
        point(0, 3, F(0), F(0)),
    )


# -- curve --------------------------------------------------------------------------------------


def test_segments_of_a_curve() -> None:
    curve = rx.Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0])  # (0,0) (1,0) (2,1) (2,2)
    assert list(curve.segments()) == [Segment(0, 0, 1, 0), Segment(1, 0, 2, 1), Segment(2, 1, 2, 2)]


def test_from_groups_default_and_paper() -> None:
    groups = [(5, 1, 0), (4, 2, 0), (3, 0, 1), (2, 0, 2)]  # pos, pos, neg, neg
    assert rx.Curve.from_groups(groups).tps == (0, 1, 3, 3, 3)  # default: every threshold
    paper = rx.Curve.from_groups(groups, "paper")
    # The cuts between two pure positive groups and between two pure negative groups go.
    assert (paper.tps, paper.fps) == ((0, 3, 3), (0, 0, 3))
    assert paper.thresholds == (4, 2)


def test_from_counts_allows_empty_classes() -> None:
    assert counts(rx.Curve.from_counts([], positives=2, negatives=0)) == [(0, 0), (2, 0)]
    assert counts(rx.Curve.from_counts([], positives=0, negatives=3)) == [(0, 0), (0, 3)]


def test_min_fp_at_the_ends_and_between() -> None:
    curve = rx.Curve.from_counts([(0, 2), (2, 4)], positives=4, negatives=10)
    assert curve.min_fp_at(0) == 0  # (0,0) is the first point with TP = 0
    assert curve.min_fp_at(2) == 4
    assert curve.min_fp_at(1) == 3  # on (0,2) -> (2,4): FP = 2 + 1
    assert curve.min_fp_at(4) == 10
    assert curve.min_fp_at(3) == 7  # on (2,4) -> (4,10): s = 3, FP = 4 + 3


# -- readers ------------------------------------------------------------------------------------


def test_reader_defaults_and_text_streams() -> None:
    text = "\ufeffscore,label\n0.5,1\n0.25,0\n"  # a BOM left in a text stream is dropped
    assert readers.read_scored_csv(io.StringIO(text)) == ([Decimal("0.5"), Decimal("0.25")], [1, 0])
    custom = "y,p\n1,0.5\n"
    assert readers.read_scored_csv(io.StringIO(custom), "p", "y") == ([Decimal("0.5")], [1])


def test_lone_carriage_returns_split_lines() -> None:
    # "0.5,1\r \n": the "\r" ends the row and " " is a blank line; then one more row.
    data = b"score,label\n0.5,1\r \n0.25,0\n"
    assert readers.read_scored_csv(io.BytesIO(data)) == ([Decimal("0.5"), Decimal("0.25")], [1, 0])
    data = b"score,label\r0.5,1\r0.25,0\r"
    assert readers.read_scored_csv(io.BytesIO(data))[1] == [1, 0]


@pytest.mark.parametrize(
    ("text", "label"),
    [("1." + "0" * 38, 1), ("0." + "0" * 38, 0), ("-0", 0), ("1e0", 1), ("TRUE", 1), ("False", 0)],
)
def test_numeric_label_spellings(text: str, label: int) -> None:
    assert len(text) <= 40
    assert readers.parse_label(text, "line 2") == label


def test_parse_score_values() -> None:
    assert readers.parse_score(" -inf ", "x") == Decimal("-Infinity")
    assert readers.parse_score("4/6", "x") == F(2, 3)
    assert readers.parse_score("1E+2", "x") == 100


class _Recording(io.BytesIO):
    """A stream that records the sizes the reader asks readline for."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.sizes: list[int | None] = []

    def readline(self, size: int | None = -1) -> bytes:
        self.sizes.append(size)
        return super().readline(size)


def test_reader_never_asks_for_more_than_a_line_limit() -> None:
    # The memory guard: with max_line_chars = 100 no read may return more than 102 characters
    # (the line and its "\r\n"), however long the line in the file is.
    stream = _Recording(b"score,label\n" + b"1" * 500 + b",1\n")
    with limits.using(max_line_chars=100), pytest.raises(rx.ResourceLimitError):
        readers.read_scored_csv(stream)
    assert stream.sizes == [102, 102]
