"""Pre-aggregated input: Curve.from_histogram and Parquet reduced by DuckDB."""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given

import rocpr_exact as rx
from rocpr_exact.cli import main
from rocpr_exact.core.counts import chain_of_points, corner_index, counts_at, rising_index
from tests.brute_force import threshold_counts
from tests.strategies import any_dataset

Dataset = tuple[list[int], list[int]]


def histogram(scores: list[int], labels: list[int]) -> list[tuple[int, int, int]]:
    pos = Counter(s for s, y in zip(scores, labels, strict=True) if y == 1)
    neg = Counter(s for s, y in zip(scores, labels, strict=True) if y == 0)
    return [(s, pos[s], neg[s]) for s in set(scores)]


@given(any_dataset)
def test_histogram_equals_the_expanded_data(data: Dataset) -> None:
    rows = histogram(*data)
    expected = rx.Curve.from_scores(*data)
    assert rx.Curve.from_histogram(rows) == expected
    # Split every row in two (as partitioned aggregation does) and reverse the order.
    halves = [(s, p // 2, n // 2) for s, p, n in rows] + [
        (s, p - p // 2, n - n // 2) for s, p, n in rows
    ]
    assert rx.Curve.from_histogram(reversed(halves)) == expected
    assert rx.Curve.from_histogram(rows, thresholds="paper") == rx.Curve.from_scores(
        *data, thresholds="paper"
    )


def test_histogram_bad_rows() -> None:
    with pytest.raises(rx.InvalidInputError, match="row 0 must be"):
        rx.Curve.from_histogram([(1, 2)])  # type: ignore[list-item]
    with pytest.raises(rx.InvalidInputError, match="positives must be a non-negative int"):
        rx.Curve.from_histogram([(1, -2, 0)])
    with pytest.raises(rx.InvalidInputError, match="negatives must be a non-negative int"):
        rx.Curve.from_histogram([(1, 2, 0.5)])  # type: ignore[list-item]
    with pytest.raises(rx.InvalidInputError, match="NaN"):
        rx.Curve.from_histogram([(float("nan"), 2, 0)])
    with pytest.raises(rx.InvalidInputError) as info:
        rx.Curve.from_histogram([(1, 0, 0)])
    assert str(info.value).startswith("the weights (the counts) sum to 0")  # hostile-input round 3


def write_parquet(
    path: Path, rows: list[tuple[object, object]], score_type: str = "DOUBLE"
) -> None:
    duckdb = pytest.importorskip("duckdb")
    con = duckdb.connect()
    con.execute(f"CREATE TABLE t (score {score_type}, label INTEGER)")
    con.executemany("INSERT INTO t VALUES (?, ?)", rows)
    con.execute(f"COPY t TO '{path}' (FORMAT PARQUET)")
    con.close()


def test_parquet_report_equals_csv_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scores = [0.5, 0.25, 0.25, 0.1, 0.9, 0.1, 0.3]
    labels = [1, 0, 1, 0, 1, 1, 0]
    parquet, csv = tmp_path / "d.parquet", tmp_path / "d.csv"
    write_parquet(parquet, list(zip(scores, labels, strict=True)))
    csv.write_text(
        "score,label\n" + "".join(f"{s},{y}\n" for s, y in zip(scores, labels, strict=True))
    )
    assert main(["report", str(parquet)]) == 0
    from_parquet = json.loads(capsys.readouterr().out)
    assert main(["report", str(csv)]) == 0
    from_csv = json.loads(capsys.readouterr().out)
    from_parquet.pop("source")
    from_csv.pop("source")
    assert from_parquet == from_csv


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([(0.5, 1), (None, 0)], "NULL score; every example needs a real score"),
        ([(0.5, 1), (float("nan"), 0)], "NaN score; NaN has no place in a ranking"),
        ([(0.5, 2), (0.1, 0)], "label 2 is not 0/1 or true/false"),
        ([(0.5, None), (0.1, 0)], "label None is not 0/1 or true/false"),
    ],
)
def test_parquet_bad_values(
    rows: list[tuple[object, object]],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "bad.parquet"
    write_parquet(path, rows)
    assert main(["report", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_parquet_missing_column_and_not_parquet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "d.parquet"
    write_parquet(path, [(0.5, 1), (0.1, 0)])
    assert main(["report", str(path), "--label-column", "y"]) == 2
    assert "no column 'y'" in capsys.readouterr().err
    fake = tmp_path / "fake.parquet"
    fake.write_text("score,label\n")
    assert main(["report", str(fake)]) == 2
    assert "fake.parquet is not a Parquet file (it does not start with" in capsys.readouterr().err


# -- the one counts module: Python path == numpy path == brute force ----------------------------


def _brute_corners(points: list[tuple[int, int]]) -> list[int]:
    """Corners by slope, independently of the cross-product rule: point i is a corner unless the
    steps into and out of it have the same direction (equal reduced (dTP, dFP) pairs)."""

    def direction(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
        dtp, dfp = b[0] - a[0], b[1] - a[1]
        g = math.gcd(dtp, dfp)
        return dtp // g, dfp // g

    inner = [
        i
        for i in range(1, len(points) - 1)
        if direction(points[i - 1], points[i]) != direction(points[i], points[i + 1])
    ]
    return [0, *inner, len(points) - 1]


@given(any_dataset)
def test_counts_python_numpy_and_brute_force_agree(data: Dataset) -> None:
    np = pytest.importorskip("numpy")
    scores, labels = data
    expected = threshold_counts(scores, labels)
    python = rx.Curve.from_scores(scores, labels)
    array = rx.Curve.from_scores(np.array(scores), np.array(labels))
    for curve in (python, array):
        curve._check()
        assert list(zip(curve.tps, curve.fps, strict=True)) == expected
        assert list(curve.corner_index()) == _brute_corners(expected)
        rising = [i for i in range(1, len(expected)) if expected[i][0] > expected[i - 1][0]]
        assert list(curve.rising_index()) == rising
    assert corner_index(python.tps, python.fps) == array.corner_index()
    assert rising_index(python.tps) == array.rising_index()
    paper_python = rx.Curve.from_scores(scores, labels, thresholds="paper")
    paper_array = rx.Curve.from_scores(np.array(scores), np.array(labels), thresholds="paper")
    assert paper_python == paper_array
    assert paper_python.corners() == python.corners()  # the paper filter drops no corner


def test_corner_and_rising_index_by_hand() -> None:
    # (0,0) -> (1,0) -> (2,0) -> (2,1) -> (3,2): steps (1,0), (1,0), (0,1), (1,1).  Point 1 lies
    # inside the run of positives; points 2 and 3 change direction; ends are always corners.
    tps, fps = [0, 1, 2, 2, 3], [0, 0, 0, 1, 2]
    assert corner_index(tps, fps) == (0, 2, 3, 4)
    assert rising_index(tps) == (1, 2, 4)


def test_counts_at_thresholds_by_hand() -> None:
    # Groups (score, positives, negatives) 9:(1,0), 5:(0,2), 1:(1,1).  "score >= 10" calls nothing,
    # ">= 9" the first group, ">= 6" still only it, ">= 1" and ">= 0" everything: (2, 3).
    groups = [(9, 1, 0), (5, 0, 2), (1, 1, 1)]
    assert counts_at(groups, [10, 9, 6, 5, 1, 0]) == [
        (0, 0),
        (1, 0),
        (1, 0),
        (1, 2),
        (2, 3),
        (2, 3),
    ]


def test_chain_of_points_refuses_points_of_two_rankings() -> None:
    # (2, 1) has more TP and fewer FP than (1, 3): no single ranking passes through both.
    with pytest.raises(rx.InvalidInputError, match="cannot both lie on one curve"):
        chain_of_points([(1, 3), (2, 1)], 5, 5)
    assert chain_of_points([(2, 1), (2, 1), (4, 4)], 5, 5) == ((0, 2, 4, 5), (0, 1, 4, 5))


def test_numpy_path_messages_are_the_python_paths() -> None:
    # The numpy path refuses what the Python path refuses, with the same words.
    np = pytest.importorskip("numpy")
    cases = [
        (np.array([]), np.array([]), "the dataset is empty; give at least one (score, label) pair"),
        (
            np.array([0.5, np.nan]),
            np.array([1, 0]),
            "score at index 1 is NaN; NaN has no place in a ranking: remove the example or give it "
            "a real score (infinities are allowed)",
        ),
        (
            np.array([0.5, 0.25]),
            np.array([1, 2]),
            "label at index 1 is 2; labels must be 0/1 or False/True (1 = positive, 0 = negative)",
        ),
        (
            np.array([0.5, 0.25]),
            np.array([1]),
            "scores and labels differ in length (2 vs 1); give exactly one label per score",
        ),
    ]
    for scores, labels, message in cases:
        for pair in ((scores, labels), (scores.tolist(), labels.tolist())):
            with pytest.raises(rx.InvalidInputError) as info:
                rx.Curve.from_scores(*pair)
            assert str(info.value) == message


def test_numpy_bool_and_int8_labels_count_the_same() -> None:
    # Cumulative counts are integers whatever the label dtype: bool, int8, int64.
    np = pytest.importorskip("numpy")
    scores = np.array([3, 3, 2, 1, 1, 1])
    labels = [1, 0, 1, 1, 0, 0]
    curves = [rx.Curve.from_scores(scores, np.array(labels, dtype=t)) for t in (bool, np.int8)]
    # By hand: groups 3:(1,1), 2:(1,0), 1:(1,2) -> (0,0), (1,1), (2,1), (3,3).
    for curve in curves:
        assert curve.tps == (0, 1, 2, 3) and curve.fps == (0, 1, 1, 3)
        assert all(type(t) is int for t in curve.tps)


@pytest.mark.parametrize("largest", [1, 7, 8, 2**15 - 1, 2**15, 2**40])
def test_corner_array_agrees_with_corner_index_at_every_step_width(largest: int) -> None:
    # corner_array picks int8, int32 or int64 by the largest step: each width's boundary,
    # against the pure-Python corner_index (cross products in Python ints).
    np = pytest.importorskip("numpy")
    from rocpr_exact.core.arraycounts import corner_array
    from rocpr_exact.core.counts import corner_index

    steps = [(largest, 1), (largest, 1), (1, largest), (largest - 1, largest), (0, 1), (0, 1)]
    steps += [(largest, largest), (1, 1), (largest, 0), (3, 2), (largest, largest - 1)]
    tps, fps = [0], [0]
    for dt, df in steps:
        if dt or df:
            tps.append(tps[-1] + dt)
            fps.append(fps[-1] + df)
    expected = corner_index(tps, fps)
    got = corner_array(np.array(tps, dtype=np.int64), np.array(fps, dtype=np.int64))
    assert tuple(got.tolist()) == expected
