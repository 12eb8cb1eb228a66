"""``rocpr-exact consistent``: can these published numbers all be true?

    rocpr-exact consistent --positives 10 --negatives 10 --auc-roc 0.873
    rocpr-exact consistent --positives 10 --negatives 1000 --roc-point 0.01,0.5 --tolerance 0.002

Exit status 0 possible, 1 impossible, 4 undecided (5 not modelled: ``--auc-ci``, see
:mod:`rocpr_exact.cli.consistent_ci`); ``--claims FILE.csv`` answers a table of claims, one
row at a time (:mod:`rocpr_exact.cli.consistent_claims`); bad input raises a
:class:`~rocpr_exact.errors.RocPrError` (the CLI prints it and exits 2).
Numbers are read as printed text, never through ``float``.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rocpr_exact import limits
from rocpr_exact.cli import (
    certificate,
    consistent_aggregate,
    consistent_aggregate_ap,
    consistent_ci,
    consistent_claims,
    consistent_micro,
    consistent_pooled,
)
from rocpr_exact.cli.commands import HELP
from rocpr_exact.cli.consistent_text import Ticker, witness_lines, write_witness
from rocpr_exact.cli.options import add_limit_arguments, cli_message, flag_words, whole_number
from rocpr_exact.consistency.boxchain import check_boxes
from rocpr_exact.consistency.certificates import metric_document, searched
from rocpr_exact.consistency.check import DEFAULT_MAX_STEPS, check_consistency, reported_names
from rocpr_exact.consistency.engine.protocol import Certificate
from rocpr_exact.consistency.figures import achievable_pr_bounds, pr_boxes_from_roc
from rocpr_exact.consistency.operating import POINT_METRICS
from rocpr_exact.consistency.reported import ROUNDINGS, reported_interval
from rocpr_exact.consistency.witness import Verdict
from rocpr_exact.errors import InvalidInputError, ResourceLimitError
from rocpr_exact.exact.display import number
from rocpr_exact.limits import check_examples, check_grid_points

__all__ = ["EXIT_STATUS", "add_arguments", "register", "run"]

EXIT_STATUS = {"possible": 0, "impossible": 1, "undecided": 4}


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``consistent`` command to ``commands`` (``set_defaults(run=run)``)."""
    parser = commands.add_parser(
        "consistent",
        help=HELP["consistent"],
        description=(
            "Decide exactly whether reported metrics (as printed, e.g. 0.873) can all hold for "
            "some ranking of P positives and N negatives. Exit 0 possible (with a witness), "
            "1 impossible (with the reason), 4 undecided (search limit reached), 5 not modelled "
            "(--auc-ci: no modelled method prints that interval). --claims FILE.csv: one "
            "verdict per row, exit the worst (" + consistent_claims.ORDER_TEXT + ")."
        ),
    )
    add_arguments(parser)
    parser.set_defaults(run=run)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Every option of ``consistent`` (a ``--claims`` row is parsed by the same options)."""
    parser.add_argument("--positives", type=whole_number("--positives"), metavar="P")
    parser.add_argument("--negatives", type=whole_number("--negatives"), metavar="N")
    for name in reported_names():  # an area without consistency bounds: refused, named
        parser.add_argument(
            "--" + name.replace("_", "-"), dest=name, metavar="X", help=f"reported {name}"
        )
    parser.add_argument(
        "--rounding",
        choices=ROUNDINGS,
        help="how the reported metrics were rounded (default nearest)",
    )
    parser.add_argument(
        "--no-ties", action="store_true", help="the scores have no ties (default: ties allowed)"
    )
    parser.add_argument(
        "--max-steps",
        type=whole_number("--max-steps"),
        help="bound of the exhaustive search of an average precision or AUC-PR, and of the "
        f"order of --roc-point boxes without --auc-roc (default {DEFAULT_MAX_STEPS:,})",
    )
    parser.add_argument(
        "--roc-point",
        action="append",
        default=[],
        metavar="FPR,TPR",
        help="a ROC point read from a figure (repeatable): its PR box and the achievable PR "
        "curve's area, as exact intervals",
    )
    parser.add_argument(
        "--tolerance",
        metavar="T",
        help="reading tolerance of each --roc-point coordinate (default 0)",
    )
    parser.add_argument(
        "--format",
        choices=("json", "text", "csv"),
        help="json (the default), text, or with --claims csv (its default: a text table)",
    )
    consistent_ci.add_arguments(parser)
    consistent_aggregate.add_arguments(parser)
    consistent_aggregate_ap.add_arguments(parser)
    consistent_micro.add_arguments(parser)
    certificate.add_argument(parser)
    parser.add_argument(
        "--witness",
        metavar="FILE",
        help="write the witness of a 'possible' answer to FILE as CSV score,label (for report; "
        "an aggregate's as fold,score,label or label,score_1,...,score_K); with --claims a "
        "folder, one file per row",
    )
    parser.add_argument(
        "--no-progress",
        action="store_true",
        help="never show progress (shown on standard error past a second, only on a terminal)",
    )
    consistent_claims.add_argument(parser)
    add_limit_arguments(parser)


def _roc_points(args: argparse.Namespace) -> list[tuple[str, str]]:
    check_grid_points(len(args.roc_point), f"{len(args.roc_point):,} --roc-point values")
    points = []
    for text in args.roc_point:
        parts = text.split(",")
        if len(parts) != 2:
            raise InvalidInputError(f"--roc-point takes FPR,TPR (e.g. 0.1,0.6), got {text!r}")
        points.append((parts[0].strip(), parts[1].strip()))
    return points


def _figure(
    args: argparse.Namespace,
) -> tuple[dict[str, Any], list[str], list[tuple[tuple[int, int], tuple[int, int]]]]:
    """The ``roc_points`` part of the answer, the reasons a reading cannot be right, the boxes."""
    points = _roc_points(args)
    p, n = args.positives, args.negatives
    boxes = pr_boxes_from_roc(points, p, n, args.tolerance)
    listed: list[dict[str, Any]] = []
    reasons = []
    for index, ((fpr, tpr), box) in enumerate(zip(points, boxes, strict=True), start=1):
        if box.empty:
            reasons.append(
                f"the ROC point {index} ({fpr}, {tpr}) +- {args.tolerance} cannot be right for "
                f"P = {p}, N = {n}: no whole TP in {tpr} +- {args.tolerance} of P or no whole FP "
                f"in {fpr} +- {args.tolerance} of N"
            )
            listed.append({"fpr": fpr, "tpr": tpr, "possible": False})
            continue
        entry: dict[str, Any] = {"fpr": fpr, "tpr": tpr, "tp": list(box.tp), "fp": list(box.fp)}
        if box.recall is not None:
            entry["recall"] = [number(v, 6)["exact"] for v in box.recall]
        if box.precision is not None:
            entry["precision"] = [number(v, 6)["exact"] for v in box.precision]
        listed.append(entry)
    out: dict[str, Any] = {"roc_points": listed}
    if not reasons:
        bounds = achievable_pr_bounds(points, p, n, args.tolerance)
        out["achievable_pr"] = {
            method.replace("-", "_"): [
                number(v, 10, "the achievable PR area") for v in bounds.area(method)
            ]
            for method in ("continuous", "davis-goadrich")
        }
    return out, reasons, [(box.tp, box.fp) for box in boxes]


def _cli_reason(reason: str) -> str:
    """A reason worded with flags: a limit's remedy as ``--limit NAME=N`` (as errors say it)."""
    for name in limits.Limits.names():
        if limits.advice(name) in reason:
            return cli_message(ResourceLimitError(reason, limit=name))
    return flag_words(reason)


