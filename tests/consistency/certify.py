"""Re-verify an "impossible" of ``check_consistency`` with the independent checker.

``assert_certified(verdict, P, N, reported, ...)`` writes the verdict's certificate file (the
JSON ``consistent --certificate`` writes), validates it against its schema, and has
:func:`rocpr_exact.checker.check_certificate` re-verify it: "valid", or "unverified" only for
the stages no checker re-derives yet (the searches and the enclosures, docs/consistency.md,
"Certificates"), never "invalid".  Where every exclusion is a ``grid`` and the checker extracted
from Coq is built (``proofs/coq/extraction/check_main``), it must give the same answer
(:func:`proved_answer`; tests/consistency/test_certificates_proved.py builds and tests it).
"""

from __future__ import annotations

import fcntl
import json
import subprocess
import tempfile
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from proofs.test_coq import COQ
from rocpr_exact.checker import CheckResult, check_certificate
from rocpr_exact.consistency.certificates import metric_document
from rocpr_exact.consistency.witness import Verdict

__all__ = [
    "PROVED",
    "SIZED",
    "UNCHECKED",
    "assert_certified",
    "assert_valid",
    "proved_answer",
    "schema",
]

#: The checker extracted from Coq, where ``make -C proofs/coq`` builds it.
PROVED = COQ / "extraction" / "check_main"

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


def proved_answer(document: Any, program: Path = PROVED) -> tuple[str, int] | None:
    """The extracted checker's line and exit status on ``document``; None when it is not built.

    Run holding the build lock shared (proofs/test_coq.py's ``build`` holds it exclusively), so
    no worker's make rewrites the program while it runs."""
    if not program.is_file():
        return None
    lock = Path(tempfile.gettempdir()) / "rocpr-exact-coq-build.lock"
    with tempfile.TemporaryDirectory() as scratch, lock.open("a") as held:
        path = Path(scratch) / "certificate.json"
        path.write_text(json.dumps(document))
        fcntl.flock(held, fcntl.LOCK_SH)
        done = subprocess.run(
            [str(program), str(path)], capture_output=True, text=True, timeout=60, check=False
        )
    return done.stdout.strip(), done.returncode


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
    if stages == {"grid"} and (proved := proved_answer(document)) is not None:
        assert proved[1] == {"valid": 0, "invalid": 1, "unverified": 4}[result.status], proved
    return result
