"""pROC 1.18.0's DeLong inference twins, as before the proc package: a face of
:mod:`rocpr_exact.profiles.proc.delong` (docs/inference.md)."""

from rocpr_exact.profiles.proc.delong import (
    PLACES,
    SIGNIFICANT,
    RocTest,
    are_paired,
    ci_auc,
    cov,
    roc_test,
    var,
)

__all__ = ["PLACES", "SIGNIFICANT", "RocTest", "are_paired", "ci_auc", "cov", "roc_test", "var"]
