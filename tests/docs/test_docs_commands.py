"""Every ``rocpr-exact`` command shown in README.md and docs/*.md runs as shown.

The commands are read from the shell blocks of the docs (a line, or the last ``&&`` part of a
line, that calls ``rocpr-exact``), run in process from the repository root, and must exit with
the status the docs promise: 0, except where a command's documented status differs (``check``
with a user's results file exits 1 on a failure; ``consistent`` exits 1 for an impossible
verdict).  Files the docs leave to the reader are provided as placeholders (``PLACEHOLDERS``),
files the docs show (``$ cat NAME``) as shown; commands that need what a test cannot have here
are listed in ``SKIP`` with the reason.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from rocpr_exact.cli import main

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

#: Files a reader brings, as the docs name them: the content a command needs to run.
PLACEHOLDERS = {
    # A results file of "another implementation": one correct value (tc1's AUC-ROC is 3/4).
    "results.json": '{"results": {"1": {"auc_roc": 0.75}}}\n',
}

#: Files the docs make with a script before a command reads them: the script, run with the
#: file's path as its only argument.
MADE_BY_SCRIPTS = {"sklearn-results.json": ROOT / "examples" / "twin_results_sklearn.py"}

#: Files the docs make with a command before another reads them: the command's arguments
#: (the file's path is added last).
MADE_BY_COMMANDS = {
    "cert.json": shlex.split(
        "consistent --positives 10 --negatives 10 --auc-roc 0.873 --certificate"
    ),
    "witness-classes.csv": shlex.split(
        "consistent --class-counts 10,20,30 --macro-auc-roc 0.912 --witness"
    ),
}

#: Documented exit statuses other than 0, by command and arguments.
STATUSES = {
    ("check",): {0, 1},  # 1 when a case FAILs or is MISSING: the reader's results decide
    ("consistent", "--auc-roc", "0.873"): {1},  # the docs' impossible example
    ("consistent", "--auc-roc-mean", "0.873"): {1},  # README: a mean off the folds' grid
    ("consistent", "--auc-ci", "0.85,0.97"): {1},  # docs/inference.md: an impossible interval
    ("consistent", "--paired", "0.65"): {1},  # docs/inference.md: an impossible paired p
    ("consistent", "--claims", "examples/claims.csv"): {1},  # its worst rows are impossible
}

#: Commands a test cannot run here, with the reason.
SKIP = {
    "--engine spark": "needs a Spark session (pip install '.[spark]'; tests/engines -m spark)",
}


#: Fenced blocks that hold commands (others hold output, data or Python).
SHELL_BLOCKS = {"sh", "bash", "shell", "console", "yaml"}


def documented_commands() -> list[tuple[str, str]]:
    """(where, command) for every rocpr-exact call in a shell block of the docs.

    In a ``console`` block the commands are the ``$`` lines, and ``$ cat NAME`` followed by
    lines of text shows a file the next commands read: it is recorded in ``SHOWN_FILES``.
    """
    found = []
    for path in DOCS:
        tag: str | None = None  # the open block's language, None outside a block
        shown: str | None = None
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            fence = line.strip()
            if fence.startswith("```"):
                tag = None if tag is not None else fence[3:].strip()
                continue
            if tag not in SHELL_BLOCKS:
                continue
            if tag == "console" and not line.startswith("$ "):
                if shown is not None:
                    SHOWN_FILES[shown] = SHOWN_FILES.get(shown, "") + line + "\n"
                continue
            shown = None
            text = line.split("#", 1)[0].strip().removeprefix("$ ")
            if text.startswith("cat "):
                shown = text.split()[1]
                continue
            for part in text.split("&&"):
                match = re.match(r"(?:\S*/)?rocpr-exact (.+)", part.strip())
                if match:
                    found.append((f"{path.name}:{number}", match.group(1)))
    return found


#: Files the docs show with ``$ cat NAME``, by name, as the docs show them.
SHOWN_FILES: dict[str, str] = {}


COMMANDS = documented_commands()


def test_the_docs_show_commands() -> None:
    # The extraction sees the Quick start's command and the docs' examples.
    assert any(command == "report examples/table1.csv" for _, command in COMMANDS)
    assert len(COMMANDS) >= 5


@pytest.mark.parametrize(("where", "command"), COMMANDS, ids=[w for w, _ in COMMANDS])
def test_documented_command_runs(
    where: str,
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for marker, reason in SKIP.items():
        if marker in command:
            pytest.skip(reason)
    argv = shlex.split(command)
    # Outputs of the docs' commands go to a temporary directory, not into the repository.
    argv = [
        str(tmp_path / Path(a).name) if a.endswith((".png", ".svg", ".pdf")) else a for a in argv
    ]
    if argv[:2] == ["vectors", "--write"]:
        argv[2] = str(tmp_path / "vectors")
    # A checkout of rocpr-exact at ./rocpr-exact (the docs' CI step) is this repository.
    argv = [a.removeprefix("rocpr-exact/") for a in argv]
    for name, content in {**PLACEHOLDERS, **SHOWN_FILES}.items():
        if name in argv and not (ROOT / name).exists():
            (tmp_path / name).write_text(content, encoding="utf-8")
            argv = [str(tmp_path / name) if a == name else a for a in argv]
    for name, script in MADE_BY_SCRIPTS.items():
        if name in argv:
            made = tmp_path / name
            subprocess.run([sys.executable, str(script), str(made)], check=True, cwd=ROOT)
            argv = [str(made) if a == name else a for a in argv]
    for name, made_by in MADE_BY_COMMANDS.items():  # written to (or read from) tmp_path
        if name in argv:
            argv = [str(tmp_path / name) if a == name else a for a in argv]
            if argv[0] != made_by[0]:
                assert main([*made_by, str(tmp_path / name)]) in (0, 1)
                capsys.readouterr()
    monkeypatch.chdir(ROOT)
    status = main(argv)
    err = capsys.readouterr().err
    allowed = next(
        (
            codes
            for key, codes in STATUSES.items()
            if tuple(argv[: len(key)]) == key or all(k in argv for k in key)
        ),
        {0},
    )
    assert status in allowed, f"{where}: rocpr-exact {command} exited {status}: {err}"
    assert "Traceback" not in err
