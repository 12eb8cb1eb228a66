"""Reading what ``rocpr-exact check`` compares: the vector file and another tool's results.

Both are JSON, read within bounds by :func:`rocpr_exact.io.jsonfile.read_json`; every value
is read exactly (:func:`parse_given`: numbers, exact strings such as ``"3/4"``,
``null``/NaN/``{"error": ...}`` for undefined), and a file that cannot be read is an
:class:`~rocpr_exact.errors.InvalidInputError` naming the file and the problem.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.numbers import parse_number
from rocpr_exact.io.jsonfile import read_json

__all__ = [
    "UNDEFINED",
    "Given",
    "load_results",
    "load_twin_results",
    "load_twin_vectors",
    "load_vectors",
    "parse_given",
]

#: A value the implementation reported as undefined (null, NaN or {"error": ...}).
UNDEFINED = "undefined"
Given = Fraction | str  # a number, or UNDEFINED, or "inf"/"-inf"


def parse_given(value: Any, where: str) -> Given:
    """A given value as an exact Fraction, ``UNDEFINED``, or ``"inf"``/``"-inf"``.

    >>> parse_given(Decimal("0.1"), "x"), parse_given("7/22", "x"), parse_given(None, "x")
    (Fraction(1, 10), Fraction(7, 22), 'undefined')
    """
    if value is None or (isinstance(value, dict) and set(value) == {"error"}):
        return UNDEFINED
    if isinstance(value, bool):
        raise InvalidInputError(f"{where}: a metric value cannot be a boolean ({value})")
    if isinstance(value, float):  # NaN/Infinity constants, or a float from Python code
        if value != value:
            return UNDEFINED
        try:
            return Fraction(value)  # a finite float is its exact binary value
        except OverflowError:
            return "inf" if value > 0 else "-inf"
    if isinstance(value, int | Fraction):
        return Fraction(value)
    if isinstance(value, Decimal):  # JSON numbers, exactly, and NaN/Infinity constants
        if value.is_nan():
            return UNDEFINED
        if value.is_infinite():
            return "inf" if value > 0 else "-inf"
        return Fraction(value)
    if isinstance(value, str):
        try:
            return Fraction(parse_number(value, "metric value", where=where))
        except InvalidInputError:
            pass
    raise InvalidInputError(
        f"{where}: {value!r} is not a metric value; give a number, an exact string such as "
        '"3/4", or null / NaN / {"error": ...} for undefined'
    )


def load_vectors(path: Path) -> dict[str, Any]:
    """Read a vector file and check the parts the checker relies on."""
    data = read_json(path, "vector file")
    try:
        if data["algorithm"] != "ROC-PR-AUC":
            raise InvalidInputError(f"{path}: algorithm {data['algorithm']!r} is not ROC-PR-AUC")
        for case in (case for group in data["testGroups"] for case in group["tests"]):
            int(case["tcId"]), dict(case["expected"]), list(case.get("undefinedMetrics", []))
            list(case["flags"])
    except (KeyError, TypeError, ValueError):
        raise InvalidInputError(
            f"{path} is not a rocpr-exact vector file (see rocpr_exact/schemas/vectors.schema.json)"
        ) from None
    result: dict[str, Any] = data
    return result


def load_results(path: Path) -> dict[str, dict[str, Any]]:
    """Read RESULTS.json: {"results": {tcId: {metric: value} | {"error": ...}}}."""
    data = read_json(path, "results file")
    if not isinstance(data, dict) or not isinstance(data.get("results"), dict):
        raise InvalidInputError(f'{path}: expected an object {{"results": {{tcId: {{...}}}}}}')
    unknown = set(data) - {"results", "implementation", "version", "comment"}
    if unknown:
        raise InvalidInputError(f"{path}: unknown top-level keys {sorted(unknown)}")
    results: dict[str, dict[str, Any]] = {}
    for tc_id, entry in data["results"].items():
        if not isinstance(entry, dict):
            raise InvalidInputError(f"{path}: results[{tc_id!r}] must be an object")
        results[str(tc_id)] = entry
    return results


def load_twin_results(path: Path) -> dict[str, Any]:
    """Read a RESULTS.json for ``check --profile``: {"results": {tcId: value}}.

    A value is a number or exact string, a (nested) list of them for a curve or tuple, or
    null / NaN / {"error": ...} for "undefined / refused" (:func:`parse_given`).
    """
    data = read_json(path, "results file")
    if not isinstance(data, dict) or not isinstance(data.get("results"), dict):
        raise InvalidInputError(f'{path}: expected an object {{"results": {{tcId: value}}}}')
    unknown = set(data) - {"results", "implementation", "version", "comment"}
    if unknown:
        raise InvalidInputError(f"{path}: unknown top-level keys {sorted(unknown)}")
    return {str(tc_id): value for tc_id, value in data["results"].items()}


def load_twin_vectors(path: Path) -> dict[str, Any]:
    """Read a twin vector file (``vectors/twins/TOOL.json``) and check what the checker uses."""
    data = read_json(path, "twin vector file")
    algorithm = data.get("algorithm") if isinstance(data, dict) else None
    if algorithm != "ROC-PR-TWINS":
        raise InvalidInputError(
            f"{path}: algorithm {algorithm!r} is not ROC-PR-TWINS (a twin vector file is "
            "vectors/twins/TOOL.json)"
        )
    try:
        str(data["tool"])
        for case in (case for group in data["testGroups"] for case in group["tests"]):
            int(case["tcId"]), str(case["function"]), list(case["flags"])
            if case["result"] == "valid":
                dict(case["expected"])
            else:
                str(case["error"])
    except (KeyError, TypeError, ValueError):
        raise InvalidInputError(
            f"{path} is not a rocpr-exact twin vector file (see "
            "rocpr_exact/schemas/twins.schema.json)"
        ) from None
    result: dict[str, Any] = data
    return result
