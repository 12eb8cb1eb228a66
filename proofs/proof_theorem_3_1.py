"""Theorem 3.1: for a fixed dataset, a ROC point, or a PR point with recall != 0, fixes the matrix.

Claim (Davis & Goadrich 2006, Theorem 3.1 and its proof).  Fix the dataset, i.e. integers P > 0 and
N > 0.  A confusion matrix is a tuple of integers (TP, FP, FN, TN) >= 0 with TP + FN = P and
FP + TN = N.  Then

1. the ROC point (FPR, TPR) = (FP/N, TP/P) determines the matrix: two matrices over the same (P, N)
   with the same ROC point are equal;
2. the PR point (recall, precision) = (TP/P, TP/(TP+FP)) determines the matrix when recall != 0:
   two matrices over the same (P, N) with the same PR point and recall != 0 are equal;
3. it does not when recall = 0: every matrix with TP = 0 and FP > 0 has PR point (0, 0), e.g.
   (TP, FP) = (0, 1) and (0, 2) over P = 1, N = 2.

The inverse maps are explicit: from ROC, TP = TPR * P and FP = FPR * N; from PR (recall != 0),
TP = recall * P and FP = TP (1 - precision) / precision; then FN = P - TP and TN = N - FP.

Proof.  Statements 1 and 2 are checked by z3 over the integers (the negation is unsat); each comes
with a wrong variant that z3 refutes: 1 fails when the two matrices may come from different datasets
(the "for a given dataset" of the theorem is needed), 2 fails without "recall != 0" (z3 finds two
matrices with TP = 0 and different FP).  Statement 3 is the concrete pair, checked with Fractions.
The inverse formulas are sympy identities.

Library functions that rely on it: ``rocpr_exact/core/confusion.py`` -- ``ConfusionMatrix``,
``roc_point``, ``pr_point``, ``confusion_from_roc``, ``confusion_from_pr`` (which must raise for a
PR point with recall 0, statement 3).
"""

from __future__ import annotations

from fractions import Fraction

import sympy
import z3

from proofs._smt import fpr, precision, prove_and_refute, recall, value

P, N = z3.Ints("P N")
TP1, FP1, FN1, TN1 = z3.Ints("TP1 FP1 FN1 TN1")
TP2, FP2, FN2, TN2 = z3.Ints("TP2 FP2 FN2 TN2")


def _matrix(
    tp: z3.ArithRef,
    fp: z3.ArithRef,
    fn: z3.ArithRef,
    tn: z3.ArithRef,
    positives: z3.ArithRef,
    negatives: z3.ArithRef,
) -> z3.BoolRef:
    """(tp, fp, fn, tn) is a confusion matrix of a dataset with the given class counts."""
    return z3.And(tp >= 0, fp >= 0, fn >= 0, tn >= 0, tp + fn == positives, fp + tn == negatives)


def _same_matrix() -> z3.BoolRef:
    return z3.And(TP1 == TP2, FP1 == FP2, FN1 == FN2, TN1 == TN2)


DATASET = z3.And(P > 0, N > 0)
BOTH = z3.And(_matrix(TP1, FP1, FN1, TN1, P, N), _matrix(TP2, FP2, FN2, TN2, P, N))


def test_roc_point_determines_matrix() -> None:
    same_roc = z3.And(fpr(FP1, N) == fpr(FP2, N), recall(TP1, P) == recall(TP2, P))
    claim = z3.Implies(z3.And(DATASET, BOTH, same_roc), _same_matrix())
    # Wrong variant: the second matrix may belong to another dataset (P2, N2).
    P2, N2 = z3.Ints("P2 N2")
    wrong = z3.Implies(
        z3.And(
            DATASET,
            P2 > 0,
            N2 > 0,
            _matrix(TP1, FP1, FN1, TN1, P, N),
            _matrix(TP2, FP2, FN2, TN2, P2, N2),
            fpr(FP1, N) == fpr(FP2, N2),
            recall(TP1, P) == recall(TP2, P2),
        ),
        _same_matrix(),
    )
    m = prove_and_refute(claim, wrong)
    # Re-check the counter-model without z3: same ROC point, different matrices.
    tp1, fp1, tp2, fp2 = (value(m, v) for v in (TP1, FP1, TP2, FP2))
    p, n, p2, n2 = (value(m, v) for v in (P, N, P2, N2))
    assert (fp1 / n, tp1 / p) == (fp2 / n2, tp2 / p2)
    assert (tp1, fp1, p - tp1, n - fp1) != (tp2, fp2, p2 - tp2, n2 - fp2)


