"""``consistent`` on micro-averaged one-vs-rest claims: one binary claim of the flattened cells.

    rocpr-exact consistent --class-counts 10,20,30 --micro-auc-roc 0.912

``--micro-auc-roc X`` and ``--micro-average-precision X`` with ``--class-counts n1,...`` are
the binary ``--auc-roc X`` (``--average-precision X``) at P = n, N = n (K - 1)
(:mod:`rocpr_exact.consistency.aggregate_micro` gives the argument); :func:`reduce` rewrites
the arguments so that the binary path answers, and the answer says so (``reduced_from``).
"""

from __future__ import annotations

import argparse
from typing import Any

from rocpr_exact.cli.consistent_aggregate import flagged, refuse_aggregate_text
from rocpr_exact.consistency.aggregate import parse_class_counts
from rocpr_exact.consistency.aggregate_micro import MICRO_METRICS, micro_counts
from rocpr_exact.errors import InvalidInputError

__all__ = ["add_arguments", "reduce"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The micro-average options of ``consistent``."""
    parser.add_argument(
        "--micro-auc-roc", metavar="X", help="reported one-vs-rest micro AUC-ROC (flattened cells)"
    )
    parser.add_argument(
        "--micro-average-precision",
        metavar="X",
        help="reported one-vs-rest micro average precision (flattened cells)",
    )


def reduce(args: argparse.Namespace) -> dict[str, Any] | None:
    """A micro claim made the binary claim it is (``args`` changed in place); what it was, for
    the answer (None when no micro claim is given)."""
    given = [name for name in MICRO_METRICS if getattr(args, name, None) is not None]
    if not given:
        return None
    flag = "--" + given[0].replace("_", "-")
    if len(given) > 1:
        raise InvalidInputError("give one of --micro-auc-roc, --micro-average-precision per call")
    binary = MICRO_METRICS[given[0]]
    if args.class_counts is None or args.fold_sizes is not None or args.folds is not None:
        raise InvalidInputError(f"{flag} needs --class-counts n1,n2,... alone")
    if args.positives is not None or args.negatives is not None:
        raise InvalidInputError(
            "--class-counts gives the classes' sizes: drop --positives/--negatives"
        )
    if getattr(args, binary) is not None:
        raise InvalidInputError(
            f"{flag} is the binary --{binary.replace('_', '-')} of the flattened cells: "
            "give one of them"
        )
    text = getattr(args, given[0])
    refuse_aggregate_text(flag, text)
    counts = flagged(
        "--class-counts", "class counts", lambda: parse_class_counts(args.class_counts)
    )
    p, n = flagged("--class-counts", "class counts", lambda: micro_counts(counts))
    note = {
        "claim": given[0],
        "value": text,
        "class_counts": args.class_counts,
        "binary": {"positives": p, "negatives": n, binary: text},
        "why": (
            f"a micro average is the binary {binary} of the n K one-vs-rest cells (n = {p} "
            f"positive cells, n (K - 1) = {n} negative), and under free per-class scores "
            "every ranking of the cells is reachable: decided as that binary claim"
        ),
    }
    args.positives, args.negatives, args.class_counts = p, n, None
    setattr(args, binary, text)
    setattr(args, given[0], None)
    return note
