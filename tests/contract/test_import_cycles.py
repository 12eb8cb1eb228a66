"""No import cycle between the modules of rocpr_exact: a graph check on the source (``ast`` only).

The graph (:func:`import_graph`):

* **Nodes** are the package's modules, one per ``.py`` file; a package is the node of its
  ``__init__.py`` (``rocpr_exact.areas``).
* **Edges** A -> B for every import in A's source that names B, wherever it stands: at the top,
  inside a function (a lazy import), under ``if TYPE_CHECKING:``, or as ``import_module("...")``
  with a literal name (``importlib.import_module`` or a bare ``import_module``), and, in a package
  ``__init__``, each module named by a PEP 562 ``_LAZY`` table.  An import is resolved
  (:func:`targets`) as follows:

  1. ``import a.b.c`` (or ``import_module("a.b.c")``): the module ``a.b.c``;
  2. ``from P import n``: the module ``P.n`` when there is one; else, when ``P`` is a package
     whose ``__init__`` re-exports ``n`` (``from M import n`` there, or ``_LAZY["n"] == "M"``),
     the module that defines ``n``, following re-exports (:func:`defining_module`); else ``P``;
  3. relative imports are made absolute first; imports outside ``rocpr_exact`` are not edges.

  Running a package's ``__init__`` before one of its modules (``import a.b.c`` runs ``a`` and
  ``a.b`` first) is not an edge.  So a package whose ``__init__`` imports its own modules is a
  cycle only when one of those modules imports a name the ``__init__`` itself defines, or the
  package itself (``import rocpr_exact``): the face then depends on the rooms and back.
  ``import_module`` of a name computed at run time (a registry's table) is not seen.

* **A cycle** is a strongly connected component of more than one module (or a module importing
  itself).  :data:`ALLOWED` lists the cycles still to be removed, each as the set of its modules;
  the test fails on a cycle not listed and on a listed one that is gone, so the list can only
  shrink, to empty.  (grimp's graph of the same package, ``grimp.build_graph``, has the same
  cycles.)  ``python tests/contract/test_import_cycles.py`` prints the cycles found.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "rocpr_exact"

#: The cycles still to be removed (issue 43): each must shrink to nothing, then leave this list.
ALLOWED: frozenset[frozenset[str]] = frozenset(
    frozenset(f"rocpr_exact.{name}" for name in cycle)
    for cycle in (
        (
            "profiles.torchmetrics",
            "profiles.torchmetrics_fixed",
            "profiles.torchmetrics_multiclass",
        ),
    )
)


def module_name(path: Path, root: Path = ROOT) -> str:
    """``rocpr_exact/core/curve.py`` -> ``rocpr_exact.core.curve`` (a package is its __init__)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


