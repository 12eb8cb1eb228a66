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
* 130: interrupted (Ctrl-C); 143 and 129: terminated (SIGTERM, SIGHUP); a temporary file
  being written is removed first (:mod:`rocpr_exact.cli.interrupts`).  141: the output pipe
  was closed (as SIGPIPE).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import importlib
import os
import re
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, NoReturn

from rocpr_exact import __version__, limits
from rocpr_exact.cli import interrupts
from rocpr_exact.cli.commands import HELP, MODULES
from rocpr_exact.cli.options import cli_message
from rocpr_exact.errors import InvalidInputError, RocPrError
from rocpr_exact.io import notices

__all__ = ["COMMANDS", "build_parser", "main"]

EXIT_OK = 0
EXIT_BAD_INPUT = 2
EXIT_INTERNAL_ERROR = 3
EXIT_INTERRUPTED = 130
EXIT_BROKEN_PIPE = 141

#: Messages longer than this are shortened in the middle (a score of 10,000 digits, say).
MAX_MESSAGE_CHARS = 1_000

#: The commands, in the order ``--help`` lists them (:mod:`rocpr_exact.cli.commands`).
COMMANDS: tuple[str, ...] = tuple(MODULES)


class _UsageError(Exception):
    """A command-line usage error (argparse's message, without the usage lines)."""


#: The actions that keep one value: a second occurrence would silently replace the first, so
#: it is refused.  The repeatable ones (``action="append"``, such as ``--limit``) collect.
_SINGLE_VALUED = (
    argparse._StoreAction,
    argparse._StoreConstAction,  # with store_true and store_false
    argparse.BooleanOptionalAction,
)

#: A word that starts like a negative number (``-0.2,1.3``, ``-.5``, ``-1/2``, ``-3e-4``) is a
#: value, never an option: no option of the command line starts with a digit or ``.``.
_NEGATIVE_NUMBER = re.compile(r"^-\.?[0-9]")


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line (exit status 2) rather than usage + message,
    which refuses a single-valued flag given twice (in any spelling: ``--x v``, ``--x=v``, an
    abbreviation) and reads a negative number (or a list of them) as a value.

    Subcommand parsers are made by ``add_subparsers`` with the same class.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = _NEGATIVE_NUMBER
        self._given: dict[argparse.Action, list[str]] = {}

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{message} (see {self.prog} --help)")

    def _parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
        self._given = {}  # the flags seen in this parse
        return super()._parse_known_args(*args, **kwargs)

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        if action.option_strings and isinstance(action, _SINGLE_VALUED):
            first = self._given.get(action)
            if first is not None:
                self.error(_twice(action, first, arg_strings))
            self._given[action] = list(arg_strings)
        return super()._get_values(action, arg_strings)


def _twice(action: argparse.Action, first: list[str], second: list[str]) -> str:
    """The refusal of a flag given twice, naming both values."""
    values = f" ({' '.join(first)} and {' '.join(second)})" if first or second else ""
    return f"{'/'.join(action.option_strings)} is given twice{values}: give it once"


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser: every command in full, or (``command``) that one in full and the others by
    name and help only, so that a run imports the modules of its own command alone."""
    parser = _Parser(
        prog="rocpr-exact",
        description="Exact ROC and precision-recall analysis (Davis & Goadrich 2006).",
    )
    parser.add_argument("--version", action="version", version=f"rocpr-exact {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        if command is None or command == name:
            _module(name).register(commands)
        else:
            commands.add_parser(name, help=HELP[name])
    return parser


def _module(name: str) -> ModuleType:
    return importlib.import_module(f"rocpr_exact.cli.{MODULES[name]}")


def _command(argv: Sequence[str]) -> str | None:
    """The command named in ``argv`` (its first word that is not an option), if known."""
    word = next((a for a in argv if not a.startswith("-")), None)
    return word if word in MODULES else None


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


def _note(text: str) -> None:
    """A notice from the readers (:mod:`rocpr_exact.io.notices`): one line on stderr."""
    _say(f"note: {text}")


def _limits_of(args: argparse.Namespace) -> limits.Limits:
    chosen = limits.Limits.unlimited() if getattr(args, "no_limits", False) else limits.current()
    return dataclasses.replace(chosen, **dict(getattr(args, "limit", None) or []))


def _run(argv: Sequence[str] | None) -> int:
    words = sys.argv[1:] if argv is None else argv
    try:
        args = build_parser(_command(words) or "").parse_args(words)
    except _UsageError as exc:
        _say(f"error: {exc}")
        return EXIT_BAD_INPUT
    except SystemExit as exc:  # --help and --version print and stop
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    run: Callable[[argparse.Namespace], tuple[str, int]] = args.run
    with limits.using(_limits_of(args)), notices.listening(_note):
        if hasattr(args, "digits"):
            limits.check_digits(args.digits)
        output, status = run(args)  # e.g. ``check`` exits 1 when a verdict is not PASS
    _write_output(output)
    return status


def _write_output(output: str) -> None:
    """Print the command's output; a closed or failing standard output is an error (exit 2).

    Python sets ``sys.stdout`` to None when file descriptor 1 is closed, and ``print`` then
    writes nothing without a word; a full disk raises OSError.  Either way the output is lost,
    so the command must not report success.  A closed pipe stays status 141 (``main``).
    """
    if sys.stdout is None:
        raise InvalidInputError("standard output is closed: the output cannot be written")
    try:
        print(output, flush=True)
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise InvalidInputError(
            f"cannot write the output to standard output: {exc.strerror or exc}"
        ) from None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (module docstring).

    Bad input, bad usage and resource limits: one line on stderr, status 2.
    Any other exception is an internal error: one line, status 3 (the
    traceback only with ``ROCPR_EXACT_DEBUG=1``).
    """
    previous = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # exact values are bounded by limits.max_exact_digits instead
    try:
        with interrupts.handled():
            return _run(argv)
    except interrupts.Terminated as exc:
        _say("interrupted")
        return 128 + exc.signal
    except RocPrError as exc:
        _say(f"error: {cli_message(exc)}")
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
