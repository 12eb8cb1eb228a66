"""The ``step`` area, average precision: sum over thresholds of (R_n - R_{n-1}) P_n.

Davis & Goadrich 2006, Section 4: the area under the PR points joined by steps, each
threshold's precision held over the recall it adds.  One module, one method: its exact
value, its Python and array terms, its mergeable share and its :data:`RECORD`.
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial
from typing import Any

from rocpr_exact.areas.arrayterms import rising_digits, rising_steps
from rocpr_exact.areas.base import AreaRecord, AreaTerms, Chain, Pairs, ratio_digits, recall_floor
from rocpr_exact.areas.least import min_average_precision
from rocpr_exact.core.curve import Curve
from rocpr_exact.exact.arrayfixed import ArrayRatios
from rocpr_exact.exact.sums import sum_ratios

__all__ = ["RECORD", "step_area", "step_array_terms", "step_pairs"]

DIVISOR = 1  # the terms' sum over P


def step_pairs(curve: Curve, t_min: Fraction | int = 0) -> Pairs:
    """The terms of the area over [t_min / P, 1]: (R_i - max(R_{i-1}, t_min / P)) P_i, times P.

    Only steps that add positives have width.  O(number of rising steps).
    """
    pairs: Pairs = []
    for tp_a, _, tp, fp in curve.rising_steps():
        if tp <= t_min:
            continue
        if tp_a >= t_min:
            pairs.append(((tp - tp_a) * tp, tp + fp))
        else:
            width = tp - t_min
            pairs.append((width.numerator * tp, width.denominator * (tp + fp)))
    return pairs


def step_area(curve: Curve, min_recall: Fraction | int = 0) -> Fraction:
    """Average precision over [min_recall, 1], exactly.

    >>> step_area(Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000))
    Fraction(311, 1616)
    """
    pairs = step_pairs(curve, recall_floor(curve, min_recall))
    return sum_ratios(pairs, "the step AUC-PR (average precision)") / curve.positives


def step_array_terms(tps: Any, fps: Any, start: tuple[int, int] | None = None) -> AreaTerms:
    """The terms of the rising steps of a chain of points (int64 arrays), over P.

    The chain may start anywhere on a curve (a range of a distributed summary); ``start``
    (the recall-0 precision) is not used: a step's term depends on its end alone.
    """
    rising, dtp, tp_b = rising_steps(tps)
    return AreaTerms(ArrayRatios(dtp * tp_b, tp_b + fps[rising]))


def _share(chain: Chain, digits: int) -> AreaTerms:
    return step_array_terms(chain.tps, chain.fps, chain.start)


_arrays = partial(rising_digits, step_array_terms, DIVISOR, step_area)

RECORD = AreaRecord(
    "step",
    step_area,
    partial(ratio_digits, _arrays, step_pairs, DIVISOR),
    "Average precision: sum over thresholds of (R_n - R_{n-1}) P_n.",
    divisor=DIVISOR,
    share=_share,
    published="average_precision",
    least=lambda p, n, ties: min_average_precision(p, n),
    why="(1/P) sum_i i/(N+i)",
    arrays=_arrays,
    terms=step_pairs,
)
