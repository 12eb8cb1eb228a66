"""The flat namespace ``rocpr_exact`` is small and frozen, like ``fractions`` or ``statistics``.

Adding a name is a decision: it goes in :data:`PUBLIC` below, in the README or docs/, and
nothing exported is a mutable table, a test hook or a standard module's name.  Names that
left keep working with a DeprecationWarning naming their new home until the version that removes
them (each entry of ``rx._MOVED`` names it): the test below fails once ``rx.__version__`` reaches
it, so the release that reaches it deletes the name.
"""

from __future__ import annotations

import ast
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


def _version(text: str) -> tuple[int, ...]:
    """``"0.2.0"`` -> (0, 2, 0): release numbers compare as tuples of ints, not as strings."""
    assert re.fullmatch(r"\d+(\.\d+)*", text), text
    return tuple(int(part) for part in text.split("."))


def test_the_namespace_is_one_list_that_type_checkers_and_the_lazy_imports_share() -> None:
    # The TYPE_CHECKING block is the one list: only ``from MODULE import NAME as NAME`` lines,
    # each name once; _LAZY (the lazy imports) and __all__ are read from it
    tree = ast.parse(Path(rx.__file__).read_text(encoding="utf-8"))
    block = next(
        n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"
    )
    imports = [n for n in block.body if isinstance(n, ast.ImportFrom)]
    assert len(imports) == len(block.body)  # nothing else there
    assert all(alias.asname == alias.name for node in imports for alias in node.names)
    names = [alias.name for node in imports for alias in node.names]
    assert len(names) == len(set(names))  # each public name once
    assert rx.__all__ == sorted(names) == sorted(rx._LAZY)
    # and each lazy name is the object of its module
    for name, module in rx._LAZY.items():
        assert getattr(rx, name) is getattr(__import__(module, fromlist=[name]), name)


@pytest.mark.parametrize("name", sorted(rx._MOVED))
def test_a_deprecated_name_is_gone_by_its_removal_version(name: str) -> None:
    # Fails once the package's version reaches the version that removes the name: delete it
    # from rx._MOVED and docs/api.md then (and say so in CHANGELOG.md).
    removed_in = rx._MOVED[name][3]
    assert _version(rx.__version__) < _version(removed_in), (
        f"rx.{name} is to be removed in {removed_in}; the version is {rx.__version__}"
    )


def test_the_version_comparison_is_numeric() -> None:
    assert _version("0.10.0") > _version("0.2.0") > _version("0.1.0")
    with pytest.raises(AssertionError):
        _version("0.2.0rc1")


@pytest.mark.parametrize("name", sorted(rx._MOVED))
def test_a_name_that_left_still_works_and_says_where_it_went(name: str) -> None:
    home, attribute, instead, removed_in = rx._MOVED[name]
    assert name not in rx.__all__
    message = f"rocpr_exact.{name} is deprecated; use .* \\(removed in {re.escape(removed_in)}\\)$"
    with pytest.warns(DeprecationWarning, match=message):
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
