"""Exact twins of scikit-learn's ranking metrics (checked against scikit-learn 1.9.1).

Each twin has sklearn's name and parameters and returns what sklearn would return if it made
no rounding error.  "As sklearn sees the input": ``y_score`` is converted to numpy float64
(``np.asarray(y_score, dtype=np.float64)``), each value then taken at its exact binary value, so
scores that differ only past double precision (2**53 and 2**53 + 1) tie, as in sklearn.
``sample_weight``: non-negative ints only for now (a weight w is w replicated rows, exact).
Binary labels {0, 1} only for now.  A missing class raises :class:`NoPositivesError` /
:class:`NoNegativesError` where sklearn warns and returns nan (or 0.0).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from rocpr_exact.areas.auc import auc_pr, auc_roc
from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError, MissingDependencyError, NoPositivesError

try:  # the twins see the input as scikit-learn does: through numpy's float64
    import numpy as np
except ImportError:  # pragma: no cover - numpy comes with every scikit-learn install
    raise MissingDependencyError(
        "rocpr_exact.profiles.sklearn needs numpy (the 'fast' extra), as scikit-learn does"
    ) from None

__all__ = ["average_precision_score", "curve_as_seen", "roc_auc_score"]


def curve_as_seen(
    y_true: Iterable[Any], y_score: Iterable[Any], sample_weight: Any = None
) -> Curve:
    """The curve of the data as sklearn sees it: scores cast to float64."""
    array = np.asarray(y_score, dtype=np.float64)
    if np.isinf(array).any():
        raise InvalidInputError(
            "sklearn 1.9.1 raises ValueError('Input contains infinity or a value too large for "
            "dtype('float64').') for an infinite score"
        )
    scores = array.tolist()  # exact binary values
    labels = list(y_true)
    if sample_weight is None:
        return Curve.from_scores(scores, labels)
    return Curve.from_scores(scores, labels, weights=list(sample_weight))


def roc_auc_score(
    y_true: Iterable[Any],
    y_score: Iterable[Any],
    *,
    average: str = "macro",
    sample_weight: Any = None,
    max_fpr: Any = None,
    multi_class: str = "raise",
    labels: Any = None,
) -> Fraction:
    """sklearn ``roc_auc_score`` (binary): ``auc(fpr, tpr)`` over ``roc_curve``, exactly.

    Without ``max_fpr``: the trapezoid area under the ROC polyline (a tie group is one
    diagonal segment).  With ``max_fpr`` (taken at its float64 binary value m, 0 < m <= 1):
    the partial area A up to fpr = m (the polyline cut by linear interpolation at m), then
    McClish's correction as sklearn computes it: 1/2 (1 + (A - m**2/2) / (m - m**2/2)).
    Checked against scikit-learn 1.9.1.

    >>> roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    Fraction(3, 4)
    """
    curve = curve_as_seen(y_true, y_score, sample_weight)
    curve.require_both_classes("sklearn roc_auc_score (which returns nan here)")
    if max_fpr is None or max_fpr == 1:
        return auc_roc(curve)
    m = Fraction(np.float64(max_fpr).item())
    if not 0 < m <= 1:
        raise InvalidInputError(f"Expected max_fpr in range (0, 1], got: {max_fpr!r}")
    p, n = curve.positives, curve.negatives
    area, prev = Fraction(0), (Fraction(0), Fraction(0))
    for tp, fp in zip(curve.tps[1:], curve.fps[1:], strict=True):
        x, y = Fraction(fp, n), Fraction(tp, p)
        x0, y0 = prev
        if x > m:  # cut the segment at fpr = m
            y = y0 + (y - y0) * (m - x0) / (x - x0)
            area += (m - x0) * (y + y0) / 2
            break
        area += (x - x0) * (y + y0) / 2
        prev = (x, y)
    min_area = m * m / 2
    return (1 + (area - min_area) / (m - min_area)) / 2


def average_precision_score(
    y_true: Iterable[Any],
    y_score: Iterable[Any],
    *,
    average: str = "macro",
    pos_label: Any = 1,
    sample_weight: Any = None,
) -> Fraction:
    """sklearn ``average_precision_score`` (binary): ``-sum(diff(recall) * precision[:-1])``.

    That is sum over thresholds of (R_n - R_{n-1}) P_n with R_0 = 0 (the ``step`` area).
    Checked against scikit-learn 1.9.1; sklearn returns 0.0 with a warning when there is no
    positive, the twin raises :class:`NoPositivesError`.

    >>> average_precision_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    Fraction(5, 6)
    """
    if pos_label != 1:
        raise InvalidInputError("only pos_label=1 is supported by this twin so far")
    curve = curve_as_seen(y_true, y_score, sample_weight)
    if curve.positives == 0:
        raise NoPositivesError("sklearn average_precision_score returns 0.0 here (no positive)")
    value = auc_pr(curve, "step")
    assert isinstance(value, Fraction)
    return value
