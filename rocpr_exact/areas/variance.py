"""Exact variances of the AUC-ROC: DeLong (1988), the paired covariance, Hanley & McNeil (1982).

DeLong, DeLong & Clarke-Pearson (1988), "Comparing the areas under two or more correlated
receiver operating characteristic curves: a nonparametric approach", Biometrics 44(3).  With P
positives X_i and N negatives Y_j, psi(x, y) = 1 if x > y, 1/2 if x = y, 0 otherwise, the
structural components are V10_i = (1/N) sum_j psi(X_i, Y_j) and V01_j = (1/P) sum_i psi(X_i, Y_j),
the AUC theta is their mean, and

    S10 = sum_i (V10_i - theta)^2 / (P - 1),  S01 = sum_j (V01_j - theta)^2 / (N - 1),
    var(theta) = S10 / P + S01 / N.

In integers: a positive's *doubled placement* C_i = 2 N V10_i is twice the number of negatives
ranked below it plus the negatives tied with it, and a negative's D_j = 2 P V01_j likewise counts
the positives above it.  Then sum_i (V10_i - theta)^2 = (P sum C^2 - (sum C)^2) / (4 N^2 P), so

    S10 / P = (P sum C^2 - (sum C)^2) / (4 N^2 P^2 (P - 1)),

an exact rational made of four integer sums.  All positives of one tie group share their C (a
group of a positives and b negatives with B negatives below has C = 2B + b), so a curve's
points, read as tie groups, are enough: one pass over the points, no per-example work
(``proofs/proof_delong_bounds.py`` proves the identity; tests/areas/test_variance.py checks both
against the pairwise textbook formulas).  The
covariance of two scorings of the same examples pairs the placements example by example (same
formula with C_a C_b), so it needs the scores and labels.

Conventions: P = 1 or N = 1 leaves a sample variance of one value, 0/0: refused
(:class:`~rocpr_exact.errors.UndefinedMetricError`; pROC returns NA).  A curve's counts are taken
as examples: a curve of weighted data (``weights=``) is not a sample of examples and has no
DeLong variance; the CLI refuses ``--ci`` with ``--weight-column``.  Thresholds ``"paper"``
merge only neighbouring pure groups of one class, whose members have equal placements, so the
variance is unchanged; :meth:`Curve.corners` would merge collinear mixed groups and change it, so
this module reads every point.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.core.arraycounts import as_array, check_arrays, is_numeric_array
from rocpr_exact.core.curve import Curve, count_arrays, require_curve
from rocpr_exact.core.data import check_lengths, normalize_labels, normalize_scores
from rocpr_exact.core.ordering import ascending_order
from rocpr_exact.errors import InvalidInputError, UndefinedMetricError

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is a dependency
    np = None  # type: ignore[assignment]

__all__ = [
    "VARIANCE_METHODS",
    "Placements",
    "auc_covariance",
    "auc_variance",
    "delong_sums",
    "placement_covariance",
    "placements",
]

VarianceMethod = Literal["delong", "hanley-mcneil"]
VARIANCE_METHODS: tuple[VarianceMethod, ...] = ("delong", "hanley-mcneil")

_INT64_SAFE = 1 << 62


@dataclass(frozen=True, slots=True)
class DelongSums:
    """The integer sums of the doubled placements: sum C, sum C^2 (positives), sum D, sum D^2."""

    positives: int
    negatives: int
    sum_c: int
    sum_cc: int
    sum_d: int
    sum_dd: int

    def variance(self) -> Fraction:
        """S10 / P + S01 / N (module notes); UndefinedMetricError when P or N is below 2."""
        p, n = self.positives, self.negatives
        _require_two(p, n, "the DeLong variance")
        s10 = Fraction(p * self.sum_cc - self.sum_c**2, 4 * n * n * p * p * (p - 1))
        s01 = Fraction(n * self.sum_dd - self.sum_d**2, 4 * p * p * n * n * (n - 1))
        return s10 + s01


def _require_two(p: int, n: int, what: str) -> None:
    if p < 2 or n < 2:
        raise UndefinedMetricError(
            f"{what} needs at least 2 positives and 2 negatives (its sample variances divide "
            f"by P - 1 and N - 1), got P = {p}, N = {n}"
        )


def _moments(weights: Any, values: Any, bound: int) -> tuple[int, int]:
    """(sum w v, sum w v^2) exactly: int64 when ``bound`` (>= sum w v^2) allows, else ints."""
    if np is not None and isinstance(weights, np.ndarray):
        if bound < _INT64_SAFE:
            product = weights * values
            return int(product.sum()), int(np.dot(product, values))
        weights, values = weights.tolist(), values.tolist()
    first = second = 0
    for w, v in zip(weights, values, strict=True):
        first += w * v
        second += w * v * v
    return first, second


def delong_sums(curve: Curve) -> DelongSums:
    """The four integer sums of DeLong's variance, read from the curve's tie groups.

    Group i (between points i - 1 and i) has a = tp_i - tp_{i-1} positives and b = fp_i - fp_{i-1}
    negatives; each of its positives has C = 2 (N - fp_i) + b, each negative D = 2 tp_{i-1} + a.

    >>> s = delong_sums(Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0]))
    >>> s.sum_c, s.sum_cc, s.sum_d, s.sum_dd   # C = 4, 3; D = 3, 4
    (7, 25, 7, 25)

    O(number of points), int64 numpy passes when the sums fit.
    """
    require_curve(curve, "curve")
    curve.require_both_classes("delong_sums")
    p, n = curve.positives, curve.negatives
    bound_c, bound_d = p * (2 * n) ** 2, n * (2 * p) ** 2  # C <= 2N, D <= 2P
    arrays = count_arrays(curve) if np is not None else None
    if arrays is not None:
        tps, fps = arrays
        a, b = np.diff(tps), np.diff(fps)
        c, d = 2 * (n - fps[1:]) + b, 2 * tps[:-1] + a
    else:
        tps, fps = list(curve.tps), list(curve.fps)
        a = [tps[i] - tps[i - 1] for i in range(1, len(tps))]
        b = [fps[i] - fps[i - 1] for i in range(1, len(fps))]
        c = [2 * (n - fp) + bi for fp, bi in zip(fps[1:], b, strict=True)]
        d = [2 * tp + ai for tp, ai in zip(tps[:-1], a, strict=True)]
    return DelongSums(p, n, *_moments(a, c, bound_c), *_moments(b, d, bound_d))


def hanley_mcneil(auc: Fraction, positives: int, negatives: int) -> Fraction:
    """Hanley & McNeil (1982), Radiology 143(1), eq. 2: a function of the AUC, P and N alone.

    var = (A(1 - A) + (P - 1)(Q1 - A^2) + (N - 1)(Q2 - A^2)) / (P N),
    Q1 = A / (2 - A), Q2 = 2 A^2 / (1 + A).

    >>> hanley_mcneil(Fraction(1, 2), 2, 2)   # (1/4 + (1/3 - 1/4) + (1/3 - 1/4)) / 4
    Fraction(5, 48)
    """
    if positives < 1 or negatives < 1:
        raise UndefinedMetricError("the Hanley-McNeil variance needs P >= 1 and N >= 1")
    q1, q2 = auc / (2 - auc), 2 * auc * auc / (1 + auc)
    square = auc * auc
    total = auc * (1 - auc) + (positives - 1) * (q1 - square) + (negatives - 1) * (q2 - square)
    return total / (positives * negatives)


def auc_variance(curve: Curve, method: VarianceMethod = "delong") -> Fraction:
    """The exact variance of the AUC-ROC estimate: DeLong's (default) or Hanley & McNeil's.

    >>> auc_variance(Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0]))   # (2*25 - 49)/64 twice
    Fraction(1, 32)
    >>> auc_variance(Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0]), "hanley-mcneil")
    Fraction(497, 11520)

    (A = 7/8: A(1 - A) = 7/64, Q1 - A^2 = 7/9 - 49/64 = 7/576, Q2 - A^2 = 49/60 - 49/64 = 49/960;
    (7/64 + 7/576 + 49/960) / 4 = 497/11520.)

    Raises UndefinedMetricError for DeLong with P or N below 2, NoPositivesError /
    NoNegativesError for a missing class, InvalidInputError for another method.
    O(number of points).
    """
    require_curve(curve, "curve")
    if method == "delong":
        return delong_sums(curve).variance()
    if method == "hanley-mcneil":
        curve.require_both_classes("auc_variance")
        return hanley_mcneil(auc_roc(curve), curve.positives, curve.negatives)
    raise InvalidInputError(
        f"unknown variance method {method!r}; choose one of {', '.join(VARIANCE_METHODS)}"
    )


@dataclass(frozen=True, slots=True)
class Placements:
    """Per-example doubled placements, in input order, and their four sums.

    ``doubled[k]`` is C of example k if it is a positive (``positive[k]``), else its D (numpy
    int32/int64 and bool arrays for numeric arrays, else lists).  ``positive_c`` and
    ``negative_d`` list them by class, in input order.
    """

    doubled: Any
    positive: Any
    totals: DelongSums

    @property
    def positive_c(self) -> Any:
        if np is not None and isinstance(self.doubled, np.ndarray):
            return self.doubled[self.positive]
        return [c for c, y in zip(self.doubled, self.positive, strict=True) if y]

    @property
    def negative_d(self) -> Any:
        if np is not None and isinstance(self.doubled, np.ndarray):
            return self.doubled[~self.positive]
        return [d for d, y in zip(self.doubled, self.positive, strict=True) if not y]

    def sums(self) -> DelongSums:
        """The four integer sums of the variance (the same as :func:`delong_sums` of the curve)."""
        return self.totals


def placements(
    scores: Iterable[Any], labels: Iterable[Any], *, checked: bool = False
) -> Placements:
    """The doubled placements of every example (module notes), in input order.

    C_i = (negatives below X_i) + (negatives at or below X_i); D_j = (positives above Y_j) +
    (positives at or above Y_j).  One sort of all scores and linear scans over its tie groups.

    >>> found = placements([4, 3, 3, 1], [1, 0, 1, 0])
    >>> found.positive_c, found.negative_d
    ([4, 3], [3, 4])

    Scores and labels are read and checked as :meth:`Curve.from_scores` reads them
    (``checked=True``: numeric arrays the caller has already built a curve of).  O(n log n).
    """
    scores, labels = as_array(scores), as_array(labels)
    if np is not None and is_numeric_array(scores) and is_numeric_array(labels):
        assert isinstance(scores, np.ndarray) and isinstance(labels, np.ndarray)
        if not checked:
            check_arrays(scores, labels)  # as Curve.from_scores refuses, without its sort
        positive = labels if labels.dtype.kind == "b" else labels != 0
        return _sorted_placements(scores, positive)
    xs, ys = normalize_scores(scores), normalize_labels(labels)
    check_lengths(xs, ys)
    sp = sorted(x for x, y in zip(xs, ys, strict=True) if y)
    sn = sorted(x for x, y in zip(xs, ys, strict=True) if not y)
    p, n = len(sp), len(sn)
    doubled = [
        bisect_left(sn, x) + bisect_right(sn, x)
        if y
        else 2 * p - bisect_left(sp, x) - bisect_right(sp, x)
        for x, y in zip(xs, ys, strict=True)
    ]
    c = [v for v, y in zip(doubled, ys, strict=True) if y]
    d = [v for v, y in zip(doubled, ys, strict=True) if not y]
    totals = DelongSums(p, n, sum(c), sum(v * v for v in c), sum(d), sum(v * v for v in d))
    return Placements(doubled, [bool(y) for y in ys], totals)


def _sorted_placements(scores: Any, positive: Any) -> Placements:
    """C of every positive and D of every negative, in input order, from one sort of all scores.

    In ascending order, an example in the tie group [s, e) has negcum[s] negatives below it and
    negcum[e] at or below it (negcum: running count of negatives), so C = negcum[s] + negcum[e];
    likewise D = 2P - poscum[s] - poscum[e].  The sort is :func:`ascending_order` (a value sort
    of packed keys); the four sums are read from the tie groups; the placements are written
    back to input order in int32 when they fit (C <= 2N, D <= 2P), halving the scattered bytes.
    """
    order, ranked = ascending_order(scores)
    size = ranked.shape[0]
    new_group = np.empty(size, dtype=bool)
    new_group[:1] = True
    np.not_equal(ranked[1:], ranked[:-1], out=new_group[1:])
    del ranked
    is_pos = positive[order]
    poscum = np.zeros(size + 1, dtype=np.int64)
    np.cumsum(is_pos, out=poscum[1:])
    p = int(poscum[-1])
    starts = np.flatnonzero(new_group)
    ends = np.empty_like(starts)
    ends[:-1], ends[-1:] = starts[1:], size
    pos_below, pos_upto = poscum[starts], poscum[ends]
    del poscum
    group_c = starts - pos_below + ends - pos_upto
    group_d = 2 * p - pos_below - pos_upto
    group_a = pos_upto - pos_below  # positives in the group
    group_b = ends - starts - group_a
    n = size - p
    totals = DelongSums(
        p,
        n,
        *_moments(group_a, group_c, p * (2 * n) ** 2),
        *_moments(group_b, group_d, n * (2 * p) ** 2),
    )
    kind = np.int32 if 2 * size < 1 << 31 else np.int64
    if starts.shape[0] == size:  # no ties: one example per group
        values = np.where(is_pos, group_c.astype(kind), group_d.astype(kind))
    else:
        gid = np.repeat(np.arange(starts.shape[0], dtype=kind), ends - starts)
        values = np.where(is_pos, group_c.astype(kind)[gid], group_d.astype(kind)[gid])
    doubled = np.empty(size, dtype=kind)
    doubled[order] = values
    return Placements(doubled, positive, totals)


def auc_covariance(
    scores_a: Iterable[Any],
    scores_b: Iterable[Any],
    labels: Iterable[Any],
    *,
    checked: bool = False,
) -> Fraction:
    """DeLong's covariance of the AUCs of two scorings of the same examples (paired).

    cov = S10_ab / P + S01_ab / N, S10_ab = sum_i (V10a_i - theta_a)(V10b_i - theta_b) / (P - 1)
    and S01_ab likewise; ``auc_covariance(s, s, y)`` is ``auc_variance`` of s's curve.

    >>> auc_covariance([4, 3, 3, 1], [1, 2, 3, 4], [1, 0, 1, 0])
    Fraction(-1, 16)

    (C_a = (4, 3), C_b = (0, 2): (2 * 6 - 7 * 2) / 64; D_a = (3, 4), D_b = (2, 0): the same.)

    Raises InvalidInputError when the two scorings differ in length, UndefinedMetricError for P
    or N below 2 (``checked=True``: as :func:`placements`).  O(n log n).
    """
    labels = as_array(labels)
    if not is_numeric_array(labels):
        labels = list(labels)  # read twice
    first = placements(scores_a, labels, checked=checked)
    second = placements(scores_b, labels, checked=checked)
    return placement_covariance(first, second)


def placement_covariance(first: Placements, second: Placements) -> Fraction:
    """DeLong's covariance from the placements of two scorings of the same examples.

    S10_ab / P = (P sum C_a C_b - sum C_a sum C_b) / (4 N^2 P^2 (P - 1)), S01_ab / N likewise
    with D; the cross sums pair the examples in input order (one product pass).
    """
    one, two = first.totals, second.totals
    p, n = one.positives, one.negatives
    if (two.positives, two.negatives) != (p, n):  # pragma: no cover - same labels
        raise InvalidInputError("scores_a and scores_b must score the same examples")
    _require_two(p, n, "the DeLong covariance")
    cross_c, cross_d = _cross_sums(first, second, 4 * max(p, n) ** 2)  # C <= 2N, D <= 2P
    s10 = Fraction(p * cross_c - one.sum_c * two.sum_c, 4 * n * n * p * p * (p - 1))
    s01 = Fraction(n * cross_d - one.sum_d * two.sum_d, 4 * p * p * n * n * (n - 1))
    return s10 + s01


def _cross_sums(first: Placements, second: Placements, largest: int) -> tuple[int, int]:
    """(sum over positives of C_a C_b, sum over negatives of D_a D_b), exactly.

    numpy: int64 products (each at most ``largest``), summed in int64 over chunks short enough
    that no partial sum passes 2^62, the chunks' sums added as Python ints.
    """
    a, b, positive = first.doubled, second.doubled, first.positive
    if np is not None and isinstance(a, np.ndarray):
        products = np.multiply(a, b, dtype=np.int64)
        step = max(1, _INT64_SAFE // max(largest, 1))
        cross_c = cross_d = 0
        for start in range(0, products.shape[0], step):
            chunk, mask = products[start : start + step], positive[start : start + step]
            part = int(np.where(mask, chunk, 0).sum())
            cross_c, cross_d = cross_c + part, cross_d + int(chunk.sum()) - part
        return cross_c, cross_d
    cross_c = cross_d = 0
    for x, y, is_pos in zip(a, b, positive, strict=True):
        if is_pos:
            cross_c += x * y
        else:
            cross_d += x * y
    return cross_c, cross_d
