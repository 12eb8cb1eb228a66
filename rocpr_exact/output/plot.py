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
extra (``pip install 'rocpr-exact[plot]'``), imported only when drawing; without
it :func:`render` raises :class:`MissingDependencyError`.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import warnings
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any

from rocpr_exact.core.curve import Curve
from rocpr_exact.errors import InvalidInputError, MissingDependencyError
from rocpr_exact.geometry.achievable import achievable_pr_curve
from rocpr_exact.geometry.hull import hull_points

__all__ = [
    "DEFAULT_DPI",
    "DEFAULT_SIZE",
    "FORMATS",
    "hull_segments_are_flat",
    "legend_label",
    "output_format",
    "pr_lines",
    "pr_samples",
    "render",
    "require_matplotlib",
    "roc_lines",
    "straight_line_at",
    "straight_line_points",
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


def hull_segments_are_flat(hull: Curve) -> bool:
    """True when the straight lines between the hull's PR points are the achievable curve.

    On a rising segment precision is t / (k t + c): a straight line in recall
    exactly when c = 0 (constant precision; the segment lies on a ray from the
    ROC origin in count space), and a strictly convex or concave hyperbola
    otherwise.  A vertical drop is straight in both drawings.

    >>> hull_segments_are_flat(Curve.from_counts([(2, 0), (4, 2)], positives=4, negatives=4))
    False
    >>> hull_segments_are_flat(Curve.from_counts([(2, 2)], positives=4, negatives=4))
    True
    """
    return all(seg.c == 0 for seg in hull.segments() if not seg.is_vertical)


#: Identifies a drawn line exactly: equal keys draw the same set of points.
LineKey = tuple[Any, ...]


def _polyline_key(curve: Curve) -> LineKey:
    """The ROC polyline through the corners in count space; since Theorem 3.1 maps
    ROC points one-to-one to PR points with TP > 0, equal keys also mean equal PR curves."""
    corners = curve.corners()
    return ("polyline", corners.tps, corners.fps)


def roc_lines(curve: Curve, hull: Curve) -> list[list[str]]:
    """The distinct lines of the ROC panel, each the list of names it stands for.

    Drawn lines, in legend order: the ROC curve, its convex hull and the random
    diagonal.  Two are one line when their polylines through their corners are
    equal (exact integer comparison): the ROC curve is its hull when no point lies
    strictly below the hull, and the hull is the diagonal when it has no vertex
    but (0, 0) and (P, N).

    >>> c = Curve.from_scores([3, 2, 1], [1, 0, 1])
    >>> roc_lines(c, achievable_pr_curve(c))
    [['ROC curve'], ['convex hull'], ['random']]
    >>> c = Curve.from_scores([1, 1], [0, 1])        # one tie group: the diagonal itself
    >>> roc_lines(c, achievable_pr_curve(c))
    [['ROC curve', 'convex hull', 'random']]
    >>> c = Curve.from_scores([2, 1], [0, 1])        # the negative first: under the hull
    >>> roc_lines(c, achievable_pr_curve(c))
    [['ROC curve'], ['convex hull', 'random']]
    """
    diagonal = ("polyline", (0, curve.positives), (0, curve.negatives))
    return _group(
        [
            ("ROC curve", _polyline_key(curve)),
            ("convex hull", _polyline_key(hull)),
            ("random", diagonal),
        ]
    )


def pr_lines(curve: Curve, hull: Curve) -> list[list[str]]:
    """The distinct lines of the PR panel, each the list of names it stands for.

    Drawn lines, in legend order: the PR curve, the achievable PR curve (the PR
    image of the hull, Corollary 3.1) and the straight lines between the hull's
    PR points (Section 4).  The PR curve is the achievable one when their ROC
    polylines are equal; the straight lines are the achievable curve when
    :func:`hull_segments_are_flat`.  The straight lines are never the PR curve
    alone: a point below the hull is strictly below the achievable curve, which
    is on or under the straight lines.

    >>> c = Curve.from_counts([(9, 0)], positives=433, negatives=56164)      # Figure 6
    >>> pr_lines(c, achievable_pr_curve(c))
    [['PR curve', 'achievable PR curve'], ['straight lines (wrong)']]
    """
    hull_key = _polyline_key(hull)
    straight = hull_key if hull_segments_are_flat(hull) else ("straight lines",)
    return _group(
        [
            ("PR curve", _polyline_key(curve)),
            ("achievable PR curve", hull_key),
            ("straight lines (wrong)", straight),
        ]
    )


def _group(lines: list[tuple[str, LineKey]]) -> list[list[str]]:
    """Names grouped by equal key, groups and names in order of first appearance."""
    groups: dict[LineKey, list[str]] = {}
    for name, key in lines:
        groups.setdefault(key, []).append(name)
    return list(groups.values())


def legend_label(names: list[str]) -> str:
    """One legend entry for lines that coincide: ``"PR curve = achievable PR curve"``.

    A straight-line interpolation that coincides with the achievable curve is
    not wrong there, so it loses its "(wrong)".
    """
    if len(names) > 1:
        names = [name.removesuffix(" (wrong)") for name in names]
    return " = ".join(names)


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
            "install it with: pip install 'rocpr-exact[plot]'"
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
    """Save into a temporary file beside ``path``, then rename it over ``path``."""
    metadata = {"Title": title} if title else {}
    directory = path.parent
    try:
        descriptor, temporary = tempfile.mkstemp(
            dir=directory, prefix=f".{path.name}.", suffix=".tmp"
        )
    except OSError as exc:
        raise InvalidInputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(descriptor, "wb") as stream, warnings.catch_warnings():
            # A small size crowds the panels; the file is still the size asked for.
            warnings.filterwarnings("ignore", "constrained_layout not applied", UserWarning)
            figure.savefig(stream, format=fmt, metadata=metadata)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp makes it private (0600)
        os.replace(temporary, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise InvalidInputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
        raise


def _umask() -> int:
    """The process's file mode creation mask (read by setting it and back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
