"""rocpr-exact: the exact, verified reference implementation of Davis & Goadrich (2006).

A flat namespace: ``import rocpr_exact as rx``.

>>> import rocpr_exact as rx
>>> curve = rx.Curve.from_scores([0.9, 0.8, 0.7, 0.6], [1, 0, 1, 0])
>>> rx.auc_roc(curve)
Fraction(3, 4)
>>> rx.auc_pr(curve, method="step")
Fraction(5, 6)
"""

from .achievable import achievable_pr_curve, below_achievable_pr
from .areas import PR_METHODS, auc_pr, auc_roc
from .closedform import ClosedForm
from .confusion import (
    ConfusionMatrix,
    confusion_from_pr,
    confusion_from_roc,
    pr_point,
    roc_point,
)
from .curve import Curve
from .display import decimal
from .dominance import Dominance, dominates
from .errors import (
    AmbiguousPointError,
    InvalidInputError,
    MissingDependencyError,
    NoNegativesError,
    NoPositivesError,
    NotRepresentableError,
    ResourceLimitError,
    RocPrError,
    UndefinedPrecisionError,
)
from .hull import HullPoints, hull_points, points_below_hull, roc_convex_hull
from .interpolation import interpolate_pr
from .segment import Segment, local_skew
from .tuning import apply_thresholds, tuned_thresholds

__all__ = [
    "PR_METHODS",
    "AmbiguousPointError",
    "ClosedForm",
    "ConfusionMatrix",
    "Curve",
    "Dominance",
    "HullPoints",
    "InvalidInputError",
    "MissingDependencyError",
    "NoNegativesError",
    "NoPositivesError",
    "NotRepresentableError",
    "ResourceLimitError",
    "RocPrError",
    "Segment",
    "UndefinedPrecisionError",
    "achievable_pr_curve",
    "apply_thresholds",
    "auc_pr",
    "auc_roc",
    "below_achievable_pr",
    "confusion_from_pr",
    "confusion_from_roc",
    "decimal",
    "dominates",
    "hull_points",
    "interpolate_pr",
    "local_skew",
    "points_below_hull",
    "pr_point",
    "roc_convex_hull",
    "roc_point",
    "tuned_thresholds",
]

__version__ = "0.1.0"
