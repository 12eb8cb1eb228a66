"""The inputs of scikit-learn's ranking metrics as scikit-learn 1.9.1 sees them, exactly.

``sklearn/metrics/_ranking.py`` and ``sklearn/utils`` (``type_of_target``,
``_check_pos_label_consistency``, ``check_array``, ``column_or_1d``) reduce every call to a few
facts, which this module computes without rounding:

* ``y_score`` keeps the numpy dtype ``np.asarray`` gives it: an int64 array is sorted as
  integers (2**53 and 2**53 + 1 stay apart), a float array at its binary values, a list of
  Fractions as the exact Python numbers (an object array).  Only ``roc_auc_score`` converts an
  object *ndarray* to float64 first (``check_array``), and ``roc_curve`` / ``det_curve`` round
  their returned thresholds to float64 (``astype``).
* ``y_true`` has one of the target types ``binary``, ``multiclass`` or
  ``multilabel-indicator``; anything else is refused as sklearn refuses it.
* ``sample_weight``: sklearn drops zero weights before it picks thresholds and sums weights in
  float64 (exact for integers below 2**53).  The twins take non-negative weights exactly
  (floats at their binary value, scaled with the others to integers by the lcm of their
  denominators) and refuse negative ones (sklearn accepts them).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any, NoReturn

from rocpr_exact.core.curve import Curve
from rocpr_exact.core.data import Score, integer_weights, normalize_scores
from rocpr_exact.errors import (
    InvalidInputError,
    MissingDependencyError,
    WrongTypeError,
)
from rocpr_exact.profiles.arguments import flag, vector
from rocpr_exact.profiles.detection import flags_of
from rocpr_exact.profiles.one_class import tool_nan

try:  # the twins see the input as scikit-learn does: through numpy
    import numpy as np
except ImportError:  # pragma: no cover - numpy comes with every scikit-learn install
    raise MissingDependencyError(
        "rocpr_exact.profiles.sklearn needs numpy (the 'fast' extra), as scikit-learn does"
    ) from None

__all__ = [
    "ATOL",
    "INF",
    "NO_NEGATIVE_RATE",
    "NO_POSITIVE_RATE",
    "ONLY_ONE_CLASS",
    "RECALL_ONE",
    "RTOL",
    "Infinity",
    "as_float64",
    "binary_curve",
    "check_pos_label",
    "exact_column",
    "pos_label_of",
    "require_probabilities",
    "score_array",
    "target_of",
    "weights_of",
]

#: numpy.allclose's default tolerances, exactly: the doubles nearest 1e-5 and 1e-8.
RTOL = Fraction(5902958103587057, 590295810358705651712)
ATOL = Fraction(3022314549036573, 302231454903657293676544)


class Infinity:
    """sklearn's threshold ``np.inf`` (``roc_curve``'s first, ``det_curve``'s last).

    Greater than every number; ``float(INF)`` is ``inf``.  The one instance is :data:`INF`.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return "INF"

    def __float__(self) -> float:
        return float("inf")

    def __eq__(self, other: object) -> bool:
        return other is self or (isinstance(other, float) and other == np.inf)

    def __hash__(self) -> int:
        return hash(np.inf)

    def __gt__(self, other: object) -> bool:
        return not self == other

    def __lt__(self, other: object) -> bool:
        return False


#: The threshold sklearn writes as ``inf``.
INF = Infinity()


