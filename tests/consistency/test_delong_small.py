"""The exhaustive DeLong decision for P + N <= 9, against every ranking written out.

The brute force below shares no code with :mod:`rocpr_exact.consistency.delong_small`: it
writes every ranking of P positives and N negatives (every sequence of tie groups) as scores,
counts each positive's placement pair by pair (2 per negative below, 1 per tied negative), and
takes DeLong's sample variances in Fractions.  The ends A -+ z sqrt(var) of each (AUC,
variance) are 45-digit mpmath values (no end lies within 1e-40 of a rounding boundary at two
places), read against the printed intervals as
:func:`~rocpr_exact.consistency.reported.reported_interval` defines them.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import mpmath
import pytest

from rocpr_exact.consistency.delong_small import delong_pairs
from rocpr_exact.consistency.intervals import check_auc_ci
from rocpr_exact.consistency.reported import reported_interval
from tests.consistency.test_intervals import group_sequences

ZERO, ONE = Fraction(0), Fraction(1)

SIZES = [(p, total - p) for total in range(4, 10) for p in range(2, total - 1)]


def textbook(groups: list[tuple[int, int]]) -> tuple[Fraction, Fraction]:
    """(AUC, DeLong variance) from pairwise placements (DeLong et al. 1988, section 3).

    V10_i = c_i / (2N), c_i counted pair by pair; the deviations V10_i - theta are
    (P c_i - sum c) / (2NP), so S10 = sum (P c_i - sum c)^2 / ((2NP)^2 (P - 1)), in integers.
    """
    xs = [-k for k, (a, _) in enumerate(groups) for _ in range(a)]  # positives' scores
    ys = [-k for k, (_, b) in enumerate(groups) for _ in range(b)]
    p, n = len(xs), len(ys)
    c = [sum(2 if x > y else x == y for y in ys) for x in xs]
    d = [sum(2 if x > y else x == y for x in xs) for y in ys]
    s10 = Fraction(sum((p * ci - sum(c)) ** 2 for ci in c), (2 * n * p) ** 2 * (p - 1))
    s01 = Fraction(sum((n * dj - sum(d)) ** 2 for dj in d), (2 * p * n) ** 2 * (n - 1))
    return Fraction(sum(c), 2 * n * p), s10 / p + s01 / n


@cache
def brute(p: int, n: int) -> frozenset[tuple[Fraction, Fraction]]:
    return frozenset(textbook(groups) for groups in group_sequences(p, n))


@cache
def z() -> mpmath.mpf:
    mpmath.mp.dps = 50
    return mpmath.sqrt(2) * mpmath.erfinv(mpmath.mpf(95) / 100)


@cache
def ends(p: int, n: int) -> dict[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]:
    """Each pair's interval ends A -+ z sqrt(var), to 45 digits, as Fractions."""
    mpmath.mp.dps = 50
    out = {}
    for auc, variance in brute(p, n):
        half = z() * mpmath.sqrt(mpmath.mpf(variance.numerator) / variance.denominator)
        centre = mpmath.mpf(auc.numerator) / auc.denominator
        out[auc, variance] = (
            Fraction(mpmath.nstr(centre - half, 45, strip_zeros=False)),
            Fraction(mpmath.nstr(centre + half, 45, strip_zeros=False)),
        )
    return out


def two_places(cents: int) -> str:
    return ("-" if cents < 0 else "") + f"{abs(cents) // 100}.{abs(cents) % 100:02d}"


def prints_as(end: Fraction, text: str) -> bool:
    interval = reported_interval(text.lstrip("-"), "nearest")
    return (-end if text.startswith("-") else end) in interval


@pytest.mark.parametrize(("p", "n"), SIZES)
def test_every_pair_is_found(p: int, n: int) -> None:
    found = {(Fraction(m, 2 * p * n), v) for m, v in delong_pairs(p, n)}
    assert found == brute(p, n)


@pytest.mark.parametrize(("p", "n"), SIZES)
def test_verdicts_agree_with_brute_force(p: int, n: int) -> None:
    table = ends(p, n)
    pairs = sorted(table)
    rng = random.Random(p * 100 + n)
    seen = set()
    for pair in rng.sample(pairs, min(6, len(pairs))):
        cents = [round(end * 100) for end in table[pair]]  # nearest hundredths (no exact half)
        for dl, dh in ((0, 0), (-1, 0), (0, 1), (1, -1), (-2, 2)):
            lo, hi = cents[0] + dl, cents[1] + dh
            if hi < lo:
                continue
            texts = [
                ("-" if v < 0 else "") + f"{abs(v) // 100}.{abs(v) % 100:02d}" for v in (lo, hi)
            ]
            verdict = check_auc_ci(p, n, *texts, "delong")
            expected = any(  # as printed, or clipped to [0, 1] as pROC and MLstatkit print it
                (prints_as(low, texts[0]) and prints_as(high, texts[1]))
                or (prints_as(max(low, ZERO), texts[0]) and prints_as(min(high, ONE), texts[1]))
                for low, high in table.values()
            )
            assert verdict.verdict in (
                ("possible",) if expected else ("impossible", "not modelled")
            ), (texts, verdict)
            seen.add(verdict.verdict)
            if expected:  # the witness is re-checked by check_auc_ci; its pair is a real one
                assert (verdict.auc, verdict.variance) in brute(p, n)
    assert "possible" in seen
