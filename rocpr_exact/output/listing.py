"""The exact curve as lists: ROC points, PR points and the PR curve on a recall grid.

AUCCalculator writes ``.roc``, ``.pr`` and ``.spr`` files: the ROC points, the
interpolated PR points, and the PR curve sampled at fixed recalls.  Here the
same information is exact: every ROC point (FPR, TPR), every PR point
(recall, precision) of a threshold that predicts something positive, each with its
threshold (the score cut-off: positive iff score >= threshold, :func:`threshold_text`), and the
precision of the PR curve (:meth:`Curve.precision_at`, the upper value at a
vertical drop, the limit at recall 0) at recall 0, h, 2h, ... and 1 for a step h.
The schema of the JSON form is ``rocpr_exact/schemas/curve.schema.json``.
"""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction
from importlib import resources
from numbers import Integral
from typing import Any

from rocpr_exact.core.curve import Curve
from rocpr_exact.core.rates import RATES, rate
from rocpr_exact.errors import InvalidInputError
from rocpr_exact.exact.display import number
from rocpr_exact.geometry.optimal import OperatingPoint
from rocpr_exact.limits import check_grid_points

__all__ = [
    "curve_listing",
    "curve_schema",
    "format_listing",
    "format_point",
    "point_listing",
    "recall_grid",
    "threshold_text",
]


def recall_grid(step: Fraction) -> list[Fraction]:
    """Recalls 0, step, 2 step, ... up to 1, with 1 added when the step does not reach it.

    >>> recall_grid(Fraction(1, 4))
    [Fraction(0, 1), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1, 1)]
    >>> recall_grid(Fraction(2, 5))[-2:]
    [Fraction(4, 5), Fraction(1, 1)]
    """
    if isinstance(step, bool) or not isinstance(step, int | Fraction) or not 0 < step <= 1:
        raise InvalidInputError(f"the recall step must be an exact number in (0, 1], got {step}")
    count = int(1 // step)
    check_grid_points(
        count + 2,
        f"a recall step of {step} gives {count + 1:,} or more grid points, which",
        "a larger step gives fewer; ",
    )
    grid = [step * k for k in range(count + 1)]
    if grid[-1] != 1:
        grid.append(Fraction(1))
    return grid


def threshold_text(score: object) -> str | None:
    """A threshold (a score) written exactly, one text per value; None for no threshold.

    Every engine prints the same text for the same value, however the file spelled it (``3``,
    ``3.0`` and ``3e0`` are one score, a tie, whichever spelling an engine keeps): digits in plain
    notation without trailing zeros (``0.80`` is ``0.8``, ``1E2`` is ``100``, ``-0`` is ``0``), a
    binary double as its exact decimal expansion (never a rounded one), a fraction whose
    denominator divides a power of ten as that decimal (``1/4`` is ``0.25``), any other as
    ``p/q``, infinities as ``inf`` and ``-inf`` (the CSV reader's spelling).  None for a point
    without a threshold (``(0, 0)``, a curve from counts).

    >>> threshold_text(Decimal("0.80")), threshold_text(Decimal("1E2")), threshold_text(3.0)
    ('0.8', '100', '3')
    >>> threshold_text(Fraction(1, 3)), threshold_text(Fraction(-1, 4)), threshold_text(-0.0)
    ('1/3', '-0.25', '0')
    >>> threshold_text(0.1)
    '0.1000000000000000055511151231257827021181583404541015625'
    >>> threshold_text(float("-inf")), threshold_text(None)
    ('-inf', None)
    """
    if score is None:
        return None
    if isinstance(score, Integral):
        return str(int(score))
    if isinstance(score, Fraction):
        return _fraction_text(score)
    value = Decimal(getattr(score, "item", lambda: score)())  # type: ignore[arg-type]
    if value.is_infinite():
        return "inf" if value > 0 else "-inf"
    return _decimal_text(value)


def _decimal_text(value: Decimal) -> str:
    """A finite Decimal in plain notation without trailing zeros (no context rounding)."""
    sign, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)
    if not any(digits):
        return "0"
    kept = "".join(map(str, digits)).rstrip("0")
    exponent += len(digits) - len(kept)
    return f"{Decimal((sign, tuple(map(int, kept)), exponent)):f}"


def _fraction_text(value: Fraction) -> str:
    """``p/q``, or the decimal when q divides a power of ten (then exact, as a Decimal's)."""
    q, twos, fives = value.denominator, 0, 0
    while q % 2 == 0:
        q, twos = q // 2, twos + 1
    while q % 5 == 0:
        q, fives = q // 5, fives + 1
    if q != 1:
        return str(value)
    places = max(twos, fives)
    scaled = value.numerator * 10**places // value.denominator  # exact: q divides 10**places
    digits = tuple(map(int, str(abs(scaled))))
    return _decimal_text(Decimal((int(scaled < 0), digits, -places)))


