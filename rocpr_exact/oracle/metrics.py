"""One namespace of metric names, shared by the vectors, the conformance checker and testing.

* ``auc_roc`` -- exact AUC-ROC (alias ``roc_auc``).
* ``auc_pr_continuous``, ``auc_pr_davis_goadrich``, ``auc_pr_linear``,
  ``auc_pr_step`` -- :func:`auc_pr` by each method (alias ``average_precision``
  for ``auc_pr_step``).
* ``<profile>.<metric>`` -- a profile metric (:mod:`rocpr_exact.profiles.registry`), e.g.
  ``sklearn.auc_pr_trapezoid`` or ``aucalculator.auc_roc``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import TypeAlias

from rocpr_exact.areas.auc import PR_METHODS, auc_pr, auc_roc
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.oracle.names import ALIASES  # other spellings, accepted by canonical_metric
from rocpr_exact.profiles.registry import PROFILES

__all__ = ["ALIASES", "METRICS", "canonical_metric", "compute_metric"]

Value: TypeAlias = Fraction | ClosedForm

#: Canonical metric name -> exact metric of a curve, in a fixed order.
METRICS: dict[str, Callable[[Curve], Value]] = {"auc_roc": auc_roc}
METRICS.update(
    {f"auc_pr_{method.replace('-', '_')}": partial(auc_pr, method=method) for method in PR_METHODS}
)
METRICS.update(
    {
        f"{tool}.{name}": function
        for tool, functions in PROFILES.items()
        for name, function in functions.items()
    }
)


def canonical_metric(name: str) -> str:
    """The canonical name of a metric (aliases resolved); unknown names are an error.

    >>> canonical_metric("average_precision"), canonical_metric("sklearn.roc_auc_score")
    ('auc_pr_step', 'sklearn.roc_auc_score')
    """
    name = ALIASES.get(name, name)
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
