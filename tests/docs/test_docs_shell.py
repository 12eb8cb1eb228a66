"""The docs' shell commands other than ``rocpr-exact`` (which test_docs_commands.py runs):
each one is run here (``RUN_HERE``), run here in the benchmarks' smoke mode (``RUN_SMOKE``:
every ``python benchmarks/...`` command of the docs, inline ones too; those needing pyspark,
pandas or pyarrow under the ``bench`` marker that .ci/run runs), run by ``.ci/run`` as written
(``RUN_BY_CI``, checked here), run by a test under the ``install`` marker that .ci/run runs
(``RUN_INSTALLED``), run by a named Spark test (``RUN_ELSEWHERE``, checked against its source)
or under the ci profile .ci/run exports (``RUN_UNDER_CI_PROFILE``), or named in ``NOT_RUN``
with the reason a test cannot run it.

A command added to the docs is in neither list until someone decides: the test fails and
names it.  Commands run from a temporary folder holding what they read (``data.csv``,
``data.parquet``: the paper's Table 1), with the repository's files named by absolute path.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SHELL = {"sh", "bash", "shell", "console"}

#: Commands (by how they start) run as written in the default suite, from a temporary folder.
RUN_HERE = (
    "python -c",
    "python examples/",
    "python -m rocpr_exact.engines.ship dist",
    "python make_results.py",  # the program docs/oracle.md gives in full, written to a file
)

#: Commands (by how they start) run as written from the repository root in the smoke mode
#: (``ROCPR_SMOKE=1``, benchmarks/smoke.py: the same code at a tiny size, nothing written to
#: benchmarks/results), with a line each must print: its ratio, table or count line.
RUN_SMOKE = {
    "python benchmarks/": "ratio ",
    "python -m tests.float_reference_census": "pairs: ",
}

#: Commands that ``.ci/run`` runs as written (checked here: each is a line of .ci/run).
RUN_BY_CI = {
    'python3 -m venv .venv && .venv/bin/pip install -q -e ".[test]" && .venv/bin/python -m '
    "pytest -n auto --dist loadfile": "the whole suite in a new environment, on every core",
    'pip install -e ".[test,spark]" && pytest -m spark tests/profiles': "Spark's live twin tests",
    'pip install -e ".[test,xgboost]" && pytest -m xgboost tests/profiles': "xgboost's live tests",
    'pip install -e ".[test,torch,keras]" && KERAS_BACKEND=torch pytest -m torch tests/profiles': (
        "the live tests of the torchmetrics and keras twins"
    ),
}

#: Commands run by a test under the ``install`` marker, which .ci/run runs
#: (``pytest -m install tests/docs``): an installation takes a minute or more.
RUN_INSTALLED = ("python3 -m venv .venv && .venv/bin/pip install -q .",)

#: Commands (by how they start) a test cannot run, with the reason (none today: a command
#: added here must say why no test can run it).
NOT_RUN: dict[str, str] = {}

_VENV_PACK = "tests/engines/test_spark.py::test_the_readme_venv_pack_lines_run_in_local_mode"

#: Commands run as written by a test outside the default suite: the test (file::function),
#: whose source names the command (checked here, so the mapping cannot go stale).
RUN_ELSEWHERE = {
    "env -u JAVA_HOME PATH=/tmp/nojava/bin:$VENV/bin $VENV/bin/python": "tests/engines/"
    "test_spark.py::test_the_docs_java_free_command_runs",
    "spark-submit --py-files dist/rocpr_exact.zip job.py": "tests/engines/test_spark.py::"
    "test_the_readme_spark_submit_job_runs_in_local_mode",
    "spark-submit --py-files dist/rocpr_exact-0.1.0-py3-none-any.whl": "tests/engines/"
    "test_spark.py::test_the_engines_wheel_spark_submit_runs_in_local_mode",
    'pip install ".[spark]"': _VENV_PACK,
    "venv-pack -o env.tar.gz": _VENV_PACK,
    "spark-submit --archives env.tar.gz#env": _VENV_PACK,
}

#: ``VARIABLE=value python -m pytest ... NODE``: a test of the suite under a profile that
#: .ci/run exports for its whole run (checked here: the export, and that NODE exists).
RUN_UNDER_CI_PROFILE = ("HYPOTHESIS_PROFILE=ci python -m pytest",)


def shell_commands() -> list[tuple[str, str]]:
    """(where, command) for each command of a shell block that does not call rocpr-exact;
    lines ending in a backslash are joined, ``$ cat`` and output lines left out."""
    found = []
    for path in DOCS:
        tag: str | None = None
        pending = ""
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            fence = line.strip()
            if fence.startswith("```"):
                tag = None if tag is not None else fence[3:].strip()
                continue
            if tag not in SHELL or (tag == "console" and not line.startswith("$ ") and not pending):
                continue
            text = pending + line.split(" #", 1)[0].strip().removeprefix("$ ")
            if text.endswith("\\"):
                pending = text[:-1].strip() + " "
                continue
            if text.count('"') % 2:  # a quoted argument goes on over the next line
                pending = text + " "
                continue
            pending = ""
            if text and not text.startswith(("#", "cat ")) and "rocpr-exact" not in text:
                found.append((f"{path.name}:{number}", text))
    return found


COMMANDS = shell_commands()


def _named(command: str) -> str | None:
    return next((start for start in NOT_RUN if command.startswith(start)), None)


def _decided(command: str) -> bool:
    return (
        command.startswith((*RUN_HERE, *RUN_SMOKE))
        or command in RUN_BY_CI
        or command in RUN_INSTALLED
        or command.startswith((*RUN_ELSEWHERE, *RUN_UNDER_CI_PROFILE))
        or _named(command) is not None
    )


CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_every_command_is_run_or_named() -> None:
    unknown = [(where, command) for where, command in COMMANDS if not _decided(command)]
    assert not unknown, f"run these in a test or name them in NOT_RUN with a reason: {unknown}"
    used = {_named(command) for _, command in COMMANDS}
    assert set(NOT_RUN) <= used, f"stale NOT_RUN entries: {set(NOT_RUN) - used}"
    shown = {command for _, command in COMMANDS}
    assert set(RUN_BY_CI) | set(RUN_INSTALLED) <= shown, "a command here is not in the docs"


def _source(node: str) -> str:
    """The source of ``file::function`` (empty when there is no such function)."""
    import ast

    file, name = node.split("::")
    tree = ast.parse((ROOT / file).read_text(encoding="utf-8"))
    found = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name]
    return (
        ast.get_source_segment((ROOT / file).read_text(encoding="utf-8"), found[0]) if found else ""
    )


def _documented_in(node: str) -> set[str]:
    """The string constants ``file::function`` passes to ``_documented`` (its commands)."""
    import ast

    source = _source(node)
    calls = [n for n in ast.walk(ast.parse(source or "pass")) if isinstance(n, ast.Call)]
    return {
        call.args[0].value
        for call in calls
        if isinstance(call.func, ast.Name)
        and call.func.id == "_documented"
        and call.args
        and isinstance(call.args[0], ast.Constant)
    }


def test_commands_run_elsewhere_are_run_there() -> None:
    for start, node in RUN_ELSEWHERE.items():
        assert any(c.startswith(start) for _, c in COMMANDS), f"not in the docs: {start}"
        assert start in _documented_in(node), f"{node} does not run {start!r}"
    for start in RUN_UNDER_CI_PROFILE:
        variable = start.split("=", 1)[0]
        assert f"export {start.split()[0]}" in CI.splitlines(), f".ci/run: no export {variable}"
        for command in (c for _, c in COMMANDS if c.startswith(start)):
            nodes = [a for a in shlex.split(command) if "::" in a]
            assert nodes and all(_source(node) for node in nodes), command


def test_the_ci_script_runs_its_commands() -> None:
    lines = {line.strip() for line in CI.splitlines()}
    for command in RUN_BY_CI:
        assert command in lines, f".ci/run does not run {command!r}"
    assert '.venv/bin/pip install -q -e ".[test,spark]"' in CI  # the spark tests' extra
    assert ".venv/bin/python -m pytest -m install tests/docs" in CI  # RUN_INSTALLED
    assert ".venv/bin/python -m pytest -m bench tests/docs" in CI  # the bench marker


def test_the_engines_doc_quotes_the_spark_extra() -> None:
    """docs/engines.md's ``toml`` block is pyproject's spark extra, requirement by requirement."""
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    text = (ROOT / "docs" / "engines.md").read_text(encoding="utf-8")
    quoted = tomllib.loads(text.split("```toml\n", 1)[1].split("```", 1)[0])
    assert quoted["spark"] == extras["project"]["optional-dependencies"]["spark"]


def copy_tracked_files(destination: Path) -> None:
    """The repository's tracked files (``git ls-files``) copied under ``destination``: what a
    clean checkout holds, never this checkout's .venv or build output."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    for name in filter(None, (item.decode() for item in listed)):
        if (ROOT / name).is_file():
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, destination / name)


