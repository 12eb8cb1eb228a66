"""Exact twins of the R package pROC 1.18.0, every one importable from here as from pROC.

A base and its faces: :mod:`~rocpr_exact.profiles.proc.curve` (``auc``, ``roc`` and the curve
:class:`Roc`, docs/profiles/proc.md) and :mod:`~rocpr_exact.profiles.proc.delong` (``var``,
``ci.auc``, ``cov``, ``roc.test``, ``are.paired``: DeLong's inference on a :class:`Roc`,
docs/inference.md), which builds on the first and never on this face.  The inference twins
are imported on first use (PEP 562), so that ``auc`` does not pay for them.
"""

import importlib

from rocpr_exact.profiles.proc.curve import CURVE_METRICS, Roc, auc, is_na, roc

__all__ = ["Roc", "RocTest", "are_paired", "auc", "ci_auc", "cov", "roc", "roc_test", "var"]
__all__ += ["CURVE_METRICS", "is_na"]  # not pROC's: the registry's table, pROC's NA test

#: The twins of :mod:`rocpr_exact.profiles.proc.delong`, imported on first use.
_LAZY = {
    name: "rocpr_exact.profiles.proc.delong"
    for name in ("RocTest", "are_paired", "ci_auc", "cov", "roc_test", "var")
}


def __getattr__(name: str) -> object:
    """A twin of :data:`_LAZY`, from :mod:`rocpr_exact.profiles.proc.delong` on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
