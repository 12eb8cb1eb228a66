"""Parquet read into numpy in one pass (``file_curve``) against the histogram path.

The reference is :func:`file_histogram` (DuckDB's ``GROUP BY``, every distinct value checked in
Python) followed by ``.curve()``.  ``file_curve`` must give the same curve and thresholds, or
the same refusal, on every file; clean float and integer columns must take the numpy path.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rocpr_exact import limits
from rocpr_exact.cli import main
from rocpr_exact.engines import files
from rocpr_exact.engines.files import file_curve, file_histogram
from rocpr_exact.errors import RocPrError
from tests.strategies import examples

duckdb = pytest.importorskip("duckdb")
pytest.importorskip("numpy")


def _outcome(read: Any, path: Path) -> tuple[Any, ...]:
    try:
        curve = read(path)
    except RocPrError as exc:
        return ("error", type(exc).__name__, str(exc))
    cuts = tuple(curve.thresholds)
    return ("curve", tuple(curve.tps), tuple(curve.fps), cuts, [type(x) for x in cuts])


def _same(path: Path) -> tuple[Any, ...]:
    fast = _outcome(file_curve, path)
    assert fast == _outcome(lambda p: file_histogram(p).curve(), path)
    return fast


def _parquet(path: Path, rows: list[tuple[Any, Any]], types: str) -> None:
    con = duckdb.connect()
    con.execute(f"CREATE TABLE t (score {types.split()[0]}, label {types.split()[1]})")
    con.executemany("INSERT INTO t VALUES (?, ?)", rows)
    con.execute(f"COPY t TO '{path}' (FORMAT parquet)")
    con.close()


@given(
    rows=st.lists(
        st.tuples(st.floats(allow_nan=False, width=64), st.sampled_from([0, 1])),
        min_size=1,
        max_size=30,
    ),
    types=st.sampled_from(["DOUBLE INTEGER", "DOUBLE BOOLEAN", "FLOAT TINYINT", "DOUBLE DOUBLE"]),
)
@settings(
    max_examples=examples(Fraction(1, 10)),  # a DuckDB write and two reads per example
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_clean_columns_take_the_numpy_path_and_agree(
    rows: list[tuple[float, int]], types: str, tmp_path: Path
) -> None:
    path = tmp_path / f"d{len(rows)}-{hash(tuple(rows))}.parquet"
    if types.endswith("BOOLEAN"):
        rows = [(x, bool(y)) for x, y in rows]
    if types.startswith("FLOAT"):
        rows = [(x, y) for x, y in rows if abs(x) < 3e38 or x in (float("inf"), float("-inf"))]
        if not rows:
            return
    _parquet(path, rows, types)
    assert _same(path)[0] == "curve"
    assert files._parquet_arrays(str(path), "score", "label") is not None


def test_ties_of_doubles_are_exact(tmp_path: Path) -> None:
    """0.1 + 0.2 and 0.3 are two doubles, two thresholds; 2**53 and 2**53 + 1 one double."""
    path = tmp_path / "t.parquet"
    _parquet(path, [(0.1 + 0.2, 1), (0.3, 0), (2.0**53, 1), (float(2**53 + 1), 0)], "DOUBLE INT")
    outcome = _same(path)
    assert outcome[3] == (2.0**53, 0.1 + 0.2, 0.3)
    assert outcome[1:3] == ((0, 1, 2, 2), (0, 1, 1, 2))


def test_heavy_ties_go_through_the_histogram(tmp_path: Path) -> None:
    """Only the speed depends on the choice: both paths give the same curve."""
    path = tmp_path / "ties.parquet"
    _parquet(path, [(i % 3 / 4, i % 2) for i in range(40)], "DOUBLE INTEGER")
    with mock.patch.object(files, "_SAMPLE", 32):
        assert files._parquet_arrays(str(path), "score", "label") is None
        assert _same(path)[0] == "curve"
    assert files._parquet_arrays(str(path), "score", "label") is not None


def test_the_hostile_parquet_corpus_gets_the_same_answer(tmp_path: Path) -> None:
    from tests.engines.test_filecheck import PARQUET

    for name, (make, _) in PARQUET.items():
        path = tmp_path / name
        path.touch()
        make(path)
        _same(path)


def test_the_row_limit_is_checked_from_the_metadata(tmp_path: Path) -> None:
    path = tmp_path / "big.parquet"
    _parquet(path, [(0.5, 1)] * 11, "DOUBLE INTEGER")
    with limits.using(max_examples=10), mock.patch.object(files, "_duckdb") as engine:
        engine.return_value = duckdb
        with pytest.raises(RocPrError, match="exceeds the limit max_examples = 10"):
            file_curve(path)
        outcome = _same(path)
    assert outcome[0] == "error"


def test_the_cli_reads_a_parquet_file_in_one_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "d.parquet"
    _parquet(path, [(0.9, 1), (0.8, 0), (0.8, 1), (0.1, 0)], "DOUBLE INTEGER")
    with mock.patch.object(files, "file_histogram", side_effect=AssertionError("histogram")):
        assert main(["report", str(path), "--format", "json"]) == 0
    assert '"auc_roc"' in capsys.readouterr().out
