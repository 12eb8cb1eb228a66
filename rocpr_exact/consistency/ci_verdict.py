"""The verdict on a printed AUC-ROC interval or test, and the check of a witness ranking.

Shared by :mod:`rocpr_exact.consistency.intervals` (the readings and methods, Hanley-McNeil),
:mod:`rocpr_exact.consistency.delong_decide` (the DeLong paths) and the tests
(:mod:`~rocpr_exact.consistency.delong_p`, :mod:`~rocpr_exact.consistency.delong_paired`): a
witness is re-checked from its scores (:func:`rocpr_exact.areas.variance.auc_variance`,
certified ends) before "possible".  The verdicts: "possible" (a witness, and the modelled
method that gives it), "impossible" (every modelled method excluded, with certainty),
"undecided" (the reason, and the limit that stopped the search where one did), and "not
modelled": the printed numbers are not a Wald interval of any AUC the sizes allow (asymmetric
beyond rounding: a bootstrap or logit interval, say), which no modelled method prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

import numpy as np

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.areas.variance import auc_variance
from rocpr_exact.consistency.enclosures import Real, ends_in
from rocpr_exact.consistency.engine.protocol import Certificate, Group
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.consistency.witness import EXPANDED_UP_TO, scored
from rocpr_exact.core.curve import Curve

__all__ = [
    "METHOD_NAMES",
    "IntervalVerdict",
    "Method",
    "Target",
    "Verdict",
    "possible",
    "prints",
    "witness_scores",
]

Method = Literal["delong", "hanley-mcneil"]
Verdict = Literal["possible", "impossible", "undecided", "not modelled"]
#: The methods as a verdict names them.
METHOD_NAMES = {"delong": "DeLong", "hanley-mcneil": "Hanley-McNeil"}
#: (z, the printed lower end's values, the printed upper end's values).
Target = tuple[Real, Interval, Interval]


@dataclass(frozen=True, slots=True)
class IntervalVerdict:
    """possible (with ``scores``/``labels`` of a witness), impossible, undecided or not modelled.

    ``method`` names the modelled method that gives the witness ("DeLong, clipped to [0, 1]");
    ``shown`` the witness's own printed values (its interval's ends, its p-value);
    ``scores_b``/``labels_b`` a second sample (an unpaired test) or, with ``labels_b`` empty,
    the second scoring of the same examples (a paired test); ``groups`` the witness's tie
    groups from the top (``tied``: each group one score; else every example its own);
    ``certificates`` what each stage of an "impossible" excluded, for a checker
    (:mod:`rocpr_exact.consistency.engine`)."""

    verdict: Verdict
    reasons: tuple[str, ...]
    scores: tuple[int, ...] = ()
    labels: tuple[int, ...] = ()
    auc: Fraction | None = None
    variance: Fraction | None = None
    method: str | None = None
    shown: tuple[tuple[str, str], ...] = ()
    scores_b: tuple[int, ...] = ()
    labels_b: tuple[int, ...] = ()
    groups: tuple[Group, ...] = ()
    groups_b: tuple[Group, ...] = ()
    tied: bool = True
    certificates: tuple[Certificate, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"verdict": self.verdict, "reasons": list(self.reasons)}
        if self.method is not None:
            out["method"] = self.method
        if self.verdict == "possible":
            values = {"auc_roc": str(self.auc), "variance": str(self.variance), **dict(self.shown)}
            listed = len(self.scores) + len(self.scores_b) <= EXPANDED_UP_TO
            witness: dict[str, Any] = {}
            if self.groups and (self.tied or len(self.scores) <= EXPANDED_UP_TO):
                witness["runs"] = [list(run) for run in runs(self.groups, self.tied)]
            for name in ("scores", "labels", "scores_b", "labels_b"):
                if name in ("scores", "labels") or getattr(self, name):
                    witness[name] = list(getattr(self, name)) if listed else None
            out["witness"] = {**witness, "values": values}
        return out


def runs(groups: tuple[Group, ...], ties: bool) -> list[tuple[int, int, int]]:
    """(score, positives, negatives) of each distinct score of :func:`witness_scores`.

    >>> runs(((2, 0), (0, 1)), True), runs(((2, 0), (0, 1)), False)
    ([(2, 2, 0), (1, 0, 1)], [(3, 1, 0), (2, 1, 0), (1, 0, 1)])
    """
    if ties:
        return [(len(groups) - i, a, b) for i, (a, b) in enumerate(groups)]
    labels = [label for a, b in groups for label in [1] * a + [0] * b]
    return [(len(labels) - i, y, 1 - y) for i, y in enumerate(labels)]


def witness_scores(groups: list[Group], ties: bool = True) -> tuple[list[int], list[int]]:
    """Integer scores, highest first, and labels of a tie-group sequence: group i of k scores
    k - i, or without ``ties`` every example its own score (the same AUC and variance: only
    ties between the classes count; a group of both classes is refused).

    >>> witness_scores([(2, 0), (1, 1)]), witness_scores([(2, 0), (0, 1)], ties=False)
    (([2, 2, 1, 1], [1, 1, 1, 0]), ([3, 2, 1], [1, 1, 0]))
    """
    if not ties and any(a and b for a, b in groups):
        raise AssertionError("a ranking with tied scores where none may be tied")
    sizes = np.array([a + b for a, b in groups], dtype=np.int64)
    if ties:
        scores = np.repeat(np.arange(len(groups), 0, -1), sizes)
    else:
        scores = np.arange(int(sizes.sum()), 0, -1)
    counts = np.array([count for group in groups for count in group], dtype=np.int64)
    labels = np.repeat(np.tile(np.array([1, 0]), len(groups)), counts)
    return scores.tolist(), labels.tolist()


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
    ties: bool = True,
) -> IntervalVerdict:
    """The verdict "possible" for a witness ranking, its interval re-checked from its scores
    (without ``ties``: its scores made distinct, a ranking with a tied pair refused)."""
    scores, labels = witness_scores(groups, ties)
    curve = Curve.from_scores(np.array(scores), np.array(labels))  # arrays: the fast path
    variance = auc_variance(curve, method)
    if (curve.positives, curve.negatives, auc_roc(curve)) != (p, n, Fraction(m, 2 * p * n)):
        raise AssertionError("the witness ranking does not have the AUC searched for")
    if not ends_in(auc_roc(curve), variance, *target):
        raise AssertionError("the witness's interval does not print as given")
    return IntervalVerdict(
        "possible",
        groups=tuple(groups),
        tied=ties,
        reasons=(
            f"a ranking with AUC-ROC {Fraction(m, 2 * p * n)} and {METHOD_NAMES[method]} "
            f"variance {variance}",
        ),
        scores=tuple(scores),
        labels=tuple(labels),
        auc=Fraction(m, 2 * p * n),
        variance=variance,
    )
