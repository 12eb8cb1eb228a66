"""``spark.report`` takes named labels as the CLI does, a file's refusal names the file, and text
weights are summed exactly (run with ``-m spark``)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from rocpr_exact.cli import main
from rocpr_exact.errors import InvalidInputError

pytestmark = pytest.mark.spark


def test_report_takes_positive_and_negative_labels(spark) -> None:
    from rocpr_exact.engines import spark as engine

    rows = [(0.9, "yes"), (0.8, "no"), (0.7, "yes"), (0.6, "no"), (0.5, "maybe")]
    df = spark.createDataFrame(rows, "score double, label string")
    # positive_label alone: every other label is negative (P = 2, N = 3); the positive at 0.9
    # is above the three negatives, the one at 0.7 above 0.6 and 0.5: 5/6
    report = engine.report(df, "score", "label", positive_label="yes")
    assert (report["positives"], report["negatives"]) == (2, 3)
    assert Fraction(report["auc_roc"]["exact"]) == Fraction(5, 6)
    # both named: 'maybe' is neither, refused as the CLI refuses it
    with pytest.raises(InvalidInputError, match="label 'maybe' is not"):
        engine.report(df, "score", "label", positive_label="yes", negative_label="no")
    # negative_label alone: 'maybe' is positive (P = 3, N = 2): 0.9 above 2, 0.7 above 1,
    # 0.5 above none: 3/6
    report = engine.report(df, "score", "label", negative_label="no")
    assert Fraction(report["auc_roc"]["exact"]) == Fraction(1, 2)


def test_a_refusal_names_the_file_not_the_dataframe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    duckdb = pytest.importorskip("duckdb")
    path = tmp_path / "nulls.parquet"
    duckdb.execute(
        f"COPY (SELECT * FROM (VALUES (0.5::DOUBLE, 1), (NULL, 0), (0.25, 0)) t(score, label)) "
        f"TO '{path}' (FORMAT parquet)"
    )
    assert main(["report", str(path), "--engine", "spark"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"rocpr-exact: error: {path}: NULL or NaN score"), err
    assert "DataFrame" not in err


def test_text_weights_past_38_digits_are_summed_exactly(spark) -> None:
    from rocpr_exact.engines import spark as engine

    big = 10**40 + 1  # 41 digits: past DECIMAL(38, 0)
    rows = [("0.9", "1", str(big)), ("0.9", "1", str(big)), ("0.5", "0", " 3 "), ("0.4", "1", "0")]
    df = spark.createDataFrame(rows, "score string, label string, w string")
    # P = 2 big, N = 3: every positive is above every negative (the weight-0 row drops)
    hist = engine.histogram(df, "score", "label", "w")
    assert (hist.positives, hist.negatives) == (2 * big, 3)
    with pytest.raises(InvalidInputError, match="summed exactly on the driver"):
        engine.summary(df, "score", "label", "w")
    bad = spark.createDataFrame([("0.9", "1", "1.5")], "score string, label string, w string")
    with pytest.raises(InvalidInputError, match="NULL, negative or fractional"):
        engine.histogram(bad, "score", "label", "w")
