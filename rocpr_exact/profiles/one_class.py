"""A tool's answer to one-class input, as the twins return it: the tool's value and a warning.

Where a tool warns and returns NaN for one class (scikit-learn, xgboost), its twin returns
:data:`NAN`, the float ``nan``: the one float a twin returns, a marker that is never computed
with (tests/contract/test_no_float.py lists this module for it).  Where a tool returns a
conventional number (keras 0.0, sklearn's AP 0.0), the twin returns that number exactly.
Either way :func:`warn_one_class` says so with an :class:`~rocpr_exact.errors.OneClassWarning`
whose message starts with the tool and its version and quotes the tool's own warning.
"""

from __future__ import annotations

import warnings

from rocpr_exact.errors import OneClassWarning

__all__ = ["NAN", "tool_nan", "warn_one_class"]

#: The tools' NaN (IEEE quiet NaN), returned as a value, never used in arithmetic.
NAN = float("nan")


def warn_one_class(tool: str, message: str, stacklevel: int = 3) -> None:
    """Warn an :class:`OneClassWarning` "``tool``: ``message``" (the tool's own words)."""
    warnings.warn(f"{tool}: {message}", OneClassWarning, stacklevel=stacklevel)


def tool_nan(tool: str, message: str, stacklevel: int = 4) -> float:
    """:data:`NAN`, after :func:`warn_one_class`: a tool's NaN for a missing class.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as said:
    ...     warnings.simplefilter("always")
    ...     value = tool_nan("scikit-learn 1.9.1", "Only one class is present in y_true.")
    >>> value != value, str(said[0].message)
    (True, 'scikit-learn 1.9.1: Only one class is present in y_true.')
    """
    warn_one_class(tool, message, stacklevel)
    return NAN
