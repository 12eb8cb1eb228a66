"""Figures in the manner of Davis & Goadrich (2006), Figures 5 and 6 (needs matplotlib).

Left: the ROC points, the ROC curve and its convex hull (Figure 5(a)).  Right:
the PR points, the achievable PR curve (Corollary 3.1) and the straight lines
between the hull's PR points, the interpolation the paper calls a mistake
(Section 4, Figure 6): on every hull edge precision is constant or convex in
recall, so the straight lines lie on or above the achievable curve.

Everything drawn is first computed exactly (:func:`pr_samples`,
:func:`straight_line_points`) and converted to ``float`` only for drawing; this
is a display module (see ``tests/contract/test_no_float.py``).  matplotlib is an optional
extra (``pip install 'rocpr-exact[plot]'``), imported only when drawing; without
it :func:`render` raises :class:`MissingDependencyError`.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any

from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError, MissingDependencyError
from rocpr_exact.geometry.achievable import achievable_pr_curve
from rocpr_exact.geometry.hull import hull_points

__all__ = [
    "FORMATS",
    "pr_samples",
    "render",
    "require_matplotlib",
    "straight_line_at",
    "straight_line_points",
]

#: Output formats, chosen by the file's suffix.
FORMATS = ("png", "svg")

#: Default number of steps of the recall grid and of the precision grid.
RESOLUTION = 400

PrPoint = tuple[Fraction, Fraction]


def pr_samples(curve: Curve, resolution: int = RESOLUTION) -> list[PrPoint]:
    """Exact (recall, precision) samples along the PR curve, in drawing order.

    The recall-0 start (limit convention), every vertex (both ends of a
    vertical drop), and inside each rising segment the points at recall
    j/resolution and at precision j/resolution (t = c p / (1 - k p) on the
    segment's hyperbola p = t/(k t + c)), so steep and flat parts are both
    smooth.  O(n + resolution (1 + total variation of precision)) samples.

    >>> c = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    >>> [(str(r), str(p)) for r, p in pr_samples(c, resolution=5)][:6]
    [('0', '1/2'), ('1/5', '1/2'), ('1/4', '1/2'), ('2/7', '2/5'), ('2/5', '2/7'), ('1/2', '1/4')]

    (Table 1's segment (5, 5) -> (10, 30): precision 2/5 at TP = 40/7, FP = 60/7;
    recall 2/5 at TP = 8, FP = 20.)
    """
    if resolution < 1:
        raise InvalidInputError(f"resolution must be >= 1, got {resolution}")
    p = curve.positives
    samples: list[PrPoint] = [(Fraction(0), curve.precision_at(0))]
    for seg in curve.segments():
        if seg.tp_b == 0:  # (0, FP) -> (0, FP'): stays at the recall-0 point
            continue
        if not seg.is_vertical:
            start, end = samples[-1][1], Fraction(seg.tp_b, seg.tp_b + seg.fp_b)
            inner = {
                Fraction(j * p, resolution)
                for j in range(seg.tp_a * resolution // p + 1, -(-seg.tp_b * resolution // p))
            }
            if seg.c != 0:
                low, high = sorted((start, end))
                for j in range(int(low * resolution) + 1, -(-high * resolution // 1)):
                    level = Fraction(j, resolution)
                    inner.add(seg.c * level / (1 - seg.k * level))
            samples += [(t / p, seg.precision_at_tp(t)) for t in sorted(inner)]
        samples.append((Fraction(seg.tp_b, p), Fraction(seg.tp_b, seg.tp_b + seg.fp_b)))
    return samples


def straight_line_points(curve: Curve) -> list[PrPoint]:
    """The curve's PR points to be joined by straight lines (Section 4's mistake).

    The recall-0 start, then every point with TP > 0.

    >>> c = Curve.from_counts([(5, 5), (10, 30)], positives=20, negatives=2000)
    >>> [(str(r), str(p)) for r, p in straight_line_points(c)]
    [('0', '1/2'), ('1/4', '1/2'), ('1/2', '1/4'), ('1', '1/101')]
    """
    return [(Fraction(0), curve.precision_at(0))] + [
        (point.recall, point.precision) for point in curve.points if point.tp > 0
    ]


def straight_line_at(points: list[PrPoint], recall: Fraction) -> Fraction:
    """The exact height at ``recall`` of the polyline through ``points`` (upper value at a drop).

    >>> line = [(Fraction(0), Fraction(1)), (Fraction(1), Fraction(1, 2))]
    >>> straight_line_at(line, Fraction(1, 2))
    Fraction(3, 4)
    """
    for (r_a, p_a), (r_b, p_b) in pairwise(points):
        if r_a == recall:
            return p_a
        if r_a < recall < r_b:
            return p_a + (p_b - p_a) * (recall - r_a) / (r_b - r_a)
    if points[-1][0] == recall:
        return points[-1][1]
    raise InvalidInputError(f"recall {recall} lies outside the polyline")


def output_format(path: str | Path) -> str:
    """The format named by the file's suffix, one of :data:`FORMATS`."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise InvalidInputError(
            f"cannot tell the image format of {str(path)!r}: the file name must end in "
            + " or ".join(f".{f}" for f in FORMATS)
        )
    return suffix


