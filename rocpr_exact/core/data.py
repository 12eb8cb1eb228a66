"""Reading scores and labels exactly (docs/design.md, section 1, "Data").

Scores keep their exact value and their type: ``int``, ``Fraction``,
``Decimal`` and ``float`` as they are (Python compares these types with one
another exactly: a float by its binary value, a Decimal by its decimal value,
and equal values hash equal), numpy scalars as the equal Python number.  Infinite
scores are valid ordered scores; NaN is an error.  Nothing is dropped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, MappingView, Sequence, Set
from decimal import Decimal
from fractions import Fraction
from math import lcm
from typing import Any, TypeAlias

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.numbers import parse_number
from rocpr_exact.limits import check_exact, check_score

__all__ = [
    "ZERO_WEIGHTS",
    "Score",
    "check_lengths",
    "check_roles",
    "integer_weights",
    "normalize_labels",
    "normalize_scores",
    "refuse_masked",
    "refuse_unordered",
    "weight_scale",
    "weighted_rows",
]

#: An exact, totally ordered score: int, Fraction, Decimal or a float (exact binary value).
Score: TypeAlias = int | Fraction | float | Decimal


#: The refusal of data whose weights (or counts) are all 0: rows, but no example to rank.
ZERO_WEIGHTS = (
    "the weights (the counts) sum to 0: every example has weight 0, so there is none to rank; "
    "give some example a positive weight"
)


def _unwrap(value: Any) -> Any:
    """Turn a numpy scalar into the equal Python number, exactly.

    ``.item()`` is exact for integers and float16/32/64; a wider float
    (``longdouble``) would be rounded to a Python float, so it becomes the
    equal Fraction instead (NaN and infinities stay floats, as ``.item()`` gives).
    """
    if type(value).__module__ != "numpy" or not hasattr(value, "item"):
        return value
    if getattr(value, "itemsize", 0) > 8 and hasattr(value, "as_integer_ratio"):
        try:
            return Fraction(*value.as_integer_ratio())
        except (ValueError, OverflowError):  # NaN or an infinity: exact as a float64
            return value.astype("float64").item()
    try:
        return value.item()
    except (TypeError, ValueError):  # an array of several values: no number (rejected later)
        return value


def _is_nan(value: Any) -> bool:
    try:
        return bool(value != value)
    except Exception:  # an object that cannot even compare to itself is no number
        return False


def _to_list(values: Iterable[Any], what: str) -> list[Any]:
    if isinstance(values, str | bytes):
        raise InvalidInputError(f"{what} must be a sequence of values, not a single string")
    refuse_unordered(values, what)
    # Array-likes (numpy arrays, memoryviews, pandas and torch objects) have ndim and tolist(),
    # which gives Python numbers exactly; their iteration may not (numpy scalars, sub-views).
    refuse_masked(values, what)
    tolist = getattr(values, "tolist", None)
    ndim = getattr(values, "ndim", None)
    if tolist is not None and ndim is not None:
        if ndim != 1:
            raise InvalidInputError(
                f"{what} must be one-dimensional, got shape {getattr(values, 'shape', None)}"
            )
        dtype: Any = getattr(values, "dtype", None)
        if getattr(dtype, "kind", "") == "f" and getattr(dtype, "itemsize", 0) > 8:
            return list(values)  # numpy scalars: _unwrap converts each one exactly
        return list(tolist())
    try:
        return list(values)
    except TypeError:
        raise InvalidInputError(
            f"{what} must be an iterable of values, got {type(values).__name__}"
        ) from None


def refuse_unordered(values: Any, what: str) -> None:
    """Raise for a set, a mapping or a mapping's view: its order pairs nothing with the others.

    Scores, labels and weights are matched by position, and a set's order is arbitrary (it
    changes with the values and with hash randomisation), so ``{0.1, 0.9, 5, 3}`` has no
    position to pair with a label; a dict would give its keys, a view its insertion order.

    >>> refuse_unordered({0.1, 0.9}, "scores")
    Traceback (most recent call last):
    rocpr_exact.errors.InvalidInputError: scores must be an ordered sequence (a list, a tuple ...
    """
    if isinstance(values, Set | Mapping | MappingView):
        raise InvalidInputError(
            f"{what} must be an ordered sequence (a list, a tuple or an array), got "
            f"{type(values).__name__}: it has no positions to pair with the other arguments; "
            "give the values in the examples' order"
        )


def refuse_masked(values: Any, what: str) -> None:
    """Raise for a numpy masked array with masked entries: a mask is not a value.

    ``tolist()`` turns masked entries into ``None`` and the array's own data would silently keep
    the hidden values, so neither is a right answer; the caller decides (``.compressed()`` drops
    them, ``.filled(x)`` gives them a value).
    """
    mask = getattr(values, "mask", None)
    if mask is None or type(values).__name__ != "MaskedArray":
        return
    if bool(getattr(mask, "any", lambda: bool(mask))()):
        raise InvalidInputError(
            f"{what} is a masked array with masked entries; drop them (.compressed(), and the "
            "same examples from the other argument) or give them values (.filled(x))"
        )


def _score(value: Any, index: int) -> Score:
    value = _unwrap(value)
    if isinstance(value, int | Fraction):  # bool is an int
        return value
    if isinstance(value, float):
        if value != value:
            raise InvalidInputError(
                f"score at index {index} is NaN; NaN has no place in a ranking: "
                "remove the example or give it a real score (infinities are allowed)"
            )
        return value
    if isinstance(value, Decimal):
        if value.is_nan():
            raise InvalidInputError(
                f"score at index {index} is Decimal NaN; give every example a real score"
            )
        if not value.is_infinite():
            check_score(value, f"score at index {index}")  # bounds the exponent's size
        return value  # compares exactly with int, Fraction and float; sorts fast
    if _is_nan(value):
        raise InvalidInputError(
            f"score at index {index} is NaN ({type(value).__name__}); give every example a real "
            "score (infinities are allowed)"
        )
    raise InvalidInputError(
        f"score at index {index} is {value!r} ({type(value).__name__}); scores must be numbers "
        "(int, Fraction, Decimal or float); parse text exactly with Decimal(text)"
    )


def normalize_scores(scores: Iterable[Any]) -> list[Score]:
    """Return the scores as exact, mutually comparable Python numbers.

    >>> normalize_scores([1, 0.5, Decimal("0.1"), Fraction(1, 3)])
    [1, 0.5, Decimal('0.1'), Fraction(1, 3)]
    >>> normalize_scores([0.1])[0] == Fraction(1, 10)   # a float is its binary value
    False
    """
    return [_score(value, i) for i, value in enumerate(_to_list(scores, "scores"))]


def _label(value: Any, index: int) -> int:
    value = _unwrap(value)
    if isinstance(value, Decimal) and value.is_nan():
        pass  # comparing a signalling NaN raises; it is no label either way
    elif isinstance(value, int | float | Fraction | Decimal) and value in (0, 1):
        return 1 if value else 0
    raise InvalidInputError(
        f"label at index {index} is {value!r}; labels must be 0/1 or False/True "
        "(1 = positive, 0 = negative)"
    )


def normalize_labels(labels: Iterable[Any]) -> list[int]:
    """Return the labels as ints 0/1; anything else is an :class:`InvalidInputError`.

    Accepted: ``0``, ``1``, ``False``, ``True`` (and numbers equal to them, such
    as ``1.0`` from a float array).  Rejected: ``2``, ``-1``, ``0.5``, ``"yes"``,
    ``None``, NaN.

    >>> normalize_labels([True, 0, 1.0])
    [1, 0, 1]
    """
    return [_label(value, i) for i, value in enumerate(_to_list(labels, "labels"))]


def check_lengths(scores: Sequence[Any], labels: Sequence[Any]) -> None:
    """Raise unless there is one label per score and at least one example."""
    if len(scores) != len(labels):
        raise InvalidInputError(
            f"scores and labels differ in length ({len(scores)} vs {len(labels)}); "
            "give exactly one label per score"
        )
    if not scores:
        raise InvalidInputError("the dataset is empty; give at least one (score, label) pair")


def _weight(value: Any, index: int) -> Fraction:
    """One weight as an exact non-negative rational (int, Fraction, Decimal, decimal text, or a
    float at its exact binary value); anything else is an :class:`InvalidInputError`."""
    value = _unwrap(value)
    where = f"weight at index {index}"
    if isinstance(value, str):
        value = parse_number(value, "weight", where=where)
    elif isinstance(value, Decimal) and value.is_finite():
        check_score(value, where, "weight")  # bounds the exponent's size
    exact: Fraction | None = None
    if isinstance(value, int | Fraction | Decimal | float) and not isinstance(value, bool):
        try:
            exact = Fraction(value)
        except (ValueError, OverflowError):  # NaN or an infinity
            exact = None
    if exact is None or exact < 0:
        raise InvalidInputError(
            f"{where} is {value!r}; weights must be finite non-negative numbers (int, Fraction, "
            "Decimal, decimal text or float)"
        )
    check_exact(exact, where)  # an integer too long to count with
    return exact


def integer_weights(weights: Iterable[Any]) -> list[int]:
    """Exact rational weights scaled to integers by the lcm of their denominators.

    Every rate and precision is a ratio of sums of weights, so it is the same for the
    weights w_i and for L w_i; with L = lcm of the denominators every L w_i is an integer.
    So are the ROC area and the continuous, step and linear PR areas.  The Davis-Goadrich
    area is not: it interpolates at every integer TP, so it depends on the count unit, and
    with rational weights that unit is 1/L.  Bounded by ``max_exact_digits`` (the lcm is
    checked as it grows).  O(n) gcds.

    >>> integer_weights([Fraction(1, 2), "0.25", 3, 0.5])
    [2, 1, 12, 2]
    """
    exact = [_weight(value, i) for i, value in enumerate(_to_list(weights, "weights"))]
    scale = _scale(exact)
    return [int(weight * scale) for weight in exact]


def weight_scale(weights: Iterable[Any]) -> int:
    """L, the lcm of the weights' denominators: :func:`integer_weights` counts in units of 1/L.

    >>> weight_scale([Fraction(1, 2), "1/3", 2])
    6
    """
    return _scale([_weight(value, i) for i, value in enumerate(_to_list(weights, "weights"))])


def _scale(exact: list[Fraction]) -> int:
    scale = 1
    for weight in exact:
        if scale % weight.denominator:
            scale = lcm(scale, weight.denominator)
            check_exact(scale, "the lcm of the weights' denominators")
    return scale


def weighted_rows(
    scores: Iterable[Any], labels: Iterable[Any], weights: Iterable[Any]
) -> list[tuple[Any, int, int]]:
    """Histogram rows (score, positives, negatives) of examples with exact rational weights.

    Integer weights: an example of weight w counts as w replicated rows; weight 0 drops it.
    Rational weights (Fraction, Decimal, decimal text, float at its exact binary value) are
    first scaled by the lcm L of their denominators (:func:`integer_weights`): the counts of
    the curve are then L times the weighted counts, while every rate and precision, the ROC
    area and the continuous, step and linear PR areas are unchanged (each is a function of
    ratios of weighted counts); the Davis-Goadrich area interpolates at every integer count,
    so its unit is 1/L (integer weights: one row).  Negative, NaN or infinite weights raise
    :class:`InvalidInputError`; a class of total weight 0 is a class with no examples (the
    metrics that need it raise :class:`NoPositivesError` / :class:`NoNegativesError`).
    O(n) plus the gcds of the denominators.

    >>> weighted_rows([0.9, 0.2], [1, 0], [2, 3])
    [(0.9, 2, 0), (0.2, 0, 3)]
    >>> weighted_rows([0.9, 0.2], [1, 0], [Fraction(1, 2), "1.5"])   # scaled by L = 2
    [(0.9, 1, 0), (0.2, 0, 3)]
    """
    scores, weights = _to_list(scores, "scores"), _to_list(weights, "weights")
    labels = normalize_labels(labels)
    if not len(scores) == len(labels) == len(weights):
        raise InvalidInputError(
            f"scores, labels and weights differ in length ({len(scores)}, {len(labels)}, "
            f"{len(weights)}); give exactly one label and one weight per score"
        )
    scaled = integer_weights(weights)
    return [
        (score, weight if label else 0, 0 if label else weight)
        for score, label, weight in zip(scores, labels, scaled, strict=True)
    ]


#: The parameters naming the columns of the three roles, in the order the readers take them.
_ROLES = ("score_column", "label_column", "weight_column")


def check_roles(columns: Sequence[str | None]) -> None:
    """Refuse one column named for two roles (score, label, weight: in that order).

    A score column that is also the label column would rank the labels by themselves.

    >>> check_roles(("label", "label"))
    Traceback (most recent call last):
    rocpr_exact.errors.InvalidInputError: score_column and label_column both name the column ...
    """
    for later, column in enumerate(columns):
        if column is not None and column in columns[:later]:
            earlier = columns.index(column)
            raise InvalidInputError(
                f"{_ROLES[earlier]} and {_ROLES[later]} both name the column {column!r}; "
                "each role needs a column of its own"
            )
