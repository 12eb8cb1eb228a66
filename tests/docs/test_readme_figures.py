"""The README's figures on the suite are the output of scripts/suite_figures.py, in its form.

The time itself comes from a full run (``python scripts/suite_figures.py``, minutes); this test
fails when the sentence is edited into another shape (a number typed by hand in other words)
and checks the script's reading of pytest's summary line.  No count of tests is kept in the
README: a test that failed whenever a test was added tested the README, not the code.
"""

from __future__ import annotations

import importlib.util
import json
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
    assert text.startswith("The full suite takes about 5 s on 4 cores") and "2026-11-26" in text


def test_the_readme_says_how_to_count_the_tests() -> None:
    """No count of tests is typed into the README (it would drift with every test added): the
    Development section gives the command that counts them, and the command is pytest's."""
    assert "python -m pytest --collect-only -q" in README
    assert not re.search(r"\d[\d,]* tests, \d+ skipped", README)


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
