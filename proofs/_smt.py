"""Shared z3 helpers for the SMT proofs in ``proofs/``.

An SMT proof of a universally quantified claim ``C(x1, ..., xn)`` (free variables are read as
universally quantified) asks z3 for a model of ``Not(C)``: ``unsat`` means no counter-example
exists, i.e. ``C`` holds for every value of its variables.  An encoding can be vacuous (for
example contradictory hypotheses make every conclusion "true"), so every proof file also
refutes a deliberately wrong variant of its claim with :func:`refute`, which returns the
counter-model; the proofs then re-check that counter-model with plain :class:`fractions.Fraction`
arithmetic, independently of z3.

Division: z3 defines ``x / 0`` as an unspecified total function, so every claim below states the
definedness of its fractions (``TP + FP > 0``, ``N > 0``, ...) as a hypothesis, and the
Fraction re-check of a counter-model would raise ``ZeroDivisionError`` if a model exploited it.

>>> x, y = z3.Reals("x y")
>>> prove(z3.Implies(z3.And(x > 0, y > 0), x * y > 0))
>>> model = refute(z3.Implies(x > 0, x * x > x))   # wrong: fails for 0 < x <= 1
>>> 0 < value(model, x) <= 1
True
"""

from __future__ import annotations

from fractions import Fraction

import z3

__all__ = [
    "TIMEOUT_MS",
    "fpr",
    "precision",
    "prove",
    "prove_and_refute",
    "real",
    "recall",
    "refute",
    "value",
]

#: Per-query solver budget.  Every query in ``proofs/`` finishes in well under a second; the
#: budget only turns a hang into a clear failure ("unknown") instead of a stuck test run.
TIMEOUT_MS = 20_000


def _solver(negated_claim: z3.BoolRef) -> z3.Solver:
    solver = z3.Solver()
    solver.set("timeout", TIMEOUT_MS)
    solver.add(negated_claim)
    return solver


def prove(claim: z3.BoolRef) -> None:
    """Assert that ``claim`` holds for all values of its free variables (``Not(claim)`` is unsat).

    Raises ``AssertionError`` with the counter-model (or z3's reason for "unknown") otherwise.
    """
    solver = _solver(z3.Not(claim))
    result = solver.check()
    if result == z3.sat:
        raise AssertionError(f"claim is false, counter-model: {solver.model()}\n{claim}")
    if result != z3.unsat:
        raise AssertionError(f"z3 could not decide ({solver.reason_unknown()}):\n{claim}")


def refute(claim: z3.BoolRef) -> z3.ModelRef:
    """Assert that ``claim`` is false for some values (``Not(claim)`` is sat); return that model."""
    solver = _solver(z3.Not(claim))
    result = solver.check()
    if result == z3.unsat:
        raise AssertionError(f"wrong variant unexpectedly holds (encoding vacuous?):\n{claim}")
    if result != z3.sat:
        raise AssertionError(f"z3 could not decide ({solver.reason_unknown()}):\n{claim}")
    return solver.model()


def prove_and_refute(claim: z3.BoolRef, wrong: z3.BoolRef) -> z3.ModelRef:
    """Prove ``claim``, refute the deliberately wrong variant ``wrong``; return its counter-model.

    >>> t = z3.Real("t")
    >>> m = prove_and_refute(z3.Implies(t > 1, t * t > t), z3.Implies(t > 0, t * t > t))
    >>> value(m, t) <= 1
    True
    """
    prove(claim)
    return refute(wrong)


def value(model: z3.ModelRef, term: z3.ExprRef) -> Fraction:
    """The exact rational value of ``term`` (an Int or Real term) in ``model``.

    Variables the model leaves unconstrained are completed with 0 (``model_completion``).

    >>> a = z3.Int("a")
    >>> m = refute(z3.Implies(a >= 0, a >= 3))
    >>> value(m, a) in {0, 1, 2}
    True
    """
    evaluated = model.eval(term, model_completion=True)
    if z3.is_int_value(evaluated):
        return Fraction(evaluated.as_long())
    if z3.is_rational_value(evaluated):
        return Fraction(evaluated.numerator_as_long(), evaluated.denominator_as_long())
    raise AssertionError(f"{term} has no rational value in the model: {evaluated}")


def real(term: z3.ArithRef) -> z3.ArithRef:
    """``term`` as a real (``ToReal`` for an Int term), so that ``/`` is exact division."""
    return z3.ToReal(term) if term.is_int() else term


# Figure 2 of the paper, as z3 terms.  Callers state TP + FP > 0, P > 0, N > 0 as hypotheses.


def recall(tp: z3.ArithRef, positives: z3.ArithRef) -> z3.ArithRef:
    """RECALL = TPR = TP / P (Figure 2b)."""
    return real(tp) / real(positives)


def precision(tp: z3.ArithRef, fp: z3.ArithRef) -> z3.ArithRef:
    """PRECISION = TP / (TP + FP) (Figure 2b)."""
    return real(tp) / (real(tp) + real(fp))


def fpr(fp: z3.ArithRef, negatives: z3.ArithRef) -> z3.ArithRef:
    """FPR = FP / N = FP / (FP + TN) (Figure 2b)."""
    return real(fp) / real(negatives)