@pytest.mark.install
@pytest.mark.parametrize("command", RUN_INSTALLED)
def test_documented_installation_runs(
    command: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """The command as written, in a copy of the repository's files (never its own .venv);
    the installed command then answers."""
    if "install" not in (request.config.getoption("markexpr", "") or ""):
        pytest.skip("an installation (a minute or more): pytest -m install tests/docs")
    copy_tracked_files(tmp_path)
    run = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    version = subprocess.run(
        [str(tmp_path / ".venv" / "bin" / "rocpr-exact"), "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert version.stdout.startswith("rocpr-exact ")


RUN = [(w, c) for w, c in COMMANDS if c.startswith(RUN_HERE)]


@pytest.mark.subprocess
@pytest.mark.parametrize(("where", "command"), RUN, ids=[w for w, _ in RUN])
def test_documented_python_command_runs(where: str, command: str, tmp_path: Path) -> None:
    duckdb = pytest.importorskip("duckdb")
    table1 = ROOT / "examples" / "table1.csv"
    (tmp_path / "data.csv").write_bytes(table1.read_bytes())
    duckdb.sql(f"COPY (SELECT * FROM read_csv('{table1}')) TO '{tmp_path / 'data.parquet'}'")
    argv = shlex.split(command)
    argv = [sys.executable if a == "python" else a for a in argv]
    argv = [str(ROOT / a) if a.startswith("examples/") else a for a in argv]
    if "make_results.py" in command:  # docs/oracle.md's program, on the repository's vectors
        oracle = (ROOT / "docs" / "oracle.md").read_text(encoding="utf-8")
        program = oracle.split("```python\n", 1)[1].split("```", 1)[0]
        assert program.startswith('"""make_results.py')
        (tmp_path / "make_results.py").write_text(program, encoding="utf-8")
        (tmp_path / "vectors").symlink_to(ROOT / "vectors")
    run = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert run.returncode == 0, f"{where}: {command}: {run.stderr[-500:]}"
    assert "Traceback" not in run.stderr
    if "make_results.py" in command:
        cases = json.loads((ROOT / "vectors" / "rocpr_auc_test.json").read_text(encoding="utf-8"))
        ids = {str(case["tcId"]) for group in cases["testGroups"] for case in group["tests"]}
        written = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
        assert set(written["results"]) == ids
    if "engines.ship" in command:  # the zip the docs' spark-submit lines give the executors
        assert (tmp_path / "dist" / "rocpr_exact.zip").stat().st_size > 0


def benchmark_commands() -> list[tuple[str, str]]:
    """(where, command) for each benchmark command of the docs, wherever it is shown: a shell
    block, a ``$ python benchmarks/...`` line above a recorded output, or inline code in a
    sentence (which may go on over a line break); once each, placeholders filled in."""
    found = [(w, c) for w, c in COMMANDS if c.startswith(tuple(RUN_SMOKE))]
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(
            r"`(python benchmarks/[^`]+)`|^\$ (python benchmarks/.+)$", text, re.M
        ):
            command = " ".join((match[1] or match[2]).split(" #", 1)[0].split())
            number = text.count("\n", 0, match.start()) + 1
            found.append((f"{path.name}:{number}", command))
    filled = {}
    for where, command in found:
        argv = [PLACEHOLDERS.get(a.strip("[]"), a.strip("[]")) for a in command.split()]
        filled.setdefault(" ".join(argv), where)
    return [(where, command) for command, where in filled.items()]


#: A synopsis's placeholders, and the previous checkout a before/after run compares with
#: (this one: the run checks the code path, not the figures).
PLACEHOLDERS = {
    "N": "1000000",
    "K": "10000",
    "M": "1000000",
    "FILE": str(ROOT / "benchmarks" / "results" / "bench_matrix_2026-11-24.json"),
    "/path/to/previous/checkout": str(ROOT),
    "../main": str(ROOT),
}


def _peers(command: str) -> tuple[str, ...]:
    """The modules a benchmark command needs beyond the test extra (the spark extra has them)."""
    if "--table-from" in command:
        return ()
    if "spark" in command:
        return ("pyspark", "pyarrow", "pandas")
    if "bench_matrix" in command or "bench_files" in command:
        return ("pyarrow", "pandas")
    return ()


def _shows(command: str) -> str:
    """A line the command prints when it worked: its ratio, count or timing line."""
    if "--table-from" in command:
        return "| ours / peer |"
    if "--skip-peer" in command:
        return "rocpr-exact report (exact"
    if "--in-spark" in command:
        return "rocpr-exact spark.report (range shares)"
    return next(text for start, text in RUN_SMOKE.items() if command.startswith(start))


SMOKE = benchmark_commands()


def _written() -> list[tuple[str, int]]:
    """What a benchmark could write (its results folder, the README's table), with the times."""
    files = [ROOT / "README.md", *(ROOT / "benchmarks" / "results").iterdir()]
    return sorted((path.name, path.stat().st_mtime_ns) for path in files)


@pytest.mark.subprocess
@pytest.mark.parametrize(
    ("where", "command"),
    [pytest.param(w, c, id=w, marks=[pytest.mark.bench] if _peers(c) else []) for w, c in SMOKE],
)
def test_documented_benchmark_runs_in_smoke_mode(
    where: str, command: str, request: pytest.FixtureRequest
) -> None:
    """The command line as the docs give it (its own arguments), from the repository root,
    with ``ROCPR_SMOKE=1``: it exits 0, says it is a smoke run, prints its result line and
    writes nothing in the repository (no results file, no README table).  Commands that need
    pyspark, pandas or pyarrow carry the ``bench`` marker (.ci/run: pytest -m bench
    tests/contract, after the spark extra)."""
    if _peers(command) and "bench" not in (request.config.getoption("markexpr", "") or ""):
        pytest.skip("needs the spark extra's peers: pytest -m bench tests/docs")
    for module in _peers(command):
        pytest.importorskip(module, reason=f"{module} is not installed (extra: spark)")
    before = _written()
    argv = [sys.executable if a == "python" else a for a in shlex.split(command)]
    env = {**os.environ, "ROCPR_SMOKE": "1"}
    run = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    assert run.returncode == 0, f"{where}: {command}: {run.stderr[-800:]}"
    assert "Traceback" not in run.stderr
    assert "smoke run (ROCPR_SMOKE=1): " in run.stdout, run.stdout[:300]
    assert _shows(command) in run.stdout, f"{where}: {run.stdout[-500:]}"
    assert _written() == before, f"{where}: {command} wrote a results file or the README"
