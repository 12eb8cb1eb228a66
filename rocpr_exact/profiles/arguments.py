"""The checks every twin makes of its arguments before any arithmetic.

A twin takes its arguments in the forms its tool accepts; anything else is refused here with
one line (a :class:`RocPrError`), never a Python traceback from deep inside (``len(None)``,
``sorted([0, "1"])``, ``array in ("a", "b")``).  One place for each check:

* :func:`vector`: a 1-D sequence (list, tuple, 1-D array): not None, text, a number, a
  mapping, a set (no order to pair with) or a table (2-D);
* :func:`classes`: the distinct labels of a vector, sorted, as R sorts the levels of one
  vector: no missing value (None, NaN) and one type (an R vector holds one);
* :func:`is_one_of`: whether a value is one of a few named choices (an array is none);
* :func:`flag`: a True/False argument (R's TRUE/FALSE, Python's bool);
* :func:`number`: one real number (a level, a rate), not a bool, a vector or text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from numbers import Number
from typing import Any

from rocpr_exact.core.data import refuse_masked, refuse_unordered
from rocpr_exact.errors import InvalidInputError, WrongTypeError

__all__ = ["classes", "flag", "is_one_of", "number", "vector"]


def vector(values: Any, what: str, each: str = "example") -> list[Any]:
    """``values`` as a list, if it is a 1-D sequence; else a one-line refusal naming ``what``.

    >>> vector((0.5, 1), "scores")
    [0.5, 1]
    >>> vector([[0.5], [1]], "scores")
    Traceback (most recent call last):
    ...
    rocpr_exact.errors.InvalidInputError: scores must be 1-D (one number per example), got ...
    """
    if (
        values is None
        or isinstance(values, str | bytes | Mapping)
        or not isinstance(values, Iterable)
    ):
        raise WrongTypeError(
            f"{what} must be a 1-D sequence (a list or an array), got {type(values).__name__}"
        )
    refuse_unordered(values, what)  # a set's order pairs nothing with the other arguments
    refuse_masked(values, what)  # list() would keep masked entries as masked constants
    shape = getattr(values, "shape", None)
    if getattr(values, "ndim", 1) != 1:
        raise InvalidInputError(f"{what} must be 1-D (one number per {each}), got shape {shape}")
    items = list(values)
    if any(getattr(v, "ndim", 0) or isinstance(v, list | tuple | dict | set) for v in items):
        raise InvalidInputError(
            f"{what} must be 1-D (one number per {each}), got a nested sequence"
        )
    return items


def _missing(value: Any) -> bool:
    """None, or a NaN (the one value not equal to itself): R's NA."""
    return value is None or (isinstance(value, Number) and value != value)


def classes(values: Sequence[Any], what: str, tool: str) -> list[Any]:
    """The distinct values of ``values``, sorted (R's ``levels``): one type, nothing missing.

    >>> classes([1, 0, 1], "labels", "ROCR")
    [0, 1]
    >>> classes([0, "1"], "labels", "ROCR")
    Traceback (most recent call last):
    ...
    rocpr_exact.errors.InvalidInputError: labels mix numbers and text; an R vector holds one type...
    """
    values = vector(values, what)
    if any(_missing(v) for v in values):
        raise InvalidInputError(
            f"{what} hold a missing value (None or NaN, R's NA); {tool} needs a class for "
            "every example"
        )
    kinds = sorted({_kind(v) for v in values})
    if len(kinds) > 1:
        raise InvalidInputError(
            f"{what} mix {' and '.join(kinds)}; an R vector holds one type, so {tool} would see "
            "them all as text: give every label the same type"
        )
    try:
        return sorted(set(values))
    except TypeError:  # unhashable or unordered values: a list, a dict, a complex number
        raise InvalidInputError(
            f"{what} must be numbers, text or True/False, got {kinds[0] if kinds else 'nothing'}"
        ) from None


def _kind(value: Any) -> str:
    """The kind of a label as R coerces it: text, or a number (bool, int and float alike)."""
    if isinstance(value, str | bytes):
        return "text"
    if isinstance(value, Number) or hasattr(value, "dtype"):
        return "numbers"
    return type(value).__name__


def is_one_of(value: Any, choices: Sequence[Any]) -> bool:
    """Whether ``value`` is one of ``choices`` (None, text or numbers); an array never is.

    >>> is_one_of("macro", ("macro", None)), is_one_of([1, 2], ("macro", None))
    (True, False)
    """
    if not isinstance(choices, tuple | list):
        raise WrongTypeError(f"the choices must be a tuple, got {type(choices).__name__}")
    if not (value is None or isinstance(value, str | int | float)):
        return False
    return any(type(value) is type(choice) and value == choice for choice in choices)


def flag(value: Any, what: str) -> bool:
    """A True/False argument: a bool (NumPy's too), never a truthy list or an array.

    >>> flag(True, "curve")
    True
    """
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    raise WrongTypeError(f"{what} must be True or False, got {type(value).__name__}")


def number(value: Any, what: str) -> Any:
    """One real number (int, float, Fraction, Decimal or a NumPy scalar), returned as given.

    >>> number(0.95, "conf_level")
    0.95
    >>> number([0.95], "conf_level")
    Traceback (most recent call last):
    rocpr_exact.errors.WrongTypeError: conf_level must be one number, got list
    """
    numeric = isinstance(value, Number) or (
        hasattr(value, "dtype")
        and getattr(value, "shape", None) == ()
        and value.dtype.kind in "iuf"
    )
    if isinstance(value, bool) or type(value).__name__ == "bool_" or not numeric:
        raise WrongTypeError(f"{what} must be one number, got {type(value).__name__}")
    if isinstance(value, complex):
        raise WrongTypeError(f"{what} must be a real number, got complex")
    return value
