"""Twin vectors: per tool, the exact value of each twin on chosen inputs (docs/oracle.md).

``rocpr-exact vectors --write DIR`` writes ``DIR/twins/TOOL.json`` for every tool of
:data:`rocpr_exact.oracle.twin_cases.TOOLS`, deterministically (the test suite regenerates the
committed ``vectors/twins/`` and compares byte for byte); the strict JSON Schema is
``rocpr_exact/schemas/twins.schema.json``.

Layout (one file per tool)::

    {"algorithm": "ROC-PR-TWINS", "schema", "generatorVersion", "numberOfTests", "header",
     "tool", "toolVersion", "twinModule", "digits", "notes": {FLAG: text},
     "errors": {CLASS: text}, "testGroups": [{"type": FUNCTION, "tests": [CASE, ...]}]}

    CASE = {"tcId", "comment", "flags", "tool", "function", "input", "parameters",
            "result": "valid", "expected"}
         | {... "result": "invalid", "error": CLASS, "errorMessage": text}

* ``input`` and ``parameters`` are the twin's (and the tool's) keyword arguments, in the
  JSON form of :func:`rocpr_exact.profiles.case.encode`: a float is its repr as a
  string ("0.1" is the double nearest 0.1, exactly what Python passes to the tool).
* ``expected`` is ``{"exact", "decimal"}``: a rational ``"p/q"``, a closed form
  ``{"rational", "log_terms"}`` (as in the main vectors), or for a curve, a per-class
  tuple or several values of one call a (nested) list of rationals and closed forms,
  ``null`` for the tool's NaN (or NA) and ``"inf"`` / ``"-inf"`` for an infinite threshold,
  with a list of decimals of the same shape; decimals have ``digits`` places, correctly rounded.
* ``invalid``: the twin raises ``error`` (the tool raises, or returns NaN or a conventional
  value; ``errorMessage`` says which), or returns None or nan where the tool returns NA or
  NaN (``UndefinedMetricError``).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path
from types import ModuleType
from typing import Any, BinaryIO

from rocpr_exact.errors import (
    InvalidInputError,
    OneClassWarning,
    RocPrError,
    ToolRoundingWarning,
)
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.display import number
from rocpr_exact.io.files import make_directory, write_atomically
from rocpr_exact.oracle.twin_cases import TOOLS, case_module
from rocpr_exact.oracle.vectors import VECTOR_DIGITS, canonical_number, dumps
from rocpr_exact.profiles.case import TwinCase, decode

__all__ = [
    "ALGORITHM",
    "SUBDIRECTORY",
    "build_twin_vectors",
    "call_twin",
    "expected_value",
    "twin_texts",
    "write_twin_vectors",
]

ALGORITHM = "ROC-PR-TWINS"
SCHEMA_NAME = "twins.schema.json"
SUBDIRECTORY = "twins"
#: Bumped whenever the output for the same cases changes.
GENERATOR_VERSION = "0.4.0"

HEADER = [
    "Exact values of the rocpr-exact twins: what the tool computes on the input, as the tool "
    "reads it, without rounding error (docs/profiles/).",
    "Each case is a call: function(**input, **parameters); a float argument is written as its "
    "Python repr in a string, and the tool receives that double.",
    "Exact values are strings; decimals are correctly rounded to 'digits' places; null in a "
    "list is the tool's NaN. Check an implementation with: rocpr-exact check --profile TOOL "
    "RESULTS.json (docs/oracle.md).",
]

ERROR_NOTES: dict[str, str] = {
    "InvalidInputError": "The tool raises (or the twin does not model the input); an "
    "implementation should refuse it.",
    "NoNegativesError": "No negative example: the tool returns NaN or a conventional value "
    "with a warning; an implementation should report it undefined.",
    "NoPositivesError": "No positive example: the tool returns NaN or a conventional value "
    "with a warning; an implementation should report it undefined.",
    "UndefinedMetricError": "The tool returns NA or NaN (the value is undefined there); an "
    "implementation should report it undefined.",
}

#: The message of a case whose twin returns None (the tool's NA) or nan (the tool's NaN).
NA_MESSAGE = "the twin returns None: the tool returns NA (or NaN) here"
NAN_MESSAGE = "the twin returns nan with a OneClassWarning: the tool returns NaN here"


def call_twin(module: ModuleType, case: TwinCase) -> tuple[dict[str, Any], dict[str, Any], Any]:
    """The case's input and parameters in JSON form, and the twin's value on them.

    The twin is called on the decoded JSON form, so the file says exactly what was
    computed.  A case module may define ``ADAPTERS``, {function: callable}: a function named
    there is called instead of the twin's (a small wrapper that calls the twin and returns a
    value the vectors hold, e.g. the fields of a result object).  Raises what the twin raises;
    the twins' warnings about the tool (one class, the tool's own rounding) are silenced: the
    case's flags and the file's notes say them.
    """
    inputs, parameters = case.inputs, case.parameters
    adapters: dict[str, Callable[..., Any]] = getattr(module, "ADAPTERS", {})
    function = adapters.get(case.function) or getattr(module.TWINS, case.function)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", OneClassWarning)
        warnings.simplefilter("ignore", ToolRoundingWarning)
        return inputs, parameters, function(**decode(inputs), **decode(parameters))


def _is_nan(value: Any) -> bool:
    """The tool's NaN as a twin returns it: None, or ``math.nan`` (sklearn, xgboost)."""
    return value is None or (isinstance(value, float) and value != value)


