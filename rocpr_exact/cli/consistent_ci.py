"""``consistent --auc-ci LO,HI``: the printed AUC-ROC interval part of ``rocpr-exact consistent``.

Options (added to ``consistent`` by :func:`add_arguments`): ``--auc-ci LO,HI``, ``--ci-method
delong|hanley-mcneil`` (default delong), ``--ci-level L`` (default 0.95); ``--auc-roc X`` is the
printed point estimate, if any.  The decision is
:func:`rocpr_exact.consistency.intervals.check_auc_ci`; exit 0 possible (with a witness), 1
impossible, 4 undecided, as ``consistent`` answers.
"""

from __future__ import annotations

import argparse
import json

from rocpr_exact.cli.options import exact_number
from rocpr_exact.consistency.intervals import check_auc_ci
from rocpr_exact.errors import InvalidInputError

__all__ = ["add_arguments", "answer"]

EXIT_STATUS = {"possible": 0, "impossible": 1, "undecided": 4}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--auc-ci``, ``--ci-method`` and ``--ci-level`` to ``consistent``."""
    parser.add_argument(
        "--auc-ci",
        metavar="LO,HI",
        help="a printed AUC-ROC confidence interval (e.g. 0.88,0.94): is it possible?",
    )
    parser.add_argument(
        "--ci-method",
        choices=("delong", "hanley-mcneil"),
        default="delong",
        help="the interval's variance (default delong)",
    )
    parser.add_argument(
        "--ci-level",
        type=exact_number,
        default="0.95",
        metavar="L",
        help="the interval's confidence level (default 0.95)",
    )


def answer(args: argparse.Namespace, others: list[str]) -> tuple[str, int] | None:
    """The answer for ``--auc-ci`` (None without it).  ``others``: other metrics given."""
    if args.auc_ci is None:
        return None
    if others or args.roc_point:
        raise InvalidInputError(
            "--auc-ci combines with --auc-roc only (the interval's point estimate); check the "
            "other numbers in a separate call"
        )
    parts = [part.strip() for part in args.auc_ci.split(",")]
    if len(parts) != 2:
        raise InvalidInputError(f"--auc-ci takes LO,HI (e.g. 0.88,0.94), got {args.auc_ci!r}")
    verdict = check_auc_ci(
        args.positives,
        args.negatives,
        parts[0],
        parts[1],
        args.ci_method,
        args.ci_level,
        args.rounding,
        args.auc_roc,
    )
    out = verdict.to_json()
    if args.format == "json":
        return json.dumps(out, indent=2), EXIT_STATUS[verdict.verdict]
    lines = [verdict.verdict, *(f"  {reason}" for reason in verdict.reasons)]
    if verdict.verdict == "possible":
        lines.append("  witness scores: " + " ".join(map(str, verdict.scores)))
        lines.append("  witness labels: " + " ".join(map(str, verdict.labels)))
    return "\n".join(lines), EXIT_STATUS[verdict.verdict]
