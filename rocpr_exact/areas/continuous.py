"""Certified digits of the ``continuous`` area without its closed form (docs/design.md, section 1).

The exact value (:func:`continuous_area`) is a :class:`ClosedForm` with
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
from functools import partial
from typing import Any

from rocpr_exact import limits
from rocpr_exact.areas.base import (
    AreaRecord,
    AreaTerms,
    Chain,
    corner_arrays,
    fast_or,
    recall_floor,
)
from rocpr_exact.areas.least import min_auc_pr_continuous
from rocpr_exact.core.curve import Curve, count_arrays
from rocpr_exact.errors import NoPositivesError
from rocpr_exact.exact import digamma
from rocpr_exact.exact.arrayfixed import ArrayRatios
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.fixed import certified_ratio_sum
from rocpr_exact.exact.logprimes import prime_coefficients
from rocpr_exact.exact.logsum import LogSteps
from rocpr_exact.exact.sums import sum_ratios

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is a dependency
    np = None  # type: ignore[assignment]

__all__ = [
    "RECORD",
    "ContinuousTerms",
    "continuous_area",
    "continuous_array_digits",
    "continuous_array_terms",
    "continuous_decimal",
    "continuous_exact",
    "continuous_terms",
    "log_term_bound",
]

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


def continuous_exact(curve: Curve, min_recall: Fraction | int = 0) -> ClosedForm:
    """The exact area over [min_recall, 1]: a rational plus a sum of q ln r.

    >>> continuous_exact(Curve.from_counts([(1, 0)], positives=1, negatives=1))
    ClosedForm(1)
    """
    return continuous_area(curve.corners(), recall_floor(curve, min_recall))


def continuous_area(curve: Curve, t_min: Fraction | int) -> ClosedForm:
    """Closed-form integral of precision over recall, segment by segment (Section 4).

    Segment A -> B (dTP > 0), from t = a to t = b:
      c = 0:  area (b - a) / (P k)       (constant precision 1/k)
      c != 0: (1/P) [(b - a)/k - (c/k^2) (ln(k b + c) - ln(k a + c))]
    with k t + c = t + FP(t), so at a vertex the log argument is the integer
    TP + FP, and adjacent segments merge their terms.  A run of positives
    (dFP = 0: k = 1, c = FP_A) has the integer log coefficient FP_A / P, so
    those are collected as integers over P.  O(number of points).
    """
    positives = curve.positives
    rational: list[tuple[int, int]] = []
    run_logs: dict[int, int] = {}  # argument -> coefficient * P, for runs of positives
    logs: dict[int | Fraction, Fraction] = {}  # argument -> coefficient, other segments
    tps, fps = curve.tps, curve.fps
    for i in range(1, len(tps)):
        tp_a, fp_a, tp_b, fp_b = tps[i - 1], fps[i - 1], tps[i], fps[i]
        dtp, dfp = tp_b - tp_a, fp_b - fp_a
        if dtp == 0 or tp_b <= t_min:
            continue
        if dfp == 0 and tp_a >= t_min:
            rational.append((dtp, positives))
            if fp_a:
                run_logs[tp_b + fp_b] = run_logs.get(tp_b + fp_b, 0) - fp_a
                run_logs[tp_a + fp_a] = run_logs.get(tp_a + fp_a, 0) + fp_a
            continue
        a = max(Fraction(tp_a), Fraction(t_min))
        k = Fraction(dtp + dfp, dtp)
        c = Fraction(fp_a * dtp - dfp * tp_a, dtp)
        width = (tp_b - a) / (k * positives)
        rational.append((width.numerator, width.denominator))
        if c != 0:
            coefficient = c / (k * k * positives)
            start: int | Fraction = tp_a + fp_a if a == tp_a else k * a + c
            logs[tp_b + fp_b] = logs.get(tp_b + fp_b, Fraction(0)) - coefficient
            logs[start] = logs.get(start, Fraction(0)) + coefficient
    for argument, q in run_logs.items():
        logs[argument] = logs.get(argument, Fraction(0)) + Fraction(q, positives)
    area = sum_ratios(rational, WHAT)
    if all(isinstance(argument, int) for argument in logs):
        return ClosedForm.from_integer_logs(area, logs)  # type: ignore[arg-type]
    return ClosedForm.from_parts(area, [(q, x) for x, q in logs.items()])


def continuous_array_digits(curve: Curve, digits: int, small_bits: int) -> str | None:
    """The certified decimal of the area over [0, 1] from the corners' array terms, or None."""
    found = corner_arrays(curve)
    return None if found is None else _continuous_area(*found, digits, small_bits)


