"""``rocpr-exact compare``: DeLong's test of two AUC-ROCs, exact z^2 and a certified p-value.

* ``compare DATA --score-column a --score-column b``: two scorings of the same examples (one
  file, paired): var = var_a + var_b - 2 cov (DeLong et al. 1988).
* ``compare A.csv B.csv``: two independent samples (unpaired): var = var_a + var_b, each read
  from its own curve (any file ``report`` reads: Parquet, ``--engine duckdb`` or ``spark``).

z = (AUC_a - AUC_b) / sqrt(var) (the first minus the second); docs/inference.md.  The files
are read as ``report`` reads them (``--delimiter``, ``--positive-label``, ``--negative-label``);
a file whose AUC-ROC or variance is undefined is named in the one-line refusal.
"""

from __future__ import annotations

import argparse
import copy
import json
from fractions import Fraction
from typing import Any

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.inference import DelongTest, delong_test
from rocpr_exact.areas.variance import auc_variance
from rocpr_exact.cli.commands import HELP
from rocpr_exact.cli.loading import load_curve
from rocpr_exact.cli.options import (
    add_dialect_arguments,
    add_digits_argument,
    add_engine_arguments,
    add_limit_arguments,
    csv_dialect,
    require_ranking,
    whole_number,
)
from rocpr_exact.errors import InvalidInputError, UndefinedMetricError
from rocpr_exact.io.fastcsv import plain_csv_keys
from rocpr_exact.io.readers import read_scored_csv
from rocpr_exact.output.inference import test_section
from rocpr_exact.output.text import format_test_text

__all__ = ["register", "run"]


def register(commands: Any) -> None:
    """Add the ``compare`` command."""
    compare = commands.add_parser("compare", help=HELP["compare"])
    compare.add_argument("data", nargs="+", metavar="DATA", help="one CSV file, or two")
    compare.add_argument(
        "--score-column",
        action="append",
        default=[],
        help="score column (default: score); give it twice for a paired test on one file",
    )
    compare.add_argument("--label-column", default="label", help="label column (default: label)")
    add_dialect_arguments(compare)
    add_engine_arguments(compare)
    add_digits_argument(compare)
    compare.add_argument(
        "--p-digits",
        type=whole_number("--p-digits"),
        default=3,
        metavar="K",
        help="certified significant digits of the p-value (default 3)",
    )
    compare.add_argument("--format", choices=("json", "text"), default="json")
    add_limit_arguments(compare)
    compare.set_defaults(run=run)


def _classes(path: str, positives: int, negatives: int) -> None:
    """Refuse a file of one class, naming it: its AUC-ROC is undefined."""
    if not positives or not negatives:
        missing = "positive" if not positives else "negative"
        raise InvalidInputError(
            f"{path}: no {missing} example (P = {positives}, N = {negatives}): its AUC-ROC is "
            "undefined, and DeLong's test needs it"
        )


def _named(path: str, exc: UndefinedMetricError) -> UndefinedMetricError:
    return UndefinedMetricError(f"{path}: {exc}")


def _scores(args: argparse.Namespace, column: str) -> tuple[Any, Any]:
    """One score column and the labels, in file order: integer order keys for a plain file
    (exact ties and order, :func:`plain_csv_keys`), else the python reader's exact values."""
    path, dialect = args.data[0], csv_dialect(args)
    read = plain_csv_keys(path, column, args.label_column, dialect)
    if read is not None:
        return read[0].keys, read[1]
    return read_scored_csv(path, column, args.label_column, dialect=dialect)


def _paired(args: argparse.Namespace, columns: list[str]) -> DelongTest:
    path = args.data[0]
    if args.engine not in (None, "python") or path.lower().endswith(".parquet"):
        raise InvalidInputError(
            "a paired test reads the examples of a CSV one by one, with the python engine: "
            "--engine duckdb and spark and a Parquet file give counts per score"
        )
    scores_a, labels = _scores(args, columns[0])
    scores_b, _ = _scores(args, columns[1])
    import numpy as np  # a core dependency; not imported by the commands without data

    positives = int(np.count_nonzero(np.asarray(labels)))
    _classes(path, positives, len(labels) - positives)
    try:
        return delong_test(scores_a, scores_b, labels)
    except UndefinedMetricError as exc:
        raise _named(path, exc) from None


def _unpaired(args: argparse.Namespace, column: str) -> DelongTest:
    aucs, variance = [], Fraction(0)
    for path in args.data:
        one = copy.copy(args)
        one.data, one.score_column, one.positives, one.negatives = path, column, None, None
        curve = load_curve(one)
        _classes(path, curve.positives, curve.negatives)
        try:
            variance += auc_variance(curve)
        except UndefinedMetricError as exc:
            raise _named(path, exc) from None
        aucs.append(auc_roc(curve))
    return DelongTest(aucs[0], aucs[1], variance, paired=False)


def _test(args: argparse.Namespace) -> DelongTest:
    columns = args.score_column or ["score"]
    require_ranking(args, "compare")
    if "-" in args.data:
        raise InvalidInputError("compare reads CSV files (one pass per score column), not '-'")
    if len(args.data) == 1:
        if len(columns) != 2:
            raise InvalidInputError(
                "compare with one file needs two score columns (--score-column a "
                "--score-column b) for a paired test"
            )
        return _paired(args, columns)
    if len(args.data) != 2 or len(columns) > 1:
        raise InvalidInputError(
            "compare takes one file with two --score-column (paired) or two files with at "
            "most one --score-column (unpaired)"
        )
    return _unpaired(args, columns[0])


def run(args: argparse.Namespace) -> tuple[str, int]:
    if args.p_digits < 1:
        raise InvalidInputError("--p-digits must be at least 1")
    test = _test(args)
    head = {"sources": args.data, "score_columns": args.score_column or ["score"]}
    answer = {**head, **test_section(test, args.digits, args.p_digits)}
    if args.format == "text":
        return format_test_text(answer), 0
    return json.dumps(answer, indent=2), 0
