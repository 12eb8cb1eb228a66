"""The ``davis-goadrich`` area (Section 4): its points, its predicted size, its certified digits.

The area is the composite trapezoid over the discretely interpolated PR points, one per integer
TP (docs/design.md, section 1).  Summing them one by one costs O(P), whatever the number of
points of the curve: 10^12 positives given as two operating points would be 10^12 terms.  By
segments the cost follows the number of points instead.

On a rising segment A -> B with k = TP_B - TP_A > 0, the point at TP = t has precision
p(t) = k t / (C t + D), with the integers C = k + dFP and D = FP_A k - TP_A dFP
(C t + D = k (t + FP(t)) > 0).  Its trapezoids, times 2P, add up to

    p_prev + 2 sum_{t=TP_A+1}^{TP_B} p(t) - p(TP_B),

p_prev being the precision of the point before the segment (the recall-0 start, the end of the
previous segment, or the foot of a vertical drop), and since k t/(C t + D) = (k/C)(1 - D/(C t + D)),

    sum_{t=TP_A+1}^{TP_B} p(t) = k^2/C - (k D / C^2) (psi(u + k) - psi(u)),   u = TP_A + 1 + D/C,

psi the digamma function (psi(u + k) - psi(u) = sum_{j<k} 1/(u + j)); u > 0, since C u is the
denominator C (TP_A + 1) + D at TP_A + 1.  So the area is (rational + sum over long segments of
q (psi(u + k) - psi(u))) / (2P) with q = -2 k D / C^2; a segment with D = 0 (constant precision)
has no digamma term.  :func:`dg_terms` splits a curve so (from any t_min): segments of at most
:func:`long_segment` TPs keep their per-TP ratios, longer ones become three ratios and one
digamma difference; :func:`dg_decimal` certifies the digits
(:func:`rocpr_exact.exact.fixed.certified_ratio_sum`, Arb's digamma).

The exact rational (:func:`dg_area`) is the rational part alone when no segment has a digamma
term; otherwise it genuinely has a size proportional to P, and its common denominator is refused
by ``max_sum_digits`` before any term is built, from a size predicted from the counts
(:func:`predicted_bits`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from rocpr_exact import limits
from rocpr_exact.core.curve import Curve, count_arrays
from rocpr_exact.exact import digamma
from rocpr_exact.exact.digamma import DigammaTerm
from rocpr_exact.exact.fixed import certified_ratio_sum, denominator_bits
from rocpr_exact.exact.sums import sum_ratios

__all__ = [
    "LONG_SEGMENT",
    "DgTerms",
    "PrPoint",
    "dg_area",
    "dg_decimal",
    "dg_points",
    "dg_terms",
    "digamma_term_bound",
    "long_segment",
    "predicted_bits",
    "progression_bits",
    "start_point",
    "trapezoid_pairs",
]

#: See :func:`long_segment`.
LONG_SEGMENT = 32

WHAT = "the davis-goadrich AUC-PR"

#: A PR point as (t, numerator, denominator): TP = t (an int) and precision num/den.
PrPoint = tuple[int, int, int]


def long_segment(digits: int) -> int:
    """Segments of more TPs than this are one digamma difference when certifying ``digits``.

    Measured (``benchmarks/bench_dg_segments.py``, 2 cores): a digamma difference costs as
    much as about 24 per-TP ratios at 30 digits, 55 at 300, 350 at 1,000 and 1,500 at 3,000
    (Arb's digamma grows faster with the precision than a fixed-point division does), so the
    threshold is ``LONG_SEGMENT + digits // 2``: never far from the crossover.

    >>> long_segment(30)
    47
    """
    return LONG_SEGMENT + digits // 2


def start_point(curve: Curve) -> PrPoint:
    """The recall-0 start: precision by the limit convention (docs/design.md, section 1)."""
    p0 = curve.precision_at(0)
    return 0, p0.numerator, p0.denominator


def dg_points(curve: Curve) -> Iterator[PrPoint]:
    """The Davis-Goadrich points: every integer TP on every rising segment (Section 4).

    On A -> B, TP = t has FP = FP_A + (t - TP_A) dFP/dTP, so
    precision = t dTP / (t dTP + FP_A dTP + (t - TP_A) dFP), all integers.  O(P).
    """
    yield start_point(curve)
    tps, fps = curve.tps, curve.fps
    for i in range(1, len(tps)):
        tp_a, fp_a, tp_b, fp_b = tps[i - 1], fps[i - 1], tps[i], fps[i]
        dtp, dfp = tp_b - tp_a, fp_b - fp_a
        if dtp == 0:
            yield tp_b, tp_b, tp_b + fp_b
            continue
        for t in range(tp_a + 1, tp_b + 1):
            yield t, t * dtp, t * dtp + fp_a * dtp + (t - tp_a) * dfp


def trapezoid_pairs(
    points: Iterator[PrPoint], curve: Curve, t_min: Fraction | int
) -> Iterator[tuple[int, int]]:
    """The terms of a composite trapezoid over recall from t_min/P, to be summed and divided by 2P.

    A piece of width w between precisions p and p' gives w p and w p' (numerator, denominator).
    """
    prev_t, prev_num, prev_den = next(points)
    for t, num, den in points:
        if t > prev_t and t > t_min:
            if prev_t < t_min:  # the piece that contains t_min: cut it there
                edge = curve.precision_at(Fraction(t_min) / curve.positives)
                width = t - t_min
                yield width.numerator * num, width.denominator * den
                yield width.numerator * edge.numerator, width.denominator * edge.denominator
            else:
                yield (t - prev_t) * num, den
                yield (t - prev_t) * prev_num, prev_den
        prev_t, prev_num, prev_den = t, num, den


def progression_bits(first: int, step: int, count: int) -> int:
    """The sum of the bit lengths of first, first + step, ..., (``count`` terms; first > 0).

    One band per bit length: O(bits of the last term).

    >>> progression_bits(3, 2, 4) == sum(x.bit_length() for x in (3, 5, 7, 9))
    True
    """
    total, j = 0, 0
    while j < count:
        bits = (first + j * step).bit_length()
        end = count if step == 0 else min(count, ((1 << bits) - first - 1) // step + 1)
        total += (end - j) * bits
        j = end
    return total


def predicted_bits(curve: Curve, t_min: Fraction | int = 0) -> int:
    """An upper bound on the bits of the exact area's term denominators, from the counts.

    The denominators that :func:`dg_area` sums (with TP >= floor(t_min)), each counted once
    per point (so at least the distinct ones that ``max_sum_digits`` bounds), plus the two
    of the piece cut at a fractional t_min.  O(number of points x bits), no term is built.
    """
    corners = curve.corners()
    tps, fps = corners.tps, corners.fps
    low = t_min if isinstance(t_min, int) else t_min.numerator // t_min.denominator
    bits = start_point(corners)[2].bit_length()
    for i in range(1, len(tps)):
        tp_a, fp_a, tp_b, fp_b = tps[i - 1], fps[i - 1], tps[i], fps[i]
        dtp, dfp = tp_b - tp_a, fp_b - fp_a
        if tp_b < low:
            continue
        if dtp == 0:
            bits += (tp_b + fp_b).bit_length()
            continue
        first = max(tp_a + 1, low)
        big_c, big_d = dtp + dfp, fp_a * dtp - tp_a * dfp
        bits += progression_bits(big_c * first + big_d, big_c, tp_b - first + 1)
        if tp_a < t_min < tp_b and low != t_min:  # the cut piece: both scaled by its width
            scale = Fraction(t_min).denominator
            edge = corners.precision_at(Fraction(t_min) / corners.positives)
            bits += (scale * (big_c * (low + 1) + big_d)).bit_length()
            bits += (scale * edge.denominator).bit_length()
    return bits


def _has_digamma_term(corners: Curve, t_min: Fraction | int) -> bool:
    """Whether ``dg_terms(corners, LONG_SEGMENT, t_min)`` has a digamma term (without building it):
    a segment with D != 0 of more than ``LONG_SEGMENT`` TPs after t_min."""
    ceiling = -(-t_min // 1)  # the first TP of a segment that holds t_min
    tps, fps = corners.tps, corners.fps
    for i in range(1, len(tps)):
        tp_a, fp_a, tp_b, fp_b = tps[i - 1], fps[i - 1], tps[i], fps[i]
        long = tp_b - max(tp_a, ceiling) > LONG_SEGMENT
        if long and fp_a * (tp_b - tp_a) != tp_a * (fp_b - fp_a):
            return True
    return False


def dg_area(curve: Curve, t_min: Fraction | int = 0) -> Fraction:
    """The exact area over [t_min/P, 1].

    When no long segment has a digamma term (every segment of more than ``LONG_SEGMENT`` TPs
    has a constant precision, as with no negatives), the rational terms of :func:`dg_terms` are
    the whole value: O(number of points).  Otherwise the per-TP trapezoids are summed, after
    ResourceLimitError (``max_sum_digits``) has refused, before any term is built, a sum whose
    :func:`predicted_bits` are over the limit.  Binary splitting either way.

    >>> dg_area(Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)) > 0
    True
    >>> dg_area(Curve.from_counts([(10**15, 10**15)], 2 * 10**15, 2 * 10**15))   # constant
    Fraction(1, 2)
    """
    corners = curve.corners()
    if not _has_digamma_term(corners, t_min):
        terms = dg_terms(corners, LONG_SEGMENT, t_min)
        return sum_ratios(terms.pairs, WHAT) / terms.divisor
    limits.check_sum_bits(predicted_bits(corners, t_min), WHAT)
    pairs = trapezoid_pairs(dg_points(corners), curve, t_min)
    return sum_ratios(pairs, WHAT) / (2 * curve.positives)


@dataclass(frozen=True, slots=True)
class DgTerms:
    """The area over [0, 1] as (sum of n/d over ``pairs`` + sum of ``digamma`` terms) / divisor."""

    pairs: tuple[tuple[int, int], ...]
    digamma: tuple[DigammaTerm, ...]
    divisor: int


def dg_terms(curve: Curve, long: int = LONG_SEGMENT, t_min: Fraction | int = 0) -> DgTerms:
    """Split the area over [t_min/P, 1] into ratios and digamma differences (module notes).

    A segment (or its part after t_min) of at most ``long`` TPs gives its per-TP ratios exactly
    as :func:`trapezoid_pairs`; a longer one gives three ratios and (when D != 0) one digamma
    term.  O(number of points x long).

    >>> table1 = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    >>> terms = dg_terms(table1, long=0)
    >>> len(terms.digamma)   # (5, 5) -> (10, 30) and (10, 30) -> (20, 2000); constant from (0, 0)
    2
    >>> from rocpr_exact.exact.digamma import digamma_sum_exact
    >>> rational = sum(Fraction(n, d) for n, d in terms.pairs)
    >>> (rational + digamma_sum_exact(terms.digamma)) / terms.divisor == dg_area(table1)
    True
    """
    corners = curve.corners()
    _, num0, den0 = start_point(corners)
    prev = (num0, den0)
    pairs: list[tuple[int, int]] = []
    digammas: list[DigammaTerm] = []
    tps, fps = corners.tps, corners.fps
    for i in range(1, len(tps)):
        tp_a, fp_a, tp_b, fp_b = tps[i - 1], fps[i - 1], tps[i], fps[i]
        k, dfp = tp_b - tp_a, fp_b - fp_a
        if k == 0:  # a vertical drop: its foot is the next piece's start
            prev = (tp_b, tp_b + fp_b)
            continue
        big_c, big_d = k + dfp, fp_a * k - tp_a * dfp
        if tp_b <= t_min:  # wholly before t_min: no trapezoid, its end is the next start
            prev = (tp_b * k, big_c * tp_b + big_d)
            continue
        first = tp_a  # the rising points are first + 1, ..., TP_B, after the point ``prev``
        if tp_a < t_min:  # the segment holds t_min: from floor(t_min), cut at t_min
            first = int(t_min) if isinstance(t_min, int) else t_min.numerator // t_min.denominator
            if first != t_min:
                first += 1
                width = first - t_min
                edge = corners.precision_at(Fraction(t_min) / corners.positives)
                pairs += (
                    (width.numerator * first * k, width.denominator * (big_c * first + big_d)),
                    (width.numerator * edge.numerator, width.denominator * edge.denominator),
                )
            prev = (first * k, big_c * first + big_d)
        count = tp_b - first
        if count <= long:
            for t in range(first + 1, tp_b + 1):
                point = (t * k, big_c * t + big_d)
                pairs += (point, prev)
                prev = point
            continue
        end = (tp_b * k, big_c * tp_b + big_d)
        pairs += (prev, (-end[0], end[1]), (2 * k * count, big_c))
        if big_d:
            q = Fraction(-2 * k * big_d, big_c * big_c)
            digammas.append((q, Fraction(big_c * (first + 1) + big_d, big_c), count))
        prev = end
    return DgTerms(tuple(pairs), tuple(digammas), 2 * curve.positives)


@dataclass(frozen=True, slots=True)
class _PerPointPairs:
    """The per-TP ratios of the area over [0, 1], generated again at each iteration (2P pairs)."""

    corners: Curve

    def __len__(self) -> int:
        return 2 * self.corners.positives

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return trapezoid_pairs(dg_points(self.corners), self.corners, 0)


def digamma_term_bound(curve: Curve, digits: int) -> int:
    """An upper bound on the digamma differences :func:`dg_decimal` certifies at ``digits``,
    without building them: one per step between corners of more than :func:`long_segment`
    TPs (a report's up-front ``max_decimal_work`` check).

    >>> table1 = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    >>> digamma_term_bound(table1, 30), len(dg_terms(table1, long=long_segment(30)).digamma)
    (0, 0)
    >>> long = Curve.from_counts([(100, 10)], positives=200, negatives=300)
    >>> digamma_term_bound(long, 30), len(dg_terms(long, long=long_segment(30)).digamma)
    (2, 1)
    """
    corners = curve.corners()
    long = long_segment(digits)
    arrays = count_arrays(corners)
    if arrays is not None:
        tps = arrays[0]
        return int(((tps[1:] - tps[:-1]) > long).sum())
    tps = corners.tps
    return sum(1 for i in range(1, len(tps)) if tps[i] - tps[i - 1] > long)


def _has_long_segment(corners: Curve, long: int) -> bool:
    tps = corners.tps
    return any(tps[i] - tps[i - 1] > long for i in range(1, len(tps)))


def dg_decimal(curve: Curve, digits: int, small_bits: int, long: int | None = None) -> str | None:
    """The certified decimal of the area over [0, 1], or None when its exact value is small.

    None (the caller writes the exact value) when the term denominators have at most
    ``small_bits`` bits: counted on the terms when no segment is long, else predicted
    (:func:`predicted_bits`).  Otherwise ``digits`` certified digits, in time that follows
    the number of points: each segment of more than ``long`` TPs (default
    :func:`long_segment`) is one digamma difference (Arb, python-flint).
    Without python-flint the 2P per-TP ratios are added one by one, generated afresh at each
    refinement (no list), up to ``max_interpolated_points`` = P.  A value the enclosures
    cannot decide (a rounding tie) is decided by :func:`dg_area`, within its limit.
    """
    corners = curve.corners()
    divisor = 2 * curve.positives
    long = long_segment(digits) if long is None else long
    if not _has_long_segment(corners, long):
        pairs = list(trapezoid_pairs(dg_points(corners), corners, 0))
        if denominator_bits(pairs, stop=small_bits) <= small_bits:
            return None
        return certified_ratio_sum(pairs, divisor, digits)
    if predicted_bits(corners) <= small_bits:
        return None

    def exact() -> Fraction:
        return dg_area(corners)

    if not digamma.available():
        limits.check_interpolated_points(curve.positives, WHAT)
        return certified_ratio_sum(_PerPointPairs(corners), divisor, digits, exact=exact)
    terms = dg_terms(corners, long)
    kind = "a sum of {terms} digamma differences"
    limits.check_decimal_work(digits, len(terms.digamma), WHAT, kind, limits.DIGAMMA_WEIGHT)
    return certified_ratio_sum(terms.pairs, divisor, digits, digamma=terms.digamma, exact=exact)
