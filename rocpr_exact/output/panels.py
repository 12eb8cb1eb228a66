"""The ROC and PR panels of :func:`rocpr_exact.output.plot.plot`, drawn into matplotlib Axes.

One model: the paper's figures (Figures 5 and 6): the ROC curve, its convex hull and the
random diagonal; the PR curve, the achievable PR curve and the straight lines between the
hull's PR points (wrong, Section 4); lines that coincide exactly drawn and named once
(:func:`rocpr_exact.output.figure.roc_lines`, :func:`~rocpr_exact.output.figure.pr_lines`).
Several models: each model's curve (solid) and hull or achievable PR curve (dashed) in its
colour, and the random diagonal.  A display module: exact values become floats here only to
be drawn (``tests/contract/test_no_float.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rocpr_exact.areas.auc import auc_roc
from rocpr_exact.core.curve import Curve
from rocpr_exact.exact.display import decimal
from rocpr_exact.geometry.achievable import achievable_pr_curve
from rocpr_exact.output.figure import (
    PrPoint,
    legend_label,
    pr_lines,
    pr_samples,
    roc_lines,
    straight_line_points,
)
from rocpr_exact.output.report import area_decimal

__all__ = [
    "MARKER_LIMIT",
    "PALETTE",
    "Style",
    "comparison_legend",
    "draw_pr",
    "draw_roc",
    "place_legend",
]

#: Okabe & Ito's colour-blind-safe palette (blue, orange, bluish green, vermillion, reddish
#: purple, sky blue, yellow, black): "Color Universal Design" (2008).
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000")

#: Longest legend entry on one line; longer merged entries put one name on each line.
LABEL_WIDTH = 24

#: Points drawn by default (``markers=None``) only when every curve has at most this many:
#: more make a band of markers that says nothing the line does not.
MARKER_LIMIT = 1_000

#: Digits of the areas in the legend (certified, correctly rounded).
AUC_DIGITS = 3

#: The area under a PR curve the legend gives, named there ("AUC-PR continuous"): the PR
#: curve's exact area (Davis & Goadrich 2006, Section 4), one of the report's four.
PR_AREA = "continuous"

# One model: the best curve is drawn last (on top) and thickest.
_BEST = {"color": PALETTE[0], "linewidth": 2.2, "zorder": 3}
_CURVE = {"color": "0.45", "linewidth": 1.0, "zorder": 2}
_STRAIGHT = {"color": PALETTE[3], "linestyle": "--", "linewidth": 1.5, "zorder": 2.5}
_RANDOM: dict[str, Any] = {"color": "0.7", "linestyle": ":", "linewidth": 1.0, "zorder": 1}
# Several models: each one's hull (dashed) above every model's curve, which would hide it
# where a curve of millions of points is a band; the points lie below both.
_MODEL_CURVE = {"linewidth": 1.2, "zorder": 2}
_MODEL_HULL = {"linestyle": "--", "linewidth": 1.2, "zorder": 2.5}


@dataclass(frozen=True, slots=True)
class Style:
    """What a figure shows besides the lines: areas in the legend, the points, the PR
    sampling of the exact hyperbolas, and whether raw curves are thinned to pixels."""

    auc: bool = True
    markers: bool = True
    resolution: int = 400
    thin: bool = True


def _floats(points: list[PrPoint]) -> tuple[list[float], list[float]]:
    return [float(x) for x, _ in points], [float(y) for _, y in points]


def _roc_floats(curve: Curve) -> tuple[list[float], list[float]]:
    """The ROC points of a small curve (a hull), exact ratios rounded once."""
    p, n = curve.positives, curve.negatives
    return (
        [float(Fraction(int(fp), n)) for fp in curve.fps],
        [float(Fraction(int(tp), p)) for tp in curve.tps],
    )


def _path(x: Any, y: Any, style: Style, pixels: tuple[int, int]) -> tuple[Any, Any]:
    from rocpr_exact.output.drawing import thin_path

    if not style.thin:
        return x, y
    kept = thin_path(x, y, pixels[0])
    return x[kept], y[kept]


def _markers(axes: Any, x: Any, y: Any, on: Any, colour: str, style: Style, named: bool) -> None:
    """Points on the hull filled, points strictly below it hollow, under the lines (so a cloud
    of points never hides the hull), one marker per device pixel (:func:`_pixel_markers`);
    ``named``: in the legend (one model; several share :func:`_marker_key`)."""
    for chosen, label, face in ((on, "on the hull", colour), (~on, "below the hull", "white")):
        if not chosen.any():
            continue
        line = _pixel_markers(x[chosen], y[chosen], style.thin)
        line.set(marker="o", markerfacecolor=face, markeredgecolor=colour, markersize=4,
                 zorder=1.5, linestyle="none", label=label if named else "_nolegend_")  # fmt: skip
        axes.add_line(line)


def _pixel_markers(x: Any, y: Any, thin: bool) -> Any:
    """A Line2D of markers that draws, of the points falling in one device pixel, the first
    only: the raster backend draws a marker at its pixel, so the picture is the same as with
    every point (a vector backend: one point per quarter of its unit, 1/288 inch)."""
    import numpy as np
    from matplotlib.lines import Line2D

    class PixelMarkers(Line2D):
        def draw(self, renderer: Any) -> None:
            if "draw_markers" in getattr(renderer, "__dict__", {}):
                return  # a layout pass that draws nothing (Figure.draw_without_rendering)
            if not thin or len(x) < 2:
                super().draw(renderer)
                return
            grid = 1 if hasattr(renderer, "buffer_rgba") else 4
            cells = np.floor(self.get_transform().transform(np.column_stack((x, y))) * grid + 0.5)
            key = cells[:, 0].astype(np.int64) * (1 << 31) + cells[:, 1].astype(np.int64)
            kept = np.sort(np.unique(key, return_index=True)[1])
            self.set_data(x[kept], y[kept])
            try:
                super().draw(renderer)
            finally:
                self.set_data(x, y)
                self.stale = False

    return PixelMarkers(x, y)


def _marker_key(axes: Any, style: Style) -> None:
    """Legend entries for the points of several models (grey: each model has its colour)."""
    if style.markers:
        for label, face in (("on the hull", "0.3"), ("below the hull", "white")):
            axes.plot([], [], "o", markerfacecolor=face, markeredgecolor="0.3", markersize=4,
                      linestyle="none", label=label)  # fmt: skip


def _label(names: list[str], area: str | None, model: str, which: str = "") -> str:
    """A legend entry; ``area`` shown as "(AUC x)", or "(AUC continuous x)" with ``which``."""
    label = legend_label(names)
    if len(label) > LABEL_WIDTH:  # one name a line keeps the legend narrow
        label = label.replace(" = ", "\n= ")
    if model:
        label = f"{model}: {label}"
    return f"{label} (AUC {which + ' ' if which else ''}{area})" if area is not None else label


def draw_roc(
    axes: Any, curves: list[Curve], names: list[str], style: Style, pixels: tuple[int, int]
) -> list[str | None]:
    """The ROC panel (module docstring); returns each model's AUC-ROC as shown (None: none)."""
    from rocpr_exact.output.drawing import on_hull, roc_path

    many = len(curves) > 1
    areas: list[str | None] = []
    for number, (curve, name) in enumerate(zip(curves, names, strict=True)):
        hull = achievable_pr_curve(curve)
        colour = PALETTE[number % len(PALETTE)]
        area = decimal(auc_roc(curve), AUC_DIGITS) if style.auc else None
        areas.append(area)
        raw = _path(*roc_path(curve), style, pixels)
        if many:
            axes.plot(*raw, color=colour, label=_label([name], area, ""), **_MODEL_CURVE)
            axes.plot(*_roc_floats(hull), color=colour, **_MODEL_HULL)
        else:
            drawing = {"ROC curve": (raw, _CURVE), "convex hull": (_roc_floats(hull), _BEST)}
            drawing["random"] = (([0.0, 1.0], [0.0, 1.0]), _RANDOM)
            for group in roc_lines(curve, hull):
                shown = min(group, key=["convex hull", "ROC curve", "random"].index)
                xy, line = drawing[shown]
                label = _label(group, area if "ROC curve" in group else None, name)
                axes.plot(*xy, label=label, **line)
        if style.markers:
            x, y, on = on_hull(curve, hull)
            _markers(axes, x, y, on, colour, style, not many)
    if many:
        axes.plot([], [], color="0.3", linestyle="--", linewidth=1.2, label="convex hulls")
        axes.plot([0.0, 1.0], [0.0, 1.0], label="random", **_RANDOM)
        _marker_key(axes, style)
    _frame(axes, "False positive rate", "True positive rate", "ROC space")
    return areas


