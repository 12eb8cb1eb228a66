"""Exact twin of the R package precrec 0.14.4: ``auc(evalmod(scores, labels, ...))``.

precrec (``src/precrec_plx.cpp``) builds its curves on the input as it sees it (scores as R
doubles; of the two label values the larger is positive, or ``posclass``):

* one row per example, ranked by score; ``ties_method="equiv"`` spreads a tie group of k
  examples evenly along its diagonal segment: its rows are (TP_0 + j a / k, FP_0 + j b / k),
  j = 1 .. k, for a positives and b negatives (fractional counts);
* ROC: (FPR, TPR) of the rows, plus points on the straight segments at FPR multiples of
  1 / ``x_bins``.  Trapezoids over points on a polyline are its area: the ROC AUC is
  :func:`~rocpr_exact.areas.auc.auc_roc` (Mann-Whitney, ties 1/2), whatever ``x_bins``;
* PR: (recall, precision) of the rows, the first row's precision (0/0) replaced by the
  second's; a row equal in both coordinates to the row before it is dropped; between row
  i - 1 and row i, a point at every recall g = m / ``x_bins`` with recall_{i-1} < g <
  recall_i, whose precision is the PR image of the straight ROC segment at TP_{i-1} + x,
  x = (g - recall_{i-1}) P: (TP_{i-1} + x) / (TP_{i-1} + x + FP_{i-1} + x dFP / dTP).  The PR
  AUC is the trapezoid sum over those points (``calc_auc``), from recall 0.

So precrec's PR AUC is neither the Davis-Goadrich area nor the continuous integral: it is a
trapezoid rule on the continuous PR curve with nodes at the rows and on the recall grid.
``x_bins=0`` becomes 1 in ``evalmod`` (no interior grid point); ``interpolate=False`` drops
the grid.  The grid here is exact (m / x_bins); precrec accumulates it in binary64, which moves
the nodes by at most about m * 2**-53 and the area by far less than its own rounding
(docs/profiles/precrec.md).  precrec stops on a single class: the twin raises
:class:`NoPositivesError` / :class:`NoNegativesError`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError, NoNegativesError, NoPositivesError
from rocpr_exact.limits.checks import check_grid_points
from rocpr_exact.profiles.arguments import classes as levels
from rocpr_exact.profiles.arguments import flag, vector
from rocpr_exact.profiles.examples import twin_metric
from rocpr_exact.profiles.ieee import double_seen, exact_values
from rocpr_exact.profiles.model import ToolMetrics

__all__ = ["Aucs", "evalmod"]


@dataclass(frozen=True, slots=True)
class Aucs:
    """The two rows of ``auc(evalmod(...))``: curvetypes ROC and PRC."""

    roc: Fraction
    prc: Fraction


def _rows(curve: Curve) -> list[tuple[Fraction, Fraction]]:
    """One (TP, FP) row per example, tie groups spread evenly (``ties_method="equiv"``)."""
    rows = [(Fraction(0), Fraction(0))]
    for i in range(1, len(curve.tps)):
        t0, f0 = curve.tps[i - 1], curve.fps[i - 1]
        a, b = curve.tps[i] - t0, curve.fps[i] - f0
        k = a + b
        rows += [(t0 + Fraction(j * a, k), f0 + Fraction(j * b, k)) for j in range(1, k + 1)]
    return rows


def _prc_auc(curve: Curve, x_bins: int) -> Fraction:
    p = curve.positives
    rows = _rows(curve)
    rec = [tp / p for tp, _ in rows]
    prec = [Fraction(0)] + [tp / (tp + fp) for tp, fp in rows[1:]]
    prec[0] = prec[1]
    xs: list[Fraction] = []
    ys: list[Fraction] = []
    for i in range(len(rows)):
        if i and rec[i] == rec[i - 1] and prec[i] == prec[i - 1]:
            continue
        if x_bins and i:
            (t0, f0), (t1, f1) = rows[i - 1], rows[i]
            m = int(rec[i - 1] * x_bins) + 1
            while Fraction(m, x_bins) < rec[i]:
                g = Fraction(m, x_bins)
                m += 1
                if prec[i] == prec[i - 1]:
                    y = prec[i]
                else:
                    x = (g - rec[i - 1]) * p
                    y = (t0 + x) / (t0 + x + f0 + (f1 - f0) * x / (t1 - t0))
                if xs[-1] == g and ys[-1] == y:
                    continue
                xs.append(g)
                ys.append(y)
        xs.append(rec[i])
        ys.append(prec[i])
    return sum(
        ((xs[i] - xs[i - 1]) * (ys[i] + ys[i - 1]) / 2 for i in range(1, len(xs))), Fraction(0)
    )


def evalmod(
    scores: Iterable[Any],
    labels: Iterable[Any],
    posclass: Any = None,
    x_bins: int = 1000,
    interpolate: bool = True,
) -> Aucs:
    """precrec's ``auc(evalmod(scores=, labels=, posclass=, x_bins=, interpolate=))``, exactly.

    Formulas in the module notes.  O(n + x_bins) points.

    Scores 0.9, 0.8, 0.8, 0.1 with labels 1, 0, 1, 0 (the tie spread over two rows):
    PR nodes (0, 1) (1/2, 1) (3/4, 3/4) (1, 2/3) (1, 1/2) without the grid, so the PR AUC is
    1/2 + (1/4)(7/4)/2 + (1/4)(17/12)/2 = 43/48 (R prints 0.89583333333333326):

    >>> evalmod([0.9, 0.8, 0.8, 0.1], [1, 0, 1, 0], interpolate=False)
    Aucs(roc=Fraction(7, 8), prc=Fraction(43, 48))
    """
    values = exact_values(vector(scores, "scores"), "float64", "scores")
    marks = vector(labels, "labels")
    if len(marks) != len(values):
        raise InvalidInputError(f"scores and labels differ in length ({len(values)}, {len(marks)})")
    classes = levels(marks, "labels", "precrec")
    if len(classes) > 2:
        raise InvalidInputError(f"labels must have two classes, got {len(classes)}")
    if posclass is not None and not isinstance(posclass, str | int | float):
        raise InvalidInputError(f"posclass must be one label (a number or text), got {posclass!r}")
    positive = classes[-1] if posclass is None else posclass
    flags = [1 if v == positive else 0 for v in marks]
    if not any(flags):
        raise NoPositivesError("precrec needs a positive (it stops: only a single class)")
    if all(flags):
        raise NoNegativesError("precrec needs a negative (it stops: only a single class)")
    if isinstance(x_bins, bool) or not isinstance(x_bins, int) or x_bins < 0:
        raise InvalidInputError(f"x_bins must be a non-negative int, got {x_bins!r}")
    check_grid_points(x_bins, "x_bins")
    bins = (x_bins or 1) if flag(interpolate, "interpolate") else 0
    curve = Curve.from_scores(values, flags)
    return Aucs(auc_roc(curve), _prc_auc(curve, bins))


# -- the metric table (report --profile precrec, compute_metric("precrec.<metric>")) ----------

#: precrec 0.14.4's ``auc(evalmod(scores, labels))`` rows ROC and PRC of a curve (x_bins 1000,
#: interpolated: precrec's defaults): the twin on its examples, scores as R doubles
#: (docs/profiles/precrec.md).
CURVE_METRICS = ToolMetrics(
    "precrec",
    double_seen,
    {
        "roc_auc": twin_metric(
            "precrec",
            lambda scores, labels: evalmod(scores, labels).roc,
            both="precrec auc ROC (which stops: only a single class)",
        ),
        "prc_auc": twin_metric(
            "precrec",
            lambda scores, labels: evalmod(scores, labels).prc,
            both="precrec auc PRC (which stops: only a single class)",
        ),
    },
    description=(
        "R package precrec 0.14.4: auc(evalmod(scores, labels)), rows ROC and PRC (x_bins 1000, "
        "interpolated)."
    ),
)
