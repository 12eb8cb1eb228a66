"""Exact areas: AUC-ROC and the four AUC-PR methods (Davis & Goadrich 2006, Section 4).

* AUC-ROC: trapezoids under the ROC polyline; equal to the Mann-Whitney
  statistic with ties counted 1/2 (``proofs/proof_auc_mann_whitney.py``).
* ``continuous``: the integral of precision over recall along the PR image of the
  ROC polyline.  On a segment, with k = 1 + s and c = FP_A - s TP_A,
  the area is (1/P) [t/k - (c/k^2) ln(k t + c)] from TP_A to TP_B
  (``proofs/proof_closed_form.py``).  Since k t + c = t + FP(t) is the number of
  examples predicted positive, the log argument at a vertex is the integer
  TP + FP, so adjacent segments share (and merge) their log terms.
* ``davis-goadrich``: composite trapezoid over the discretely interpolated points
  (every integer TP, FP by the local skew), from recall 0 (:mod:`rocpr_exact.areas.dg`:
  the exact sum, refused by ``max_sum_digits`` from a size predicted before any term is
  built, and certified digits by segments).
* ``linear``: trapezoid over the listed threshold points, straight lines in PR
  space (the mistake the paper warns about), from recall 0.
* ``step``: average precision, sum over thresholds of (R_i - R_{i-1}) P_i.

Recall 0 uses the "limit" convention of docs/design.md: the starting precision is
:meth:`Curve.precision_at` ``(0)``.  ``min_recall`` restricts every method to
[min_recall, 1] without rescaling; the left edge of the ``davis-goadrich`` and
``linear`` curves there is ``precision_at(min_recall)`` when ``min_recall`` falls
strictly inside one of their pieces.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Literal

from rocpr_exact.areas.dg import PrPoint, dg_area, dg_points, start_point, trapezoid_pairs
from rocpr_exact.core.counts import INT64_CROSS
from rocpr_exact.core.curve import Curve, count_arrays, require_curve
from rocpr_exact.errors import InvalidInputError, NoPositivesError
from rocpr_exact.exact.closedform import ClosedForm
from rocpr_exact.exact.sums import sum_ratios

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is a dependency
    np = None  # type: ignore[assignment]

__all__ = ["PR_METHODS", "area_terms", "auc_pr", "auc_roc", "continuous_area"]

PrMethod = Literal["continuous", "davis-goadrich", "linear", "step"]
PR_METHODS: tuple[PrMethod, ...] = ("continuous", "davis-goadrich", "linear", "step")


def auc_roc(curve: Curve) -> Fraction:
    """The exact area under the ROC polyline.

    Sum over segments of (FP_B - FP_A)(TP_A + TP_B) / (2 P N): a tie group is a
    diagonal segment, so this is the Mann-Whitney statistic with ties 1/2.
    O(number of points), integer arithmetic.

    >>> auc_roc(Curve.from_scores([4, 3, 3, 1], [1, 0, 1, 0]))
    Fraction(7, 8)
    """
    require_curve(curve, "curve")
    curve.require_both_classes("auc_roc")
    corners = curve.corners()  # collinear points add nothing to a trapezoid sum
    tps, fps = corners.tps, corners.fps
    arrays = count_arrays(corners) if curve.positives + curve.negatives < INT64_CROSS else None
    if arrays is not None:
        t, f = arrays  # every partial sum <= 2 P N < 2^63
        return Fraction(
            int((np.diff(f) * (t[1:] + t[:-1])).sum()), 2 * curve.positives * curve.negatives
        )
    twice = sum((fps[i] - fps[i - 1]) * (tps[i] + tps[i - 1]) for i in range(1, len(tps)))
    return Fraction(twice, 2 * curve.positives * curve.negatives)


def _check_min_recall(min_recall: Fraction | int) -> Fraction:
    if isinstance(min_recall, bool) or not isinstance(min_recall, int | Fraction):
        raise InvalidInputError(f"min_recall must be an exact int or Fraction, got {min_recall!r}")
    if not 0 <= min_recall <= 1:
        raise InvalidInputError(f"min_recall must lie in [0, 1], got {min_recall}")
    return Fraction(min_recall)


def auc_pr(
    curve: Curve, method: PrMethod = "davis-goadrich", *, min_recall: Fraction | int = 0
) -> Fraction | ClosedForm:
    """The exact area under the PR curve over [min_recall, 1] by the named method.

    ``continuous`` returns a :class:`ClosedForm` (rational + sum of q ln r);
    the other methods return a ``Fraction``.  Needs P > 0.
    Complexity: ``davis-goadrich`` O(P) terms (refused up front by ``max_sum_digits``
    when their predicted size is over it), the others O(number of points) terms, each
    summed by binary splitting.

    >>> table1 = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    >>> auc_pr(table1, "step")        # 1/4 * 1/2 + 1/4 * 1/4 + 1/2 * 20/2020
    Fraction(311, 1616)
    >>> auc_pr(table1, "linear")      # 1/4 * 1/2 + 1/4 * (1/2 + 1/4)/2 + 1/2 * (1/4 + 1/101)/2
    Fraction(917, 3232)
    """
    require_curve(curve, "curve")
    if curve.positives == 0:
        raise NoPositivesError("auc_pr requires at least one positive example")
    start = _check_min_recall(min_recall)
    t_min = start * curve.positives
    if t_min.denominator == 1:
        t_min = t_min.numerator  # type: ignore[assignment]  # int comparisons are fast
    if method == "continuous":
        return continuous_area(curve.corners(), t_min)
    if method == "davis-goadrich":
        return dg_area(curve, t_min)
    if method == "linear":
        return _trapezoid(_listed_points(curve), curve, t_min, "the linear AUC-PR")
    if method == "step":
        return _step(curve, t_min)
    # another area added by its record (rocpr_exact.areas.records, which builds on this
    # module: imported here, not above); an unknown method is refused there, by name
    from rocpr_exact.areas.records import area_record

    return area_record(method).exact(curve, min_recall=min_recall)


def _listed_points(curve: Curve) -> Iterator[PrPoint]:
    """The threshold points in PR space, after the recall-0 start.

    Only the two ends of each step that adds positives are listed: the points
    in between share one recall and add no width.  O(number of rising steps).
    """
    start = start_point(curve)
    yield start
    for tp_a, fp_a, tp_b, fp_b in curve.rising_steps():
        yield start if tp_a == 0 else (tp_a, tp_a, tp_a + fp_a)
        yield tp_b, tp_b, tp_b + fp_b


def _trapezoid(points: Iterator[PrPoint], curve: Curve, t_min: Fraction, what: str) -> Fraction:
    """Composite trapezoid over recall of a piecewise-linear PR curve, over [t_min/P, 1]."""
    return sum_ratios(trapezoid_pairs(points, curve, t_min), what) / (2 * curve.positives)


def _step(curve: Curve, t_min: Fraction) -> Fraction:
    """Average precision: sum of (R_i - max(R_{i-1}, min_recall)) P_i over thresholds.

    Only steps that add positives have width.  O(number of rising steps).
    """
    pairs = _step_pairs(curve, t_min)
    return sum_ratios(pairs, "the step AUC-PR (average precision)") / curve.positives


def _step_pairs(curve: Curve, t_min: Fraction | int) -> list[tuple[int, int]]:
    pairs: list[tuple[int, int]] = []
    for tp_a, _, tp, fp in curve.rising_steps():
        if tp <= t_min:
            continue
        if tp_a >= t_min:
            pairs.append(((tp - tp_a) * tp, tp + fp))
        else:
            width = tp - t_min
            pairs.append((width.numerator * tp, width.denominator * (tp + fp)))
    return pairs


def area_terms(curve: Curve, method: PrMethod) -> tuple[list[tuple[int, int]], int]:
    """The terms of a rational AUC-PR over [0, 1]: ``auc_pr(curve, method)`` is
    (sum of n/d over the pairs) / divisor.  For ``davis-goadrich``, ``linear``, ``step``.

    Lets a caller certify decimals without the exact rational
    (:func:`rocpr_exact.exact.fixed.certified_ratio_sum`).

    >>> table1 = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    >>> pairs, divisor = area_terms(table1, "step")
    >>> sum(Fraction(n, d) for n, d in pairs) / divisor == auc_pr(table1, "step")
    True
    """
    if curve.positives == 0:
        raise NoPositivesError("auc_pr requires at least one positive example")
    if method == "davis-goadrich":  # O(P) terms: the report uses dg_decimal instead
        corners = curve.corners()
        return list(trapezoid_pairs(dg_points(corners), curve, 0)), 2 * curve.positives
    if method == "linear":
        return list(trapezoid_pairs(_listed_points(curve), curve, 0)), 2 * curve.positives
    if method == "step":
        return _step_pairs(curve, 0), curve.positives
    raise InvalidInputError(f"area_terms has no terms for the method {method!r}")


def continuous_area(curve: Curve, t_min: Fraction) -> ClosedForm:
    """Closed-form integral of precision over recall, segment by segment (Section 4).

    Segment A -> B (dTP > 0), from t = a to t = b:
      c = 0:  area (b - a) / (P k)       (constant precision 1/k)
      c != 0: (1/P) [(b - a)/k - (c/k^2) (ln(k b + c) - ln(k a + c))]
    with k t + c = t + FP(t), so at a vertex the log argument is the integer
    TP + FP, and adjacent segments merge their terms.  A run of positives
    (dFP = 0: k = 1, c = FP_A) has the integer log coefficient FP_A / P, so
    those are collected as integers over P.  O(number of points).
    """
    positives = curve.positives
    rational: list[tuple[int, int]] = []
    run_logs: dict[int, int] = {}  # argument -> coefficient * P, for runs of positives
    logs: dict[int | Fraction, Fraction] = {}  # argument -> coefficient, other segments
    tps, fps = curve.tps, curve.fps
    for i in range(1, len(tps)):
        tp_a, fp_a, tp_b, fp_b = tps[i - 1], fps[i - 1], tps[i], fps[i]
        dtp, dfp = tp_b - tp_a, fp_b - fp_a
        if dtp == 0 or tp_b <= t_min:
            continue
        if dfp == 0 and tp_a >= t_min:
            rational.append((dtp, positives))
            if fp_a:
                run_logs[tp_b + fp_b] = run_logs.get(tp_b + fp_b, 0) - fp_a
                run_logs[tp_a + fp_a] = run_logs.get(tp_a + fp_a, 0) + fp_a
            continue
        a = max(Fraction(tp_a), Fraction(t_min))
        k = Fraction(dtp + dfp, dtp)
        c = Fraction(fp_a * dtp - dfp * tp_a, dtp)
        width = (tp_b - a) / (k * positives)
        rational.append((width.numerator, width.denominator))
        if c != 0:
            coefficient = c / (k * k * positives)
            start: int | Fraction = tp_a + fp_a if a == tp_a else k * a + c
            logs[tp_b + fp_b] = logs.get(tp_b + fp_b, Fraction(0)) - coefficient
            logs[start] = logs.get(start, Fraction(0)) + coefficient
    for argument, q in run_logs.items():
        logs[argument] = logs.get(argument, Fraction(0)) + Fraction(q, positives)
    area = sum_ratios(rational, "the continuous AUC-PR")
    if all(isinstance(argument, int) for argument in logs):
        return ClosedForm.from_integer_logs(area, logs)  # type: ignore[arg-type]
    return ClosedForm.from_parts(area, [(q, x) for x, q in logs.items()])
