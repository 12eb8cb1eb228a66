"""rocpr-exact: the exact, verified reference implementation of Davis & Goadrich (2006).

A flat namespace: ``import rocpr_exact as rx``.

>>> import rocpr_exact as rx
>>> curve = rx.Curve.from_scores([0.9, 0.8, 0.7, 0.6], [1, 0, 1, 0])
>>> rx.auc_roc(curve)
Fraction(3, 4)
>>> rx.auc_pr(curve, method="step")
Fraction(5, 6)
>>> rx.profile("sklearn", curve)["auc_pr_trapezoid"]   # what scikit-learn's auc() would print
Fraction(19, 24)

Oracle tools: :mod:`rocpr_exact.profiles.registry` (other tools' conventions),
:mod:`rocpr_exact.oracle.vectors` (golden vectors), :mod:`rocpr_exact.oracle.conformance`
(``rocpr-exact check``) and :mod:`rocpr_exact.oracle.testing` (``assert_metric_close``);
see docs/oracle.md.
"""

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names for type checkers and editors
    from rocpr_exact.areas.auc import PR_METHODS, auc_pr, auc_roc
    from rocpr_exact.areas.inference import ap_ci, auc_ci, delong_test
    from rocpr_exact.areas.partial import partial_auc_roc
    from rocpr_exact.areas.variance import auc_covariance, auc_variance
    from rocpr_exact.core.confusion import (
        ConfusionMatrix,
        confusion_from_pr,
        confusion_from_roc,
        pr_point,
        roc_point,
    )
    from rocpr_exact.core.curve import Curve
    from rocpr_exact.core.segment import Segment, local_skew
    from rocpr_exact.errors import (
        AmbiguousPointError,
        InvalidInputError,
        MissingDependencyError,
        NoNegativesError,
        NoPositivesError,
        NotRepresentableError,
        ResourceLimitError,
        RocPrError,
        UndefinedMetricError,
        UndefinedPrecisionError,
        WrongTypeError,
    )
    from rocpr_exact.exact.closedform import ClosedForm
    from rocpr_exact.exact.display import decimal
    from rocpr_exact.geometry.achievable import achievable_pr_curve, below_achievable_pr
    from rocpr_exact.geometry.dominance import Dominance, dominates
    from rocpr_exact.geometry.hull import (
        HullPoints,
        hull_points,
        points_below_hull,
        roc_convex_hull,
    )
    from rocpr_exact.geometry.interpolation import interpolate_pr
    from rocpr_exact.geometry.optimal import OperatingPoint, best_operating_point
    from rocpr_exact.geometry.tuning import apply_thresholds, tuned_thresholds
    from rocpr_exact.io.points import curve_from_points, read_points_csv
    from rocpr_exact.oracle.metrics import METRICS, compute_metric
    from rocpr_exact.output.plot import plot
    from rocpr_exact.profiles.registry import (
        PROFILES,
        Deviation,
        known_deviations,
        profile,
        profile_metric,
    )

#: Where each name of the flat namespace lives; imported on first use (PEP 562), so that
#: ``import rocpr_exact`` (and the command line's start-up) pays only for what is used.
_LAZY = {
    "AmbiguousPointError": "rocpr_exact.errors",
    "ClosedForm": "rocpr_exact.exact.closedform",
    "ConfusionMatrix": "rocpr_exact.core.confusion",
    "Curve": "rocpr_exact.core.curve",
    "Deviation": "rocpr_exact.profiles.registry",
    "Dominance": "rocpr_exact.geometry.dominance",
    "HullPoints": "rocpr_exact.geometry.hull",
    "InvalidInputError": "rocpr_exact.errors",
    "METRICS": "rocpr_exact.oracle.metrics",
    "MissingDependencyError": "rocpr_exact.errors",
    "NoNegativesError": "rocpr_exact.errors",
    "NoPositivesError": "rocpr_exact.errors",
    "NotRepresentableError": "rocpr_exact.errors",
    "OperatingPoint": "rocpr_exact.geometry.optimal",
    "PROFILES": "rocpr_exact.profiles.registry",
    "PR_METHODS": "rocpr_exact.areas.auc",
    "ResourceLimitError": "rocpr_exact.errors",
    "RocPrError": "rocpr_exact.errors",
    "Segment": "rocpr_exact.core.segment",
    "UndefinedMetricError": "rocpr_exact.errors",
    "UndefinedPrecisionError": "rocpr_exact.errors",
    "WrongTypeError": "rocpr_exact.errors",
    "achievable_pr_curve": "rocpr_exact.geometry.achievable",
    "ap_ci": "rocpr_exact.areas.inference",
    "auc_ci": "rocpr_exact.areas.inference",
    "auc_covariance": "rocpr_exact.areas.variance",
    "auc_variance": "rocpr_exact.areas.variance",
    "delong_test": "rocpr_exact.areas.inference",
    "apply_thresholds": "rocpr_exact.geometry.tuning",
    "auc_pr": "rocpr_exact.areas.auc",
    "auc_roc": "rocpr_exact.areas.auc",
    "below_achievable_pr": "rocpr_exact.geometry.achievable",
    "best_operating_point": "rocpr_exact.geometry.optimal",
    "compute_metric": "rocpr_exact.oracle.metrics",
    "confusion_from_pr": "rocpr_exact.core.confusion",
    "confusion_from_roc": "rocpr_exact.core.confusion",
    "curve_from_points": "rocpr_exact.io.points",
    "decimal": "rocpr_exact.exact.display",
    "dominates": "rocpr_exact.geometry.dominance",
    "hull_points": "rocpr_exact.geometry.hull",
    "interpolate_pr": "rocpr_exact.geometry.interpolation",
    "known_deviations": "rocpr_exact.profiles.registry",
    "local_skew": "rocpr_exact.core.segment",
    "partial_auc_roc": "rocpr_exact.areas.partial",
    "points_below_hull": "rocpr_exact.geometry.hull",
    "pr_point": "rocpr_exact.core.confusion",
    "profile": "rocpr_exact.profiles.registry",
    "profile_metric": "rocpr_exact.profiles.registry",
    "read_points_csv": "rocpr_exact.io.points",
    "roc_convex_hull": "rocpr_exact.geometry.hull",
    "roc_point": "rocpr_exact.core.confusion",
    "tuned_thresholds": "rocpr_exact.geometry.tuning",
    "plot": "rocpr_exact.output.plot",
}

__all__ = [
    "METRICS",
    "PROFILES",
    "PR_METHODS",
    "AmbiguousPointError",
    "ClosedForm",
    "ConfusionMatrix",
    "Curve",
    "Deviation",
    "Dominance",
    "HullPoints",
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
    "confusion_from_pr",
    "confusion_from_roc",
    "curve_from_points",
    "decimal",
    "delong_test",
    "dominates",
    "hull_points",
    "interpolate_pr",
    "known_deviations",
    "local_skew",
    "partial_auc_roc",
    "plot",
    "points_below_hull",
    "pr_point",
    "profile",
    "profile_metric",
    "read_points_csv",
    "roc_convex_hull",
    "roc_point",
    "tuned_thresholds",
]

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


def __getattr__(name: str) -> object:
    """A name of the flat namespace (:data:`_LAZY`), imported when first used."""
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
