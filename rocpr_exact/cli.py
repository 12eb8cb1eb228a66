"""The ``rocpr-exact`` command line.

``rocpr-exact report DATA.csv`` prints the exact JSON report of a scored
dataset (``--format text`` for a table); ``rocpr-exact plot DATA.csv -o FILE``
draws the ROC hull and the achievable PR curve (PNG or SVG, needs matplotlib).
Bad input, or a missing optional dependency, prints one line on stderr and
exits with status 2; no traceback.

DATA is a CSV of scored examples (``score,label``), a Parquet file (reduced to a
histogram by DuckDB), or, with ``--positives P --negatives N``, a CSV of
operating points whose header is ``recall,precision`` or ``fpr,tpr``
(:mod:`rocpr_exact.io.points`, as AUCCalculator reads them).
``rocpr-exact curve DATA --recall-step 1/100`` lists the exact ROC and PR points
and the PR curve on a recall grid (:mod:`rocpr_exact.output.listing`).

Exit status (documented in ``docs/reliability.md``):

* 0: success (``check``: every verdict PASS).
* 1: ``check`` only: some verdict is FAIL or MISSING.
* 2: the input or the options cannot be used: bad data, bad usage, or a
  resource limit of :mod:`rocpr_exact.limits` (also: out of memory).  One line
  on stderr, ``rocpr-exact: error: ...``; never a traceback.
* 3: an internal error (a bug): one line ``rocpr-exact: internal error, please
  report ...``; set ``ROCPR_EXACT_DEBUG=1`` to see the traceback.
* 130: interrupted (Ctrl-C).  141: the output pipe was closed (as SIGPIPE).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import IO, Any, NoReturn

from rocpr_exact import limits
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError, RocPrError
from rocpr_exact.io.points import curve_from_points, read_points_csv
from rocpr_exact.io.readers import read_parquet_histogram, read_scored_csv
from rocpr_exact.oracle import conformance, vectors
from rocpr_exact.output.listing import curve_listing, format_listing
from rocpr_exact.output.progress import Progress
from rocpr_exact.output.report import DEFAULT_DIGITS, build_report
from rocpr_exact.profiles.registry import PROFILES

__all__ = ["main"]

#: The default largest --digits (``--limit max_digits=N`` raises it).
MAX_DIGITS = limits.DEFAULTS.max_digits
EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_INTERNAL_ERROR = 3
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141
#: Messages longer than this are shortened in the middle (a score of 10,000 digits, say).
MAX_MESSAGE_CHARS = 1_000


def _digits(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--digits takes a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"--digits must be >= 0, got {value}")
    return value


def _limit(text: str) -> tuple[str, int | None]:
    try:
        return limits.parse_assignment(text)
    except InvalidInputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    """``--limit NAME=N`` (repeatable) and ``--no-limits`` (see :mod:`rocpr_exact.limits`)."""
    defaults = ", ".join(
        f"{name}={getattr(limits.DEFAULTS, name):_}" for name in limits.Limits.names()
    )
    parser.add_argument(
        "--limit",
        action="append",
        type=_limit,
        default=[],
        metavar="NAME=N",
        help=f"raise or lower a resource limit, N a number or 'none' (defaults: {defaults})",
    )
    parser.add_argument(
        "--no-limits", action="store_true", help="lift every resource limit (may run for hours)"
    )


def add_data_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every command that reads data shares (with the limit options)."""
    parser.add_argument(
        "data",
        help="CSV file with a header ('-' reads standard input), or a .parquet file "
        "(reduced by DuckDB, extra 'parquet')",
    )
    parser.add_argument("--score-column", default="score", help="score column (default: score)")
    parser.add_argument("--label-column", default="label", help="label column (default: label)")
    parser.add_argument(
        "--positives",
        type=int,
        metavar="P",
        help="read DATA as operating points (header recall,precision or fpr,tpr) for P positives",
    )
    parser.add_argument(
        "--negatives", type=int, metavar="N", help="the number of negatives for operating points"
    )
    add_limit_arguments(parser)


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
    report.add_argument(
        "--profile",
        action="append",
        choices=tuple(PROFILES),
        default=[],
        help="add what this tool would print without rounding error (repeatable)",
    )
    report.add_argument(
        "--no-progress",
        action="store_true",
        help="never show progress (it shows on standard error only when that is a terminal)",
    )
    report.set_defaults(run=_run_report)


