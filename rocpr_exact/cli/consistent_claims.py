"""``consistent --claims FILE.csv``: a table of claims, one verdict per row (issue 41).

    rocpr-exact consistent --claims examples/claims.csv
    rocpr-exact consistent --claims examples/claims.csv --format json --certificate certs/

The file (:func:`rocpr_exact.io.claims.read_claims_csv`) has a ``name`` column and columns
named as the flags of ``consistent`` without ``--`` (``positives``, ``auc-roc``,
``fold-sizes``, ``no-ties``, ...; ``_`` for ``-`` too): the columns are the parser's own
options (:func:`claim_columns`), less the options of the command itself (:data:`COMMAND`).  An
empty cell is a flag not given; a switch (``no-ties``, ``paired``) is ``true`` or ``false``;
a repeatable flag (``roc-point``) takes its values separated by ``;``.  Each row is parsed by
the same options into its own namespace and answered by the single command's ``run``, so a row
answers as the command with those flags does (its JSON, with ``row`` and ``name`` added).

A row that cannot be answered (a bad number, a missing P, a defect of the CSV row, a limit) is
*refused*: one line naming the row and the column ("row 7 (name 'tab2-b'), column auc-roc:
..."), and the other rows are still answered.  A header cell that is no column refuses the
file (exit 2).  The exit status is the worst verdict, in the order of :data:`ORDER`.
``--certificate DIR`` / ``--witness DIR`` write one file per row, named from its number and
name (:func:`file_stem`), atomically, by the single command's writers.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

from rocpr_exact.cli.consistent_text import Ticker
from rocpr_exact.cli.options import cli_message
from rocpr_exact.errors import InvalidInputError, RocPrError
from rocpr_exact.io.claims import ClaimRow, read_claims_csv
from rocpr_exact.io.files import make_directory
from rocpr_exact.io.notices import notice

__all__ = [
    "COMMAND",
    "EXIT_STATUS",
    "ORDER",
    "ORDER_TEXT",
    "add_argument",
    "answer",
    "claim_columns",
    "file_stem",
]

#: The options of the command itself, not of a claim set: never a column.
COMMAND = (
    "help",
    "claims",
    "format",
    "certificate",
    "witness",
    "no_progress",
    "limit",
    "no_limits",
)
#: Verdicts from the worst: the exit status of a table is its worst row's.
ORDER = ("refused", "impossible", "undecided", "not modelled", "possible")
EXIT_STATUS = {"refused": 2, "impossible": 1, "undecided": 4, "not modelled": 5, "possible": 0}
ORDER_TEXT = ", ".join(f"{verdict} {EXIT_STATUS[verdict]}" for verdict in ORDER)
#: A switch's cell: given or not.
_SWITCH = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
#: The files ``--certificate DIR`` and ``--witness DIR`` write: NN-NAME.<option>.<suffix>.
_SUFFIX = {"certificate": "json", "witness": "csv"}
#: Characters of the reason shown in the text table.
SHORT = 72

AddArguments = Callable[[argparse.ArgumentParser], None]
Run = Callable[[argparse.Namespace], tuple[str, int]]


def add_argument(parser: argparse.ArgumentParser) -> None:
    """``consistent --claims FILE.csv``."""
    parser.add_argument(
        "--claims",
        metavar="FILE.csv",
        help="a table of claims: a column name and columns named as these flags without '--' "
        "('_' for '-' too); one verdict per row, exit status the worst (" + ORDER_TEXT + ")",
    )


class _RowParser(argparse.ArgumentParser):
    """The options of ``consistent``, whose errors are raised (one row's, not the command's)."""

    def error(self, message: str) -> NoReturn:
        raise InvalidInputError(re.sub(r"^argument [^:]*: ", "", message))


def claim_columns(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    """The columns of a claims table: each option of ``parser`` not in :data:`COMMAND`, by its
    long flag without ``--``."""
    columns = {}
    for action in parser._actions:  # the parser's own list: one place for the flags
        flags = [flag for flag in action.option_strings if flag.startswith("--")]
        if flags and action.dest not in COMMAND:
            columns[flags[0].removeprefix("--")] = action
    return columns


def file_stem(row: ClaimRow, width: int) -> str:
    """A row's file name without suffix: its number (``width`` digits) and its name, safe.

    >>> file_stem(ClaimRow(7, "f: line 8", "Tab 2/b (mean)", ()), 2)
    '07-Tab_2_b_mean'
    """
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", row.name).strip("._")[:60]
    return f"{row.number:0{width}d}" + (f"-{safe}" if safe else "")


def _row_words(row: ClaimRow, columns: dict[str, argparse.Action]) -> list[tuple[str, list[str]]]:
    """(column, its words on a command line) for each cell of ``row``."""
    out = []
    for column, text in row.cells:
        action = columns[column]
        flag = "--" + column
        if action.nargs == 0:  # a switch
            given = _SWITCH.get(text.lower())
            if given is None:
                raise _Refused(column, f"takes true or false (or an empty cell), got {text!r}")
            out.append((column, [flag] if given else []))
        elif isinstance(action, argparse._AppendAction):
            out.append((column, [f"{flag}={part.strip()}" for part in text.split(";")]))
        else:
            out.append((column, [f"{flag}={text}"]))
    return out


class _Refused(Exception):
    """A row refused: the column (or None) and the reason."""

    def __init__(self, column: str | None, reason: str) -> None:
        super().__init__(reason)
        self.column, self.reason = column, reason


def _column_of(message: str, columns: dict[str, argparse.Action], row: ClaimRow) -> str | None:
    """The column a refusal is about: the first it names by its flag, else the row's cell
    whose text it quotes, else the one it names by its parameter (``auc_roc``)."""
    for flag in re.findall(r"--([a-z][a-z0-9-]*)", message):
        if flag in columns:
            return str(flag)
    for column, text in row.cells:
        if repr(text) in message:
            return column
    for column, _ in row.cells:
        if re.search(rf"\b{columns[column].dest}\b", message):
            return column
    return None


def _answer_row(
    row: ClaimRow,
    parser: argparse.ArgumentParser,
    columns: dict[str, argparse.Action],
    files: dict[str, Path | None],
    width: int,
    run: Run,
) -> dict[str, Any]:
    """One row's answer: the single command's JSON, or a refusal (raised as _Refused)."""
    if row.defect is not None:
        raise _Refused(None, row.defect)
    words = _row_words(row, columns)
    for column, argv in words:  # each cell alone first: a bad value names its column
        try:
            parser.parse_args(argv)
        except InvalidInputError as exc:
            raise _Refused(column, str(exc)) from None
    argv = [word for _, part in words for word in part] + ["--format=json", "--no-progress"]
    namespace = parser.parse_args(argv)
    for option, folder in files.items():  # every row's files, aggregate witnesses included
        if folder is not None:
            setattr(
                namespace,
                option,
                str(folder / f"{file_stem(row, width)}.{option}.{_SUFFIX[option]}"),
            )
    try:
        text, _ = run(namespace)
    except RocPrError as exc:
        message = cli_message(exc)
        raise _Refused(_column_of(message, columns, row), message) from None
    result: dict[str, Any] = json.loads(text)
    return result


def _refusal(row: ClaimRow, refused: _Refused) -> dict[str, Any]:
    """A refused row's answer: its one line (row, column, reason) and the column (or None)."""
    where = f"row {row.number} (name {row.name!r})"
    where += f", column {refused.column}" if refused.column else ""
    line = f"{where}: {refused.reason}"  # one line: a RocPrError's message is one (errors.py)
    return {"verdict": "refused", "reasons": [line], "column": refused.column}


