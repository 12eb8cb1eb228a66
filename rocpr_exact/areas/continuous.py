"""Certified digits of the ``continuous`` area without its closed form (docs/design.md, section 1).

The exact value (:func:`rocpr_exact.areas.auc.continuous_area`) is a :class:`ClosedForm` with
one log term per corner of the curve: at n = 10^6 balanced examples, half a million terms
with large rational coefficients, whose construction and text take seconds.  The report's
default (``build_report(exact=False)``) needs only its certified decimal, so this module reads
the terms straight from the integer counts of the corners.  Per segment A -> B of the
corners with dTP > 0 (m = dTP + dFP, D = FP_A dTP - dFP TP_A; k = m/dTP, c = D/dTP in the
notation of ``continuous_area``), P times its area is

    (b - a)/k - (c/k^2)(ln(k b + c) - ln(k a + c)) = dTP^2/m + (D dTP/m^2)(ln x_A - ln x_B),

with x = TP + FP the number of examples predicted positive at a corner (an integer, shared by
adjacent segments).  A run of positives (dFP = 0) contributes dTP and the integer weight FP_A.
So P times the area is a sum of ratios dTP^2/m plus :class:`~rocpr_exact.exact.logsum.LogSteps`,
certified by :func:`rocpr_exact.exact.fixed.certified_ratio_sum` (one Ziv loop, one Arb
logarithm per corner); a value the enclosures cannot decide falls back to the closed form.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from rocpr_exact import limits
from rocpr_exact.areas.auc import continuous_area
from rocpr_exact.core.curve import Curve, count_arrays
from rocpr_exact.errors import NoPositivesError
from rocpr_exact.exact import digamma
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.fixed import certified_ratio_sum
from rocpr_exact.exact.logsum import LogSteps

__all__ = ["ContinuousTerms", "continuous_decimal", "continuous_terms", "log_term_bound"]

WHAT = "the continuous AUC-PR"


class ContinuousTerms:
    """P times the area over [0, 1]: ``sum of pairs n/d`` + ``logs``, and its size in bits.

    ``size_bits`` estimates the bits of the integers of the closed form (its text): the
    rational part's denominator (P and the distinct m), then for each log step the two terms
    it adds to, each a coefficient (weight over P, merged with a neighbour's) and an argument.
    Counted until it exceeds ``stop``.  Measured on random curves it is within a factor of
    about 2 of the bits of the integers the report writes.
    """

    __slots__ = ("logs", "pairs", "size_bits")

    def __init__(self, pairs: list[tuple[int, int]], logs: LogSteps, size_bits: int) -> None:
        self.pairs = pairs
        self.logs = logs
        self.size_bits = size_bits


def _plain(values: Sequence[int]) -> list[int]:
    """Python ints of a sequence of counts (a numpy int64 view, once, by ``tolist``)."""
    tolist: Any = getattr(values, "tolist", None)
    return list(tolist()) if tolist is not None else list(values)


def continuous_terms(curve: Curve, stop: int | None = None) -> ContinuousTerms:
    """The ratios and log steps of P times the ``continuous`` area over [0, 1].

    >>> table1 = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    >>> terms = continuous_terms(table1)
    >>> terms.pairs           # dTP^2 / m: (0, 0) -> (5, 5) -> (10, 30) -> (20, 2000)
    [(25, 10), (25, 30), (100, 1980)]
    >>> terms.logs.indices, terms.logs.numerators, terms.logs.denominators
    ([1, 2], [-500, -194000], [900, 3920400])

    O(number of corners), integer arithmetic.
    """
    corners = curve.corners()
    tps, fps = _plain(corners.tps), _plain(corners.fps)
    arguments = [tp + fp for tp, fp in zip(tps, fps, strict=True)]
    pairs: list[tuple[int, int]] = []
    indices: list[int] = []
    numerators: list[int] = []
    denominators: list[int] = []
    run_total = 0  # the runs of positives: dTP^2 / dTP = dTP each
    seen: set[int] = set()
    size = corners.positives.bit_length()
    for i in range(len(tps) - 1):
        tp_a, fp_a = tps[i], fps[i]
        dtp, dfp = tps[i + 1] - tp_a, fps[i + 1] - fp_a
        if dtp == 0:
            continue
        if dfp == 0:
            run_total += dtp
            if fp_a:
                indices.append(i)
                numerators.append(fp_a)
                denominators.append(1)
            continue
        m = dtp + dfp
        pairs.append((dtp * dtp, m))
        weight = fp_a * dtp - dfp * tp_a
        if weight:
            indices.append(i)
            numerators.append(weight * dtp)
            denominators.append(m * m)
        if (stop is None or size <= stop) and m not in seen:
            seen.add(m)
            size += m.bit_length()
    p_bits = corners.positives.bit_length()
    for i, n, d in zip(indices, numerators, denominators, strict=True):
        if stop is not None and size > stop:
            break
        size += 2 * (n.bit_length() + d.bit_length() + p_bits + arguments[i + 1].bit_length())
    if run_total:
        pairs.append((run_total, 1))
    return ContinuousTerms(pairs, LogSteps(arguments, indices, numerators, denominators), size)


def continuous_decimal(curve: Curve, digits: int, small_bits: int) -> str | None:
    """The certified decimal of the ``continuous`` area over [0, 1], or None when small.

    None (the caller builds the closed form, as ``auc_pr(curve, "continuous")``) without
    python-flint, or when :func:`continuous_terms` counts at most ``small_bits`` bits.
    Otherwise ``digits`` digits, equal to ``decimal(auc_pr(curve, "continuous"), digits)``,
    in time linear in the number of corners (one Arb logarithm each).  The work is checked
    against ``max_decimal_work`` as for the closed form (one unit per log step and digit).

    >>> curve = Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0])
    >>> continuous_decimal(curve, 10, small_bits=0)
    '0.7972674459'
    >>> continuous_decimal(curve, 10, small_bits=4096) is None
    True
    """
    if curve.positives == 0:
        raise NoPositivesError("auc_pr requires at least one positive example")
    if not digamma.available():
        return None
    terms = continuous_terms(curve, stop=small_bits)
    if terms.size_bits <= small_bits:
        return None
    corners = curve.corners()
    limits.check_decimal_work(digits, len(terms.logs), WHAT)

    def exact() -> ClosedForm:
        return continuous_area(corners, Fraction(0))

    return certified_ratio_sum(terms.pairs, curve.positives, digits, logs=terms.logs, exact=exact)


def log_term_bound(curve: Curve) -> int:
    """An upper bound on the log steps of :func:`continuous_terms`, without building them.

    A step between corners has a log term only if it rises (dTP > 0) and it either runs
    right too (dFP > 0) or starts off the vertical axis (FP > 0): counted here in one
    vectorised pass when the counts are int64 arrays (one pass over tuples otherwise).

    >>> log_term_bound(Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000))
    3
    >>> len(continuous_terms(Curve.from_counts([(5, 5), (10, 30)], 20, 2000)).logs)
    2
    """
    corners = curve.corners()
    arrays = count_arrays(corners)
    if arrays is not None:
        tps, fps = arrays
        rising = tps[1:] > tps[:-1]
        return int((rising & ((fps[1:] > fps[:-1]) | (fps[:-1] > 0))).sum())
    tps, fps = corners.tps, corners.fps
    return sum(
        1
        for i in range(len(tps) - 1)
        if tps[i + 1] > tps[i] and (fps[i + 1] > fps[i] or fps[i] > 0)
    )
