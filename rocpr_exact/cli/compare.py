"""``rocpr-exact compare``: DeLong's test of two AUC-ROCs, exact z^2 and a certified p-value.

* ``compare DATA --score-column a --score-column b``: two scorings of the same examples (one
  file, paired): var = var_a + var_b - 2 cov (DeLong et al. 1988).
* ``compare A.csv B.csv``: two independent samples (unpaired): var = var_a + var_b, each read
  from its own curve.

z = (AUC_a - AUC_b) / sqrt(var) (the first minus the second); docs/inference.md.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.inference import DelongTest, delong_test
from rocpr_exact.areas.variance import auc_variance
from rocpr_exact.cli.commands import HELP
from rocpr_exact.cli.options import add_digits_argument, add_limit_arguments, whole_number
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.fastcsv import plain_csv_keys, scored_csv_curve
from rocpr_exact.io.readers import read_scored_csv
from rocpr_exact.output.inference import test_section

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
    add_digits_argument(compare)
    compare.add_argument(
        "--p-digits",
        type=whole_number("--p-digits"),
        default=3,
        metavar="K",
        help="certified significant digits of the p-value (default 3)",
    )
    add_limit_arguments(compare)
    compare.set_defaults(run=run)


def _scores(path: str, score_column: str, label_column: str) -> tuple[Any, Any]:
    """One score column and the labels, in file order: integer order keys for a plain file
    (exact ties and order, :func:`plain_csv_keys`), else the python reader's exact values."""
    read = plain_csv_keys(path, score_column, label_column)
    if read is not None:
        return read[0].keys, read[1]
    return read_scored_csv(path, score_column, label_column)


def _test(args: argparse.Namespace) -> DelongTest:
    columns = args.score_column or ["score"]
    if "-" in args.data:
        raise InvalidInputError("compare reads CSV files (one pass per score column), not '-'")
    if len(args.data) == 1:
        if len(columns) != 2:
            raise InvalidInputError(
                "compare with one file needs two score columns (--score-column a "
                "--score-column b) for a paired test"
            )
        scores_a, labels = _scores(args.data[0], columns[0], args.label_column)
        scores_b, _ = _scores(args.data[0], columns[1], args.label_column)
        return delong_test(scores_a, scores_b, labels)
    if len(args.data) != 2 or len(columns) > 1:
        raise InvalidInputError(
            "compare takes one file with two --score-column (paired) or two files with at "
            "most one --score-column (unpaired)"
        )
    a, b = (scored_csv_curve(path, columns[0], args.label_column) for path in args.data)
    return DelongTest(auc_roc(a), auc_roc(b), auc_variance(a) + auc_variance(b), paired=False)


def run(args: argparse.Namespace) -> tuple[str, int]:
    if args.p_digits < 1:
        raise InvalidInputError("--p-digits must be at least 1")
    test = _test(args)
    head = {"sources": args.data, "score_columns": args.score_column or ["score"]}
    return json.dumps({**head, **test_section(test, args.digits, args.p_digits)}, indent=2), 0
