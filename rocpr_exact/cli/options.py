"""Options shared by the commands and the conversion of flag values (loading the data:
:mod:`rocpr_exact.cli.loading`).

The CLI's half of the parameter/flag split: the library's parameters (``score_column``,
``digits``, the limits of :mod:`rocpr_exact.limits`) appear here as flags.
"""

from __future__ import annotations

import argparse
import re
import sys
import warnings
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from rocpr_exact import limits
from rocpr_exact.errors import InvalidInputError, ResourceLimitError, RocPrError
from rocpr_exact.exact.numbers import parse_integer, parse_number
from rocpr_exact.profiles.tools import tool_name

if TYPE_CHECKING:
    from rocpr_exact.io.dialect import CsvDialect

# The readers, the curve and the report are imported by the functions that use them: the
# commands that do not read data (--help, check, vectors) start without numpy and the rest.

_T = TypeVar("_T")

__all__ = [
    "PARAMETER_FLAGS",
    "add_ci_arguments",
    "add_data_arguments",
    "add_dialect_arguments",
    "add_digits_argument",
    "add_limit_arguments",
    "ci_level",
    "cli_message",
    "csv_dialect",
    "delimiter",
    "digits",
    "exact_number",
    "figure_size",
    "flag_words",
    "limit",
    "require_ranking",
    "tolerance",
    "whole_number",
]


#: The library's parameter names as the CLI's flags, for messages (library messages speak of
#: parameters; the CLI speaks of flags, translated here and nowhere else), and the library's
#: remedies that the CLI words its own way.
PARAMETER_FLAGS = {
    "score_column": "--score-column",
    "label_column": "--label-column",
    "weight_column": "--weight-column",
    "the metrics parameter": "--metric",
    "max_steps": "--max-steps",
    "score_col, label_col and weight_col": "--score-column, --label-column and --weight-column",
    "pass glob=True": "pass --glob",
    # the CLI has no format option: it tells CSV from Parquet by the name
    "pass file_format='csv' or 'parquet'": "give the file a name ending in .csv or .parquet",
    "positive_label": "--positive-label",
    "negative_label": "--negative-label",
    "the delimiter parameter": "--delimiter",
    "the cases parameter": "--case",
}


def cli_message(error: RocPrError) -> str:
    """The message of a library error, worded with the CLI's flags.

    A resource limit's remedy becomes ``--limit NAME=N`` / ``--no-limits`` (with the Python
    spelling beside it), ``digits`` becomes ``--digits``, and the parameters of
    :data:`PARAMETER_FLAGS` become their flags.
    """
    text = str(error)
    name = getattr(error, "limit", None)
    if name is not None:
        text = text.replace(
            limits.advice(name),
            f"raise it with --limit {name}=N (Python: rocpr_exact.limits.using({name}=N)), "
            "or lift every limit with --no-limits",
        )
        if name == "max_digits" and text.startswith("digits "):
            text = "--digits " + text.removeprefix("digits ")
        text = text.replace("fewer digits is faster", "fewer --digits is faster")
    return flag_words(text)


def flag_words(text: str) -> str:
    """``text`` with the parameters of :data:`PARAMETER_FLAGS` written as their flags."""
    for parameter, flag in PARAMETER_FLAGS.items():
        text = text.replace(parameter, flag)
    return text


def _flag_value(parse: Callable[[], _T]) -> _T:
    """Run a parse of a flag's value; its InvalidInputError becomes argparse's usage error."""
    try:
        return parse()
    except RocPrError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def file_path(text: str) -> Path:
    """The type of a file or folder flag: a path, never the empty text (``Path("")`` is the
    current folder, which no one means by ``--write ''``)."""
    if not text:
        raise argparse.ArgumentTypeError("a path, not empty text")
    return Path(text)


