"""The old path of :mod:`rocpr_exact.profiles.torchmetrics.multiclass`: its public names.

Kept for the importers outside the package (rocpr_exact/oracle/twin_cases/torchmetrics_more.py,
scripts/measure_torchmetrics_twins.py); new code imports ``rocpr_exact.profiles.torchmetrics``.
"""

from rocpr_exact.profiles.torchmetrics import multiclass
from rocpr_exact.profiles.torchmetrics.multiclass import *  # noqa: F403

__all__ = multiclass.__all__
