"""The docs' shell commands other than ``rocpr-exact`` (which test_docs_commands.py runs):
each one is run here, or named in ``NOT_RUN`` with the reason a test cannot run it.

A command added to the docs is in neither list until someone decides: the test fails and
names it.  Commands run from a temporary folder holding what they read (``data.csv``,
``data.parquet``: the paper's Table 1), with the repository's files named by absolute path.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SHELL = {"sh", "bash", "shell", "console"}

#: Commands (by how they start) a test cannot run, with the reason.
NOT_RUN = {
    'python3 -m venv .venv && .venv/bin/pip install -q -e ".[test]"': "the whole suite in a new "
    "environment: what .ci/run does",
    "python3 -m venv .venv && .venv/bin/pip install -q .": "an installation (network, minutes)",
    "python make_results.py": "the reader's own program",
    "env -u JAVA_HOME PATH=/tmp/nojava/bin:$VENV/bin $VENV/bin/python": "Spark without Java: "
    "tests/engines -m spark",
    "spark-submit": "a Spark cluster",
    "python -m tests.float_reference_census --pairs 600 --seed 2006": "minutes; its logic runs "
    "in tests/properties/test_dominance.py",
    "HYPOTHESIS_PROFILE=ci python -m pytest": "a test itself (the "
    "ci profile of tests/properties/test_dominance.py)",
    "python benchmarks/": "a benchmark (minutes); benchmarks are never timed in tests",
    'pip install ".[spark]"': "an installation (network, minutes)",
    "venv-pack": "packs a virtual environment for a Spark cluster (not a dependency)",
    "python -m rocpr_exact.engines.ship": "run by tests/engines/test_shares.py "
    "(test_the_shipped_zip_imports_without_the_installed_package)",
}


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


def test_every_command_is_run_or_named() -> None:
    unknown = [
        (where, command)
        for where, command in COMMANDS
        if _named(command) is None and not command.startswith(("python -c", "python examples/"))
    ]
    assert not unknown, f"run these in a test or name them in NOT_RUN with a reason: {unknown}"
    used = {_named(command) for _, command in COMMANDS}
    assert set(NOT_RUN) <= used, f"stale NOT_RUN entries: {set(NOT_RUN) - used}"


RUN = [(w, c) for w, c in COMMANDS if c.startswith(("python -c", "python examples/"))]


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
    run = subprocess.run(argv, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert run.returncode == 0, f"{where}: {command}: {run.stderr[-500:]}"
    assert "Traceback" not in run.stderr
