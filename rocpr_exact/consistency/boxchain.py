"""ROC points read from a figure, with or without an operating point and no area: one ranking
through every box of whole counts (:func:`~rocpr_exact.consistency.through.box_chain`).

``consistent --roc-point ...`` alone, or with precision, recall, ... at one threshold (no
AUC-ROC, no area): exact.  The operating point is tried TP by TP (each TP's FP range is one
more box); the pair checks of the exact order count against ``max_steps``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rocpr_exact.consistency.reported import Interval
from rocpr_exact.consistency.through import (
    Box,
    BoxChainTooLong,
    Ranges,
    box_chain,
    chain_groups,
    has_thresholds,
)
from rocpr_exact.consistency.witness import Verdict, make_witness

__all__ = ["check_boxes"]

#: Points of the chain named in the reason before "...".
SHOWN = 12


def check_boxes(
    p: int,
    n: int,
    boxes: Sequence[Box],
    *,
    ties: bool,
    max_steps: int,
    point: Ranges | None = None,
    span: tuple[int, int] | None = None,
    intervals: Mapping[str, Interval] | None = None,
    texts: Mapping[str, str] | None = None,
) -> Verdict:
    """Whether one ranking passes through every box (and, with ``point``, a threshold of it).

    ``point`` is the operating point's requirement (FP range per TP, ``span`` the TP outside
    which it is empty), ``intervals`` its reported metrics (checked on the witness) and
    ``texts`` them as printed.

    >>> check_boxes(10, 10, [((5, 5), (5, 5)), ((8, 8), (2, 2))], ties=True, max_steps=100).verdict
    'impossible'
    >>> check_boxes(10, 10, [((5, 5), (5, 5)), ((8, 8), (6, 7))], ties=True, max_steps=100).reasons
    ('witness constructed through every ROC point: (TP, FP) = (5, 5), (8, 6)',)
    """
    rows: Iterable[Box | None] = [None]
    if point is not None:  # lazily: the first TP that fits ends the search
        first, last = span if span is not None else (0, len(point) - 1)
        fitting = (t for t in range(first, last + 1) if point[t][0] <= point[t][1])
        rows = (((t, t), point[t]) for t in fitting)
    steps = 0
    for row in rows:
        if steps > max_steps:
            return Verdict("undecided", (_too_long(len(boxes), max_steps),))
        chosen = [*boxes, row] if row is not None else list(boxes)
        try:
            chain = box_chain(chosen, max_steps - steps)
        except BoxChainTooLong:
            return Verdict("undecided", (_too_long(len(boxes), max_steps),))
        steps += len(chosen)
        if chain is None:
            steps += len(chosen) ** 2  # the exact order was computed
            continue
        groups = chain_groups(p, n, chain, ties)
        inside = all(
            tlo <= tp <= thi and flo <= fp <= fhi
            for (tp, fp), ((tlo, thi), (flo, fhi)) in zip(chain, chosen, strict=True)
        )
        if not inside or not has_thresholds(groups, chain):
            raise AssertionError(f"the ranking through {chain} misses a box")
        corners = sorted(set(chain))
        shown = ", ".join(f"({tp}, {fp})" for tp, fp in corners[:SHOWN])
        shown += f" ... ({len(corners) - SHOWN:,} more)" if len(corners) > SHOWN else ""
        what = "every ROC point" if row is None else "every ROC point and the operating point"
        reason = f"witness constructed through {what}: (TP, FP) = {shown}"
        return Verdict("possible", (reason,), make_witness(p, n, groups, intervals or {}))
    order = "in one order with TP and FP both non-decreasing, as the thresholds of one ranking are"
    if point is None:
        reason = "no ranking passes through every ROC point's box: their whole counts cannot be "
        reason += "put " + order
        return Verdict("impossible", (reason,))
    listed = " and ".join(f"{name} {text}" for name, text in (texts or {}).items())
    reason = (
        f"no ranking passes through every ROC point's box and a threshold with {listed}: no "
        f"whole (TP, FP) of that threshold can be put with the boxes {order}"
    )
    return Verdict("impossible", (reason,))


def _too_long(count: int, max_steps: int) -> str:
    return (
        f"ordering the {count:,} ROC points' boxes exactly (every pair of boxes, and each TP "
        f"of the operating point if one is reported) would exceed max_steps = {max_steps:,} "
        "steps; raise max_steps to decide"
    )
