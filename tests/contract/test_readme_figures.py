"""The README's figures on the suite are the output of scripts/suite_figures.py, in its form.

The numbers themselves come from a full run (``python scripts/suite_figures.py``, minutes):
the coordinator regenerates the sentence after a merge; this test fails when the sentence is
edited into another shape (a number typed by hand in other words) and checks the script's
reading of pytest's summary line.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "suite_figures", ROOT / "scripts" / "suite_figures.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_sentence_has_the_scripts_form() -> None:
    template = _script().TEMPLATE
    pattern = re.escape(template)
    for field, shape in (
        (r"\{seconds\}", r"\d+"),
        (r"\{cores\}", r"\d+"),
        (r"\{tests:,\}", r"\d{1,3}(?:,\d{3})*"),
        (r"\{skipped\}", r"\d+"),
        (r"\{date\}", r"\d{4}-\d{2}-\d{2}"),
    ):
        pattern = pattern.replace(field, shape)
    matches = re.findall(pattern.replace(r"\n", r"\s+").replace(r"\ ", r"\s+"), README)
    assert len(matches) == 1, "the README's suite sentence is not the script's (run it)"


def test_the_script_reads_pytests_summary() -> None:
    script = _script()
    # 3,400 passed + 84 skipped = 3,484 run; 147.6 s rounds to 150 (multiples of 5)
    line = "=== 3400 passed, 84 skipped, 12 deselected, 5 warnings in 147.60s (0:02:27) ==="
    assert script.figures(line) == {"tests": 3484, "skipped": 84, "seconds": 150}
    assert script.figures("1 failed, 9 passed in 2.40s")["tests"] == 10
    text = script.sentence("10 passed in 3.00s", 4, "2026-11-26")
    assert (
        text.startswith("The full suite takes about 5 s on 4 cores")
        and "(10 tests, 0 skipped" in text
    )