def _refuse_unused(args: argparse.Namespace, reported: dict[str, str]) -> None:
    """Refuse a flag that would count for nothing here; then fill in the defaults."""
    intervals = args.auc_ci is not None or args.delong_p is not None
    if args.tolerance is not None and not args.roc_point:
        raise InvalidInputError("--tolerance is the reading tolerance of --roc-point: give both")
    areas = [name for name in reported if name != "auc_roc" and name not in POINT_METRICS]
    searched = not intervals and (areas or (args.roc_point and "auc_roc" not in reported))
    if args.max_steps is not None and not searched:
        raise InvalidInputError(
            "--max-steps bounds the exhaustive search of --average-precision or an AUC-PR, and "
            "the order of --roc-point boxes without --auc-roc: here nothing uses it, drop it"
        )
    if args.rounding is not None and not reported and not intervals:
        raise InvalidInputError(
            "--rounding says how reported metrics were rounded, and none is given "
            "(--roc-point has --tolerance)"
        )
    args.tolerance = "0" if args.tolerance is None else args.tolerance
    args.max_steps = DEFAULT_MAX_STEPS if args.max_steps is None else args.max_steps
    args.rounding = "nearest" if args.rounding is None else args.rounding


def _certify(
    args: argparse.Namespace,
    reported: dict[str, str],
    verdict: Verdict | None,
    figure: dict[str, Any],
    through: list[tuple[tuple[int, int], tuple[int, int]]],
) -> None:
    """``--certificate FILE``: the answer's certificate (a ROC point with no whole counts is
    an exclusion of its own, ``roc-point-box``)."""
    extra = [
        Certificate("roc-point-box", (), {"roc_point": index, "fpr": e["fpr"], "tpr": e["tpr"]})
        for index, e in enumerate(figure.get("roc_points", []))
        if e.get("possible") is False
    ]
    question = {"roc_points": [[e["fpr"], e["tpr"]] for e in figure.get("roc_points", [])]}
    question = {**question, "tolerance": args.tolerance} if args.roc_point else {}
    document = metric_document(
        args.positives,
        args.negatives,
        reported,
        args.rounding,
        not args.no_ties,
        verdict if verdict is not None else Verdict("undecided", ()),
        through,
        extra,
        question,
    )
    certificate.write_certificate(args.certificate, document)


