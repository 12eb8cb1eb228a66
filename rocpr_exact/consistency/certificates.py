"""The certificates of ``consistent``'s "impossible" and the file that carries them.

Every "impossible" of :func:`~rocpr_exact.consistency.check.check_consistency` carries
:class:`~rocpr_exact.consistency.engine.protocol.Certificate` s (one per reason): the stage that
proved it and the data :mod:`rocpr_exact.checker` re-verifies it from, without this package's
code (docs/consistency.md, "Certificates", is the normative table of stages).  On the metrics
path a certificate refutes the claims it names for *every* ranking, so its ``excludes`` is
empty and the decision's candidates are ``{"kind": "rankings"}``; on the interval path
(``--auc-ci``) the candidates are the values 2U and each certificate excludes some of them.

:func:`metric_document` and :func:`interval_document` write the file's JSON (version 1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from decimal import Decimal
from typing import Any

from rocpr_exact.consistency.engine.protocol import Certificate
from rocpr_exact.consistency.witness import Verdict

__all__ = [
    "FORMAT",
    "VERSION",
    "aggregate_document",
    "certificate_json",
    "interval_document",
    "metric_document",
    "searched",
]

FORMAT = "rocpr-exact consistent"
#: The modelled methods of a printed interval, as decisions name them.
METHODS = ("delong", "hanley-mcneil")
VERSION = 1


def searched(verdict: Verdict, by: str, **data: Any) -> Verdict:
    """``verdict`` with a certificate for a search no checker redoes cheaply (``by`` names the
    module; the checker answers "unverified"), when it is an "impossible" without one."""
    if verdict.verdict != "impossible" or verdict.certificates:
        return verdict
    certificate = Certificate("search", (), {"by": by, "reasons": list(verdict.reasons), **data})
    return replace(verdict, certificates=(certificate,))


def certificate_json(certificate: Certificate) -> dict[str, Any]:
    """One exclusion of the file: ``stage``, ``excludes`` and ``data``."""
    return {
        "stage": certificate.stage,
        "excludes": list(certificate.excludes),
        "data": dict(certificate.data),
    }


def _document(question: dict[str, Any], verdict: str, decisions: list[Any]) -> dict[str, Any]:
    return {
        "certificate": FORMAT,
        "version": VERSION,
        "question": question,
        "verdict": verdict,
        "decisions": decisions,
    }


def aggregate_document(
    question: dict[str, Any],
    verdict: str,
    decided: bool,
    claim: str,
    method: str,
    certificates: Sequence[Certificate],
) -> dict[str, Any]:
    """The certificate file of an aggregated claim (docs/consistency.md, "Aggregated claims"):
    ``question`` (counts, ties, rounding, claims) and, when ``decided``, one decision of
    ``claim`` by ``method`` (``aggregate``, ``aggregate-ap``) over every ranking of every task,
    its exclusions the ``certificates``."""
    decisions = []
    if decided:
        decisions = [
            {
                "claim": claim,
                "method": method,
                "candidates": {"kind": "rankings"},
                "exclusions": [certificate_json(c) for c in certificates],
            }
        ]
    return _document(question, verdict, decisions)


def metric_document(
    positives: int,
    negatives: int,
    reported: Mapping[str, str | Decimal | int],
    rounding: str,
    ties: bool,
    verdict: Verdict,
    through: Sequence[tuple[tuple[int, int], tuple[int, int]]] = (),
    extra: Sequence[Certificate] = (),
    figure: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The file of a metrics-path answer: one decision over every ranking, its exclusions the
    verdict's certificates (and ``extra``: the ROC points' own); no decision unless
    "impossible".  ``figure`` is the question's ``roc_points`` and ``tolerance``, if any."""
    question: dict[str, Any] = {
        "positives": positives,
        "negatives": negatives,
        "ties": ties,
        "rounding": rounding,
        "claims": {name: format(value, "f") if isinstance(value, Decimal) else str(value)
                   for name, value in reported.items()},
    }
    if through:
        question["through"] = [[list(tp), list(fp)] for tp, fp in through]
    if figure:
        question.update(figure)
    name = verdict.verdict if not extra else "impossible"
    decisions = []
    if name == "impossible":
        kept = verdict.certificates if verdict.verdict == "impossible" else ()
        decisions.append(
            {
                "claim": "all",
                "method": "exact",
                "candidates": {"kind": "rankings"},
                "exclusions": [certificate_json(c) for c in (*extra, *kept)],
            }
        )
    return _document(question, name, decisions)


def interval_document(
    positives: int,
    negatives: int,
    claims: Mapping[str, str],
    rounding: str,
    ties: bool,
    verdict_name: str,
    certificates: Sequence[Certificate],
    reasons: Sequence[str],
) -> dict[str, Any]:
    """The file of an ``--auc-ci`` or ``--delong-p`` answer.

    The certificates are grouped into decisions by their data's ``method`` (default
    ``"delong"``) and ``reading`` (``"not clipped"`` or ``"clipped"``); each decision's
    candidates are the 2U from the least to the greatest value its certificates exclude.  A
    modelled method of an "impossible" with no certificate (a decider that writes none yet:
    Hanley-McNeil, the p-value tests) gets one decision whose stage ``search`` holds the
    reasons: the checker answers "unverified"."""
    question = {
        "positives": positives,
        "negatives": negatives,
        "ties": ties,
        "rounding": rounding,
        "claims": dict(claims),
    }
    decisions: list[Any] = []
    if verdict_name == "impossible":
        groups: dict[tuple[str, str | None], list[Certificate]] = {}
        for certificate in certificates:
            method, reading = certificate.data.get("method"), certificate.data.get("reading")
            key = (str(method or "delong"), None if reading is None else str(reading))
            groups.setdefault(key, []).append(certificate)
        for (method, reading), listed in groups.items():
            values = [v for c in listed for v in c.excludes]
            decision: dict[str, Any] = {"claim": _interval_claim(claims), "method": method}
            if reading is not None:
                decision["reading"] = reading
            decision["candidates"] = (
                {"kind": "2U", "from": min(values), "to": max(values)}
                if values
                else {"kind": "rankings"}
            )
            decision["exclusions"] = [certificate_json(c) for c in listed]
            decisions.append(decision)
        modelled = [claims["ci_method"]] if "ci_method" in claims else list(METHODS)
        if "auc_ci" not in claims:
            modelled = ["delong-p"]
        for method in modelled:
            if any(method == m for m, _ in groups):
                continue
            stage = Certificate("search", (), {"by": "consistent", "reasons": list(reasons)})
            decisions.append(
                {
                    "claim": _interval_claim(claims),
                    "method": method,
                    "candidates": {"kind": "rankings"},
                    "exclusions": [certificate_json(stage)],
                }
            )
    return _document(question, verdict_name, decisions)


def _interval_claim(claims: Mapping[str, str]) -> str:
    return "auc_ci" if "auc_ci" in claims else "delong_p"
