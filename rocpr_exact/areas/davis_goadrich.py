"""The ``davis-goadrich`` area: trapezoids over the discretely interpolated PR points.

Davis & Goadrich 2006, Section 4: between two corners every integer TP is a point, its FP
by the local skew; the composite trapezoid over them from recall 0 (the "limit"
convention of docs/design.md).  The exact sum, its size refused up front by
``max_sum_digits``, and the certified digits by segments are in :mod:`rocpr_exact.areas.dg`;
this module adds the array terms, the mergeable share and the method's :data:`RECORD`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from typing import Any

from rocpr_exact import limits
from rocpr_exact.areas.base import (
    AreaRecord,
    AreaTerms,
    Chain,
    Pairs,
    corner_arrays,
    fast_or,
    recall_floor,
)
from rocpr_exact.areas.dg import (
    WHAT,
    dg_area,
    dg_decimal,
    dg_points,
    long_segment,
    start_point,
    trapezoid_pairs,
)
from rocpr_exact.areas.least import min_auc_pr_dg
from rocpr_exact.core.curve import Curve
from rocpr_exact.exact.arrayfixed import ArrayRatios
from rocpr_exact.exact.digamma import DigammaTerm
from rocpr_exact.exact.fixed import certified_ratio_sum

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is a dependency
    np = None  # type: ignore[assignment]

__all__ = ["RECORD", "dg_array_digits", "dg_array_terms", "dg_exact", "dg_pairs"]

DIVISOR = 2  # the terms' sum over 2P


def dg_exact(curve: Curve, min_recall: Fraction | int = 0) -> Fraction:
    """The exact area over [min_recall, 1] (:func:`rocpr_exact.areas.dg.dg_area`).

    >>> dg_exact(Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000))
    Fraction(5003891379641686049844181, 22638706635441068580087680)
    """
    return dg_area(curve, recall_floor(curve, min_recall))


def dg_pairs(curve: Curve) -> Pairs:
    """The terms of the area over [0, 1], over 2P: O(P) of them (the report uses
    :func:`~rocpr_exact.areas.dg.dg_decimal` instead)."""
    return list(trapezoid_pairs(dg_points(curve.corners()), curve, 0))


def dg_array_digits(curve: Curve, digits: int, small_bits: int) -> str | None:
    """The certified decimal of the area over [0, 1] from the corners' array terms, or None."""
    found = corner_arrays(curve)
    return None if found is None else _dg_area(*found, digits, small_bits)


def _dg_area(corners: Curve, tps: Any, fps: Any, digits: int, small_bits: int) -> str | None:
    long = long_segment(digits)
    k = np.diff(tps)
    short = (k > 0) & (k <= long)
    if bool((k > long).any()):
        if corners.positives <= small_bits:  # predicted_bits counts >= 1 bit per TP
            return None
    elif (
        int(k[short].sum()) <= long * small_bits
        and _distinct_dg_denominators(tps, fps, short) <= small_bits
    ):
        return None  # for one k the denominators k (t + FP(t)) all differ
    _, start_num, start_den = start_point(corners)
    terms = dg_array_terms(tps, fps, (start_num, start_den), long)
    kind = "a sum of {terms} digamma differences"
    limits.check_decimal_work(digits, len(terms.digamma), WHAT, kind, limits.DIGAMMA_WEIGHT)

    def exact() -> Fraction:
        return dg_area(corners)

    return certified_ratio_sum(
        terms.pairs, 2 * corners.positives, digits, digamma=terms.digamma, exact=exact
    )


def _short_points(tps: Any, fps: Any, short: Any) -> tuple[Any, Any, Any]:
    """Every integer TP t of the short rising segments: (owner segment, t, C t + D)."""
    k, dfp = np.diff(tps), np.diff(fps)
    tp_a, fp_a = tps[:-1], fps[:-1]
    big_c, big_d = k + dfp, fp_a * k - tp_a * dfp
    seg = np.flatnonzero(short)
    lengths = k[seg]
    count = int(lengths.sum())
    owner = np.repeat(seg, lengths)
    offset = np.arange(count) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    t = tp_a[owner] + 1 + offset
    return owner, t, big_c[owner] * t + big_d[owner]


def _distinct_dg_denominators(tps: Any, fps: Any, short: Any) -> int:
    return int(np.unique(_short_points(tps, fps, short)[2]).shape[0])


def dg_array_terms(tps: Any, fps: Any, start: tuple[int, int] | None, long: int) -> AreaTerms:
    """The ``davis-goadrich`` terms of a chain of corners (int64 arrays), over 2P.

    Segments of more than ``long`` TPs are one digamma difference each.  ``start`` is the
    recall-0 precision that enters a first segment starting at (0, 0); with None (a chain that
    starts elsewhere: a range of a distributed summary) the first segment is entered at its
    start's own precision TP / (TP + FP), as every other segment is.
    """
    k, dfp = np.diff(tps), np.diff(fps)
    tp_a, fp_a = tps[:-1], fps[:-1]
    rising = k > 0
    short = rising & (k <= long)
    big_c, big_d = k + dfp, fp_a * k - tp_a * dfp
    # the entry precision of each segment: the start at (0, 0), else TP_A / (TP_A + FP_A)
    entry_num, entry_den = tp_a.copy(), tp_a + fp_a
    if start is not None and k.shape[0]:
        entry_num[0], entry_den[0] = 0, 1  # replaced by the exact start below
    owner, t, den = _short_points(tps, fps, short)
    lengths = k[short]
    last = np.zeros(t.shape[0], dtype=np.int64)
    last[np.cumsum(lengths) - 1] = 1
    num = (2 - last) * (k[owner] * t)
    extra: list[tuple[int, int]] = []
    first_entry = (int(entry_num[0]), int(entry_den[0])) if k.shape[0] else (0, 1)
    if start is not None:
        first_entry = start
    if k.shape[0] and short[0]:  # the entry of a short first segment (a long one: below)
        extra.append(first_entry)
    digammas: list[DigammaTerm] = []
    for i in np.flatnonzero(rising & (k > long)).tolist():
        ki, ci, di, ta = int(k[i]), int(big_c[i]), int(big_d[i]), int(tp_a[i])
        tb = ta + ki
        prev = first_entry if i == 0 else (int(entry_num[i]), int(entry_den[i]))
        extra += (prev, (-tb * ki, ci * tb + di), (2 * ki * ki, ci))
        if di:
            digammas.append((Fraction(-2 * ki * di, ci * ci), Fraction(ci * (ta + 1) + di, ci), ki))
    seg = np.flatnonzero(short)
    entries = seg[seg > 0]
    pairs = ArrayRatios(
        np.concatenate((num, entry_num[entries])), np.concatenate((den, entry_den[entries])), extra
    )
    return AreaTerms(pairs, tuple(digammas))


def _share(chain: Chain, digits: int) -> AreaTerms:
    return dg_array_terms(chain.ctps, chain.cfps, chain.at_origin, long_segment(digits))


RECORD = AreaRecord(
    "davis-goadrich",
    dg_exact,
    partial(fast_or, dg_array_digits, dg_decimal),
    "Trapezoids over the Davis-Goadrich points (every integer TP, "
    "FP by the local skew), from recall 0 (limit convention).",
    divisor=DIVISOR,
    share=_share,
    published="auc_pr_dg",
    least=lambda p, n, ties: min_auc_pr_dg(p, n),
    why="every negative ranked first",
    arrays=dg_array_digits,
    terms=dg_pairs,
)
