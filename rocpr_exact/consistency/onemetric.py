"""One reported metric alone, and one threshold: the closed-form reasons of "impossible".

:func:`single_metric_reasons` gives, for any P and N, each reason one reported metric cannot be
true (the AUC-ROC's grid, an area's least value from its record, a count metric's grid, no
whole (TP, FP) of a precision or F1), each with its certificate
(:mod:`~rocpr_exact.consistency.certificates`; docs/consistency.md, "Certificates").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from rocpr_exact.areas.records import published_area
from rocpr_exact.consistency.apbounds import DEFAULT_BOUND_WORK, best_multiplier, shown_down
from rocpr_exact.consistency.bounds import auc_roc_span, minimum_enclosure
from rocpr_exact.consistency.engine.protocol import Certificate, Json
from rocpr_exact.consistency.operating import POINT_METRICS, fp_range
from rocpr_exact.consistency.reported import Interval
from rocpr_exact.consistency.witness import Verdict, exact_text, show_value
from rocpr_exact.exact.text import fraction_to_decimal

__all__ = ["Reasons", "ap_bounds", "at_one_threshold", "impossible", "single_metric_reasons"]

#: The least AP and DG area are summed exactly up to this P; beyond, enclosures decide first.
EXACT_MINIMUM_UP_TO = 2_000
#: The metrics whose minimum has an enclosure, and the one it is built from.
ENCLOSED = {
    "average_precision": "average_precision",
    "auc_pr_dg": "auc_pr_dg",
    "auc_pr_linear": "auc_pr_dg",  # without ties the least linear area is the least DG area
}

Reasons = list[tuple[str, Certificate]]


def single_metric_reasons(
    p: int, n: int, intervals: Mapping[str, Interval], texts: Mapping[str, str], ties: bool
) -> Reasons:
    """Reasons why one reported metric alone cannot be true (sound for any P, N), each with
    its certificate (:mod:`~rocpr_exact.consistency.certificates`)."""
    reasons: Reasons = []
    auc = intervals.get("auc_roc")
    if auc is not None:
        scale = 2 * p * n
        lo, hi = auc.integers_scaled(scale)
        lo, hi = max(lo, 0), min(hi, scale)
        step = 1 if ties else 2
        lo += (-lo) % step
        if lo > hi:
            grid = Fraction(step, scale)
            below = (auc.low * scale) // step * step
            near = [Fraction(k, scale) for k in (below, below + step) if 0 <= k <= scale]
            said = f"auc_roc {texts['auc_roc']} means a value in {auc}"
            shown = " and ".join(fraction_to_decimal(v, 6) for v in near)
            grid_data: dict[str, Json] = {"metric": "auc_roc", "denominators": [scale // step]}
            reasons.append(
                (
                    f"{said}, outside [0, 1]: AUC-ROC is a share of pairs"
                    if auc.high <= 0 or auc.low >= 1 or not near  # nothing of [0, 1] near it
                    else f"{said}; with P = {p}, N = {n} AUC-ROC is a multiple of {grid} "
                    f"({'ties count 1/2' if ties else 'no ties'}) and none lies in it; the "
                    "nearest " + ("are " if len(near) > 1 else "is ") + shown,
                    Certificate("grid", (), grid_data),
                )
            )
    for name in intervals:  # each area's least value, from its record
        area = published_area(name)
        interval = intervals.get(name)
        if area is None or area.least is None or interval is None:
            continue
        what = area.why
        if name in ENCLOSED and p > EXACT_MINIMUM_UP_TO and not (name == "auc_pr_linear" and ties):
            low, high = minimum_enclosure(ENCLOSED[name], p, n)
            if interval.meets(high, Fraction(1)):
                continue  # a point of the interval is above the minimum
            if not interval.meets(low, Fraction(1)):
                side = "above 1" if interval.low >= 1 else "below the least possible"
                reasons.append(
                    (
                        f"{name} {texts[name]} means a value in {interval}, {side}: for "
                        f"P = {p}, N = {n} it lies in [{shown_down(low)} or more, 1] ({what})",
                        Certificate(
                            "area-least-enclosure", (), {"metric": name, "at_least": str(low)}
                        ),
                    )
                )
                continue
        minimum = area.least(p, n, ties)
        if not interval.meets(minimum, Fraction(1)):
            side = "above 1" if interval.low >= 1 else "below the least possible"
            reasons.append(
                (
                    f"{name} {texts[name]} means a value in {interval}, {side}: for P = {p}, "
                    f"N = {n} it lies in [{show_value(minimum)}, 1] ({what})",
                    Certificate("area-least", (), {"metric": name, "least": exact_text(minimum)}),
                )
            )
    # recall = TP/P, specificity = TN/N, accuracy = (TP + TN)/(P + N): a whole count in
    # 0..P (0..N, 0..P + N) fits, each count occurring; precision and F1 by TP, first fit ends.
    counted = {"recall": p, "specificity": n, "accuracy": p + n}
    for name in POINT_METRICS:
        interval = intervals.get(name)
        if interval is not None and name in counted:
            lo, hi = interval.integers_scaled(counted[name])
            fits = max(lo, 0) <= min(hi, counted[name])
        else:
            fits = interval is None or any(
                lo <= hi for lo, hi in (fp_range(tp, p, n, {name: interval}) for tp in range(p + 1))
            )
        if interval is not None and not fits:
            certificate = (
                Certificate("grid", (), {"metric": name, "denominators": [counted[name]]})
                if name in counted
                else at_one_threshold([name])
            )
            reasons.append(
                (
                    f"{name} {texts[name]} means a value in {interval}; no whole numbers "
                    f"0 <= TP <= {p}, 0 <= FP <= {n} give it",
                    certificate,
                )
            )
    return reasons


def at_one_threshold(names: Sequence[str]) -> Certificate:
    """The certificate "no whole (TP, FP) gives every one of ``names`` at one threshold"."""
    return Certificate("operating-point", (), {"metrics": list(names)})


def ap_bounds(p: int, n: int, auc: Interval, ties: bool) -> Certificate:
    """The certificate of :func:`~rocpr_exact.consistency.apbounds.auc_ap_reasons`: the
    multiplier 1/m of its lower bound at the least 2U (weak duality: the checker recomputes
    the bound at that m, and the closed-form upper bound at the greatest 2U)."""
    lo, _ = auc_roc_span(p, n, auc, ties)
    budget = 2 * p * n - lo if ties else (2 * p * n - lo) // 2  # 2F with ties, F without
    multiplier = best_multiplier(p, n, budget, DEFAULT_BOUND_WORK)[1]
    return Certificate("ap-bounds", (), {"multiplier": multiplier})


def impossible(reasons: Reasons) -> Verdict:
    return Verdict(
        "impossible",
        tuple(reason for reason, _ in reasons),
        certificates=tuple(certificate for _, certificate in reasons),
    )
