"""Check another implementation against a tool's twin vectors (``rocpr-exact check --profile``).

Usage::

    rocpr-exact check --profile TOOL [VECTORS] RESULTS.json [--rtol 1e-9] [--atol 0]
        [--metric FUNCTION ...] [--skip-flag FLAG ...] [--quiet]

VECTORS is a twin vector file (``vectors/twins/TOOL.json``); without it the vectors are
built in memory from the tool's case module (the same bytes as the committed file: a test
checks it).  RESULTS.json holds one value per case::

    {"implementation": "mylib 1.2",
     "results": {"1": 0.75, "36": [[0.0, 0.5, 1.0], [0.0, 1.0, 1.0], ["inf", 0.8, 0.1]],
                 "11": null, "13": {"error": "ValueError: ..."}}}

A value is a JSON number (read exactly, digit for digit) or an exact string ("3/4"); for
a curve or a per-class tuple a (nested) list of them in the shape of ``expected.exact``
(``null`` or ``NaN`` where the tool gives NaN, ``"inf"`` or ``Infinity`` for an infinite
threshold); ``null``, ``NaN`` or ``{"error": ...}`` for a case the tool refuses or leaves
undefined.  Verdicts, per case: ``PASS`` when every number is within ``atol + rtol |exact|``
(decided exactly, closed forms by certified enclosures) and every NaN, infinity and length
matches, or the case is ``invalid`` and the value is undefined (for a call with several
values: all of them); ``FAIL`` otherwise;
``MISSING`` without a value.  Exit status as ``check``: 0 all PASS, 1 otherwise, 2 for bad
input (unknown tool, tcId or file).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.oracle.conformance import (
    CheckReport,
    Verdict,
    error_text,
    exact_value,
    within,
)
from rocpr_exact.oracle.names import select_cases
from rocpr_exact.oracle.results import (
    UNDEFINED,
    Given,
    load_twin_results,
    load_twin_vectors,
    parse_given,
)
from rocpr_exact.oracle.twin_vectors import build_twin_vectors
from rocpr_exact.profiles.tools import tool_name

__all__ = ["check_twin_files", "check_twins"]

_RTOL, _ATOL = Fraction(1, 10**9), Fraction(0)
#: Spellings of an infinite threshold in a results file (JSON has no infinity but Infinity).
_INFINITE = {"inf": "inf", "infinity": "inf", "-inf": "-inf", "-infinity": "-inf"}


def _element(
    exact: Any, decimal: Any, given: Any, where: str, rtol: Fraction, atol: Fraction
) -> str:
    """'' when one element passes, else why not."""
    value: Given
    if isinstance(given, str) and given.strip().lower().lstrip("+") in _INFINITE:
        value = _INFINITE[given.strip().lower().lstrip("+")]
    else:
        value = parse_given(given, where)
    if exact is None:
        return "" if value == UNDEFINED else f"given {given} where the tool gives NaN"
    if exact in ("inf", "-inf"):
        return "" if value == exact else f"given {given} where the tool gives {exact}"
    if value == UNDEFINED or isinstance(value, str):
        return f"given {given} where the value is {decimal}"
    number, _ = exact_value({"exact": exact, "decimal": decimal}, where)
    if within(value, number, rtol, atol):
        return ""
    return error_text(value, number)


def _compare(
    exact: Any, decimal: Any, given: Any, where: str, rtol: Fraction, atol: Fraction
) -> str:
    """'' when a (nested) value passes, else the first reason it does not."""
    if isinstance(exact, list):
        if not isinstance(given, list):
            return f"a list of {len(exact)} expected, given {str(given)[:40]}"
        if len(given) != len(exact):
            return f"{len(exact)} values expected, given {len(given)}"
        for i, (e, d, g) in enumerate(zip(exact, decimal, given, strict=True)):
            reason = _compare(e, d, g, f"{where}[{i}]", rtol, atol)
            if reason.startswith("["):
                return f"[{i}]{reason}"
            if reason and isinstance(e, list):
                return f"[{i}] {reason}"
            if reason:
                return f"[{i}] given {_shown(g)}, exact {d}: {reason}"
        return ""
    if isinstance(given, list):
        return "a number expected, given a list"
    return _element(exact, decimal, given, where, rtol, atol)


def _text(value: Any) -> str:
    """A given value as it was written (JSON-like)."""
    if isinstance(value, list):
        return "[" + ", ".join(_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return f"error {value.get('error')!r}"
    return "null" if value is None else str(value)


def _shown(value: Any) -> str:
    text = _text(value)
    return text if len(text) <= 40 else f"{text[:37]}..."


def _expected_text(exact: Any, decimal: Any) -> str:
    """The expected value for people: p/q = decimal, a closed form's decimal, a list's shape."""
    if isinstance(exact, dict):
        return f"(closed form) {decimal}"
    if isinstance(exact, list):
        sizes = [len(part) if isinstance(part, list) else 1 for part in exact]
        if all(isinstance(part, list) for part in exact):
            return f"{len(exact)} lists of {', '.join(map(str, sizes))} values"
        return f"a list of {len(exact)} values"
    return (
        f"{exact} = {decimal}"
        if len(exact) <= 40
        else f"({len(exact)}-character rational) = {decimal}"
    )


def _undefined(given: Any, where: str) -> bool:
    """An undefined value: null, NaN, an error, or a (nested) list of nothing else (a tool
    returning several values of one call, every one NaN)."""
    if isinstance(given, list):
        return bool(given) and all(_undefined(g, where) for g in given)
    return bool(parse_given(given, where) == UNDEFINED)


def _verdict(
    case: dict[str, Any], given: Any, present: bool, rtol: Fraction, atol: Fraction
) -> Verdict:
    tc_id, function = int(case["tcId"]), str(case["function"])
    where = f"results[{str(tc_id)!r}]"
    if case["result"] != "valid":
        shown = f"undefined ({case['error']})"
        if not present:
            return Verdict(tc_id, function, "MISSING", shown, "-", "")
        if _undefined(given, where):
            return Verdict(tc_id, function, "PASS", shown, _shown(given), "")
        return Verdict(
            tc_id, function, "FAIL", shown, _shown(given), "a value where none is defined"
        )
    expected = case["expected"]
    exact, decimal = expected["exact"], expected["decimal"]
    shown = _expected_text(exact, decimal)
    if not present:
        return Verdict(tc_id, function, "MISSING", shown, "-", "")
    if isinstance(exact, dict):  # a closed form
        value = parse_given(given, where) if not isinstance(given, list) else UNDEFINED
        number, _ = exact_value(expected, where)
        if value == UNDEFINED or isinstance(value, str):
            return Verdict(tc_id, function, "FAIL", shown, _shown(given), "not a finite value")
        status = "PASS" if within(value, number, rtol, atol) else "FAIL"
        return Verdict(tc_id, function, status, shown, _shown(given), error_text(value, number))
    reason = _compare(exact, decimal, given, where, rtol, atol)
    return Verdict(tc_id, function, "FAIL" if reason else "PASS", shown, _shown(given), reason)


def check_twins(
    vectors: dict[str, Any],
    results: dict[str, Any],
    rtol: Fraction = _RTOL,
    atol: Fraction = _ATOL,
    functions: Sequence[str] = (),
    skip_flags: Iterable[str] = (),
    cases: Sequence[str] = (),
) -> CheckReport:
    """Verdicts of ``results`` ({tcId: value}) against a twin vector file (module docstring).

    ``cases``: ids or globs of the cases to check (:func:`select_cases`; default all); a case
    not selected is never MISSING.

    Raises :class:`InvalidInputError` for a tcId or function the vectors do not have, and
    for a value that is no number.
    """
    by_id = {int(c["tcId"]): c for group in vectors["testGroups"] for c in group["tests"]}
    selected = select_cases(sorted(by_id), cases)
    unknown = sorted(set(results) - {str(tc_id) for tc_id in by_id}, key=str)
    if unknown:
        raise InvalidInputError(f"results for unknown test case ids {unknown[:10]}")
    known = list(dict.fromkeys(str(c["function"]) for c in by_id.values()))
    for function in functions:
        if function not in known:
            raise InvalidInputError(f"unknown function {function!r}; the vectors have {known}")
    chosen = list(dict.fromkeys(functions)) or known
    skip = set(skip_flags)
    verdicts: list[Verdict] = []
    skipped = 0
    for tc_id in sorted(by_id):
        case = by_id[tc_id]
        if case["function"] not in chosen or str(tc_id) not in selected:
            continue
        if skip & set(case["flags"]):
            skipped += 1
            continue
        key = str(tc_id)
        verdicts.append(_verdict(case, results.get(key), key in results, rtol, atol).of(case))
    return CheckReport(tuple(verdicts), tuple(chosen), skipped, rtol, atol)


def check_twin_files(
    tool: str,
    results_path: Path,
    vectors_path: Path | None = None,
    rtol: Fraction = _RTOL,
    atol: Fraction = _ATOL,
    functions: Sequence[str] = (),
    skip_flags: Iterable[str] = (),
    cases: Sequence[str] = (),
) -> CheckReport:
    """:func:`check_twins` on files; ``vectors_path`` None: the tool's vectors built in memory.

    Raises :class:`InvalidInputError` for an unknown tool (naming the known ones), a vector
    file of another tool, or a bad file; an old spelling of the tool works, with a warning.
    """
    tool = tool_name(tool, stacklevel=3)
    if vectors_path is None:
        vectors = build_twin_vectors(tool)
    else:
        vectors = load_twin_vectors(vectors_path)
        if vectors["tool"] != tool:
            raise InvalidInputError(
                f"{vectors_path} holds the vectors of {vectors['tool']!r}, not {tool!r}"
            )
    results = load_twin_results(results_path)
    return check_twins(vectors, results, rtol, atol, functions, skip_flags, cases)
