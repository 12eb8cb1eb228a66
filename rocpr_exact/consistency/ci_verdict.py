"""The verdict on a printed AUC-ROC interval, and the check of a witness ranking.

Shared by :mod:`rocpr_exact.consistency.intervals` (Hanley-McNeil and the DeLong entry) and
:mod:`rocpr_exact.consistency.delong_decide` (the DeLong paths): a witness is re-checked from its
scores (:func:`rocpr_exact.areas.variance.auc_variance`, certified ends) before "possible".
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.variance import auc_variance
from rocpr_exact.consistency.enclosures import Real, ends_in
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.consistency.witness import Group, scored
from rocpr_exact.core.curve import Curve

__all__ = ["IntervalVerdict", "Method", "Target", "possible", "prints"]

Method = Literal["delong", "hanley-mcneil"]
#: (z, the printed lower end's values, the printed upper end's values).
Target = tuple[Real, Interval, Interval]


@dataclass(frozen=True, slots=True)
class IntervalVerdict:
    """possible (with ``scores``/``labels`` of a witness), impossible or undecided; reasons."""

    verdict: Literal["possible", "impossible", "undecided"]
    reasons: tuple[str, ...]
    scores: tuple[int, ...] = ()
    labels: tuple[int, ...] = ()
    auc: Fraction | None = None
    variance: Fraction | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"verdict": self.verdict, "reasons": list(self.reasons)}
        if self.verdict == "possible":
            values = {"auc_roc": str(self.auc), "variance": str(self.variance)}
            out["witness"] = {"scores": list(self.scores), "labels": list(self.labels)}
            out["witness"]["values"] = values
        return out


def prints(p: int, n: int, groups: list[Group], target: Target) -> bool:
    """Whether the ranking's DeLong interval prints as given (certified, from its scores)."""
    curve = Curve.from_scores(*scored(groups))
    return ends_in(auc_roc(curve), auc_variance(curve, "delong"), *target)


def possible(
    p: int,
    n: int,
    m: int,
    groups: list[Group],
    method: Method,
    target: Target,
) -> IntervalVerdict:
    """The verdict "possible" for a witness ranking, its interval re-checked from its scores."""
    scores, labels = scored(groups)
    curve = Curve.from_scores(scores, labels)
    variance = auc_variance(curve, method)
    if (curve.positives, curve.negatives, auc_roc(curve)) != (p, n, Fraction(m, 2 * p * n)):
        raise AssertionError("the witness ranking does not have the AUC searched for")
    if not ends_in(auc_roc(curve), variance, *target):
        raise AssertionError("the witness's interval does not print as given")
    return IntervalVerdict(
        "possible",
        (f"a ranking with AUC-ROC {Fraction(m, 2 * p * n)} and {method} variance {variance}",),
        tuple(scores),
        tuple(labels),
        Fraction(m, 2 * p * n),
        variance,
    )
