"""The torchmetrics package (rocpr_exact/profiles/torchmetrics/) has no import cycle.

Its modules form a chain, each importing only those before it: the view of the input, the
binary curves, the multiclass areas, the searches; the package's ``__init__`` imports them all
and defines nothing lazily (no PEP 562 ``__getattr__``).  Checked on the source with ``ast``.
"""

from __future__ import annotations

import ast
from pathlib import Path

from rocpr_exact.profiles import torchmetrics

PACKAGE = Path(torchmetrics.__file__).resolve().parent
NAME = "rocpr_exact.profiles.torchmetrics"
#: the chain, base first
ORDER = ["view", "binary", "multiclass", "fixed"]


def _imports(path: Path) -> set[str]:
    """The modules of this package that the file imports (by absolute name)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        else:
            continue
        found |= {m.removeprefix(NAME + ".") for m in modules if m.startswith(NAME + ".")}
    return found & set(ORDER)


def test_each_module_imports_only_the_ones_before_it() -> None:
    # the tool's folder: the chain, its recorded cases (``cases``, ``more_cases``) and the face
    assert sorted(p.stem for p in PACKAGE.glob("*.py")) == sorted(
        [*ORDER, "__init__", "cases", "more_cases"]
    )
    for i, module in enumerate(ORDER):
        assert _imports(PACKAGE / f"{module}.py") <= set(ORDER[:i]), module
    # the chain is real: each module after the base imports the one before it
    assert all(ORDER[i - 1] in _imports(PACKAGE / f"{ORDER[i]}.py") for i in (1, 2))


def test_the_package_lists_each_twin_once_and_loads_nothing_lazily() -> None:
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    assert not [n for n in tree.body if isinstance(n, ast.FunctionDef)]  # no __getattr__
    homes = [getattr(torchmetrics, module).__all__ for module in ORDER]
    names = [name for home in homes for name in home]
    assert len(names) == len(set(names)) == len(torchmetrics.__all__) == 15
    assert sorted(torchmetrics.__all__) == sorted(names)
    for name in names:
        home = next(m for m in ORDER if name in getattr(torchmetrics, m).__all__)
        assert getattr(torchmetrics, name) is getattr(getattr(torchmetrics, home), name)
