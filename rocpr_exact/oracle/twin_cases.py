"""Where each tool's twin vector cases live (docs/oracle.md, "Twin vectors").

A tool's cases are part of its folder, ``rocpr_exact/profiles/<tool>/cases.py``, beside its
twins; :data:`TOOLS` maps a tool name to that module.  A case module defines:

* ``TOOL``: the tool's name (the key in :data:`TOOLS`, and the vector file's name);
* ``VERSION``: the tool release the twins follow, e.g. ``"scikit-learn 1.9.1"``;
* ``TWINS``: the :mod:`rocpr_exact.profiles` module whose functions the cases call;
* ``NOTES``: ``{flag: explanation}`` for every flag its cases use;
* ``CASES``: a tuple of :class:`~rocpr_exact.profiles.case.TwinCase`.

Adding a tool's cases is adding such a module (its name is in ``rocpr_exact.profiles.tools.TOOLS``);
``rocpr-exact vectors`` then writes ``twins/TOOL.json`` and ``rocpr-exact check --profile
TOOL`` checks against it.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from types import MappingProxyType, ModuleType

from rocpr_exact.profiles.tools import TOOLS as ALL_TOOLS
from rocpr_exact.profiles.tools import tool_name

__all__ = ["TOOLS", "case_module"]

#: Tool name -> module of its cases: ``profiles/<tool>/cases.py`` for every tool of
#: :data:`rocpr_exact.profiles.tools.TOOLS` (the one list of tools' names, in its order).
TOOLS: Mapping[str, str] = MappingProxyType(
    {tool: f"rocpr_exact.profiles.{tool}.cases" for tool in ALL_TOOLS}
)


def case_module(tool: str) -> ModuleType:
    """The case module of ``tool`` (an old spelling with a warning); an unknown name is an
    error listing the known ones (:func:`rocpr_exact.profiles.tools.tool_name`).

    >>> case_module("voc").TOOL
    'voc'
    """
    return import_module(TOOLS[tool_name(tool, stacklevel=3)])
