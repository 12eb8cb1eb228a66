"""pROC's DeLong twins against R itself on fresh random data (marker ``r``).

Run with ``pytest -m r tests/profiles``; skipped without ``Rscript`` or pROC.  Same tolerance
as tests/profiles/test_proc_delong.py (1e-13 relative).
"""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path

import pytest

from rocpr_exact.profiles import proc
from rocpr_exact.profiles.proc import delong as proc_delong
from tests.profiles.test_proc_delong import close

pytestmark = pytest.mark.r


def _vector(values: list[float] | list[int]) -> str:
    return "c(" + ",".join(repr(float(v)) for v in values) + ")"


def test_against_r(tmp_path: Path) -> None:
    rscript = shutil.which("Rscript")
    if rscript is None:
        pytest.skip("Rscript is not installed")
    rng = random.Random(2026)
    lines, data = ["suppressPackageStartupMessages(library(pROC))"], []
    for i in range(12):
        n = rng.choice([6, 25, 80, 300])
        labels = [int(rng.random() < rng.choice([0.1, 0.5, 0.8])) for _ in range(n)]
        labels[:4] = [1, 1, 0, 0]
        digits = rng.choice([1, 2, 8])
        first = [round(rng.random() + 0.4 * y, digits) for y in labels]
        second = [round(0.5 * f + 0.5 * rng.random(), digits) for f in first]
        data.append((labels, first, second))
        lines.append(
            f"y <- {_vector(labels)}; a <- roc(y, {_vector(first)}, quiet=TRUE); "
            f"b <- roc(y, {_vector(second)}, quiet=TRUE); "
            "t <- roc.test(a, b, method='delong'); "
            "v <- c(var(a), cov(a, b, method='delong'), as.numeric(ci.auc(a)), "
            "t$statistic, t$p.value); "
            f"cat({i}, sprintf('%.17g', v), '\\n')"
        )
    script = tmp_path / "delong.R"
    script.write_text("\n".join(lines))
    done = subprocess.run(
        [rscript, str(script)], capture_output=True, text=True, check=False, timeout=300
    )
    if "there is no package called" in done.stderr:
        pytest.skip("pROC is not installed")
    assert done.returncode == 0, done.stderr
    rows = [[float(v) for v in line.split()[1:]] for line in done.stdout.splitlines()]
    assert len(rows) == len(data)
    for (labels, first, second), row in zip(data, rows, strict=True):
        a, b = proc.roc(labels, first), proc.roc(labels, second)
        test = proc_delong.roc_test(a, b, method="delong")  # as R is called
        twins = [proc_delong.var(a), proc_delong.cov(a, b, "delong"), *proc_delong.ci_auc(a)]
        for twin, recorded in zip([*twins, test.statistic, test.p_value], row, strict=True):
            close(twin, recorded)
