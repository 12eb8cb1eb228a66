"""rocpr-exact: the exact, verified reference implementation of Davis & Goadrich (2006).

A flat namespace: ``import rocpr_exact as rx``.

>>> import rocpr_exact as rx
>>> curve = rx.Curve.from_scores([0.9, 0.8, 0.7, 0.6], [1, 0, 1, 0])
>>> rx.auc_roc(curve)
Fraction(3, 4)
>>> rx.auc_pr(curve, method="step")
Fraction(5, 6)
>>> rx.compute_metric("sklearn.auc_pr_trapezoid", curve)   # what scikit-learn's auc() would print
Fraction(19, 24)

The public surface is :data:`__all__`, frozen (``tests/contract/test_public_surface.py``); a few
older names still work with a :class:`DeprecationWarning` naming their new home, until the
version that removes them, 0.2.0 (:data:`_MOVED`).

Oracle tools: :mod:`rocpr_exact.profiles.registry` (other tools' conventions),
:mod:`rocpr_exact.oracle.vectors` (golden vectors), :mod:`rocpr_exact.oracle.conformance`
(``rocpr-exact check``) and :mod:`rocpr_exact.testing` (``assert_metric_close``);
see docs/oracle.md.
"""

import importlib
import warnings
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the one list of the public names (:func:`_public_names` reads it; ``X as X``:
    # an explicit re-export for mypy), kept sorted by module
    from rocpr_exact.areas.auc import PR_METHODS as PR_METHODS
    from rocpr_exact.areas.auc import auc_pr as auc_pr
    from rocpr_exact.areas.auc import auc_roc as auc_roc
    from rocpr_exact.areas.inference import ap_ci as ap_ci
    from rocpr_exact.areas.inference import auc_ci as auc_ci
    from rocpr_exact.areas.inference import delong_test as delong_test
    from rocpr_exact.areas.partial import partial_auc_roc as partial_auc_roc
    from rocpr_exact.areas.variance import auc_covariance as auc_covariance
    from rocpr_exact.areas.variance import auc_variance as auc_variance
    from rocpr_exact.core.confusion import ConfusionMatrix as ConfusionMatrix
    from rocpr_exact.core.curve import Curve as Curve
    from rocpr_exact.core.segment import Segment as Segment
    from rocpr_exact.core.segment import local_skew as local_skew
    from rocpr_exact.errors import AmbiguousPointError as AmbiguousPointError
    from rocpr_exact.errors import InvalidInputError as InvalidInputError
    from rocpr_exact.errors import MissingDependencyError as MissingDependencyError
    from rocpr_exact.errors import NoNegativesError as NoNegativesError
    from rocpr_exact.errors import NoPositivesError as NoPositivesError
    from rocpr_exact.errors import NotRepresentableError as NotRepresentableError
    from rocpr_exact.errors import ResourceLimitError as ResourceLimitError
    from rocpr_exact.errors import RocPrError as RocPrError
    from rocpr_exact.errors import UndefinedMetricError as UndefinedMetricError
    from rocpr_exact.errors import UndefinedPrecisionError as UndefinedPrecisionError
    from rocpr_exact.errors import WrongTypeError as WrongTypeError
    from rocpr_exact.exact.closedform import ClosedForm as ClosedForm
    from rocpr_exact.exact.display import format_decimal as format_decimal
    from rocpr_exact.geometry.achievable import achievable_pr_curve as achievable_pr_curve
    from rocpr_exact.geometry.achievable import below_achievable_pr as below_achievable_pr
    from rocpr_exact.geometry.dominance import Dominance as Dominance
    from rocpr_exact.geometry.dominance import dominates as dominates
    from rocpr_exact.geometry.hull import hull_points as hull_points
    from rocpr_exact.geometry.hull import roc_convex_hull as roc_convex_hull
    from rocpr_exact.geometry.interpolation import interpolate_pr as interpolate_pr
    from rocpr_exact.geometry.optimal import OperatingPoint as OperatingPoint
    from rocpr_exact.geometry.optimal import best_operating_point as best_operating_point
    from rocpr_exact.geometry.tuning import apply_thresholds as apply_thresholds
    from rocpr_exact.geometry.tuning import tuned_thresholds as tuned_thresholds
    from rocpr_exact.io.points import curve_from_points as curve_from_points
    from rocpr_exact.io.points import read_points_csv as read_points_csv
    from rocpr_exact.oracle.metrics import compute_metric as compute_metric
    from rocpr_exact.output.plot import plot as plot


def _public_names() -> dict[str, str]:
    """The flat namespace, name -> the module it lives in, read from the ``TYPE_CHECKING``
    block above: that block is the one list of the public names (``from MODULE import NAME as
    NAME``, what mypy and editors read), and each name is imported from its module on first use
    (PEP 562), so that ``import rocpr_exact`` (and the command line's start-up) pays only for
    what is used.  Reading it costs about a millisecond (``ast`` of this file, once)."""
    import ast

    with open(__file__, encoding="utf-8") as source:
        tree = ast.parse(source.read())
    block = next(
        node
        for node in tree.body
        if isinstance(node, ast.If)
        and isinstance(node.test, ast.Name)
        and node.test.id == "TYPE_CHECKING"
    )
    return {
        alias.name: node.module
        for node in block.body
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
    }


#: name -> module of every public name (:func:`_public_names`); :data:`__all__` is its keys.
_LAZY = _public_names()

__all__ = sorted(_LAZY)

__version__ = "0.1.0"


#: The package's rooms (docs/architecture.md), importable as attributes.
_ROOMS = frozenset(
    [
        "areas",
        "cli",
        "consistency",
        "core",
        "engines",
        "errors",
        "exact",
        "geometry",
        "io",
        "limits",
        "oracle",
        "output",
        "profiles",
        "testing",
    ]
)


#: Names that left the flat namespace -> (module, name there, what to write instead, the version
#: that removes it); each still works, with a DeprecationWarning, until that version
#: (tests/contract/test_public_surface.py fails once ``__version__`` reaches it).
_MOVED = {
    "METRICS": (
        "rocpr_exact.oracle.metrics",
        "METRICS",
        "rocpr_exact.oracle.metrics.METRICS",
        "0.2.0",
    ),
    "PROFILES": (
        "rocpr_exact.profiles.registry",
        "PROFILES",
        "rocpr_exact.profiles.PROFILES",
        "0.2.0",
    ),
    "Deviation": (
        "rocpr_exact.profiles.model",
        "Deviation",
        "rocpr_exact.profiles.Deviation",
        "0.2.0",
    ),
    "profile_metric": (
        "rocpr_exact.profiles.registry",
        "profile_metric",
        "rx.compute_metric('tool.metric', curve) or rocpr_exact.profiles.profile_metric",
        "0.2.0",
    ),
    "profile": (
        "rocpr_exact.profiles.registry",
        "profile",
        "rocpr_exact.profiles.profile (rx.profile shadowed the standard library's profile)",
        "0.2.0",
    ),
    "known_deviations": (
        "rocpr_exact.profiles.registry",
        "known_deviations",
        "rocpr_exact.profiles.known_deviations",
        "0.2.0",
    ),
    "decimal": ("rocpr_exact.exact.display", "format_decimal", "rx.format_decimal", "0.2.0"),
    "HullPoints": (
        "rocpr_exact.geometry.hull",
        "HullPoints",
        "the type of rx.hull_points(curve)",
        "0.2.0",
    ),
    "points_below_hull": (
        "rocpr_exact.geometry.hull",
        "points_below_hull",
        "rx.hull_points(curve).below",
        "0.2.0",
    ),
    "confusion_from_roc": (
        "rocpr_exact.core.confusion",
        "confusion_from_roc",
        "rx.ConfusionMatrix.from_roc",
        "0.2.0",
    ),
    "confusion_from_pr": (
        "rocpr_exact.core.confusion",
        "confusion_from_pr",
        "rx.ConfusionMatrix.from_pr",
        "0.2.0",
    ),
    "roc_point": ("rocpr_exact.core.confusion", "roc_point", "(c.fpr, c.tpr)", "0.2.0"),
    "pr_point": ("rocpr_exact.core.confusion", "pr_point", "(c.recall, c.precision)", "0.2.0"),
}


def __getattr__(name: str) -> object:
    """A name of the flat namespace (:data:`_LAZY`), imported when first used."""
    moved = _MOVED.get(name)
    if moved is not None:  # not cached: every use says where the name went
        home, attribute, instead, removed_in = moved
        warnings.warn(
            f"rocpr_exact.{name} is deprecated; use {instead} (removed in {removed_in})",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(importlib.import_module(home), attribute)
    module = _LAZY.get(name)
    if module is None:
        if name in _ROOMS:  # ``rx.geometry.tuning``, as when every room was imported at once
            return importlib.import_module(f"rocpr_exact.{name}")
        raise AttributeError(f"module 'rocpr_exact' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later uses are plain lookups
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
