"""``consistent`` on aggregated average-precision claims: a cross-validated mean, a class average.

    rocpr-exact consistent --positives 20 --negatives 30 --folds 5 --average-precision-mean 0.81
    rocpr-exact consistent --fold-sizes 2/3,3/2 --average-precision-mean 0.3
    rocpr-exact consistent --class-counts 10,20,30 --macro-average-precision 0.912

Options (added by :func:`add_arguments`): ``--average-precision-mean`` (with ``--fold-sizes``
or ``--folds``), ``--macro-average-precision`` and ``--weighted-average-precision`` (with
``--class-counts``).  The decider is :func:`rocpr_exact.consistency.aggregate_ap.decide_ap_mean`;
a class average is decided under the free per-class scores model (each class's one-vs-rest
column its own ranking), so a witness is for that model only (an "impossible" holds for every
model).  The folds' and classes' flags are those of :mod:`~.consistent_aggregate`.
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from rocpr_exact.cli import certificate
from rocpr_exact.cli.consistent_aggregate import aggregate_tasks, refuse_aggregate_text
from rocpr_exact.cli.options import cli_message, flag_words
from rocpr_exact.consistency.aggregate import Aggregate
from rocpr_exact.consistency.aggregate_ap import decide_ap_mean, ranking_ap
from rocpr_exact.consistency.aggregate_ap_sd import ApSpread, decide_ap_spread
from rocpr_exact.consistency.aggregate_sd import DDOFS, variance
from rocpr_exact.consistency.certificates import aggregate_document
from rocpr_exact.consistency.reported import Interval, Rounding, reported_interval
from rocpr_exact.errors import InvalidInputError, ResourceLimitError
from rocpr_exact.exact.display import number

__all__ = ["AP_CLAIMS", "add_arguments", "answer"]

#: The AP aggregate claims (dest names): over folds, then over one-vs-rest classes.
AP_CLAIMS = ("average_precision_mean", "macro_average_precision", "weighted_average_precision")
_MODEL = (
    "free per-class scores (each class's one-vs-rest scores its own ranking); a witness is for "
    "that model only, an impossible holds for every model"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The AP aggregate options of ``consistent``."""
    parser.add_argument(
        "--average-precision-mean",
        metavar="X",
        help="reported mean of the folds' average precision",
    )
    parser.add_argument(
        "--macro-average-precision",
        metavar="X",
        help="reported one-vs-rest macro average precision",
    )
    parser.add_argument(
        "--average-precision-sd", metavar="X", help="reported SD of the folds' average precision"
    )
    parser.add_argument(
        "--weighted-average-precision",
        metavar="X",
        help="reported one-vs-rest average precision weighted by n_k/n",
    )


def _flag(dest: str) -> str:
    return "--" + dest.replace("_", "-")


def answer(args: argparse.Namespace, others: list[str]) -> tuple[str, int] | None:
    """The answer for an AP aggregate claim (None when none is given); ``others``: other claims."""
    given = [name for name in AP_CLAIMS if getattr(args, name, None) is not None]
    sd_text = getattr(args, "average_precision_sd", None)
    if not given and sd_text is None:
        return None
    auc = ("auc_roc_mean", "macro_auc_roc", "weighted_auc_roc", "auc_roc_sd")
    if len(given) > 1 or any(getattr(args, name, None) is not None for name in auc):
        raise InvalidInputError(
            "give one aggregate claim per call (--average-precision-mean, "
            "--macro-average-precision, --weighted-average-precision, or an AUC-ROC one)"
        )
    claim = given[0] if given else "average_precision_mean"
    flag = _flag(claim)
    if sd_text is None and args.sd_ddof is not None:
        raise InvalidInputError("--sd-ddof says how --average-precision-sd was computed: give both")
    if sd_text is not None and claim != "average_precision_mean":
        raise InvalidInputError("--average-precision-sd is the SD of fold APs: give the folds")
    if others or args.roc_point or args.witness is not None:
        raise InvalidInputError(
            f"{flag} is checked alone here: check the other numbers in a separate call "
            "(no --witness file yet)"
        )
    text = getattr(args, claim)
    rounding: Rounding = args.rounding or "nearest"
    claims: dict[str, str] = {}
    if text is None:  # an SD alone: any mean
        interval = Interval(Fraction(0), Fraction(1))
    else:
        refuse_aggregate_text(flag, text)
        interval = reported_interval(text, rounding)
        claims[claim] = text
    tasks, weights, named = aggregate_tasks(
        args, flag, claim == "average_precision_mean", claim == "weighted_average_precision"
    )
    query = Aggregate(tasks, weights, interval, not args.no_ties)
    if sd_text is None:
        outcome = decide_ap_mean(query)
    else:
        refuse_aggregate_text("--average-precision-sd", sd_text)
        sd = reported_interval(sd_text, rounding)
        spread = ApSpread(query, sd, DDOFS[args.sd_ddof or "either"])
        outcome = decide_ap_spread(spread)
        claims |= {"average_precision_sd": sd_text, "sd_ddof": args.sd_ddof or "either"}
    reasons = [flag_words(r) for r in outcome.reasons if outcome.verdict != "possible"]
    if outcome.ran_out is not None:
        reasons.append(cli_message(ResourceLimitError("the search stopped", limit=outcome.ran_out)))
    result: dict[str, Any] = {"verdict": outcome.verdict, "reasons": reasons}
    if outcome.verdict == "impossible":  # the stages whose certificates prove it
        result["proved_by"] = [c.stage for c in outcome.certificates]
    if claim != "average_precision_mean":
        result["model"] = _MODEL
    result["tasks"] = [list(t) for t in tasks]
    if outcome.witness is not None:
        rankings = outcome.witness.witness
        values = [ranking_ap(groups) for groups in rankings]
        result["witness"] = [
            {"positives": p, "negatives": n, "average_precision": number(values[i], 6)}
            | {"groups": [list(group) for group in rankings[i]]}
            for i, (p, n) in enumerate(tasks)
        ]
        mean = sum((w * v for w, v in zip(weights, values, strict=True)), Fraction(0))
        result["mean"] = number(mean, 10)
        if sd_text is not None:
            ddof = spread.fits(values)
            assert ddof is not None  # certified
            result["sd_ddof"] = ddof
            result["variance"] = number(variance(values, ddof), 10)
    if args.certificate is not None:
        question = {
            "positives": sum(p for p, _ in tasks),
            "negatives": sum(n for _, n in tasks),
            "ties": query.ties,
            "rounding": rounding,
            "claims": {**claims, **named},
        }
        impossible = outcome.verdict == "impossible"
        document = aggregate_document(
            question, outcome.verdict, impossible, claim, "aggregate-ap", outcome.certificates
        )
        certificate.write_certificate(args.certificate, document)
        result["certificate_file"] = str(args.certificate)
    code = {"possible": 0, "impossible": 1, "undecided": 4}[outcome.verdict]
    if args.format == "json":
        return json.dumps(result, indent=2), code
    lines = [outcome.verdict, *(f"  {r}" for r in reasons)]
    if "proved_by" in result:
        lines.append(f"  proved by: {', '.join(result['proved_by'])}")
    if "model" in result:
        lines.append(f"  model: {result['model']}")
    for i, entry in enumerate(result.get("witness", []), start=1):
        lines.append(
            f"  task {i} ({entry['positives']} positives, {entry['negatives']} negatives): "
            f"average precision {entry['average_precision']['exact']}"
        )
    return "\n".join(lines), code
