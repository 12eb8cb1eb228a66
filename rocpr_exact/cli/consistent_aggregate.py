"""``consistent`` on aggregated AUC-ROC claims: a cross-validated mean, a multiclass average.

    rocpr-exact consistent --positives 20 --negatives 30 --folds 5 --auc-roc-mean 0.873
    rocpr-exact consistent --fold-sizes 4/6,4/6,3/7 --auc-roc-mean 0.84
    rocpr-exact consistent --class-counts 10,20,30 --macro-auc-roc 0.912

Options (added by :func:`add_arguments`): ``--fold-sizes``, ``--folds``, ``--class-counts``,
``--auc-roc-mean``, ``--macro-auc-roc``, ``--weighted-auc-roc``, ``--auc-roc-sd`` and
``--sd-ddof`` (:mod:`rocpr_exact.consistency.aggregate_sd`).  The decider is
:func:`rocpr_exact.consistency.aggregate.decide_mean`; a multiclass average is decided under
the free per-class scores model (each class's score column its own ranking), so a witness is
for free per-class scores only (an "impossible" holds for every model).  ``--witness FILE``
writes the witness file (:mod:`rocpr_exact.consistency.aggregate_witness`: ``fold,score,label``,
or ``label,score_1,...,score_K``, a probability matrix when one is found) and the answer says
which model the file is for.  A claim that is no one number (a bootstrap or asymmetric
interval, an interval beside it, a mean ± SD) and a mean without its folds are refused in one
line that says what is not modelled (exit 2).
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any, TypeVar

from rocpr_exact.cli import certificate
from rocpr_exact.cli.options import cli_message, flag_words, whole_number
from rocpr_exact.consistency.aggregate import (
    Aggregate,
    Task,
    class_tasks,
    decide_mean,
    parse_class_counts,
    parse_fold_sizes,
    stratified_fold_sizes,
    task_rankings,
)
from rocpr_exact.consistency.aggregate_sd import DDOFS, Spread, decide_spread, variance
from rocpr_exact.consistency.aggregate_witness import Kind, write_aggregate_witness
from rocpr_exact.consistency.certificates import aggregate_document
from rocpr_exact.consistency.engine.protocol import Outcome
from rocpr_exact.consistency.reported import Interval, reported_interval
from rocpr_exact.errors import InvalidInputError, ResourceLimitError
from rocpr_exact.exact.display import number

_T = TypeVar("_T")

__all__ = [
    "CLAIMS",
    "add_arguments",
    "aggregate_tasks",
    "answer",
    "flagged",
    "refuse_aggregate_text",
]

#: The aggregate claims (dest names), each a weighted mean of binary AUCs.
CLAIMS = ("auc_roc_mean", "macro_auc_roc", "weighted_auc_roc")
_SCOPE = ("±", "+-", "+/-", "(")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The aggregate options of ``consistent``."""
    parser.add_argument("--fold-sizes", metavar="P1/N1,...", help="the folds' positives/negatives")
    parser.add_argument(
        "--folds",
        type=whole_number("--folds"),
        metavar="K",
        help="stratified folds of --positives/--negatives, sized as scikit-learn's StratifiedKFold",
    )
    parser.add_argument("--class-counts", metavar="n1,...", help="examples per class (one-vs-rest)")
    parser.add_argument("--auc-roc-mean", metavar="X", help="reported mean of the folds' AUC-ROC")
    parser.add_argument("--macro-auc-roc", metavar="X", help="reported one-vs-rest macro AUC-ROC")
    parser.add_argument(
        "--weighted-auc-roc", metavar="X", help="reported one-vs-rest AUC-ROC weighted by n_k/n"
    )
    parser.add_argument("--auc-roc-sd", metavar="X", help="reported SD of the folds' AUC-ROC")
    parser.add_argument(
        "--sd-ddof",
        choices=tuple(DDOFS),
        help="the SD's ddof: 1 sample, 0 population, either (default either)",
    )


