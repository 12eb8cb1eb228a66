"""``rocpr-exact consistent``: can these published numbers all be true?

    rocpr-exact consistent --positives 10 --negatives 10 --auc-roc 0.873

Exit status 0 possible, 1 impossible, 4 undecided; bad input raises a
:class:`~rocpr_exact.errors.RocPrError` (the CLI prints it and exits 2).
Numbers are read as printed text, never through ``float``.
"""

from __future__ import annotations

import argparse
import json

from rocpr_exact.cli.options import add_limit_arguments, flag_words, whole_number
from rocpr_exact.consistency.check import DEFAULT_MAX_STEPS, METRICS, check_consistency
from rocpr_exact.consistency.reported import ROUNDINGS
from rocpr_exact.errors import InvalidInputError

__all__ = ["EXIT_STATUS", "register", "run"]

EXIT_STATUS = {"possible": 0, "impossible": 1, "undecided": 4}


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``consistent`` command to ``commands`` (``set_defaults(run=run)``)."""
    parser = commands.add_parser(
        "consistent",
        help="decide exactly whether reported metrics can all be true for P and N",
        description=(
            "Decide exactly whether reported metrics (as printed, e.g. 0.873) can all hold for "
            "some ranking of P positives and N negatives. Exit 0 possible (with a witness), "
            "1 impossible (with the reason), 4 undecided (search limit reached)."
        ),
    )
    parser.add_argument("--positives", type=whole_number("--positives"), required=True, metavar="P")
    parser.add_argument("--negatives", type=whole_number("--negatives"), required=True, metavar="N")
    for name in METRICS:
        parser.add_argument(
            "--" + name.replace("_", "-"), dest=name, metavar="X", help=f"reported {name}"
        )
    parser.add_argument("--rounding", choices=ROUNDINGS, default="nearest")
    parser.add_argument(
        "--no-ties", action="store_true", help="the scores have no ties (default: ties allowed)"
    )
    parser.add_argument(
        "--max-steps",
        type=whole_number("--max-steps"),
        default=DEFAULT_MAX_STEPS,
        help=f"bound of the exhaustive search (default {DEFAULT_MAX_STEPS:,})",
    )
    parser.add_argument("--format", choices=("json", "text"), default="json")
    add_limit_arguments(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[str, int]:
    """Run the command: (stdout text, exit status)."""
    reported = {name: getattr(args, name) for name in METRICS if getattr(args, name) is not None}
    if not reported:
        raise InvalidInputError(
            "consistent needs at least one reported metric, e.g. --auc-roc 0.873"
        )
    verdict = check_consistency(
        args.positives,
        args.negatives,
        reported,
        args.rounding,
        ties=not args.no_ties,
        max_steps=args.max_steps,
    )
    if args.format == "json":
        answer = verdict.to_json()
        answer["reasons"] = [flag_words(reason) for reason in answer["reasons"]]
        text = json.dumps(answer, indent=2)
    else:
        lines = [verdict.verdict, *(f"  {flag_words(reason)}" for reason in verdict.reasons)]
        if verdict.witness is not None:
            w = verdict.witness
            lines.append("  witness scores: " + " ".join(map(str, w.scores)))
            lines.append("  witness labels: " + " ".join(map(str, w.labels)))
            if w.threshold is not None:
                lines.append(f"  operating point: positive iff score >= {w.threshold}")
            lines += [f"  {name} = {value}" for name, value in w.values]
        text = "\n".join(lines)
    return text, EXIT_STATUS[verdict.verdict]
