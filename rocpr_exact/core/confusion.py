"""Confusion matrices and the Theorem 3.1 maps between ROC and PR points.

Davis & Goadrich 2006, Figure 2 (definitions) and Theorem 3.1: for a fixed
number of positives P and negatives N, a ROC point (FPR, TPR) and a PR point
(recall, precision) with recall != 0 each determine the confusion matrix.
Machine-checked in ``proofs/proof_theorem_3_1.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rocpr_exact.core.rates import rate
from rocpr_exact.errors import (
    AmbiguousPointError,
    InvalidInputError,
    NoNegativesError,
    NoPositivesError,
    NotRepresentableError,
    UndefinedPrecisionError,
)

__all__ = [
    "ConfusionMatrix",
    "confusion_from_pr",
    "confusion_from_roc",
    "pr_point",
    "roc_point",
    "tp_fp",
]


def _check_count(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInputError(f"{name} must be an int, got {value!r} ({type(value).__name__})")
    if value < 0:
        raise InvalidInputError(f"{name} must be >= 0, got {value}")
    return value


@dataclass(frozen=True, slots=True)
class ConfusionMatrix:
    """The confusion matrix of one classifier (Davis & Goadrich 2006, Figure 2(a)).

    All four counts are non-negative ``int``; the rates are exact ``Fraction``\\ s.

    >>> c = ConfusionMatrix(tp=5, fp=5, fn=15, tn=1995)
    >>> c.recall, c.precision, c.fpr
    (Fraction(1, 4), Fraction(1, 2), Fraction(1, 400))
    >>> ConfusionMatrix(0, 0, 3, 4).precision
    Traceback (most recent call last):
    ...
    rocpr_exact.errors.UndefinedPrecisionError: precision is undefined when nothing ...
    """

    tp: int
    fp: int
    fn: int
    tn: int

    def __post_init__(self) -> None:
        for name in ("tp", "fp", "fn", "tn"):
            _check_count(name, getattr(self, name))

    @classmethod
    def from_counts(cls, tp: int, fp: int, positives: int, negatives: int) -> ConfusionMatrix:
        """Build the matrix from TP and FP with fixed totals P and N (FN = P - TP, TN = N - FP).

        >>> ConfusionMatrix.from_counts(10, 30, positives=20, negatives=2000)
        ConfusionMatrix(tp=10, fp=30, fn=10, tn=1970)
        """
        _check_count("positives", positives)
        _check_count("negatives", negatives)
        if not 0 <= _check_count("tp", tp) <= positives:
            raise InvalidInputError(f"tp must lie in [0, positives={positives}], got {tp}")
        if not 0 <= _check_count("fp", fp) <= negatives:
            raise InvalidInputError(f"fp must lie in [0, negatives={negatives}], got {fp}")
        return cls(tp, fp, positives - tp, negatives - fp)

    @classmethod
    def from_roc(
        cls, fpr: Fraction | int, tpr: Fraction | int, *, positives: int, negatives: int
    ) -> ConfusionMatrix:
        """The unique matrix at a ROC point (Theorem 3.1): :func:`confusion_from_roc`.

        >>> ConfusionMatrix.from_roc(Fraction(1, 400), Fraction(1, 4), positives=20, negatives=2000)
        ConfusionMatrix(tp=5, fp=5, fn=15, tn=1995)
        """
        return confusion_from_roc(fpr, tpr, positives=positives, negatives=negatives)

    @classmethod
    def from_pr(
        cls, recall: Fraction | int, precision: Fraction | int, *, positives: int, negatives: int
    ) -> ConfusionMatrix:
        """The unique matrix at a PR point, recall != 0 (Theorem 3.1): :func:`confusion_from_pr`.

        >>> ConfusionMatrix.from_pr(Fraction(7, 20), Fraction(7, 22), positives=20, negatives=2000)
        ConfusionMatrix(tp=7, fp=15, fn=13, tn=1985)
        """
        return confusion_from_pr(recall, precision, positives=positives, negatives=negatives)

    @property
    def positives(self) -> int:
        """P = TP + FN."""
        return self.tp + self.fn

    @property
    def negatives(self) -> int:
        """N = FP + TN."""
        return self.fp + self.tn

    @property
    def recall(self) -> Fraction:
        """Recall = TP / (TP + FN); raises :class:`NoPositivesError` when P = 0."""
        value = self._rate("recall")
        if value is None:
            raise NoPositivesError(
                "recall requires at least one positive example (P = TP + FN > 0)"
            )
        return value

    @property
    def tpr(self) -> Fraction:
        """True positive rate, identical to recall (Figure 2(b))."""
        return self.recall

    @property
    def fpr(self) -> Fraction:
        """FPR = FP / (FP + TN); raises :class:`NoNegativesError` when N = 0."""
        value = self._rate("fpr")
        if value is None:
            raise NoNegativesError(
                "false positive rate requires at least one negative example (N = FP + TN > 0)"
            )
        return value

    @property
    def precision(self) -> Fraction:
        """Precision = TP / (TP + FP); raises :class:`UndefinedPrecisionError` when TP + FP = 0."""
        value = self._rate("precision")
        if value is None:
            raise UndefinedPrecisionError(
                "precision is undefined when nothing is predicted positive (TP + FP = 0); "
                "use a threshold that predicts at least one example positive"
            )
        return value

    def _rate(self, name: str) -> Fraction | None:
        """The rate ``name`` of this matrix, by its record (:mod:`rocpr_exact.core.rates`)."""
        return rate(name).value(self.tp, self.fp, self.positives, self.negatives)


def tp_fp(point: ConfusionMatrix | tuple[int, int] | list[int]) -> tuple[int, int]:
    """The (TP, FP) counts of a confusion matrix or of a validated (TP, FP) pair.

    >>> tp_fp((5, 30)), tp_fp(ConfusionMatrix(1, 2, 3, 4))
    ((5, 30), (1, 2))
    """
    if isinstance(point, ConfusionMatrix):
        return point.tp, point.fp
    if not isinstance(point, tuple | list) or len(point) != 2:
        raise InvalidInputError(
            f"a point must be a (TP, FP) pair or a ConfusionMatrix, got {point!r}"
        )
    return _check_count("tp", point[0]), _check_count("fp", point[1])


def roc_point(c: ConfusionMatrix) -> tuple[Fraction, Fraction]:
    """Map a confusion matrix to its ROC point (FPR, TPR) (Theorem 3.1).

    >>> roc_point(ConfusionMatrix(5, 5, 15, 1995))
    (Fraction(1, 400), Fraction(1, 4))
    """
    return c.fpr, c.tpr


def pr_point(c: ConfusionMatrix) -> tuple[Fraction, Fraction]:
    """Map a confusion matrix to its PR point (recall, precision) (Theorem 3.1).

    >>> pr_point(ConfusionMatrix(10, 30, 10, 1970))
    (Fraction(1, 2), Fraction(1, 4))
    """
    return c.recall, c.precision


def _as_rate(name: str, value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | Fraction):
        raise InvalidInputError(
            f"{name} must be an exact int or Fraction, got {value!r}; "
            "write decimals as Fraction('0.25') so nothing is rounded"
        )
    rate = Fraction(value)
    if not 0 <= rate <= 1:
        raise InvalidInputError(f"{name} must lie in [0, 1], got {rate}")
    return rate


def _whole(name: str, value: Fraction, rate_name: str, rate: Fraction, total: str) -> int:
    if value.denominator != 1:
        low = value.numerator // value.denominator
        raise NotRepresentableError(
            f"{rate_name} = {rate} gives {name} = {value}, not a whole number of examples for "
            f"{total}; the nearest valid counts are {name} = {low} or {low + 1}"
        )
    return value.numerator


def _totals(positives: int, negatives: int) -> tuple[int, int]:
    _check_count("positives", positives)
    _check_count("negatives", negatives)
    if positives == 0:
        raise NoPositivesError("a ROC or PR point requires positives > 0")
    return positives, negatives


def confusion_from_roc(
    fpr: Fraction | int, tpr: Fraction | int, *, positives: int, negatives: int
) -> ConfusionMatrix:
    """The unique confusion matrix at a ROC point (Theorem 3.1): TP = TPR P, FP = FPR N.

    >>> confusion_from_roc(Fraction(1, 400), Fraction(1, 4), positives=20, negatives=2000)
    ConfusionMatrix(tp=5, fp=5, fn=15, tn=1995)
    >>> confusion_from_roc(Fraction(1, 3), 1, positives=20, negatives=2000)
    Traceback (most recent call last):
    ...
    rocpr_exact.errors.NotRepresentableError: FPR = 1/3 gives FP = 2000/3, ... FP = 666 or 667
    """
    positives, negatives = _totals(positives, negatives)
    if negatives == 0:
        raise NoNegativesError("a ROC point requires negatives > 0")
    fpr, tpr = _as_rate("FPR", fpr), _as_rate("TPR", tpr)
    tp = _whole("TP", tpr * positives, "TPR", tpr, f"P = {positives}")
    fp = _whole("FP", fpr * negatives, "FPR", fpr, f"N = {negatives}")
    return ConfusionMatrix.from_counts(tp, fp, positives, negatives)


def confusion_from_pr(
    recall: Fraction | int, precision: Fraction | int, *, positives: int, negatives: int
) -> ConfusionMatrix:
    """The unique confusion matrix at a PR point with recall != 0 (Theorem 3.1).

    TP = recall P and FP = TP (1 - precision) / precision.

    >>> confusion_from_pr(Fraction(7, 20), Fraction(7, 22), positives=20, negatives=2000)
    ConfusionMatrix(tp=7, fp=15, fn=13, tn=1985)
    >>> confusion_from_pr(0, Fraction(1, 2), positives=20, negatives=2000)
    Traceback (most recent call last):
    ...
    rocpr_exact.errors.AmbiguousPointError: a PR point with recall 0 has no unique ...
    """
    positives, negatives = _totals(positives, negatives)
    recall, precision = _as_rate("recall", recall), _as_rate("precision", precision)
    if recall == 0:
        raise AmbiguousPointError(
            "a PR point with recall 0 has no unique confusion matrix (TP = 0, so precision does "
            "not determine FP; Davis & Goadrich 2006, Theorem 3.1); give the ROC point "
            "(FPR, TPR) instead"
        )
    if precision == 0:
        raise InvalidInputError(
            f"precision 0 with recall {recall} > 0 is impossible (TP > 0 means precision > 0)"
        )
    tp = _whole("TP", recall * positives, "recall", recall, f"P = {positives}")
    fp = _whole("FP", tp * (1 - precision) / precision, "precision", precision, f"TP = {tp}")
    if fp > negatives:
        raise NotRepresentableError(
            f"recall {recall} and precision {precision} need FP = {fp} > N = {negatives} negatives"
        )
    return ConfusionMatrix.from_counts(tp, fp, positives, negatives)