def _folder(option: str, value: str | None) -> Path | None:
    if value is None:
        return None
    if value == "-":
        raise InvalidInputError(f"--{option} with --claims names a folder (one file per row)")
    folder = Path(value)
    if folder.exists() and not folder.is_dir():
        raise InvalidInputError(
            f"--{option} with --claims names a folder (one file per row); {value} is a file"
        )
    make_directory(folder, f"the {option} files")
    return folder


def _refuse_flags(args: argparse.Namespace, columns: dict[str, argparse.Action]) -> None:
    """A claim flag beside --claims would count for nothing: refused."""
    for column, action in columns.items():
        if getattr(args, action.dest, action.default) not in (action.default, None, False, []):
            raise InvalidInputError(
                f"--claims takes every claim from the file: drop --{column} (or give it as "
                f"the column {column})"
            )


def _short(text: str) -> str:
    return text if len(text) <= SHORT else text[: SHORT - 3] + "..."


def _reason(result: dict[str, Any]) -> str:
    """The reason a text table shows: the first, without the row a refusal names (the table
    does), or an aggregate witness's mean."""
    if result["verdict"] == "refused":
        where = f"row {result['row']} (name {result['name']!r})"
        return str(result["reasons"][0]).removeprefix(where).removeprefix(", ")
    if result["reasons"]:
        first = str(result["reasons"][0])
        stages = result.get("proved_by", [])
        stage = first.split(": ", 1)[0] if ": " in first else ""
        if stages and stage and " " not in stage and stage not in stages:
            return f"proved by {', '.join(stages)}"  # the first is a search's note, not a proof
        return first
    mean = result.get("mean")
    return f"witness: mean AUC-ROC {mean['exact']} = {mean['decimal']}" if mean else ""


