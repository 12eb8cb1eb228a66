"""``rocpr-exact fuzz METRIC -- COMMAND ...``: search for data on which a program is wrong.

The command gets the path of a CSV (``score,label``) as its last argument, or in place of
``{}`` if the command has one, and prints one number (``nan`` or nothing: undefined).  Each
dataset hypothesis draws (:mod:`rocpr_exact.testing.strategies`) is written, the command run,
its number judged exactly against METRIC; a wrong number is shrunk to a minimal dataset
(:mod:`rocpr_exact.testing.shrink`: few program runs, none of a dataset run before), which
is written to ``--output`` (default ``fuzz-counterexample.csv``) with the diagnosis printed.

Exit status: 0 nothing found within the budget (``--max-examples``, ``--seconds``: the search
and the shrinking together; a counterexample whose shrinking the time cut short is still a
failing dataset, and the message says it is not fully shrunk), 1 a counterexample, 2 bad
usage.  A progress line on standard error when it is a terminal.
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path
from typing import Any

from rocpr_exact.cli.commands import HELP
from rocpr_exact.cli.options import exact_number, whole_number
from rocpr_exact.errors import InvalidInputError, MissingDependencyError

__all__ = ["CommandFailed", "parse_answer", "register", "run", "write_csv"]

#: Words a command may print for "undefined" (any case).
UNDEFINED = frozenset({"", "nan", "na", "none", "null", "undefined"})


class CommandFailed(Exception):
    """The command exited with a non-zero status (its last line of stderr as the message)."""


def parse_answer(text: str) -> Any:
    """The number a command printed: exact for a decimal, NaN for "undefined", else the text.

    >>> parse_answer("0.75\\n"), parse_answer("NaN") != parse_answer("NaN"), parse_answer("x")
    (Fraction(3, 4), True, 'x')
    """
    word = text.strip()
    if word.lower() in UNDEFINED:
        return math.nan
    try:
        value = Decimal(word)
    except InvalidOperation:
        return word
    return Fraction(value) if value.is_finite() else float(value)


def write_csv(path: Path, scores: list[Any], labels: list[int]) -> None:
    """``score,label`` rows, each score as the shortest decimal that reads back as it."""
    rows = "".join(f"{s!r},{y}\n" for s, y in zip(scores, labels, strict=True))
    path.write_text("score,label\n" + rows, encoding="utf-8")


def register(commands: Any) -> None:
    """Add the ``fuzz`` command."""
    command = commands.add_parser("fuzz", help=HELP["fuzz"])
    command.add_argument("metric", help="the metric the command computes, e.g. average_precision")
    command.add_argument("--max-examples", type=whole_number("--max-examples"), default=1000)
    command.add_argument(
        "--seconds",
        type=exact_number,
        default=Fraction(60),
        help="budget of the search and the shrinking (default 60)",
    )
    command.add_argument("--seed", type=whole_number("--seed"), default=None)
    command.add_argument("--rtol", type=exact_number, default=Fraction(1, 10**9))
    command.add_argument("--atol", type=exact_number, default=Fraction(0))
    command.add_argument("--max-size", type=whole_number("--max-size"), default=3000)
    command.add_argument(
        "--timeout", type=exact_number, default=Fraction(30), help="seconds per command run"
    )
    command.add_argument(
        "--output", default="fuzz-counterexample.csv", help="where the minimal dataset goes"
    )
    command.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND ARGS ...")
    command.set_defaults(run=run, parser=command)


def _command(args: argparse.Namespace) -> list[str]:
    """The command after ``--``; options between METRIC and ``--`` are read into ``args``."""
    words = list(args.command)
    if "--" in words:
        cut = words.index("--")
        options, words = words[:cut], words[cut + 1 :]
        if options:
            try:
                args.parser.parse_args([*options, args.metric], namespace=args)
            except Exception as exc:  # argparse's one-line usage error
                raise InvalidInputError(f"the options before --: {exc.args[0]}") from None
    if not words:
        raise InvalidInputError("fuzz needs a command after --, e.g. -- python mine.py")
    if shutil.which(words[0]) is None:
        raise InvalidInputError(f"the command {words[0]!r} is not found or not executable")
    return words


def run(args: argparse.Namespace) -> tuple[str, int]:
    try:
        from rocpr_exact.testing.conform import failure_message, judge, search
    except ImportError:
        raise MissingDependencyError("fuzz needs hypothesis (pip install hypothesis)") from None
    from rocpr_exact.oracle.metrics import canonical_metric

    metric = canonical_metric(args.metric)
    command = _command(args)
    if args.max_examples < 1 or args.max_size < 1:
        raise InvalidInputError("--max-examples and --max-size must be at least 1")
    terminal = sys.stderr.isatty()
    with tempfile.TemporaryDirectory(prefix="rocpr-fuzz-") as directory:
        data = Path(directory) / "data.csv"
        words = [str(data) if w == "{}" else w for w in command]
        words = words if "{}" in command else [*words, str(data)]

        def answer(scores: list[float], labels: list[int]) -> Any:
            write_csv(data, scores, labels)
            try:
                done = subprocess.run(
                    words, capture_output=True, text=True, timeout=float(args.timeout), check=False
                )
            except subprocess.TimeoutExpired:
                got: Any = CommandFailed(f"no answer within {float(args.timeout):g} s")
            else:
                last = (done.stderr.strip().splitlines() or [""])[-1]
                failed = CommandFailed(f"exit status {done.returncode}: {last}")
                got = parse_answer(done.stdout) if done.returncode == 0 else failed
            found = judge(metric, scores, labels, got, args.rtol, args.atol)
            runs.append(found is not None)
            if found is not None and not caught:
                caught.append(time.monotonic() - start)
            return found

        start, runs, caught = time.monotonic(), list[bool](), list[float]()

        def progress(tried: int, elapsed: float) -> None:
            if terminal:
                print(f"\rfuzz: {tried} datasets, {elapsed:.0f} s", end="", file=sys.stderr)

        found, tried = search(
            answer,
            max_examples=args.max_examples,
            seconds=float(args.seconds),
            seed=args.seed,
            max_size=args.max_size,
            progress=progress,
        )
    if terminal:
        print(file=sys.stderr)
    if found is None:
        return f"no counterexample in {tried} datasets ({metric})", 0
    write_csv(Path(args.output), found.scores, found.labels)
    message = failure_message(" ".join(command), metric, found, float(args.rtol), args.atol)
    first = runs.index(True) + 1
    search_line = (
        f"found at run {first} ({caught[0]:.1f} s), shrunk in {len(runs) - first} more runs"
        f" ({time.monotonic() - start - caught[0]:.1f} s)"
    )
    return f"{message}\n{search_line}\nwrote {os.fspath(args.output)}", 1
