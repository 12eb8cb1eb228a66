"""The size gate of the searches for an average precision or AUC-PR (``max_search_examples``).

The walk between two rankings (:mod:`~rocpr_exact.consistency.walk`), the chains of rankings
(:mod:`~rocpr_exact.consistency.chain`) and the bounds on AP given AUC-ROC
(:mod:`~rocpr_exact.consistency.apbounds`, :mod:`~rocpr_exact.consistency.aplower`) each cost
O(P + N) per step, with dozens of steps
(at P = N = 10^4 the chains take about 10 s, at 10^6 far past a minute).  They are run only
while P + N is within the limit ``max_search_examples``, checked before they start; past it
they are skipped, and an answer they would have given becomes "undecided" with
:func:`skipped_reason`, which names the limit and how to raise it.
"""

from __future__ import annotations

from rocpr_exact.limits import current, exceeded

__all__ = ["searchable", "skipped_reason"]


def searchable(p: int, n: int) -> bool:
    """Whether P + N is within ``max_search_examples``.

    >>> searchable(10, 10), searchable(10**6, 10**6)
    (True, False)
    """
    limit = current().max_search_examples
    return limit is None or p + n <= limit


def skipped_reason(p: int, n: int) -> str:
    """Why the searches were skipped (P + N past ``max_search_examples``), with the remedy."""
    return str(
        exceeded(
            "max_search_examples",
            f"P + N = {p + n:,}",
            "the walk between rankings, the chains of rankings and the bounds on average "
            "precision given AUC-ROC (each O(P + N) per step) were skipped; ",
        )
    )
