"""One namespace of metric names, shared by the vectors, the conformance checker and testing.

* ``auc_roc`` -- exact AUC-ROC (alias ``roc_auc``).
* ``auc_pr_continuous``, ``auc_pr_davis_goadrich``, ``auc_pr_linear``,
  ``auc_pr_step`` -- :func:`auc_pr` by each method (alias ``average_precision``
  for ``auc_pr_step``).
* ``<tool>.<metric>`` -- a tool's metric (:mod:`rocpr_exact.profiles.registry`), e.g.
  ``sklearn.auc_pr_trapezoid`` or ``auccalculator.auc_roc``, computed by
  :func:`~rocpr_exact.profiles.registry.profile_metric` (the tool's view of the input, then
  its metric); an old tool spelling (``aucalculator.auc_roc``) works with a warning.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import partial
from types import MappingProxyType
from typing import TypeAlias

from rocpr_exact.areas.auc import PR_METHODS, auc_pr, auc_roc
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.oracle.names import ALIASES  # other spellings, accepted by canonical_metric
from rocpr_exact.profiles.registry import PROFILES, TOOL_ALIASES, profile_metric, tool_name

__all__ = ["ALIASES", "METRICS", "canonical_metric", "compute_metric"]

Value: TypeAlias = Fraction | ClosedForm

_metrics: dict[str, Callable[[Curve], Value]] = {"auc_roc": auc_roc}
_metrics.update(
    {f"auc_pr_{method.replace('-', '_')}": partial(auc_pr, method=method) for method in PR_METHODS}
)
_metrics.update(
    {
        f"{tool}.{name}": partial(profile_metric, tool, name)
        for tool, functions in PROFILES.items()
        for name in functions
    }
)
#: Canonical metric name -> exact metric of a curve, in a fixed order (read-only).
METRICS: Mapping[str, Callable[[Curve], Value]] = MappingProxyType(_metrics)


def canonical_metric(name: str) -> str:
    """The canonical name of a metric (aliases resolved); unknown names are an error.

    >>> canonical_metric("average_precision"), canonical_metric("sklearn.roc_auc_score")
    ('auc_pr_step', 'sklearn.roc_auc_score')
    """
    name = ALIASES.get(name, name)
    tool, dot, metric = name.partition(".") if isinstance(name, str) else ("", "", "")
    if dot and f"{TOOL_ALIASES.get(tool)}.{metric}" in METRICS:
        name = f"{tool_name(tool)}.{metric}"  # an old spelling of the tool, with its warning
    if name not in METRICS:
        raise InvalidInputError(
            f"unknown metric {name!r}; known metrics: {', '.join([*METRICS, *ALIASES])}"
        )
    return name


def compute_metric(name: str, curve: Curve) -> Value:
    """The exact value of the named metric on a curve.

    >>> compute_metric("roc_auc", Curve.from_scores([3, 2, 1], [1, 0, 1]))
    Fraction(1, 2)
    """
    return METRICS[canonical_metric(name)](curve)
