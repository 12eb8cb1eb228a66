"""One record per operating-point rate: each rate of one threshold declared once.

Davis & Goadrich 2006, Figure 2(b), defines recall (the true positive rate), precision and
the false positive rate of a confusion matrix; accuracy (the fraction classified correctly,
which the paper's Section 1 sets aside after Provost et al. 1998), specificity
(TN / N = 1 - FPR) and F1 (the harmonic mean of precision and recall, 2 TP / (TP + FP + P))
are the usual others.  Each is a ratio of two linear forms in
(TP, FP, P, N) -- with FN = P - TP and TN = N - FP -- which is all any caller needs:

* the exact value at (TP, FP) (:meth:`RateRecord.value`; None where the denominator is 0:
  precision with nothing predicted positive), for the ``operating-point`` listing, the
  :class:`~rocpr_exact.core.confusion.ConfusionMatrix` rates and the operating-point
  searches of :mod:`rocpr_exact.geometry.optimal`;
* at a fixed TP, the rate as (c0 + c1 FP) / (d0 + d1 FP) (:meth:`RateRecord.at_tp`), from
  which ``consistent`` solves "the rate lies in the printed interval" for FP exactly
  (:mod:`rocpr_exact.consistency.operating`), for the rates whose ``consistent`` flag is set.

:data:`RATES` is what those places enumerate; adding a rate is one record and its tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from rocpr_exact.errors import InvalidInputError

__all__ = ["RATES", "Form", "RateRecord", "rate", "rate_names"]


@dataclass(frozen=True, slots=True)
class Form:
    """The linear form ``tp TP + fp FP + p P + n N`` (integer coefficients)."""

    tp: int = 0
    fp: int = 0
    p: int = 0
    n: int = 0

    def at(self, tp: int, fp: int, p: int, n: int) -> int:
        """The form's value at these counts.

        >>> Form(tp=1, fp=-1, n=1).at(tp=2, fp=1, p=4, n=7)      # TP + TN = 2 + 6
        8
        """
        return self.tp * tp + self.fp * fp + self.p * p + self.n * n


@dataclass(frozen=True, slots=True)
class RateRecord:
    """One rate of a threshold: ``numerator / denominator`` of two :class:`Form`\\ s.

    ``definition`` is how docs and messages write it; ``source`` where it is defined;
    ``consistent``: ``rocpr-exact consistent`` takes it as a printed value.
    """

    name: str
    numerator: Form
    denominator: Form
    definition: str
    source: str
    consistent: bool = True

    def value(self, tp: int, fp: int, p: int, n: int) -> Fraction | None:
        """The exact rate at (TP, FP) among P positives and N negatives (None: 0 / 0 or x / 0).

        >>> rate("precision").value(2, 1, 4, 7), rate("precision").value(0, 0, 4, 7)
        (Fraction(2, 3), None)
        """
        den = self.denominator.at(tp, fp, p, n)
        return Fraction(self.numerator.at(tp, fp, p, n), den) if den else None

    def defined(self, tp: int, fp: int, p: int, n: int) -> Fraction:
        """:meth:`value` where the caller has made sure it is defined; refused otherwise.

        >>> rate("fpr").defined(2, 1, 4, 0)
        Traceback (most recent call last):
        ...
        rocpr_exact.errors.InvalidInputError: fpr = FP / (FP + TN) = FP / N (the false ...
        """
        value = self.value(tp, fp, p, n)
        if value is None:
            raise InvalidInputError(
                f"{self.name} = {self.definition} is undefined at TP = {tp}, FP = {fp} "
                f"(P = {p}, N = {n}): its denominator is 0"
            )
        return value

    def at_tp(self, tp: int, p: int, n: int) -> tuple[int, int, int, int]:
        """(c0, c1, d0, d1): at this TP the rate is (c0 + c1 FP) / (d0 + d1 FP).

        >>> rate("accuracy").at_tp(2, 4, 7)          # (TP + N - FP) / (P + N)
        (9, -1, 11, 0)
        """
        c, d = self.numerator, self.denominator
        return c.at(tp, 0, p, n), c.fp, d.at(tp, 0, p, n), d.fp


#: The rates, in the order the ``operating-point`` listing and ``consistent`` show them
#: (``consistent``'s flags and messages as before the records: precision first).
RATES: tuple[RateRecord, ...] = (
    RateRecord(
        "precision",
        Form(tp=1),
        Form(tp=1, fp=1),
        "TP / (TP + FP)",
        "Davis & Goadrich 2006, Figure 2(b)",
    ),
    RateRecord(
        "recall",
        Form(tp=1),
        Form(p=1),
        "TP / (TP + FN) = TP / P (the true positive rate)",
        "Davis & Goadrich 2006, Figure 2(b)",
    ),
    RateRecord(
        "f1",
        Form(tp=2),
        Form(tp=1, fp=1, p=1),
        "2 TP / (2 TP + FP + FN) = 2 TP / (TP + FP + P)",
        "the harmonic mean of precision and recall (van Rijsbergen's F with beta = 1)",
    ),
    RateRecord(
        "accuracy",
        Form(tp=1, fp=-1, n=1),
        Form(p=1, n=1),
        "(TP + TN) / (P + N)",
        "the fraction classified correctly (Davis & Goadrich 2006, Section 1)",
    ),
    RateRecord(
        "specificity",
        Form(fp=-1, n=1),
        Form(n=1),
        "TN / (FP + TN) = 1 - FPR",
        "the true negative rate",
    ),
    RateRecord(
        "fpr",
        Form(fp=1),
        Form(n=1),
        "FP / (FP + TN) = FP / N (the false positive rate)",
        "Davis & Goadrich 2006, Figure 2(b)",
        consistent=False,
    ),
)

_BY_NAME = MappingProxyType({record.name: record for record in RATES})


def rate(name: str) -> RateRecord:
    """The record of the rate ``name`` (an :class:`InvalidInputError` names the rates).

    >>> rate("specificity").definition
    'TN / (FP + TN) = 1 - FPR'
    """
    try:
        return _BY_NAME[name]
    except KeyError:
        raise InvalidInputError(
            f"unknown rate {name!r}; the rates are {', '.join(_BY_NAME)}"
        ) from None


def rate_names(consistent: bool = False) -> tuple[str, ...]:
    """The rates' names, in :data:`RATES` order (only those ``consistent`` takes, if asked).

    >>> rate_names(consistent=True)
    ('precision', 'recall', 'f1', 'accuracy', 'specificity')
    """
    return tuple(r.name for r in RATES if r.consistent or not consistent)