def require_matplotlib() -> Any:
    """Import matplotlib's ``Figure``, or raise a one-line :class:`MissingDependencyError`."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise MissingDependencyError(
            "plotting needs matplotlib, which is not installed; "
            "install it with: pip install 'rocpr-exact[plot]'"
        ) from None
    return Figure


def _xy(points: list[PrPoint]) -> tuple[list[float], list[float]]:
    return [float(x) for x, _ in points], [float(y) for _, y in points]


def render(
    curve: Curve,
    path: str | Path,
    *,
    title: str | None = None,
    resolution: int = RESOLUTION,
) -> None:
    """Draw the ROC and PR panels of the curve and save them as PNG or SVG (by suffix).

    Needs P > 0 and N > 0 (the ROC hull does).  Uses matplotlib's object API
    (no pyplot, no global state); PNG is rendered by Agg.  Raises
    :class:`InvalidInputError` for an unknown suffix or an unwritable path and
    :class:`MissingDependencyError` without matplotlib.
    """
    fmt = output_format(path)
    figure_class = require_matplotlib()
    hull = achievable_pr_curve(curve)
    sorted_points = hull_points(curve)
    p, n = curve.positives, curve.negatives

    figure = figure_class(figsize=(11, 5), layout="constrained")
    roc, pr = figure.subplots(1, 2)
    if title:
        figure.suptitle(title)

    # (a) ROC space: the curve, its points (hollow when strictly below the hull) and the hull.
    def roc_xy(points: Any) -> tuple[list[float], list[float]]:
        return [float(Fraction(c.fp, n)) for c in points], [
            float(Fraction(c.tp, p)) for c in points
        ]

    roc.plot([0, 1], [0, 1], color="0.8", linestyle=":", linewidth=1, label="random")
    roc.plot(*roc_xy(curve.points), color="0.55", linewidth=1, label="ROC curve")
    roc.plot(*roc_xy(hull.points), color="C0", linewidth=2.2, label="convex hull")
    _hull_markers(roc, roc_xy, sorted_points)
    _frame(roc, "False positive rate", "True positive rate", "(a) ROC points and convex hull")

    # (b) PR space: the points, the achievable curve and the straight lines between its points.
    def pr_xy(points: Any) -> tuple[list[float], list[float]]:
        kept = [c for c in points if c.tp > 0 or c.fp > 0]  # (0, 0) has no PR point
        return (
            [float(Fraction(c.tp, p)) for c in kept],
            [float(Fraction(c.tp, c.tp + c.fp)) for c in kept],
        )

    pr.plot(*_xy(pr_samples(curve, resolution)), color="0.55", linewidth=1, label="PR curve")
    pr.plot(
        *_xy(straight_line_points(hull)),
        color="C3",
        linestyle="--",
        linewidth=1.5,
        label="straight lines (wrong)",
    )
    pr.plot(
        *_xy(pr_samples(hull, resolution)), color="C0", linewidth=2.2, label="achievable PR curve"
    )
    _hull_markers(pr, pr_xy, sorted_points)
    _frame(pr, "Recall", "Precision", "(b) PR points and the achievable PR curve")

    try:
        figure.savefig(path, format=fmt)
    except OSError as exc:
        raise InvalidInputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None


def _hull_markers(axes: Any, xy: Any, sorted_points: Any) -> None:
    """Points on the hull as filled dots, points strictly below it as hollow ones."""
    axes.plot(*xy(sorted_points.on_hull), "o", color="C0", markersize=5, label="on the hull")
    if sorted_points.below:
        axes.plot(
            *xy(sorted_points.below),
            "o",
            markerfacecolor="white",
            markeredgecolor="0.35",
            markersize=5,
            label="below the hull",
        )


def _frame(axes: Any, xlabel: str, ylabel: str, title: str) -> None:
    """The unit square with a small margin, labels, title and legend (placed by matplotlib)."""
    axes.set(
        xlim=(-0.01, 1.01),
        ylim=(-0.01, 1.03),
        xlabel=xlabel,
        ylabel=ylabel,
        title=title,
        aspect="equal",
    )
    axes.legend(loc="best", fontsize="small")
