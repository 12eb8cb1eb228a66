"""One tool's metric table: its view of the input and its exact metrics of what it sees.

A tool's module (``profiles/<tool>``) declares one :class:`ToolMetrics`: the tool's name,
``seen`` (the curve the tool builds from a :class:`Curve` or a ``(scores, labels)`` pair:
float64 for R and Java, numpy's dtype for scikit-learn; for the tools whose twins read scores,
the scores as doubles, the twin applying the rest: :mod:`rocpr_exact.profiles.examples`) and its
metrics, each a function of that curve.  :meth:`ToolMetrics.value` is the one way to a metric
by name: it applies the view before the metric, so no caller can forget it
(``rocpr_exact.profiles.registry``, ``compute_metric``, the golden vectors and
``assert_metric_close`` all end here).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any, TypeAlias

from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.closedform import ClosedForm

__all__ = ["Deviation", "Metric", "ProfileData", "ToolMetrics", "Value", "curve_of"]

#: A curve, or a (scores, labels) pair turned into one as the tool reads it.
ProfileData: TypeAlias = Curve | tuple[Iterable[Any], Iterable[Any]]
Value: TypeAlias = Fraction | ClosedForm
Metric: TypeAlias = Callable[[Curve], Value]


def curve_of(data: ProfileData, read: Callable[[Any, Any], Curve] | None = None) -> Curve:
    """``data`` as a curve: a :class:`Curve` as given, a ``(scores, labels)`` pair by
    ``read(scores, labels)`` (default :meth:`Curve.from_scores`); anything else is refused.

    >>> curve_of(([2, 1], [1, 0])).tps
    (0, 1, 1)
    """
    if isinstance(data, Curve):
        return data
    if isinstance(data, tuple) and len(data) == 2:
        return (read or Curve.from_scores)(data[0], data[1])
    raise InvalidInputError(
        f"a profile needs a Curve or a (scores, labels) pair, got {type(data).__name__}"
    )


@dataclass(frozen=True, slots=True)
class Deviation:
    """A tool's metric that differs from the paper's exact value on this data, and why."""

    metric: str
    reference: str
    tool_value: Fraction
    reference_value: Fraction
    note: str

    @property
    def excess(self) -> Fraction:
        """tool value - exact reference value (positive: the tool overstates)."""
        return self.tool_value - self.reference_value


def _none(curve: Curve) -> tuple[Deviation, ...]:
    return ()


@dataclass(frozen=True, slots=True)
class ToolMetrics:
    """A tool's view of the input (``seen``) and its metrics of the curve it sees (read-only).

    >>> t = ToolMetrics("toy", lambda data: data, {"auc": lambda curve: Fraction(1, 2)})
    >>> t.value("auc", Curve.from_scores([2, 1], [1, 0]))
    Fraction(1, 2)
    >>> t.metrics["other"] = None
    Traceback (most recent call last):
    ...
    TypeError: 'mappingproxy' object does not support item assignment
    """

    tool: str
    seen: Callable[[ProfileData], Curve]
    metrics: Mapping[str, Metric]
    #: The tool's known deviations from the paper's methods on the curve it sees.
    deviations: Callable[[Curve], tuple[Deviation, ...]] = _none
    #: What the table computes, in the tool's words (the report schema's description of the
    #: tool's section, ``output.report.report_schema``).
    description: str = ""
    #: The metrics whose value may be a closed form (a rational plus logarithms), not only a
    #: rational (the report and vector schemas' ``closed_form_number``).
    closed_forms: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "metrics", MappingProxyType(dict(self.metrics)))
        unknown = set(self.closed_forms) - set(self.metrics)
        if unknown:
            raise InvalidInputError(
                f"profile {self.tool!r}: closed_forms names metrics it does not have: "
                f"{', '.join(sorted(unknown))}"
            )
        object.__setattr__(self, "closed_forms", frozenset(self.closed_forms))

    def curve(self, data: ProfileData) -> Curve:
        """The curve the tool builds from ``data``."""
        return self.seen(data)

    def value(self, metric: str, data: ProfileData) -> Value:
        """The named metric of ``data`` as the tool sees it, exactly.

        Raises :class:`InvalidInputError` for a metric the tool does not have, and the
        metric's own error (e.g. :class:`NoNegativesError`) where it is undefined.
        """
        if not isinstance(metric, str) or metric not in self.metrics:
            raise InvalidInputError(
                f"profile {self.tool!r} has no metric {metric!r}; it has {', '.join(self.metrics)}"
            )
        return self.metrics[metric](self.seen(data))

    def known_deviations(self, data: ProfileData) -> tuple[Deviation, ...]:
        """Where the tool's metrics differ from the paper's exact methods on ``data``."""
        return self.deviations(self.seen(data))

    def values(self, data: ProfileData) -> dict[str, Value]:
        """Every metric, in table order, of the curve seen once; the first undefined one raises."""
        curve = self.seen(data)
        return {name: metric(curve) for name, metric in self.metrics.items()}
