"""Column identity: a column is the one named, exactly as stored, in every engine.

DuckDB renames clashing column names on read (``score`` after ``Score`` becomes ``score_1``,
a second ``score`` too), so a name must be looked up among the names *stored* in the file,
never among an engine's renamed ones.  Each clash is written as CSV and as Parquet and read
by every engine: a column is read from the column of that exact name, a duplicate name is
refused with the names listed, and one column for two roles is refused.

The expected curve of a column is :meth:`Curve.from_scores` on the values written into it (the
in-memory path, independent of any file reader).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rocpr_exact.cli import main
from rocpr_exact.core.curve import Curve
from rocpr_exact.engines.files import file_curve, file_histogram
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.io.fastcsv import scored_csv_curve
from rocpr_exact.io.readers import read_scored_csv

duckdb = pytest.importorskip("duckdb")

LABELS = [0, 1, 0, 1, 1, 0]
#: Four columns whose names clash by case and by DuckDB's renaming; each ranks differently.
CLASH = {
    "Score": [0.1, 0.2, 0.3, 0.4, 0.5, 0.6],
    "score": [0.6, 0.5, 0.4, 0.3, 0.2, 0.1],
    "score_1": [0.5, 0.5, 0.5, 0.5, 0.5, 0.5],
    "SCORE_1": [0.9, 0.1, 0.8, 0.7, 0.2, 0.3],
}


def write_parquet(path: Path, names: list[str], columns: list[list[object]]) -> Path:
    """A Parquet file whose columns are stored under exactly ``names`` (duplicates too).

    DuckDB writes placeholder names of the same byte lengths (it would rename a clash), and
    the placeholders are replaced in the file's footer: Thrift strings are length-prefixed,
    so equal lengths leave every offset valid.
    """
    holders = []
    for number, name in enumerate(names):
        size = len(name.encode())
        assert size >= 3, "a placeholder needs 3 bytes to be unique"
        holders.append((f"Q{number}Q" * size)[:size])
    rows = zip(*columns, strict=True)
    values = ", ".join("(" + ", ".join(_sql(v) for v in row) + ")" for row in rows)
    aliases = ", ".join(f'"{h}"' for h in holders)
    con = duckdb.connect()
    con.execute(f"COPY (SELECT * FROM (VALUES {values}) t({aliases})) TO '{path}' (FORMAT parquet)")
    con.close()
    data = path.read_bytes()
    for holder, name in zip(holders, names, strict=True):
        assert data.count(holder.encode()) >= 1
        data = data.replace(holder.encode(), name.encode())
    path.write_bytes(data)
    return path


def _sql(value: object) -> str:
    return f"{value!r}::DOUBLE" if isinstance(value, float) else repr(value)


def write_csv(path: Path, names: list[str], columns: list[list[object]]) -> Path:
    lines = [",".join(names)] + [",".join(map(str, row)) for row in zip(*columns, strict=True)]
    path.write_text("\n".join(lines) + "\n")
    return path


def _clash_file(tmp_path: Path, kind: str) -> Path:
    names = ["Score", "label", "score", "score_1", "SCORE_1"]
    columns = [CLASH["Score"], LABELS, CLASH["score"], CLASH["score_1"], CLASH["SCORE_1"]]
    write = write_parquet if kind == "parquet" else write_csv
    return write(tmp_path / f"clash.{kind}", names, columns)


def _readers(kind: str) -> list[object]:
    """Every way a file of ``kind`` is read into a curve (each engine, each path of it)."""
    duck = [
        lambda p, s, y: file_curve(p, s, y),  # Parquet: the numpy path when clean
        lambda p, s, y: file_histogram(p, s, y).curve(),  # the GROUP BY path
    ]
    if kind == "parquet":
        return duck
    return [
        *duck,
        lambda p, s, y: scored_csv_curve(p, s, y),
        lambda p, s, y: Curve.from_scores(*read_scored_csv(p, s, y)),
    ]


@pytest.mark.parametrize("kind", ["csv", "parquet"])
@pytest.mark.parametrize("column", list(CLASH))
def test_a_column_is_the_one_of_that_exact_name(tmp_path, kind, column):
    path = _clash_file(tmp_path, kind)
    expected = Curve.from_scores(CLASH[column], LABELS)
    for read in _readers(kind):
        curve = read(str(path), column, "label")  # type: ignore[operator]
        assert (curve.tps, curve.fps) == (expected.tps, expected.fps), (kind, column, read)


@pytest.mark.parametrize("kind", ["csv", "parquet"])
@pytest.mark.parametrize("engine", ["python", "duckdb"])
def test_the_cli_reads_the_named_column(tmp_path, capsys, kind, engine):
    if kind == "parquet" and engine == "python":
        pytest.skip("the python engine reads CSV")
    path = _clash_file(tmp_path, kind)
    for column, scores in CLASH.items():
        args = ["report", str(path), "--engine", engine, "--score-column", column]
        assert main(args) == 0, capsys.readouterr().err
        report = json.loads(capsys.readouterr().out)
        # AUC-ROC by brute force over the (positive, negative) pairs: a tie counts 1/2
        pairs = [
            (p, n)
            for p, y in zip(scores, LABELS, strict=True)
            if y
            for n, z in zip(scores, LABELS, strict=True)
            if not z
        ]
        wins = sum(2 if p > n else 1 if p == n else 0 for p, n in pairs)
        assert report["auc_roc"]["exact"] == str(_fraction(wins, 2 * len(pairs))), column


def _fraction(numerator: int, denominator: int) -> object:
    from fractions import Fraction

    return Fraction(numerator, denominator)


@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_a_duplicate_name_is_refused_with_the_names(tmp_path, kind):
    write = write_parquet if kind == "parquet" else write_csv
    path = write(
        tmp_path / f"dup.{kind}", ["score", "label", "score"], [CLASH["Score"], LABELS, LABELS]
    )
    for read in _readers(kind):
        with pytest.raises(InvalidInputError, match=r"duplicate column names \['score'\]"):
            read(str(path), "score", "label")  # type: ignore[operator]


@pytest.mark.parametrize("kind", ["csv", "parquet"])
@pytest.mark.parametrize(
    ("score", "label", "weight", "message"),
    [
        ("label", "label", None, "score_column and label_column both name the column 'label'"),
        ("score", "label", "score", "score_column and weight_column both name the column 'score'"),
        ("score", "label", "label", "label_column and weight_column both name the column 'label'"),
    ],
)
def test_one_column_for_two_roles_is_refused(tmp_path, kind, score, label, weight, message):
    write = write_parquet if kind == "parquet" else write_csv
    path = write(tmp_path / f"roles.{kind}", ["score", "label"], [CLASH["Score"], LABELS])
    with pytest.raises(InvalidInputError, match=message):
        file_histogram(str(path), score, label, weight)
    if weight is None:
        with pytest.raises(InvalidInputError, match=message):
            file_curve(str(path), score, label)
        if kind == "csv":
            for read in _readers(kind)[2:]:
                with pytest.raises(InvalidInputError, match=message):
                    read(str(path), score, label)  # type: ignore[operator]


@pytest.mark.parametrize("kind", ["csv", "parquet"])
@pytest.mark.parametrize("engine", ["python", "duckdb"])
def test_the_cli_refuses_one_column_for_two_roles_with_the_flags(tmp_path, capsys, kind, engine):
    write = write_parquet if kind == "parquet" else write_csv
    path = write(tmp_path / f"roles.{kind}", ["score", "label"], [CLASH["Score"], LABELS])
    if kind == "parquet" and engine == "python":
        engine = "duckdb"
    args = ["report", str(path), "--engine", engine, "--score-column", "label"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "--score-column and --label-column both name the column 'label'" in err, err


@pytest.mark.spark
@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_spark_reads_the_column_of_that_exact_name(tmp_path, spark, kind):
    from rocpr_exact.engines import spark as spark_engine

    path = _clash_file(tmp_path, kind)
    for column, scores in CLASH.items():
        try:
            hist = spark_engine.file_histogram(str(path), column, "label", session=spark)
        except InvalidInputError as exc:  # Spark itself may refuse a Parquet case clash
            assert kind == "parquet" and "Spark cannot read it" in str(exc), exc
            continue
        expected = Curve.from_scores(scores, LABELS)
        assert (hist.curve().tps, hist.curve().fps) == (expected.tps, expected.fps), column


@pytest.mark.spark
def test_spark_refuses_duplicates_and_one_column_for_two_roles(tmp_path, spark):
    from rocpr_exact.engines import spark as spark_engine

    frame = spark.createDataFrame([(0.1, 1, 0.2), (0.3, 0, 0.4)], ["score", "label", "score"])
    with pytest.raises(InvalidInputError, match=r"duplicate column names \['score'\]"):
        spark_engine.histogram(frame, "score", "label")
    good = spark.createDataFrame([(0.1, 1), (0.3, 0)], ["score", "label"])
    with pytest.raises(InvalidInputError, match="score_column and label_column both name"):
        spark_engine.histogram(good, "label", "label")
    path = write_csv(tmp_path / "dup.csv", ["score", "label", "score"], [[1, 2], [1, 0], [1, 2]])
    with pytest.raises(InvalidInputError, match=r"duplicate column names \['score'\]"):
        spark_engine.file_histogram(str(path), "score", "label", session=spark)


#: Names that a reader could take for something else: SQL words, the SQL aliases of the
#: duckdb engine's query (s, y, w), a dot (Spark's struct field), quotes, the same letters
#: composed (NFC) and decomposed (NFD), a case-only clash, DuckDB's renaming suffix.
NAMES = [
    ["y", "s", "w"],
    ["select", "from", "label"],
    ["a.b", "label", "a"],
    ['sc"ore', "label", "sc'ore"],
    ["scor\u00e9", "label", "score\u0301"],
    ["SCORE", "label", "Score"],
    ["sco", "label", "sco_1"],
]


@pytest.mark.parametrize("names", NAMES, ids=[",".join(n) for n in NAMES])
@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_names_a_reader_could_misread(tmp_path, capsys, names, kind):
    if kind == "csv" and any('"' in name for name in names):
        pytest.skip("a quote in a CSV header is CSV quoting, tested elsewhere")
    if kind == "parquet" and min(len(name.encode()) for name in names) < 3:
        pytest.skip("the placeholder writer needs names of 3 bytes")
    first, second = CLASH["Score"], CLASH["score"]
    write = write_parquet if kind == "parquet" else write_csv
    path = write(tmp_path / f"names.{kind}", names, [first, LABELS, second])
    for column, scores in ((names[0], first), (names[2], second)):
        expected = Curve.from_scores(scores, LABELS)
        for engine in ("python", "duckdb") if kind == "csv" else ("duckdb",):
            args = ["report", str(path), "--engine", engine, "--score-column", column]
            assert main([*args, "--label-column", names[1]]) == 0, capsys.readouterr().err
            report = json.loads(capsys.readouterr().out)
            assert report["auc_roc"]["exact"] == str(_auc(expected)), (engine, column)


def _auc(curve: Curve) -> object:
    from rocpr_exact.areas.auc import auc_roc

    return auc_roc(curve)


@pytest.mark.spark
@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_spark_reads_names_a_reader_could_misread(tmp_path, spark, kind):
    from rocpr_exact.engines import spark as spark_engine

    first, second = CLASH["Score"], CLASH["score"]
    for number, names in enumerate(NAMES):
        if (kind == "csv" and any('"' in n for n in names)) or (
            kind == "parquet" and min(len(n.encode()) for n in names) < 3
        ):
            continue
        write = write_parquet if kind == "parquet" else write_csv
        path = write(tmp_path / f"names{number}.{kind}", names, [first, LABELS, second])
        for column, scores in ((names[0], first), (names[2], second)):
            try:
                hist = spark_engine.file_histogram(str(path), column, names[1], session=spark)
            except InvalidInputError as exc:  # Spark refuses a Parquet case clash itself
                assert kind == "parquet" and "Spark cannot read it" in str(exc), exc
                continue
            expected = Curve.from_scores(scores, LABELS)
            assert (hist.curve().tps, hist.curve().fps) == (expected.tps, expected.fps), names
