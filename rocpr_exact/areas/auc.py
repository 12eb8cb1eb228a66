"""Exact areas: AUC-ROC and the four AUC-PR methods (Davis & Goadrich 2006, Section 4).

* AUC-ROC: trapezoids under the ROC polyline; equal to the Mann-Whitney
  statistic with ties counted 1/2 (``proofs/proof_auc_mann_whitney.py``).
Each AUC-PR method is one module with its record (:mod:`rocpr_exact.areas.records`):

* ``continuous`` (:mod:`~rocpr_exact.areas.continuous`): the integral of precision over
  recall along the PR image of the ROC polyline.  On a segment, with k = 1 + s and
  c = FP_A - s TP_A, the area is (1/P) [t/k - (c/k^2) ln(k t + c)] from TP_A to TP_B
  (``proofs/proof_closed_form.py``).  Since k t + c = t + FP(t) is the number of
  examples predicted positive, the log argument at a vertex is the integer
  TP + FP, so adjacent segments share (and merge) their log terms.
* ``davis-goadrich`` (:mod:`~rocpr_exact.areas.davis_goadrich`): composite trapezoid over the
  discretely interpolated points (every integer TP, FP by the local skew), from recall 0
  (:mod:`rocpr_exact.areas.dg`:
  the exact sum, refused by ``max_sum_digits`` from a size predicted before any term is
  built, and certified digits by segments).
* ``linear`` (:mod:`~rocpr_exact.areas.linear`): trapezoid over the listed threshold points,
  straight lines in PR space (the mistake the paper warns about), from recall 0.
* ``step`` (:mod:`~rocpr_exact.areas.step`): average precision, sum over thresholds of
  (R_i - R_{i-1}) P_i.

Recall 0 uses the "limit" convention of docs/design.md: the starting precision is
:meth:`Curve.precision_at` ``(0)``.  ``min_recall`` restricts every method to
[min_recall, 1] without rescaling; the left edge of the ``davis-goadrich`` and
``linear`` curves there is ``precision_at(min_recall)`` when ``min_recall`` falls
strictly inside one of their pieces.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypeAlias

from rocpr_exact.areas.base import recall_floor
from rocpr_exact.areas.continuous import continuous_area
from rocpr_exact.areas.records import PR_METHODS, area_record
from rocpr_exact.core.counts import INT64_CROSS
from rocpr_exact.core.curve import Curve, count_arrays, require_curve
from rocpr_exact.errors import InvalidInputError, NoPositivesError
from rocpr_exact.exact.closedform import ClosedForm

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is a dependency
    np = None  # type: ignore[assignment]

__all__ = ["PR_METHODS", "PrMethod", "area_terms", "auc_pr", "auc_roc", "continuous_area"]

#: An AUC-PR method: the name of a record in force (:data:`PR_METHODS` for the built-in four,
#: any other added by :func:`~rocpr_exact.areas.records.registered`), checked when used.
PrMethod: TypeAlias = str


def auc_roc(curve: Curve) -> Fraction:
    """The exact area under the ROC polyline.

    Sum over segments of (FP_B - FP_A)(TP_A + TP_B) / (2 P N): a tie group is a
    diagonal segment, so this is the Mann-Whitney statistic with ties 1/2.
    O(number of points), integer arithmetic.

    >>> auc_roc(Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0]))
    Fraction(7, 8)
    """
    require_curve(curve, "curve")
    curve.require_both_classes("auc_roc")
    corners = curve.corners()  # collinear points add nothing to a trapezoid sum
    tps, fps = corners.tps, corners.fps
    arrays = count_arrays(corners) if curve.positives + curve.negatives < INT64_CROSS else None
    if arrays is not None:
        t, f = arrays  # every partial sum <= 2 P N < 2^63
        return Fraction(
            int((np.diff(f) * (t[1:] + t[:-1])).sum()), 2 * curve.positives * curve.negatives
        )
    twice = sum((fps[i] - fps[i - 1]) * (tps[i] + tps[i - 1]) for i in range(1, len(tps)))
    return Fraction(twice, 2 * curve.positives * curve.negatives)


def auc_pr(
    curve: Curve, method: PrMethod = "davis-goadrich", *, min_recall: Fraction | int = 0
) -> Fraction | ClosedForm:
    """The exact area under the PR curve over [min_recall, 1] by the named method.

    ``continuous`` returns a :class:`ClosedForm` (rational + sum of q ln r);
    the other methods return a ``Fraction``.  Needs P > 0.
    Complexity: ``davis-goadrich`` O(P) terms (refused up front by ``max_sum_digits``
    when their predicted size is over it), the others O(number of points) terms, each
    summed by binary splitting.

    >>> table1 = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    >>> auc_pr(table1, "step")        # 1/4 * 1/2 + 1/4 * 1/4 + 1/2 * 20/2020
    Fraction(311, 1616)
    >>> auc_pr(table1, "linear")      # 1/4 * 1/2 + 1/4 * (1/2 + 1/4)/2 + 1/2 * (1/4 + 1/101)/2
    Fraction(917, 3232)
    """
    recall_floor(curve, min_recall)  # the curve and min_recall first, then the method
    return area_record(method).exact(curve, min_recall=min_recall)


def area_terms(curve: Curve, method: PrMethod) -> tuple[list[tuple[int, int]], int]:
    """The terms of a rational AUC-PR over [0, 1]: ``auc_pr(curve, method)`` is
    (sum of n/d over the pairs) / divisor.  For ``davis-goadrich``, ``linear``, ``step``.

    Lets a caller certify decimals without the exact rational
    (:func:`rocpr_exact.exact.fixed.certified_ratio_sum`).

    >>> table1 = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    >>> pairs, divisor = area_terms(table1, "step")
    >>> sum(Fraction(n, d) for n, d in pairs) / divisor == auc_pr(table1, "step")
    True
    """
    if curve.positives == 0:
        raise NoPositivesError("auc_pr requires at least one positive example")
    record = area_record(method)
    if record.terms is None:
        raise InvalidInputError(f"area_terms has no terms for the method {method!r}")
    return record.terms(curve), record.divisor * curve.positives
