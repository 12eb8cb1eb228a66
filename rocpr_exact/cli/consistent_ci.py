"""``consistent --auc-ci LO,HI`` and ``--delong-p X``: printed intervals and tests.

Options (added to ``consistent`` by :func:`add_arguments`): ``--auc-ci LO,HI``, ``--ci-method
delong|hanley-mcneil`` (default delong), ``--ci-level L`` (default 0.95); ``--auc-roc X`` is the
printed point estimate, if any.  The decision is
:func:`rocpr_exact.consistency.intervals.check_auc_ci`.  ``--delong-p X --auc-roc A --auc-roc-b
B [--positives-b P --negatives-b N]``: an unpaired test of two printed AUCs
(:func:`rocpr_exact.consistency.delong_p.check_delong_p`); with ``--paired``, a paired DeLong
test of two scorings of the same examples
(:func:`rocpr_exact.consistency.delong_paired.check_paired_delong_p`).  Exit 0 possible (with a
witness), 1 impossible, 4 undecided, as ``consistent`` answers.
"""

from __future__ import annotations

import argparse
import json

from rocpr_exact.cli.options import exact_number, whole_number
from rocpr_exact.consistency.delong_p import check_delong_p
from rocpr_exact.consistency.delong_paired import check_paired_delong_p
from rocpr_exact.consistency.intervals import IntervalVerdict, check_auc_ci
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
    parser.add_argument(
        "--delong-p",
        metavar="X",
        help="a printed two-sided p-value (0.003, or <0.001) of an "
        "unpaired test of --auc-roc against --auc-roc-b (Hanley-McNeil variances)",
    )
    parser.add_argument(
        "--paired",
        action="store_true",
        help="--delong-p is a paired DeLong test of two scorings of the same examples",
    )
    parser.add_argument("--auc-roc-b", metavar="X", help="the second sample's printed AUC-ROC")
    parser.add_argument("--positives-b", type=whole_number("--positives-b"), metavar="P")
    parser.add_argument("--negatives-b", type=whole_number("--negatives-b"), metavar="N")


def _test_verdict(args: argparse.Namespace) -> IntervalVerdict:
    if args.auc_roc is None or args.auc_roc_b is None:
        raise InvalidInputError("--delong-p needs both printed AUCs: --auc-roc and --auc-roc-b")
    if args.paired:
        if args.positives_b is not None or args.negatives_b is not None:
            raise InvalidInputError(
                "--paired compares two scorings of the same examples: "
                "drop --positives-b and --negatives-b"
            )
        return check_paired_delong_p(
            args.positives,
            args.negatives,
            args.delong_p,
            args.auc_roc,
            args.auc_roc_b,
            args.rounding,
        )
    return check_delong_p(
        args.positives,
        args.negatives,
        args.delong_p,
        args.auc_roc,
        args.auc_roc_b,
        args.rounding,
        args.positives_b,
        args.negatives_b,
    )


def answer(args: argparse.Namespace, others: list[str]) -> tuple[str, int] | None:
    """The answer for ``--auc-ci`` or ``--delong-p`` (None without them).  ``others``: other
    metrics given."""
    if args.auc_ci is None and args.delong_p is None:
        return None
    if others or args.roc_point or (args.auc_ci is not None and args.delong_p is not None):
        raise InvalidInputError(
            "--auc-ci and --delong-p combine with --auc-roc (and --auc-roc-b) only; check the "
            "other numbers in a separate call"
        )
    if args.delong_p is not None:
        return _shown(args, _test_verdict(args))
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
    return _shown(args, verdict)


def _shown(args: argparse.Namespace, verdict: IntervalVerdict) -> tuple[str, int]:
    out = verdict.to_json()
    if args.format == "json":
        return json.dumps(out, indent=2), EXIT_STATUS[verdict.verdict]
    lines = [verdict.verdict, *(f"  {reason}" for reason in verdict.reasons)]
    if verdict.verdict == "possible":
        lines.append("  witness scores: " + " ".join(map(str, verdict.scores)))
        lines.append("  witness labels: " + " ".join(map(str, verdict.labels)))
    return "\n".join(lines), EXIT_STATUS[verdict.verdict]
