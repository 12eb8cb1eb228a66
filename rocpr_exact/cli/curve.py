"""``rocpr-exact curve DATA``: the exact ROC and PR points and the PR curve on a recall grid."""

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
from rocpr_exact.output.listing import curve_listing, format_listing

__all__ = ["register", "run"]


def register(commands: Any) -> None:
    """Add the ``curve`` command."""
    curve = commands.add_parser("curve", help=HELP["curve"])
    add_data_arguments(curve)
    add_digits_argument(curve)
    curve.add_argument(
        "--recall-step",
        type=exact_number,
        default=Fraction(1, 100),
        help="spacing of the recall grid, exact (default 1/100)",
    )
    curve.add_argument("--format", choices=("json", "text"), default="json")
    curve.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[str, int]:
    listing = {
        "source": args.data,
        **curve_listing(load_curve(args), args.recall_step, args.digits),
    }
    if args.format == "text":
        return format_listing(listing), 0
    return json.dumps(listing, indent=2), 0
