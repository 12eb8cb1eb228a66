"""Loading the data the shared data arguments name: scored examples (a CSV file or standard
input), a Parquet file, an engine's histogram, or operating points (docs/engines.md).

The readers, the curve and the engines are imported by the functions that use them: the
commands that do not read data (--help, check, vectors) start without numpy and the rest.
"""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction
from typing import IO, TYPE_CHECKING, Any

from rocpr_exact.cli.options import csv_dialect
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.dialect import CsvDialect

if TYPE_CHECKING:
    from rocpr_exact.core.curve import Curve

__all__ = ["load_curve"]


def _stdin() -> IO[str] | IO[bytes]:
    """Standard input as bytes (decoded as UTF-8 line by line), or as text when it has no bytes."""
    stream: Any = sys.stdin
    if stream is None:
        raise InvalidInputError("'-' reads standard input, but there is none")
    return getattr(stream, "buffer", stream)  # type: ignore[no-any-return]


def _engine_curve(args: argparse.Namespace, engine: str) -> Curve:
    """The curve of a file reduced to its exact histogram by DuckDB or Spark (docs/engines.md)."""
    if args.data == "-":
        raise InvalidInputError(f"the {engine} engine reads files, not standard input")
    glob = getattr(args, "glob", False)
    dialect = csv_dialect(args)
    if engine == "spark":
        from rocpr_exact.engines import spark

        hist = spark.file_histogram(
            args.data,
            args.score_column,
            args.label_column,
            args.weight_column,
            glob=glob,
            dialect=dialect,
        )
        return hist.curve()
    from rocpr_exact.engines.files import file_curve
    from rocpr_exact.io import formats

    # a Parquet file of float or integer scores is read into numpy in one pass
    return file_curve(
        args.data,
        args.score_column,
        args.label_column,
        args.weight_column,
        file_format="parquet" if not glob and formats.is_parquet(args.data) else None,
        glob=glob,
        dialect=dialect,
    )


def load_curve(args: argparse.Namespace) -> Curve:
    """The curve named by the shared data arguments: scored examples ('-': standard input),
    a Parquet file, or operating points."""
    from rocpr_exact.core.curve import Curve
    from rocpr_exact.core.data import weight_scale
    from rocpr_exact.io import formats
    from rocpr_exact.io.fastcsv import scored_csv_curve
    from rocpr_exact.io.points import curve_from_points, read_points_csv
    from rocpr_exact.io.readers import read_scored_csv, read_weighted_csv

    engine = getattr(args, "engine", None)
    is_parquet = formats.is_parquet(args.data)  # .parquet, .parq, .pq, or PAR1 inside
    points = args.positives is not None or args.negatives is not None
    if points and (is_parquet or engine not in (None, "python")):
        raise InvalidInputError(
            "--positives/--negatives read a CSV of operating points with the python engine; "
            "a Parquet file or another engine holds scored examples"
        )
    if engine in ("duckdb", "spark") or (engine is None and is_parquet):
        return _engine_curve(args, engine or "duckdb")
    dialect = csv_dialect(args)
    if points and dialect != CsvDialect():
        raise InvalidInputError(
            "--delimiter, --positive-label and --negative-label read scored examples; "
            "a CSV of operating points is comma-separated"
        )
    weight_column = getattr(args, "weight_column", None)
    if weight_column is not None and points:
        raise InvalidInputError("--weight-column weighs scored examples, not operating points")
    if weight_column is not None:  # exact rational weights (docs/design.md, weights)
        source = _stdin() if args.data == "-" else args.data
        name = "<stdin>" if args.data == "-" else None
        scores, labels, weights = read_weighted_csv(
            source, args.score_column, args.label_column, weight_column, name=name, dialect=dialect
        )
        args.weight_unit = Fraction(1, weight_scale(weights))  # the report names the unit
        return Curve.from_scores(scores, labels, weights=weights)
    if points:
        if args.positives is None or args.negatives is None:
            raise InvalidInputError(
                "operating points need both --positives P and --negatives N (the class totals)"
            )
        if args.data == "-":
            kind, rows = read_points_csv(_stdin(), name="<stdin>")
        else:
            kind, rows = read_points_csv(args.data)
        return curve_from_points(kind, rows, args.positives, args.negatives)
    if args.data == "-":
        scores, labels = read_scored_csv(
            _stdin(), args.score_column, args.label_column, name="<stdin>", dialect=dialect
        )
        return Curve.from_scores(scores, labels)
    # one vectorised pass when the file is plain CSV, else the python reader (same results)
    return scored_csv_curve(args.data, args.score_column, args.label_column, dialect)
