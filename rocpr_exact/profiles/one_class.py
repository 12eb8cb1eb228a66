"""A tool's answer to one-class input, as the twins return it: the tool's value and a warning.

Where a tool warns and returns NaN for one class (scikit-learn, xgboost), its twin returns
:data:`NAN`, the float ``nan``: the one float a twin returns, a marker that is never computed
with (tests/contract/test_no_float.py lists this module for it).  Where a tool returns a
conventional number (keras 0.0, sklearn's AP 0.0), the twin returns that number exactly.
Either way :func:`warn_one_class` says so with an :class:`~rocpr_exact.errors.OneClassWarning`
whose message starts with the tool and its version and quotes the tool's own warning.  Where
the tool warns with a class of its own (numpy's ``RuntimeWarning``, scikit-learn's
``UndefinedMetricWarning``), the twin's warning is of that class too (:func:`tool_warning`), so
a filter or a ``pytest.warns`` written for the tool catches the twin's.
"""

from __future__ import annotations

import builtins
import contextlib
import importlib
import warnings

from rocpr_exact.errors import OneClassWarning

__all__ = ["NAN", "tool_nan", "tool_warning", "warn_one_class"]

#: The tools' NaN (IEEE quiet NaN), returned as a value, never used in arithmetic.
NAN = float("nan")

#: The classes :func:`tool_warning` made, by the tool's class: one each, made once.
_MADE: dict[type[Warning], type[OneClassWarning]] = {}


def tool_warning(category: type[Warning]) -> type[OneClassWarning]:
    """The OneClassWarning that is also ``category``, the tool's class (one class per category).

    Named as the tool's class, so a printed warning reads as the tool's does.

    >>> numpys = tool_warning(RuntimeWarning)
    >>> numpys.__name__, issubclass(numpys, OneClassWarning), issubclass(numpys, RuntimeWarning)
    ('RuntimeWarning', True, True)
    >>> tool_warning(UserWarning) is OneClassWarning   # already a UserWarning
    True
    """
    if issubclass(OneClassWarning, category):
        return OneClassWarning
    if issubclass(category, OneClassWarning):  # made here already (or the project's own)
        return category
    if category not in _MADE:
        doc = f"A twin's OneClassWarning where its tool warns a {category.__qualname__}."
        attributes = {"__module__": __name__, "__doc__": doc}
        made = type(category.__name__, (OneClassWarning, category), attributes)
        # reachable as this module's attribute of its name, as pickle and pytest-xdist look a
        # warning's class up (module, name); the builtin of that name is not used here
        globals()[made.__name__] = _MADE[category] = made
    return _MADE[category]


def __getattr__(name: str) -> type[OneClassWarning]:
    """A class :func:`tool_warning` makes, by its name, also in a process that has not made
    it yet: pickle and pytest-xdist look a warning's class up as (module, name).  The tools'
    classes are a built-in warning or scikit-learn's (imported here only for that look-up)."""
    category = getattr(builtins, name, None)
    if category is None and name.endswith("Warning") and not name.startswith("_"):
        with contextlib.suppress(ImportError):
            category = getattr(importlib.import_module("sklearn.exceptions"), name, None)
    if isinstance(category, type) and issubclass(category, Warning):
        return tool_warning(category)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def warn_one_class(
    tool: str, message: str, stacklevel: int = 3, category: type[Warning] = UserWarning
) -> None:
    """Warn "``tool``: ``message``" (the tool's own words) as an :class:`OneClassWarning` that
    is also ``category``, the class the tool warns with (:func:`tool_warning`)."""
    warnings.warn(f"{tool}: {message}", tool_warning(category), stacklevel=stacklevel)


def tool_nan(
    tool: str, message: str, stacklevel: int = 4, category: type[Warning] = UserWarning
) -> float:
    """:data:`NAN`, after :func:`warn_one_class`: a tool's NaN for a missing class.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as said:
    ...     warnings.simplefilter("always")
    ...     value = tool_nan("scikit-learn 1.9.1", "Only one class is present in y_true.")
    >>> value != value, str(said[0].message)
    (True, 'scikit-learn 1.9.1: Only one class is present in y_true.')
    """
    warn_one_class(tool, message, stacklevel, category)
    return NAN
