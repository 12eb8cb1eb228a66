"""Re-verify an "impossible" of ``check_consistency`` with the independent checker.

``assert_certified(verdict, P, N, reported, ...)`` writes the verdict's certificate file (the
JSON ``consistent --certificate`` writes), validates it against its schema, and has
:func:`rocpr_exact.checker.check_certificate` re-verify it: "valid", or "unverified" only for
the stages no checker re-derives yet (the searches and the enclosures, docs/consistency.md,
"Certificates"), never "invalid".
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

import jsonschema

from rocpr_exact.checker import CheckResult, check_certificate
from rocpr_exact.consistency.certificates import metric_document
from rocpr_exact.consistency.witness import Verdict

__all__ = ["SIZED", "UNCHECKED", "assert_certified", "assert_valid", "schema"]

#: Stages whose certificates are written but not re-derived by the checker (it says so).
UNCHECKED = frozenset({"search"})
#: Stages the checker re-derives up to a size (past it, it says "unverified").
SIZED = frozenset({"area-least-enclosure"})


def schema() -> dict[str, Any]:
    text = resources.files("rocpr_exact").joinpath("schemas/certificate.schema.json").read_text()
    return json.loads(text)  # type: ignore[no-any-return]


def assert_valid(document: dict[str, Any]) -> CheckResult:
    """The document through JSON and its schema, then the checker: its result."""
    document = json.loads(json.dumps(document))
    jsonschema.validate(document, schema())
    return check_certificate(document)


def assert_certified(
    verdict: Verdict,
    positives: int,
    negatives: int,
    reported: Mapping[str, str],
    rounding: str = "nearest",
    ties: bool = True,
    through: Sequence[tuple[tuple[int, int], tuple[int, int]]] = (),
) -> CheckResult:
    """An impossible ``verdict`` of this question is re-verified (module notes)."""
    assert verdict.verdict == "impossible" and verdict.certificates, verdict
    # each reason has its own certificate, or a search certificate carries it (docs/consistency.md)
    searched = [r for c in verdict.certificates if c.stage == "search" for r in c.data["reasons"]]
    own = [c for c in verdict.certificates if c.stage != "search"]
    assert set(searched) <= set(verdict.reasons)
    assert len(own) + len(set(searched)) >= len(verdict.reasons)
    document = metric_document(positives, negatives, reported, rounding, ties, verdict, through)
    result = assert_valid(document)
    stages = {c.stage for c in verdict.certificates}
    if stages - UNCHECKED - SIZED:  # a checked stage proves it: valid
        assert result.status == "valid", (result, verdict.reasons)
    elif stages <= UNCHECKED:
        assert result.status == "unverified" and set(result.stages) <= UNCHECKED, result
    else:
        assert result.status == "valid" or set(result.stages) <= UNCHECKED | SIZED, result
    return result
