"""``rocpr-exact plot DATA [DATA ...] -o FILE``: the paper's Figures 5 and 6 for one model or
several (:func:`rocpr_exact.output.plot.plot`, matplotlib).

The models are the files and the score columns (:func:`models`): F files and at most one
``--score-column`` are F models (each file's column); one file and k columns are k models
(each column of the file, named by its column); k files and k columns are k models, file i
with column i.  Any other count is refused in one line.
"""

from __future__ import annotations

import argparse
import copy
from pathlib import Path
from typing import Any

from rocpr_exact.cli.commands import HELP
from rocpr_exact.cli.loading import load_curve
from rocpr_exact.cli.options import add_data_arguments, figure_size, whole_number
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.files import check_not_an_input
from rocpr_exact.output.progress import Progress

__all__ = ["models", "register", "run"]

#: plot's --score-column: repeatable (module docstring).
SCORE_COLUMNS = {
    "action": "append",
    "default": [],
    "help": "score column (default: score); repeatable: one file with k columns is k models, "
    "k files with k columns pair file i with column i",
}


def register(commands: Any) -> None:
    """Add the ``plot`` command."""
    plot = commands.add_parser(
        "plot",
        help=HELP["plot"],
    )
    add_data_arguments(
        plot,
        score_column=SCORE_COLUMNS,
        data="one CSV or Parquet file per model (as for report), or one file of several models",
    )
    plot.add_argument("--no-progress", action="store_true", help="never show progress")
    plot.add_argument(
        "-o",
        "--output",
        required=True,
        help="image file to write; its suffix, .png, .svg or .pdf, chooses the format",
    )
    plot.add_argument(
        "--label",
        action="append",
        default=[],
        help="the name of a model in the legend, one per model in order (default: the file "
        "names, or the column names for one file of several columns)",
    )
    plot.add_argument(
        "--title", help="title above the panels (default: the data file's name; '' for none)"
    )
    plot.add_argument("--no-auc", action="store_true", help="no areas in the legend")
    points = plot.add_mutually_exclusive_group()
    points.add_argument(
        "--markers",
        dest="markers",
        action="store_const",
        const=True,
        default=None,
        help="draw every point (one marker per pixel; default: when a curve has at most "
        "1,000 points)",
    )
    points.add_argument(
        "--no-markers",
        dest="markers",
        action="store_const",
        const=False,
        help="draw no points, only the lines",
    )
    plot.add_argument(
        "--size",
        type=figure_size,
        default=None,
        metavar="WxH",
        help="figure size in inches, width x height (default: 10x5)",
    )
    plot.add_argument(
        "--dpi",
        type=whole_number("--dpi"),
        default=None,
        help="pixels per inch of a PNG (default: 300)",
    )
    plot.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[str, int]:
    from rocpr_exact.output import plot  # matplotlib itself is imported only when drawing

    plot.output_format(args.output)  # fail fast, before reading the data
    check_not_an_input(args.output, list(args.data), "-o/--output")
    plot.require_matplotlib()
    files: list[str] = args.data
    chosen = models(files, args.score_column)
    if args.label and len(args.label) != len(chosen):
        raise InvalidInputError(
            f"--label names {len(args.label)} model{'s' if len(args.label) > 1 else ''} but "
            f"{_count(files, args.score_column)}; "
            "give one --label per model"
        )
    if len(chosen) > 1 and "-" in files:
        raise InvalidInputError("standard input ('-') can be one model only")
    options: dict[str, Any] = {"auc": not args.no_auc, "markers": args.markers}
    if args.size is not None:
        options["size"] = args.size
    if args.dpi is not None:
        options["dpi"] = args.dpi
    labels = args.label or (_names(chosen) if len(chosen) > 1 else None)
    title = (files[0] if len(files) == 1 else None) if args.title is None else args.title
    with Progress(enabled=not args.no_progress) as progress:
        curves = []
        for file, column in chosen:
            one = copy.copy(args)
            one.data, one.score_column = file, column
            with progress.stage("reading", file=file):
                curves.append(load_curve(one))
        with progress.stage("drawing"):
            figure = plot.plot(curves, labels=labels, title=title or None, **options)
        with progress.stage("writing"):
            plot.save(figure, args.output, title or None)
    return f"wrote {args.output}", 0


def models(files: list[str], columns: list[str]) -> list[tuple[str, str]]:
    """The (file, score column) of each model (module docstring).

    >>> models(["a.csv", "b.csv"], [])
    [('a.csv', 'score'), ('b.csv', 'score')]
    >>> models(["ab.csv"], ["model_a", "model_b"])
    [('ab.csv', 'model_a'), ('ab.csv', 'model_b')]
    >>> models(["a.csv", "b.csv"], ["p", "q"])
    [('a.csv', 'p'), ('b.csv', 'q')]
    """
    if len(columns) <= 1:
        return [(file, columns[0] if columns else "score") for file in files]
    if len(files) == 1:
        return [(files[0], column) for column in columns]
    if len(files) == len(columns):
        return list(zip(files, columns, strict=True))
    raise InvalidInputError(
        f"plot takes one --score-column for every file, one file with several, or one "
        f"--score-column per file; {_count(files, columns)}"
    )


def _count(files: list[str], columns: list[str]) -> str:
    """'3 DATA files and 2 --score-column are given' (the message's counts)."""
    given = f"{len(files)} DATA file{'s' if len(files) > 1 else ''}"
    if len(columns) > 1:
        given += f" and {len(columns)} --score-column"
    return f"{given} {'are' if len(files) > 1 or len(columns) > 1 else 'is'} given"


def _names(chosen: list[tuple[str, str]]) -> list[str]:
    """The legend's default names: the file names, the column names when one file holds every
    model, and 'file column' when both vary."""
    files = {file for file, _ in chosen}
    columns = {column for _, column in chosen}
    if len(files) == 1:
        return [column for _, column in chosen]
    if len(columns) == 1:
        return [Path(file).name for file, _ in chosen]
    return [f"{Path(file).name} {column}" for file, column in chosen]
