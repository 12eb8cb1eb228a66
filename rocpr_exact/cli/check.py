"""``rocpr-exact check VECTORS RESULTS.json``: conformance verdicts for another implementation.

``check --profile TOOL [VECTORS] RESULTS.json`` checks against a tool's twin vectors instead
(:mod:`rocpr_exact.oracle.twin_check`).
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path
from typing import Any

from rocpr_exact.cli.commands import HELP
from rocpr_exact.cli.options import add_limit_arguments, tolerance, tool
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.oracle import conformance
from rocpr_exact.profiles.tools import TOOLS

__all__ = ["register", "run"]


def register(commands: Any) -> None:
    """Add the ``check`` command."""
    command = commands.add_parser(
        "check",
        help=HELP["check"],
        description=(
            "RESULTS.json: {'results': {tcId: {metric: value}}}; with --profile TOOL, "
            "{'results': {tcId: value}} checked against the tool's twin vectors (VECTORS "
            "optional: default the bundled ones); see docs/oracle.md. Exit 0 when every "
            "verdict is PASS, 1 on FAIL or MISSING, 2 for bad input files."
        ),
    )
    command.add_argument(
        "vectors",
        type=Path,
        help="a vector file (vectors/rocpr_auc_test.json; with --profile vectors/twins/TOOL.json)",
    )
    command.add_argument(
        "results",
        type=Path,
        nargs="?",
        help="the implementation's RESULTS.json (with --profile and one file: that file)",
    )
    command.add_argument(
        "--profile",
        metavar="TOOL",
        type=tool,
        help=f"check against the twin vectors of TOOL ({', '.join(TOOLS)})",
    )
    command.add_argument(
        "--rtol", type=tolerance, default=Fraction(1, 10**9), help="relative tolerance (1e-9)"
    )
    command.add_argument("--atol", type=tolerance, default=Fraction(0), help="absolute (0)")
    command.add_argument(
        "--metric",
        action="append",
        default=[],
        help="check this metric (repeatable; default: every metric named in RESULTS.json); "
        "with --profile: this function (default: every function)",
    )
    command.add_argument(
        "--case",
        action="append",
        default=[],
        metavar="ID",
        help="check only this test case: an id or a glob such as '1*' (repeatable; default: "
        "every case); cases not selected are not checked, so never MISSING",
    )
    command.add_argument(
        "--skip-flag",
        action="append",
        default=[],
        metavar="FLAG",
        help="do not check cases with this flag, e.g. ExactScores (repeatable)",
    )
    command.add_argument("--quiet", action="store_true", help="print only failures and summary")
    add_limit_arguments(command)  # the limits its messages advise (max_json_bytes)
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> tuple[str, int]:
    if args.profile is not None:
        from rocpr_exact.oracle import twin_check  # the twins' vectors: only for --profile

        vectors, results = (
            (None, args.vectors) if args.results is None else (args.vectors, args.results)
        )
        report = twin_check.check_twin_files(
            args.profile,
            results,
            vectors,
            args.rtol,
            args.atol,
            args.metric,
            args.skip_flag,
            args.case,
        )
        return report.format(args.quiet), report.exit_code
    if args.results is None:
        raise InvalidInputError(
            "check needs VECTORS and RESULTS.json (or --profile TOOL RESULTS.json)"
        )
    report = conformance.check_files(
        args.vectors, args.results, args.rtol, args.atol, args.metric, args.skip_flag, args.case
    )
    return report.format(args.quiet), report.exit_code
