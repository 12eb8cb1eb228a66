"""Engineered hard cases for dominance: pairs (P, N, curve I, curve II) of (TP, FP) lists.

Pinned with ``@example`` on the property tests (``tests/properties/test_dominance.py``) and
worked out by hand in ``tests/geometry/test_dominance.py``.
"""

from __future__ import annotations

from tests.strategies import CurvePair

TINY = [(0, 0), (1, 0), (2, 1), (2, 2), (3, 2)]
IDENTICAL: CurvePair = (3, 2, TINY, list(TINY))
# I is above II except at the ROC point (FP 1, TP 2) and at the end.
TOUCHING: CurvePair = (
    3,
    3,
    [(0, 0), (1, 0), (2, 1), (3, 3)],
    [(0, 0), (0, 1), (2, 1), (2, 3), (3, 3)],
)
# Both contain the segment (TP 2, FP 1) -> (3, 2).
SHARED_SEGMENT: CurvePair = (
    4,
    4,
    [(0, 0), (1, 0), (2, 1), (3, 2), (4, 4)],
    [(0, 0), (0, 1), (2, 1), (3, 2), (3, 4), (4, 4)],
)
# Cross once at the ROC point (FP 1, TP 1): neither dominates.
CROSSING: CurvePair = (2, 2, [(0, 0), (1, 0), (1, 2), (2, 2)], [(0, 0), (0, 1), (2, 1), (2, 2)])
# Ranking 1 0 1 0 and 1 1 0 0: one adjacent swap.
SWAP: CurvePair = (
    2,
    2,
    [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
)
# ROC: I rises vertically at FP 1; II (the diagonal) is above I just left of it.
VERTICAL_ROC: CurvePair = (2, 2, [(0, 0), (0, 1), (2, 1), (2, 2)], [(0, 0), (2, 2)])
# PR: I drops vertically at recall 1/2 from 1 to 1/3; II (constant 1/2) is above just right of it.
VERTICAL_PR: CurvePair = (2, 2, [(0, 0), (1, 0), (1, 2), (2, 2)], [(0, 0), (2, 2)])
# Both start with negatives (recall-0 limits both 0); II is above I only for recall < 2/7.
RECALL0: CurvePair = (1, 10, [(0, 0), (0, 5), (1, 5), (1, 10)], [(0, 0), (0, 3), (1, 10)])
# The same at the paper's skew: II above I only for TP < 1/1996, too narrow for a float grid.
SKEW_RECALL0: CurvePair = (
    20,
    2000,
    [(0, 0), (0, 5), (1, 5), (20, 2000)],
    [(0, 0), (0, 4), (1, 2000), (20, 2000)],
)
# The paper's Table 1 setting: I through A = (5, 5) and B = (10, 30); II straight to B.
TABLE1: CurvePair = (
    20,
    2000,
    [(0, 0), (5, 5), (10, 30), (20, 2000)],
    [(0, 0), (10, 30), (20, 2000)],
)
# A curve and its ROC convex hull.
HULL: CurvePair = (3, 2, [(0, 0), (1, 0), (3, 2)], TINY)
# One vertex off the diagonal by one negative out of 10^13: a near-tie for floats.
NEAR_COLLINEAR: CurvePair = (
    5,
    10**13,
    [(0, 0), (5, 10**13)],
    [(0, 0), (1, 2 * 10**12 - 1), (5, 10**13)],
)

HARD_CASES = (
    IDENTICAL,
    TOUCHING,
    SHARED_SEGMENT,
    CROSSING,
    SWAP,
    VERTICAL_ROC,
    VERTICAL_PR,
    RECALL0,
    SKEW_RECALL0,
    TABLE1,
    HULL,
    NEAR_COLLINEAR,
)