def _add_plot(commands: Any) -> None:
    plot = commands.add_parser(
        "plot",
        help="draw the ROC points with the convex hull and the PR points with the achievable "
        "PR curve and the straight-line interpolation (needs matplotlib)",
    )
    add_data_arguments(plot)
    plot.add_argument("--no-progress", action="store_true", help="never show progress")
    plot.add_argument(
        "-o",
        "--output",
        required=True,
        help="image file to write; its suffix, .png, .svg or .pdf, chooses the format",
    )
    plot.add_argument("--title", help="title above the panels (default: the data file's name)")
    plot.add_argument(
        "--size",
        type=_size,
        default=None,
        metavar="WxH",
        help="figure size in inches, width x height (default: 10x5)",
    )
    plot.add_argument(
        "--dpi", type=int, default=None, help="pixels per inch of a PNG (default: 300)"
    )
    plot.set_defaults(run=_run_plot)


def _size(text: str) -> tuple[Fraction, Fraction]:
    """'7x3.5' -> (7, 7/2) inches, exactly; plot.render checks the range."""
    width, _, height = text.lower().partition("x")
    try:
        return Fraction(width.strip()), Fraction(height.strip())
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT in inches, e.g. 7x3.5, got {text!r}"
        ) from None


def _fraction(text: str) -> Fraction:
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(
            f"expected an exact number such as 1/100 or 0.01, got {text!r}"
        ) from None


def _add_curve(commands: Any) -> None:
    curve = commands.add_parser(
        "curve", help="exact ROC and PR points and the PR curve on a recall grid"
    )
    add_data_arguments(curve)
    add_digits_argument(curve)
    curve.add_argument(
        "--recall-step",
        type=_fraction,
        default=Fraction(1, 100),
        help="spacing of the recall grid, exact (default 1/100)",
    )
    curve.add_argument("--format", choices=("json", "text"), default="json")
    curve.set_defaults(run=_run_curve)


def _add_vectors(commands: Any) -> None:
    command = commands.add_parser(
        "vectors", help="write the golden test vectors (deterministic; see docs/oracle.md)"
    )
    command.add_argument(
        "--write", type=Path, metavar="DIR", help="write the vector files into DIR (else print)"
    )
    command.add_argument(
        "--figure7",
        type=Path,
        default=Path("examples/figure7.json"),
        help="Figure 7 curves to add when the file exists (default examples/figure7.json)",
    )
    command.set_defaults(run=_run_vectors)


def _run_vectors(args: argparse.Namespace) -> str:
    if args.write is None:
        return vectors.dumps(vectors.build_vectors(args.figure7))
    return "\n".join(f"wrote {path}" for path in vectors.write_vectors(args.write, args.figure7))


def _tolerance(text: str) -> Fraction:
    value = _fraction(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"a tolerance must be >= 0, got {text!r}")
    return value


def _add_check(commands: Any) -> None:
    command = commands.add_parser(
        "check",
        help="compare another implementation's results with the vectors (exit 0 = all pass)",
        description=(
            "RESULTS.json: {'results': {tcId: {metric: value}}}; see docs/oracle.md. "
            "Exit 0 when every verdict is PASS, 1 on FAIL or MISSING, 2 for bad input files."
        ),
    )
    command.add_argument("vectors", type=Path, help="a vector file (vectors/rocpr_auc_test.json)")
    command.add_argument("results", type=Path, help="the implementation's RESULTS.json")
    command.add_argument(
        "--rtol", type=_tolerance, default=Fraction(1, 10**9), help="relative tolerance (1e-9)"
    )
    command.add_argument("--atol", type=_tolerance, default=Fraction(0), help="absolute (0)")
    command.add_argument(
        "--metric",
        action="append",
        default=[],
        help="check this metric (repeatable; default: every metric named in RESULTS.json)",
    )
    command.add_argument(
        "--skip-flag",
        action="append",
        default=[],
        metavar="FLAG",
        help="do not check cases with this flag, e.g. ExactScores (repeatable)",
    )
    command.add_argument("--quiet", action="store_true", help="print only failures and summary")
    command.set_defaults(run=_run_check)


def _run_check(args: argparse.Namespace) -> tuple[str, int]:
    report = conformance.check_files(
        args.vectors, args.results, args.rtol, args.atol, args.metric, args.skip_flag
    )
    return report.format(args.quiet), report.exit_code


