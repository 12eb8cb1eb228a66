"""``consistent`` on the pooled AUC-ROC over every fold beside the folds' mean.

    rocpr-exact consistent --positives 20 --negatives 30 --folds 5 \\
        --auc-roc-mean 0.85 --auc-roc 0.84
    rocpr-exact consistent --fold-sizes 4/6,4/6 --average-precision-mean 0.8 --auc-roc 0.83

``--auc-roc X`` given with the folds (``--fold-sizes`` or ``--folds``) and a fold mean
(``--auc-roc-mean`` or ``--average-precision-mean``) is the AUC-ROC of the pooled predictions;
the decider is :func:`rocpr_exact.consistency.aggregate_pooled.decide_pooled` (a pooled ranking
is any merge of the fold rankings).  A certificate proves the part that is impossible: the
pooled claim's (the binary one at P, N) or the mean's (an aggregate one).
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Literal

from rocpr_exact.cli import certificate
from rocpr_exact.cli.consistent_aggregate import aggregate_tasks
from rocpr_exact.cli.options import flag_words
from rocpr_exact.consistency.aggregate import Aggregate
from rocpr_exact.consistency.aggregate_pooled import PooledAnswer, decide_pooled
from rocpr_exact.consistency.certificates import aggregate_document, metric_document
from rocpr_exact.consistency.reported import Rounding, reported_interval
from rocpr_exact.consistency.witness import Verdict
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.display import number

__all__ = ["answer"]

_MEANS = {"auc_roc_mean": "auc_roc", "average_precision_mean": "average_precision"}


def answer(args: argparse.Namespace, reported: list[str]) -> tuple[str, int] | None:
    """The answer for ``--auc-roc`` with the folds (None when that is not the question)."""
    if reported != ["auc_roc"] or (args.fold_sizes is None and args.folds is None):
        return None
    means = [name for name in _MEANS if getattr(args, name, None) is not None]
    others = (
        *("macro_auc_roc", "weighted_auc_roc", "macro_average_precision"),
        *("weighted_average_precision", "auc_roc_sd", "average_precision_sd"),
    )
    if len(means) != 1 or any(getattr(args, name, None) is not None for name in others):
        raise InvalidInputError(
            "--auc-roc with the folds is the pooled AUC-ROC beside one fold mean: give "
            "--auc-roc-mean or --average-precision-mean (no SD, no class average); the pooled "
            "claim alone is the binary one: drop --fold-sizes/--folds"
        )
    if args.roc_point or args.witness is not None or args.sd_ddof is not None:
        raise InvalidInputError(
            "--auc-roc with the folds and a fold mean is checked alone here (no --witness file yet)"
        )
    claim = means[0]
    flag = "--" + claim.replace("_", "-")
    rounding: Rounding = args.rounding or "nearest"
    tasks, weights, named = aggregate_tasks(args, flag, True)
    query = Aggregate(
        tasks, weights, reported_interval(getattr(args, claim), rounding), not args.no_ties
    )
    metric: Literal["auc_roc", "average_precision"] = (
        "auc_roc" if claim == "auc_roc_mean" else "average_precision"
    )
    result = decide_pooled(
        query, metric, reported_interval(args.auc_roc, rounding), args.auc_roc, rounding
    )
    out: dict[str, Any] = {
        "verdict": result.verdict,
        "reasons": [flag_words(r) for r in result.reasons],
        "tasks": [list(t) for t in tasks],
    }
    if result.part is not None:
        out["impossible_part"] = result.part
        out["proved_by"] = [c.stage for c in result.certificates]
    if result.merge is not None:
        out["witness"] = [
            {"positives": p, "negatives": n, "groups": [list(g) for g in groups]}
            for (p, n), groups in zip(tasks, result.merge.folds, strict=True)
        ]
        out["pooled_auc_roc"] = number(result.merge.auc, 10)
    if args.certificate is not None:
        claims = {claim: getattr(args, claim), **named}
        document = _document(query, result, claims, args.auc_roc, rounding)
        certificate.write_certificate(args.certificate, document)
        out["certificate_file"] = str(args.certificate)
    code = {"possible": 0, "impossible": 1, "undecided": 4}[result.verdict]
    if args.format == "json":
        return json.dumps(out, indent=2), code
    lines = [result.verdict, *(f"  {r}" for r in out["reasons"])]
    if result.part is not None:
        lines.append(f"  impossible: the {result.part} claim alone")
    if result.merge is not None:
        lines.append(f"  pooled AUC-ROC of the merged folds: {out['pooled_auc_roc']['exact']}")
    return "\n".join(lines), code


def _document(
    query: Aggregate, result: PooledAnswer, claims: dict[str, str], pooled: str, rounding: str
) -> dict[str, Any]:
    """The certificate of the part that is impossible: the pooled claim alone (the binary
    document), the mean alone (an aggregate one, ``claims`` the mean's), or both (the claims
    with ``pooled_auc_roc``, the pooled path of the checker)."""
    p, n = sum(a for a, _ in query.tasks), sum(b for _, b in query.tasks)
    if result.part == "pooled":
        verdict = Verdict("impossible", result.reasons, certificates=result.certificates)
        return metric_document(p, n, {"auc_roc": pooled}, rounding, query.ties, verdict)
    if result.part == "both" or result.part is None:
        claims = {**claims, "pooled_auc_roc": pooled}
    question = {"positives": p, "negatives": n, "ties": query.ties, "rounding": rounding}
    mean = next((name for name in _MEANS if name in claims), "")  # the decision's claim
    return aggregate_document(
        {**question, "claims": claims},
        result.verdict,
        result.part is not None,
        mean,
        "aggregate",
        result.certificates,
    )