def _exact_item(value: Any, digits: int) -> tuple[Any, Any]:
    if _is_nan(value):
        return None, None
    if isinstance(value, ClosedForm):  # inside a list: {"rational", "log_terms"}
        shown = canonical_number(number(value, digits, "a twin value"))
        return shown["exact"], shown["decimal"]
    if isinstance(value, list | tuple):
        pairs = [_exact_item(v, digits) for v in value]
        return [p[0] for p in pairs], [p[1] for p in pairs]
    if isinstance(value, Fraction | int) and not isinstance(value, bool):
        shown = number(Fraction(value), digits, "a twin value")
        return shown["exact"], shown["decimal"]
    import numpy as np  # as every twin does

    from rocpr_exact.profiles.sklearn.view import INF

    if value is INF:  # sklearn's threshold np.inf
        return "inf", "inf"
    if isinstance(value, float) and np.isinf(value):  # e.g. pROC's thresholds -Inf and Inf
        sign = "inf" if value > 0 else "-inf"
        return sign, sign
    raise InvalidInputError(f"a twin returned {value!r}, which the vectors cannot hold")


def expected_value(value: Any, digits: int = VECTOR_DIGITS) -> dict[str, Any]:
    """A twin's value as ``{"exact", "decimal"}`` (scalar, closed form, or nested list).

    >>> expected_value((Fraction(1, 2), None), 3)
    {'exact': ['1/2', None], 'decimal': ['0.500', None]}
    """
    if isinstance(value, ClosedForm):
        return canonical_number(number(value, digits, "a twin value"))
    exact, decimal = _exact_item(value, digits)
    return {"exact": exact, "decimal": decimal}


def _evaluate(tc_id: int, module: ModuleType, case: TwinCase, digits: int) -> dict[str, Any]:
    unknown = set(case.flags) - set(module.NOTES)
    if unknown:
        raise AssertionError(f"{module.TOOL} case {tc_id}: flags without a note {sorted(unknown)}")
    out: dict[str, Any] = {"tcId": tc_id, "comment": case.comment, "flags": list(case.flags)}
    out.update(tool=module.TOOL, function=case.function)
    try:
        inputs, parameters, value = call_twin(module, case)
    except RocPrError as exc:
        out.update(input=case.inputs, parameters=case.parameters)
        out.update(result="invalid", error=type(exc).__name__, errorMessage=str(exc))
        return out
    if _is_nan(value):  # a scalar NA or NaN: undefined, as an error would be
        out.update(input=inputs, parameters=parameters)
        said = NA_MESSAGE if value is None else NAN_MESSAGE
        out.update(result="invalid", error="UndefinedMetricError", errorMessage=said)
        return out
    out.update(input=inputs, parameters=parameters, result="valid")
    out["expected"] = expected_value(value, digits)
    return out


def build_twin_vectors(tool: str, digits: int = VECTOR_DIGITS) -> dict[str, Any]:
    """The vector file of ``tool`` as a JSON-ready dict (cases grouped by function)."""
    module = case_module(tool)
    by_function: dict[str, list[TwinCase]] = {}
    for case in module.CASES:
        by_function.setdefault(case.function, []).append(case)
    groups = []
    tc_id = 0
    for function, cases in by_function.items():
        tests = []
        for case in cases:
            tc_id += 1
            tests.append(_evaluate(tc_id, module, case, digits))
        groups.append({"type": function, "tests": tests})
    used = {flag for case in module.CASES for flag in case.flags}
    return {
        "algorithm": ALGORITHM,
        "schema": SCHEMA_NAME,
        "generatorVersion": GENERATOR_VERSION,
        "numberOfTests": tc_id,
        "header": HEADER,
        "tool": module.TOOL,
        "toolVersion": module.VERSION,
        "twinModule": module.TWINS.__name__,
        "digits": digits,
        "notes": {flag: text for flag, text in module.NOTES.items() if flag in used},
        "errors": ERROR_NOTES,
        "testGroups": groups,
    }


def twin_texts(tools: Iterable[str] = TOOLS) -> dict[str, str]:
    """The text of each tool's vector file, by tool (computed, nothing written)."""
    return {tool: dumps(build_twin_vectors(tool)) + "\n" for tool in tools}


def _writer(text: str) -> Callable[[BinaryIO], object]:
    return lambda stream: stream.write(text.encode())


def write_twin_vectors(directory: Path, texts: dict[str, str] | None = None) -> list[Path]:
    """Write ``directory/twins/TOOL.json`` for each tool, atomically; return the paths.

    ``texts`` (from :func:`twin_texts`; default: every tool's) are all computed before any
    file is written; :func:`rocpr_exact.io.files.write_atomically` replaces each file whole,
    and a failure leaves it as it was.
    """
    texts = twin_texts() if texts is None else texts
    target = directory / SUBDIRECTORY
    make_directory(target, "the vectors")
    return [
        write_atomically(target / f"{tool}.json", _writer(text)) for tool, text in texts.items()
    ]
