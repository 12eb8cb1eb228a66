"""``rocpr-exact plot DATA -o FILE``: the paper's Figures 5 and 6 for a dataset (matplotlib)."""

from __future__ import annotations

import argparse
from typing import Any

from rocpr_exact.cli.options import add_data_arguments, figure_size, load_curve, whole_number
from rocpr_exact.io.files import check_not_an_input
from rocpr_exact.output.progress import Progress

__all__ = ["register", "run"]


def register(commands: Any) -> None:
    """Add the ``plot`` command."""
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
    check_not_an_input(args.output, [args.data], "-o/--output")
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
    return f"wrote {args.output}", 0
