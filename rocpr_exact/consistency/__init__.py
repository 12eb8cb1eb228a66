"""Is this published number possible?  Exact consistency checks for reported results.

>>> from rocpr_exact.consistency import check_consistency
>>> check_consistency(10, 10, {"auc_roc": "0.873"}).verdict
'impossible'

See docs/consistency.md.
"""

from rocpr_exact.consistency.apbounds import average_precision_bounds
from rocpr_exact.consistency.bounds import (
    auc_roc_values,
    average_precision_range,
    boyd_minimum_auc_pr,
    min_auc_pr_continuous,
    min_auc_pr_dg,
    min_auc_pr_linear,
    min_average_precision,
)
from rocpr_exact.consistency.chain import chain_groups, chain_index
from rocpr_exact.consistency.check import (
    DEFAULT_MAX_STEPS,
    METRICS,
    POINT_METRICS,
    Verdict,
    Witness,
    check_consistency,
)
from rocpr_exact.consistency.figures import (
    AchievableBounds,
    PrBox,
    achievable_pr_bounds,
    pr_boxes_from_roc,
)
from rocpr_exact.consistency.gain import (
    auprg,
    pr_gain_convex_hull,
    pr_gain_curve,
    pr_gain_points,
    precision_gain,
    recall_gain,
)
from rocpr_exact.consistency.reported import ROUNDINGS, Interval, reported_interval
from rocpr_exact.consistency.search import RANKING_METRICS, SearchLimitReached, find_ranking

__all__ = [
    "DEFAULT_MAX_STEPS",
    "METRICS",
    "POINT_METRICS",
    "RANKING_METRICS",
    "ROUNDINGS",
    "AchievableBounds",
    "Interval",
    "PrBox",
    "SearchLimitReached",
    "Verdict",
    "Witness",
    "achievable_pr_bounds",
    "auc_roc_values",
    "auprg",
    "average_precision_bounds",
    "average_precision_range",
    "boyd_minimum_auc_pr",
    "chain_groups",
    "chain_index",
    "check_consistency",
    "find_ranking",
    "min_auc_pr_continuous",
    "min_auc_pr_dg",
    "min_auc_pr_linear",
    "min_average_precision",
    "pr_boxes_from_roc",
    "pr_gain_convex_hull",
    "pr_gain_curve",
    "pr_gain_points",
    "precision_gain",
    "recall_gain",
    "reported_interval",
]