def _text(results: list[dict[str, Any]]) -> str:
    rows = [(str(r["row"]), r["name"], r["verdict"], _short(_reason(r))) for r in results]
    heads = ("row", "name", "verdict", "reason")
    widths = [max(len(cells[i]) for cells in [heads, *rows]) for i in range(3)]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(cells[:3], widths, strict=True))
        + "  "
        + cells[3]
        for cells in [heads, *rows]
    ]
    counts = [f"{sum(r['verdict'] == v for r in results)} {v}" for v in ORDER]
    shown = [count for count in counts if not count.startswith("0 ")]
    lines.append(f"{len(results)} rows: " + ", ".join(shown))
    return "\n".join(line.rstrip() for line in lines)


def _csv(results: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["row", "name", "verdict", "reasons"])
    for r in results:
        writer.writerow([r["row"], r["name"], r["verdict"], " | ".join(r["reasons"])])
    return out.getvalue().rstrip("\n")


def answer(args: argparse.Namespace, add_arguments: AddArguments, run: Run) -> tuple[str, int]:
    """The answers of the table ``args.claims``: (output, the worst row's exit status).

    ``add_arguments`` adds the options of ``consistent`` to a parser, ``run`` answers one
    namespace of them (the single command's own functions, passed in).
    """
    parser = _RowParser(prog="rocpr-exact consistent", add_help=False)
    add_arguments(parser)
    columns = claim_columns(parser)
    _refuse_flags(args, columns)
    table = read_claims_csv(args.claims, list(columns))
    files = {
        "certificate": _folder("certificate", args.certificate),
        "witness": _folder("witness", args.witness),
    }
    width = len(str(len(table.rows)))  # digits of the row numbers in file names
    results = []
    with Ticker(enabled=not args.no_progress):  # the elapsed time of the table, on a terminal
        for row in table.rows:
            try:
                result = _answer_row(row, parser, columns, files, width, run)
            except _Refused as why:
                result = _refusal(row, why)
            results.append({"row": row.number, "name": row.name, **result})
    worst = min(ORDER.index(r["verdict"]) for r in results)
    refused = [str(r["row"]) for r in results if r["verdict"] == "refused"]
    if refused:  # exit 2 says it on standard error too, in one line
        shown = ", ".join(refused[:10]) + (", ..." if len(refused) > 10 else "")
        notice(
            f"{len(refused):,} of {len(results):,} claim rows refused (row {shown}): each "
            "one's reason is in the output, and the other rows are answered"
        )
    if args.format == "json":
        text = json.dumps(results, indent=2)
    elif args.format == "csv":
        text = _csv(results)
    else:
        text = _text(results)
        for option, folder in files.items():
            if folder is not None:
                text += f"\n{option} files: {folder}/NN-NAME.{option}.{_SUFFIX[option]}"
    return text, EXIT_STATUS[ORDER[worst]]
