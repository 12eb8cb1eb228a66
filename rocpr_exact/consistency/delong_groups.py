"""Witnesses among the rankings of three tie groups: small DeLong variances past the programme.

Past the exact programmes the DeLong intervals left undecided are those whose variance is
below the least of every ranking without ties (:func:`~.delong_ci.needs_ties`): only heavily
tied rankings print them, and the witness walks build untied ones.  Most such variances are
those of a ranking of three tie groups (a1, b1), (a2, b2), (a3, b3), top first: one large
group with a few items split off above and below it (P = N = 50, "0.45-0.55": 3 positives,
then 47 positives tied with every negative, then 3 positives, say).  With S and m of
:mod:`~rocpr_exact.consistency.delong_extremes` (each group's terms from
:func:`~.delong_extremes.group_sums` at the counts above it), every such ranking's (m, S) is
computed in integer arrays over (b1, a2, b2) for each a1, (P + 1)^2 (N + 1)^2 / 4 of them, and
the first whose m is sought and whose S is in that m's window is returned.  A search, not a
proof: the caller certifies the ranking's interval.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from rocpr_exact.consistency.engine.protocol import Group

__all__ = ["THREE_CELLS", "three_groups", "three_groups_fit"]

#: The most rankings of three groups, (P + 1)^2 (N + 1)^2, searched: P = N = 82 (about 1 s).
THREE_CELLS = 50_000_000


def three_groups_fit(p: int, n: int) -> bool:
    """Whether :func:`three_groups` of P and N is within :data:`THREE_CELLS`."""
    return (p + 1) ** 2 * (n + 1) ** 2 <= THREE_CELLS


def _terms(p: int, n: int, a: Any, b: Any, tp: Any, fp: Any) -> tuple[Any, Any]:
    """(m, S) of the groups (a, b) after (tp, fp), elementwise (delong_extremes.group_sums)."""
    c, d = 2 * (n - fp - b) + b, 2 * tp + a
    return a * c, p * (n - 1) * a * c * c + n * (p - 1) * b * d * d


def three_groups(
    p: int, n: int, windows: dict[int, tuple[int, int]]
) -> tuple[int, list[Group]] | None:
    """(m, tie groups top first, empty groups dropped) of a ranking of at most three groups
    whose 2U = m is a key of ``windows`` and whose S lies in ``windows[m]`` (None: none is).

    >>> three_groups(2, 2, {4: (32, 32)})  # AUC 1/2, variance 0: every score tied
    (4, [(2, 2)])
    """
    wanted = np.array(sorted(windows), np.int64)
    if not wanted.size:
        return None
    low = np.array([windows[int(m)][0] for m in wanted], np.int64)
    high = np.array([windows[int(m)][1] for m in wanted], np.int64)
    grid = np.meshgrid(np.arange(n + 1), np.arange(p + 1), np.arange(n + 1), indexing="ij")
    b1, a2, b2 = (axis.ravel().astype(np.int64) for axis in grid)
    keep = b1 + b2 <= n
    b1, a2, b2 = b1[keep], a2[keep], b2[keep]
    for a1 in range(p + 1):
        keep = a1 + a2 <= p
        first_b, second_a, second_b = b1[keep], a2[keep], b2[keep]
        third_a, third_b = p - a1 - second_a, n - first_b - second_b
        m1, s1 = _terms(p, n, a1, first_b, 0, 0)
        m2, s2 = _terms(p, n, second_a, second_b, a1, first_b)
        m3, s3 = _terms(p, n, third_a, third_b, a1 + second_a, first_b + second_b)
        m, s = m1 + m2 + m3, s1 + s2 + s3
        index = np.minimum(np.searchsorted(wanted, m), wanted.size - 1)
        hit = np.flatnonzero((wanted[index] == m) & (low[index] <= s) & (s <= high[index]))
        if hit.size:
            k = int(hit[0])
            groups = [(a1, int(first_b[k])), (int(second_a[k]), int(second_b[k]))]
            groups.append((int(third_a[k]), int(third_b[k])))
            return int(m[k]), [group for group in groups if group != (0, 0)]
    return None
