"""What the recording scripts share: the recorded file's header and its one-case-per-line JSON.

``save`` writes ``{"command", "date", "versions", "cases"}`` with each case on one line (the
lists of numbers are long) and prints how many cases it wrote.  The scripts import it from
their own folder (``python scripts/record_xgboost.py`` puts ``scripts/`` on the path).
"""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path
from typing import Any


def compact(record: dict[str, Any]) -> str:
    """The record as JSON with one line per case (the lists of numbers are long)."""
    head = {key: value for key, value in record.items() if key != "cases"}
    lines = [json.dumps(case, separators=(",", ":")) for case in record["cases"]]
    body = ",\n".join(lines)
    return json.dumps(head, indent=1)[:-2] + ',\n "cases": [\n' + body + "\n ]\n}\n"


def save(out: Path, command: str, versions: dict[str, str], cases: list[Any]) -> None:
    """Write the recorded cases to ``out`` (with today's date and Python's version)."""
    record = {
        "command": command,
        "date": datetime.date.today().isoformat(),
        "versions": versions | {"python": sys.version.split()[0]},
        "cases": cases,
    }
    out.write_text(compact(record), encoding="utf-8")
    print(f"{out}: {len(cases)} cases")
