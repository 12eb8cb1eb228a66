"""The tools with twins, one spelling each, and the old spellings that still work.

A module that imports almost nothing, so that the command line can read ``--profile TOOL``
without importing the twins themselves.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from types import MappingProxyType

from rocpr_exact.errors import InvalidInputError, WrongTypeError

__all__ = ["TABLE_TOOLS", "TOOLS", "TOOL_ALIASES", "WITHOUT_TABLE", "tool_name"]

#: Every tool with twins, one spelling each: its folder ``profiles/<tool>/`` (its twins, its
#: metric table and its recorded cases, ``cases.py``), its twin vectors
#: ``vectors/twins/<tool>.json``, the name that ``report --profile`` and ``check --profile`` take.
TOOLS: tuple[str, ...] = (
    "sklearn",
    "torchmetrics",
    "keras",
    "coco",
    "voc",
    "xgboost",
    "prroc",
    "auccalculator",
    "proc",
    "rocr",
    "precrec",
    "spark",
)

#: The tools whose detection average precision is not a function of a binary curve: they have
#: twins but no metric table (``profiles.registry.NO_TABLE`` says why).
WITHOUT_TABLE: tuple[str, ...] = ("coco", "voc")
#: The tools with a metric table (``CURVE_METRICS`` in ``profiles/<tool>/``), in TOOLS' order:
#: what ``report --profile`` takes (its help is made from this list, without importing a twin).
TABLE_TOOLS: tuple[str, ...] = tuple(tool for tool in TOOLS if tool not in WITHOUT_TABLE)

#: Old spelling -> the tool's name; accepted with a :class:`DeprecationWarning`.
TOOL_ALIASES: Mapping[str, str] = MappingProxyType({"aucalculator": "auccalculator"})


def tool_name(name: str, stacklevel: int = 2) -> str:
    """The tool's name in its one spelling; an old spelling says the new one (a warning).

    >>> tool_name("prroc")
    'prroc'
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     new = tool_name("aucalculator")
    >>> new, str(caught[0].message)
    ('auccalculator', "the tool name 'aucalculator' is now spelled 'auccalculator'")

    Raises :class:`InvalidInputError` for an unknown tool, naming the known ones.
    """
    if not isinstance(name, str):
        raise WrongTypeError(f"the profile name must be text, got {type(name).__name__}")
    if name in TOOL_ALIASES:
        new = TOOL_ALIASES[name]
        warnings.warn(
            f"the tool name {name!r} is now spelled {new!r}",
            DeprecationWarning,
            stacklevel=stacklevel + 1,
        )
        return new
    if name not in TOOLS:
        raise InvalidInputError(f"unknown tool {name!r}; choose one of {', '.join(TOOLS)}")
    return name
