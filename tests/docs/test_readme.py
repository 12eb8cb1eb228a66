"""The README's examples run as written and its command table names real commands."""

from __future__ import annotations

import re
import types
from fractions import Fraction
from pathlib import Path

import pytest

from rocpr_exact.cli.app import build_parser

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
PYTHON_BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.S)


def test_the_api_block_runs() -> None:
    namespace: dict[str, object] = {}
    exec(PYTHON_BLOCKS[0], namespace)
    rx = namespace["rx"]
    curve = namespace["curve"]
    assert rx.auc_roc(curve) == Fraction(7, 8)  # type: ignore[attr-defined]


def test_the_pytest_helper_block_passes_for_a_correct_implementation() -> None:
    # Average precision of scores [0.9, 0.8, 0.8, 0.3], labels [1, 0, 1, 0]: thresholds
    # 0.9 -> (1, 0) precision 1 at recall 1/2; 0.8 -> (2, 1) precision 2/3 at recall 1;
    # AP = 1/2 * 1 + 1/2 * 2/3 = 5/6.
    my_lib = types.SimpleNamespace(ap=lambda scores, labels: 5 / 6)
    namespace: dict[str, object] = {"my_lib": my_lib}
    exec(PYTHON_BLOCKS[1], namespace)
    namespace["test_my_average_precision"]()  # type: ignore[operator]
    namespace["my_lib"] = types.SimpleNamespace(ap=lambda scores, labels: 0.8)
    with pytest.raises(AssertionError):
        namespace["test_my_average_precision"]()  # type: ignore[operator]


def test_the_conformance_block_passes_a_correct_ap_and_fails_ties_by_index() -> None:
    from tests.testing.buggy import ap, ap_ties_by_index

    namespace: dict[str, object] = {"my_lib": types.SimpleNamespace(ap=ap)}
    exec(PYTHON_BLOCKS[2], namespace)
    namespace["test_my_average_precision_conforms"]()  # type: ignore[operator]
    namespace["my_lib"] = types.SimpleNamespace(ap=ap_ties_by_index)
    with pytest.raises(AssertionError, match="ties broken in input order"):
        namespace["test_my_average_precision_conforms"]()  # type: ignore[operator]


def test_every_command_in_the_table_exists() -> None:
    commands = set(re.findall(r"^\| `rocpr-exact ([\w-]+)", README, flags=re.M))
    choices = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert commands == set(choices)


def test_quick_start_has_exactly_two_commands() -> None:
    quick = README.split("## Quick start", 1)[1].split("##", 1)[0]
    block = re.search(r"```sh\n(.*?)```", quick, flags=re.S)
    assert block is not None
    lines = [line for line in block.group(1).splitlines() if line.strip()]
    assert len(lines) == 2
    assert "rocpr-exact report examples/table1.csv" in lines[0]
    assert "pytest" in lines[1] and ".[test]" in lines[1]
