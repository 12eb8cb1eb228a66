"""Engine tests: the ``spark`` marker, and a local Spark session for the tests that carry it.

Spark tests start a JVM (several seconds), so they run only when asked for:
``pytest -m spark tests/engines``.  Under that marker they are skipped, with the reason,
when pyspark is not installed; every other engine test runs by default.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "spark: starts a local Spark session (run with -m spark; needs the spark extra)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "spark" in (config.getoption("markexpr", "") or ""):
        return
    skip = pytest.mark.skip(reason="a Spark test: run with -m spark")
    for item in items:
        if "spark" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def spark() -> Iterator[Any]:
    pytest.importorskip("pyspark", reason="pyspark is not installed (extra: spark)")
    from rocpr_exact.engines.spark import local_session

    session = local_session(cores=2, **{"spark.sql.shuffle.partitions": "7"})
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()
