"""Micro-averaged one-vs-rest claims reduce exactly to one binary claim.

scikit-learn's ``roc_auc_score(y, scores, average="micro", multi_class="ovr")`` and
``average_precision_score(y, scores, average="micro")`` binarize the labels of n examples
and K classes into an n x K indicator matrix (one 1 a row: the example's class) and compute
the binary metric of the flattened cells: n K (cell score, cell label) pairs, of which n are
positive (one per example) and n (K - 1) negative, whatever the class counts are.

Under the *free per-class scores* model each cell's score is its own number, so every
ranking of the n K cells (with ties or without) is the flattened ranking of some score
matrix: give each cell the score of its place.  So the micro claim is possible exactly when
the binary claim at P = n, N = n (K - 1) is, and its witness is a binary ranking of the
cells; an "impossible" holds for every model (a probability matrix's cells are one such
ranking).  The binary path (:func:`~rocpr_exact.consistency.check.check_consistency`)
decides it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rocpr_exact.consistency.aggregate import class_tasks

__all__ = ["MICRO_METRICS", "micro_counts"]

#: The micro claims and the binary metric each is.
MICRO_METRICS = {"micro_auc_roc": "auc_roc", "micro_average_precision": "average_precision"}


def micro_counts(counts: Sequence[int]) -> tuple[int, int]:
    """(P, N) of the flattened one-vs-rest cells of class counts: (n, n (K - 1)).

    >>> micro_counts([10, 20, 30])
    (60, 120)
    """
    tasks, _ = class_tasks(counts, False)  # validates the counts (3 classes or more, each >= 1)
    total = sum(counts)
    return total, total * (len(tasks) - 1)
