"""Twin vector cases for pROC 1.18.0's ``auc`` and ``roc`` (:mod:`rocpr_exact.profiles.proc`),
and its DeLong ``var``, ``ci.auc``, ``cov`` and ``roc.test``
(:mod:`rocpr_exact.profiles.proc.delong_cases`).

Full and partial areas (both foci, McClish-corrected or not, NA where pROC returns NA),
directions, levels and missing values; scripts/record_r_twin_vectors.R runs pROC itself on
every case.  ``roc`` is the triple (``thresholds``, ``sensitivities``, ``specificities``)
of ``roc(response, predictor, ...)`` (a small adapter: the twin returns an object).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rocpr_exact.profiles import proc as TWINS
from rocpr_exact.profiles.case import LABELS20, SCORES20, TwinCase, floats
from rocpr_exact.profiles.proc import delong_cases as proc_delong

__all__ = ["ADAPTERS", "CASES", "NOTES", "TOOL", "TWINS", "VERSION"]

TOOL = "proc"
VERSION = "pROC 1.18.0"

NOTES: dict[str, str] = {
    "Ties": "Tied predictor values with both levels: one diagonal segment.",
    "Direction": "direction given, or 'auto' choosing '>' (controls score higher).",
    "Partial": "partial_auc: the integral over a specificity (or sensitivity) range.",
    "Focus": "partial_auc_focus='sensitivity'.",
    "Corrected": "partial_auc_correct=True: McClish's standardisation.",
    "NotAvailable": "The corrected area is below the chance diagonal's: pROC returns NA "
    "(unless allow_invalid_partial_auc_correct).",
    "Levels": "levels given, a third level or missing values dropped.",
    "MissingClass": "No control or no case: pROC stops; the twin raises.",
    "NearTie": "Adjacent doubles: the midpoint rounds to one of them, and pROC moves it to "
    "the other.",
    "Extreme": "Doubles near -+DBL_MAX (a + b overflows: R takes a/2 + b/2 beyond 1e100) and "
    "subnormals (R rounds the halving): thresholds as R computes them, bit for bit.",
    **proc_delong.NOTES,
}


def _roc(**arguments: Any) -> tuple[tuple[Any, ...], tuple[Fraction, ...], tuple[Fraction, ...]]:
    """(thresholds, sensitivities, specificities) of ``roc(...)``; thresholds +-inf at the ends."""
    result = TWINS.roc(**arguments)
    return result.thresholds, result.sensitivities, result.specificities


ADAPTERS = {"roc": _roc, **proc_delong.ADAPTERS}


def _roc_case(
    comment: str, response: list[Any], predictor: list[str], *flags: str, **parameters: Any
) -> TwinCase:
    inputs = {"response": response, "predictor": predictor}
    return TwinCase(comment, "roc", inputs, parameters, flags)


RESPONSE = [1, 0, 0, 1, 0, 1, 1, 0]
PREDICTOR = floats("0.4", "0.8", "0.6", "0.4", "0.1", "1.3", "0.6", "0.4")
RESPONSE20, PREDICTOR20 = LABELS20, SCORES20
#: The two largest doubles, 0x1.ffffffffffffep+1023 and 0x1.fffffffffffffp+1023.
BIG, BIGGER = "1.7976931348623155e+308", "1.7976931348623157e+308"
#: pROC's "hard" predictor (tests/testthat/test-numeric-accuracy.R): runs of adjacent doubles
#: next to -+DBL_MAX, -+1e100 and -+0, as hexadecimal significands and exponents.
_HARD_HEX = [
    *(f"1.ffffffffffff{d}p+1023" for d in "fed"),
    *(f"1.249ad2594c37{d}p+332" for d in "fedcba"),
    *(f"0.000000000000{d}p-1022" for d in "3210"),
]
HARD = [
    repr(sign * float.fromhex("0x" + text))
    for sign, texts in ((-1, _HARD_HEX), (1, _HARD_HEX[::-1]))
    for text in texts
]


def _auc(comment: str, *flags: str, data: int = 8, **parameters: Any) -> TwinCase:
    response, predictor = (RESPONSE, PREDICTOR) if data == 8 else (RESPONSE20, PREDICTOR20)
    return TwinCase(
        comment, "auc", {"response": response, "predictor": predictor}, parameters, flags
    )


SPEC = floats("1.0", "0.8")
MID = floats("0.5", "0.9")

CASES: tuple[TwinCase, ...] = (
    _auc("eight examples", "Ties"),
    _auc("direction '>'", "Ties", "Direction", direction=">"),
    _auc("twenty examples", "Ties", data=20),
    _auc("specificity in [0.8, 1]", "Partial", partial_auc=SPEC),
    _auc(
        "specificity in [0.8, 1], corrected",
        "Partial",
        "Corrected",
        partial_auc=SPEC,
        partial_auc_correct=True,
    ),
    _auc("specificity in [0.5, 0.9], twenty examples", "Partial", data=20, partial_auc=MID),
    _auc(
        "specificity in [0.5, 0.9], corrected",
        "Partial",
        "Corrected",
        data=20,
        partial_auc=MID,
        partial_auc_correct=True,
    ),
    _auc(
        "sensitivity in [0.5, 0.9]",
        "Partial",
        "Focus",
        data=20,
        partial_auc=MID,
        partial_auc_focus="sensitivity",
    ),
    _auc(
        "sensitivity in [0.5, 0.9], corrected",
        "Partial",
        "Focus",
        "Corrected",
        data=20,
        partial_auc=MID,
        partial_auc_focus="sensitivity",
        partial_auc_correct=True,
    ),
    _auc(
        "sensitivity in [0.8, 1], corrected",
        "Partial",
        "Focus",
        "Corrected",
        partial_auc=SPEC,
        partial_auc_focus="sensitivity",
        partial_auc_correct=True,
    ),
    _auc(
        "direction '>', corrected: below chance, NA",
        "Direction",
        "Partial",
        "Corrected",
        "NotAvailable",
        direction=">",
        partial_auc=MID,
        partial_auc_correct=True,
    ),
    _auc(
        "direction '>', corrected, allowed",
        "Direction",
        "Partial",
        "Corrected",
        direction=">",
        partial_auc=MID,
        partial_auc_correct=True,
        allow_invalid_partial_auc_correct=True,
    ),
    TwinCase(
        "auto chooses '>'",
        "auc",
        {"response": [0, 0, 1, 1], "predictor": floats("0.9", "0.7", "0.2", "0.7")},
        {},
        ("Direction", "Ties"),
    ),
    TwinCase(
        "levels given: 'b' controls, 'a' cases; 'c' dropped",
        "auc",
        {
            "response": ["a", "b", "c", "a", "b"],
            "predictor": floats("0.2", "0.9", "0.5", "0.4", "0.3"),
        },
        {"levels": ["b", "a"], "direction": "<"},
        ("Levels",),
    ),
    TwinCase(
        "missing values dropped",
        "auc",
        {"response": [0, 1, None, 1, 0], "predictor": floats("0.2", "0.9", "0.5", "nan", "0.3")},
        {},
        ("Levels",),
    ),
    _roc_case("eight examples", RESPONSE, PREDICTOR, "Ties"),
    _roc_case(
        "eight examples, direction '>'", RESPONSE, PREDICTOR, "Ties", "Direction", direction=">"
    ),
    _roc_case("twenty examples", RESPONSE20, PREDICTOR20, "Ties"),
    _roc_case(
        "auto chooses '>'", [0, 0, 1, 1], floats("0.9", "0.7", "0.2", "0.7"), "Direction", "Ties"
    ),
    _roc_case(
        "adjacent doubles",
        [1, 0, 0, 1],
        floats("1.0", "1.0000000000000002", "0.5", "0.7"),
        "NearTie",
        direction="<",
    ),
    _roc_case(
        "adjacent doubles, direction '>'",
        [1, 0, 0, 1],
        floats("1.0", "1.0000000000000002", "0.5", "0.7"),
        "NearTie",
        "Direction",
        direction=">",
    ),
    _roc_case(
        "levels given: 'b' controls, 'a' cases; 'c' dropped",
        ["a", "b", "c", "a", "b"],
        floats("0.2", "0.9", "0.5", "0.4", "0.3"),
        "Levels",
        levels=["b", "a"],
        direction="<",
    ),
    _roc_case(
        "near the largest double: (a + b)/2 overflows, a/2 + b/2 taken",
        [0, 1, 0, 1],
        floats("1.0", "2.0", BIG, BIGGER),
        "Extreme",
        "NearTie",
    ),
    _roc_case(
        "adjacent doubles next to -+DBL_MAX, -+1e100 and -+0 (pROC's test-numeric-accuracy.R)",
        [0, 1] * 13,
        floats(*HARD),
        "Extreme",
        "NearTie",
        direction="<",
    ),
    _roc_case(
        "subnormals, direction '>': the halving rounds",
        [1, 0, 1, 0, 1],
        floats("0.0", "5e-324", "1e-323", "1.5e-323", "2.5e-323"),
        "Extreme",
        "NearTie",
        "Direction",
        direction=">",
    ),
    TwinCase(
        "no control",
        "roc",
        {"response": [1, 1], "predictor": floats("0.2", "0.9")},
        {"levels": [0, 1]},
        ("MissingClass",),
    ),
    TwinCase(
        "no case",
        "auc",
        {"response": [0, 0, 0], "predictor": floats("0.2", "0.9", "0.5")},
        {"levels": [0, 1]},
        ("MissingClass",),
    ),
    *proc_delong.CASES,
)
