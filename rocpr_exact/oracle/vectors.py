"""Golden test vectors in a Wycheproof-like layout (STYLE.md, "Wycheproof test vectors").

``rocpr-exact vectors --write DIR`` writes ``DIR/rocpr_auc_test.json``,
deterministically: the same code and data give the same bytes, and the test
suite regenerates the committed ``vectors/`` and compares byte for byte.  The
strict JSON Schema is ``rocpr_exact/schemas/vectors.schema.json``.

Layout (one file)::

    {"algorithm", "schema", "generatorVersion", "numberOfTests", "header": [...],
     "digits", "notes": {FLAG: text}, "metrics": {METRIC: text}, "errors": {CLASS: text},
     "testGroups": [{"type": "ScoredExamples" | "TieGroups", "tests": [CASE, ...]}]}

    CASE = {"tcId", "comment", "flags", "input", ["positives", "negatives"],
            "expected": {METRIC: {"exact", "decimal"}}, ["undefinedMetrics"],
            "result": "valid" | "invalid", ["error"]}

* ``input`` is ``{"scores": [...], "labels": [...]}`` (one entry per example;
  scores are exact strings: integers, decimals, fractions "p/q", "inf", "-inf",
  or "NaN" in an invalid case; labels are integers, 1 = positive) or
  ``{"groups": [[score, positives, negatives], ...]}`` (tie groups, highest
  score first, scores distinct): the compact form for large datasets.
* ``expected`` maps metric names (:mod:`rocpr_exact.oracle.metrics`) to exact values:
  ``"p/q"`` strings, or for a continuous area the closed form
  ``{"rational", "log_terms": [[coefficient, argument], ...]}`` (rational + sum
  of coefficient ln(argument), arguments sorted), each with a decimal of
  ``digits`` places, correctly rounded.
* ``result`` ``valid``: every metric is defined and listed.  ``invalid``: the
  metrics in ``undefinedMetrics`` must raise ``error`` (every metric, for input
  that is not a dataset); those that are defined are still in ``expected``.

Figure 7: the paper's Figure 7 curves, reconstructed by ``examples/make_figure7.py``
into ``examples/figure7.json`` (or ``--figure7 PATH``), become one more case each,
flagged ``Paper``.  That file's format: ``{"positives": P, "negatives": N,
"curves": {"I": [[TP, FP], ...], "II": [[TP, FP], ...]}}``, each curve its hull
vertices from (0, 0) to (P, N).  Points are turned into tie groups (consecutive
differences, synthetic integer scores).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any

from rocpr_exact.areas.records import number_schema
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import RocPrError
from rocpr_exact.exact.display import number
from rocpr_exact.io.files import make_directory, write_atomically
from rocpr_exact.oracle.cases import Case, default_cases, figure7_cases
from rocpr_exact.oracle.metrics import MetricRecord, metric_records

__all__ = [
    "FILE_NAME",
    "GENERATOR_VERSION",
    "VECTOR_DIGITS",
    "build_vectors",
    "canonical_number",
    "dumps",
    "vectors_schema",
    "write_vectors",
]

FILE_NAME = "rocpr_auc_test.json"
SCHEMA_NAME = "vectors.schema.json"
#: Bumped whenever the output for the same cases changes.
GENERATOR_VERSION = "0.2.0"
VECTOR_DIGITS = 30

HEADER = [
    "Exact areas under ROC and precision-recall curves, Davis & Goadrich (2006), "
    "'The Relationship Between Precision-Recall and ROC Curves', ICML.",
    "Thresholds: 'positive iff score >= t' for each distinct score; tied scores are one "
    "threshold (a diagonal ROC segment). Recall 0 uses the limit convention (docs/design.md).",
    "Exact values are strings; decimals are correctly rounded to 'digits' places. "
    "Check an implementation with: rocpr-exact check VECTORS RESULTS.json (docs/oracle.md).",
]

#: Every flag used by a case, explained.
NOTES: dict[str, str] = {
    "AllTied": "Every example has the same score: the whole ROC curve is one diagonal "
    "segment and AUC-ROC is 1/2.",
    "ExactScores": "Scores that are not binary floats, some of which round to the same "
    "double: an implementation that reads scores as float64 sees a tie where there is "
    "none and gets different values. The expected values use the exact scores, except "
    "prroc.* and auccalculator.*, which use the doubles R and Java read.",
    "HeavySkew": "20 positives and 2000 negatives, the skew of the paper's examples; "
    "Davis-Goadrich areas have large denominators.",
    "InfiniteScores": "Scores +inf or -inf: valid, totally ordered scores (some tools "
    "reject them).",
    "InvalidInput": "The input is not a dataset (NaN score, label other than 0/1, "
    "lengths differ, no examples): every metric must raise InvalidInputError.",
    "NegativesFirst": "A negative is ranked above every positive: precision at recall 0 "
    "is 0 (limit convention); scikit-learn starts its trapezoid at (0, 1) and "
    "AUCCalculator 0.2 drops the points with TP = 0, overstating AUC-ROC and AUC-PR.",
    "OneClass": "Only one class: AUC-ROC (and every AUCCalculator metric) needs both "
    "(NoNegativesError / NoPositivesError); PR metrics are defined when there is a positive.",
    "Paper": "Data from the paper: Table 1 (P = 20, N = 2000, points A = (5, 5) and "
    "B = (10, 30)), Figure 6 (P = 433, N = 56164, one point at recall 9/433 = 0.02 with "
    "precision 1), Figure 7 when available.",
    "SingleNegative": "Exactly one negative example.",
    "SinglePositive": "Exactly one positive example.",
    "Ties": "A score shared by a positive and a negative: a mixed tie group, one diagonal "
    "ROC segment whose PR image is a curve, not a line.",
    "TieGroups": "The input is given as tie groups [score, positives, negatives].",
}

ERROR_NOTES: dict[str, str] = {
    "InvalidInputError": "The input is not a dataset: NaN score, label other than 0/1, "
    "lengths that differ, no examples (Python: rocpr_exact.InvalidInputError).",
    "NoNegativesError": "The metric needs at least one negative example.",
    "NoPositivesError": "The metric needs at least one positive example.",
    "UndefinedMetricError": "The tool the metric models gives no value here (R's NA): "
    "PRROC's auc.davis.goadrich when the positives' and negatives' scores are the same "
    "multiset.",
}


def canonical_number(value: dict[str, Any]) -> dict[str, Any]:
    """A number object with closed-form log terms sorted by argument (a canonical order)."""
    exact = value["exact"]
    if not isinstance(exact, dict):
        return value
    terms = sorted(exact["log_terms"], key=lambda term: Fraction(term[1]))
    return {
        "exact": {"rational": exact["rational"], "log_terms": terms},
        "decimal": value["decimal"],
    }


def _auto_flags(case: Case, curve: Curve | None, undefined: list[str]) -> set[str]:
    flags = set(case.flags)
    if case.groups is not None:
        flags.add("TieGroups")
    if curve is None:
        return flags | {"InvalidInput"}
    if not (curve.positives and curve.negatives):
        flags.add("OneClass")
    pairs = list(zip(curve.tps, curve.fps, strict=True))
    if any(b[0] > a[0] and b[1] > a[1] for a, b in pairwise(pairs)):
        flags.add("Ties")  # a diagonal segment: a tie group with both classes
    if len(curve) == 2 and curve.positives and curve.negatives:
        flags.add("AllTied")
    if curve.positives and curve.negatives and curve.tps[1] == 0:
        flags.add("NegativesFirst")
    if curve.positives == 1:
        flags.add("SinglePositive")
    if curve.negatives == 1:
        flags.add("SingleNegative")
    return flags


def _evaluate(
    tc_id: int, case: Case, digits: int, records: Sequence[MetricRecord]
) -> dict[str, Any]:
    out: dict[str, Any] = {"tcId": tc_id, "comment": case.comment}
    expected: dict[str, Any] = {}
    undefined: list[str] = []
    errors: set[str] = set()
    curve: Curve | None = None
    try:
        curve = case.curve()
    except RocPrError as exc:
        undefined, errors = [record.name for record in records], {type(exc).__name__}
    if curve is not None:
        for record in records:
            name = record.name
            try:
                expected[name] = canonical_number(number(record.compute(curve), digits))
            except RocPrError as exc:
                undefined.append(name)
                errors.add(type(exc).__name__)
    flags = _auto_flags(case, curve, undefined)
    out["flags"] = [flag for flag in NOTES if flag in flags]
    out["input"] = case.input()
    if curve is not None:
        out["positives"], out["negatives"] = curve.positives, curve.negatives
    out["expected"] = expected
    if undefined:
        if len(errors) != 1:
            raise AssertionError(f"case {tc_id}: several error classes {sorted(errors)}")
        out["undefinedMetrics"] = undefined
        out["result"] = "invalid"
        out["error"] = errors.pop()
    else:
        out["result"] = "valid"
    return out


def build_vectors(
    figure7: Path | None = None,
    digits: int = VECTOR_DIGITS,
    records: Sequence[MetricRecord] | None = None,
) -> dict[str, Any]:
    """The whole vector file as a JSON-ready dict (built-in cases, then Figure 7's if given),
    one expected value per metric of ``records`` (by default
    :func:`~rocpr_exact.oracle.metrics.metric_records`: the area records in force)."""
    records = metric_records() if records is None else records
    cases = default_cases()
    cases += figure7_cases(figure7)
    by_type: dict[str, list[Case]] = {"ScoredExamples": [], "TieGroups": []}
    for case in cases:
        by_type[case.group_type].append(case)
    groups: dict[str, list[dict[str, Any]]] = {}
    tc_id = 0
    for kind, members in by_type.items():
        groups[kind] = []
        for case in members:
            tc_id += 1
            groups[kind].append(_evaluate(tc_id, case, digits, records))
    return {
        "algorithm": "ROC-PR-AUC",
        "schema": SCHEMA_NAME,
        "generatorVersion": GENERATOR_VERSION,
        "numberOfTests": len(cases),
        "header": HEADER,
        "digits": digits,
        "notes": NOTES,
        "metrics": {record.name: record.note for record in records},
        "errors": ERROR_NOTES,
        "testGroups": [{"type": kind, "tests": tests} for kind, tests in groups.items()],
    }


def vectors_schema(records: Sequence[MetricRecord] | None = None) -> dict[str, Any]:
    """The vectors' JSON Schema with its five lists of metric names made from ``records``
    (by default :func:`~rocpr_exact.oracle.metrics.metric_records`): the header's notes, the
    metric names, ``expected`` (rational or closed-form values) and the metrics a valid case
    must have.  The committed ``schemas/vectors.schema.json`` is this schema for
    :data:`~rocpr_exact.oracle.metrics.RECORDS` (a test compares them)."""
    records = metric_records() if records is None else records
    text = resources.files("rocpr_exact.schemas").joinpath(SCHEMA_NAME).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    names = [record.name for record in records]
    notes = schema["properties"]["metrics"]
    notes["required"] = names
    notes["properties"] = {name: {"type": "string", "minLength": 1} for name in names}
    definitions = schema["$defs"]
    definitions["metric"]["enum"] = names
    definitions["expected"]["properties"] = {
        record.name: number_schema(record.closed_form) for record in records
    }
    valid = [case for case in definitions["case"]["oneOf"] if "expected" in case["properties"]]
    valid[0]["properties"]["expected"]["required"] = names
    return schema


def _is_flat(value: Any) -> bool:
    """A list of short scalars, or of lists of them: written on one line."""

    def short(x: Any) -> bool:
        return isinstance(x, int | None) or (isinstance(x, str) and len(x) <= 40)

    return isinstance(value, list) and all(
        short(v) or (isinstance(v, list) and all(short(x) for x in v)) for v in value
    )


def dumps(value: Any, level: int = 0) -> str:
    """JSON with two-space indentation, lists of scalars (or of flat lists) on one line."""
    pad = "  " * (level + 1)
    if isinstance(value, dict) and value:
        items = [f"{pad}{json.dumps(k)}: {dumps(v, level + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * level + "}"
    if isinstance(value, list) and value and not _is_flat(value):
        items = [pad + dumps(v, level + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + "  " * level + "]"
    return json.dumps(value, ensure_ascii=False)


def write_vectors(directory: Path, figure7: Path | None = None) -> list[Path]:
    """Write the vector file(s) into ``directory`` (created if needed); return their paths.

    The file is written atomically (:func:`rocpr_exact.io.files.write_atomically`): an
    existing file is replaced whole, and a failure leaves it as it was.
    """
    text = dumps(build_vectors(figure7)) + "\n"  # everything computed before anything is written
    make_directory(directory, "the vectors")
    return [write_atomically(directory / FILE_NAME, lambda stream: stream.write(text.encode()))]
