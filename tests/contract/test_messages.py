"""Golden error messages: the exact text of every error the core raises.

Messages are part of the contract: they say what was wrong and what is needed
(docs/design.md, section 4).  Each expected message below was written from the source
and read for sense; pinning the whole text (not a fragment) also catches a value
or a name taken from the wrong place.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import rocpr_exact as rx
from rocpr_exact import limits
from rocpr_exact.core.segment import Segment, local_skew
from rocpr_exact.exact import text as _decimal
from rocpr_exact.exact.sums import sum_ratios
from rocpr_exact.geometry.interpolation import interpolate_pr
from rocpr_exact.io import readers

F = Fraction
E = rx.InvalidInputError
WRITE = "write decimals as Fraction('0.25') so nothing is rounded"


class _Uncomparable:
    """An object whose ``!=`` raises: it is no number, and not NaN either."""

    def __ne__(self, other: object) -> bool:
        raise TypeError("cannot compare")

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "Uncomparable()"


class _Flat:
    """An array-like with ``tolist`` and ``ndim`` but no ``shape``."""

    ndim = 2

    def tolist(self) -> list[list[int]]:
        return [[1, 2], [3, 4]]


def _curve(scores: Any, labels: Any) -> Callable[[], object]:
    return lambda: rx.Curve.from_scores(scores, labels)


API: list[tuple[str, Callable[[], object], type[Exception], str]] = [
    # -- _data: scores and labels -----------------------------------------------------------------
    (
        "label",
        _curve([1, 2], [1, 2]),
        E,
        "label at index 1 is 2; labels must be 0/1 or False/True (1 = positive, 0 = negative)",
    ),
    (
        "float NaN",
        _curve([0.5, float("nan")], [1, 0]),
        E,
        "score at index 1 is NaN; NaN has no place in a ranking: remove the example or give it a "
        "real score (infinities are allowed)",
    ),
    (
        "Decimal NaN",
        _curve([Decimal("NaN")], [1]),
        E,
        "score at index 0 is Decimal NaN; give every example a real score",
    ),
    (
        "longdouble NaN",
        _curve(np.array([1, np.nan], dtype=np.longdouble), [1, 0]),
        E,
        # An extended-precision NaN becomes the float NaN, so the float message applies.
        "score at index 1 is NaN; NaN has no place in a ranking: remove the example or give it a "
        "real score (infinities are allowed)",
    ),
    (
        "string score",
        _curve(["0.5"], [1]),
        E,
        "score at index 0 is '0.5' (str); scores must be numbers (int, Fraction, Decimal or "
        "float); parse text exactly with Decimal(text)",
    ),
    (
        "uncomparable score",
        _curve([_Uncomparable()], [1]),
        E,
        "score at index 0 is Uncomparable() (_Uncomparable); scores must be numbers (int, "
        "Fraction, Decimal or float); parse text exactly with Decimal(text)",
    ),
    (
        "2-D scores",
        _curve(np.zeros((2, 3)), [1, 0]),
        E,
        "scores must be one-dimensional, got shape (2, 3)",
    ),
    (
        "2-D labels",
        _curve([1, 2], np.zeros((2, 1))),
        E,
        "labels must be one-dimensional, got shape (2, 1)",
    ),
    (
        "2-D memoryview",
        _curve(memoryview(np.zeros((2, 2))), [1, 0]),
        E,
        "scores must be one-dimensional, got shape (2, 2)",
    ),
    (
        "array-like without a shape",
        _curve(_Flat(), [1, 0]),
        E,
        "scores must be one-dimensional, got shape None",
    ),
    (
        "numpy array as one score",
        _curve([np.array([1, 2]), 3], [1, 0]),
        E,
        "score at index 0 is array([1, 2]) (ndarray); scores must be numbers (int, Fraction, "
        "Decimal or float); parse text exactly with Decimal(text)",
    ),
    (
        "numpy dtype as one score",
        _curve([1, np.dtype("f8")], [1, 0]),
        E,
        "score at index 1 is dtype('float64') (Float64DType); scores must be numbers (int, "
        "Fraction, Decimal or float); parse text exactly with Decimal(text)",
    ),
    (
        "numpy ufunc as one score",
        _curve([1, np.add], [1, 0]),
        E,
        "score at index 1 is <ufunc 'add'> (ufunc); scores must be numbers (int, Fraction, "
        "Decimal or float); parse text exactly with Decimal(text)",
    ),
    ("int scores", _curve(5, [1]), E, "scores must be an iterable of values, got int"),
    ("int labels", _curve([5], 1), E, "labels must be an iterable of values, got int"),
    (
        "str scores",
        _curve("12", [1, 0]),
        E,
        "scores must be a sequence of values, not a single string",
    ),
    (
        "set scores",
        _curve({0.1, 0.9}, [1, 0]),
        E,
        "scores must be an ordered sequence (a list, a tuple or an array), got set: it has no "
        "positions to pair with the other arguments; give the values in the examples' order",
    ),
    (
        "str labels",
        _curve([1, 2], "10"),
        E,
        "labels must be a sequence of values, not a single string",
    ),
    (
        "lengths",
        _curve([1, 2, 3], [1, 0]),
        E,
        "scores and labels differ in length (3 vs 2); give exactly one label per score",
    ),
    (
        "empty",
        _curve([], []),
        E,
        "the dataset is empty; give at least one (score, label) pair",
    ),
    (
        "Decimal exponent",
        _curve([Decimal("1e-20000")], [1]),
        rx.ResourceLimitError,
        "score at index 0: the score 1E-20000 has 20,001 digits as an exact number, which exceeds "
        "the limit max_score_digits = 10,000; only the order of the scores matters, so rescaled "
        "scores give the same curve; raise it with rocpr_exact.limits.using(max_score_digits=N), "
        "or lift every limit with rocpr_exact.limits.using(Limits.unlimited())",
    ),
    (
        "thresholds",
        lambda: rx.Curve.from_scores([1], [1], thresholds="some"),  # type: ignore[arg-type]
        E,
        "thresholds must be 'all' or 'paper', got 'some'",
    ),
    # -- confusion ---------------------------------------------------------------------------------
    ("tp type", lambda: rx.ConfusionMatrix(1.0, 0, 0, 0), E, "tp must be an int, got 1.0 (float)"),  # type: ignore[arg-type]
    ("fp sign", lambda: rx.ConfusionMatrix(0, -1, 0, 0), E, "fp must be >= 0, got -1"),
    ("fn type", lambda: rx.ConfusionMatrix(0, 0, "2", 0), E, "fn must be an int, got '2' (str)"),  # type: ignore[arg-type]
    ("tn bool", lambda: rx.ConfusionMatrix(0, 0, 0, True), E, "tn must be an int, got True (bool)"),
    (
        "from_counts P",
        lambda: rx.ConfusionMatrix.from_counts(1, 0, -3, 5),
        E,
        "positives must be >= 0, got -3",
    ),
    (
        "from_counts N",
        lambda: rx.ConfusionMatrix.from_counts(1, 0, 3, 2.0),  # type: ignore[arg-type]
        E,
        "negatives must be an int, got 2.0 (float)",
    ),
    (
        "from_counts tp",
        lambda: rx.ConfusionMatrix.from_counts(4, 0, 3, 5),
        E,
        "tp must lie in [0, positives=3], got 4",
    ),
    (
        "from_counts tp type",
        lambda: rx.ConfusionMatrix.from_counts(None, 0, 3, 5),  # type: ignore[arg-type]
        E,
        "tp must be an int, got None (NoneType)",
    ),
    (
        "from_counts fp",
        lambda: rx.ConfusionMatrix.from_counts(1, 6, 3, 5),
        E,
        "fp must lie in [0, negatives=5], got 6",
    ),
    (
        "from_counts fp type",
        lambda: rx.ConfusionMatrix.from_counts(1, 0.5, 3, 5),  # type: ignore[arg-type]
        E,
        "fp must be an int, got 0.5 (float)",
    ),
    (
        "recall",
        lambda: rx.ConfusionMatrix(0, 1, 0, 5).recall,
        rx.NoPositivesError,
        "recall requires at least one positive example (P = TP + FN > 0)",
    ),
    (
        "fpr",
        lambda: rx.ConfusionMatrix(1, 0, 1, 0).fpr,
        rx.NoNegativesError,
        "false positive rate requires at least one negative example (N = FP + TN > 0)",
    ),
    (
        "precision",
        lambda: rx.ConfusionMatrix(0, 0, 5, 5).precision,
        rx.UndefinedPrecisionError,
        "precision is undefined when nothing is predicted positive (TP + FP = 0); use a "
        "threshold that predicts at least one example positive",
    ),
    (
        "point shape",
        lambda: rx.Curve.from_counts([(1, 2, 3)], 5, 5),  # type: ignore[list-item]
        E,
        "a point must be a (TP, FP) pair or a ConfusionMatrix, got (1, 2, 3)",
    ),
    ("point tp", lambda: rx.Curve.from_counts([(-1, 2)], 5, 5), E, "tp must be >= 0, got -1"),
    (
        "point fp",
        lambda: rx.Curve.from_counts([(1, "2")], 5, 5),  # type: ignore[list-item]
        E,
        "fp must be an int, got '2' (str)",
    ),
    (
        "roc P sign",
        lambda: rx.ConfusionMatrix.from_roc(0, 0, positives=-1, negatives=2),
        E,
        "positives must be >= 0, got -1",
    ),
    (
        "roc N sign",
        lambda: rx.ConfusionMatrix.from_roc(0, 0, positives=1, negatives=-2),
        E,
        "negatives must be >= 0, got -2",
    ),
    (
        "roc P 0",
        lambda: rx.ConfusionMatrix.from_roc(0, 0, positives=0, negatives=2),
        rx.NoPositivesError,
        "a ROC or PR point requires positives > 0",
    ),
    (
        "roc N 0",
        lambda: rx.ConfusionMatrix.from_roc(0, 0, positives=2, negatives=0),
        rx.NoNegativesError,
        "a ROC point requires negatives > 0",
    ),
    (
        "FPR type",
        lambda: rx.ConfusionMatrix.from_roc(0.5, 0, positives=2, negatives=2),  # type: ignore[arg-type]
        E,
        f"FPR must be an exact int or Fraction, got 0.5; {WRITE}",
    ),
    (
        "TPR type",
        lambda: rx.ConfusionMatrix.from_roc(0, 0.5, positives=2, negatives=2),  # type: ignore[arg-type]
        E,
        f"TPR must be an exact int or Fraction, got 0.5; {WRITE}",
    ),
    (
        "FPR range",
        lambda: rx.ConfusionMatrix.from_roc(F(3, 2), 0, positives=2, negatives=2),
        E,
        "FPR must lie in [0, 1], got 3/2",
    ),
    (
        "TPR range",
        lambda: rx.ConfusionMatrix.from_roc(0, -1, positives=2, negatives=2),
        E,
        "TPR must lie in [0, 1], got -1",
    ),
    (
        "TP not whole",
        lambda: rx.ConfusionMatrix.from_roc(0, F(1, 3), positives=20, negatives=2000),
        rx.NotRepresentableError,
        "TPR = 1/3 gives TP = 20/3, not a whole number of examples for P = 20; the nearest valid "
        "counts are TP = 6 or 7",
    ),
    (
        "FP not whole",
        lambda: rx.ConfusionMatrix.from_roc(F(1, 3), 1, positives=20, negatives=2000),
        rx.NotRepresentableError,
        "FPR = 1/3 gives FP = 2000/3, not a whole number of examples for N = 2000; the nearest "
        "valid counts are FP = 666 or 667",
    ),
    (
        "pr P 0",
        lambda: rx.ConfusionMatrix.from_pr(1, 1, positives=0, negatives=2),
        rx.NoPositivesError,
        "a ROC or PR point requires positives > 0",
    ),
    (
        "recall type",
        lambda: rx.ConfusionMatrix.from_pr(0.5, 1, positives=2, negatives=2),  # type: ignore[arg-type]
        E,
        f"recall must be an exact int or Fraction, got 0.5; {WRITE}",
    ),
    (
        "precision type",
        lambda: rx.ConfusionMatrix.from_pr(1, 0.5, positives=2, negatives=2),  # type: ignore[arg-type]
        E,
        f"precision must be an exact int or Fraction, got 0.5; {WRITE}",
    ),
    (
        "recall range",
        lambda: rx.ConfusionMatrix.from_pr(2, 1, positives=2, negatives=2),
        E,
        "recall must lie in [0, 1], got 2",
    ),
    (
        "precision range",
        lambda: rx.ConfusionMatrix.from_pr(1, F(5, 4), positives=2, negatives=2),
        E,
        "precision must lie in [0, 1], got 5/4",
    ),
    (
        "recall 0",
        lambda: rx.ConfusionMatrix.from_pr(0, F(1, 2), positives=20, negatives=2000),
        rx.AmbiguousPointError,
        "a PR point with recall 0 has no unique confusion matrix (TP = 0, so precision does not "
        "determine FP; Davis & Goadrich 2006, Theorem 3.1); give the ROC point (FPR, TPR) instead",
    ),
    (
        "precision 0",
        lambda: rx.ConfusionMatrix.from_pr(F(1, 2), 0, positives=2, negatives=2),
        E,
        "precision 0 with recall 1/2 > 0 is impossible (TP > 0 means precision > 0)",
    ),
    (
        "pr TP not whole",
        lambda: rx.ConfusionMatrix.from_pr(F(1, 3), 1, positives=20, negatives=2000),
        rx.NotRepresentableError,
        "recall = 1/3 gives TP = 20/3, not a whole number of examples for P = 20; the nearest "
        "valid counts are TP = 6 or 7",
    ),
    (
        "pr FP not whole",
        lambda: rx.ConfusionMatrix.from_pr(F(1, 4), F(2, 3), positives=20, negatives=2000),
        rx.NotRepresentableError,
        "precision = 2/3 gives FP = 5/2, not a whole number of examples for TP = 5; the nearest "
        "valid counts are FP = 2 or 3",
    ),
    (
        "pr FP > N",
        lambda: rx.ConfusionMatrix.from_pr(F(1, 4), F(1, 4), positives=20, negatives=10),
        rx.NotRepresentableError,
        "recall 1/4 and precision 1/4 need FP = 15 > N = 10 negatives",
    ),
    # -- curve -------------------------------------------------------------------------------------
    (
        "lengths differ",
        lambda: rx.Curve(1, 1, (0, 1), (0, 0, 1)),
        E,
        "a curve needs matching TP and FP lists of at least 2 points",
    ),
    (
        "one point",
        lambda: rx.Curve(0, 0, (0,), (0,)),
        E,
        "a curve needs matching TP and FP lists of at least 2 points",
    ),
    (
        "start",
        lambda: rx.Curve(2, 3, (1, 2), (0, 3)),
        E,
        "a curve runs from (TP, FP) = (0, 0) to (P, N) = (2, 3), got (1, 0) to (2, 3)",
    ),
    (
        "end",
        lambda: rx.Curve(2, 3, (0, 2), (0, 2)),
        E,
        "a curve runs from (TP, FP) = (0, 0) to (P, N) = (2, 3), got (0, 0) to (2, 2)",
    ),
    (
        "end of a longer curve",
        lambda: rx.Curve(2, 3, (0, 1, 2), (0, 1, 2)),
        E,
        "a curve runs from (TP, FP) = (0, 0) to (P, N) = (2, 3), got (0, 0) to (2, 2)",
    ),
    (
        "repeated point",
        lambda: rx.Curve(2, 3, (0, 1, 1, 2), (0, 1, 1, 3)),
        E,
        "curve points must strictly advance: point 1 (1, 1) -> point 2 (1, 1)",
    ),
    (
        "repeated origin",
        lambda: rx.Curve(1, 1, (0, 0, 1), (0, 0, 1)),
        E,
        "curve points must strictly advance: point 0 (0, 0) -> point 1 (0, 0)",
    ),
    (
        "FP goes back",
        lambda: rx.Curve(2, 2, (0, 0, 2), (0, 3, 2)),
        E,
        "curve points must strictly advance: point 1 (0, 3) -> point 2 (2, 2)",
    ),
    (
        "TP goes back",
        lambda: rx.Curve(2, 2, (0, 3, 2), (0, 0, 2)),
        E,
        "curve points must strictly advance: point 1 (3, 0) -> point 2 (2, 2)",
    ),
    (
        "thresholds count",
        lambda: rx.Curve(1, 1, (0, 1), (0, 1), (5, 4)),
        E,
        "a curve needs one threshold per point after (0, 0)",
    ),
    (
        "from_counts P",
        lambda: rx.Curve.from_counts([], positives=True, negatives=2),
        E,
        "positives must be a non-negative int, got True",
    ),
    (
        "from_counts N",
        lambda: rx.Curve.from_counts([], positives=2, negatives=-1),
        E,
        "negatives must be a non-negative int, got -1",
    ),
    (
        "from_counts N float",
        lambda: rx.Curve.from_counts([], positives=2, negatives=1.0),  # type: ignore[arg-type]
        E,
        "negatives must be a non-negative int, got 1.0",
    ),
    (
        "from_counts matrix",
        lambda: rx.Curve.from_counts([rx.ConfusionMatrix(1, 1, 1, 1)], 20, 2000),
        E,
        "ConfusionMatrix(tp=1, fp=1, fn=1, tn=1) does not have P = 20, N = 2000",
    ),
    (
        "from_counts chain",
        lambda: rx.Curve.from_counts([(5, 10), (6, 3)], 20, 2000),
        E,
        "points (TP, FP) = (5, 10) and (6, 3) cannot both lie on one curve: one has more TP but "
        "fewer FP; give the thresholds of one ranking",
    ),
    (
        "min_fp_at above",
        lambda: rx.Curve.from_counts([], 2, 2).min_fp_at(3),
        E,
        "TP = 3 lies outside [0, P = 2]",
    ),
    (
        "min_fp_at below",
        lambda: rx.Curve.from_counts([], 2, 2).min_fp_at(-1),
        E,
        "TP = -1 lies outside [0, P = 2]",
    ),
    (
        "precision_at P 0",
        lambda: rx.Curve.from_scores([1], [0]).precision_at(0),
        rx.NoPositivesError,
        "precision_at requires at least one positive example",
    ),
    (
        "precision_at type",
        lambda: rx.Curve.from_scores([1, 2], [0, 1]).precision_at(0.5),  # type: ignore[arg-type]
        E,
        "recall must be an exact int or Fraction, got 0.5; write decimals as Fraction('0.25')",
    ),
    (
        "precision_at range",
        lambda: rx.Curve.from_scores([1, 2], [0, 1]).precision_at(F(3, 2)),
        E,
        "recall must lie in [0, 1], got 3/2",
    ),
    # -- segment and interpolation ----------------------------------------------------------------
    (
        "local skew",
        lambda: local_skew(3, 1, 3, 4),
        E,
        "local skew is undefined on a vertical segment (TP_A = TP_B = 3); it needs TP_B > TP_A",
    ),
    (
        "segment TP",
        lambda: Segment(2, 1, 1, 5),
        E,
        "a curve segment must not decrease: (2, 1) -> (1, 5)",
    ),
    (
        "segment FP",
        lambda: Segment(1, 5, 2, 4),
        E,
        "a curve segment must not decrease: (1, 5) -> (2, 4)",
    ),
    (
        "precision_at_tp range",
        lambda: Segment(1, 1, 3, 5).precision_at_tp(4),
        E,
        "TP = 4 lies outside [1, 3]",
    ),
    (
        "precision_at_tp 0",
        lambda: Segment(0, 0, 3, 5).precision_at_tp(0),
        E,
        "precision at TP = 0 is a limit; use Curve.precision_at(0)",
    ),
    (
        "interpolate P",
        lambda: interpolate_pr((0, 0), (1, 1), 0),
        rx.NoPositivesError,
        "interpolate_pr requires positives > 0, got 0",
    ),
    (
        "interpolate P bool",
        lambda: interpolate_pr((0, 0), (1, 1), True),
        rx.NoPositivesError,
        "interpolate_pr requires positives > 0, got True",
    ),
    (
        "interpolate TP_B",
        lambda: interpolate_pr((0, 0), (3, 1), 2),
        E,
        "TP_B = 3 exceeds positives = 2",
    ),
    (
        "interpolate order",
        lambda: interpolate_pr((2, 0), (1, 1), 5),
        E,
        "a curve segment must not decrease: (2, 0) -> (1, 1)",
    ),
    # -- areas -------------------------------------------------------------------------------------
    (
        "auc_pr P 0",
        lambda: rx.auc_pr(rx.Curve.from_scores([1], [0])),
        rx.NoPositivesError,
        "auc_pr requires at least one positive example",
    ),
    (
        "auc_pr method",
        lambda: rx.auc_pr(rx.Curve.from_scores([1], [1]), "trapezoid"),  # type: ignore[arg-type]
        E,
        "unknown AUC-PR method 'trapezoid'; choose one of continuous, davis-goadrich, linear, step",
    ),
    (
        "min_recall type",
        lambda: rx.auc_pr(rx.Curve.from_scores([1], [1]), min_recall=0.5),  # type: ignore[arg-type]
        E,
        "min_recall must be an exact int or Fraction, got 0.5",
    ),
    (
        "min_recall bool",
        lambda: rx.auc_pr(rx.Curve.from_scores([1], [1]), min_recall=True),
        E,
        "min_recall must be an exact int or Fraction, got True",
    ),
    (
        "min_recall range",
        lambda: rx.auc_pr(rx.Curve.from_scores([1], [1]), min_recall=F(3, 2)),
        E,
        "min_recall must lie in [0, 1], got 3/2",
    ),
    (
        "auc_roc P",
        lambda: rx.auc_roc(rx.Curve.from_scores([1], [0])),
        rx.NoPositivesError,
        "auc_roc requires at least one positive example",
    ),
    (
        "auc_roc N",
        lambda: rx.auc_roc(rx.Curve.from_scores([1], [1])),
        rx.NoNegativesError,
        "auc_roc requires at least one negative example (ROC needs N > 0)",
    ),
    (
        "digits",
        lambda: _decimal.fraction_to_decimal(F(1, 3), -1),
        ValueError,
        "digits must be >= 0, got -1",
    ),
]


@pytest.mark.parametrize(
    ("call", "error", "message"), [c[1:] for c in API], ids=[c[0] for c in API]
)
def test_api_message(call: Callable[[], object], error: type[Exception], message: str) -> None:
    with pytest.raises(error) as info:
        call()
    assert type(info.value) is error
    assert str(info.value) == message


def _sum_limit(what: str | None) -> Callable[[], object]:
    # Denominators 10**6 + 3 and 7 have 20 + 3 = 23 bits: floor(23 * 0.30103) + 1 = 7 digits.
    pairs = [(1, 10**6 + 3), (1, 7)]

    def call() -> object:
        with limits.using(max_sum_digits=5):
            return sum_ratios(pairs) if what is None else sum_ratios(pairs, what)

    return call


SUM_TAIL = (
    ": an exact sum whose common denominator has up to 7 digits exceeds the limit "
    "max_sum_digits = 5; it takes minutes to hours to compute; the default report "
    "(exact=False, no --exact) certifies the digits without it; raise it with "
    "rocpr_exact.limits.using(max_sum_digits=N), "
    "or lift every limit with rocpr_exact.limits.using(Limits.unlimited())"
)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (_sum_limit(None), "sum_ratios" + SUM_TAIL),
        (_sum_limit("the area"), "the area" + SUM_TAIL),
    ],
)
def test_sum_limit_message(call: Callable[[], object], message: str) -> None:
    with pytest.raises(rx.ResourceLimitError) as info:
        call()
    assert str(info.value) == message


# Forty positives at distinct scores below one negative: every method sums terms t/(t + 1) (or
# their trapezoids) for t = 1..40, whose distinct denominators 2..41 multiply to 41! (50 digits).
_FORTY = rx.Curve.from_scores(list(range(41, 0, -1)), [0] + [1] * 40)


@pytest.mark.parametrize(
    ("method", "what"),
    [
        ("davis-goadrich", "the davis-goadrich AUC-PR"),
        ("linear", "the linear AUC-PR"),
        ("step", "the step AUC-PR (average precision)"),
    ],
)
def test_each_area_names_itself_in_the_sum_limit(method: Any, what: str) -> None:
    with limits.using(max_sum_digits=10), pytest.raises(rx.ResourceLimitError) as info:
        rx.auc_pr(_FORTY, method)
    assert str(info.value).startswith(f"{what}: an exact sum whose common denominator has up to ")


def test_davis_goadrich_sum_limit_is_predicted_from_the_counts() -> None:
    # The corners of _FORTY are (0, 0), (0, 1), (40, 1): one segment of k = 40 TPs with
    # dFP = 0, so C = 40, D = FP_A k = 40, and the denominator at TP = t is 40 (t + 1), t = 1..40:
    # 80..1640, of 7 bits (2 of them), 8 (3), 9 (6), 10 (13) and 11 (16): 398 bits; with the
    # start (0/1) and the foot of the first drop (0/1) 400 bits, floor(400 * 0.30103) + 1 = 121.
    with limits.using(max_sum_digits=10), pytest.raises(rx.ResourceLimitError) as info:
        rx.auc_pr(_FORTY, "davis-goadrich")
    assert str(info.value) == (
        "the davis-goadrich AUC-PR: an exact sum whose common denominator has up to 121 digits "
        "exceeds the limit max_sum_digits = 10; it takes minutes to hours to compute; the "
        "default report (exact=False, no --exact) certifies the digits without it; raise it with "
        "rocpr_exact.limits.using(max_sum_digits=N), "
        "or lift every limit with rocpr_exact.limits.using(Limits.unlimited())"
    )


def test_davis_goadrich_decimal_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    # Certified digits of _FORTY with every segment long (long=0): its one segment has D = 40,
    # one digamma difference; without python-flint, its 40 interpolated points one by one.
    from rocpr_exact.areas.dg import dg_decimal
    from rocpr_exact.exact import logsum

    if logsum.flint is not None:  # weight 100: 30 digits x 1 term x 100 > 30 x 99
        with limits.using(max_decimal_work=30 * 99), pytest.raises(rx.ResourceLimitError) as info:
            dg_decimal(_FORTY, 30, -1, long=0)
        assert str(info.value) == (
            "the davis-goadrich AUC-PR: 30 certified digits of a sum of 1 digamma differences "
            "(work 3,000) exceeds the limit max_decimal_work = 2,970; fewer digits is faster; "
            "raise it with rocpr_exact.limits.using(max_decimal_work=N), "
            "or lift every limit with rocpr_exact.limits.using(Limits.unlimited())"
        )
    monkeypatch.setattr(logsum, "flint", None)
    with limits.using(max_interpolated_points=39), pytest.raises(rx.ResourceLimitError) as info:
        dg_decimal(_FORTY, 30, -1, long=0)
    assert str(info.value) == (
        "the davis-goadrich AUC-PR: 40 interpolated points added one by one exceeds the limit "
        "max_interpolated_points = 39; with python-flint (pip install '.[fast]' in "
        "rocpr-exact's source tree) a long segment costs one digamma difference instead; "
        "raise it with rocpr_exact.limits.using(max_interpolated_points=N), "
        "or lift every limit with rocpr_exact.limits.using(Limits.unlimited())"
    )


def test_continuous_names_itself_in_the_sum_limit() -> None:
    # The rational part of the continuous area sums widths (TP_B - TP_A)/(k P) with k = 1 + s.
    # On the corners of _FORTY (one negative, then a run of 40 positives) the only rising
    # segment has k = 1, so the sum has one denominator, P = 40 (two digits), and a limit of
    # 0 digits stops it.
    with limits.using(max_sum_digits=0), pytest.raises(rx.ResourceLimitError) as info:
        rx.auc_pr(_FORTY, "continuous")
    assert str(info.value).startswith(
        "the continuous AUC-PR: an exact sum whose common denominator has up to 2 digits"
    )


S = "<stream>"
NAME = "name the columns with score_column and label_column"
NOT_A_NUMBER = (
    "is not a number; write a decimal such as 0.75, an integer, inf/-inf, or a fraction p/q"
)
SEPARATED = "the file must be comma-separated, or name the delimiter with the delimiter parameter"
SEVERAL = "(a quoted field runs over several lines: is a closing quote missing?)"
NOT_UTF8 = "the file is not UTF-8 text"


class _Broken(io.RawIOBase):
    """A stream whose every read fails."""

    def readline(self, size: int | None = -1) -> bytes:
        raise OSError(5, "Input/output error")


READER: list[tuple[str, object, type[Exception], str]] = [
    ("empty", b"", E, f"{S}: the file is empty; expected a header such as score,label"),
    ("blank", b"\n  \n", E, f"{S}: the file is empty; expected a header such as score,label"),
    ("header only", b"score,label\n", E, f"{S}: the file has a header but no data rows"),
    (
        "duplicate",
        b"score,label,score\n1,1,1\n",
        E,
        f"{S}: duplicate column names ['score'] in the header",
    ),
    (
        "missing label",
        b"score,lab\n1,1\n",
        E,
        f"{S}: no column 'label' in the header ['score', 'lab']; {NAME}",
    ),
    (
        "missing score",
        b"scores,label\n1,1\n",
        E,
        f"{S}: no column 'score' in the header ['scores', 'label']; {NAME}",
    ),
    (
        "semicolons",
        b"score;label\n1;1\n",
        E,
        f"{S}: no column 'score' in the header ['score;label'] (the header contains ';': "
        f"{SEPARATED}); {NAME}",
    ),
    (
        "pipes",
        b"score|label\n",
        E,
        f"{S}: no column 'score' in the header ['score|label'] (the header contains '|': "
        f"{SEPARATED}); {NAME}",
    ),
    (
        "tabs",
        b"score\tlabel\n",
        E,
        f"{S}: no column 'score' in the header ['score\\tlabel'] (the header contains '\\t': "
        f"{SEPARATED}); {NAME}",
    ),
    (
        "separator in one of two cells",
        b"score;x,lab\n",
        E,
        f"{S}: no column 'score' in the header ['score;x', 'lab']; {NAME}",
    ),
    (
        "one cell, no separator",
        b"scores\n",
        E,
        f"{S}: no column 'score' in the header ['scores']; {NAME}",
    ),
    ("extra field", b"score,label\n1,1,2\n", E, f"{S}: line 2: 3 fields where the header has 2"),
    ("short row", b"score,label\n1\n", E, f"{S}: line 2: 1 fields where the header has 2"),
    (
        "quoted newline",
        b'score,label\n"1\n",1,2\n',
        E,
        f"{S}: lines 2-3: 3 fields where the header has 2 {SEVERAL}",
    ),
    (
        "quoted carriage return",
        b'score,label\n"1\r",1,2\n',
        E,
        f"{S}: lines 2-3: 3 fields where the header has 2 {SEVERAL}",
    ),
    (
        "bad score on lines 3-4",
        b'score,label\n1,1\n"x\ny",0\n',
        E,
        f"{S}: lines 3-4: score 'x\\ny' {NOT_A_NUMBER}",
    ),
    ("bad score", b"score,label\nabc,1\n", E, f"{S}: line 2: score 'abc' {NOT_A_NUMBER}"),
    (
        "NaN",
        b"score,label\nnan,1\n",
        E,
        f"{S}: line 2: score 'nan' is NaN; every example needs a real score (remove the row or "
        "give it a score; infinities are allowed)",
    ),
    (
        "bad label",
        b"score,label\n1,yes\n",
        E,
        f"{S}: line 2: label 'yes' is not 0/1 or true/false (1 = positive, 0 = negative)",
    ),
    (
        "41-character label",
        b"score,label\n1,1." + b"0" * 39 + b"\n",
        E,
        f"{S}: line 2: label '1.{'0' * 39}' is not 0/1 or true/false (1 = positive, 0 = negative)",
    ),
    (
        "latin-1 byte",
        b"score,label\n1,1\n0.5,\xe9\n",
        E,
        f"{S}: line 3: {NOT_UTF8}: byte 0xe9 at byte 5 of the line (invalid continuation byte); "
        "save it as UTF-8 CSV",
    ),
    (
        "bad byte on line 1",
        b"sc\xffore,label\n",
        E,
        f"{S}: line 1: {NOT_UTF8}: byte 0xff at byte 3 of the line (invalid start byte); "
        "save it as UTF-8 CSV",
    ),
    (
        "UTF-16",
        "score,label\n".encode("utf-16"),
        E,
        f"{S}: line 1: {NOT_UTF8} (it starts with a UTF-16 byte order mark): byte 0xff at byte 1 "
        "of the line (invalid start byte); save it as UTF-8 CSV",
    ),
    (
        "byte order mark on line 2 is not dropped",
        b"score,label\n\xef\xbb\xbf1,1\n",
        E,
        f"{S}: line 2: score '\\ufeff1' {NOT_A_NUMBER}",
    ),
    (
        "unclosed quote",
        b'score,label\n"1,1\n',
        E,
        f"{S}: line 2: malformed CSV (unexpected end of data); is a closing quote missing?",
    ),
    (
        "text after a quote",
        b'score,label\n"1"2,1\n',
        E,
        f"{S}: line 2: malformed CSV (',' expected after '\"')",
    ),
    (
        "text stream that cannot be decoded",
        lambda: io.TextIOWrapper(io.BytesIO(b"score,label\n\xff,1\n"), encoding="utf-8"),
        E,
        f"{S}: near line 1: the text cannot be decoded (utf-8: invalid start byte); "
        "save it as UTF-8 CSV",
    ),
    ("broken stream", _Broken, E, f"cannot read {S}: Input/output error"),
    (
        "long score",
        b"score,label\n" + b"1" * 10001 + b",1\n",
        rx.ResourceLimitError,
        f"{S}: line 2: a score of 10,001 characters exceeds the limit max_score_digits = 10,000; "
        "only the order of the scores matters, so shorter scores give the same curve; raise it "
        "with rocpr_exact.limits.using(max_score_digits=N), "
        "or lift every limit with rocpr_exact.limits.using(Limits.unlimited())",
    ),
]


@pytest.mark.parametrize(
    ("source", "error", "message"), [c[1:] for c in READER], ids=[c[0] for c in READER]
)
def test_reader_message(source: object, error: type[Exception], message: str) -> None:
    # A fresh stream for every run: bytes, or a factory of streams.
    stream = io.BytesIO(source) if isinstance(source, bytes) else source()  # type: ignore[operator]
    with pytest.raises(error) as info:
        readers.read_scored_csv(stream)  # type: ignore[arg-type]
    assert type(info.value) is error
    assert str(info.value) == message


def test_reader_messages_name_the_file_or_the_stream(tmp_path: Any) -> None:
    missing = tmp_path / "missing.csv"
    with pytest.raises(E) as info:
        readers.read_scored_csv(missing)
    assert str(info.value) == f"cannot read {missing}: No such file or directory"

    class Named(io.BytesIO):
        name = "scores.csv"

    with pytest.raises(E) as info:
        readers.read_scored_csv(Named(b"score,label\n"))
    assert str(info.value) == "scores.csv: the file has a header but no data rows"
    with pytest.raises(E) as info:
        readers.read_scored_csv(Named(b"score,label\n"), name="given")
    assert str(info.value) == "given: the file has a header but no data rows"


LONG = (
    ": line 2 is longer than 11 characters, which exceeds the limit max_line_chars = 11; is "
    "this a CSV file? raise it with rocpr_exact.limits.using(max_line_chars=N), or lift every "
    "limit with rocpr_exact.limits.using(Limits.unlimited())"
)


@pytest.mark.parametrize("binary", [True, False], ids=["bytes", "text"])
def test_line_limit_is_exact(binary: bool) -> None:
    # "score,label" is 11 characters: a limit of 11 accepts it; "1234567890,1" (12) is refused.
    def stream(text: str) -> Any:
        return io.BytesIO(text.encode()) if binary else io.StringIO(text)

    with limits.using(max_line_chars=11):
        assert readers.read_scored_csv(stream("score,label\r\n12345678,1\r\n")) == (
            [Decimal("12345678")],
            [1],
        )
        with pytest.raises(rx.ResourceLimitError) as info:
            readers.read_scored_csv(stream("score,label\n1234567890,1\n"))
    assert str(info.value) == S + LONG
    with limits.using(max_line_chars=None):
        long_line = "score,label\n" + "1" * 2000 + ",1\n"
        assert readers.read_scored_csv(stream(long_line))[1] == [1]
