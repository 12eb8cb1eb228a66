"""Spark MLlib's ``BinaryClassificationMetrics`` twins under the tool's one name, ``spark``.

The twins are defined in :mod:`rocpr_exact.profiles.spark.mllib` (docs/profiles/spark.md);
this module is the tool's name in :data:`rocpr_exact.profiles.tools.TOOLS`, so that every
function of a tool imports from ``rocpr_exact.profiles.<tool>``, and holds its metric table.

>>> area_under_roc([0.1, 0.4, 0.35, 0.8], [0, 0, 1, 1])
Fraction(3, 4)
"""

from __future__ import annotations

from rocpr_exact.profiles.examples import twin_metric
from rocpr_exact.profiles.ieee import double_seen
from rocpr_exact.profiles.model import ToolMetrics
from rocpr_exact.profiles.spark.mllib import (
    VERSION,
    area_under_pr,
    area_under_roc,
    binned_counts,
    pr,
    roc,
)

__all__ = ["VERSION", "area_under_pr", "area_under_roc", "binned_counts", "pr", "roc"]

#: ``BinaryClassificationMetrics(scoreAndLabels).areaUnderROC`` and ``.areaUnderPR`` of a curve,
#: as pyspark calls them (numBins 1000, one partition): the twins on its examples, scores as
#: doubles.  One class missing is not an error in Spark: its conventions give the numbers.
CURVE_METRICS = ToolMetrics(
    "spark",
    double_seen,
    {
        "areaUnderROC": twin_metric("spark", area_under_roc),
        "areaUnderPR": twin_metric("spark", area_under_pr),
    },
    description=(
        "Spark 4.x BinaryClassificationMetrics areaUnderROC and areaUnderPR (numBins 1000, one "
        "partition)."
    ),
)
