"""Seeded buggy implementations of AP and AUC-ROC (and correct float ones) for the conformance
search: each is a mistake found in real code.  ``BUGGY`` maps a name to (function, metric it
claims to be); ``CORRECT`` the same for implementations that are right."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

Function = Callable[[Any, Any], float]


def _groups(scores: Any, labels: Any) -> tuple[np.ndarray, np.ndarray]:
    """Cumulative (TP, FP) at each distinct score, highest first (ties one threshold)."""
    s, y = np.asarray(scores, dtype=np.float64), np.asarray(labels, dtype=np.int64)
    order = np.argsort(-s, kind="stable")
    s, y = s[order], y[order]
    last = np.r_[np.nonzero(np.diff(s))[0], len(s) - 1]
    tp = np.cumsum(y)[last]
    return tp, (last + 1) - tp


def ap(scores: Any, labels: Any) -> float:
    """Correct step AP: sum (R_n - R_{n-1}) P_n over distinct thresholds; NaN without positives."""
    tp, fp = _groups(scores, labels)
    if tp[-1] == 0:
        return float("nan")
    recall = tp / tp[-1]
    precision = tp / (tp + fp)
    return float(np.sum(np.diff(np.r_[0, recall]) * precision))


def auc(scores: Any, labels: Any) -> float:
    """Correct AUC-ROC: trapezoids over the distinct thresholds; NaN with one class."""
    tp, fp = _groups(scores, labels)
    if tp[-1] == 0 or fp[-1] == 0:
        return float("nan")
    tpr, fpr = np.r_[0, tp] / tp[-1], np.r_[0, fp] / fp[-1]
    return float(np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2))


def ap_ties_by_index(scores: Any, labels: Any) -> float:
    """Each example its own threshold, ties in input order (a stable sort)."""
    y = np.asarray(labels)[np.argsort(-np.asarray(scores, dtype=np.float64), kind="stable")]
    if y.sum() == 0:
        return float("nan")
    precision = np.cumsum(y) / np.arange(1, len(y) + 1)
    return float(np.sum(precision * y) / y.sum())


def ap_trapezoid(scores: Any, labels: Any) -> float:
    """Trapezoids between PR points from (0, 1): sklearn's auc(recall, precision), not AP."""
    tp, fp = _groups(scores, labels)
    if tp[-1] == 0:
        return float("nan")
    recall, precision = np.r_[0, tp / tp[-1]], np.r_[1, tp / (tp + fp)]
    return float(np.sum(np.diff(recall) * (precision[1:] + precision[:-1]) / 2))


def ap_start_point_counted(scores: Any, labels: Any) -> float:
    """Left sums: each recall step at the previous point's precision, the start (0, 1) counted."""
    tp, fp = _groups(scores, labels)
    if tp[-1] == 0:
        return float("nan")
    recall, precision = np.r_[0, tp / tp[-1]], np.r_[1, tp / (tp + fp)]
    return float(np.sum(np.diff(recall) * precision[:-1]))


def ap_float32(scores: Any, labels: Any) -> float:
    """Correct AP on the scores cast to float32 (merges nearby doubles)."""
    return ap(np.asarray(scores, dtype=np.float32), labels)


def auc_float16(scores: Any, labels: Any) -> float:
    """Correct AUC-ROC on the scores cast to float16."""
    return auc(np.asarray(scores, dtype=np.float64).astype(np.float16), labels)


def ap_last_point_dropped(scores: Any, labels: Any) -> float:
    """The lowest threshold (full recall) left out of the sum."""
    tp, fp = _groups(scores, labels)
    if tp[-1] == 0:
        return float("nan")
    recall, precision = tp / tp[-1], tp / (tp + fp)
    return float(np.sum(np.diff(np.r_[0, recall])[:-1] * precision[:-1]))


def auc_auto_direction(scores: Any, labels: Any) -> float:
    """Flips the direction when the AUC is below 1/2 (pROC's direction="auto")."""
    value = auc(scores, labels)
    return max(value, 1 - value)


def ap_one_class_zero(scores: Any, labels: Any) -> float:
    """0.0 instead of "undefined" when there is no positive."""
    return 0.0 if int(np.sum(labels)) == 0 else ap(scores, labels)


def auc_one_class_half(scores: Any, labels: Any) -> float:
    """1/2 instead of "undefined" when a class is missing."""
    y = np.asarray(labels)
    return 0.5 if y.min() == y.max() else auc(scores, labels)


def ap_top_k(scores: Any, labels: Any, k: int = 8) -> float:
    """AP over the k top-ranked examples only (an AP@k passed off as AP)."""
    s, y = np.asarray(scores, dtype=np.float64), np.asarray(labels)
    top = np.argsort(-s, kind="stable")[:k]
    if y.sum() == 0:
        return float("nan")
    return ap(s[top], y[top]) * y[top].sum() / y.sum() if y[top].sum() else 0.0


def auc_rounded(scores: Any, labels: Any) -> float:
    """Scores rounded to 6 decimals before ranking (merges scores that differ further down)."""
    return auc(np.round(np.asarray(scores, dtype=np.float64), 6), labels)


def ap_one_positive(scores: Any, labels: Any) -> float:
    """A shortcut for one positive, 1 / (its rank), that ranks it above its ties."""
    s, y = np.asarray(scores, dtype=np.float64), np.asarray(labels)
    if int(y.sum()) == 1:
        return 1 / (1 + int(np.sum(s > s[y == 1][0])))
    return ap(s, y)


BUGGY: dict[str, tuple[Function, str]] = {
    "ties by index": (ap_ties_by_index, "average_precision"),
    "trapezoid AP": (ap_trapezoid, "average_precision"),
    "start point counted": (ap_start_point_counted, "average_precision"),
    "float32 cast": (ap_float32, "average_precision"),
    "float16 cast": (auc_float16, "roc_auc"),
    "last point dropped": (ap_last_point_dropped, "average_precision"),
    "auto direction": (auc_auto_direction, "roc_auc"),
    "one class AP 0": (ap_one_class_zero, "average_precision"),
    "one class AUC 1/2": (auc_one_class_half, "roc_auc"),
    "top-k cut": (ap_top_k, "average_precision"),
    "rounded scores": (auc_rounded, "roc_auc"),
    "one positive shortcut": (ap_one_positive, "average_precision"),
}

CORRECT: dict[str, tuple[Function, str]] = {
    "float AP": (ap, "average_precision"),
    "float AUC": (auc, "roc_auc"),
}
