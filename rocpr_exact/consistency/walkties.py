"""Tie moves for the walk (consistency.walk): rankings changed by tying neighbours.

A tie changes a ranking's metrics by a known amount: tying a positive with the negative
just above it adds 1/2 to U and leaves average precision as it is; tying two adjacent
positives leaves U as it is and raises the first one's precision to the group's end.
"""

from __future__ import annotations

from rocpr_exact.consistency.engine.protocol import Group

__all__ = ["SHIFT", "tie_one", "tie_positives"]

#: The walk's fixed-point unit: guides are integers in units of 2^-SHIFT.
SHIFT = 48



def tie_one(groups: list[Group]) -> list[Group] | None:
    """Tie the first positive that has a negative just above it with that negative.

    2U goes up by 1 (that pair counts 1/2 instead of 0) and the positive's
    precision, taken at its group's end, is unchanged, so average precision is too.
    """
    for i in range(1, len(groups)):
        if groups[i - 1] == (0, 1) and groups[i] == (1, 0):
            return [*groups[: i - 1], (1, 1), *groups[i + 1 :]]
    return None


def tie_positives(groups: list[Group], need: tuple[int, int]) -> list[Group] | None:
    """Tie adjacent positives so that P 2^48 times the average precision rises by ``need``.

    Tying the k-th and (k+1)-th positives, with c negatives above both, gives the
    k-th the precision at its group's end: its term k / (k + c) becomes
    (k + 1) / (k + 1 + c), a gain of c / ((k + c)(k + 1 + c)); AUC-ROC is unchanged
    (no positive-negative pair changes).  Disjoint pairs add their gains, so pairs
    are taken greedily from the largest gain down while the sum stays within
    ``need`` (a guide: the caller checks the result exactly).  None if no choice lands.
    """
    low, high = need
    pairs: list[tuple[int, int]] = []  # (gain, index of the first positive's group)
    k = c = 0
    for i, (a, b) in enumerate(groups):
        k, c = k + a, c + b
        if (a, b) == (1, 0) and i + 1 < len(groups) and groups[i + 1] == (1, 0) and c:
            pairs.append((((k + 1) << SHIFT) // (k + 1 + c) - (k << SHIFT) // (k + c), i))
    total, used, taken = 0, set(), []
    for gain, i in sorted(pairs, reverse=True):
        if total >= low:
            break
        if i in used or i + 1 in used or total + gain > high:
            continue
        total += gain
        used |= {i, i + 1}
        taken.append(i)
    if not taken or total < low:
        return None
    out, skip = [], set(taken)
    for i, group in enumerate(groups):
        if i - 1 in skip:
            continue
        out.append((2, 0) if i in skip else group)
    return out
