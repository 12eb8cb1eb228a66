"""Profile tests: the ``torch`` marker (live comparisons with torchmetrics and keras).

They import torch (seconds) and need the ``torch`` and ``keras`` extras, so they run only when
asked for: ``KERAS_BACKEND=torch pytest -m torch tests/profiles``.  Without ``-m torch`` they
are skipped with the reason, as the ``spark`` tests are (tests/engines/conftest.py).
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "torch" in (config.getoption("markexpr", "") or ""):
        return
    skip = pytest.mark.skip(reason="a live torchmetrics/keras test: run with -m torch")
    for item in items:
        if item.get_closest_marker("torch") is not None:
            item.add_marker(skip)