def run(args: argparse.Namespace) -> tuple[str, int]:
    """Run the command: (stdout text, exit status)."""
    if args.claims is not None:  # one answer of this function per row
        return consistent_claims.answer(args, add_arguments, run)
    if args.format == "csv":
        raise InvalidInputError("--format csv is the table of --claims FILE.csv: give json or text")
    args.format = args.format or "json"
    micro = consistent_micro.reduce(args)  # a micro average: the binary claim of its cells
    names = [name for name in reported_names() if hasattr(args, name)]
    reported = {name: getattr(args, name) for name in names if getattr(args, name) is not None}
    for name, text in reported.items():  # an interval or a mean ± SD: said, not a parse error
        flag = "--" + name.replace("_", "-")
        consistent_aggregate.refuse_aggregate_text(flag, text)
        try:  # a number that does not parse: said with its flag
            reported_interval(text, args.rounding or "nearest")
        except InvalidInputError as exc:
            raise InvalidInputError(f"{flag}: {exc}") from None
    aggregate = consistent_pooled.answer(args, list(reported))
    aggregate = aggregate or consistent_aggregate_ap.answer(args, list(reported))
    aggregate = aggregate or consistent_aggregate.answer(args, list(reported))
    if aggregate is not None:
        return aggregate
    if args.positives is None or args.negatives is None:
        raise InvalidInputError("consistent needs --positives P and --negatives N")
    _refuse_unused(args, reported)
    interval = consistent_ci.answer(args, [name for name in reported if name != "auc_roc"])
    if interval is not None:
        return interval
    # A witness ranks P + N examples: bounded first, in the CLI's words.
    check_examples(args.positives + args.negatives, "--positives + --negatives")
    if not reported and not args.roc_point:
        raise InvalidInputError(
            "consistent needs at least one reported metric (e.g. --auc-roc 0.873) or --roc-point"
        )
    figure, figure_reasons, boxes = _figure(args) if args.roc_point else ({}, [], [])
    if reported:
        with Ticker(enabled=not args.no_progress):
            verdict = check_consistency(
                args.positives,
                args.negatives,
                reported,
                args.rounding,
                ties=not args.no_ties,
                max_steps=args.max_steps,
                through=() if figure_reasons else boxes,  # one ranking through every ROC point
            )
        answer = verdict.to_json()
    elif not figure_reasons:  # ROC points alone: one ranking through every box
        verdict = check_boxes(
            args.positives, args.negatives, boxes, ties=not args.no_ties, max_steps=args.max_steps
        )
        verdict = searched(verdict, "rocpr_exact.consistency.boxchain", max_steps=args.max_steps)
        answer = verdict.to_json()
    else:
        verdict = None
        answer = {"verdict": "impossible", "reasons": []}
    if figure_reasons:
        kept = answer["reasons"] if answer["verdict"] == "impossible" else []
        answer = {"verdict": "impossible", "reasons": [*figure_reasons, *kept]}
    answer["reasons"] = [_cli_reason(reason) for reason in answer["reasons"]]
    answer.update(figure)
    if micro is not None:
        answer["reduced_from"] = micro
    if args.certificate is not None:
        _certify(args, reported, verdict, figure, [] if figure_reasons else boxes)
        answer["certificate_file"] = str(args.certificate)
    witness = verdict.witness if verdict is not None and answer["verdict"] == "possible" else None
    if args.witness is not None and witness is not None:
        write_witness(args.witness, witness)
        answer["witness_file"] = str(args.witness)
    elif args.witness is not None:  # said, not silent: no ranking to write
        answer["witness_file"] = None
        answer["witness_not_written"] = (
            f"no witness written to {args.witness}: the answer is {answer['verdict']}, so there "
            "is no ranking to write"
        )
    if args.format == "json":
        text = json.dumps(answer, indent=2)
    else:
        lines = [answer["verdict"], *(f"  {reason}" for reason in answer["reasons"])]
        if micro is not None:
            lines.append(f"  {micro['why']}")
        for entry in figure.get("roc_points", []):
            if entry.get("possible") is False:
                lines.append(f"  ROC point ({entry['fpr']}, {entry['tpr']}): no whole counts")
                continue
            shown = ", ".join(f"{k} {v}" for k, v in entry.items() if k not in ("fpr", "tpr"))
            lines.append(f"  ROC point ({entry['fpr']}, {entry['tpr']}): {shown}")
        for method, (low, high) in figure.get("achievable_pr", {}).items():
            lines.append(f"  achievable PR area ({method}): [{low['decimal']}, {high['decimal']}]")
        if witness is not None:
            lines += witness_lines(witness, reported, args.witness)
        if "witness_not_written" in answer:
            lines.append(f"  {answer['witness_not_written']}")
        text = "\n".join(lines)
    return text, EXIT_STATUS[answer["verdict"]]