def _continuous_area(
    corners: Curve, tps: Any, fps: Any, digits: int, small_bits: int
) -> str | None:
    dtp, dfp = np.diff(tps), np.diff(fps)
    tp_a, fp_a = tps[:-1], fps[:-1]
    sloped = (dtp > 0) & (dfp > 0)
    weighted = int(np.count_nonzero(sloped & (fp_a * dtp - dfp * tp_a != 0)))
    p_bits = corners.positives.bit_length()
    count = int(np.count_nonzero((dtp > 0) & (dfp == 0) & (fp_a > 0))) + weighted
    if count * 2 * (3 + p_bits) + p_bits <= small_bits:  # continuous_terms: >= that many bits
        return None
    terms = continuous_array_terms(tps, fps)
    assert terms.logs is not None
    limits.check_decimal_work(digits, len(terms.logs), WHAT)

    def exact() -> ClosedForm:
        return continuous_area(corners, Fraction(0))

    return certified_ratio_sum(terms.pairs, corners.positives, digits, logs=terms.logs, exact=exact)


def continuous_array_terms(tps: Any, fps: Any) -> AreaTerms:
    """The ``continuous`` terms of a chain of corners (int64 arrays), over P: ratios and logs.

    Each segment's integral of the precision depends on its own two ends only, so the chain may
    start anywhere on a curve (a range of a distributed summary).
    """
    dtp, dfp = np.diff(tps), np.diff(fps)
    tp_a, fp_a = tps[:-1], fps[:-1]
    runs = (dtp > 0) & (dfp == 0)
    run_steps = np.flatnonzero(runs & (fp_a > 0))
    sloped = np.flatnonzero((dtp > 0) & (dfp > 0))
    m = dtp[sloped] + dfp[sloped]
    weight = fp_a[sloped] * dtp[sloped] - dfp[sloped] * tp_a[sloped]
    weighted = weight != 0
    arguments = tps + fps
    w, d_w, m_w = weight[weighted], dtp[sloped][weighted], m[weighted]
    if int(np.abs(w).max(initial=1)).bit_length() + int(d_w.max(initial=1)).bit_length() < 63:
        products = (w * d_w).tolist()
    else:  # D dTP may pass 2^63: Python ints
        products = [a * b for a, b in zip(w.tolist(), d_w.tolist(), strict=True)]
    # each step's two arguments side by side: step j is (ln x[2j] - ln x[2j + 1])
    steps = sloped[weighted]
    numerators, denominators = products, (m_w * m_w).tolist()
    primes = prime_coefficients(arguments, run_steps, fp_a[run_steps])
    if primes is None:  # the runs' integer weights FP_A, one step each
        steps = np.concatenate((steps, run_steps))
        numerators += fp_a[run_steps].tolist()
        denominators += [1] * run_steps.shape[0]
    pairs_of_arguments = np.stack((arguments[steps], arguments[steps + 1]), axis=1).ravel()
    extra = pairs_of_arguments.tolist()
    if primes is not None:  # one logarithm per prime (exact.logprimes): C_p (ln p - ln 1)
        extra += np.stack((primes[0], np.ones_like(primes[0])), axis=1).ravel().tolist()
        numerators += primes[1].tolist()
        denominators += [1] * primes[0].shape[0]
    indices = list(range(0, len(extra), 2))
    logs = LogSteps(extra, indices, numerators, denominators)
    run_total = int(dtp[runs].sum())
    pairs = ArrayRatios(dtp[sloped] * dtp[sloped], m, [(run_total, 1)] if run_total else [])
    return AreaTerms(pairs, logs=logs)


def _share(chain: Chain, digits: int) -> AreaTerms:
    return continuous_array_terms(chain.ctps, chain.cfps)


RECORD = AreaRecord(
    "continuous",
    continuous_exact,
    partial(fast_or, continuous_array_digits, continuous_decimal),
    "Integral of precision over recall along the PR image of the ROC "
    "polyline (closed form: rational + sum q ln r).",
    closed_form=True,
    divisor=1,
    share=_share,
    published="auc_pr_continuous",
    least=lambda p, n, ties: min_auc_pr_continuous(p, n),
    why="Boyd et al. 2012",
    arrays=continuous_array_digits,
)
