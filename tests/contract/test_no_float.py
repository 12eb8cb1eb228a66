"""Exactness rule (docs/design.md, section 3): no floating point in the core's arithmetic.

Scans the AST of every core module and fails on float literals, ``float(...)``
calls and any use of the ``math`` module except its exact integer functions imported by
name (``from math import isqrt``: :data:`INTEGER_MATH`).  Display-only modules are listed in
``DISPLAY_MODULES``; inside core modules a method named ``__float__`` (explicit
conversion for convenience) may call ``float``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "rocpr_exact"

#: Modules whose purpose is to format or plot approximations, or to compare other
#: tools' float output with exact values.  Nothing else may touch floats.
DISPLAY_MODULES = {
    "output/plot.py",
    "output/panels.py",
    "output/drawing.py",
    "testing.py",
    "oracle/conformance.py",
    "profiles/one_class.py",  # the tools' NaN, returned as a value (sklearn, xgboost twins)
}

#: Functions of ``math`` that take and return Python ints exactly (no float inside).
INTEGER_MATH = {"isqrt", "gcd", "lcm", "comb", "perm", "factorial"}

CORE_MODULES = sorted(
    p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).as_posix() not in DISPLAY_MODULES
)


def float_uses(source: str) -> list[str]:
    """Every float literal, float() call and math use outside __float__ methods."""
    found: list[str] = []

    def visit(node: ast.AST, allowed: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            allowed = node.name == "__float__"
        if isinstance(node, ast.Constant) and isinstance(node.value, float | complex):
            found.append(f"line {node.lineno}: float literal {node.value!r}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "float"
            and not allowed
        ):
            found.append(f"line {node.lineno}: float(...) call")
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module == "math"
            and all(a.name in INTEGER_MATH for a in node.names)
        ):
            pass
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
            if any(n == "math" or n.startswith("math.") for n in names):
                found.append(f"line {node.lineno}: imports math")
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "math"
        ):
            found.append(f"line {node.lineno}: math.{node.attr}")
        for child in ast.iter_child_nodes(node):
            visit(child, allowed)

    visit(ast.parse(source), False)
    return found


def test_the_scan_sees_core_modules() -> None:
    names = {p.relative_to(PACKAGE).as_posix() for p in CORE_MODULES}
    assert {"areas/auc.py", "core/curve.py", "core/confusion.py", "core/segment.py"} <= names


@pytest.mark.parametrize("path", CORE_MODULES, ids=lambda p: p.name)
def test_core_module_has_no_float_arithmetic(path: Path) -> None:
    assert float_uses(path.read_text(encoding="utf-8")) == []


def test_the_scan_catches_each_kind_of_float_use() -> None:
    bad = """
import math
from math import log
x = 0.5
y = float(3)
z = math.sqrt(2)
class V:
    def __float__(self):
        return float(1)
"""
    found = float_uses(bad)
    assert len(found) == 5, found
    assert float_uses("from math import isqrt, gcd") == []
    assert len(float_uses("from math import isqrt, sqrt")) == 1
    assert not any("line 9" in f for f in found)  # float() inside __float__ is allowed
