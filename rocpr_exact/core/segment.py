"""One ROC segment and its image in PR space (Davis & Goadrich 2006, Section 4).

Between ROC points A and B with TP_B > TP_A, the local skew is
``s = (FP_B - FP_A) / (TP_B - TP_A)`` negatives per positive.  At TP = t on the
segment, FP = FP_A + s (t - TP_A), so

    precision(t) = t / (t + FP_A + s (t - TP_A)) = t / (k t + c),
    k = 1 + s,  c = FP_A - s TP_A.

Precision is increasing, constant or decreasing in t as c > 0, c = 0 or c < 0
(d precision / dt = c / (k t + c)^2).  A segment with TP_B = TP_A is a vertical
drop at recall TP_A / P.  Proofs: ``proofs/proof_interpolation.py`` and
``proofs/proof_closed_form.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rocpr_exact.errors import InvalidInputError

__all__ = ["Segment", "local_skew"]


def local_skew(tp_a: int, fp_a: int, tp_b: int, fp_b: int) -> Fraction:
    """Negatives per positive between A and B: (FP_B - FP_A) / (TP_B - TP_A) (Section 4).

    >>> local_skew(5, 5, 10, 30)   # the paper's Table 1: 5 negatives per positive
    Fraction(5, 1)
    """
    if tp_b == tp_a:
        raise InvalidInputError(
            f"local skew is undefined on a vertical segment (TP_A = TP_B = {tp_a}); "
            "it needs TP_B > TP_A"
        )
    return Fraction(fp_b - fp_a, tp_b - tp_a)


@dataclass(frozen=True, slots=True)
class Segment:
    """The ROC segment from (TP_A, FP_A) to (TP_B, FP_B), counts non-decreasing.

    >>> seg = Segment(5, 5, 10, 30)
    >>> seg.local_skew, seg.k, seg.c
    (Fraction(5, 1), Fraction(6, 1), Fraction(-20, 1))
    >>> seg.fp_at(7), seg.precision_at_tp(7)
    (Fraction(15, 1), Fraction(7, 22))
    """

    tp_a: int
    fp_a: int
    tp_b: int
    fp_b: int

    def __post_init__(self) -> None:
        if self.tp_b < self.tp_a or self.fp_b < self.fp_a:
            raise InvalidInputError(
                f"a curve segment must not decrease: ({self.tp_a}, {self.fp_a}) -> "
                f"({self.tp_b}, {self.fp_b})"
            )

    @property
    def is_vertical(self) -> bool:
        """True for a drop in PR space: TP does not change (only negatives are added)."""
        return self.tp_b == self.tp_a

    @property
    def local_skew(self) -> Fraction:
        """s = (FP_B - FP_A) / (TP_B - TP_A)."""
        return local_skew(self.tp_a, self.fp_a, self.tp_b, self.fp_b)

    @property
    def k(self) -> Fraction:
        """k = 1 + s, so that precision(t) = t / (k t + c)."""
        return 1 + self.local_skew

    @property
    def c(self) -> Fraction:
        """c = FP_A - s TP_A; its sign is the direction of precision along the segment."""
        return self.fp_a - self.local_skew * self.tp_a

    def fp_at(self, tp: Fraction | int) -> Fraction:
        """FP on the segment at TP = tp (linear in ROC space), TP_A <= tp <= TP_B."""
        return self.fp_a + self.local_skew * (tp - self.tp_a)

    def precision_at_tp(self, tp: Fraction | int) -> Fraction:
        """Precision t / (t + FP(t)) at TP = t > 0 on the segment (Section 4 formula)."""
        if not self.tp_a <= tp <= self.tp_b:
            raise InvalidInputError(f"TP = {tp} lies outside [{self.tp_a}, {self.tp_b}]")
        if tp == 0:
            raise InvalidInputError("precision at TP = 0 is a limit; use Curve.precision_at(0)")
        return Fraction(tp) / (tp + self.fp_at(tp))

    def limit_precision_at_start(self) -> Fraction:
        """The limit of precision as t -> TP_A from above (the recall-0 convention at TP_A = 0).

        For TP_A > 0 it is the precision at A.  For TP_A = 0 it is 1/k when
        FP_A = 0 (then c = 0 and precision is constant) and 0 when FP_A > 0.

        >>> Segment(0, 0, 3, 1).limit_precision_at_start()
        Fraction(3, 4)
        >>> Segment(0, 2, 3, 5).limit_precision_at_start()
        Fraction(0, 1)
        """
        if self.tp_a > 0:
            return Fraction(self.tp_a, self.tp_a + self.fp_a)
        if self.fp_a > 0:
            return Fraction(0)
        return 1 / self.k
