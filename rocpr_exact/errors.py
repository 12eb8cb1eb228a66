"""One error hierarchy for rocpr-exact.

Every error the library raises on purpose is a :class:`RocPrError`, itself a
:class:`ValueError`, so ``except ValueError`` keeps working for callers that do
not care about the details.  Messages say what was wrong and what is needed,
in the manner of :mod:`statistics` (``"mean requires at least one data point"``).
"""

from __future__ import annotations

__all__ = [
    "AmbiguousPointError",
    "InvalidInputError",
    "MissingDependencyError",
    "NoNegativesError",
    "NoPositivesError",
    "NotRepresentableError",
    "NotSupportedError",
    "OneClassWarning",
    "ResourceLimitError",
    "RocPrError",
    "ToolIndexError",
    "ToolRoundingWarning",
    "UndefinedMetricError",
    "UndefinedPrecisionError",
    "WrongTypeError",
    "ZeroDenominatorError",
]


class RocPrError(ValueError):
    """Base class of every error raised by rocpr-exact.

    A message is one line: a line break inside it (a 2-D array's repr, say) becomes a space.

    >>> str(RocPrError("got [[1 2]\\n [3 4]]"))
    'got [[1 2] [3 4]]'
    """

    def __init__(self, *args: object) -> None:
        super().__init__(*(_one_line(a) if isinstance(a, str) else a for a in args))


def _one_line(message: str) -> str:
    return " ".join(part.strip() for part in message.splitlines()) if "\n" in message else message


class InvalidInputError(RocPrError):
    """The data cannot be read as a dataset: NaN score, bad label, lengths differ, empty input."""


class WrongTypeError(InvalidInputError, TypeError):
    """An argument is not of the type the function needs (a list where a Curve is needed, a
    float where an exact value or an int number of digits is needed).

    Also a :class:`TypeError`, so ``except TypeError`` catches it too.
    """


class NotSupportedError(InvalidInputError, NotImplementedError):
    """A twin refuses what its tool has not implemented (scikit-learn's ``roc_auc_score`` with
    ``multi_class="ovo"`` and ``average=None``), as the tool refuses it.

    Also a :class:`NotImplementedError`, the tool's class, so a caller's ``except`` or
    ``pytest.raises(NotImplementedError)`` written for the tool catches it too.
    """


class ZeroDenominatorError(InvalidInputError, ZeroDivisionError):
    """A twin refuses where its tool divides by zero and raises (scikit-learn's weighted
    one-vs-one average without a pair of classes), as the tool raises.

    Also a :class:`ZeroDivisionError`, the tool's class.
    """


class ToolIndexError(InvalidInputError, IndexError):
    """A twin refuses where its tool fails with an ``IndexError`` (torchmetrics'
    ``binary_auroc`` with ``max_fpr`` at or past a binned curve's last fpr), as the tool fails.

    Also an :class:`IndexError`, so code written for the tool catches it.
    """


class NoPositivesError(RocPrError):
    """The metric needs at least one positive example (recall, TPR, ROC and PR curves)."""


class NoNegativesError(RocPrError):
    """The metric needs at least one negative example (FPR and the ROC curve)."""


class UndefinedPrecisionError(RocPrError):
    """Precision TP/(TP+FP) is undefined because nothing is predicted positive (TP + FP = 0)."""


class UndefinedMetricError(RocPrError):
    """The tool a profile models gives no value here (R's NA, a NaN): the profile says so."""


class AmbiguousPointError(RocPrError):
    """A PR point with recall 0 has no unique confusion matrix (Davis & Goadrich, Theorem 3.1)."""


class NotRepresentableError(RocPrError):
    """A ROC or PR point does not correspond to whole numbers of examples for the given P and N."""


class ResourceLimitError(RocPrError):
    """An exact result would exceed a documented size limit (see ``rocpr_exact.limits``).

    ``limit`` names the limit of :class:`rocpr_exact.limits.Limits` that was exceeded (None when
    the error does not come from one), so that a caller can say how to raise it in its own terms.
    """

    def __init__(self, message: str, *, limit: str | None = None) -> None:
        super().__init__(message)
        self.limit = limit


class MissingDependencyError(RocPrError, ImportError):
    """An optional dependency is not installed (e.g. matplotlib for plots: the ``plot`` extra).

    Also an :class:`ImportError`, so ``except ImportError`` catches it too.
    """


class ToolRoundingWarning(UserWarning):
    """A twin's answer may differ from the tool's where the tool's own rounding is not fixed.

    Raised as a warning, not an error: the twin gives its value (the correctly rounded one) and
    says which part of the tool's may differ and by how much (e.g. torch's float32 ``exp``,
    documented within 1 ulp, under torchmetrics' sigmoid of logits).
    """


class OneClassWarning(UserWarning):
    """The input holds one class only: a twin returns the tool's conventional value and warns.

    As the tool does (e.g. torchmetrics' AUROC 0 with "No positive samples in targets"): the
    message is the tool's.
    """
