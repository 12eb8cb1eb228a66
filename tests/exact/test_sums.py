"""Tests of rocpr_exact.exact.sums: the one binary-splitting routine and the exact sums on it.

Expected values come from the standard library: ``sum`` of Fractions added one by one (slow but
obviously right), ``functools.reduce`` for the left-to-right fold, and small cases by hand.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocpr_exact import limits
from rocpr_exact.errors import ResourceLimitError
from rocpr_exact.exact.sums import binary_split, sum_fractions, sum_ratios, unreduced_sum

pairs = st.lists(st.tuples(st.integers(-50, 50), st.integers(1, 60)), max_size=40)


def test_binary_split_by_hand() -> None:
    # Five items: level 1 pairs (a b) (c d) e; level 2 ((a b)(c d)) e; level 3 (((a b)(c d)) e).
    assert binary_split(list("abcde"), lambda x, y: f"({x}{y})", "") == "(((ab)(cd))e)"
    assert binary_split(["a"], lambda x, y: x + y, "") == "a"
    assert binary_split([], lambda x, y: x + y, "zero") == "zero"
    calls: list[int] = []

    def add(x: int, y: int) -> int:
        calls.append(1)
        return x + y

    assert binary_split(list(range(1000)), add, 0) == 999 * 1000 // 2
    assert len(calls) == 999  # n - 1 additions


@settings(deadline=None)
@given(st.lists(st.text(max_size=3), max_size=30))
def test_binary_split_keeps_the_order_of_an_associative_operation(words: list[str]) -> None:
    # String concatenation is associative but not commutative: the tree must keep the order.
    assert binary_split(words, lambda x, y: x + y, "") == functools.reduce(
        lambda x, y: x + y, words, ""
    )


@settings(deadline=None)
@given(pairs)
def test_sums_agree_with_adding_one_by_one(items: list[tuple[int, int]]) -> None:
    expected = sum((Fraction(n, d) for n, d in items), Fraction(0))
    assert sum_ratios(items) == expected
    assert sum_fractions([Fraction(n, d) for n, d in items]) == expected
    numerator, denominator = unreduced_sum(items)
    assert denominator > 0 and Fraction(numerator, denominator) == expected
    assert (numerator == 0) == (expected == 0)


def test_sums_by_hand() -> None:
    # 1/2 + 1/3 + 1/6 = 1; unreduced: (1*3 + 1*2)/6 = 5/6, then (5*6 + 1*6)/36 = 36/36.
    assert unreduced_sum([(1, 2), (1, 3), (1, 6)]) == (36, 36)
    assert sum_ratios([(1, 2), (1, 3), (1, 6), (2, 4)]) == Fraction(3, 2)
    assert sum_fractions([Fraction(1, 4), Fraction(-1, 4)]) == 0
    assert sum_fractions([]) == 0 and unreduced_sum([]) == (0, 1)


def test_sum_ratios_checks_its_limit_before_working() -> None:
    # Denominators 2**40 + 1, ..., 2**40 + 10: a product of about 410 bits, ~124 digits.
    items = [(1, 2**40 + k) for k in range(1, 11)]
    with limits.using(max_sum_digits=100), pytest.raises(ResourceLimitError, match="my sum"):
        sum_ratios(items, "my sum")
    with limits.using(max_sum_digits=200):
        assert sum_ratios(items) == sum((Fraction(n, d) for n, d in items), Fraction(0))
