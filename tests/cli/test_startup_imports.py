"""What ``--help``, ``--version`` and ``check`` import: not the libraries they do not use.

The time is measured in ``benchmarks/bench_startup.py`` (never in a unit test); this test
keeps the imports that time depends on from coming back: numpy, python-flint, DuckDB,
matplotlib and the exact core for every one of them; for ``check`` and ``--version`` also
gzip and tempfile (imported by a file's reader and by the writers when they need them) and
the CSV dialect (a command without data never builds one).
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Never imported by these commands.
HEAVY = ("numpy", "flint", "duckdb", "matplotlib", "rocpr_exact.core", "rocpr_exact.output")
#: Imported only when a file is read or written.
ON_DEMAND = ("gzip", "tempfile", "rocpr_exact.io.dialect")

_PROGRAM = """
import contextlib, io, json, sys
from rocpr_exact.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
print(json.dumps(sorted(sys.modules)))
"""


def _imported(argv: list[str]) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM, *argv],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


@pytest.mark.subprocess
def test_commands_without_data_import_no_heavy_library(tmp_path: Path) -> None:
    results = tmp_path / "results.json"
    results.write_text('{"results": {"1": {"auc_roc": 0.75}}}\n')
    vectors = str(ROOT / "vectors" / "rocpr_auc_test.json")
    check = ["check", vectors, str(results), "--case", "1"]
    for argv, absent in (
        (["--help"], HEAVY),
        (["--version"], HEAVY + ON_DEMAND),
        (check, HEAVY + ON_DEMAND),
    ):
        modules = _imported(argv)
        assert "rocpr_exact.cli.app" in modules  # the program ran
        found = sorted(m for m in modules if any(m == a or m.startswith(a + ".") for a in absent))
        assert not found, (argv, found)
    # the reader of a compressed file still imports gzip when it needs it
    data = tmp_path / "d.csv.gz"
    data.write_bytes(gzip.compress(b"score,label\n0.5,1\n0.25,0\n"))
    assert "gzip" in _imported(["report", str(data)])
