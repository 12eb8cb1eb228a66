"""``rocpr-exact explain DATA [--value V]``: every exact metric and tool twin on the data, and
which of them a value is (:func:`rocpr_exact.testing.explain.explain`)."""

from __future__ import annotations

import argparse
import math
import sys
from typing import Any

from rocpr_exact.cli.commands import HELP
from rocpr_exact.cli.options import add_dialect_arguments, csv_dialect, exact_number

__all__ = ["given_thresholds", "given_value", "register", "run"]


def given_value(text: str) -> float:
    """``--value V``: a number as another tool printed it (read as the nearest double)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number such as 0.75, got {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number, got {text!r}")
    return value


def given_thresholds(text: str) -> list[float]:
    """``--thresholds T1,T2,...``: the list a tool was given (each as :func:`given_value`)."""
    return [given_value(part.strip()) for part in text.split(",")]


def register(commands: Any) -> None:
    """Add the ``explain`` command."""
    command = commands.add_parser("explain", help=HELP["explain"])
    command.add_argument("data", help="CSV file with a header ('-' reads standard input)")
    command.add_argument("--score-column", default="score", help="score column (default: score)")
    command.add_argument(
        "--label-column",
        default="label",
        help="label column (default: label): 0/1, or soft labels in [0, 1] (xgboost, PRROC)",
    )
    command.add_argument(
        "--weight-column",
        default=None,
        help="a column of example weights (exact decimals or p/q): the exact metrics of the "
        "weighted examples and the twins of the tools that take weights (scikit-learn, PRROC, "
        "keras, xgboost); a negative weight: PRROC's roc.curve, the rest undefined",
    )
    add_dialect_arguments(command)
    command.add_argument(
        "--value",
        type=given_value,
        metavar="V",
        help="a value another implementation gave: which metric, convention or view it is",
    )
    command.add_argument(
        "--thresholds",
        type=given_thresholds,
        metavar="T1,T2,...",
        help="a list of thresholds the tool was given (torchmetrics', keras' thresholds): "
        "their calls with it are tried too (a list is not guessed)",
    )
    command.add_argument(
        "--rtol",
        type=exact_number,
        default=None,
        help="relative tolerance of a match (default 1e-9: float rounding)",
    )
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[str, int]:
    from fractions import Fraction

    from rocpr_exact.io.explained import read_explain_csv
    from rocpr_exact.testing.explain import explain

    source = sys.stdin.buffer if args.data == "-" else args.data
    name = "<stdin>" if args.data == "-" else None
    columns = (args.score_column, args.label_column, args.weight_column)
    # report's reader, and also soft labels and negative weights (the tools that take them)
    scores, labels, weights = read_explain_csv(
        source, *columns, name=name, dialect=csv_dialect(args)
    )
    rtol = Fraction(1, 10**9) if args.rtol is None else args.rtol
    found = explain(
        scores, labels, args.value, rtol=rtol, weights=weights, thresholds=args.thresholds
    )
    return found.text(), 0