def test_pr_point_determines_matrix_when_recall_nonzero() -> None:
    defined = z3.And(TP1 + FP1 > 0, TP2 + FP2 > 0)  # precision is defined for both
    same_pr = z3.And(recall(TP1, P) == recall(TP2, P), precision(TP1, FP1) == precision(TP2, FP2))
    hypotheses = z3.And(DATASET, BOTH, defined, same_pr)
    claim = z3.Implies(z3.And(hypotheses, recall(TP1, P) != 0), _same_matrix())
    wrong = z3.Implies(hypotheses, _same_matrix())  # the theorem without "if Recall != 0"
    m = prove_and_refute(claim, wrong)
    tp1, fp1, tp2, fp2, p = (value(m, v) for v in (TP1, FP1, TP2, FP2, P))
    assert tp1 == tp2 == 0, "the only counter-examples have recall 0"
    assert (tp1 / p, tp1 / (tp1 + fp1)) == (tp2 / p, tp2 / (tp2 + fp2)) and fp1 != fp2


def test_recall_zero_points_are_ambiguous() -> None:
    # P = 1, N = 2: (TP, FP, FN, TN) = (0, 1, 1, 1) and (0, 2, 1, 0).  By hand: both have recall
    # 0/1 = 0 and precision 0/(0+1) = 0/(0+2) = 0, yet FP differs (their FPRs are 1/2 and 1).
    positives, negatives = 1, 2
    a = (0, 1, 1, 1)
    b = (0, 2, 1, 0)
    for tp, fp, fn, tn in (a, b):
        assert tp + fn == positives and fp + tn == negatives
    pr_a = (Fraction(a[0], positives), Fraction(a[0], a[0] + a[1]))
    pr_b = (Fraction(b[0], positives), Fraction(b[0], b[0] + b[1]))
    assert pr_a == pr_b == (0, 0)
    assert a != b
    assert Fraction(a[1], negatives) != Fraction(b[1], negatives)  # distinct ROC points


def test_all_recall_zero_matrices_share_one_pr_point() -> None:
    # Statement 3 in general (z3): TP = 0 and FP > 0 always give the PR point (0, 0).
    claim = z3.Implies(
        z3.And(DATASET, BOTH, TP1 == 0, FP1 > 0),
        z3.And(recall(TP1, P) == 0, precision(TP1, FP1) == 0),
    )
    wrong = z3.Implies(z3.And(DATASET, BOTH, TP1 == 0, FP1 > 0), fpr(FP1, N) == 0)
    m = prove_and_refute(claim, wrong)
    assert value(m, FP1) > 0


def test_inverse_maps() -> None:
    tp, fp, p, n = sympy.symbols("TP FP P N", positive=True)
    tpr, fpr_, prec = tp / p, fp / n, tp / (tp + fp)
    # ROC -> matrix: TP = TPR * P, FP = FPR * N.
    assert sympy.simplify(tpr * p - tp) == 0
    assert sympy.simplify(fpr_ * n - fp) == 0
    # PR -> matrix (recall != 0, so TP > 0 and precision > 0): TP = recall * P,
    # FP = TP (1 - precision) / precision.
    tp_back = tpr * p
    assert sympy.simplify(tp_back * (1 - prec) / prec - fp) == 0
    # PR -> ROC directly: FPR = recall P (1 - precision) / (precision N).
    assert sympy.simplify(tpr * p * (1 - prec) / (prec * n) - fpr_) == 0


def test_pr_inverse_is_integer_exact() -> None:
    # The PR -> matrix formula recovers the integers exactly (z3, integers): if TP > 0 then
    # TP * (1 - precision) / precision == FP.  Wrong variant: the formula with the ratio inverted.
    hypotheses = z3.And(DATASET, BOTH, TP1 > 0)
    prec = precision(TP1, FP1)
    claim = z3.Implies(hypotheses, z3.ToReal(TP1) * (1 - prec) / prec == z3.ToReal(FP1))
    wrong = z3.Implies(
        z3.And(hypotheses, prec != 1), z3.ToReal(TP1) * prec / (1 - prec) == z3.ToReal(FP1)
    )
    m = prove_and_refute(claim, wrong)
    tp, fp = value(m, TP1), value(m, FP1)
    assert tp * (tp / (tp + fp)) / (1 - tp / (tp + fp)) != fp