#: Each entry adds one subcommand (a function of the subparsers object).
COMMANDS: list[Callable[[Any], None]] = [
    _add_report,
    _add_curve,
    _add_vectors,
    _add_check,
    _add_plot,
]


class _UsageError(Exception):
    """A command-line usage error (argparse's message, without the usage lines)."""


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (exit status 2) rather than usage + message.

    Subcommand parsers are made by ``add_subparsers`` with the same class.
    """

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see {self.prog} --help)")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rocpr-exact",
        description="Exact ROC and precision-recall analysis (Davis & Goadrich 2006).",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in COMMANDS:
        add(commands)
    return parser


def _stdin() -> IO[str] | IO[bytes]:
    """Standard input as bytes (decoded as UTF-8 line by line), or as text when it has no bytes."""
    stream: Any = sys.stdin
    if stream is None:
        raise InvalidInputError("'-' reads standard input, but there is none")
    return getattr(stream, "buffer", stream)  # type: ignore[no-any-return]


def load_curve(args: argparse.Namespace) -> Curve:
    """The curve named by the shared data arguments: scored examples ('-': standard input),
    a Parquet file, or operating points."""
    if args.data.lower().endswith(".parquet"):
        histogram = read_parquet_histogram(args.data, args.score_column, args.label_column)
        return Curve.from_histogram(histogram)
    if args.positives is not None or args.negatives is not None:
        if args.positives is None or args.negatives is None:
            raise InvalidInputError(
                "operating points need both --positives P and --negatives N (the class totals)"
            )
        source: Any = sys.stdin if args.data == "-" else args.data
        kind, rows = read_points_csv(source)
        return curve_from_points(kind, rows, args.positives, args.negatives)
    if args.data == "-":
        scores, labels = read_scored_csv(
            _stdin(), args.score_column, args.label_column, name="<stdin>"
        )
    else:
        scores, labels = read_scored_csv(args.data, args.score_column, args.label_column)
    return Curve.from_scores(scores, labels)


def _run_report(args: argparse.Namespace) -> str:
    profiles = list(dict.fromkeys(args.profile))  # repeated names once, in the given order
    with Progress(enabled=not args.no_progress) as progress:
        with progress.stage("reading"):
            curve = load_curve(args)
        report = build_report(curve, args.digits, profiles, progress=progress)
    report = {"source": args.data, **report}
    if args.format == "text":
        return format_text(report)
    return json.dumps(report, indent=2)


def _run_plot(args: argparse.Namespace) -> str:
    from rocpr_exact.output import plot  # matplotlib itself is imported only when drawing

    plot.output_format(args.output)  # fail fast, before reading the data
    plot.require_matplotlib()
    options: dict[str, Any] = {}
    if args.size is not None:
        options["size"] = args.size
    if args.dpi is not None:
        options["dpi"] = args.dpi
    with Progress(enabled=not args.no_progress) as progress:
        with progress.stage("reading"):
            curve = load_curve(args)
        plot.render(curve, args.output, title=args.title or args.data, **options)
    return f"wrote {args.output}"


def _run_curve(args: argparse.Namespace) -> str:
    listing = {
        "source": args.data,
        **curve_listing(load_curve(args), args.recall_step, args.digits),
    }
    if args.format == "text":
        return format_listing(listing)
    return json.dumps(listing, indent=2)


def _short(exact: Any) -> str:
    text = exact if isinstance(exact, str) else "closed form (see --format json)"
    return text if len(text) <= 40 else f"({len(text)} characters, see --format json)"


def format_text(report: dict[str, Any]) -> str:
    """A table for people: counts, the hull, then each area with its exact value and decimal."""
    rows = [("AUC-ROC", report["auc_roc"])]
    rows += _area_rows("AUC-PR", report["auc_pr"])
    rows += _area_rows("achievable", report["achievable_pr"])
    hull = report["roc_hull"]
    lines = [
        f"source      {report['source']}",
        f"positives   {report['positives']}",
        f"negatives   {report['negatives']}",
        f"thresholds  {report['thresholds']}",
        f"hull        undefined: {hull['undefined']}"
        if "undefined" in hull
        else f"hull        {len(hull)} vertices (TP, FP): "
        + _short(", ".join(f"({tp}, {fp})" for tp, fp in hull)),
        "",
        f"{'metric':<26} {'decimal':<{report['digits'] + 3}}  exact",
    ]
    lines += [f"{name:<26} {_cells(v, report['digits'] + 3)}" for name, v in rows]
    return "\n".join(lines + _profile_lines(report))


def _area_rows(prefix: str, areas: dict[str, Any]) -> list[tuple[str, Any]]:
    """One row per method, or one row saying why the areas are undefined."""
    if "undefined" in areas:
        return [(prefix, areas)]
    return [(f"{prefix} {name}", value) for name, value in areas.items()]


def _cells(value: dict[str, Any], width: int) -> str:
    """The decimal and exact columns of one value, or 'undefined' and the reason."""
    if "undefined" in value:
        return f"{'undefined':<{width}}  {value['undefined']}"
    return f"{value['decimal']:<{width}}  {_short(value['exact'])}"


def _profile_lines(report: dict[str, Any]) -> list[str]:
    """The --profile block of the text table: one row per tool metric, then known deviations."""
    width = report["digits"] + 3
    lines: list[str] = []
    for tool, entry in report.get("profiles", {}).items():
        lines += ["", f"{'profile ' + tool:<32} {'decimal':<{width}}  exact"]
        lines += [
            f"{tool + '.' + metric:<32} {_cells(v, width)}"
            for metric, v in entry.items()
            if metric != "known_deviations"
        ]
        deviations = entry["known_deviations"]
        if "undefined" in deviations:
            continue  # the metrics above already say why
        lines += [
            f"known deviation: {tool}.{d['metric']} exceeds {d['reference']} by "
            f"{d['excess']['exact']} ({d['note']})"
            for d in deviations
        ]
    return lines


def _one_line(text: str) -> str:
    """``text`` on one line, shortened in the middle when very long."""
    line = " ".join(text.split())
    if len(line) <= MAX_MESSAGE_CHARS:
        return line
    half = MAX_MESSAGE_CHARS // 2
    return f"{line[:half]} ... ({len(line) - 2 * half:,} characters left out) ... {line[-half:]}"


def _say(message: str) -> None:
    with contextlib.suppress(OSError, ValueError):  # stderr closed: nothing more to say
        print(f"rocpr-exact: {_one_line(message)}", file=sys.stderr, flush=True)


def _limits_of(args: argparse.Namespace) -> limits.Limits:
    chosen = limits.Limits.unlimited() if getattr(args, "no_limits", False) else limits.current()
    return dataclasses.replace(chosen, **dict(getattr(args, "limit", None) or []))


def _run(argv: Sequence[str] | None) -> int:
    try:
        args = _parser().parse_args(argv)
    except _UsageError as exc:
        _say(f"error: {exc}")
        return EXIT_BAD_INPUT
    except SystemExit as exc:  # --help and --version print and stop
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    run: Callable[[argparse.Namespace], str | tuple[str, int]] = args.run
    with limits.using(_limits_of(args)):
        if hasattr(args, "digits"):
            limits.check_digits(args.digits)
        result = run(args)
    # A command returns its output, or (output, status) when it has its own status
    # (``check`` exits 1 when a verdict is not PASS).
    output, status = result if isinstance(result, tuple) else (result, EXIT_OK)
    print(output, flush=True)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (module docstring).

    Bad input, bad usage and resource limits: one line on stderr, status 2.
    Any other exception is an internal error: one line, status 3 (the
    traceback only with ``ROCPR_EXACT_DEBUG=1``).
    """
    previous = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # exact values are bounded by limits.max_exact_digits instead
    try:
        return _run(argv)
    except RocPrError as exc:
        _say(f"error: {exc}")
        return EXIT_BAD_INPUT
    except MemoryError:
        _say(
            "error: out of memory; the input is too large for this machine: lower the limits "
            "(--limit max_examples=N) or use a smaller file (see docs/reliability.md)"
        )
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        _say("interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except Exception as exc:  # the last line of defence: never a traceback
        if os.environ.get("ROCPR_EXACT_DEBUG"):
            raise
        _say(
            f"internal error, please report it with the command and its input "
            f"(ROCPR_EXACT_DEBUG=1 shows the traceback): {type(exc).__name__}: {exc}"
        )
        return EXIT_INTERNAL_ERROR
    finally:
        sys.set_int_max_str_digits(previous)


def _silence_stdout() -> None:
    """After a closed pipe, point the real stdout at /dev/null so the exit flush is quiet."""
    if sys.stdout is not sys.__stdout__ or sys.__stdout__ is None:
        return
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.__stdout__.fileno())


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
