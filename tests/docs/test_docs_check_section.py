"""The README's "Check your implementation" section: the fuzz recipe first, then the vectors,
with flags the commands take, and the explain example of docs/oracle.md as the command prints it."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from rocpr_exact.cli.app import main

ROOT = Path(__file__).resolve().parents[2]


def section(text: str, title: str) -> str:
    """The text of one ``## title`` section."""
    return text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_readme_section_gives_fuzz_first_then_the_vectors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = section((ROOT / "README.md").read_text(encoding="utf-8"), "Check your implementation")
    fuzz, check = text.index("rocpr-exact fuzz "), text.index("rocpr-exact check ")
    assert fuzz < check < text.index("assert_metric_close")
    assert "fuzz-counterexample.csv" in text and "rocpr-exact explain DATA --value V" in text
    # the fuzz line's flags are the command's (its parser refuses others with exit 2)
    line = text[fuzz:].splitlines()[0].split(" -- ")[0]
    flags = [word for word in shlex.split(line) if word.startswith("--")]
    assert flags == ["--seconds"]
    assert main(["fuzz", "--help"]) == 0
    usage = capsys.readouterr().out
    assert all(flag in usage for flag in flags)


def test_the_docs_explain_example_is_what_the_command_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    oracle = (ROOT / "docs" / "oracle.md").read_text(encoding="utf-8")
    block = oracle.split("$ cat tied.csv\n", 1)[1].split("```", 1)[0]
    data, shown = block.split("$ rocpr-exact explain tied.csv --value 0.75\n")
    (tmp_path / "tied.csv").write_text(data)
    assert main(["explain", str(tmp_path / "tied.csv"), "--value", "0.75"]) == 0
    printed = capsys.readouterr().out.splitlines()
    lines = shown.rstrip("\n").splitlines()
    assert lines[-1] == "  ..."  # the docs show the beginning of the output
    assert printed[: len(lines) - 1] == lines[:-1]
