"""The ``rocpr-exact`` command line.

``rocpr-exact report DATA.csv`` prints the exact JSON report of a scored
dataset (``--format text`` for a table); ``rocpr-exact plot DATA.csv -o FILE``
draws the ROC hull and the achievable PR curve (PNG or SVG, needs matplotlib).
Bad input, or a missing optional dependency, prints one line on stderr and
exits with status 2; no traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .curve import Curve
from .errors import RocPrError
from .readers import read_parquet_histogram, read_scored_csv
from .report import DEFAULT_DIGITS, build_report

__all__ = ["main"]

#: The largest --digits accepted (certifying more digits gets slow; see README).
MAX_DIGITS = 10_000
EXIT_BAD_INPUT = 2


def _digits(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--digits takes a whole number, got {text!r}") from None
    if not 0 <= value <= MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"--digits must lie in [0, {MAX_DIGITS}], got {value}")
    return value


def add_data_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every command that reads a scored CSV shares."""
    parser.add_argument(
        "data",
        help="CSV file with a header ('-' reads standard input), or a .parquet file "
        "(reduced by DuckDB, extra 'parquet')",
    )
    parser.add_argument("--score-column", default="score", help="score column (default: score)")
    parser.add_argument("--label-column", default="label", help="label column (default: label)")


def add_digits_argument(parser: argparse.ArgumentParser) -> None:
    """The --digits option (digits after the point in every decimal)."""
    parser.add_argument(
        "--digits",
        type=_digits,
        default=DEFAULT_DIGITS,
        help=f"digits after the point in decimals (default {DEFAULT_DIGITS}, correctly rounded)",
    )


def _add_report(commands: Any) -> None:
    report = commands.add_parser(
        "report", help="exact report of a scored dataset (CSV with score and label columns)"
    )
    add_data_arguments(report)
    add_digits_argument(report)
    report.add_argument("--format", choices=("json", "text"), default="json")
    report.set_defaults(run=_run_report)


def _add_plot(commands: Any) -> None:
    plot = commands.add_parser(
        "plot",
        help="draw the ROC points with the convex hull and the PR points with the achievable "
        "PR curve and the straight-line interpolation (needs matplotlib)",
    )
    add_data_arguments(plot)
    plot.add_argument(
        "-o",
        "--output",
        required=True,
        help="image file to write; its suffix, .png or .svg, chooses the format",
    )
    plot.set_defaults(run=_run_plot)


#: Each entry adds one subcommand (a function of the subparsers object).
COMMANDS: list[Callable[[Any], None]] = [_add_report]
COMMANDS.append(_add_plot)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rocpr-exact",
        description="Exact ROC and precision-recall analysis (Davis & Goadrich 2006).",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in COMMANDS:
        add(commands)
    return parser


def load_curve(args: argparse.Namespace) -> Curve:
    """The curve of the CSV named by the shared data arguments."""
    if args.data.lower().endswith(".parquet"):
        rows = read_parquet_histogram(args.data, args.score_column, args.label_column)
        return Curve.from_histogram(rows)
    source: Any = sys.stdin if args.data == "-" else args.data
    scores, labels = read_scored_csv(source, args.score_column, args.label_column)
    return Curve.from_scores(scores, labels)


def _run_report(args: argparse.Namespace) -> str:
    report = build_report(load_curve(args), args.digits)
    report = {"source": args.data, **report}
    if args.format == "text":
        return format_text(report)
    return json.dumps(report, indent=2)


def _run_plot(args: argparse.Namespace) -> str:
    from . import plot  # matplotlib itself is imported only when drawing

    plot.output_format(args.output)  # fail fast, before reading the data
    plot.require_matplotlib()
    plot.render(load_curve(args), args.output, title=args.data)
    return f"wrote {args.output}"


def _short(exact: Any) -> str:
    text = exact if isinstance(exact, str) else "closed form (see --format json)"
    return text if len(text) <= 40 else f"({len(text)} characters, see --format json)"


def format_text(report: dict[str, Any]) -> str:
    """A table for people: counts, the hull, then each area with its exact value and decimal."""
    rows = [("AUC-ROC", report["auc_roc"])]
    rows += [(f"AUC-PR {name}", value) for name, value in report["auc_pr"].items()]
    rows += [(f"achievable {name}", value) for name, value in report["achievable_pr"].items()]
    lines = [
        f"source      {report['source']}",
        f"positives   {report['positives']}",
        f"negatives   {report['negatives']}",
        f"thresholds  {report['thresholds']}",
        f"hull        {len(report['roc_hull'])} vertices (TP, FP): "
        + _short(", ".join(f"({tp}, {fp})" for tp, fp in report["roc_hull"])),
        "",
        f"{'metric':<26} {'decimal':<{report['digits'] + 3}}  exact",
    ]
    lines += [
        f"{name:<26} {v['decimal']:<{report['digits'] + 3}}  {_short(v['exact'])}"
        for name, v in rows
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 2 bad input)."""
    sys.set_int_max_str_digits(0)  # exact denominators can have many thousands of digits
    args = _parser().parse_args(argv)
    run: Callable[[argparse.Namespace], str] = args.run
    try:
        output = run(args)
    except RocPrError as exc:
        print(f"rocpr-exact: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(output)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
