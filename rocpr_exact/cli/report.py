"""``rocpr-exact report DATA``: the exact report (JSON, or a table with ``--format text``)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rocpr_exact.cli.commands import HELP
from rocpr_exact.cli.loading import load_curve
from rocpr_exact.cli.options import (
    add_ci_arguments,
    add_data_arguments,
    add_digits_argument,
    ci_level,
    csv_dialect,
    require_ranking,
    tool,
)
from rocpr_exact.output.inference import ap_ci_section, ci_section
from rocpr_exact.output.progress import Progress
from rocpr_exact.output.report import build_report
from rocpr_exact.output.text import format_text
from rocpr_exact.profiles.tools import TABLE_TOOLS, WITHOUT_TABLE

__all__ = ["register", "run"]


def register(commands: Any) -> None:
    """Add the ``report`` command."""
    report = commands.add_parser("report", help=HELP["report"])
    add_data_arguments(report)
    add_digits_argument(report)
    report.add_argument("--format", choices=("json", "text"), default="json")
    report.add_argument(
        "--profile",
        action="append",
        type=tool,
        metavar="TOOL",
        default=[],
        help="add what this tool would print without rounding error (repeatable; the tools "
        f"with a metric table: {', '.join(TABLE_TOOLS)}; {' and '.join(WITHOUT_TABLE)} have "
        "none, docs/oracle.md)",
    )
    report.add_argument(
        "--exact",
        action="store_true",
        help="write every exact value, however long (default: exact values of up to 4,096 "
        "bits, certified digits only for longer ones)",
    )
    add_ci_arguments(report)
    report.add_argument(
        "--no-progress",
        action="store_true",
        help="never show progress (it shows on standard error only when that is a terminal)",
    )
    report.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[str, int]:
    profiles = list(dict.fromkeys(args.profile))  # repeated names once, in the given order
    for flag, value in (("--ci", args.ci), ("--ap-ci", args.ap_ci)):
        if value is not None:
            require_ranking(args, flag)
    level = ci_level(args)
    intervals = args.ci is not None or args.ap_ci is not None
    points = args.positives is not None or args.negatives is not None
    engine = getattr(args, "engine", None)
    if engine == "spark" and not profiles and not points and not intervals and args.data != "-":
        from rocpr_exact.engines import spark  # the report where the rows are (docs/engines.md)

        columns = (args.score_column, args.label_column, getattr(args, "weight_column", None))
        glob = getattr(args, "glob", False)
        report = spark.file_report(
            args.data,
            *columns,
            glob=glob,
            digits=args.digits,
            exact=args.exact,
            dialect=csv_dialect(args),
        )
        return _written(args, report)
    with Progress(enabled=not args.no_progress) as progress:
        with progress.stage("reading", file=args.data):
            curve = load_curve(args)
        weighted = getattr(args, "weight_column", None) is not None
        report = build_report(
            curve, args.digits, profiles, progress=progress, exact=args.exact, weighted=weighted
        )
        if args.ci is not None:
            with progress.stage("certifying"):
                report["auc_roc_ci"] = ci_section(curve, args.ci, level, args.digits)
        if args.ap_ci is not None:
            with progress.stage("certifying"):
                interval = ap_ci_section(curve, args.ap_ci, level, args.digits)
                report["auc_pr_ci"] = interval
    return _written(args, report)


def _written(args: argparse.Namespace, report: dict[str, Any]) -> tuple[str, int]:
    head: dict[str, object] = {"source": args.data}
    if getattr(args, "weight_column", None) is not None:
        # counts are sums of weights in units of 1/L (L: the lcm of the weights' denominators)
        unit = str(getattr(args, "weight_unit", 1))
        head["weights"] = {"column": args.weight_column, "unit": unit}
    report = {**head, **report}
    if args.format == "text":
        return format_text(report), 0
    return json.dumps(report, indent=2), 0