def tool(text: str) -> str:
    """A ``--profile`` value: the tool's one spelling (:mod:`rocpr_exact.profiles.tools`); an
    old spelling works and a one-line note on stderr says the new one."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        name = _flag_value(lambda: tool_name(text))
    if caught:
        print(f"rocpr-exact: note: --profile {text} is now spelled {name}", file=sys.stderr)
    return name


def digits(text: str) -> int:
    """``--digits N``: a whole number >= 0."""
    return _flag_value(lambda: parse_integer(text, "--digits", minimum=0))


def whole_number(flag: str) -> Callable[[str], int]:
    """The type of an integer flag: ASCII digits with an optional sign, at most 40 of them.

    Python's ``int`` would also take ``1_000``, non-ASCII digits and any length; every
    integer flag is read by :func:`rocpr_exact.exact.numbers.parse_integer` instead.

    >>> whole_number("--positives")(" 20 ")
    20
    """

    def parse(text: str) -> int:
        return _flag_value(lambda: parse_integer(text, flag))

    parse.__name__ = flag  # argparse names the type in its message
    return parse


def limit(text: str) -> tuple[str, int | None]:
    """``--limit NAME=N`` (or ``NAME=none``); N may group its digits with ``_`` or ``,``.

    >>> limit("max_examples=20_000_000"), limit("max-digits=none")
    (('max_examples', 20000000), ('max_digits', None))
    """
    name, sep, value = text.partition("=")
    name = name.strip().replace("-", "_")
    if not sep or name not in limits.Limits.names():
        raise argparse.ArgumentTypeError(
            f"--limit takes NAME=N with NAME one of {', '.join(limits.Limits.names())}, "
            f"got {text!r}"
        )
    value = value.strip().replace("_", "").replace(",", "")
    if value.lower() in ("none", "inf", "unlimited"):
        return name, None
    if not re.fullmatch(r"[0-9]{1,40}", value, re.ASCII):
        raise argparse.ArgumentTypeError(
            f"--limit {name}= takes a whole number >= 0 or 'none', got {value!r}"
        )
    return name, parse_integer(value, f"--limit {name}=", minimum=0)


def add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    """``--limit NAME=N`` (repeatable) and ``--no-limits`` (see :mod:`rocpr_exact.limits`)."""
    defaults = ", ".join(
        f"{name}={getattr(limits.DEFAULTS, name):_}" for name in limits.Limits.names()
    )
    parser.add_argument(
        "--limit",
        action="append",
        type=limit,
        default=[],
        metavar="NAME=N",
        help=f"raise or lower a resource limit, N a number or 'none' (defaults: {defaults})",
    )
    parser.add_argument(
        "--no-limits", action="store_true", help="lift every resource limit (may run for hours)"
    )


def add_data_arguments(
    parser: argparse.ArgumentParser,
    score_column: dict[str, Any] | None = None,
    data: str | None = None,
) -> None:
    """The options every command that reads data shares (with the limit options).

    ``data``: DATA's help, given for several files (one or more); ``score_column``: the
    ``--score-column`` keywords of a command that takes several.
    """
    parser.add_argument(
        "data",
        nargs="+" if data is not None else None,
        help=data
        or "CSV file with a header ('-' reads standard input; .gz, .bz2 and .xz are "
        "decompressed), or a .parquet file (reduced by DuckDB, extra 'parquet')",
    )
    parser.add_argument(
        "--score-column",
        **(score_column or {"default": "score", "help": "score column (default: score)"}),
    )
    parser.add_argument("--label-column", default="label", help="label column (default: label)")
    parser.add_argument(
        "--positives",
        type=whole_number("--positives"),
        metavar="P",
        help="read DATA as operating points (header recall,precision or fpr,tpr) for P positives",
    )
    parser.add_argument(
        "--negatives",
        type=whole_number("--negatives"),
        metavar="N",
        help="the number of negatives for operating points",
    )
    add_dialect_arguments(parser)
    add_engine_arguments(parser)
    add_limit_arguments(parser)


def delimiter(text: str) -> str:
    r"""``--delimiter C``: one character; ``\t`` or ``tab`` is a tab (as a shell passes them).

    >>> delimiter(";"), delimiter("\\t"), delimiter("tab")
    (';', '\t', '\t')
    """
    return "\t" if text in ("\\t", "tab", "TAB") else text


def add_dialect_arguments(parser: argparse.ArgumentParser) -> None:
    """``--delimiter``, ``--positive-label`` and ``--negative-label`` (io.dialect)."""
    parser.add_argument(
        "--delimiter",
        type=delimiter,
        default=",",
        metavar="C",
        help="the character between fields of a CSV: ',' (default), ';', '|', or '\\t' for a tab",
    )
    parser.add_argument(
        "--positive-label",
        metavar="VALUE",
        help="the label of a positive example, e.g. yes (alone: every other label is negative)",
    )
    parser.add_argument(
        "--negative-label",
        metavar="VALUE",
        help="the label of a negative example, e.g. no (alone: every other label is positive)",
    )


def csv_dialect(args: argparse.Namespace) -> CsvDialect:
    """The :class:`CsvDialect` the flags name (checked: one line naming the flag if not)."""
    from rocpr_exact.io.dialect import CsvDialect  # not imported by the commands without data

    return CsvDialect(
        getattr(args, "delimiter", ","),
        getattr(args, "positive_label", None),
        getattr(args, "negative_label", None),
    )


def add_digits_argument(parser: argparse.ArgumentParser) -> None:
    """The --digits option (digits after the point in every decimal)."""
    from rocpr_exact.output.report import DEFAULT_DIGITS

    parser.add_argument(
        "--digits",
        type=digits,
        default=DEFAULT_DIGITS,
        help=f"digits after the point in decimals (default {DEFAULT_DIGITS}, correctly rounded)",
    )


def figure_size(text: str) -> tuple[Fraction, Fraction]:
    """'7x3.5' -> (7, 7/2) inches, exactly; plot.render checks the range."""
    width, sep, height = text.lower().partition("x")
    try:
        if not sep:
            raise InvalidInputError("no 'x'")
        return (
            Fraction(parse_number(width, "width", fractions=False)),
            Fraction(parse_number(height, "height", fractions=False)),
        )
    except InvalidInputError:
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT in inches, e.g. 7x3.5, got {text!r}"
        ) from None


def exact_number(text: str) -> Fraction:
    """An exact number flag value such as 1/100 or 0.01 (:func:`parse_number`)."""
    try:
        return Fraction(parse_number(text, "number"))
    except ResourceLimitError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    except InvalidInputError:
        raise argparse.ArgumentTypeError(
            f"expected an exact number such as 1/100 or 0.01, got {text!r}"
        ) from None


def level(text: str) -> Fraction:
    """``--ci-level L``: an exact number strictly between 0 and 1 (0.95, 95/100)."""
    value = exact_number(text)
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(
            f"a confidence level lies strictly between 0 and 1, got {text!r}"
        )
    return value


def add_ci_arguments(parser: argparse.ArgumentParser) -> None:
    """``--ci METHOD``, ``--ap-ci METHOD`` and ``--ci-level L`` (docs/inference.md)."""
    parser.add_argument(
        "--ci",
        choices=("delong", "hanley-mcneil"),
        default=None,
        help="add the AUC-ROC's exact variance and confidence interval (certified digits)",
    )
    parser.add_argument(
        "--ap-ci",
        choices=("logit", "binomial"),
        default=None,
        help="add Boyd, Eng & Page's (2013) interval of average precision (certified digits)",
    )
    parser.add_argument(
        "--ci-level",
        type=level,
        default=None,
        metavar="L",
        help="the interval's confidence level, an exact number in (0, 1) (default 0.95); "
        "with --ci or --ap-ci only",
    )


def ci_level(args: argparse.Namespace) -> Fraction:
    """The ``--ci-level`` of ``add_ci_arguments`` (default 0.95); refused without an interval
    to apply it to (it would be ignored)."""
    if args.ci_level is None:
        return Fraction(95, 100)
    if args.ci is None and args.ap_ci is None:
        raise InvalidInputError(
            "--ci-level is the level of an interval: give --ci METHOD or --ap-ci METHOD with it"
        )
    given: Fraction = args.ci_level
    return given


def require_ranking(args: argparse.Namespace, flag: str) -> None:
    """Refuse ``flag`` for weighted data and operating points: a variance needs examples."""
    if getattr(args, "weight_column", None) is not None:
        raise InvalidInputError(
            f"{flag} needs unweighted examples: its variance counts examples, and weighted "
            "data has no sample size (drop --weight-column)"
        )
    if getattr(args, "positives", None) is not None or getattr(args, "negatives", None) is not None:
        raise InvalidInputError(
            f"{flag} needs scored examples: operating points do not give the ranking's tie groups"
        )


def tolerance(text: str) -> Fraction:
    value = exact_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"a tolerance must be >= 0, got {text!r}")
    return value


def add_engine_arguments(parser: argparse.ArgumentParser) -> None:
    """``--engine``, ``--glob`` and ``--weight-column`` (docs/engines.md)."""
    parser.add_argument(
        "--engine",
        choices=("python", "duckdb", "spark"),
        default=None,
        help="who reads DATA: python (CSV, the default), duckdb (the default for Parquet; CSV "
        "too), spark (local mode; extra 'spark')",
    )
    parser.add_argument(
        "--glob",
        action="store_true",
        help="read DATA as a glob pattern (duckdb; otherwise the path is taken literally)",
    )
    parser.add_argument(
        "--weight-column",
        default=None,
        help="a column of non-negative example weights: exact decimals or p/q with the python "
        "engine, integers with duckdb and spark",
    )
