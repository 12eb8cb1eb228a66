"""The ``linear`` area: trapezoids over the threshold points, straight lines in PR space.

The interpolation Davis & Goadrich 2006 (Section 4) warn against, from recall 0 (the
"limit" convention of docs/design.md: the starting precision is
:meth:`Curve.precision_at` ``(0)``).  One module, one method: its exact value, its Python and
array terms, its mergeable share and its :data:`RECORD`.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from functools import partial
from typing import Any

from rocpr_exact.areas.arrayterms import rising_digits, rising_steps
from rocpr_exact.areas.base import AreaRecord, AreaTerms, Chain, Pairs, ratio_digits, recall_floor
from rocpr_exact.areas.dg import PrPoint, start_point, trapezoid_pairs
from rocpr_exact.areas.least import min_auc_pr_linear
from rocpr_exact.core.curve import Curve
from rocpr_exact.exact.arrayfixed import ArrayRatios
from rocpr_exact.exact.sums import sum_ratios

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is a dependency
    np = None  # type: ignore[assignment]

__all__ = ["RECORD", "linear_area", "linear_array_terms", "linear_pairs", "listed_points"]

DIVISOR = 2  # the terms' sum over 2P


def listed_points(curve: Curve) -> Iterator[PrPoint]:
    """The threshold points in PR space, after the recall-0 start.

    Only the two ends of each step that adds positives are listed: the points
    in between share one recall and add no width.  O(number of rising steps).
    """
    start = start_point(curve)
    yield start
    for tp_a, fp_a, tp_b, fp_b in curve.rising_steps():
        yield start if tp_a == 0 else (tp_a, tp_a, tp_a + fp_a)
        yield tp_b, tp_b, tp_b + fp_b


def linear_pairs(curve: Curve) -> Pairs:
    """The terms of the area over [0, 1], over 2P."""
    return list(trapezoid_pairs(listed_points(curve), curve, 0))


def linear_area(curve: Curve, min_recall: Fraction | int = 0) -> Fraction:
    """The trapezoids over [min_recall, 1], exactly.

    >>> table1 = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    >>> linear_area(table1)   # 1/4 * 1/2 + 1/4 * (1/2 + 1/4)/2 + 1/2 * (1/4 + 1/101)/2
    Fraction(917, 3232)
    """
    pairs = trapezoid_pairs(listed_points(curve), curve, recall_floor(curve, min_recall))
    return sum_ratios(pairs, "the linear AUC-PR") / (DIVISOR * curve.positives)


def linear_array_terms(tps: Any, fps: Any, start: tuple[int, int] | None) -> AreaTerms:
    """The terms of the rising steps of a chain of points (int64 arrays), over 2P.

    The chain may start anywhere on a curve (a range of a distributed summary).  ``start``
    is the recall-0 precision (numerator, denominator) that a rising step starting at TP = 0
    takes (:func:`~rocpr_exact.areas.dg.start_point`); unused when ``tps[0] > 0``.
    """
    rising, dtp, tp_b = rising_steps(tps)
    tp_a, fp_a = tps[rising - 1], fps[rising - 1]
    later = tp_a > 0  # a rising step from TP = 0 takes the recall-0 start
    extra: list[tuple[int, int]] = []
    if rising.shape[0] and int(tp_a[0]) == 0:
        assert start is not None, "a chain from TP = 0 needs its recall-0 start"
        extra.append((int(dtp[0]) * start[0], start[1]))
    return AreaTerms(
        ArrayRatios(
            np.concatenate((dtp * tp_b, dtp[later] * tp_a[later])),
            np.concatenate((tp_b + fps[rising], tp_a[later] + fp_a[later])),
            extra,
        )
    )


def _share(chain: Chain, digits: int) -> AreaTerms:
    return linear_array_terms(chain.tps, chain.fps, chain.start)


_arrays = partial(rising_digits, linear_array_terms, DIVISOR, linear_area)

RECORD = AreaRecord(
    "linear",
    linear_area,
    partial(ratio_digits, _arrays, linear_pairs, DIVISOR),
    "Trapezoids over the threshold points with straight lines in PR "
    "space, from recall 0 (limit convention): the interpolation the paper warns against.",
    divisor=DIVISOR,
    share=_share,
    published="auc_pr_linear",
    least=lambda p, n, ties: min_auc_pr_linear(p, n, ties=ties),
    why="see bounds",
    arrays=_arrays,
    terms=linear_pairs,
)