def draw_pr(
    axes: Any, curves: list[Curve], names: list[str], style: Style, pixels: tuple[int, int]
) -> list[str | None]:
    """The PR panel (module docstring); returns each model's area under its PR curve as shown."""
    from rocpr_exact.output.drawing import counts, on_hull, pr_path, ratios

    many = len(curves) > 1
    areas: list[str | None] = []
    for number, (curve, name) in enumerate(zip(curves, names, strict=True)):
        hull = achievable_pr_curve(curve)
        colour = PALETTE[number % len(PALETTE)]
        area = area_decimal(curve, PR_AREA, AUC_DIGITS) if style.auc else None
        areas.append(area)
        best = _floats(pr_samples(hull, style.resolution))
        raw = _path(*pr_path(curve, curve.precision_at(0), *pixels), style, pixels)
        if many:
            axes.plot(*raw, color=colour, label=_label([name], area, "", PR_AREA), **_MODEL_CURVE)
            axes.plot(*best, color=colour, **_MODEL_HULL)
        else:
            groups = pr_lines(curve, hull)
            drawing = {"achievable PR curve": (best, _BEST), "PR curve": (raw, _CURVE)}
            drawing["straight lines (wrong)"] = (_floats(straight_line_points(hull)), _STRAIGHT)
            rank = ["achievable PR curve", "PR curve", "straight lines (wrong)"]
            for group in groups:
                xy, line = drawing[min(group, key=rank.index)]
                area_shown = area if "PR curve" in group else None
                axes.plot(*xy, label=_label(group, area_shown, name, PR_AREA), **line)
        if style.markers:
            _, tpr, on = on_hull(curve, hull)
            tps, fps = counts(curve.tps), counts(curve.fps)
            shown = (tps + fps) > 0  # (0, 0) has no PR point
            precision = ratios(tps[shown], (tps + fps)[shown])
            _markers(axes, tpr[shown], precision, on[shown], colour, style, not many)
    if many:
        axes.plot([], [], color="0.3", linestyle="--", linewidth=1.2, label="achievable PR curves")
        _marker_key(axes, style)
    _frame(axes, "Recall", "Precision", "PR space")
    return areas


