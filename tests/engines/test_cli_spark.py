"""``rocpr-exact report --engine spark`` equals the default report (run with ``-m spark``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rocpr_exact.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.spark
def test_cli_spark_engine_equals_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "examples" / "table1.csv")
    assert main(["report", path]) == 0
    default = json.loads(capsys.readouterr().out)
    assert main(["report", path, "--engine", "spark"]) == 0
    assert json.loads(capsys.readouterr().out) == default
