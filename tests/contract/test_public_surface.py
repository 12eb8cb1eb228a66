"""The flat namespace ``rocpr_exact`` is small and frozen, like ``fractions`` or ``statistics``.

Adding a name is a decision: it goes in :data:`PUBLIC` below, in the README or docs/, and
nothing exported is a mutable table, a test hook or a standard module's name.  Names that
left keep working for one release with a DeprecationWarning naming their new home.
"""

from __future__ import annotations

import re
import sys
import types
import warnings
from pathlib import Path

import pytest

import rocpr_exact as rx

ROOT = Path(__file__).resolve().parents[2]
API_DOC = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")

#: The frozen surface (53 names before the cut; these 41 after).
PUBLIC = [
    "PR_METHODS",
    "AmbiguousPointError",
    "ClosedForm",
    "ConfusionMatrix",
    "Curve",
    "Dominance",
    "InvalidInputError",
    "MissingDependencyError",
    "NoNegativesError",
    "NoPositivesError",
    "NotRepresentableError",
    "OperatingPoint",
    "ResourceLimitError",
    "RocPrError",
    "Segment",
    "UndefinedMetricError",
    "UndefinedPrecisionError",
    "WrongTypeError",
    "achievable_pr_curve",
    "ap_ci",
    "apply_thresholds",
    "auc_ci",
    "auc_covariance",
    "auc_pr",
    "auc_roc",
    "auc_variance",
    "below_achievable_pr",
    "best_operating_point",
    "compute_metric",
    "curve_from_points",
    "delong_test",
    "dominates",
    "format_decimal",
    "hull_points",
    "interpolate_pr",
    "local_skew",
    "partial_auc_roc",
    "plot",
    "read_points_csv",
    "roc_convex_hull",
    "tuned_thresholds",
]


def test_the_surface_is_frozen() -> None:
    assert sorted(rx.__all__) == sorted(PUBLIC)
    assert len(rx.__all__) == len(set(rx.__all__)) == 41
    # the figure as the README and docs/api.md print it
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"`rx.__all__` is {len(PUBLIC)} names" in readme
    assert f"the {len(PUBLIC)} names below" in API_DOC


@pytest.mark.parametrize("name", PUBLIC)
def test_each_name_is_real_documented_and_not_a_mutable_table(name: str) -> None:
    value = getattr(rx, name)
    assert not isinstance(value, dict | list | set), name  # read-only tables only
    assert name not in sys.stdlib_module_names, name  # ``decimal`` shadowed one
    if isinstance(value, type | types.FunctionType):
        assert value.__doc__ and value.__doc__.strip(), name
    assert f"| `rx.{name}` |" in API_DOC, f"rx.{name} is not in docs/api.md"


def test_the_api_page_lists_exactly_the_surface_and_the_moved_names() -> None:
    listed = re.findall(r"^\| `rx\.(\w+)` \|", API_DOC, flags=re.MULTILINE)
    assert sorted(listed) == sorted([*PUBLIC, *rx._MOVED])


@pytest.mark.parametrize("name", sorted(rx._MOVED))
def test_a_name_that_left_still_works_and_says_where_it_went(name: str) -> None:
    home, attribute, instead = rx._MOVED[name]
    assert name not in rx.__all__
    with pytest.warns(DeprecationWarning, match=f"rocpr_exact.{name} is deprecated; use "):
        old = getattr(rx, name)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        new = getattr(__import__(home, fromlist=[attribute]), attribute)
    assert old is new and instead


def test_the_one_testing_module_and_no_test_hook() -> None:
    from rocpr_exact import testing

    assert testing.__all__ == [
        "assert_conforms",
        "assert_metric_close",
        "explain",
        "vector_cases",
        "vector_results",
    ]
    assert not (ROOT / "rocpr_exact" / "oracle" / "testing.py").exists()
    assert "flint" not in rx.__all__ and not any(name.startswith("_") for name in rx.__all__)
