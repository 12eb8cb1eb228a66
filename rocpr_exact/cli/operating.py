"""``rocpr-exact operating-point DATA --f-beta 1``: the best threshold, its counts and rates.

One criterion (:mod:`rocpr_exact.geometry.optimal`): ``--f-beta B`` or ``--youden`` (the
greatest F-beta or Youden's J), ``--at-recall R`` (the greatest precision at a recall of at
least R), ``--at-precision Q`` (the greatest recall at a precision of at least Q) or
``--at-fpr F`` (the greatest TPR at a false positive rate of at most F).  Every number is
exact; the threshold is the score cut-off (positive iff score >= threshold).
"""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from typing import Any

from rocpr_exact.cli.commands import HELP
from rocpr_exact.cli.loading import load_curve
from rocpr_exact.cli.options import (
    add_data_arguments,
    add_digits_argument,
    exact_number,
)
from rocpr_exact.geometry.optimal import best_operating_point, constrained_operating_point
from rocpr_exact.output.listing import format_point, point_listing

__all__ = ["register", "run"]


def _unit(flag: str, *, positive: bool = False) -> Any:
    """The type of a rate flag: an exact number in [0, 1] (``--f-beta``: any number > 0)."""

    def parse(text: str) -> Fraction:
        value = exact_number(text)
        if positive and value <= 0:
            raise argparse.ArgumentTypeError(f"{flag} takes a number > 0, got {text!r}")
        if not positive and not 0 <= value <= 1:
            raise argparse.ArgumentTypeError(f"{flag} takes a number from 0 to 1, got {text!r}")
        return value

    parse.__name__ = flag
    return parse


def register(commands: Any) -> None:
    """Add the ``operating-point`` command."""
    command = commands.add_parser("operating-point", help=HELP["operating-point"])
    add_data_arguments(command)
    add_digits_argument(command)
    criterion = command.add_mutually_exclusive_group(required=True)
    criterion.add_argument(
        "--f-beta", type=_unit("--f-beta", positive=True), metavar="B",
        help="the greatest F-beta (B = 1: F1; exact, e.g. 0.5 or 1/2)",
    )  # fmt: skip
    criterion.add_argument("--youden", action="store_true", help="the greatest TPR - FPR")
    criterion.add_argument(
        "--at-recall", type=_unit("--at-recall"), metavar="R",
        help="the greatest precision among thresholds with recall >= R",
    )  # fmt: skip
    criterion.add_argument(
        "--at-precision", type=_unit("--at-precision"), metavar="Q",
        help="the greatest recall among thresholds with precision >= Q",
    )  # fmt: skip
    criterion.add_argument(
        "--at-fpr", type=_unit("--at-fpr"), metavar="F",
        help="the greatest TPR among thresholds with FPR <= F",
    )  # fmt: skip
    command.add_argument("--format", choices=("json", "text"), default="json")
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[str, int]:
    curve = load_curve(args)
    head: dict[str, Any] = {"source": args.data}
    if args.f_beta is not None:
        point = best_operating_point(curve, "f_beta", beta=args.f_beta)
        head |= {"criterion": "f_beta", "beta": str(args.f_beta), "value_of": "F-beta"}
    elif args.youden:
        point = best_operating_point(curve, "youden")
        head |= {"criterion": "youden", "value_of": "TPR - FPR"}
    else:
        constraint, level, value = next(
            (name, level, value)
            for name, level, value in (
                ("recall", args.at_recall, "precision"),
                ("precision", args.at_precision, "recall"),
                ("fpr", args.at_fpr, "tpr"),
            )
            if level is not None
        )
        point = constrained_operating_point(curve, constraint, level)  # type: ignore[arg-type]
        head |= {"criterion": f"at_{constraint}", "level": str(level), "value_of": value}
    listing = {**head, "positives": curve.positives, "negatives": curve.negatives}
    listing |= point_listing(curve, point, args.digits)
    if args.format == "text":
        return format_point(listing), 0
    return json.dumps(listing, indent=2), 0
