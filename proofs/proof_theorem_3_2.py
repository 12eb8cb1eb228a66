"""Theorem 3.2: a curve dominates in ROC space if and only if it dominates in PR space.

Claim (Davis & Goadrich 2006, Theorem 3.2, Claims 1 and 2 of its proof).

Pointwise lemma.  Let P, N > 0 and let A, B be confusion matrices with the same TP > 0 (equal recall
TP/P != 0) and FP_A, FP_B in [0, N].  Then

    FPR(A) >= FPR(B)  <=>  PRECISION(A) <= PRECISION(B),
    FPR(A) >  FPR(B)  <=>  PRECISION(A) <  PRECISION(B).

The same holds for real TP = t > 0 and real FP values f_A, f_B >= 0 (points inside segments):
f_A >= f_B <=> t/(t+f_A) <= t/(t+f_B).  TP > 0 is necessary: at TP = 0 every precision is 0.

Lift to curves.  A curve C over (P, N) is a polyline in count space (FP, TP) (ROC space scaled by
N and P, which changes nothing) through vertices (0, 0), ..., (N, P), nondecreasing in both
coordinates; a tie group of mixed classes is one diagonal segment.  For a TP level t in [0, P]
(t real) let

    FP_C(t) = min { fp : (fp, t) on C }            (the leftmost ROC point at height t)
    prec_C(t) = t / (t + FP_C(t))  for t > 0        (the upper PR value at recall t/P)

At a vertical drop of the PR curve (a ROC segment with constant TP, i.e. several FP at one TP) the
minimum FP is taken, which gives the upper PR value; this is ``Curve.precision_at``.  Say
"I dominates II in ROC space" when no point of II lies strictly above the ROC polyline of I, and
"in PR space" when no point of II's PR curve lies strictly above I's PR curve.  Then

    I dominates II in ROC  <=>  FP_I(t) <= FP_II(t) for all t in [0, P]
                           <=>  prec_I(t) >= prec_II(t) for all t in (0, P]
                           <=>  I dominates II in PR.

Proof.
(a) ROC <=> FP comparison.  Let TP_I(x) = max { tp : (x, tp) on I }.  Since I is a connected
    monotone path from (0, 0) to (N, P), for y in [0, P]: TP_I(x) >= y <=> x >= FP_I(y).  (<=: the
    point (FP_I(y), y) is on I and TP_I is nondecreasing.  =>: the path from (0, 0) to
    (x, TP_I(x)) crosses height y at some x' <= x, so FP_I(y) <= x' <= x.)  Hence (x, y) is strictly
    above I (y > TP_I(x)) iff x < FP_I(y), and II has a point above I iff FP_II(y) < FP_I(y) for
    some y.  At y = 0 both curves start at (0, 0), so FP_I(0) = FP_II(0) = 0 and y = 0 never
    witnesses.
(b) FP comparison <=> precision comparison, for every t > 0: the real pointwise lemma with
    f_A = FP_II(t), f_B = FP_I(t) (z3, below).
(c) PR dominance <=> precision comparison: for t > 0 the highest point of II's PR curve at recall
    t/P has precision prec_II(t) (lemma: precision decreases with FP when t > 0), so II has a PR
    point above I's curve iff prec_II(t) > prec_I(t) for some t > 0.  Recall 0 adds nothing: a
    ROC point (fp > 0, 0) maps to the PR point (0, 0), never above anything, and under the
    library's limit convention the precision at recall 0 is lim_{t->0+} prec_C(t), so a strict
    inequality there already holds at some small t > 0.
The paper's Claims 1 and 2 are step (b) at one TP level, with A on curve II and B on curve I;
the argument needs B to be the minimum-FP (maximum-precision) point of I at that TP, which the
paper leaves implicit.  The z3 checks below also confirm the reading of the misprint in Claim 2
(see ``ERRATA.md``): the supposition must be FPR(A) < FPR(B).  Finally the whole equivalence
(a)-(c) is checked exhaustively on every pair of curves of every small dataset, with a ROC-space
decider and an independent PR-space decider that walks the hyperbolic PR segments.

Library functions that rely on it: ``rocpr_exact/geometry/dominance.py`` -- ``dominates``
(space="roc" and
space="pr" must agree); ``Curve.precision_at`` in ``rocpr_exact/core/curve.py`` (upper PR value).
Property test: ``tests/properties/test_dominance.py``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from fractions import Fraction

import z3

from proofs._smt import fpr, precision, prove, prove_and_refute, refute, value

P, N, TP, FP_A, FP_B = z3.Ints("P N TP FP_A FP_B")
# The pointwise setting of Claims 1 and 2: one dataset, one TP level shared by A and B.
SETTING = z3.And(P > 0, N > 0, TP <= P, FP_A >= 0, FP_A <= N, FP_B >= 0, FP_B <= N)


def test_pointwise_lemma_integers() -> None:
    prec_a, prec_b = precision(TP, FP_A), precision(TP, FP_B)
    fpr_a, fpr_b = fpr(FP_A, N), fpr(FP_B, N)
    lemma = z3.And((fpr_a >= fpr_b) == (prec_a <= prec_b), (fpr_a > fpr_b) == (prec_a < prec_b))
    claim = z3.Implies(z3.And(SETTING, TP > 0), lemma)
    # Wrong variant: recall 0 allowed (TP >= 0; precision defined needs FP > 0 then).
    defined = z3.And(TP + FP_A > 0, TP + FP_B > 0)
    wrong = z3.Implies(z3.And(SETTING, TP >= 0, defined), lemma)
    m = prove_and_refute(claim, wrong)
    tp, fa, fb, n = (value(m, v) for v in (TP, FP_A, FP_B, N))
    assert tp == 0 and fa != fb  # different FPR, yet both precisions are 0
    assert fa / n != fb / n and tp / (tp + fa) == tp / (tp + fb) == 0


def test_pointwise_lemma_reals() -> None:
    # Step (b) of the lift: inside segments the TP level t and the FP values are real.
    t, f_1, f_2 = z3.Reals("t f_I f_II")
    hyp = z3.And(f_1 >= 0, f_2 >= 0)
    claim = z3.Implies(z3.And(hyp, t > 0), (f_1 <= f_2) == (precision(t, f_1) >= precision(t, f_2)))
    # Wrong variant: the comparison the other way round (precision increasing in FP).
    wrong = z3.Implies(z3.And(hyp, t > 0), (f_1 <= f_2) == (precision(t, f_1) <= precision(t, f_2)))
    m = prove_and_refute(claim, wrong)
    tv, a, b = value(m, t), value(m, f_1), value(m, f_2)
    assert a != b and ((a <= b) != (tv / (tv + a) <= tv / (tv + b)))


def test_claim_1_contradiction() -> None:
    # Claim 1: I dominates in ROC (FPR(A) >= FPR(B)) but PRECISION(A) > PRECISION(B): impossible.
    supposition = z3.And(
        SETTING, TP > 0, fpr(FP_A, N) >= fpr(FP_B, N), precision(TP, FP_A) > precision(TP, FP_B)
    )
    prove(z3.Not(supposition))
    # Non-vacuous: with FPR(A) <= FPR(B) instead the situation does occur.
    refute(
        z3.Not(
            z3.And(
                SETTING,
                TP > 0,
                fpr(FP_A, N) <= fpr(FP_B, N),
                precision(TP, FP_A) > precision(TP, FP_B),
            )
        )
    )


def test_claim_2_contradiction_and_misprint() -> None:
    # Claim 2 as the paper concludes it: PRECISION(A) <= PRECISION(B) (I dominates in PR) and the
    # supposition FPR(A) < FPR(B) (A on II lies left of, i.e. above, B on I at equal TPR) clash.
    pr_dominates = z3.And(SETTING, TP > 0, precision(TP, FP_A) <= precision(TP, FP_B))
    prove(z3.Not(z3.And(pr_dominates, fpr(FP_A, N) < fpr(FP_B, N))))
    # The misprint "FPR(A) < PR(B)" cannot be read as "FPR(A) > FPR(B)": that supposition gives
    # no contradiction (z3 finds a model), so it could not drive the proof by contradiction.
    m = refute(z3.Not(z3.And(pr_dominates, fpr(FP_A, N) > fpr(FP_B, N))))
    tp, fa, fb = value(m, TP), value(m, FP_A), value(m, FP_B)
    assert fa > fb and tp / (tp + fa) <= tp / (tp + fb)


# ---------------------------------------------------------------------------------------------
# Exhaustive check of the lift (a)-(c) on small datasets.

Vertex = tuple[int, int]  # (FP, TP) counts
Curve = tuple[Vertex, ...]


def _curves(positives: int, negatives: int) -> set[Curve]:
    """Every ROC polyline of a dataset with these class counts: all rankings, all tie groupings."""
    curves: set[Curve] = set()
    n = positives + negatives
    for pos_at in itertools.combinations(range(n), positives):
        labels = [i in pos_at for i in range(n)]
        for cuts in itertools.product((False, True), repeat=n - 1):
            vertices = [(0, 0)]
            fp = tp = 0
            for i, label in enumerate(labels):
                tp += label
                fp += not label
                if i == n - 1 or cuts[i]:  # a tie group ends after example i
                    vertices.append((fp, tp))
            curves.add(tuple(vertices))
    return curves


def _segments(curve: Curve) -> Iterator[tuple[Vertex, Vertex]]:
    return itertools.pairwise(curve)


def _roc_height(curve: Curve, x: Fraction) -> Fraction:
    """max TP of the ROC polyline at FP = x (ROC space: TP as a function of FP)."""
    best = Fraction(-1)
    for (fa, ta), (fb, tb) in _segments(curve):
        if fa <= x <= fb:
            if fa == fb:
                best = max(best, Fraction(tb))
            else:
                best = max(best, ta + (tb - ta) * (x - fa) / (fb - fa))
    return best


def _pr_upper(curve: Curve, t: Fraction) -> Fraction:
    """Upper precision of the PR curve at recall t/P, t > 0, walking the hyperbolic PR segments."""
    best = Fraction(-1)
    for (fa, ta), (fb, tb) in _segments(curve):
        if ta <= t <= tb:
            if ta == tb:  # vertical drop in PR space: precisions t/(t+FP_A) down to t/(t+FP_B)
                best = max(best, t / (t + fa))
            else:  # Section 4: precision t / (t + FP_A + s (t - TP_A)), s the local skew
                s = Fraction(fb - fa, tb - ta)
                best = max(best, t / (t + fa + s * (t - ta)))
    return best


def _pr_at_vertices(curve: Curve, t: Fraction) -> Fraction:
    """A wrong PR reading: only the threshold points, no interpolation (-1 between them)."""
    return max((t / (t + f) for f, tp in curve if tp == t and tp > 0), default=Fraction(-1))


def _pr_linear(curve: Curve, t: Fraction) -> Fraction:
    """A wrong PR curve: straight lines in PR space between the threshold points (Section 4).

    The precision at recall 0 is taken from the first point with TP > 0 (as AUCCalculator does).
    """
    best = Fraction(-1)
    first = next(Fraction(tp, tp + fp) for fp, tp in curve if tp > 0)
    for (fa, ta), (fb, tb) in _segments(curve):
        if ta <= t <= tb:
            pa = Fraction(ta, ta + fa) if ta > 0 else first
            pb = Fraction(tb, tb + fb)
            best = max(best, pa if ta == tb else pa + (pb - pa) * (t - ta) / (tb - ta))
    return best


def _grid(stop: int, step: Fraction, start: Fraction) -> list[Fraction]:
    count = int((stop - start) / step)
    return [start + i * step for i in range(count + 1)]


def test_lift_to_curves_exhaustive() -> None:
    # Sampling is exact here: between consecutive integer breakpoints both ROC polylines are
    # linear, so if II rises above I somewhere, it does so on an open interval of FP-length at
    # least 1/(P+1) next to an integer breakpoint (end values are integers in [-P, P]); a grid
    # of step 1/(2P+2) meets that interval.  Symmetrically for FP as a function of TP: step
    # 1/(2N+2) over t in (0, P], with the precision comparison equivalent by the lemma.
    pairs = dominating = 0
    for positives, negatives in ((1, 3), (2, 2), (3, 2), (2, 3)):
        curves = sorted(_curves(positives, negatives))
        xs = _grid(negatives, Fraction(1, 2 * positives + 2), Fraction(0))
        ts = _grid(positives, Fraction(1, 2 * negatives + 2), Fraction(1, 2 * negatives + 2))
        roc = {c: [_roc_height(c, x) for x in xs] for c in curves}
        pr = {c: [_pr_upper(c, t) for t in ts] for c in curves}
        vertex_pr = {c: [_pr_at_vertices(c, t) for t in ts] for c in curves}
        linear_pr = {c: [_pr_linear(c, t) for t in ts] for c in curves}
        disagreements_of_wrong_reading = disagreements_of_linear = 0
        for one, two in itertools.product(curves, repeat=2):
            roc_dominates = all(h2 <= h1 for h1, h2 in zip(roc[one], roc[two], strict=True))
            pr_dominates = all(p2 <= p1 for p1, p2 in zip(pr[one], pr[two], strict=True))
            assert roc_dominates == pr_dominates, (one, two)
            pairs += 1
            dominating += roc_dominates
            wrong = all(
                p2 <= p1
                for p1, p2 in zip(vertex_pr[one], vertex_pr[two], strict=True)
                if p1 >= 0 and p2 >= 0
            )
            disagreements_of_wrong_reading += wrong != roc_dominates
            linear = all(p2 <= p1 for p1, p2 in zip(linear_pr[one], linear_pr[two], strict=True))
            disagreements_of_linear += linear != roc_dominates
        # Non-vacuous: comparing only threshold points in PR space is not the theorem, and with
        # straight lines in PR space (the wrong interpolation) the equivalence fails too.
        assert disagreements_of_wrong_reading > 0
        assert disagreements_of_linear > 0
    assert 0 < dominating < pairs


def test_staircase_versus_diagonal() -> None:
    # Hand example (P = N = 2).  I ranks  neg, pos, neg, pos;  II ties all four examples.
    # II's diagonal passes through (FP, TP) = (1/2, 1/2), above I's point (1/2, 0): II is above I
    # in ROC, and at t = 1/2 FP_I = 1 > FP_II = 1/2, precisions 1/3 < 1/2 (by hand).  Yet no
    # threshold point of II lies above I: only the interpolated curves see it.
    one: Curve = ((0, 0), (1, 0), (1, 1), (2, 1), (2, 2))
    two: Curve = ((0, 0), (2, 2))
    half = Fraction(1, 2)
    assert _roc_height(two, half) == half > _roc_height(one, half) == 0
    assert _pr_upper(one, half) == Fraction(1, 3) and _pr_upper(two, half) == half
