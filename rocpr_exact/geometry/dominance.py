"""Dominance of one curve over another, in ROC and in PR space (Davis & Goadrich 2006, Theorem 3.2).

Curve I dominates curve II when no point of II's curve lies strictly above I's curve
(Provost et al. 1998, as quoted in Section 3).  Theorem 3.2: for fixed numbers of
positives P and negatives N, I dominates II in ROC space if and only if I dominates II
in PR space.  Machine-checked in ``proofs/proof_theorem_3_2.py``.

Both deciders below are exact (``Fraction`` and ``int`` only) and independent: the
ROC decider compares the two ROC polylines in (FPR, TPR); the PR decider compares the
hyperbolic PR segments precision = r / (k r + g) in (recall, precision) and never
looks at an FPR.  The property tests check that they agree on every pair of curves.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import Literal

from rocpr_exact.core.curve import Curve, require_curve
from rocpr_exact.core.segment import Segment
from rocpr_exact.errors import InvalidInputError, NoNegativesError, NoPositivesError

__all__ = ["Dominance", "dominates"]

Space = Literal["roc", "pr"]


@dataclass(frozen=True, slots=True)
class Dominance:
    """The answer of :func:`dominates`, usable as a ``bool``.

    When ``dominates`` is false, ``witness`` is a place where curve II is strictly
    above curve I -- an FPR for ``space="roc"``, a recall for ``space="pr"`` -- and
    ``value_1 < value_2`` are the curves' values there: the greatest TPR of each ROC
    polyline at that FPR, or the upper precision of each PR curve at that recall
    (:meth:`Curve.precision_at`).  When ``dominates`` is true the three are ``None``.

    >>> Dominance(False, "pr", Fraction(1, 4), Fraction(1, 4), Fraction(1, 2))
    Dominance(dominates=False, space='pr', witness=Fraction(1, 4),
              value_1=Fraction(1, 4), value_2=Fraction(1, 2))
    >>> bool(Dominance(True, "roc"))
    True
    """

    dominates: bool
    space: Space
    witness: Fraction | None = None
    value_1: Fraction | None = None
    value_2: Fraction | None = None

    def __post_init__(self) -> None:
        if self.space not in ("roc", "pr"):
            raise InvalidInputError(f"space must be 'roc' or 'pr', got {self.space!r}")
        found = (self.witness, self.value_1, self.value_2)
        if self.dominates:
            if found != (None, None, None):
                raise InvalidInputError("a Dominance that holds has no witness or values")
        elif self.witness is None or self.value_1 is None or self.value_2 is None:
            raise InvalidInputError("a Dominance that fails needs a witness and both values")
        elif not self.value_1 < self.value_2:
            raise InvalidInputError(
                f"a witness needs curve II above curve I: value_1 = {self.value_1} "
                f"is not < value_2 = {self.value_2}"
            )

    def __bool__(self) -> bool:
        return self.dominates


def dominates(c1: Curve, c2: Curve, space: Space = "roc") -> Dominance:
    """Does curve I (``c1``) dominate curve II (``c2``): is no point of II above I?

    ``space="roc"``: II's ROC polyline never rises above I's (Section 3, Provost et
    al. 1998).  ``space="pr"``: II's PR curve never rises above I's, comparing the
    hyperbolic PR segments (Section 4) including vertical drops and the recall-0
    limit (:meth:`Curve.precision_at`).  By Theorem 3.2 the two answers are equal
    (``proofs/proof_theorem_3_2.py``); they are computed by separate code.

    The result is a :class:`Dominance`; when false it carries a witness where II is
    strictly above I.

    Paper's Table 1 setting (P = 20, N = 2000).  I goes through (TP, FP) = (5, 5) and
    (10, 30); II joins (0, 0) to (10, 30) straight.  At TP = 5 curve II has FP = 15:
    precision 5/20 = 1/4 against I's 5/10 = 1/2, and TPR 1/12 at I's FPR 5/2000.

    >>> one = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    >>> two = Curve.from_counts([(10, 30)], positives=20, negatives=2000)
    >>> bool(dominates(one, two)), bool(dominates(one, two, "pr"))
    (True, True)
    >>> dominates(two, one, "pr")
    Dominance(dominates=False, space='pr', witness=Fraction(1, 4),
              value_1=Fraction(1, 4), value_2=Fraction(1, 2))
    >>> d = dominates(two, one, "roc")
    >>> d.witness, d.value_1, d.value_2
    (Fraction(1, 400), Fraction(1, 12), Fraction(1, 4))

    Raises :class:`InvalidInputError` when the curves do not have the same P and N or
    ``space`` is unknown, :class:`NoPositivesError` when P = 0 and (ROC only)
    :class:`NoNegativesError` when N = 0.
    Complexity: O((n1 + n2) log(n1 + n2)) Fraction operations for curves of n1 and
    n2 points.
    """
    require_curve(c1, "c1")
    require_curve(c2, "c2")
    if (c1.positives, c1.negatives) != (c2.positives, c2.negatives):
        raise InvalidInputError(
            "dominance compares curves over the same numbers of examples (Theorem 3.2 fixes "
            f"P and N); curve I has P = {c1.positives}, N = {c1.negatives} but curve II has "
            f"P = {c2.positives}, N = {c2.negatives}"
        )
    if space not in ("roc", "pr"):
        raise InvalidInputError(f"space must be 'roc' or 'pr', got {space!r}")
    if c1.positives == 0:
        raise NoPositivesError("dominates requires at least one positive example (P > 0)")
    if space == "roc":
        if c1.negatives == 0:
            raise NoNegativesError(
                "dominates in ROC space requires at least one negative example (N > 0)"
            )
        return _dominates_roc(c1, c2)
    return _dominates_pr(c1, c2)


# -- ROC space -------------------------------------------------------------------------------
#
# Work in counts (FP, TP): ROC space scaled by N and P, which changes no comparison.
# At FP = x a polyline covers the TP range [lo(x), hi(x)] (several values on a vertical
# run); since it is monotone, lo(x) is its limit from the left and hi(x) its limit from
# the right.  A point of II is above I at x exactly when hi_II(x) > hi_I(x).  Between two
# consecutive breakpoints (the FPs of the vertices of both curves) both curves are linear,
# so their difference is linear: it is positive somewhere in the open interval (w, x) iff
# it is positive at the right limit at w (hi values, a point violation at w itself) or at
# the left limit at x (lo values).


def _tp_range_at(curve: Curve, fp: Fraction) -> tuple[Fraction, Fraction]:
    """(least, greatest) TP of the ROC polyline at FP = fp, 0 <= fp <= N. O(log n)."""
    fps, tps = curve.fps, curve.tps
    first, end = bisect_left(fps, fp), bisect_right(fps, fp)
    if first < end:
        return Fraction(tps[first]), Fraction(tps[end - 1])
    # fps[first - 1] < fp < fps[first]: strictly inside a segment that is not vertical.
    tp = tps[first - 1] + Fraction(tps[first] - tps[first - 1], fps[first] - fps[first - 1]) * (
        fp - fps[first - 1]
    )
    return tp, tp


def _dominates_roc(c1: Curve, c2: Curve) -> Dominance:
    p, n = c1.positives, c1.negatives

    def found(fp: Fraction, tp_1: Fraction, tp_2: Fraction) -> Dominance:
        return Dominance(False, "roc", fp / n, tp_1 / p, tp_2 / p)

    previous = (Fraction(0), Fraction(0))  # (breakpoint, hi_II - hi_I there)
    for x in sorted({Fraction(x) for x in (*c1.fps, *c2.fps)}):
        lo_1, hi_1 = _tp_range_at(c1, x)
        lo_2, hi_2 = _tp_range_at(c2, x)
        if hi_2 > hi_1:  # a point of II at x itself is above I
            return found(x, hi_1, hi_2)
        if lo_2 > lo_1:  # II is above I just left of x (never at x = 0: lo = 0 there)
            w, right_of_w = previous  # right_of_w <= 0, or w would have been returned
            left_of_x = lo_2 - lo_1
            # The linear difference is 0 at root, in [w, x); witness halfway to x.
            root = w + (x - w) * -right_of_w / (left_of_x - right_of_w)
            witness = (root + x) / 2
            return found(witness, _tp_range_at(c1, witness)[1], _tp_range_at(c2, witness)[1])
        previous = (x, hi_2 - hi_1)
    return Dominance(True, "roc")


# -- PR space --------------------------------------------------------------------------------
#
# On the PR image of a segment A -> B with TP_B > TP_A (Section 4) the precision at recall
# r is r / (k r + g), with k = 1 + s and g = c / P (s the local skew, c = FP_A - s TP_A):
# ``Segment.precision_at_tp`` with t = r P, divided through by P.  Between two consecutive
# breakpoints (the recalls of the vertices of both curves) each curve is one such
# hyperbola, and for r > 0
#
#     p_II(r) - p_I(r) = r [(k_I r + g_I) - (k_II r + g_II)] / [(k_I r + g_I)(k_II r + g_II)]
#
# where both factors of the denominator are (TP + FP) / P > 0.  So the sign of the
# difference is the sign of the linear numerator L(r) = (k_I - k_II) r + (g_I - g_II):
# II is above I somewhere in the open interval (a, b) iff L(a) > 0 or L(b) > 0, and it
# changes sign at most once, at the root of L.
#
# At a vertex recall a curve arrives at the top of its vertical drop and leaves from the
# bottom, so L(b) > 0 says the upper value of II at b is above the upper value of I
# (a witness at b itself), and L(a) > 0 for a > 0 compares the lower values at a.  At
# a = 0 both hyperbolas tend to the limit-convention value precision_at(0) (1/k when
# g = 0, else 0); L(0) = g_I - g_II also orders two curves whose limits are both 0 by
# their slopes 1/g at recall 0, where comparing the values alone would call them equal.


def _hyperbola(curve: Curve, tp: int) -> tuple[Fraction, Fraction]:
    """(k, g) of the PR piece of ``curve`` that leaves TP = tp rightward: precision r/(k r + g)."""
    j = bisect_right(curve.tps, tp) - 1
    seg = Segment(curve.tps[j], curve.fps[j], curve.tps[j + 1], curve.fps[j + 1])
    return seg.k, seg.c / curve.positives


def _dominates_pr(c1: Curve, c2: Curve) -> Dominance:
    p = c1.positives
    levels = sorted({*c1.tps, *c2.tps})
    for a, b in pairwise(levels):
        k_1, g_1 = _hyperbola(c1, a)
        k_2, g_2 = _hyperbola(c2, a)
        r_a, r_b = Fraction(a, p), Fraction(b, p)
        at_a = (k_1 - k_2) * r_a + (g_1 - g_2)
        at_b = (k_1 - k_2) * r_b + (g_1 - g_2)
        if at_b > 0:  # II's upper value at recall b is above I's
            witness = r_b
        elif at_a > 0:  # II is above I just right of a, up to the root of L in (a, b]
            root = (g_2 - g_1) / (k_1 - k_2)
            witness = (r_a + root) / 2
        else:
            continue
        return Dominance(
            False,
            "pr",
            witness,
            witness / (k_1 * witness + g_1),
            witness / (k_2 * witness + g_2),
        )
    return Dominance(True, "pr")