def _frame(axes: Any, xlabel: str, ylabel: str, title: str) -> None:
    """The unit square with a small margin, labels and title."""
    axes.set(xlim=(-0.01, 1.01), ylim=(-0.01, 1.03), xlabel=xlabel, ylabel=ylabel, title=title)
    axes.set_aspect("equal")
    # Fixed ticks: the layout, computed from the tick labels, then holds at the first draw
    # (automatic ticks change with the panel's size, and a legend could overlap new labels).
    ticks = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
    axes.set_xticks(ticks)
    axes.set_yticks(ticks)


def place_legend(figure: Any, axes: Any, placement: str | None) -> None:
    """The panel's legend outside its axes, where it covers no curve: under the figure
    (``placement``, e.g. "outside lower left") or, in a given Axes, to its right."""
    handles, labels = axes.get_legend_handles_labels()
    if not handles:
        return
    if placement is not None:
        columns = 2 if len(handles) > 3 else 1
        figure.legend(handles, labels, loc=placement, fontsize="small", ncols=columns)
    else:
        axes.legend(loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0, fontsize="small")


def comparison_legend(
    figure: Any, names: list[str], areas: list[tuple[str | None, str | None]], style: Style
) -> None:
    """One legend under both panels for several models: each model's colour, name and areas
    (AUC-ROC, and "AUC-PR continuous": the area under its PR curve, :data:`PR_AREA`), then
    what the line styles mean."""
    from matplotlib.lines import Line2D

    handles, labels = [], []
    for number, (name, (roc, pr)) in enumerate(zip(names, areas, strict=True)):
        handles.append(Line2D([], [], color=PALETTE[number % len(PALETTE)], linewidth=1.2))
        pairs = (("AUC-ROC", roc), (f"AUC-PR {PR_AREA}", pr))
        shown = ", ".join(f"{what} {a}" for what, a in pairs if a)
        labels.append(f"{name} ({shown})" if shown else name)
    dashed: dict[str, Any] = {"color": "0.3", "linestyle": "--", "linewidth": 1.2}
    for label, line in (("dashed: convex hull, achievable PR curve", dashed), ("random", _RANDOM)):
        handles.append(Line2D([], [], **line))
        labels.append(label)
    if style.markers:
        for label, face in (("on the hull", "0.3"), ("below the hull", "white")):
            point: dict[str, Any] = {
                "marker": "o",
                "markerfacecolor": face,
                "markeredgecolor": "0.3",
            }
            handles.append(Line2D([], [], markersize=4, linestyle="none", **point))
            labels.append(label)
    figure.legend(handles, labels, loc="outside lower center", fontsize="small", ncols=2)