class Package:
    """The sources of a package's modules, by name, with what each ``__init__`` re-exports."""

    def __init__(self, sources: dict[str, str], packages: frozenset[str]) -> None:
        self.sources = sources
        self.packages = packages  # the names whose node is an __init__
        self.trees = {name: ast.parse(source) for name, source in sources.items()}
        self._reexports: dict[str, dict[str, str]] = {}

    @classmethod
    def from_directory(cls, directory: Path = PACKAGE) -> Package:
        root = directory.parent
        paths = sorted(directory.rglob("*.py"))
        sources = {module_name(p, root): p.read_text(encoding="utf-8") for p in paths}
        packages = frozenset(module_name(p, root) for p in paths if p.name == "__init__.py")
        return cls(sources, packages)

    def absolute(self, module: str, node: ast.ImportFrom) -> str:
        """The absolute module of ``from ... import`` in ``module``."""
        if not node.level:
            return node.module or ""
        anchor = module.split(".")
        if module not in self.packages:
            anchor.pop()  # a module's relative imports start at its package
        anchor = anchor[: len(anchor) - (node.level - 1)]
        return ".".join([*anchor, node.module] if node.module else anchor)

    def reexports(self, package: str) -> dict[str, str]:
        """The names a package ``__init__`` takes from other modules -> those modules."""
        if package in self._reexports:
            return self._reexports[package]
        found = self._reexports[package] = {}
        for node in ast.walk(self.trees[package]):
            if isinstance(node, ast.ImportFrom):
                origin = self.absolute(package, node)
                for alias in node.names:
                    found[alias.asname or alias.name] = f"{origin}.{alias.name}"
        for name, module in lazy_table(self.trees[package]).items():
            found.setdefault(name, f"{module}.{name}")
        return found

    def defining_module(self, package: str, name: str, seen: frozenset[str] = frozenset()) -> str:
        """The module that defines ``name`` of ``package`` (its ``__init__`` when none other)."""
        origin = self.reexports(package).get(name)
        if origin is None or package in seen:
            return package
        home, attribute = origin.rsplit(".", 1)
        return self.resolve(home, attribute, seen | {package})

    def resolve(self, module: str, name: str, seen: frozenset[str] = frozenset()) -> str:
        """Rule 2 of the module docstring: the node ``from module import name`` depends on."""
        if f"{module}.{name}" in self.sources:
            return f"{module}.{name}"
        if module in self.packages:
            return self.defining_module(module, name, seen)
        return module

    def targets(self, module: str) -> Iterator[str]:
        """Every module of the package that ``module`` imports (the edges' heads)."""
        tree = self.trees[module]
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                yield from (alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                origin = self.absolute(module, node)
                yield from (self.resolve(origin, alias.name) for alias in node.names)
            elif isinstance(node, ast.Call) and literal_import(node) is not None:
                yield literal_import(node)  # type: ignore[misc]
        if module in self.packages:
            yield from lazy_table(tree).values()

    def graph(self) -> dict[str, set[str]]:
        """Module -> the modules of the package it imports."""
        return {
            name: {target for target in self.targets(name) if target in self.sources}
            for name in self.sources
        }


def literal_import(node: ast.Call) -> str | None:
    """The module of ``import_module("m")`` or ``importlib.import_module("m")``, else None."""
    function = node.func
    called = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
    if called != "import_module" or not node.args:
        return None
    first = node.args[0]
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None


def lazy_table(tree: ast.Module) -> dict[str, str]:
    """A module-level ``_LAZY = {"name": "module", ...}`` table (PEP 562), else empty."""
    for node in tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if isinstance(target, ast.Name) and target.id == "_LAZY" and isinstance(value, ast.Dict):
            return {
                k.value: v.value
                for k, v in zip(value.keys, value.values, strict=True)
                if isinstance(k, ast.Constant) and isinstance(v, ast.Constant)
            }
    return {}


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one node, or with a self-loop (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(start: str) -> None:  # iterative, so deep graphs do not hit the recursion limit
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph[node]:
                    found.append(frozenset(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def describe(cycle: frozenset[str], graph: dict[str, set[str]]) -> str:
    """One cycle as its modules and the edges between them."""
    edges = [f"{a} -> {b}" for a in sorted(cycle) for b in sorted(graph[a] & cycle)]
    return "{" + ", ".join(sorted(cycle)) + "}: " + "; ".join(edges)


@cache
def package_graph() -> dict[str, set[str]]:
    return Package.from_directory().graph()


# -- self-tests: each rule fed a small package ---------------------------------------------------


def toy(sources: dict[str, str]) -> dict[str, set[str]]:
    packages = frozenset(name for name in sources if name.endswith("pkg") or name == "p")
    return Package(sources, packages).graph()


def test_a_lazy_import_inside_a_function_is_an_edge() -> None:
    graph = toy({"p": "", "p.a": "import p.b\n", "p.b": "def f():\n    from p.a import x\n"})
    assert cycles(graph) == [frozenset({"p.a", "p.b"})]


def test_literal_import_module_and_type_checking_imports_are_edges() -> None:
    graph = toy(
        {
            "p": "",
            "p.a": "from importlib import import_module\nimport_module('p.b')\n",
            "p.b": "if TYPE_CHECKING:\n    from p import a\n",
        }
    )
    assert graph["p.a"] == {"p.b"} and graph["p.b"] == {"p.a"}
    assert len(cycles(graph)) == 1


def test_a_package_face_reexporting_its_modules_is_no_cycle() -> None:
    # p re-exports f from p.a (directly) and g from p.b (lazily); p.b takes f from the face
    sources = {
        "p": "from p.a import f\n_LAZY = {'g': 'p.b'}\n",
        "p.a": "def f(): ...\n",
        "p.b": "from p import f\n",
    }
    graph = toy(sources)
    assert graph == {"p": {"p.a", "p.b"}, "p.a": set(), "p.b": {"p.a"}}
    assert cycles(graph) == []


def test_a_name_the_face_defines_itself_closes_the_cycle() -> None:
    graph = toy({"p": "from p.a import f\nX = 1\n", "p.a": "from p import X\n"})
    assert cycles(graph) == [frozenset({"p", "p.a"})]


def test_relative_imports_are_resolved() -> None:
    graph = toy({"p": "", "p.sub.pkg": "from . import a\n", "p.sub.pkg.a": "from .. import b\n"})
    assert graph["p.sub.pkg"] == {"p.sub.pkg.a"}
    graph = toy({"p": "", "p.a": "from .b import x\n", "p.b": "from . import a\n"})
    assert cycles(graph) == [frozenset({"p.a", "p.b"})]


# -- the contract --------------------------------------------------------------------------------


def test_no_import_cycle_but_the_listed_ones() -> None:
    graph = package_graph()
    found = set(cycles(graph))
    new = [describe(cycle, graph) for cycle in found - ALLOWED]
    assert not new, "import cycles between modules:\n" + "\n".join(new)
    gone = [", ".join(sorted(cycle)) for cycle in ALLOWED - found]
    assert not gone, "cycles gone (remove them from ALLOWED):\n" + "\n".join(gone)


def test_the_graph_sees_the_package() -> None:
    graph = package_graph()
    assert len(graph) > 100  # every module is a node
    assert "rocpr_exact.areas.dg" in graph["rocpr_exact.engines.shares"]
    assert "rocpr_exact.errors" in graph["rocpr_exact.areas.auc"]


if __name__ == "__main__":
    GRAPH = package_graph()
    for CYCLE in sorted(cycles(GRAPH), key=sorted):
        print(describe(CYCLE, GRAPH))
