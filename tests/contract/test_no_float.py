"""Exactness rule (docs/design.md, section 3): no floating point in the core's arithmetic.

Scans the AST of every core module and fails on float literals, ``float(...)``
calls and any use of the ``math`` module except its exact integer functions imported by
name (``from math import isqrt``: :data:`INTEGER_MATH`); on numpy's floating-point math
(``np.log``, ``np.sqrt``, ``np.mean``, ...: :data:`NUMPY_FLOAT_MATH`) and on importing
mpmath (whose functions state no error bound the exact paths could rely on: Arb, through
python-flint, is the one source of certified enclosures); and on numpy's float dtypes
(``np.float64``, ...) outside the modules of :data:`FLOAT_BOUNDARY`, where a value is
converted as another tool converts it (or a dtype is tested) and then read exactly.  Display-only
modules are listed in ``DISPLAY_MODULES``; inside core modules a method named ``__float__``
(explicit conversion for convenience) may call ``float``.  A true division of two numpy arrays
is not seen by this scan (the operands' types are not known before run time).
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
    "testing/close.py",
    "testing/conform.py",
    "testing/explain.py",
    "testing/strategies.py",
    "testing/vectors.py",
    "cli/explain.py",  # --value: another tool's printed float
    "cli/fuzz.py",  # a program's printed number; the time budgets in seconds
    "oracle/conformance.py",
    "profiles/one_class.py",  # the tools' NaN, returned as a value (sklearn, xgboost twins)
}

#: Functions of ``math`` that take and return Python ints exactly (no float inside).
INTEGER_MATH = {"isqrt", "gcd", "lcm", "comb", "perm", "factorial"}

#: numpy functions that compute in floating point (never in a core module).
NUMPY_FLOAT_MATH = {
    "log", "log2", "log10", "log1p", "exp", "exp2", "expm1", "sqrt", "cbrt", "power",
    "float_power", "reciprocal", "divide", "true_divide", "mean", "average", "nanmean", "std",
    "var", "median", "percentile", "quantile", "interp", "trapz", "trapezoid", "linspace",
    "logspace", "sin", "cos", "tan", "arctan", "tanh", "hypot", "logaddexp", "sum_of_squares",
}  # fmt: skip

#: numpy's float dtypes: allowed only where a value crosses a tool's float boundary.
NUMPY_FLOAT_TYPES = {
    "float16", "float32", "float64", "float128", "float_", "double", "half", "single",
    "longdouble", "longfloat",
}  # fmt: skip

#: Core modules that name a numpy float dtype, and why: each converts a value as a tool (or
#: the caller's array) holds it and reads the result exactly, or tests an array's dtype.
FLOAT_BOUNDARY = {
    "core/arraycounts.py": "builds a float64 array of Python floats (the caller's doubles) "
    "and reads its bits exactly",
    "core/ordering.py": "widens float16/32 scores to float64 (exact) and sorts their bits",
    "profiles/case.py": "decodes a vector file's double written as text",
    "profiles/ieee.py": "numpy's own astype(float64), which sklearn's input conversion runs",
    "profiles/sklearn/view.py": "sklearn's check_array: an object array becomes float64",
    "profiles/torchmetrics/binary.py": "torchmetrics reads max_fpr as a float32",
    "profiles/torchmetrics/fixed.py": "tests whether torch's thresholds are float64",
}

CORE_MODULES = sorted(
    p for p in PACKAGE.rglob("*.py") if p.relative_to(PACKAGE).as_posix() not in DISPLAY_MODULES
)


def float_uses(source: str, boundary: bool = False) -> list[str]:
    """Every float literal, float() call and math use outside __float__ methods, numpy float
    math, mpmath import and (unless ``boundary``) numpy float dtype."""
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
            if any(n == "mpmath" or n.startswith("mpmath.") for n in names):
                found.append(f"line {node.lineno}: imports mpmath")
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("np", "numpy")
            and (node.attr in NUMPY_FLOAT_MATH or (node.attr in NUMPY_FLOAT_TYPES and not boundary))
        ):
            found.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
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
    boundary = path.relative_to(PACKAGE).as_posix() in FLOAT_BOUNDARY
    assert float_uses(path.read_text(encoding="utf-8"), boundary) == []


def test_every_boundary_module_needs_its_entry() -> None:
    """An entry of FLOAT_BOUNDARY whose module no longer names a float dtype is stale."""
    for name in FLOAT_BOUNDARY:
        source = (PACKAGE / name).read_text(encoding="utf-8")
        assert float_uses(source, boundary=False) != [], name


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
    numpy_bad = """
import numpy as np
import mpmath
from mpmath import mp
a = np.log(x)
b = numpy.mean(y)
c = np.asarray(z, dtype=np.float64)
d = np.int64(3) + np.cumsum(w)
"""
    found = float_uses(numpy_bad)
    assert [f.split(": ")[1] for f in found] == [
        "imports mpmath",
        "imports mpmath",
        "np.log",
        "numpy.mean",
        "np.float64",
    ], found
    assert len(float_uses(numpy_bad, boundary=True)) == 4  # the dtype is allowed there
