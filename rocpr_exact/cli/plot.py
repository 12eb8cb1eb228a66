"""``rocpr-exact plot DATA [DATA ...] -o FILE``: the paper's Figures 5 and 6 for one model or
several (:func:`rocpr_exact.output.plot.plot`, matplotlib)."""

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

__all__ = ["register", "run"]


def register(commands: Any) -> None:
    """Add the ``plot`` command."""
    plot = commands.add_parser(
        "plot",
        help=HELP["plot"],
    )
    add_data_arguments(plot)
    data = next(action for action in plot._actions if action.dest == "data")
    data.nargs = "+"  # several models in one figure
    data.help = "one CSV or Parquet file per model (as for report)"
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
        help="the name of a model in the legend, one per DATA in order (default: the file names)",
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
    if args.label and len(args.label) != len(files):
        raise InvalidInputError(
            f"--label names {len(args.label)} models but {len(files)} DATA files are given; "
            "give one --label per file"
        )
    if len(files) > 1 and "-" in files:
        raise InvalidInputError("standard input ('-') can be one model only")
    options: dict[str, Any] = {"auc": not args.no_auc, "markers": args.markers}
    if args.size is not None:
        options["size"] = args.size
    if args.dpi is not None:
        options["dpi"] = args.dpi
    labels = args.label or ([Path(f).name for f in files] if len(files) > 1 else None)
    title = (files[0] if len(files) == 1 else None) if args.title is None else args.title
    with Progress(enabled=not args.no_progress) as progress:
        curves = []
        for file in files:
            one = copy.copy(args)
            one.data = file
            with progress.stage("reading", file=file):
                curves.append(load_curve(one))
        with progress.stage("drawing"):
            figure = plot.plot(curves, labels=labels, title=title or None, **options)
        with progress.stage("writing"):
            plot.save(figure, args.output, title or None)
    return f"wrote {args.output}", 0
