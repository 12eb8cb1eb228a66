"""Run scikit-learn's own ``test_ranking.py`` with the exact twins in place of its functions.

Copies ``sklearn/metrics/tests/test_ranking.py`` of the installed scikit-learn into a temporary
directory, rewrites its imports so that ``roc_curve``, ``roc_auc_score``,
``average_precision_score``, ``precision_recall_curve`` and ``det_curve`` are the twins
(``tests/profiles/sklearn_as_floats.py``: the twins with sklearn's return types), runs pytest on
it and prints how many of the tests that call a twin passed and failed, each failure with its
test id and the first line of its error.  The other tests of the file (``ndcg_score``,
``coverage_error``, ...) run sklearn's own functions and are counted apart.

docs/profiles/sklearn.md records the result and explains every failure.  A minute or so:

    python scripts/run_sklearn_tests.py [-k EXPRESSION]
"""

from __future__ import annotations

import argparse
import ast
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pytest  # noqa: E402
import sklearn  # noqa: E402

from tests.profiles import sklearn_as_floats  # noqa: E402

#: sklearn's test fixture (sklearn/conftest.py): the seed its CI uses unless told otherwise.
CONFTEST = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
import pytest

@pytest.fixture
def global_random_seed():
    return 42
"""


def rewrite(source: str) -> str:
    """``source`` with one import of the twins after its last top-level import."""
    last = max(
        node.end_lineno or node.lineno
        for node in ast.parse(source).body
        if isinstance(node, ast.Import | ast.ImportFrom)
    )
    lines = source.splitlines(keepends=True)
    names = ", ".join(sklearn_as_floats.__all__)
    twins = f"from tests.profiles.sklearn_as_floats import {names}  # the twins\n"
    return "".join([*lines[:last], twins, *lines[last:]])


class Calls:
    """A pytest plugin: each test's outcome, and whether it called a twin."""

    def __init__(self) -> None:
        self.outcomes: dict[str, tuple[str, bool, str]] = {}
        self.count = 0

    def pytest_runtest_call(self, item: pytest.Item) -> None:
        self.count = sklearn_as_floats.CALLS[0]

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "call" or report.outcome != "passed":
            reached = sklearn_as_floats.CALLS[0] != self.count
            reason = ""
            if report.failed:
                reason = str(getattr(report.longrepr, "reprcrash", None) or report.longrepr)
                reason = reason.splitlines()[0] if reason else ""
            old = self.outcomes.get(report.nodeid)
            if old is None or old[0] == "passed":
                self.outcomes[report.nodeid] = (report.outcome, reached, reason)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-k", default=None, help="pytest's -k: run only the matching tests")
    args = parser.parse_args(argv)
    original = Path(sklearn.__file__).parent / "metrics" / "tests" / "test_ranking.py"
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        (folder / "conftest.py").write_text(CONFTEST)
        (folder / "test_ranking.py").write_text(rewrite(original.read_text()))
        calls = Calls()
        options = ["-q", "-p", "no:cacheprovider", "--rootdir", work, "-o", "addopts="]
        options += ["--tb=no", "-rN", "--disable-warnings"]
        if args.k:
            options += ["-k", args.k]
        pytest.main([*options, str(folder / "test_ranking.py")], plugins=[calls])
    outcomes = calls.outcomes.values()
    twins = [o for o in outcomes if o[1]]
    print(f"scikit-learn {sklearn.__version__}, {original}")
    print(
        f"tests that call a twin: {sum(o[0] == 'passed' for o in twins)} passed, "
        f"{sum(o[0] == 'failed' for o in twins)} failed"
    )
    others = [o for o in outcomes if not o[1]]
    print(
        f"other tests (sklearn's own functions): {sum(o[0] == 'passed' for o in others)} passed, "
        f"{sum(o[0] == 'failed' for o in others)} failed"
    )
    for nodeid, (outcome, _reached, reason) in sorted(calls.outcomes.items()):
        if outcome == "failed":
            print(f"FAILED {nodeid.split('::', 1)[-1]}: {reason}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
