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

from rocpr_exact.areas.auc import PR_METHODS, auc_pr, auc_roc
from rocpr_exact.areas.partial import partial_auc_roc
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
from rocpr_exact.geometry.hull import HullPoints, hull_points, points_below_hull, roc_convex_hull
from rocpr_exact.geometry.interpolation import interpolate_pr
from rocpr_exact.geometry.optimal import OperatingPoint, best_operating_point
from rocpr_exact.geometry.tuning import apply_thresholds, tuned_thresholds
from rocpr_exact.io.points import curve_from_points, read_points_csv
from rocpr_exact.oracle.metrics import METRICS, compute_metric
from rocpr_exact.profiles.registry import (
    PROFILES,
    Deviation,
    known_deviations,
    profile,
    profile_metric,
)

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
    "apply_thresholds",
    "auc_pr",
    "auc_roc",
    "below_achievable_pr",
    "best_operating_point",
    "compute_metric",
    "confusion_from_pr",
    "confusion_from_roc",
    "curve_from_points",
    "decimal",
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


def __getattr__(name: str) -> object:
    """``rx.plot`` (:func:`rocpr_exact.output.plot.plot`), imported when first used."""
    if name == "plot":
        from rocpr_exact.output.plot import plot

        return plot
    raise AttributeError(f"module 'rocpr_exact' has no attribute {name!r}")
