"""Profile tests: the ``torch``, ``xgboost`` and ``spark`` markers (live runs of the tools).

They import torch (seconds) and need the ``torch`` and ``keras`` extras, so they run only when
asked for: ``KERAS_BACKEND=torch pytest -m torch tests/profiles``.  Without ``-m torch`` they
are skipped with the reason, as the ``spark`` tests are (tests/engines/conftest.py).
"""

from __future__ import annotations

import pytest

#: marker -> what its tests compare (the xgboost and spark twins' live tests follow torch's rule)
LIVE = {"torch": "torchmetrics/keras", "xgboost": "xgboost", "spark": "Spark"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    chosen = config.getoption("markexpr", "") or ""
    for marker, tool in LIVE.items():
        if marker in chosen:
            continue
        skip = pytest.mark.skip(reason=f"a live {tool} test: run with -m {marker}")
        for item in items:
            if item.get_closest_marker(marker) is not None:
                item.add_marker(skip)