def _thresholds(curve: Curve) -> list[str | None]:
    """Each point's threshold: none for (0, 0) (nothing is predicted positive)."""
    cuts = curve.thresholds
    if cuts is None:
        return [None] * len(curve.points)
    return [None] + [threshold_text(cut) for cut in cuts]


def curve_listing(curve: Curve, recall_step: Fraction, digits: int) -> dict[str, Any]:
    """ROC points, PR points and the PR curve on a recall grid, each number exact and decimal.

    Needs P > 0 and N > 0.  O(points + grid points x log points).

    >>> listing = curve_listing(Curve.from_scores([3, 2, 1], [1, 0, 1]), Fraction(1, 2), 3)
    >>> [(p["tp"], p["fp"], p["precision"]["exact"]) for p in listing["pr"]]
    [(1, 0, '1'), (1, 1, '1/2'), (2, 1, '2/3')]
    >>> [(g["recall"]["exact"], g["precision"]["decimal"]) for g in listing["pr_grid"]]
    [('0', '1.000'), ('1/2', '1.000'), ('1', '0.667')]
    """
    cuts = _thresholds(curve)
    roc = [
        {
            "tp": c.tp,
            "fp": c.fp,
            "fpr": number(c.fpr, digits),
            "tpr": number(c.tpr, digits),
            "threshold": cut,
        }
        for c, cut in zip(curve.points, cuts, strict=True)
    ]
    pr = [
        {
            "tp": c.tp,
            "fp": c.fp,
            "recall": number(c.recall, digits),
            "precision": number(c.precision, digits),
            "threshold": cut,
        }
        for c, cut in zip(curve.points, cuts, strict=True)
        if c.tp + c.fp > 0
    ]
    grid = [
        {"recall": number(r, digits), "precision": number(curve.precision_at(r), digits)}
        for r in recall_grid(recall_step)
    ]
    return {
        "positives": curve.positives,
        "negatives": curve.negatives,
        "digits": digits,
        "recall_step": str(recall_step),
        "roc": roc,
        "pr": pr,
        "pr_grid": grid,
    }


def format_listing(listing: dict[str, Any]) -> str:
    """A text form: three tables of decimals (the exact values are in the JSON form)."""
    lines = [f"positives {listing['positives']}  negatives {listing['negatives']}", "", "ROC"]
    lines += ["TP FP FPR TPR threshold"]
    lines += [
        f"{p['tp']} {p['fp']} {p['fpr']['decimal']} {p['tpr']['decimal']} {_cut(p)}"
        for p in listing["roc"]
    ]
    lines += ["", "PR", "TP FP recall precision threshold"]
    lines += [
        f"{p['tp']} {p['fp']} {p['recall']['decimal']} {p['precision']['decimal']} {_cut(p)}"
        for p in listing["pr"]
    ]
    lines += ["", f"PR curve, recall step {listing['recall_step']}", "recall precision"]
    lines += [f"{g['recall']['decimal']} {g['precision']['decimal']}" for g in listing["pr_grid"]]
    return "\n".join(lines)


def _cut(point: dict[str, Any]) -> str:
    """A point's threshold in the text form: ``-`` for none."""
    return "-" if point.get("threshold") is None else str(point["threshold"])


def point_listing(curve: Curve, point: OperatingPoint, digits: int) -> dict[str, Any]:
    """One operating point: its counts, its threshold and its rates, each exact and decimal.

    >>> from rocpr_exact.geometry.optimal import best_operating_point
    >>> c = Curve.from_scores([4, 3, 2, 1], [1, 0, 1, 0])
    >>> listing = point_listing(c, best_operating_point(c), 3)
    >>> listing["threshold"], listing["tp"], listing["tn"], listing["precision"]["exact"]
    ('2', 2, 1, '2/3')
    """
    p, n, tp, fp = curve.positives, curve.negatives, point.tp, point.fp

    def shown(name: str) -> dict[str, Any] | None:
        value = rate(name).value(tp, fp, p, n)  # the rate's record (rocpr_exact.core.rates)
        return None if value is None else number(value, digits)

    return {
        "value": number(point.value, digits),
        "threshold": threshold_text(point.threshold),
        "tp": tp,
        "fp": fp,
        "fn": p - tp,
        "tn": n - fp,
        **{record.name: shown(record.name) for record in RATES},
    }


def format_point(listing: dict[str, Any]) -> str:
    """A text form of :func:`point_listing` (with whatever heads it): one ``name value`` a line."""
    width = max(len(key) for key in listing)

    def shown(value: Any) -> str:
        if isinstance(value, dict):
            return f"{value['decimal']}  ({value['exact']})"
        return "-" if value is None else str(value)

    return "\n".join(f"{key:<{width}}  {shown(value)}" for key, value in listing.items())


def curve_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :func:`curve_listing` output."""
    text = resources.files("rocpr_exact").joinpath("schemas/curve.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema
