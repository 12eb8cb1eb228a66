"""Figures in the manner of Davis & Goadrich (2006), Figures 5 and 6 (needs matplotlib).

Left: the ROC points, the ROC curve and its convex hull (Figure 5(a), (b)).
Right: the PR points, the PR curve, the achievable PR curve (Corollary 3.1,
Figure 5(c)) and the straight lines between the hull's PR points, the
interpolation the paper calls a mistake (Section 4, Figure 6): on every hull
edge precision is constant or convex in recall, so the straight lines lie on or
above the achievable curve.  Lines that coincide exactly are drawn once and
named together in the legend ("PR curve = achievable PR curve").

PNG (300 dpi by default), SVG and PDF, chosen by the file's suffix, written
atomically.

Everything drawn is first computed exactly (:func:`pr_samples`,
:func:`straight_line_points`) and converted to ``float`` only for drawing; this
is a display module (see ``tests/contract/test_no_float.py``).  matplotlib is an optional
extra (``pip install '.[plot]'`` in the source tree), imported only when drawing; without
it :func:`render` raises :class:`MissingDependencyError`.
"""

from __future__ import annotations

import warnings
from fractions import Fraction
from pathlib import Path
from typing import Any

from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError, MissingDependencyError
from rocpr_exact.geometry.achievable import achievable_pr_curve
from rocpr_exact.geometry.hull import hull_points
from rocpr_exact.io.files import write_atomically
from rocpr_exact.output.figure import (
    RESOLUTION,
    PrPoint,
    legend_label,
    pr_lines,
    pr_samples,
    roc_lines,
    straight_line_points,
)

__all__ = [
    "DEFAULT_DPI",
    "DEFAULT_SIZE",
    "FORMATS",
    "output_format",
    "render",
    "require_matplotlib",
]

#: Output formats, chosen by the file's suffix.
FORMATS = ("png", "svg", "pdf")

#: Width and height in inches: two square panels and their legends across a page.
DEFAULT_SIZE = (10.0, 5.0)

#: Pixels per inch of a PNG: print quality.
DEFAULT_DPI = 300

#: Bounds of ``size`` (inches) and ``dpi``: a 100 x 100 inch PNG at 1200 dpi would be
#: 14 gigapixels; the product is bounded by matplotlib itself (2**16 pixels a side for Agg).
MAX_INCHES = 100
MAX_DPI = 1200


def output_format(path: str | Path) -> str:
    """The format named by the file's suffix, one of :data:`FORMATS`.

    >>> output_format("figure.PDF")
    'pdf'
    """
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise InvalidInputError(
            f"cannot tell the image format of {str(path)!r}: the file name must end in "
            + ", ".join(f".{f}" for f in FORMATS[:-1])
            + f" or .{FORMATS[-1]}"
        )
    return suffix


