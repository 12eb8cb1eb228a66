"""The twin vector cases, one small module per tool (docs/oracle.md, "Twin vectors").

:data:`TOOLS` maps a tool name to the module holding its cases.  A case module defines:

* ``TOOL``: the tool's name (the key in :data:`TOOLS`, and the vector file's name);
* ``VERSION``: the tool release the twins follow, e.g. ``"scikit-learn 1.9.1"``;
* ``TWINS``: the :mod:`rocpr_exact.profiles` module whose functions the cases call;
* ``NOTES``: ``{flag: explanation}`` for every flag its cases use;
* ``CASES``: a tuple of :class:`~rocpr_exact.oracle.twins.case.TwinCase`.

Adding a tool is adding such a module and one line here; ``rocpr-exact vectors`` then
writes ``twins/TOOL.json`` and ``rocpr-exact check --profile TOOL`` checks against it.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from rocpr_exact.profiles.tools import tool_name

__all__ = ["TOOLS", "case_module"]

#: Tool name (:data:`rocpr_exact.profiles.tools.TOOLS`, the same names) -> module of its cases.
TOOLS: dict[str, str] = {
    "sklearn": "rocpr_exact.oracle.twins.sklearn",
    "torchmetrics": "rocpr_exact.oracle.twins.torchmetrics",
    "keras": "rocpr_exact.oracle.twins.keras",
    "coco": "rocpr_exact.oracle.twins.coco",
    "voc": "rocpr_exact.oracle.twins.voc",
    "xgboost": "rocpr_exact.oracle.twins.xgboost",
    "prroc": "rocpr_exact.oracle.twins.prroc",
    "auccalculator": "rocpr_exact.oracle.twins.auccalculator",
    "proc": "rocpr_exact.oracle.twins.proc",
    "rocr": "rocpr_exact.oracle.twins.rocr",
    "precrec": "rocpr_exact.oracle.twins.precrec",
    "spark": "rocpr_exact.oracle.twins.spark",
}


def case_module(tool: str) -> ModuleType:
    """The case module of ``tool`` (an old spelling with a warning); an unknown name is an
    error listing the known ones (:func:`rocpr_exact.profiles.tools.tool_name`).

    >>> case_module("voc").TOOL
    'voc'
    """
    return import_module(TOOLS[tool_name(tool, stacklevel=3)])
