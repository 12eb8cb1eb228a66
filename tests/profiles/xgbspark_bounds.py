"""How far xgboost's and Spark's float64 areas may be from the twins' exact values.

Both tools take exact inputs (float32 or float64 values, which the twins read exactly) and
then compute in float64: u = 2**-53, the unit roundoff.  The bounds below are first-order
error analyses of the tools' own operations (docs/profiles/xgboost.md, docs/profiles/spark.md):

- counts: the tools sum weights in float64.  The tests' weights are 0 or float32 values in
  [2**-4, 16], so every weight is a multiple of 2**-27 and every partial sum below 2**26 is
  exact (:func:`check_exact_sums`): the counts carry no error.
- xgboost ``auc``: k trapezoids (one rounding each, x 0.5 exact), summed in float64 (at most
  k u of the sum of the nonnegative terms), divided by FP * TP (two roundings), the value in
  [0, 1]: (k + 3) u, plus the 17 printed decimals (5e-18).
- xgboost ``aucpr``: per segment h, a, b, the two logarithms' arguments a r + b and the
  formula take at most 8 roundings each relative to the magnitudes involved, the log's
  argument errors are divided by the argument, and b is a difference whose error is
  relative to fp' + h tp', not to b: a segment's error is at most 8 u M with
  M = |r - r'| / a + (fp' + h tp') / (P a**2) * (|ln A| + |ln B| + K_A / A + K_B / B),
  A = (tp + fp) / P, B = (tp' + fp') / P, K the sums of magnitudes that make A and B.
  Summing the k segments adds k u of the sum of those magnitudes: (k + 8) u sum(M).
- Spark: rates are one division of exact counts (u each, rates in [0, 1]); a trapezoid
  (x2 - x1)(y2 + y1) / 2 then errs by at most 6 u + 4 u |x2 - x1|, the sum of n terms by n u
  of their sum (<= 1 for a monotone curve, <= n for a PR curve): (8 n + 8) u for n points.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np

U = 2.0**-53
PRINTED = 5e-18


def check_exact_sums(weights: list[Any] | None, dtype: str = "float64") -> None:
    """Assert what the bounds assume: float64 sums of these weights (as ``dtype``) are exact."""
    if weights is None:
        return
    values = [Fraction(w) for w in np.asarray(weights, dtype=np.float64).astype(dtype).tolist()]
    assert all((w * 2**27).denominator == 1 for w in values), "weights below 2**-27 resolution"
    assert sum(values) < 2**26


def xgboost_auc_bound(segments: tuple[Any, ...]) -> float:
    return (len(segments) + 3) * U + PRINTED


def xgboost_aucpr_bound(segments: tuple[Any, ...]) -> float:
    positives = segments[-1][3]
    total = 0.0
    for fp_prev, fp, tp_prev, tp in segments:
        if tp == tp_prev:
            continue
        h = (fp - fp_prev) / (tp - tp_prev)
        a = 1 + h
        total += float((tp - tp_prev) / positives / a)
        size = (fp_prev + h * tp_prev) / positives
        if size == 0:
            continue
        big_a, big_b = (tp + fp) / positives, (tp_prev + fp_prev) / positives
        k_a = (a * tp + fp_prev + h * tp_prev) / positives
        k_b = (a * tp_prev + fp_prev + h * tp_prev) / positives
        logs = abs(math.log(big_a)) + abs(math.log(big_b)) + float(k_a / big_a + k_b / big_b)
        total += float(size / (a * a)) * logs
    return (len(segments) + 8) * U * total + PRINTED


def spark_bound(points: int) -> float:
    return (8 * points + 8) * U