def require_matplotlib() -> Any:
    """Import matplotlib's ``Figure``, or raise a one-line :class:`MissingDependencyError`."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise MissingDependencyError(
            "plotting needs matplotlib, which is not installed; "
            "install it with: pip install '.[plot]' in rocpr-exact's source tree"
        ) from None
    return Figure


def _check_figure_options(size: tuple[float | Fraction, float | Fraction], dpi: int) -> None:
    if (
        len(size) != 2
        or not all(isinstance(x, int | float | Fraction) and not isinstance(x, bool) for x in size)
        or not all(0 < x <= MAX_INCHES for x in size)
    ):
        raise InvalidInputError(
            f"size must be two numbers of inches in (0, {MAX_INCHES}] (width, height), got {size!r}"
        )
    if isinstance(dpi, bool) or not isinstance(dpi, int) or not 1 <= dpi <= MAX_DPI:
        raise InvalidInputError(f"dpi must be a whole number from 1 to {MAX_DPI}, got {dpi!r}")


def _xy(points: list[PrPoint]) -> tuple[list[float], list[float]]:
    return [float(x) for x, _ in points], [float(y) for _, y in points]


def render(
    curve: Curve,
    path: str | Path,
    *,
    title: str | None = None,
    size: tuple[float | Fraction, float | Fraction] = DEFAULT_SIZE,
    dpi: int = DEFAULT_DPI,
    resolution: int = RESOLUTION,
) -> None:
    """Draw the ROC and PR panels of the curve and save them as PNG, SVG or PDF (by suffix).

    ``size`` is (width, height) in inches; ``dpi`` sets the pixels per inch of a
    PNG (the PNG is ``round(width * dpi)`` x ``round(height * dpi)`` pixels) and of
    the raster parts of SVG and PDF, whose page is ``size`` (72 points per inch).
    ``title`` is printed above the panels and stored as the file's title
    metadata.  Lines that coincide exactly (:func:`roc_lines`, :func:`pr_lines`)
    are drawn once with one legend entry naming them all, so the legend lists only
    what can be seen.

    The file is written atomically: into a temporary file in the same directory,
    then renamed over ``path``; on failure ``path`` is untouched and no temporary
    file is left.  Needs P > 0 and N > 0 (the ROC hull does).  Uses matplotlib's
    object API (no pyplot, no global state).  Raises :class:`InvalidInputError` for
    an unknown suffix, a bad size or dpi, or an unwritable path, and
    :class:`MissingDependencyError` without matplotlib.
    """
    fmt = output_format(path)
    _check_figure_options(size, dpi)
    figure_class = require_matplotlib()
    hull = achievable_pr_curve(curve)
    sorted_points = hull_points(curve)
    p, n = curve.positives, curve.negatives

    inches = (float(size[0]), float(size[1]))
    figure = figure_class(figsize=inches, dpi=dpi, layout="constrained")
    roc, pr = figure.subplots(1, 2)
    if title:
        figure.suptitle(title)

    # (a) ROC space: the curve, its points (hollow when strictly below the hull) and the hull.
    def roc_xy(points: Any) -> tuple[list[float], list[float]]:
        return [float(Fraction(c.fp, n)) for c in points], [
            float(Fraction(c.tp, p)) for c in points
        ]

    roc_drawing = {
        "ROC curve": (roc_xy(curve.points), _CURVE),
        "convex hull": (roc_xy(hull.points), _BEST),
        "random": (([0.0, 1.0], [0.0, 1.0]), _RANDOM),
    }
    _draw_lines(roc, roc_lines(curve, hull), roc_drawing, ["convex hull", "ROC curve", "random"])
    _hull_markers(roc, roc_xy, sorted_points)
    _frame(roc, "False positive rate", "True positive rate", "(a) ROC space")

    # (b) PR space: the points, the achievable curve and the straight lines between its points.
    def pr_xy(points: Any) -> tuple[list[float], list[float]]:
        kept = [c for c in points if c.tp > 0 or c.fp > 0]  # (0, 0) has no PR point
        return (
            [float(Fraction(c.tp, p)) for c in kept],
            [float(Fraction(c.tp, c.tp + c.fp)) for c in kept],
        )

    groups = pr_lines(curve, hull)
    pr_drawing = {"achievable PR curve": (_xy(pr_samples(hull, resolution)), _BEST)}
    if len(groups[0]) == 1:  # the PR curve is not the achievable one
        pr_drawing["PR curve"] = (_xy(pr_samples(curve, resolution)), _CURVE)
    pr_drawing["straight lines (wrong)"] = (_xy(straight_line_points(hull)), _STRAIGHT)
    _draw_lines(
        pr, groups, pr_drawing, ["achievable PR curve", "PR curve", "straight lines (wrong)"]
    )
    _hull_markers(pr, pr_xy, sorted_points)
    _frame(pr, "Recall", "Precision", "(b) PR space")

    _save_atomically(figure, Path(path), fmt, title)


#: Longest legend entry on one line; longer merged entries put one name on each line.
LABEL_WIDTH = 24

# Line styles: the best curve is drawn last (on top) and thickest.
_BEST = {"color": "C0", "linewidth": 2.2, "zorder": 3}
_CURVE = {"color": "0.45", "linewidth": 1.0, "zorder": 2}
_STRAIGHT = {"color": "C3", "linestyle": "--", "linewidth": 1.5, "zorder": 2.5}
_RANDOM = {"color": "0.7", "linestyle": ":", "linewidth": 1.0, "zorder": 1}


def _draw_lines(
    axes: Any,
    groups: list[list[str]],
    drawing: dict[str, tuple[tuple[list[float], list[float]], dict[str, Any]]],
    rank: list[str],
) -> None:
    """Each group of coincident lines once, in the style of its highest-ranked member."""
    for names in groups:
        shown = min(names, key=rank.index)
        xy, style = drawing[shown]
        label = legend_label(names)
        if len(label) > LABEL_WIDTH:  # one name a line keeps the legend inside its panel
            label = label.replace(" = ", "\n= ")
        axes.plot(*xy, label=label, **style)


def _hull_markers(axes: Any, xy: Any, sorted_points: Any) -> None:
    """Points on the hull as filled dots, points strictly below it as hollow ones."""
    axes.plot(
        *xy(sorted_points.on_hull), "o", color="C0", markersize=4, zorder=4, label="on the hull"
    )
    if sorted_points.below:
        axes.plot(
            *xy(sorted_points.below),
            "o",
            markerfacecolor="white",
            markeredgecolor="0.35",
            markersize=4,
            zorder=4,
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


def _save_atomically(figure: Any, path: Path, fmt: str, title: str | None) -> None:
    """Save the figure with :func:`~rocpr_exact.io.files.write_atomically`."""
    metadata = {"Title": title} if title else {}

    def save(stream: Any) -> None:
        with warnings.catch_warnings():
            # A small size crowds the panels; the file is still the size asked for.
            warnings.filterwarnings("ignore", "constrained_layout not applied", UserWarning)
            figure.savefig(stream, format=fmt, metadata=metadata)

    write_atomically(path, save)
