"""Profile tests: the live markers ``torch``, ``xgboost``, ``spark`` and ``r``.

They import torch (seconds) and need the ``torch`` and ``keras`` extras, so they run only when
asked for: ``KERAS_BACKEND=torch pytest -m torch tests/profiles``.  Without ``-m torch`` they
are skipped with the reason, as the ``spark`` tests are (tests/engines/conftest.py).  The ``r``
tests run ``Rscript`` (``pytest -m r tests/profiles``).
"""

from __future__ import annotations

import re

import pytest

#: Live markers: the tests run only when ``-m`` names them.
LIVE = {
    "torch": "a live torchmetrics/keras test: run with -m torch",
    "xgboost": "a live xgboost test: run with -m xgboost",
    "spark": "a live Spark test: run with -m spark",
    "r": "a live R test (PRROC, pROC, ROCR, precrec): run with -m r",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    asked = set(re.findall(r"\w+", config.getoption("markexpr", "") or ""))
    for marker, reason in LIVE.items():
        if marker in asked:
            continue
        skip = pytest.mark.skip(reason=reason)
        for item in items:
            if item.get_closest_marker(marker) is not None:
                item.add_marker(skip)
