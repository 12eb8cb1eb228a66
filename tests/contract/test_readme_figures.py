"""The README's figures on the suite are the output of scripts/suite_figures.py, in its form.

The numbers themselves come from a full run (``python scripts/suite_figures.py``, minutes):
the coordinator regenerates the sentence after a merge; this test fails when the sentence is
edited into another shape (a number typed by hand in other words) and checks the script's
reading of pytest's summary line.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
from pathlib import Path

import pytest

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


def _readme_test_count(text: str = README) -> int:
    template = _script().TEMPLATE
    head = re.escape(template.split("{tests:,}")[0]).replace(r"\ ", r"\s+")
    for field, shape in ((r"\{seconds\}", r"\d+"), (r"\{cores\}", r"\d+")):
        head = head.replace(field, shape)
    match = re.search(head + r"(\d{1,3}(?:,\d{3})*) tests", text)
    assert match is not None, "the README's suite sentence is not the script's (run it)"
    return int(match.group(1).replace(",", ""))


def _whole_default_suite(config: pytest.Config) -> bool:
    """Whether this session runs the default selection: the testpaths, no -k, -m or deselection."""
    return (
        config.args_source == pytest.Config.ArgsSource.TESTPATHS
        and not config.getoption("keyword", "")
        and not config.getoption("markexpr", "")
        and not config.getoption("deselect", None)
        and not config.getoption("lf", False)
        and not config.getoption("exitfirst", False)
    )


def test_the_readme_counts_the_tests_of_this_suite(request: pytest.FixtureRequest) -> None:
    """The README's number of tests is the number this run of the whole default suite holds.

    Only a run of the whole default suite knows that number (``python -m pytest``): any other
    selection skips this test.  The run that ``scripts/suite_figures.py`` makes to write the
    sentence skips it too (``ROCPR_SUITE_FIGURES=1``): the README's number is the one being
    replaced.  A run whose count differs fails here, naming both: run the script.
    """
    if os.environ.get("ROCPR_SUITE_FIGURES"):
        pytest.skip("the run of scripts/suite_figures.py that writes this number")
    if not _whole_default_suite(request.config):
        pytest.skip("counts the whole default suite: run python -m pytest with no selection")
    collected = len(request.session.items)
    assert _readme_test_count() == collected, (
        f"the README says {_readme_test_count():,} tests; this run of the suite holds "
        f"{collected:,}: run python scripts/suite_figures.py (or --log a run's output) and put "
        "its sentence in the README"
    )


def test_the_readme_count_is_read_from_its_sentence() -> None:
    # the sentence the script writes for a run of 4,424 tests gives back 4,424
    text = _script().sentence("4325 passed, 99 skipped in 660.1s", 2, "2026-11-26")
    assert _readme_test_count(text) == 4424


def test_the_readmes_tools_are_the_twin_vector_files() -> None:
    """The README's tools (the table's pages, the list of ``check --profile``) are the files
    of ``vectors/twins`` and the pages of ``docs/profiles``: a tool added or removed changes
    both, never one typed by hand."""
    files = {path.stem for path in (ROOT / "vectors" / "twins").glob("*.json")}
    pages = {path.stem for path in (ROOT / "docs" / "profiles").glob("*.md")}
    table = set(re.findall(r"\| `docs/profiles/([\w-]+)\.md` \|$", README, flags=re.M))
    listed = re.search(r"one per tool with twins: ([\w, ]+);", README)
    assert listed is not None
    named = listed.group(1).split(", ")
    assert len(named) == len(set(named))
    assert set(named) == files == pages == table, (named, files, pages, table)


def _cases(path: Path) -> int:
    count: int = json.loads(path.read_text(encoding="utf-8"))["numberOfTests"]
    return count


def test_the_docs_case_counts_are_the_vector_files() -> None:
    """The counts of cases the docs give are the vector files' ``numberOfTests``."""
    docs = {name: (ROOT / "docs" / name).read_text(encoding="utf-8") for name in
            ("oracle.md", "reliability.md")}  # fmt: skip
    main = _cases(ROOT / "vectors" / "rocpr_auc_test.json")
    sklearn = _cases(ROOT / "vectors" / "twins" / "sklearn.json")
    assert re.findall(r"the same (\d+) cases everywhere", docs["reliability.md"]) == [str(main)]
    found = re.findall(r"(?:checks that all|passes all) (\d+)", docs["oracle.md"])
    assert found and set(found) == {str(sklearn)}, found


def test_the_readmes_mutation_score_is_the_last_run() -> None:
    """The README's mutation score is the last run's row of docs/mutation.md (in bold)."""
    page = (ROOT / "docs" / "mutation.md").read_text(encoding="utf-8")
    rows = re.findall(r"\| \*\*([\d,]+) / ([\d,]+)\*\* \| \*\*([\d.]+)%\*\*", page)
    assert len(rows) == 1, "docs/mutation.md marks its last run in bold, once"
    killed, mutants, score = rows[0]
    number = int(killed.replace(",", "")) / int(mutants.replace(",", ""))
    assert f"{100 * number:.1f}" == score  # the page's own arithmetic
    assert f"{killed} of {mutants} mutants killed ({score}%, the last run)" in " ".join(
        README.split()
    )