_NUMBER = r"\d*\.?\d+"
#: (pattern, why it is not one number): checked in order, the first that matches is said.
_NOT_MODELLED = (
    (
        re.compile(r"bootstrap", re.IGNORECASE),
        "a bootstrap interval is not modelled: its ends depend on the resampling draws, not on "
        "the ranking alone; check the number alone",
    ),
    (
        re.compile(rf"\+\s*{_NUMBER}\s*/?\s*-\s*{_NUMBER}|-\s*{_NUMBER}\s*/?\s*\+\s*{_NUMBER}"),
        "an asymmetric interval (+a/-b) is not modelled (a mean ± SD is symmetric, and no "
        "modelled method prints one); check the number alone",
    ),
    (
        re.compile(rf"[\[(]\s*{_NUMBER}\s*(,|;|-|–|to)\s*{_NUMBER}\s*[\])]|\bCI\b", re.IGNORECASE),
        "an interval beside the number is not modelled here: one AUC-ROC's DeLong or "
        "Hanley-McNeil interval is checked with --auc-roc X --auc-ci LO,HI; an interval around a "
        "mean of folds or classes (bootstrap, percentiles, t) is not modelled: check the mean "
        "alone",
    ),
)


def refuse_aggregate_text(flag: str, text: str | None) -> None:
    """A claim written into one number's flag that is no number: said, not a generic parse
    error (a bootstrap or asymmetric interval, an interval beside it, a mean ± SD)."""
    if text is None:
        return
    for pattern, why in _NOT_MODELLED:
        if pattern.search(text):
            raise InvalidInputError(f"{flag} takes one printed number, got {text!r}: {why}")
    if any(mark in text for mark in _SCOPE) and "auc-roc" not in flag:
        raise InvalidInputError(
            f"{flag} takes one printed number, got {text!r}: a mean ± SD over folds is "
            "checked for AUC-ROC only (--auc-roc-mean, --auc-roc-sd), not yet for this metric; "
            "check the number alone"
        )
    if any(mark in text for mark in _SCOPE):
        raise InvalidInputError(
            f"{flag} takes one printed number, got {text!r}: a cross-validated mean ± SD is "
            "checked with --auc-roc-mean X and --auc-roc-sd Y, the folds as "
            "--folds K (with --positives/--negatives) or --fold-sizes P1/N1,..."
        )


def flagged(flag: str, parameter: str, parse: Callable[[], _T]) -> _T:
    """``parse()``, its library message (about ``parameter``) worded with ``flag``."""
    try:
        return parse()
    except InvalidInputError as exc:
        text = str(exc)
        if text.startswith(parameter):
            raise InvalidInputError(flag + text.removeprefix(parameter)) from None
        raise InvalidInputError(f"{flag}: {text}") from None


def aggregate_tasks(
    args: argparse.Namespace, flag: str, folds: bool, weighted: bool = False
) -> tuple[tuple[Task, ...], tuple[Fraction, ...], dict[str, str]]:
    """The binary tasks of a fold claim (``folds``: ``--fold-sizes`` or ``--folds`` K of
    ``--positives/--negatives``) or of a class claim (``--class-counts``), their weights and
    the question's claims that name them; ``flag`` names the claim in the refusals."""
    if folds:
        if args.class_counts is not None or (args.fold_sizes is None) == (args.folds is None):
            raise InvalidInputError(
                f"{flag} needs the folds: --fold-sizes P1/N1,... or --folds K (with "
                "--positives and --negatives)"
            )
        if args.fold_sizes is not None:
            if args.positives is not None or args.negatives is not None:
                raise InvalidInputError(
                    "--fold-sizes gives the folds' sizes: drop --positives/--negatives"
                )
            tasks = flagged("--fold-sizes", "fold sizes", lambda: parse_fold_sizes(args.fold_sizes))
            named = {"fold_sizes": args.fold_sizes}
        else:
            if args.positives is None or args.negatives is None:
                raise InvalidInputError("--folds splits --positives and --negatives: give both")
            tasks = flagged(
                "--folds",
                "folds",
                lambda: stratified_fold_sizes(args.positives, args.negatives, args.folds),
            )
            named = {"folds": str(args.folds)}
        return tasks, tuple(Fraction(1, len(tasks)) for _ in tasks), named
    if args.class_counts is None or args.fold_sizes is not None or args.folds is not None:
        raise InvalidInputError(f"{flag} needs --class-counts n1,n2,... alone")
    if args.positives is not None or args.negatives is not None:
        raise InvalidInputError(
            "--class-counts gives the classes' sizes: drop --positives/--negatives"
        )
    counts = flagged(
        "--class-counts", "class counts", lambda: parse_class_counts(args.class_counts)
    )
    tasks, weights = flagged(
        "--class-counts", "class counts", lambda: class_tasks(counts, weighted)
    )
    return tasks, weights, {"class_counts": args.class_counts}


