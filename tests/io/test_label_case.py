"""A label that differs from the one named label only in case is refused, never counted as the
other class (issue 38: ``--positive-label True`` made ``TRUE`` negative without a word).

The row reader, the vectorised reader and the DuckDB engine give the same answer; a file whose
labels match the name exactly is still read on the vectorised path.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io import fastcsv
from rocpr_exact.io.dialect import CsvDialect
from rocpr_exact.io.readers import read_scored_csv

MIXED = "score,label\n0.9,True\n0.8,TRUE\n0.3,False\n0.2,True\n"
EXACT = "score,label\n0.9,True\n0.8,False\n0.3,False\n0.2,True\n"


@pytest.mark.parametrize(
    ("dialect", "word"),
    [
        (CsvDialect(positive_label="True"), "positive_label 'True'"),
        (CsvDialect(negative_label="False"), None),  # 'TRUE' is not 'False' in any case
        (CsvDialect(negative_label="true"), "negative_label 'true'"),
    ],
)
def test_case_only_differences_are_refused_by_every_reader(
    tmp_path: Path, dialect: CsvDialect, word: str | None
) -> None:
    path = tmp_path / "mixed.csv"
    path.write_text(MIXED, encoding="ascii")
    readers = [
        lambda: read_scored_csv(path, dialect=dialect),
        lambda: fastcsv.scored_csv_curve(path, dialect=dialect),
    ]
    for read in readers:
        if word is None:
            read()  # 'TRUE', 'True' are positives beside negative_label 'False'
            continue
        with pytest.raises(InvalidInputError, match=f"differs from {word} only in case"):
            read()


def test_the_duckdb_engine_refuses_it_too(tmp_path: Path) -> None:
    pytest.importorskip("duckdb")
    from rocpr_exact.engines.files import file_curve

    path = tmp_path / "mixed.csv"
    path.write_text(MIXED, encoding="ascii")
    with pytest.raises(InvalidInputError, match="only in case"):
        file_curve(path, dialect=CsvDialect(positive_label="True"))


def test_exact_names_stay_on_the_vectorised_path(tmp_path: Path) -> None:
    path = tmp_path / "exact.csv"
    path.write_text(EXACT, encoding="ascii")
    curve = fastcsv.plain_csv_curve(path, dialect=CsvDialect(positive_label="True"))
    assert curve is not None  # not sent to the row reader
    # scores 0.9 (pos), 0.8 (neg), 0.3 (neg), 0.2 (pos): P = N = 2
    assert (curve.positives, curve.negatives) == (2, 2)