def score_array(y_score: Any, *, convert_object: bool = False, what: str = "y_score") -> Any:
    """``y_score`` as a numpy array of the dtype sklearn works in (not rounded).

    ``convert_object``: an object *ndarray* becomes float64, as ``check_array`` does in
    ``roc_auc_score`` (a list of Fractions stays exact there too).  NaN is refused as sklearn
    refuses it; so is an infinity (sklearn refuses it in numeric arrays; in object arrays it
    would keep it, which the twins do not model).
    """
    if isinstance(y_score, str | bytes):  # sklearn's InvalidParameterError, a TypeError too
        raise WrongTypeError(f"{what} must be an array of numbers, not a string")
    convert_object = flag(convert_object, "convert_object")
    if convert_object and isinstance(y_score, np.ndarray) and y_score.dtype == object:
        try:
            y_score = y_score.astype(np.float64)
        except (TypeError, ValueError):
            raise InvalidInputError(f"{what} holds values that are not numbers") from None
    try:
        array = np.asarray(y_score)
    except (TypeError, ValueError):
        raise InvalidInputError(f"{what} must be a rectangular array of numbers") from None
    if array.dtype.kind not in "biufO" or array.ndim not in (1, 2):
        raise InvalidInputError(
            f"{what} must be a 1-D or 2-D array of numbers, got dtype {array.dtype} with "
            f"shape {array.shape}"
        )
    if array.size == 0:
        raise InvalidInputError(f"{what} is empty")
    if array.dtype.kind == "f" and not np.isfinite(array).all():
        which = "NaN" if np.isnan(array).any() else "infinity"
        raise InvalidInputError(f"{what} contains {which}; sklearn 1.9.1 raises ValueError")
    return array


def exact_column(column: Any, what: str = "y_score") -> list[Score]:
    """The exact values of a 1-D score array (ints, binary floats, Python numbers)."""
    if not isinstance(column, np.ndarray) or column.ndim != 1:
        raise WrongTypeError(f"{what} must be a 1-D array here (see score_array)")
    values = normalize_scores(column if column.dtype != object else column.tolist())
    for value in values:
        if value in (np.inf, -np.inf):  # an object array: sklearn keeps it, the twins refuse
            raise InvalidInputError(f"{what} contains infinity; the twins take finite scores")
    return values


def as_float64(value: Score) -> Fraction:
    """The exact value of ``value`` after numpy's ``astype(float64)`` (round to nearest; a bool
    is 0 or 1, as numpy converts it)."""
    if not isinstance(value, int | float | Fraction | Decimal):
        raise WrongTypeError(f"y_score holds {type(value).__name__}; a score is a number")
    try:
        double = np.asarray([value]).astype(np.float64).tolist()[0]
    except OverflowError:  # numpy refuses it, and so does sklearn
        raise InvalidInputError(f"y_score holds {value}, too large for float64") from None
    if not np.isfinite(double):
        raise InvalidInputError(f"y_score holds {value}; sklearn refuses NaN and infinity")
    return Fraction(double)


def weights_of(sample_weight: Any, n: int) -> list[int] | None:
    """``sample_weight`` as non-negative ints (None stays None), one per example.

    Float weights count at their exact binary value; rational weights are scaled by the lcm
    of their denominators (:func:`rocpr_exact.core.data.integer_weights`), which changes none
    of sklearn's rates and areas (each is a function of ratios of weighted sums).

    >>> weights_of([0.5, 1.25, 2], 3)
    [2, 5, 8]
    """
    if sample_weight is None:
        return None
    array = np.asarray(sample_weight)
    if array.ndim == 2 and array.shape[1] == 1:
        array = array.ravel()  # column_or_1d
    check_consistent_length(range(n), range(n), array)  # y_true, y_score, sample_weight
    if array.ndim != 1:
        raise InvalidInputError(
            f"sample_weight must have one value per example ({n}), got shape {array.shape}"
        )
    values = array.tolist()
    for i, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int | float | Fraction | Decimal):
            raise InvalidInputError(
                f"sample_weight at index {i} is {value!r}; the twins take non-negative numbers"
            )
    try:
        return integer_weights(values)
    except InvalidInputError as exc:
        raise InvalidInputError(f"sample_weight: {exc}") from None


