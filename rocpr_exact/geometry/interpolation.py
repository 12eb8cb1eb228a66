"""Discrete Davis-Goadrich interpolation between two PR points (Section 4, Table 1).

Between A and B, with local skew s = (FP_B - FP_A)/(TP_B - TP_A), the points
TP = TP_A + x, FP = FP_A + s x for every integer 0 <= x <= TP_B - TP_A, i.e.
(recall, precision) = ((TP_A + x)/P, (TP_A + x)/(TP_A + x + FP_A + s x)).
They lie on the PR image of the ROC segment AB (``proofs/proof_interpolation.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rocpr_exact.core.confusion import ConfusionMatrix, tp_fp
from rocpr_exact.core.segment import Segment
from rocpr_exact.errors import InvalidInputError, NoPositivesError

__all__ = ["InterpolatedPoint", "interpolate_pr"]


@dataclass(frozen=True, slots=True)
class InterpolatedPoint:
    """One Davis-Goadrich point: integer TP, rational FP, and its exact PR coordinates."""

    tp: int
    fp: Fraction
    recall: Fraction
    precision: Fraction


def interpolate_pr(
    a: ConfusionMatrix | tuple[int, int],
    b: ConfusionMatrix | tuple[int, int],
    positives: int,
) -> tuple[InterpolatedPoint, ...]:
    """The Davis-Goadrich points from A to B inclusive, one per integer TP.

    A and B are confusion matrices or (TP, FP) pairs with TP_A <= TP_B and
    FP_A <= FP_B.  When TP_A = TP_B (a vertical drop) there is nothing to
    interpolate and the result is (A, B).  At TP = 0 the precision is the limit
    along the segment (1/(1 + s) from (0, 0); 0 from (0, FP > 0)).  O(TP_B - TP_A).

    >>> for p in interpolate_pr((5, 5), (10, 30), positives=20):   # Table 1
    ...     print(p.tp, p.fp, p.recall, p.precision)
    5 5 1/4 1/2
    6 10 3/10 3/8
    7 15 7/20 7/22
    8 20 2/5 2/7
    9 25 9/20 9/34
    10 30 1/2 1/4
    """
    if isinstance(positives, bool) or not isinstance(positives, int) or positives <= 0:
        raise NoPositivesError(f"interpolate_pr requires positives > 0, got {positives!r}")
    (tp_a, fp_a), (tp_b, fp_b) = tp_fp(a), tp_fp(b)
    if tp_b > positives:
        raise InvalidInputError(f"TP_B = {tp_b} exceeds positives = {positives}")
    segment = Segment(tp_a, fp_a, tp_b, fp_b)

    def point(tp: int, fp: Fraction, precision: Fraction) -> InterpolatedPoint:
        return InterpolatedPoint(tp, fp, Fraction(tp, positives), precision)

    if segment.is_vertical:
        return tuple(
            point(tp_a, Fraction(fp), Fraction(0) if tp_a == 0 else Fraction(tp_a, tp_a + fp))
            for fp in (fp_a, fp_b)
        )
    out = []
    for tp in range(tp_a, tp_b + 1):
        fp = segment.fp_at(tp)
        precision = segment.limit_precision_at_start() if tp == 0 else tp / (tp + fp)
        out.append(point(tp, fp, precision))
    return tuple(out)
