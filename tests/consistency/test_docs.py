"""The examples in docs/consistency.md run and print what the text says."""

from __future__ import annotations

import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "consistency.md"


def test_docs_examples() -> None:
    result = doctest.testfile(
        str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert result.attempted >= 10
    assert result.failed == 0