def target_of(y_true: Any) -> tuple[str, Any]:
    """``type_of_target(y_true)`` and ``y_true`` as a numpy array (an (n, 1) column raveled).

    Returns ``"binary"``, ``"multiclass"`` or ``"multilabel-indicator"``; ``continuous``,
    ``multiclass-multioutput`` and unknown targets are refused, as sklearn refuses them.
    """
    if isinstance(y_true, str | bytes):  # sklearn's InvalidParameterError, a TypeError too
        raise WrongTypeError("y_true must be an array of labels, not a string")
    try:
        array = np.asarray(y_true)
    except (TypeError, ValueError):
        raise InvalidInputError("y_true must be a rectangular array of labels") from None
    if array.ndim == 2 and array.shape[1] == 1:
        array = array.ravel()
    if array.ndim not in (1, 2) or array.size == 0:
        raise InvalidInputError(f"y_true must be a non-empty 1-D or 2-D array, got {array.shape}")
    if array.dtype.kind == "S" or isinstance(array.flat[0], bytes):  # type_of_target's check
        raise WrongTypeError(
            "Support for labels represented as bytes is not supported. Convert the labels to a "
            "string or integer format."
        )
    if array.dtype.kind == "O" and not all(isinstance(v, str) for v in array.ravel().tolist()):
        raise InvalidInputError("y_true holds objects that are not strings: unknown target type")
    if array.dtype.kind not in "biufUO":
        raise InvalidInputError(f"y_true of dtype {array.dtype} is not a target sklearn reads")
    integral = True
    if array.dtype.kind == "f":
        if np.isnan(array).any():
            raise InvalidInputError("y_true contains NaN; sklearn 1.9.1 raises ValueError")
        integral = bool((array == np.trunc(array)).all())
    distinct = len(np.unique(array))
    if array.ndim == 2:
        if distinct < 3 and integral:
            return "multilabel-indicator", array
        refuse_format("multiclass-multioutput" if integral else "continuous-multioutput", LABELS)
    if not integral:
        refuse_format("continuous", LABELS)
    return ("multiclass" if distinct > 2 else "binary"), array


#: What the twins' ``y_true`` may be (sklearn's target types ``binary``, ``multiclass`` and
#: ``multilabel-indicator``).
LABELS = "y_true must hold class labels, or a 0/1 indicator matrix for multilabel data"


def refuse_format(kind: str, need: str) -> NoReturn:
    """sklearn's refusal of a target type its function does not take, in sklearn's words
    (``y_true`` is ``kind``), then what the function needs."""
    raise InvalidInputError(f"{kind} format is not supported: {need}")


def check_consistent_length(*arrays: Any) -> None:
    """sklearn's ``check_consistent_length``: one length for every array given, in sklearn's
    words (None and a single value are skipped: they are refused elsewhere)."""
    lengths = [len(a) for a in arrays if hasattr(a, "__len__") and getattr(a, "ndim", 1) != 0]
    if len(set(lengths)) > 1:
        raise InvalidInputError(
            f"Found input variables with inconsistent numbers of samples: {lengths}"
        )


def invalid_parameter(name: str, function: str, constraint: str, value: Any) -> WrongTypeError:
    """sklearn's ``InvalidParameterError`` (``validate_params``), in its words: a ValueError and
    a TypeError, as :class:`WrongTypeError` is.  (sklearn lists a set of options in its set's
    order, which changes with hash randomisation; here they are sorted.)"""
    return WrongTypeError(
        f"The {name!r} parameter of {function} must be {constraint}. Got {value!r} instead."
    )


def check_pos_label(pos_label: Any) -> Any:
    """``pos_label`` if it is one label (a number, text or a bool), as sklearn compares it."""
    if not isinstance(pos_label, str | int | float | np.generic) or (
        isinstance(pos_label, np.generic) and pos_label.ndim
    ):
        kind = type(pos_label).__name__
        raise WrongTypeError(f"pos_label must be one label (a number, text or a bool), got {kind}")
    return pos_label


def require_label(pos_label: Any, labels: Any) -> None:
    """``pos_label`` must be one of the ``labels`` (an array), as sklearn says it."""
    present = np.unique(labels)
    if check_pos_label(pos_label) not in present.tolist():
        raise InvalidInputError(
            f"pos_label={pos_label} is not a valid label. It should be one of {present}"
        )


def pos_label_of(pos_label: Any, labels: Any) -> Any:
    """``_check_pos_label_consistency``: ``pos_label``, or 1 when ``y_true`` is 0/1 or -1/1."""
    if pos_label is not None:
        return check_pos_label(pos_label)
    classes = np.unique(labels)
    values = classes.tolist()
    if classes.dtype.kind in "OUS" or values not in ([0, 1], [-1, 1], [0], [-1], [1]):
        shown = ", ".join(repr(v) for v in values)
        raise InvalidInputError(
            f"y_true takes value in {{{shown}}} and pos_label is not specified: either make "
            "y_true take value in {0, 1} or {-1, 1} or pass pos_label explicitly."
        )
    return 1


