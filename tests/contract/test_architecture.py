"""The architecture contract of docs/architecture.md, checked on every module of the package.

* No module over 400 lines and no class over 200 lines (a reader can hold one in mind).
* No module imports another module's private (``_name``) name: what a room shares is public.
* Each room imports only from the rooms below it.  ``lint-imports`` (import-linter, run by
  ``.ci/run``) enforces the same layers from ``pyproject.toml``; this test is an independent second
  check of the same order, written with ``ast`` only, so that the rule also holds where the linter
  is not run.

Each check is a function of source text with a self-test that feeds it a violation.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "rocpr_exact"
MODULES = sorted(PACKAGE.rglob("*.py"))

MAX_MODULE_LINES = 400
MAX_CLASS_LINES = 200


def module_name(path: Path) -> str:
    """``rocpr_exact/core/curve.py`` -> ``rocpr_exact.core.curve`` (a package is its __init__)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def long_classes(source: str) -> list[str]:
    """Classes longer than MAX_CLASS_LINES lines, as ``name (n lines)``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            if length > MAX_CLASS_LINES:
                found.append(f"{node.name} ({length} lines)")
    return found


def imported_modules(source: str, name: str) -> list[tuple[str, list[str]]]:
    """Every (module, imported names) of a module's source; relative imports resolved."""
    package = name if name.count(".") == 0 else name.rsplit(".", 1)[0]
    found: list[tuple[str, list[str]]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            found.append((base, [alias.name for alias in node.names]))
    return found


def private_imports(source: str, name: str) -> list[str]:
    """``from rocpr_exact.x import _y`` of another module's private name (own package allowed)."""
    found = []
    for module, names in imported_modules(source, name):
        if not module.startswith("rocpr_exact") or module == name:
            continue
        found += [f"{module}.{n}" for n in names if n.startswith("_") and not n.startswith("__")]
    return found


def layers() -> list[list[str]]:
    """The layers of pyproject's import-linter contract, top first; each a list of rooms."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = config["tool"]["importlinter"]["contracts"][0]
    return [[room.strip().strip("()") for room in layer.split("|")] for layer in contract["layers"]]


def room_of(module: str, order: list[list[str]]) -> tuple[int, str] | None:
    """(layer index, room) of a module, or None for modules outside every room (the package)."""
    for index, layer in enumerate(order):
        for room in layer:
            if module == room or module.startswith(room + "."):
                return index, room
    return None


def layer_violations(source: str, name: str, order: list[list[str]]) -> list[str]:
    """Imports of a room at the same layer (a sibling) or above."""
    mine = room_of(name, order)
    if mine is None:
        return []
    found = []
    for module, names in imported_modules(source, name):
        # ``from rocpr_exact import limits`` imports the module rocpr_exact.limits
        targets = [f"{module}.{n}" for n in names] if module == "rocpr_exact" else [module]
        for target in targets:
            theirs = room_of(target, order)
            if theirs is None or theirs[1] == mine[1]:
                continue
            if theirs[0] <= mine[0]:
                found.append(f"{name} imports {target} ({theirs[1]} is not below {mine[1]})")
    return found


# -- the contract ----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_module_is_short_enough(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_MODULE_LINES, f"{module_name(path)} has {lines} lines"


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_classes_are_short_enough(path: Path) -> None:
    assert long_classes(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_no_private_name_of_another_module(path: Path) -> None:
    assert private_imports(path.read_text(encoding="utf-8"), module_name(path)) == []


@pytest.mark.parametrize("path", MODULES, ids=module_name)
def test_rooms_import_only_from_below(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert layer_violations(source, module_name(path), layers()) == []


def test_every_room_is_in_the_contract() -> None:
    rooms = {room for layer in layers() for room in layer}
    packages = {module_name(p.parent) for p in PACKAGE.glob("*/__init__.py")}
    top_modules = {module_name(p) for p in PACKAGE.glob("*.py")} - {
        "rocpr_exact",
        "rocpr_exact.__main__",
    }
    assert packages | top_modules <= rooms


# -- self-tests: each check catches what it is for ------------------------------------------------


def test_self_long_class_is_caught() -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_CLASS_LINES))
    assert long_classes(f"class Big:\n{body}\n") == [f"Big ({MAX_CLASS_LINES + 1} lines)"]
    assert long_classes("class Small:\n    x = 1\n") == []


def test_self_private_import_is_caught() -> None:
    source = "from rocpr_exact.geometry.hull import _hull_vertex_indices, roc_convex_hull\n"
    assert private_imports(source, "rocpr_exact.geometry.tuning") == [
        "rocpr_exact.geometry.hull._hull_vertex_indices"
    ]
    assert private_imports("from .hull import _x\n", "rocpr_exact.geometry.tuning") == [
        "rocpr_exact.geometry.hull._x"
    ]
    assert private_imports("from os import _exit\n", "rocpr_exact.geometry.tuning") == []


def test_self_upward_and_sibling_imports_are_caught() -> None:
    order = layers()
    up = "from rocpr_exact.output.report import build_report\n"
    assert layer_violations(up, "rocpr_exact.core.curve", order) != []
    sibling = "from rocpr_exact.areas.auc import auc_pr\n"
    assert layer_violations(sibling, "rocpr_exact.geometry.hull", order) != []
    down = "from rocpr_exact.core.curve import Curve\nfrom rocpr_exact import limits\n"
    assert layer_violations(down, "rocpr_exact.areas.auc", order) == []
    assert layer_violations("from rocpr_exact import cli\n", "rocpr_exact.core.curve", order)
