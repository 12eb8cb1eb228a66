"""The ``rocpr-exact`` command line.

``rocpr-exact report DATA.csv`` prints the exact JSON report of a scored
dataset (``--format text`` for a table).

Exit status (documented in ``docs/reliability.md``):

* 0: success.
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
from typing import IO, Any, NoReturn

from . import limits
from .curve import Curve
from .errors import InvalidInputError, RocPrError
from .readers import read_scored_csv
from .report import DEFAULT_DIGITS, build_report

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
    """The options every command that reads a scored CSV shares (with the limit options)."""
    parser.add_argument("data", help="CSV file with a header; '-' reads standard input")
    parser.add_argument("--score-column", default="score", help="score column (default: score)")
    parser.add_argument("--label-column", default="label", help="label column (default: label)")
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
    report.set_defaults(run=_run_report)


#: Each entry adds one subcommand (a function of the subparsers object).
COMMANDS: list[Callable[[Any], None]] = [_add_report]


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
    """The curve of the CSV named by the shared data arguments ('-': standard input)."""
    if args.data == "-":
        scores, labels = read_scored_csv(
            _stdin(), args.score_column, args.label_column, name="<stdin>"
        )
    else:
        scores, labels = read_scored_csv(args.data, args.score_column, args.label_column)
    return Curve.from_scores(scores, labels)


def _run_report(args: argparse.Namespace) -> str:
    report = build_report(load_curve(args), args.digits)
    report = {"source": args.data, **report}
    if args.format == "text":
        return format_text(report)
    return json.dumps(report, indent=2)


def _short(exact: Any) -> str:
    text = exact if isinstance(exact, str) else "closed form (see --format json)"
    return text if len(text) <= 40 else f"({len(text)} characters, see --format json)"


def format_text(report: dict[str, Any]) -> str:
    """A table for people: counts, then each area with its exact value and decimal."""
    rows = [("AUC-ROC", report["auc_roc"])]
    rows += [(f"AUC-PR {name}", value) for name, value in report["auc_pr"].items()]
    lines = [
        f"source      {report['source']}",
        f"positives   {report['positives']}",
        f"negatives   {report['negatives']}",
        f"thresholds  {report['thresholds']}",
        "",
        f"{'metric':<24} {'decimal':<{report['digits'] + 3}}  exact",
    ]
    lines += [
        f"{name:<24} {v['decimal']:<{report['digits'] + 3}}  {_short(v['exact'])}"
        for name, v in rows
    ]
    return "\n".join(lines)


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
    run: Callable[[argparse.Namespace], str] = args.run
    with limits.using(_limits_of(args)):
        if hasattr(args, "digits"):
            limits.check_digits(args.digits)
        output = run(args)
    print(output, flush=True)
    return EXIT_OK


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