def _question(args: argparse.Namespace) -> tuple[Aggregate, str, dict[str, str], tuple[int, int]]:
    given = [name for name in CLAIMS if getattr(args, name) is not None]
    if len(given) > 1 or (not given and args.auc_roc_sd is None):
        raise InvalidInputError(
            "give one of --auc-roc-mean, --macro-auc-roc, --weighted-auc-roc per call"
        )
    claim = given[0] if given else "auc_roc_mean"
    text = getattr(args, claim)
    claims = {}
    if text is None:  # an SD alone: any mean
        interval = Interval(Fraction(0), Fraction(1))
    else:
        flag = "--" + claim.replace("_", "-")
        refuse_aggregate_text(flag, text)
        interval = flagged(
            flag, "a reported number", lambda: reported_interval(text, args.rounding or "nearest")
        )
        claims[claim] = text
    if args.auc_roc_sd is not None:
        if claim != "auc_roc_mean":
            raise InvalidInputError("--auc-roc-sd is the SD of fold AUCs: give the folds")
        refuse_aggregate_text("--auc-roc-sd", args.auc_roc_sd)
        claims["auc_roc_sd"] = args.auc_roc_sd
        claims["sd_ddof"] = args.sd_ddof or "either"
    folds = claim == "auc_roc_mean"
    if folds and (
        args.class_counts is not None or (args.fold_sizes is None) == (args.folds is None)
    ):
        raise InvalidInputError(
            f"{'--auc-roc-mean' if text is not None else '--auc-roc-sd'} is over folds whose "
            "number and sizes fix its values: a mean over an unknown number of folds is not "
            "modelled; give --folds K (stratified, with --positives and --negatives) or "
            "--fold-sizes P1/N1,..."
        )
    tasks, weights, named = aggregate_tasks(
        args, "--" + claim.replace("_", "-"), folds, claim == "weighted_auc_roc"
    )
    claims |= named
    totals = (sum(p for p, _ in tasks), sum(n for _, n in tasks))
    return Aggregate(tasks, weights, interval, not args.no_ties), claim, claims, totals