def require_probabilities(y_score: Any) -> None:
    """sklearn's ``np.allclose(1, y_score.sum(axis=1))``, decided exactly.

    A row of exact sum S passes when |1 - S| <= ATOL + RTOL |S| (numpy's defaults at their
    binary values).  numpy rounds the sum and the test, so a row whose exact |1 - S| is within
    about (k + 3) 2**-53 of the bound (k classes) may be decided the other way by sklearn.
    """
    if not isinstance(y_score, np.ndarray) or y_score.ndim != 2 or y_score.dtype.kind not in "iuf":
        raise InvalidInputError("y_score must be a 2-D array of numbers (one row per example)")
    for i, row in enumerate(y_score.tolist()):
        total = sum((Fraction(v) for v in row), Fraction(0))
        if abs(1 - total) > ATOL + RTOL * abs(total):
            raise InvalidInputError(
                "Target scores need to be probabilities for multiclass roc_auc, i.e. they should "
                f"sum up to 1.0 over classes (y_score row {i} sums to {total}, not 1 within "
                "numpy.allclose)"
            )


def binary_curve(
    positive: Sequence[bool], scores: Sequence[Score], weights: Sequence[int] | None
) -> Curve:
    """The curve of one binary problem: one threshold per distinct score of nonzero weight."""
    positive = flags_of(vector(positive, "positive"), "positive")
    scores = vector(scores, "scores")
    if weights is not None:
        weights = vector(weights, "weights")
        if not all(type(w) is int and w >= 0 for w in weights):
            raise InvalidInputError("weights must be non-negative ints (see weights_of)")
    if len({len(positive), len(scores), len(weights or scores)}) != 1:
        raise InvalidInputError("positive, scores and weights must have one entry per example")
    if weights is not None and not any(weights):
        raise InvalidInputError(
            "sample_weight is all zero; sklearn 1.9.1 raises ValueError('Sample weights must "
            "contain at least one non-zero number.')"
        )
    if weights is None:
        rows = [(s, 1, 0) if y else (s, 0, 1) for y, s in zip(positive, scores, strict=True)]
    else:
        rows = [
            (s, w, 0) if y else (s, 0, w) for y, s, w in zip(positive, scores, weights, strict=True)
        ]
    return Curve.from_histogram(rows)


#: sklearn 1.9.1's warnings for a missing class (UndefinedMetricWarning, or UserWarning for AP)
ONLY_ONE_CLASS = "Only one class is present in y_true. ROC AUC score is not defined in that case."
NO_POSITIVE_RATE = "No positive samples in y_true, true positive value should be meaningless"
NO_NEGATIVE_RATE = "No negative samples in y_true, false positive value should be meaningless"
RECALL_ONE = "No positive class found in y_true, recall is set to one for all thresholds."


def sklearn_warning(name: str = "UndefinedMetricWarning") -> type[Warning]:
    """sklearn's warning class ``name`` (``sklearn.exceptions``), or UserWarning, its base.

    Looked up, never imported: importing sklearn takes seconds, and code that names sklearn's
    class (to catch or filter it: ``pytest.warns``, ``warnings.simplefilter``, ``-W``) has
    imported ``sklearn.exceptions`` already.
    """
    category = getattr(sys.modules.get("sklearn.exceptions"), name, None)
    if isinstance(category, type) and issubclass(category, Warning):
        return category
    return UserWarning


def one_class(message: str, stacklevel: int = 3, category: type[Warning] | None = None) -> float:
    """sklearn's nan for a missing class: :data:`~rocpr_exact.profiles.one_class.NAN` with
    sklearn's warning (``message``, its own text) as an OneClassWarning that is also sklearn's
    class (``category``; by default sklearn's ``UndefinedMetricWarning``)."""
    category = sklearn_warning() if category is None else category
    return tool_nan("scikit-learn 1.9.1", message, stacklevel + 1, category)
