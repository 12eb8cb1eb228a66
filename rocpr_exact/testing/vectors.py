"""The golden vectors' cases for a user's script: load them, run your functions, write results.

>>> cases = vector_cases()
>>> cases[0].tc_id, cases[0].scores, cases[0].labels
('1', ['0.1', '0.4', '0.35', '0.8'], [0, 0, 1, 1])
>>> results = vector_results({"auc_roc": lambda s, y: 1 / 0}, cases[:1])
>>> results["results"]["1"]["auc_roc"]
{'error': 'ZeroDivisionError: division by zero'}

:func:`vector_results` survives an implementation that raises any exception (the metric is
then ``{"error": ...}``, which ``check`` reads as "undefined") and values such as ``-inf``
(``json.dumps`` writes ``-Infinity``, which ``check`` reads).  This is a display module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rocpr_exact.exact.numbers import parse_number
from rocpr_exact.oracle.results import load_vectors

__all__ = ["VectorCase", "vector_cases", "vector_results"]


@dataclass(frozen=True)
class VectorCase:
    """One case: its id, scores as the file writes them (exact text), labels and flags."""

    tc_id: str
    scores: list[str]
    labels: list[int]
    flags: list[str]
    comment: str

    def float_scores(self) -> list[float]:
        """The scores as the nearest doubles ("inf" and "-inf" as infinities; "NaN" as NaN)."""
        out = []
        for text in self.scores:
            if text.lower() in ("inf", "-inf", "nan"):
                out.append(float(text))
            else:
                out.append(float(parse_number(text, "score")))
        return out


def _examples(case: Mapping[str, Any]) -> tuple[list[str], list[int]]:
    data = case["input"]
    if "groups" not in data:
        return [str(s) for s in data["scores"]], [int(y) for y in data["labels"]]
    scores: list[str] = []
    labels: list[int] = []
    for score, positives, negatives in data["groups"]:  # a tie group: (score, P, N)
        scores += [str(score)] * (positives + negatives)
        labels += [1] * positives + [0] * negatives
    return scores, labels


def vector_cases(
    path: str | Path | None = None, *, skip_flags: Iterable[str] = ()
) -> list[VectorCase]:
    """The cases of a vector file (default: the vectors this version writes, as
    ``rocpr-exact vectors`` prints them), tie-group cases expanded into examples; cases with a
    flag of ``skip_flags`` (e.g. ``"ExactScores"``, ``"InvalidInput"``) left out."""
    if path is None:
        from rocpr_exact.oracle.vectors import build_vectors

        data: Mapping[str, Any] = build_vectors()
    else:
        data = load_vectors(Path(path))
    skipped = set(skip_flags)
    out = []
    for group in data["testGroups"]:
        for case in group["tests"]:
            if skipped & set(case["flags"]):
                continue
            scores, labels = _examples(case)
            flags = list(case["flags"])
            out.append(VectorCase(str(case["tcId"]), scores, labels, flags, case["comment"]))
    return out


def vector_results(
    functions: Mapping[str, Callable[[list[float], list[int]], Any]],
    cases: Iterable[VectorCase],
    implementation: str | None = None,
) -> dict[str, Any]:
    """A results file (``rocpr-exact check``) of ``functions`` (metric -> f(scores, labels),
    scores as doubles) on ``cases``: an exception becomes ``{"error": "Type: message"}``."""
    results: dict[str, dict[str, Any]] = {}
    for case in cases:
        row: dict[str, Any] = {}
        for metric, function in functions.items():
            try:
                value = function(case.float_scores(), case.labels)
                item = getattr(value, "item", None)
                row[metric] = item() if callable(item) else value
            except Exception as exc:  # any failure of the implementation is a result
                row[metric] = {"error": f"{type(exc).__name__}: {exc}"}
        results[case.tc_id] = row
    head = {} if implementation is None else {"implementation": implementation}
    return {**head, "results": results}