def answer(args: argparse.Namespace, others: list[str]) -> tuple[str, int] | None:
    """The answer for an aggregate claim (None when none is given); ``others``: other claims."""
    if args.sd_ddof is not None and args.auc_roc_sd is None:
        raise InvalidInputError("--sd-ddof says how --auc-roc-sd was computed: give both")
    if all(getattr(args, name) is None for name in (*CLAIMS, "auc_roc_sd")):
        if args.fold_sizes is not None or args.folds is not None or args.class_counts is not None:
            raise InvalidInputError(
                "--fold-sizes, --folds and --class-counts go with --auc-roc-mean, "
                "--macro-auc-roc or --weighted-auc-roc"
            )
        return None
    if others or args.roc_point:
        raise InvalidInputError(
            "an aggregate claim (--auc-roc-mean, --macro-auc-roc, --weighted-auc-roc) is checked "
            "alone here: check the other numbers in a separate call"
        )
    query, claim, claims, (p, n) = _question(args)
    spread = None
    if args.auc_roc_sd is not None:
        sd = flagged(
            "--auc-roc-sd",
            "a reported number",
            lambda: reported_interval(args.auc_roc_sd, args.rounding or "nearest"),
        )
        spread = Spread(query, sd, DDOFS[args.sd_ddof or "either"])
    outcome = decide_mean(query) if spread is None else decide_spread(spread)
    reasons = [flag_words(r) for r in outcome.reasons if outcome.verdict != "possible"]
    if outcome.ran_out is not None:
        reasons.append(cli_message(ResourceLimitError("the search stopped", limit=outcome.ran_out)))
    result: dict[str, Any] = {"verdict": outcome.verdict, "reasons": reasons}
    if outcome.verdict == "impossible":  # the stages whose certificates prove it
        result["proved_by"] = [c.stage for c in outcome.certificates]
    if claim != "auc_roc_mean":
        result["model"] = (
            "free per-class scores (each class's one-vs-rest scores its own ranking); the "
            "witness rankings are for that model (--witness FILE says whether its file is a "
            "probability matrix), an impossible holds for every model"
        )
    result["tasks"] = [list(t) for t in query.tasks]
    if outcome.witness is not None:
        g = outcome.witness.witness
        rankings = task_rankings(query, g)
        result["witness"] = [
            {"positives": tp, "negatives": tn, "auc_roc": number(query.mean_of(i, g), 6)}
            | {"groups": [list(group) for group in rankings[i]]}
            for i, (tp, tn) in enumerate(query.tasks)
        ]
        result["mean"] = number(query.mean(g), 10)
        if spread is not None:
            ddof = spread.fits(g)
            assert ddof is not None  # certified
            values = [query.mean_of(i, g) for i in range(len(g))]
            result["sd_ddof"] = ddof
            result["variance"] = number(variance(values, ddof), 10)
    if args.witness is not None:
        result |= _witness_file(args.witness, query, claim, spread, outcome)
    if args.certificate is not None:
        question = {
            "positives": p,
            "negatives": n,
            "ties": query.ties,
            "rounding": args.rounding or "nearest",
            "claims": claims,
        }
        impossible = outcome.verdict == "impossible"
        document = aggregate_document(
            question, outcome.verdict, impossible, claim, "aggregate", outcome.certificates
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
            f"AUC-ROC {entry['auc_roc']['exact']}"
        )
    if "witness_model" in result:
        shown = result["witness_file_values"]
        lines.append(
            f"  every example written to {args.witness} ({result['witness_columns']}; "
            f"{result['witness_model']}): AUC-ROC "
            + ", ".join(a["exact"] for a in shown["auc_roc"])
            + f"; {claim} {shown[claim]['exact']}"
        )
    elif "witness_not_written" in result:
        lines.append(f"  {result['witness_not_written']}")
    return "\n".join(lines), code


def _witness_file(
    path: str, query: Aggregate, claim: str, spread: Spread | None, outcome: Outcome[Any]
) -> dict[str, Any]:
    """``--witness FILE``: the aggregate's witness file (:func:`write_aggregate_witness`), the
    model it is for and the values recomputed from it; or why none is written."""
    if outcome.witness is None:
        return {
            "witness_file": None,
            "witness_not_written": f"no witness written to {path}: the answer is "
            f"{outcome.verdict}, so there is no ranking to write",
        }
    kind: Kind = "folds" if claim == "auc_roc_mean" else "classes"
    written = write_aggregate_witness(path, query, outcome.witness.witness, kind)
    values: dict[str, Any] = {"auc_roc": [number(a, 6) for a in written.aucs]}
    values[claim] = number(written.value, 10)
    if spread is not None:
        ddof = spread.fits(outcome.witness.witness)
        values["variance"] = number(variance(list(written.aucs), ddof or 0), 10)
    return {
        "witness_file": str(path),
        "witness_columns": written.header,
        "witness_model": written.model,
        "witness_file_values": values,
    }
